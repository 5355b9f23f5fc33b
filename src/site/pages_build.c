/*
 * pages_build.c: the website rendered once per content load
 * (site_build, site_build_shared), freed (site_free) and kept in the
 * snapshot (site_snap); pages.c's handlers serve it.
 *
 * A page's HTML is its markdown rendered by cmark in safe mode (raw
 * HTML and dangerous URLs are dropped) inside one layout: language,
 * title, description, canonical and hreflang links, navigation with a
 * language switch, inline CSS (light and dark) and, on the home page,
 * schema.org Person JSON-LD.  No scripts, no external assets, no
 * cookies.  The Content-Security-Policy allows exactly the inline
 * style, by its SHA-256 hash (layout_csp).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <cmark.h>

#include "base/json.h"
#include "base/phase.h"
#include "core/errors.h"
#include "site/agents.h"
#include "content/settings.h"
#include "site/cv.h"
#include "site/cv_text.h"
#include "site/discovery.h"
#ifdef HAVE_PDF
#include "site/cv_pdf.h"
#endif
#include "site/head.h"
#include "site/layout.h"
#include "site/pages.h"
#include "site/portal.h"
#include "site/resume.h"
#include "site/vcard.h"

/* Each made page's renderer, from the last column of SITE_PAGES; the
 * owner's pages are md_owner_page's. */
static page_render_fn *const renderers[SITE_PAGE__MAX] = {
#define X(id, name, path, place, render)	[SITE_##id] = render,
	SITE_PAGES(X)
#undef X
};

/*
 * Appends the markdown of page pg in language l to b (its renderer's,
 * ended by md_finish).  Returns 0, or -1 out of memory.
 */
static int
page_md(const struct app *app, int pg, enum lang l, struct buf *b)
{
	(pg < SITE_PAGE__MAX ? renderers[pg] : md_owner_page)(app, pg, l, b);
	return md_finish(b);
}

/* Moves b's bytes into sb, tags them and keeps their compressed
 * variants (encoding.h).  Returns 0 or -1. */
static int
keep(struct rendered *sb, struct buf *b)
{
	size_t	 len = b->len;
	char	*data;

	if (b->oom)
		return -1;
	buf_cstr(b);
	if ((data = buf_detach(b)) == NULL)
		return -1;
	return enc_keep(sb, data, len, NULL);
}

/* keep, for an answer no later render reads: a large one keeps only
 * its compressed variants at once (enc_shrink), so that the identity
 * bytes of the large answers are never all held together. */
static int
keep_done(struct rendered *sb, struct buf *b)
{
	if (keep(sb, b) == -1)
		return -1;
	enc_shrink(sb);
	return 0;
}

/* Page pg's Link header value (discovery_page_link: its other
 * representation at path, of type type; html for the HTML page's),
 * malloc'd; NULL out of memory. */
static char *
link_value(const struct app *app, int pg, const char *path,
    const char *type, int html)
{
	struct buf b;

	buf_init(&b);
	discovery_page_link(app, pg, path, type, html, &b);
	if (b.oom) {
		buf_free(&b);
		return NULL;
	}
	buf_cstr(&b);
	return buf_detach(&b);
}

/*
 * Renders page v in language l from the markdown in b into md and
 * html, with their Link headers.  Returns 1, or 0 out of memory.
 */
static int
render(const struct app *app, const struct view *v, enum lang l,
    struct buf *b, struct rendered *md, struct rendered *html,
    char **link_md, char **link_html)
{
	if (b->oom || keep(md, b) == -1 ||
	    layout(app, v, l, md->data, b) == -1 || keep_done(html, b) == -1)
		return 0;
	enc_shrink(md);
	return (*link_md = link_value(app, v->page, v->md_path[l],
	    "text/markdown", 1)) != NULL && (*link_html = link_value(app,
	    v->page, v->path[l], "text/html", 0)) != NULL;
}

/* Each document's builder, from the last column of SITE_DOCS. */
static doc_build_fn *const builders[SITE_DOC__MAX] = {
#define X(id, path, op, h, type, flags, build)	[DOC_##id] = build,
	SITE_DOCS(X)
#undef X
};

/* Document d in language l, appended to b by its builder: 0, 1 when
 * there is none, -1 out of memory (doc_build_fn).  For those built per
 * request (pages_doc). */
int
site_doc_render(const struct app *app, int d, enum lang l, struct buf *b)
{
	return builders[d](app, l, b);
}

/* The documents either thread of a load renders, whichever is free
 * first (build_shared): the two largest after the CV's page at 1,000
 * items per collection, which neither typeset a PDF (pango's font map
 * is one per process, cv_fonts.c) nor read another document. */
static int
shared(int d)
{
	return d == DOC_CV_TXT || d == DOC_RESUME;
}

/* The languages document d is kept in: each for a DOC_PER_LANG one,
 * else the default only. */
static int
doc_langs(const struct app *app, int d)
{
	return site_docs[d].flags & DOC_PER_LANG ? app->langs->n : 1;
}

/* Whether document d is made from the full CV's markdown (DOC_CV_MD,
 * cv_for_pdf). */
static int
reads_cv_md(int d)
{
	return (site_docs[d].flags & DOC_CV_MD) != 0;
}

/* How many documents a load renders from the full CV's markdown in
 * language l: the readers cv_md_done counts down. */
int
site_cv_md_readers(const struct app *app, enum lang l)
{
	int	 d, n = 0;

	for (d = 0; d < SITE_DOC__MAX; d++)
		if (reads_cv_md(d) && !(site_docs[d].flags &
		    DOC_PER_REQUEST) && (int)l < doc_langs(app, d))
			n++;
	return n;
}

/* Renders document d in language l into s.  A builder's 1 keeps none
 * (pages_doc: the 404 page).  Returns 1, or 0 out of memory. */
static int
build_doc(const struct app *app, struct site *s, int d, int l,
    struct buf *b)
{
	int	 rc;

	rc = builders[d](app, l, b);
	if (reads_cv_md(d))
		cv_md_done(app, (enum lang)l);
	if (rc == 1)
		buf_reset(b);
	return rc == 1 || (rc == 0 && keep_done(&s->doc[d][l], b) == 0);
}

/*
 * Renders every document of SITE_DOCS but those built per request and
 * the shared() ones: each language's of a DOC_PER_LANG one, else the
 * default language's.  Returns 1, or 0 out of memory.
 */
static int
build_docs(const struct app *app, struct site *s, struct buf *b,
    struct phase_clock *pc)
{
	int	 d, l, n, ok = 1;

	for (d = 0; d < SITE_DOC__MAX && ok; d++) {
		if ((site_docs[d].flags & DOC_PER_REQUEST) || shared(d))
			continue;
		n = doc_langs(app, d);
		for (l = 0; l < n && ok; l++)
			ok = build_doc(app, s, d, l, b);
		phase_mark(pc, site_docs[d].path);
	}
	return ok;
}

/*
 * Variant cv's view of the CV's page (layout.h), its paths in every
 * language written into path and md_path.
 */
static void
variant_view(const struct app *app, const struct cv_variant *cv,
    struct view *v, char path[][256], char md_path[][256])
{
	int	 l;

	layout_view_page(app, v, SITE_CV);
	v->variant = cv;
	v->noindex = !cv->listed;
	for (l = 0; l < app->langs->n; l++) {
		v->path[l] = cv_variant_path(app, cv, l, CV_FORM_PAGE, path[l],
		    sizeof(path[l]));
		v->md_path[l] = cv_variant_path(app, cv, l, CV_FORM_MD,
		    md_path[l], sizeof(md_path[l]));
	}
}

#ifdef HAVE_PDF
/* Typesets variant k's PDF in language l from its markdown md (and
 * cmark's tree of it, NULL: parsed again) into s.  Returns 1, or 0
 * (out of memory, or cairo failed). */
static int
variant_pdf(const struct app *app, struct site *s, int k, int l,
    const struct buf *md, cmark_node *doc, struct buf *b)
{
	int	 rc;

	rc = cv_pdf_of(app, &app->settings->cv_variants.v[k], (enum lang)l,
	    md, doc, b);
	if (rc == 1)
		buf_reset(b);
	return rc == 1 || (rc == 0 &&
	    keep_done(&s->var[k].form[CV_FORM_PDF][l], b) == 0);
}
#endif

/*
 * Renders every form of variant k of the CV (site.json's cv_variants)
 * in language l into s->var[k], as /cv's: the page (HTML and markdown,
 * noindex when unlisted), the PDF when it fits (none: that form stays
 * empty, a 404), the plain text and the JSON Resume.  The PDF is
 * typeset here when pdf_here (the thread that typesets, pango's font
 * map being one per process), else its markdown is kept in
 * s->var[k].pdf_md[l] for site_build_pdfs.  Returns 1, or 0 out of
 * memory.
 */
static int
build_variant(const struct app *app, struct site *s, int k, int l,
    int pdf_here, struct buf *b)
{
	const struct cv_variant *cv = &app->settings->cv_variants.v[k];
	struct site_variant *sv = &s->var[k];
	const struct buf *mdp;
	struct buf md;
	cmark_node *doc = NULL;
	char	 path[LANG__MAX][256], md_path[LANG__MAX][256];
#ifdef HAVE_PDF
	char	 pdf_path[256];
#endif
	struct view v;
	int	 ok;

#ifndef HAVE_PDF
	(void)pdf_here;
#endif
	variant_view(app, cv, &v, path, md_path);
	/* The markdown the PDF, the text and the page's sections are made
	 * from, rendered once for the three; parsed once for them where
	 * there is a PDF (cmark's parse was a third of a long variant's
	 * forms).  Where there is none, the text and the page parse it a
	 * section at a time (cv_text_of, layout): the tree of a CV too
	 * long for a PDF is the largest thing a load holds. */
	buf_init(&md);
	ok = (mdp = cv_for_pdf(app, cv, (enum lang)l, &md)) != NULL;
#ifdef HAVE_PDF
	v.variant_pdf = ok && mdp->len <= CV_PDF_MAX;
	ok = ok && (!v.variant_pdf || (doc = cmark_parse_document(mdp->data,
	    mdp->len, CMARK_OPT_DEFAULT)) != NULL);
	/* Too long for one: said here, whichever thread this is. */
	if (ok && !v.variant_pdf)
		cv_pdf_left_out(cv_variant_path(app, cv, l, CV_FORM_PDF,
		    pdf_path, sizeof(pdf_path)), mdp->len);
	else if (ok && pdf_here)
		ok = variant_pdf(app, s, k, l, mdp, doc, b);
	else if (ok) {
		buf_append(&sv->pdf_md[l], mdp->data, mdp->len);
		if ((ok = !sv->pdf_md[l].oom)) {
			atomic_store_explicit(&sv->pdf_left[l], 1,
			    memory_order_release);
			if (s->pdf_left != NULL)
				s->pdf_left(s->pdf_left_arg);
		}
	}
#endif
	v.description = cv->headline[l];
	ok = ok && cv_text_of(app, l, mdp, doc, b) == 0;
	buf_free(&md);
	ok = ok && keep_done(&sv->form[CV_FORM_TXT][l], b) == 0 &&
	    resume_build_variant(app, cv, l, b) == 0 &&
	    keep_done(&sv->form[CV_FORM_RESUME][l], b) == 0;
	if (ok) {
		cv_variant_page(app, cv, SITE_CV, l, b);
		v.cv_doc = doc;
		ok = md_finish(b) == 0 && render(app, &v, l, b,
		    &sv->form[CV_FORM_MD][l], &sv->form[CV_FORM_PAGE][l],
		    &sv->link_md[l], &sv->link_html[l]);
	}
	if (doc != NULL)
		cmark_node_free(doc);
	return ok;
}

/* Whether page pg is among those this load publishes (app->paths). */
static int
listed(const struct app *app, int pg)
{
	int	 i;

	for (i = 0; i < app->paths->n; i++)
		if (app->paths->order[i] == pg)
			return 1;
	return 0;
}

/*
 * Shared document k (reads 1: of those made from the full CV's
 * markdown, 0: of the others), each language of each in turn: 1 with
 * the document in *d and the language in *k, or 0 when k is past them
 * (*k less their count).
 */
static int
shared_doc(const struct app *app, int reads, int *k, int *d)
{
	int	 n;

	for (*d = 0; *d < SITE_DOC__MAX; (*d)++) {
		if ((site_docs[*d].flags & DOC_PER_REQUEST) || !shared(*d) ||
		    reads_cv_md(*d) != reads)
			continue;
		if (*k < (n = doc_langs(app, *d)))
			return 1;
		*k -= n;
	}
	return 0;
}

/*
 * Renders the work either thread takes, one piece at a time: the full
 * CV's plain text in every language, the CV's page in every language,
 * every language of every CV variant (build_variant), then those of
 * the other shared() documents.  Both threads of a load call it when
 * their own work is done (site_build, site_build_shared), and each
 * takes the next of s->taken's count, so that neither waits on the
 * other while work is left; the largest pieces first at 1,000 items
 * per collection.  Which thread renders one does not change its bytes.
 * pdf_here: this thread typesets PDFs (build_variant).  Returns 1, or
 * 0 out of memory.
 */
static int
build_shared(const struct app *app, struct site *s, int pdf_here,
    struct buf *b, struct phase_clock *pc)
{
	struct view v;
	int	 d, k, nl = app->langs->n, ok = 1;
	int	 ncv = listed(app, SITE_CV) ? nl : 0;

	for (;;) {
		k = atomic_fetch_add(&s->taken, 1);
		/* First the full CV's plain text: the CV's markdown it is
		 * made from is freed after it (cv_md_done), not held
		 * through the pages and variants. */
		if (shared_doc(app, 1, &k, &d)) {
			if (ok)
				ok = build_doc(app, s, d, k, b);
			phase_mark(pc, site_docs[d].path);
			continue;
		}
		if (k < ncv) {
			layout_view_page(app, &v, SITE_CV);
			ok = ok && page_md(app, SITE_CV, k, b) == 0 &&
			    render(app, &v, k, b, &s->md[SITE_CV][k],
			    &s->html[SITE_CV][k], &s->link_md[SITE_CV][k],
			    &s->link_html[SITE_CV][k]);
			phase_mark(pc, site_page_path(app, SITE_CV,
			    LANG_DEFAULT));
			continue;
		}
		k -= ncv;
		if (k < s->nvar * nl) {
			if (ok)
				ok = build_variant(app, s, k / nl, k % nl,
				    pdf_here, b);
			phase_mark(pc, app->settings->cv_variants.v[k /
			    nl].name);
			continue;
		}
		k -= s->nvar * nl;
		if (!shared_doc(app, 0, &k, &d))
			return ok;
		if (ok)
			ok = build_doc(app, s, d, k, b);
		phase_mark(pc, site_docs[d].path);
	}
}

/*
 * The PDFs of the CV variants site_build_shared's thread has left so
 * far (their markdown in pdf_md), typeset on the thread that typesets
 * (app_load calls it as they come, and once both halves are done).
 * Returns 0, or -1 (out of memory, or cairo failed).
 */
int
site_build_pdfs(const struct app *app, struct site *s)
{
	struct site_variant *sv;
	struct buf b;
	int	 k, l, ok = 1;

	buf_init(&b);
	for (k = 0; k < s->nvar && ok; k++)
		for (l = 0; l < LANG__MAX && ok; l++) {
			sv = &s->var[k];
			if (atomic_load_explicit(&sv->pdf_left[l],
			    memory_order_acquire) != 1)
				continue;
#ifdef HAVE_PDF
			ok = variant_pdf(app, s, k, l, &sv->pdf_md[l], NULL,
			    &b);
#endif
			buf_free(&sv->pdf_md[l]);
			buf_init(&sv->pdf_md[l]);
			atomic_store_explicit(&sv->pdf_left[l], 2,
			    memory_order_relaxed);
		}
	buf_free(&b);
	return ok ? 0 : -1;
}

/*
 * The other thread's part of the website (app_load): the shared()
 * documents site_build has not taken, while it renders the rest into
 * s.  Each writes its own members.  Returns 0, or -1 out of memory.
 */
int
site_build_shared(const struct app *app, struct site *s, int pdf_here)
{
	struct phase_clock pc;
	struct buf b;
	int	 ok;

	phase_start(&pc, "site, beside");
	buf_init(&b);
	ok = build_shared(app, s, pdf_here, &b, &pc);
	buf_free(&b);
	return ok ? 0 : -1;
}

/*
 * A struct site to build into, zeroed but for its CV variants (one
 * each of site.json's cv_variants): both halves of a load write into
 * them.  NULL out of memory.
 */
struct site *
site_new(const struct app *app)
{
	struct site *s;
	int	 n = app->settings->cv_variants.n;

	if ((s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	if (n > 0 && (s->var = calloc((size_t)n, sizeof(*s->var))) == NULL) {
		free(s);
		return NULL;
	}
	s->nvar = n;
	return s;
}

/*
 * Renders everything the website serves into s (site_new's), and those
 * of the shared() documents site_build_shared, on another thread at
 * the same time, has not taken.  Returns 0, or -1 with a message in
 * err.
 */
int
site_build(const struct app *app, struct site *s, char *err,
    size_t errlen)
{
	struct phase_clock pc;
	struct view v;
	struct buf b;
	int	 i, pg, l, ok = 1;

	phase_start(&pc, "site");
	buf_init(&b);
	for (i = 0; i < app->paths->n && ok; i++) {
		/* The CV's page: build_shared's. */
		if ((pg = app->paths->order[i]) == SITE_CV)
			continue;
		for (l = 0; l < app->langs->n && ok; l++) {
			layout_view_page(app, &v, pg);
			ok = page_md(app, pg, l, &b) == 0 &&
			    render(app, &v, l, &b, &s->md[pg][l],
			    &s->html[pg][l], &s->link_md[pg][l],
			    &s->link_html[pg][l]);
		}
		phase_mark(&pc, site_page_path(app, pg, LANG_DEFAULT));
	}
	layout_view_page(app, &v, -1);
	for (l = 0; l < app->langs->n && ok; l++) {
		md_not_found(app, l, &b);
		ok = keep(&s->nf_md[l], &b) == 0 &&
		    layout(app, &v, l, s->nf_md[l].data, &b) == 0 &&
		    keep(&s->nf_html[l], &b) == 0;
	}
	phase_mark(&pc, "the 404 page");
	ok = ok && build_docs(app, s, &b, &pc) &&
	    (s->csp = layout_csp(app)) != NULL &&
	    build_shared(app, s, 1, &b, &pc);
	buf_free(&b);
	if (!ok) {
		snprintf(err, errlen, "rendering the website pages failed "
		    "(out of memory)");
		return -1;
	}
	return 0;
}

void
site_free(struct site *s)
{
	int	 i, l, f;

	if (s == NULL)
		return;
	for (l = 0; l < LANG__MAX; l++) {
		for (i = 0; i < PAGE__MAX; i++) {
			enc_free(&s->md[i][l]);
			enc_free(&s->html[i][l]);
			free(s->link_md[i][l]);
			free(s->link_html[i][l]);
		}
		for (i = 0; i < SITE_DOC__MAX; i++)
			enc_free(&s->doc[i][l]);
		enc_free(&s->nf_md[l]);
		enc_free(&s->nf_html[l]);
		for (i = 0; i < s->nvar; i++) {
			for (f = 0; f < CV_FORM__MAX; f++)
				enc_free(&s->var[i].form[f][l]);
			free(s->var[i].link_md[l]);
			free(s->var[i].link_html[l]);
			buf_free(&s->var[i].pdf_md[l]);
		}
	}
	free(s->var);
	free(s->csp);
	free(s);
}

/*
 * Writes s into the snapshot's stream, or reads it back (snap.h), in
 * site_free's order: nvar, the settings' count of CV variants, is the
 * count read back must have.
 */
void
site_snap(struct snap *sn, struct site *s, int nvar)
{
	size_t	 n = (size_t)s->nvar;
	int	 i, l, f;

	s->var = snap_array(sn, s->var, &n, sizeof(*s->var), CV_VARIANTS_MAX);
	if (!snap_ok(sn) || (sn->reading && n != (size_t)nvar &&
	    snap_fail(sn, "another set of CV variants") == -1))
		return;
	s->nvar = (int)n;
	for (l = 0; l < LANG__MAX; l++) {
		for (i = 0; i < PAGE__MAX; i++) {
			snap_rendered(sn, &s->md[i][l]);
			snap_rendered(sn, &s->html[i][l]);
			snap_str(sn, &s->link_md[i][l]);
			snap_str(sn, &s->link_html[i][l]);
		}
		for (i = 0; i < SITE_DOC__MAX; i++)
			snap_rendered(sn, &s->doc[i][l]);
		snap_rendered(sn, &s->nf_md[l]);
		snap_rendered(sn, &s->nf_html[l]);
		for (i = 0; i < s->nvar; i++) {
			for (f = 0; f < CV_FORM__MAX; f++)
				snap_rendered(sn, &s->var[i].form[f][l]);
			snap_str(sn, &s->var[i].link_md[l]);
			snap_str(sn, &s->var[i].link_html[l]);
		}
	}
	snap_str(sn, &s->csp);
}
