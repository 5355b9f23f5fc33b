/*
 * page_list.c: the tables of the website's pages and documents,
 * expanded from SITE_PAGES and SITE_DOCS (page_list.h).
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "content/page_list.h"

const struct site_page_info site_pages[SITE_PAGE__MAX] = {
#define X(id, n, p, pl, render)	[SITE_##id] = { .name = n, .path = p, \
					    .place = pl },
	SITE_PAGES(X)
#undef X
};

const struct site_doc_info site_docs[SITE_DOC__MAX] = {
#define X(id, p, op, h, t, f, build)	[DOC_##id] = { .path = p, \
					    .operation_id = op, .type = t, \
					    .flags = f },
	SITE_DOCS(X)
#undef X
};

/* Returns the page called name ("about"), or -1. */
int
site_page_find(const char *name)
{
	int	 pg;

	for (pg = 0; pg < SITE_PAGE__MAX; pg++)
		if (strcmp(site_pages[pg].name, name) == 0)
			return pg;
	return -1;
}

/*
 * Returns 1 when the len bytes of name are an owner page's name: 1 to
 * OWNER_NAME_MAX characters a-z, 0-9 and "-", neither first nor last
 * a "-".
 */
int
owner_name_valid(const char *name, size_t len)
{
	size_t	 i;

	if (len == 0 || len > OWNER_NAME_MAX || name[0] == '-' ||
	    name[len - 1] == '-')
		return 0;
	for (i = 0; i < len; i++)
		if (!((name[i] >= 'a' && name[i] <= 'z') ||
		    (name[i] >= '0' && name[i] <= '9') || name[i] == '-'))
			return 0;
	return 1;
}
