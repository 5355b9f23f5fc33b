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
void	 app_free(struct app *);

#endif /* PERFIL_APP_LOAD_H */
