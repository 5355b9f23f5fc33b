/*
 * schemas.c: the API's own envelopes (Meta, CollectionMeta, Health,
 * SearchResult, Error), declared like the content resources of
 * resource.c, and the order of components.schemas.
 */
#include "config.h"

#include "http/errors_list.h"
#include "content/schemas.h"

#define F_STR(n, r, d)	{ .name = n, .kind = F_STRING, .flags = r, \
			    .description = d }
#define F_URI(n, r, d)	{ .name = n, .kind = F_URI, .flags = r, \
			    .description = d }
#define F_INT(n, d)	{ .name = n, .kind = F_INT, \
			    .flags = FIELD_REQUIRED, .description = d }
#define F_END		{ .name = NULL }
#define REQ		FIELD_REQUIRED

static const char *const health_status[] = { "ok", NULL };
/* errors.h's codes, in order. */
static const char *const error_codes[] = {
#define X(e, name, status)	name,
	ERR_CODES(X)
#undef X
	NULL
};

static const struct field meta_f[] = {
	F_INT("count", "Number of items in this response."),
	F_URI("self", REQ, "Canonical URL of this endpoint."),
	F_URI("source", REQ, "Site the data is published from."),
	F_URI("documentation_url", REQ, "Developer portal."),
	F_END
};
static const struct field collmeta_f[] = {
	F_INT("count", "Number of items in this response."),
	F_INT("total", "Total items available, ignoring pagination."),
	F_INT("limit", "Limit applied to this page."),
	F_INT("offset", "Offset applied to this page."),
	F_URI("self", REQ, "Canonical URL of this endpoint."),
	F_URI("source", REQ, "Site the data is published from."),
	F_URI("documentation_url", REQ, "Developer portal."),
	F_END
};
static const struct field health_f[] = {
	{ .name = "status", .kind = F_STRING, .flags = REQ,
	    .values = health_status, .description = "Always ok." },
	{ .name = "api_version", .kind = F_STRING, .flags = REQ,
	    .pattern = "^[0-9]+\\.[0-9]+\\.[0-9]+$",
	    .description = "Semantic version of the API contract." },
	F_URI("openapi_url", REQ, "The OpenAPI document."),
	F_URI("documentation_url", REQ, "Developer portal."),
	F_END
};

static const struct field search_result_f[] = {
	{ .name = "type", .kind = F_HITTYPE, .flags = REQ,
	    .description = "Kind of resource hit." },
	{ .name = "slug", .kind = F_SLUG, .flags = REQ,
	    .description = "Identifier of the matched resource." },
	F_STR("title", REQ, "Display title of the hit."),
	F_STR("snippet", REQ, "Excerpt of the matched content."),
	F_URI("url", REQ, "Endpoint that returns the full resource."),
	F_INT("score", "2 points per query term found in the title plus 1 "
	    "point per query term found in the body; higher is better."),
	F_END
};
static const struct field error_body_f[] = {
	F_INT("status", "HTTP status, repeated in the body."),
	{ .name = "code", .kind = F_STRING, .flags = REQ,
	    .values = error_codes, .description = "Stable machine-readable "
	    "code; the values are part of the contract and never renamed." },
	F_STR("message", REQ, "One sentence on what went wrong."),
	F_STR("hint", REQ, "How to recover: parameter to change or endpoint "
	    "to call."),
	F_URI("documentation_url", REQ, "Developer portal."),
	F_END
};
static const struct field error_f[] = {
	{ .name = "error", .kind = F_OBJECT, .flags = REQ | FIELD_CLOSED,
	    .sub = error_body_f, .description = "The error." },
	F_END
};

#define ENVELOPE(n, f, d)	{ .schema = n, .fields = f, .closed = 1, \
				    .description = d }

static const struct resource meta = ENVELOPE("Meta", meta_f,
    "Meta of every successful response.");
static const struct resource collmeta = ENVELOPE("CollectionMeta",
    collmeta_f, "Meta of collection responses and search: every Meta "
    "member plus total, limit and offset.");
static const struct resource health = ENVELOPE("Health", health_f,
    "Service health and contract version.");
static const struct resource search_result = ENVELOPE("SearchResult",
    search_result_f, "One search hit.");
static const struct resource error = ENVELOPE("Error", error_f,
    "The envelope of every error response under /api.");

/* The order of components.schemas: the envelopes, the profile, the
 * biography, every collection (resource.h), then search and errors. */
const struct resource *const schemas[] = {
	&meta, &collmeta, &health, &resource_profile, &resource_about,
#define X(id, name, op, items, item_op)	&resources[COLL_##id],
	COLLECTIONS(X)
#undef X
	&search_result, &error,
};
const size_t nschemas = sizeof(schemas) / sizeof(schemas[0]);
