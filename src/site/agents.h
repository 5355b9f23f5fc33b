/*
 * agents.h: the agent and discovery files (llms.txt, agents.md,
 * sitemap.xml, robots.txt, manifest.webmanifest, the API catalog),
 * written at start-up (security.txt per request, for its Expires)
 * from the content model and the route table.  URLs are absolute,
 * from the configured base URL.
 *
 * Ownership: each function appends to the caller's struct buf.
 */
#ifndef PERFIL_AGENTS_H
#define PERFIL_AGENTS_H

#include <cjson/cJSON.h>

#include "core/app.h"

void	 agents_facts(const struct app *, enum lang, struct buf *);
int	 agents_json(cJSON *, struct buf *);

/* A document's builder (SITE_DOCS, page_list.h): appends the document
 * in language l to b; returns 0, 1 when there is none, or -1 out of
 * memory.  Each row's builder is declared here, from the table. */
typedef int doc_build_fn(const struct app *, enum lang, struct buf *);

#define X(id, path, op, h, type, flags, build)	doc_build_fn build;
SITE_DOCS(X)
#undef X

#endif /* PERFIL_AGENTS_H */
