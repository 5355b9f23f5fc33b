/*
 * page_list.h: the website's pages, declared once, and the documents
 * the route table selects.
 *
 * SITE_PAGES is the one list of pages (jq's opcode_list.h): each
 * consumer expands the columns it needs.  Here it becomes enum
 * site_page and the table site_pages[] (page_list.c); routes.c makes
 * one route of each row; pages.c picks each page's renderer from the
 * last column.  Adding a page is one row here, its renderer and its
 * labels (docs/hacking.md, "Add a website page").
 *
 * X(ID, name, path, place, renderer)
 *   name      the page in label keys ("page.NAME.label", ".summary")
 *             and in site.json's "pages"
 *   path      in the default language; "/CODE" prefixes it in the
 *             others, and its markdown twin is PATH.md ("/index.md"
 *             for "/")
 *   place     PAGE_NAV: the main menu; PAGE_FOOTER: the footer
 *   renderer  the function writing its markdown (page_render_fn,
 *             markdown.h or cv.h)
 *
 * These are the pages the program writes.  The owner's own pages are
 * content, not rows: every content/pages/NAME.LANG.md is published at
 * /NAME (content.h, struct owner_page), its title, place and order
 * from the file and site.json (settings.h).  A page is an int: the
 * made pages are their enum site_page, owner page k of the model is
 * SITE_PAGE__MAX + k, and PAGE__MAX sizes the per-page tables.  In
 * every list of pages (menu, footer, home page, llms.txt, sitemap)
 * the owner's pages come after SITE_OWNER_AFTER, in site.json's order.
 *
 * Ownership: static, read-only data.
 */
#ifndef PERFIL_PAGE_LIST_H
#define PERFIL_PAGE_LIST_H

#include <stddef.h>

#define SITE_PAGES(X)							\
	X(HOME, "home", "/", PAGE_NAV,			\
	    md_home)							\
	X(ABOUT, "about", "/about", PAGE_NAV,		\
	    md_about)							\
	X(CV, "cv", "/cv", PAGE_NAV,				\
	    cv_page)							\
	X(PROJECTS, "projects", "/projects", PAGE_NAV,	\
	    cv_projects)						\
	X(CONTACT, "contact", "/contact", PAGE_NAV,		\
	    md_contact)							\
	X(DEVELOPERS, "developers", "/developers", PAGE_NAV,	\
	    md_developers)

enum site_page {
#define X(id, name, path, place, render)	SITE_##id,
	SITE_PAGES(X)
#undef X
	SITE_PAGE__MAX
};

enum page_place {
	PAGE_NAV,		/* the main menu */
	PAGE_FOOTER		/* the footer */
};

/* The owner's own pages (content/pages/NAME.LANG.md): at most
 * OWNER_PAGE__MAX of them, NAME of 1 to OWNER_NAME_MAX characters
 * a-z, 0-9 and "-" (owner_name_valid). */
#define OWNER_PAGE__MAX		64
#define OWNER_NAME_MAX		40
#define PAGE__MAX		(SITE_PAGE__MAX + OWNER_PAGE__MAX)
#define SITE_OWNER_AFTER	SITE_CONTACT

/* A page's row of SITE_PAGES, but its renderer. */
struct site_page_info {
	const char *name;		/* "about" */
	const char *path;		/* "/about" */
	enum page_place place;
};

extern const struct site_page_info site_pages[SITE_PAGE__MAX];

int	 site_page_find(const char *name);
int	 owner_name_valid(const char *name, size_t len);

/* The documents of the route table's ROUTE_DOC rows (pages.c). */
enum site_doc {
	DOC_LLMS,		/* /llms.txt, /en/llms.txt */
	DOC_AGENTS,		/* /agents.md, /en/agents.md */
	DOC_RESUME,		/* /resume.json, /en/resume.json */
	DOC_VCARD,		/* /contact.vcf, /en/contact.vcf */
	DOC_CV_PDF,		/* /cv.pdf, /en/cv.pdf (HAVE_PDF) */
	DOC_SITEMAP,		/* the rest exist once, in [LANG_DEFAULT] */
	DOC_ROBOTS,
	DOC_MANIFEST,
	DOC_ICON,		/* /icon.svg */
	DOC_FAVICON,		/* /favicon.ico: a redirect to /icon.svg */
	DOC_API_CATALOG,	/* PATH_API_CATALOG (RFC 9727) */
	DOC_SECURITY,		/* /.well-known/security.txt (RFC 9116),
				 * rendered per request (its Expires) */
	SITE_DOC__MAX
};

/* The API catalog's well-known path: its route and the Link headers
 * that point to it (the home page's, its own). */
#define PATH_API_CATALOG	"/.well-known/api-catalog"
#define PATH_SECURITY		"/.well-known/security.txt"
/* The vCard's path in the default language ("/CODE" prefixes it in
 * the others): its route and the contact page's link. */
#define PATH_VCARD		"/contact.vcf"

/* The forms of the OpenAPI document (openapi.c). */
enum openapi_format {
	OPENAPI_JSON,
	OPENAPI_YAML,
	OPENAPI__MAX
};

#endif /* PERFIL_PAGE_LIST_H */
