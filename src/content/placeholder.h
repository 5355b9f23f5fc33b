/*
 * placeholder.h: values that must not go live: a "TODO", a host of
 * RFC 2606's example.org, example.com or example.net (and their
 * subdomains), or of its ".example" top-level domain.  perfil-fcgi
 * --init and --init --from-resume write exactly such values where
 * they know nothing better; --check warns about each one, and
 * --strict refuses content that has any (app_load).
 *
 * A site whose person is fictional on purpose (the demo) says so in
 * site.json ("fictional": true): its ".example" hosts are then meant,
 * and only TODO and example.org/.com/.net are placeholders.
 *
 * Ownership: the functions append to the caller's struct buf.
 */
#ifndef PERFIL_PLACEHOLDER_H
#define PERFIL_PLACEHOLDER_H

#include <cjson/cJSON.h>

#include "base/util.h"

const char *placeholder_why(const char *s, int fictional);
int	 placeholder_scan_json(const cJSON *v, const char *file,
	    const char *path, int fictional, struct buf *out);
int	 placeholder_scan_text(const char *text, const char *file,
	    int fictional, struct buf *out);

#endif /* PERFIL_PLACEHOLDER_H */
