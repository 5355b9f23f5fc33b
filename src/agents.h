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

#include <time.h>

#include "app.h"

void	 agents_llms(const struct app *, enum lang, struct buf *);
void	 agents_guide(const struct app *, enum lang, struct buf *);
void	 agents_facts(const struct app *, enum lang, struct buf *);
void	 agents_mcp(const struct app *, enum lang, struct buf *);
void	 agents_sitemap(const struct app *, struct buf *);
void	 agents_robots(const struct app *, struct buf *);
int	 agents_manifest(const struct app *, struct buf *);
int	 agents_api_catalog(const struct app *, struct buf *);
void	 agents_security(const struct app *, time_t, struct buf *);

#endif /* PERFIL_AGENTS_H */
