/*
 * openapi_int.h: the inside of the OpenAPI generator, shared by its
 * two files and by nothing else.  openapi_components.c holds the
 * lower half: the helpers that grow the cJSON tree, the example
 * requests run through the real handlers, the schemas of values and
 * objects (resource.h's fields) and the whole components section.
 * openapi.c holds the upper half: info, paths, building, rendering
 * and serving (openapi.h).  Calls go one way, from openapi.c down.
 *
 * Ownership: a struct gen lives on openapi_build's stack for one
 * build.  Every gen_put* adds its item to parent, which owns it from
 * then on (the tree is freed with the document's root); on failure
 * the item is freed, g->failed is set and NULL returned, so callers
 * check g->failed once at the end rather than after every call.
 */
#ifndef PERFIL_OPENAPI_GEN_H
#define PERFIL_OPENAPI_GEN_H

#include <cjson/cJSON.h>

#include "api/openapi.h"
#include "content/resource.h"

/* The generator's state: allocation failures are remembered, not
 * checked at every call, and reported once at the end. */
struct gen {
	const struct app *app;
	handle_synthetic_fn *run;	/* runs the example requests */
	int	 failed;
	const char *langs[LANG__MAX + 1];	/* the codes, NULL-ended */
	char	 name[LANG__MAX][64];	/* their English names */
};

cJSON	*gen_put(struct gen *, cJSON *parent, const char *key, cJSON *item);
cJSON	*gen_put_obj(struct gen *, cJSON *parent, const char *key);
cJSON	*gen_put_arr(struct gen *, cJSON *parent, const char *key);
void	 gen_put_str(struct gen *, cJSON *parent, const char *key,
	    const char *);
void	 gen_put_strf(struct gen *, cJSON *parent, const char *key,
	    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void	 gen_put_num(struct gen *, cJSON *parent, const char *key, double);
void	 gen_put_bool(struct gen *, cJSON *parent, const char *key, int);
cJSON	*gen_put_ref(struct gen *, cJSON *parent, const char *key,
	    const char *section, const char *name);
void	 gen_put_example(struct gen *, cJSON *examples, const char *key,
	    const char *summary, cJSON *value);

cJSON	*gen_sample(const struct gen *, const char *method, const char *path,
	    const char *query, int want);
void	 gen_value_schema(struct gen *, cJSON *, const struct field *);
int	 gen_schema_known(const char *name);
const char *gen_say_list(struct gen *, char *dst, size_t, const char *list);
void	 gen_components(struct gen *, cJSON *doc);

#endif /* PERFIL_OPENAPI_GEN_H */
