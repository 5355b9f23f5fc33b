/*
 * app_load.h: building the application state (app.h) at start-up:
 * settings, labels, the content model, then every render a request
 * reads (search index, OpenAPI, pages, pre-rendered answers).
 *
 * Ownership: app_load fills a struct app that app_free releases; on
 * failure nothing is left allocated.
 */
#ifndef PERFIL_APP_LOAD_H
#define PERFIL_APP_LOAD_H

#include <stddef.h>

#include "core/app.h"

int	 app_load(struct app *, const struct config *, char *err, size_t);

/*
 * For a process that serves app (cfg the config app_load was given):
 * when its load rendered and wrote the snapshot (--cache-dir), loads it
 * again from that file, so that its renders live in the file's pages,
 * shared by every process that maps it, and the heap they were made in
 * goes back to the system.  app stays as it is when the file does not
 * serve (an edit or a new day during the load changed the key).
 */
void	 app_serve_from_snapshot(struct app *, const struct config *);
void	 app_free(struct app *);

#endif /* PERFIL_APP_LOAD_H */
