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
 * X(ID, name, path, place, text, renderer)
 *   name      the page in label keys ("page.NAME.label", ".summary"),
 *             in site.json's "pages" and, for a page of the owner's own
 *             text, in its file: content/pages/NAME.LANG.md
 *   path      in the default language; "/CODE" prefixes it in the
 *             others, and its markdown twin is PATH.md ("/index.md"
 *             for "/")
 *   place     PAGE_NAV: the main menu; PAGE_FOOTER: the footer
 *   text      PAGE_MADE: written from the content by the renderer;
 *             PAGE_OWNER: the owner's markdown file, optional: the page
 *             is published only when the content has it
 *   renderer  the function writing its markdown (page_render_fn,
 *             markdown.h or cv.h)
 *
 * Ownership: static, read-only data.
 */
#ifndef PERFIL_PAGE_LIST_H
#define PERFIL_PAGE_LIST_H

#define SITE_PAGES(X)							\
	X(HOME, "home", "/", PAGE_NAV, PAGE_MADE,			\
	    md_home)							\
	X(ABOUT, "about", "/about", PAGE_NAV, PAGE_MADE,		\
	    md_about)							\
	X(CV, "cv", "/cv", PAGE_NAV, PAGE_MADE,				\
	    cv_page)							\
	X(PROJECTS, "projects", "/projects", PAGE_NAV, PAGE_MADE,	\
	    cv_projects)						\
	X(CONTACT, "contact", "/contact", PAGE_NAV, PAGE_MADE,		\
	    md_contact)							\
	X(PRIVACY, "privacy", "/privacy", PAGE_FOOTER, PAGE_OWNER,	\
	    md_owner_page)						\
	X(LAB, "lab", "/lab", PAGE_FOOTER, PAGE_OWNER,			\
	    md_owner_page)						\
	X(DEVELOPERS, "developers", "/developers", PAGE_NAV, PAGE_MADE,	\
	    md_developers)

enum site_page {
#define X(id, name, path, place, text, render)	SITE_##id,
	SITE_PAGES(X)
#undef X
	SITE_PAGE__MAX
};

enum page_place {
	PAGE_NAV,		/* the main menu */
	PAGE_FOOTER		/* the footer */
};

enum page_text {
	PAGE_MADE,		/* written from the content */
	PAGE_OWNER		/* the owner's content/pages/NAME.LANG.md */
};

/* A page's row of SITE_PAGES, but its renderer. */
struct site_page_info {
	const char *name;		/* "about" */
	const char *path;		/* "/about" */
	enum page_place place;
	enum page_text text;
};

extern const struct site_page_info site_pages[SITE_PAGE__MAX];

int	 site_page_find(const char *name);

/* The documents of the route table's ROUTE_DOC rows (pages.c). */
enum site_doc {
	DOC_LLMS,		/* /llms.txt, /en/llms.txt */
	DOC_AGENTS,		/* /agents.md, /en/agents.md */
	DOC_RESUME,		/* /resume.json, /en/resume.json */
	DOC_SITEMAP,		/* the rest exist once, in [LANG_DEFAULT] */
	DOC_ROBOTS,
	DOC_MANIFEST,
	DOC_ICON,		/* /icon.svg */
	DOC_FAVICON,		/* /favicon.ico: a redirect to /icon.svg */
	SITE_DOC__MAX
};

/* The forms of the OpenAPI document (openapi.c). */
enum openapi_format {
	OPENAPI_JSON,
	OPENAPI_YAML,
	OPENAPI__MAX
};

#endif /* PERFIL_PAGE_LIST_H */
