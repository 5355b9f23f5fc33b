/*
 * cv_pdf.c: the résumé as a PDF, typeset with pango on a cairo PDF
 * surface.
 *
 * The text is the markdown of /cv (cv_page), parsed by cmark: every
 * heading, paragraph, list item and quote becomes a block of real text
 * (a pango layout, its fonts embedded as subsets by cairo), bold,
 * italic and links kept from the inline markup.  So the PDF has the
 * sections, the order, the dates and the words of the page, and a
 * change to the CV's layouts (cv.c) changes both.  Links are PDF link
 * annotations (cairo's link tags) over the words they cover.  The PDF
 * is tagged: cv_pdf_draw.c draws each block inside its structure
 * element (H1, H2, P, L...).
 *
 * The blocks are placed on A4 pages twice: once to count the pages
 * (the footer says "2 / 3"), once to draw.  A heading never ends a
 * page: it goes to the next one with the first lines of what follows
 * it (an entry's heading with its one-line "employer · dates" and the
 * first line after that).
 *
 * What PDF/UA-1 asks of the catalog and cairo (1.16, 1.18) cannot
 * write, the document's /Lang, DisplayDocTitle and the XMP metadata,
 * pdf_ua_catalog (pdf_ua.c) adds by an incremental update that
 * replaces the catalog; the same update types the artifacts and gives
 * /Lang to the elements of the words in another language than the
 * page's (cv_lang.h: marked here in each block's text).
 */
#include "config.h"

#include <err.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <cairo-pdf.h>
#include <cmark.h>
#include <pango/pangocairo.h>

#include "base/json.h"
#include "content/settings.h"
#include "site/cv.h"
#include "site/cv_fonts.h"
#include "site/cv_lang.h"
#include "site/cv_pdf.h"
#include "site/cv_pdf_int.h"
#include "site/pdf_ua.h"
#include "site/site_paths.h"

/* Only links a reader can follow from a file: the web, mail, phone. */
static int
uri_ok(const char *u)
{
	return strncmp(u, "https://", 8) == 0 ||
	    strncmp(u, "http://", 7) == 0 ||
	    strncmp(u, "mailto:", 7) == 0 || strncmp(u, "tel:", 4) == 0;
}

/*
 * Appends the text of the inline children of n to t, and to al the
 * attributes of their bold, italic and link runs; links to bk.
 */
static void
inlines(struct pdf *p, struct block *bk, cmark_node *n, struct buf *t,
    PangoAttrList *al)
{
	PangoAttribute *a;
	struct link *lk;
	cmark_node *c;
	const char *u;
	size_t	 start;

	for (c = cmark_node_first_child(n); c != NULL; c = cmark_node_next(c)) {
		start = t->len;
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			buf_puts(t, cmark_node_get_literal(c));
			continue;
		case CMARK_NODE_SOFTBREAK:
			buf_putc(t, ' ');
			continue;
		case CMARK_NODE_LINEBREAK:
			buf_putc(t, '\n');
			continue;
		case CMARK_NODE_HTML_INLINE:	/* none: cv.c escapes */
			continue;
		default:	/* emphasis, strong, link, image: their text */
			inlines(p, bk, c, t, al);
			break;
		}
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_STRONG:
			a = pango_attr_weight_new(PANGO_WEIGHT_BOLD);
			break;
		case CMARK_NODE_EMPH:
			a = pango_attr_style_new(PANGO_STYLE_ITALIC);
			break;
		case CMARK_NODE_LINK:
			u = cmark_node_get_url(c);
			if (u == NULL || !uri_ok(u) || t->len == start)
				continue;
			lk = reallocarray(bk->links, bk->nlinks + 1,
			    sizeof(*lk));
			if (lk == NULL) {
				p->oom = 1;
				continue;
			}
			bk->links = lk;
			lk = &bk->links[bk->nlinks];
			lk->start = (unsigned int)start;
			lk->end = (unsigned int)t->len;
			if ((lk->uri = strdup(u)) == NULL) {
				p->oom = 1;
				continue;
			}
			bk->nlinks++;
			a = pango_attr_foreground_new(
			    (guint16)(cv_pdf_accent[0] * 65535),
			    (guint16)(cv_pdf_accent[1] * 65535),
			    (guint16)(cv_pdf_accent[2] * 65535));
			break;
		default:
			continue;
		}
		a->start_index = (guint)start;
		a->end_index = (guint)t->len;
		pango_attr_list_insert(al, a);
	}
}

static int
lspan_cmp(const void *a, const void *b)
{
	const struct lspan *x = a, *y = b;

	return x->start < y->start ? -1 : x->start > y->start;
}

/* Returns 1 when bytes start to end overlap a range of bk->langs. */
static int
lang_taken(const struct block *bk, size_t start, size_t end)
{
	size_t	 k;

	for (k = 0; k < bk->nlangs; k++)
		if (start < bk->langs[k].end && end > bk->langs[k].start)
			return 1;
	return 0;
}

/*
 * Marks in block bk the words of its text t that are a text of
 * p->foreign, in another language than the page's (cv_lang.h): each
 * place one is found whole (not inside a longer word) and not over one
 * marked already, the longest texts first; with its language in
 * bk->langs (in the order of the text), and in al, where pango shapes
 * and picks fonts by it.
 */
static void
mark_langs(struct pdf *p, struct block *bk, const struct buf *t,
    PangoAttrList *al)
{
	const struct cv_lang_text *f;
	PangoAttribute *a;
	struct lspan *ls;
	const char *at;
	size_t	 i, len, off;

	for (i = 0; i < p->foreign.n; i++) {
		f = &p->foreign.v[i];
		len = strlen(f->text);
		for (at = t->data; len > 0 && (at = memmem(at, t->len -
		    (size_t)(at - t->data), f->text, len)) != NULL; at++) {
			off = (size_t)(at - t->data);
			if (cv_lang_inside_word(t->data, t->len, off) ||
			    cv_lang_inside_word(t->data, t->len, off + len) ||
			    lang_taken(bk, off, off + len))
				continue;
			if ((ls = reallocarray(bk->langs, bk->nlangs + 1,
			    sizeof(*ls))) == NULL) {
				p->oom = 1;
				return;
			}
			bk->langs = ls;
			ls[bk->nlangs].start = (unsigned int)off;
			ls[bk->nlangs].end = (unsigned int)(off + len);
			ls[bk->nlangs++].lang = f->lang;
			a = pango_attr_language_new(
			    pango_language_from_string(f->lang));
			a->start_index = (guint)off;
			a->end_index = (guint)(off + len);
			pango_attr_list_insert(al, a);
		}
	}
	if (bk->nlangs > 1)
		qsort(bk->langs, bk->nlangs, sizeof(*bk->langs), lspan_cmp);
}

/* Adds the block of node n (a heading or a paragraph) as kind. */
static void
add_block(struct pdf *p, cmark_node *n, enum blk kind, int bullet)
{
	const struct style *st = &cv_pdf_styles[kind];
	PangoFontDescription *fd;
	PangoAttrList *al;
	struct block *bk;
	struct buf t;
	double	 room = 0;

	if (p->n == p->cap) {
		bk = reallocarray(p->b, p->cap ? p->cap * 2 : 64,
		    sizeof(*bk));
		if (bk == NULL) {
			p->oom = 1;
			return;
		}
		p->b = bk;
		p->cap = p->cap ? p->cap * 2 : 64;
	}
	bk = &p->b[p->n];
	memset(bk, 0, sizeof(*bk));
	bk->kind = kind;
	bk->bullet = bullet;
	buf_init(&t);
	al = pango_attr_list_new();
	if (cmark_node_get_type(n) == CMARK_NODE_CODE_BLOCK)
		buf_puts(&t, cmark_node_get_literal(n));
	else
		inlines(p, bk, n, &t, al);
	if (t.oom || buf_cstr(&t) == NULL) {
		p->oom = 1;
		goto out;
	}
	mark_langs(p, bk, &t, al);
	/*
	 * In a language written right to left every paragraph is set RTL,
	 * right-aligned, as the page's dir="rtl" sets it (an English title
	 * quoted in an Arabic CV included); in any other, a paragraph takes
	 * its first strong character's direction (pango's auto direction),
	 * right-aligned when that is RTL (an Arabic quote in an English CV).
	 */
	bk->rtl = p->rtl;
	bk->layout = pango_layout_new(bk->rtl ? p->pc_rtl : p->pc);
	if (bk->rtl) {
		pango_layout_set_auto_dir(bk->layout, FALSE);
		pango_layout_set_alignment(bk->layout, PANGO_ALIGN_RIGHT);
	}
	fd = cv_fonts_desc(pango_layout_get_context(bk->layout), st->size,
	    st->bold, st->italic);
	pango_layout_set_font_description(bk->layout, fd);
	pango_font_description_free(fd);
	/* above the first section, beside the portrait */
	if (kind == BLK_SECTION)
		p->head = 0;
	if (p->head) {
		room = cv_pdf_portrait_room(p);
		bk->shift = p->rtl ? room : 0;
	}
	pango_layout_set_width(bk->layout,
	    (int)((TEXT_W - room - st->indent) * PANGO_SCALE));
	pango_layout_set_wrap(bk->layout, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_line_spacing(bk->layout, LINE_SPACING);
	pango_layout_set_text(bk->layout, t.data, (int)t.len);
	pango_layout_set_attributes(bk->layout, al);
	cv_pdf_graphemes(p, bk->layout);
	if (!bk->rtl)	/* resolved by pango from the first strong one */
		bk->rtl = pango_layout_get_line_readonly(bk->layout,
		    0)->resolved_dir == PANGO_DIRECTION_RTL;
	p->n++;
out:
	pango_attr_list_unref(al);
	buf_free(&t);
}

/* Adds the blocks of n's children; a paragraph in a list or a quote
 * takes that context's kind. */
static void
add_blocks(struct pdf *p, cmark_node *n, enum blk ctx)
{
	static const enum blk heading[] = { BLK_TITLE, BLK_TITLE,
	    BLK_SECTION, BLK_ENTRY };
	cmark_node *c;
	int	 lv;

	for (c = cmark_node_first_child(n); c != NULL; c = cmark_node_next(c))
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_HEADING:
			lv = cmark_node_get_heading_level(c);
			add_block(p, c, heading[lv < 3 ? lv : 3], 0);
			break;
		case CMARK_NODE_PARAGRAPH:
		case CMARK_NODE_CODE_BLOCK:
			if (ctx == BLK_TEXT && p->n > 0 &&
			    p->b[p->n - 1].kind == BLK_TITLE)
				add_block(p, c, BLK_LEAD, 0);
			else
				add_block(p, c, ctx, ctx == BLK_ITEM &&
				    c == cmark_node_first_child(n));
			break;
		case CMARK_NODE_LIST:
		case CMARK_NODE_ITEM:
			add_blocks(p, c, BLK_ITEM);
			break;
		case CMARK_NODE_BLOCK_QUOTE:
			add_blocks(p, c, BLK_QUOTE);
			break;
		default:	/* thematic breaks, HTML: none on the CV */
			break;
		}
}

/* The height in points of the first k lines of layout ly (all when k
 * is 0), line spacing included. */
static double
lines_height(PangoLayout *ly, int k)
{
	PangoLayoutIter *it = pango_layout_get_iter(ly);
	int	 y0, y1, top = 0, bottom = 0, i = 0;

	do {
		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		if (i == 0)
			top = y0;
		bottom = y1;
	} while (++i != k && pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	return (double)(bottom - top) / PANGO_SCALE;
}

/* Returns 1 when block i must not end a page: a heading, or the one
 * line under an entry's heading ("employer · dates"). */
static int
keeps(const struct pdf *p, size_t i)
{
	return cv_pdf_styles[p->b[i].kind].keep || (i > 0 &&
	    p->b[i - 1].kind == BLK_ENTRY &&
	    pango_layout_get_line_count(p->b[i].layout) == 1);
}

/*
 * Places every block on the pages (p->pages counts them), drawing
 * them when draw is set.  A block goes to the next page when its first
 * two lines do not fit, or, for a block that keeps (keeps), with the
 * blocks it keeps with and the first two lines of the one after them.
 */
static void
flow(struct pdf *p, int draw)
{
	const struct style *st;
	double	 need;
	size_t	 i, j;

	p->page = 1;
	p->y = MARGIN_TOP;
	if (draw)
		cv_pdf_tag_begin(p, "Document", NULL, NULL);
	for (i = 0; i < p->n; i++) {
		st = &cv_pdf_styles[p->b[i].kind];
		need = 0;
		for (j = i; j + 1 < p->n && keeps(p, j); j++)
			need += (j > i ? cv_pdf_styles[p->b[j].kind].before :
			    0) + lines_height(p->b[j].layout, 0);
		need += (j > i ? cv_pdf_styles[p->b[j].kind].before : 0) +
		    lines_height(p->b[j].layout, 2);
		if (p->page == 1 && p->b[i].kind == BLK_SECTION &&
		    p->y < cv_pdf_portrait_bottom(p))
			p->y = cv_pdf_portrait_bottom(p);	/* under it */
		if (p->y > MARGIN_TOP && p->y + st->before + need >
		    TEXT_BOTTOM)
			cv_pdf_new_page(p, draw);
		else if (p->y > MARGIN_TOP)
			p->y += st->before;
		cv_pdf_place(p, &p->b[i], draw);
		if (i == 0)	/* the name, then the portrait */
			cv_pdf_portrait_draw(p, draw);
	}
	if (draw) {
		cv_pdf_tags_end(p);
		cairo_tag_end(p->cr, "Document");
		cv_pdf_footer(p);
	}
	p->pages = p->page;
}

/* cairo's output, appended to the caller's buffer. */
static cairo_status_t
write_out(void *closure, const unsigned char *data, unsigned int len)
{
	struct buf *out = closure;

	buf_append(out, data, len);
	return out->oom ? CAIRO_STATUS_WRITE_ERROR : CAIRO_STATUS_SUCCESS;
}

/*
 * Sets the document's title (into t, the caller's), author, subject
 * and creator, and says the same in m for the XMP metadata
 * (pdf_ua_catalog), with the language and the URL of the same CV as
 * plain text (into rel, the caller's).
 */
static void
metadata(struct pdf *p, cairo_surface_t *s, struct buf *t, struct buf *rel,
    struct pdf_ua_meta *m)
{
	const cJSON *o = p->app->model->profile.obj[p->l];
	char	 tmp[32], path[256];

	buf_printf(t, "%s \xe2\x80\x94 %s", json_str(o, "name"),
	    site_page_label(p->app, SITE_CV, p->l));
	if (p->variant != NULL)
		buf_printf(t, " (%s)", p->variant->name);
	buf_printf(rel, "%s%s", p->app->cfg->base_url, p->variant != NULL ?
	    cv_variant_path(p->app, p->variant, p->l, CV_FORM_TXT, path,
	    sizeof(path)) : LPATH(p->app, p->l, site_doc_path(DOC_CV_TXT)));
	if (t->oom || buf_cstr(t) == NULL || rel->oom ||
	    buf_cstr(rel) == NULL) {
		p->oom = 1;
		return;
	}
	m->relation = rel->data;
	m->lang = lang_code(p->app->langs, p->l);
	m->title = t->data;
	m->author = json_str(o, "name");
	m->subject = cv_variant_text(p->app, p->variant, p->l, "headline");
	m->creator = "perfil";
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, m->title);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_AUTHOR,
	    m->author);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_SUBJECT,
	    m->subject);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
	    m->creator);
	/* No creation date (cairo's default is now): the same content
	 * makes the same bytes, and the same ETag, in every worker and
	 * after every reload. */
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "");
}

/* Returns 1 when the markdown md of /cv (len bytes) is not too long
 * for a PDF (CV_PDF_MAX). */
static int
fits(size_t len)
{
	return len <= CV_PDF_MAX;
}

/* Returns 1 when /cv in language l gets a PDF this load (cv_pdf.h). */
int
cv_pdf_fits(const struct app *app, enum lang l)
{
	const struct buf *md;
	struct buf tmp;
	int	 ok;

	buf_init(&tmp);
	ok = (md = cv_for_pdf(app, NULL, l, &tmp)) != NULL &&
	    fits(md->len);
	buf_free(&tmp);
	return ok;
}

/*
 * Appends to out the PDF of the résumé in language l.  Returns 0, 1
 * when the CV is too long for one (cv_pdf_fits; a warning on standard
 * error, nothing appended), or -1 (out of memory, or cairo failed: a
 * message on standard error).
 */
int
cv_pdf(const struct app *app, enum lang l, struct buf *out)
{
	return cv_variant_pdf(app, NULL, l, out);
}

/* The same of variant v's CV (NULL: the full one), cv_pdf.h. */
int
cv_variant_pdf(const struct app *app, const struct cv_variant *v,
    enum lang l, struct buf *out)
{
	const struct buf *md;
	struct buf tmp;
	int	 rc = -1;

	buf_init(&tmp);
	if ((md = cv_for_pdf(app, v, l, &tmp)) != NULL)
		rc = cv_pdf_of(app, v, l, md, NULL, out);
	buf_free(&tmp);
	return rc;
}

/* The same from the CV's markdown md (cv_for_pdf's), cv_pdf.h. */
int
cv_pdf_of(const struct app *app, const struct cv_variant *v, enum lang l,
    const struct buf *md, cmark_node *shared, struct buf *out)
{
	struct pdf p;
	struct pdf_ua_meta meta = { .artifacts = &cv_pdf_artifacts };
	struct buf title, rel;
	cairo_surface_t *s;
	cmark_node *doc = NULL;
	cairo_status_t st;
	size_t	 i, k, from = out->len;
	char	 path[256], tmp[64];
	int	 rc = -1;

	memset(&p, 0, sizeof(p));
	p.app = app;
	p.variant = v;
	p.l = l;
	if (v != NULL)
		cv_variant_path(app, v, l, CV_FORM_PDF, path, sizeof(path));
	else	/* lang_path gives its argument in the default language */
		snprintf(path, sizeof(path), "%s", lang_path(app->langs, l,
		    site_doc_path(DOC_CV_PDF), tmp, sizeof(tmp)));
	if (!fits(md->len)) {
		cv_pdf_left_out(path, md->len);
		return 1;
	}
	if ((p.pc = cv_fonts_context(lang_code(app->langs, l))) == NULL ||
	    (p.pc_rtl = cv_fonts_context(lang_code(app->langs, l))) ==
	    NULL) {
		warnx("%s: fontconfig could not load its configuration",
		    path);
		if (p.pc != NULL)
			g_object_unref(p.pc);
		return -1;
	}
	pango_context_set_base_dir(p.pc_rtl, PANGO_DIRECTION_RTL);
	p.rtl = labels_rtl(app->labels, l);
	if ((doc = shared) == NULL)
		doc = cmark_parse_document(md->data, md->len,
		    CMARK_OPT_DEFAULT);
	if (doc == NULL) {
		g_object_unref(p.pc);
		g_object_unref(p.pc_rtl);
		return -1;
	}
	s = cairo_pdf_surface_create_for_stream(write_out, out, PAGE_W,
	    PAGE_H);
	p.cr = cairo_create(s);
	pango_cairo_update_context(p.cr, p.pc);
	pango_cairo_update_context(p.cr, p.pc_rtl);
	buf_init(&title);
	buf_init(&rel);
	metadata(&p, s, &title, &rel, &meta);
	p.bullet = cv_pdf_small_layout(&p, cv_pdf_styles[BLK_ITEM].size,
	    "\xe2\x80\xa2");
	if (cv_lang_texts(app, l, &p.foreign) == -1)
		p.oom = 1;
	cv_pdf_portrait_load(&p, v == NULL && l == LANG_DEFAULT);
	p.head = 1;
	add_blocks(&p, doc, BLK_TEXT);
	if (!p.oom && p.n > 0) {
		flow(&p, 0);
		flow(&p, 1);
	}
	cairo_destroy(p.cr);
	cairo_surface_finish(s);
	st = cairo_surface_status(s);
	cairo_surface_destroy(s);
	for (i = 0; i < p.n; i++) {
		g_object_unref(p.b[i].layout);
		for (k = 0; k < p.b[i].nlinks; k++)
			free(p.b[i].links[k].uri);
		free(p.b[i].links);
		free(p.b[i].langs);
	}
	cv_lang_texts_free(&p.foreign);
	if (p.portrait != NULL)
		cairo_surface_destroy(p.portrait);
	free(p.b);
	g_object_unref(p.bullet);
	g_object_unref(p.pc);
	g_object_unref(p.pc_rtl);
	if (shared == NULL)
		cmark_node_free(doc);
	meta.attrs = p.attrs;
	meta.nattrs = p.nattrs;
	meta.nelems = p.nelems;
	if (st != CAIRO_STATUS_SUCCESS)
		warnx("cv.pdf (%s): cairo: %s", lang_code(app->langs, l),
		    cairo_status_to_string(st));
	else if (!p.oom && !out->oom && out->len > from &&
	    pdf_ua_catalog(out, &meta) != -1)
		rc = 0;
	free(p.attrs);
	buf_free(&title);
	buf_free(&rel);
	return rc;
}
