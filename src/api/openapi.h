/*
 * openapi.h: the OpenAPI 3.1 description of the API.
 *
 * openapi_build generates the document once, at start-up, from the
 * route table (every ROUTE_API row becomes a GET operation with its
 * parameters and bounds) and from the resource schemas declared in
 * schemas.c, which mirror docs/contract.md, "Resources".  The examples are not
 * written by hand: they are the bodies the real handlers answer for
 * the loaded content.  The document is rendered once as JSON and once
 * as YAML (libyaml's emitter), each also compressed (encoding.h); the
 * route handler only copies bytes.
 *
 * Ownership: openapi_build returns a struct openapi that openapi_free
 * releases, with everything it points to.
 */
#ifndef PERFIL_OPENAPI_H
#define PERFIL_OPENAPI_H

#include <cjson/cJSON.h>

#include "http/encoding.h"
#include "core/ctx.h"
#include "content/page_list.h"

#define TYPE_YAML	"application/yaml"
#define MEDIA_JSON	"application/json"	/* content key in the document */

struct openapi {
	cJSON	*doc;				/* the document as a tree */
	struct rendered text[OPENAPI__MAX];	/* the document rendered,
						 * with gzip and br variants */
};

struct openapi	*openapi_build(const struct app *, handle_synthetic_fn *,
		    char *err, size_t errlen);
void		 openapi_free(struct openapi *);
struct snap;
struct openapi	*openapi_snap(struct snap *, struct openapi *);
const char	*openapi_type(enum openapi_format);
void		 openapi_headers(struct response *, enum openapi_format);
void		 openapi_serve(struct ctx *);

#endif /* PERFIL_OPENAPI_H */
