/*
 * page_list.c: the table of the website's pages, expanded from
 * SITE_PAGES (page_list.h).
 */
#include "config.h"

#include <stddef.h>
#include <string.h>

#include "page_list.h"

const struct site_page_info site_pages[SITE_PAGE__MAX] = {
#define X(id, n, p, pl, t, render)	[SITE_##id] = { .name = n, .path = p, \
					    .place = pl, .text = t },
	SITE_PAGES(X)
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
