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
	    cv_home)							\
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

/*
 * SITE_DOCS is the one list of documents: the agent and discovery
 * files, the JSON Resume, the vCard, the CV's PDF and the OpenAPI
 * document's three paths.  Here it becomes enum site_doc and the table
 * site_docs[] (page_list.c); routes.c makes one route of each row
 * (ROUTE_DOC, arg the document); pages.c builds each at content load
 * with its builder (the last column, declared by agents.h) and serves
 * it with its type; site_doc_path gives its path to whatever links to
 * it.  Adding a document is one row here, its builder (agents.c), its
 * labels and a test (docs/hacking.md, "Add a document").
 *
 * X(ID, path, operation, handler, type, flags, builder)
 *   path       in the default language; with DOC_PER_LANG, "/CODE"
 *              prefixes it in the others
 *   operation  the route's operation id
 *   handler    RH_DOC: pages_doc serves what the builder made;
 *              RH_OPENAPI: openapi_serve, RH_WEBFINGER:
 *              webfinger_serve (its query checked, then
 *              pages_doc), RH_MCP_CARD: mcp_card_serve (builder
 *              agents_none: their modules build them)
 *   type       its Content-Type
 *   flags      DOC_PER_LANG: one per language; DOC_CORS: readable by
 *              any origin; DOC_CATALOG_LINK: the Link to the API
 *              catalog; DOC_PER_REQUEST: built per request (its
 *              builder writes the answer's body); DOC_REDIRECT: a 301
 *              to the base URL and the path the builder wrote;
 *              DOC_CV_MD: made from the full CV's markdown, which a
 *              load renders once and frees after the last of these
 *              (struct cv_md, app.h)
 *   builder    int FN(const struct app *, enum lang, struct buf *):
 *              appends the document, returns 0, 1 when there is none
 *              (served as the 404 page) or -1 out of memory
 */
#define DOC_TEXT	"text/plain; charset=utf-8"
/*
 * The MCP server card (SEP-2127): built by the MCP module with its
 * tool and resource lists (mcp_build) and served by it (RH_MCP_CARD,
 * mcp.h) at the path its discovery document reserves (the endpoint's
 * URL and "/server-card") and at the older well-known path; the AI
 * catalog (agents.c) lists it.
 */
#define DOC_MCP_CARD_TYPE	"application/mcp-server-card+json"
/*
 * The CV's PDF's path: its row exists only when built with the PDF
 * (HAVE_PDF), but the pages that link to a PDF this load made are
 * compiled in every build, so they name it by this.
 */
#define DOC_CV_PDF_PATH	"/cv.pdf"
#ifdef HAVE_PDF
#define DOC_IF_PDF(row)	row
#else
#define DOC_IF_PDF(row)
#endif
#define SITE_DOCS(X)							\
	X(OPENAPI, "/openapi.json", "getOpenApi", RH_OPENAPI,		\
	    "application/json; charset=utf-8", 0, agents_none)		\
	X(OPENAPI_API, "/api/openapi.json", "getOpenApiJson", RH_OPENAPI, \
	    "application/json; charset=utf-8", 0, agents_none)		\
	X(OPENAPI_YAML, "/api/openapi.yaml", "getOpenApiYaml", RH_OPENAPI, \
	    "application/yaml", 0, agents_none)				\
	X(LLMS, "/llms.txt", "docLlms", RH_DOC, DOC_TEXT,		\
	    DOC_PER_LANG, agents_llms)					\
	X(AGENTS, "/agents.md", "docAgents", RH_DOC,			\
	    "text/markdown; charset=utf-8", DOC_PER_LANG, agents_guide)	\
	X(RESUME, "/resume.json", "docResume", RH_DOC,			\
	    "application/json", DOC_PER_LANG | DOC_CORS, agents_resume)	\
	X(VCARD, "/contact.vcf", "docVcard", RH_DOC,			\
	    "text/vcard; charset=utf-8", DOC_PER_LANG, agents_vcard)	\
	DOC_IF_PDF(X(CV_PDF, DOC_CV_PDF_PATH, "docCvPdf", RH_DOC,		\
	    "application/pdf", DOC_PER_LANG | DOC_CV_MD,		\
	    agents_cv_pdf))						\
	X(CV_TXT, "/cv.txt", "docCvText", RH_DOC, DOC_TEXT,		\
	    DOC_PER_LANG | DOC_CV_MD, agents_cv_txt)			\
	X(PUBLICATIONS_BIB, "/publications.bib", "docPublicationsBib",	\
	    RH_DOC, "application/x-bibtex; charset=utf-8", DOC_PER_LANG,	\
	    agents_bibtex)						\
	X(SITEMAP, "/sitemap.xml", "docSitemap", RH_DOC,		\
	    "application/xml; charset=utf-8", 0, agents_sitemap)	\
	X(ROBOTS, "/robots.txt", "docRobots", RH_DOC, DOC_TEXT, 0,	\
	    agents_robots)						\
	X(MANIFEST, "/manifest.webmanifest", "docManifest", RH_DOC,	\
	    "application/manifest+json", DOC_CORS, agents_manifest)	\
	X(ICON, "/icon.svg", "docIcon", RH_DOC, "image/svg+xml", 0,	\
	    agents_icon)						\
	X(FAVICON, "/favicon.ico", "docFavicon", RH_DOC, DOC_TEXT,	\
	    DOC_REDIRECT, agents_favicon)				\
	X(API_CATALOG, "/.well-known/api-catalog", "docApiCatalog",	\
	    RH_DOC, "application/linkset+json; "			\
	    "profile=\"https://www.rfc-editor.org/info/rfc9727\"",	\
	    DOC_CATALOG_LINK, agents_api_catalog)			\
	X(SECURITY, "/.well-known/security.txt", "docSecurity", RH_DOC,	\
	    DOC_TEXT, DOC_PER_REQUEST, agents_security)			\
	X(WEBFINGER, "/.well-known/webfinger", "docWebfinger",		\
	    RH_WEBFINGER, "application/jrd+json", DOC_CORS,		\
	    webfinger_jrd)						\
	X(ATPROTO_DID, "/.well-known/atproto-did", "docAtprotoDid",	\
	    RH_DOC, DOC_TEXT, 0, agents_atproto_did)			\
	X(MCP_CARD, "/mcp/server-card", "docMcpServerCard",		\
	    RH_MCP_CARD, DOC_MCP_CARD_TYPE, DOC_CORS, agents_none)	\
	X(MCP_CARD_WELL_KNOWN, "/.well-known/mcp/server-card.json",	\
	    "docMcpServerCardWellKnown", RH_MCP_CARD, DOC_MCP_CARD_TYPE,	\
	    DOC_CORS, agents_none)					\
	X(AI_CATALOG, "/.well-known/ai-catalog.json", "docAiCatalog",	\
	    RH_DOC, "application/ai-catalog+json", DOC_CORS,		\
	    agents_ai_catalog)

enum site_doc {
#define X(id, path, op, h, type, flags, build)	DOC_##id,
	SITE_DOCS(X)
#undef X
	SITE_DOC__MAX
};

/* The flags of a document (SITE_DOCS). */
#define DOC_PER_LANG		0x01
#define DOC_CORS		0x02
#define DOC_CATALOG_LINK	0x04
#define DOC_PER_REQUEST		0x08
#define DOC_REDIRECT		0x10
#define DOC_CV_MD		0x20

/* A document's row of SITE_DOCS, but its handler and builder. */
struct site_doc_info {
	const char *path;		/* "/llms.txt" */
	const char *operation_id;	/* "docLlms" */
	const char *type;		/* its Content-Type */
	unsigned flags;			/* DOC_PER_LANG, ... */
};

extern const struct site_doc_info site_docs[SITE_DOC__MAX];

/* The path of document d in the default language ("/llms.txt"). */
#define site_doc_path(d)	(site_docs[(d)].path)

/* The forms of the OpenAPI document (openapi.c). */
enum openapi_format {
	OPENAPI_JSON,
	OPENAPI_YAML,
	OPENAPI__MAX
};

#endif /* PERFIL_PAGE_LIST_H */
