/*
 * schemas.h: the named schemas of components.schemas, in document
 * order.  The content resources are the declarations of resource.c;
 * schemas.c adds the API's own envelopes (Meta, Health, SearchResult,
 * Error) in the same form, and openapi.c writes them all.
 *
 * Ownership: everything here is static, read-only data.
 */
#ifndef PERFIL_SCHEMAS_H
#define PERFIL_SCHEMAS_H

#include <stddef.h>

#include "content/resource.h"

extern const struct resource *const schemas[];	/* in document order */
extern const size_t nschemas;

#endif /* PERFIL_SCHEMAS_H */
