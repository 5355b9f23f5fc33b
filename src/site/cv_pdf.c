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
 * annotations (cairo's link tags) over the words they cover.
 *
 * The blocks are placed on A4 pages twice: once to count the pages
 * (the footer says "2 / 3"), once to draw.  A heading never ends a
 * page: it goes to the next one with the first lines of what follows
 * it (an entry's heading with its one-line "employer · dates" and the
 * first line after that).
 *
 * The document's language is the catalog's /Lang, which cairo (1.16,
 * 1.18) cannot write: pdf_lang_set (pdf_lang.c) appends an incremental
 * update that replaces the catalog.
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
#include "site/cv.h"
#include "site/cv_fonts.h"
#include "site/cv_pdf.h"
#include "site/pdf_lang.h"

#define PAGE_W		595.28	/* A4, in points */
#define PAGE_H		841.89
#define MARGIN_X	50.0
#define MARGIN_TOP	44.0
#define MARGIN_BOTTOM	54.0
#define TEXT_W		(PAGE_W - 2 * MARGIN_X)
#define TEXT_BOTTOM	(PAGE_H - MARGIN_BOTTOM)
#define FOOTER_Y	(PAGE_H - 34.0)
#define INDENT		12.0	/* list items and quotes */
#define LINE_SPACING	1.15

/* The colours of the site's light theme (layout.c). */
static const double fg[3] = { 0x1d / 255.0, 0x1b / 255.0, 0x19 / 255.0 };
static const double muted[3] = { 0x5c / 255.0, 0x56 / 255.0, 0x50 / 255.0 };
static const double accent[3] = { 0x8a / 255.0, 0x3b / 255.0, 0x12 / 255.0 };

enum blk {
	BLK_TITLE,		/* # the name */
	BLK_LEAD,		/* the paragraph after it */
	BLK_SECTION,		/* ## a section */
	BLK_ENTRY,		/* ### an entry */
	BLK_TEXT,
	BLK_ITEM,		/* a list item's paragraph */
	BLK_QUOTE,
	BLK__MAX
};

static const struct style {
	double	 size;		/* points */
	double	 before;	/* space above, but at a page's top */
	double	 indent;
	int	 bold, italic;
	int	 keep;		/* never the last block of a page */
	const double *colour;
} styles[BLK__MAX] = {
	[BLK_TITLE] = { 19, 0, 0, 1, 0, 1, fg },
	[BLK_LEAD] = { 10.5, 3, 0, 0, 0, 0, fg },
	[BLK_SECTION] = { 12, 13, 0, 1, 0, 1, accent },
	[BLK_ENTRY] = { 10, 7, 0, 1, 0, 1, fg },
	[BLK_TEXT] = { 9, 3, 0, 0, 0, 0, fg },
	[BLK_ITEM] = { 9, 2, INDENT, 0, 0, 0, fg },
	[BLK_QUOTE] = { 9, 3, INDENT, 0, 1, 0, muted },
};

struct link {
	unsigned int start, end;	/* bytes of the block's text */
	char	*uri;
};

struct block {
	enum blk kind;
	int	 bullet;		/* a list item's first paragraph */
	int	 rtl;			/* set right to left */
	PangoLayout *layout;
	struct link *links;
	size_t	 nlinks;
};

struct pdf {
	const struct app *app;
	enum lang l;
	int	 rtl;			/* the language is written RTL */
	PangoContext *pc, *pc_rtl;	/* base direction LTR, RTL */
	cairo_t	*cr;
	PangoLayout *bullet;		/* "•" */
	struct block *b;
	size_t	 n, cap;
	int	 oom;
	int	 page, pages;		/* the page being placed, the count */
	double	 y;			/* where the next line goes */
};

static PangoLayout *small_layout(struct pdf *, double, const char *);

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
			    (guint16)(accent[0] * 65535),
			    (guint16)(accent[1] * 65535),
			    (guint16)(accent[2] * 65535));
			break;
		default:
			continue;
		}
		a->start_index = (guint)start;
		a->end_index = (guint)t->len;
		pango_attr_list_insert(al, a);
	}
}

/* Adds the block of node n (a heading or a paragraph) as kind. */
static void
add_block(struct pdf *p, cmark_node *n, enum blk kind, int bullet)
{
	const struct style *st = &styles[kind];
	PangoFontDescription *fd;
	PangoAttrList *al;
	struct block *bk;
	struct buf t;

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
	fd = cv_fonts_desc(st->size, st->bold, st->italic);
	pango_layout_set_font_description(bk->layout, fd);
	pango_font_description_free(fd);
	pango_layout_set_width(bk->layout,
	    (int)((TEXT_W - st->indent) * PANGO_SCALE));
	pango_layout_set_wrap(bk->layout, PANGO_WRAP_WORD_CHAR);
	pango_layout_set_line_spacing(bk->layout, LINE_SPACING);
	pango_layout_set_text(bk->layout, t.data, (int)t.len);
	pango_layout_set_attributes(bk->layout, al);
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
	return styles[p->b[i].kind].keep || (i > 0 &&
	    p->b[i - 1].kind == BLK_ENTRY &&
	    pango_layout_get_line_count(p->b[i].layout) == 1);
}

/* Draws the footer of the page being placed: the name, "n / N". */
static void
footer(struct pdf *p)
{
	PangoLayout *ly;
	char	 num[32];
	int	 w;

	/* The name at the start of the line, the number at its end:
	 * mirrored in a language written right to left. */
	cairo_set_source_rgb(p->cr, muted[0], muted[1], muted[2]);
	ly = small_layout(p, 8, json_str(p->app->model->profile.obj[p->l],
	    "name"));
	pango_layout_get_size(ly, &w, NULL);
	cairo_move_to(p->cr, p->rtl ? PAGE_W - MARGIN_X - (double)w /
	    PANGO_SCALE : MARGIN_X, FOOTER_Y);
	pango_cairo_show_layout(p->cr, ly);
	snprintf(num, sizeof(num), "%d / %d", p->page, p->pages);
	pango_layout_set_text(ly, num, -1);
	pango_layout_get_size(ly, &w, NULL);
	cairo_move_to(p->cr, p->rtl ? MARGIN_X : PAGE_W - MARGIN_X -
	    (double)w / PANGO_SCALE, FOOTER_Y);
	pango_cairo_show_layout(p->cr, ly);
	g_object_unref(ly);
}

/* Ends the page being placed (drawn: its footer) and starts the next. */
static void
new_page(struct pdf *p, int draw)
{
	if (draw) {
		footer(p);
		cairo_show_page(p->cr);
	}
	p->page++;
	p->y = MARGIN_TOP;
}

/* Writes into out the link attributes of cairo's tag: the area and
 * the URI, quoted with ' and \ escaped.  Returns 0, or -1. */
static int
link_attrs(struct buf *out, double x, double y, double w, double h,
    const char *uri)
{
	/* Whole points: %g would follow LC_NUMERIC's decimal point. */
	buf_printf(out, "rect=[%d %d %d %d] uri='", (int)x, (int)y,
	    (int)(w + 1.5), (int)(h + 0.5));
	for (; *uri != '\0'; uri++) {
		if (*uri == '\'' || *uri == '\\')
			buf_putc(out, '\\');
		buf_putc(out, *uri);
	}
	buf_putc(out, '\'');
	return out->oom || buf_cstr(out) == NULL ? -1 : 0;
}

/* Tags the parts of block bk's links on line ln, drawn from x with its
 * top at y and h high, as link annotations. */
static void
tag_links(struct pdf *p, const struct block *bk, PangoLayoutLine *ln,
    double x, double y, double h)
{
	const struct link *lk;
	struct buf a;
	int	*r, nr, i, s, e;
	size_t	 k;

	for (k = 0; k < bk->nlinks; k++) {
		lk = &bk->links[k];
		s = (int)lk->start > ln->start_index ? (int)lk->start :
		    ln->start_index;
		e = (int)lk->end < ln->start_index + ln->length ?
		    (int)lk->end : ln->start_index + ln->length;
		if (s >= e)
			continue;
		pango_layout_line_get_x_ranges(ln, s, e, &r, &nr);
		for (i = 0; i < nr; i++) {
			buf_init(&a);
			if (link_attrs(&a, x + (double)r[2 * i] / PANGO_SCALE,
			    y, (double)(r[2 * i + 1] - r[2 * i]) / PANGO_SCALE,
			    h, lk->uri) == 0) {
				cairo_tag_begin(p->cr, CAIRO_TAG_LINK, a.data);
				cairo_tag_end(p->cr, CAIRO_TAG_LINK);
			} else
				p->oom = 1;
			buf_free(&a);
		}
		g_free(r);
	}
}

/* Places block bk's lines from p->y, drawing them when draw is set,
 * and starts a page where one does not fit. */
static void
place_lines(struct pdf *p, const struct block *bk, int draw)
{
	const struct style *st = &styles[bk->kind];
	PangoLayoutIter *it = pango_layout_get_iter(bk->layout);
	PangoLayoutLine *ln;
	PangoRectangle lr;
	double	 x0 = MARGIN_X + (bk->rtl ? 0 : st->indent), x, h, base;
	int	 y0, y1, w, first = 1;

	do {
		ln = pango_layout_iter_get_line_readonly(it);
		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		/* the line's place in the layout: its alignment */
		pango_layout_iter_get_line_extents(it, NULL, &lr);
		x = x0 + (double)lr.x / PANGO_SCALE;
		h = (double)(y1 - y0) / PANGO_SCALE;
		if (p->y + h > TEXT_BOTTOM && p->y > MARGIN_TOP)
			new_page(p, draw);
		base = p->y + (double)(pango_layout_iter_get_baseline(it) -
		    y0) / PANGO_SCALE;
		if (draw) {
			cairo_set_source_rgb(p->cr, st->colour[0],
			    st->colour[1], st->colour[2]);
			if (first && bk->bullet) {
				pango_layout_get_size(p->bullet, &w, NULL);
				cairo_move_to(p->cr, bk->rtl ? MARGIN_X +
				    TEXT_W - 2 - (double)w / PANGO_SCALE :
				    MARGIN_X + 2, base);
				pango_cairo_show_layout_line(p->cr,
				    pango_layout_get_line_readonly(p->bullet,
				    0));
			}
			cairo_move_to(p->cr, x, base);
			pango_cairo_show_layout_line(p->cr, ln);
			tag_links(p, bk, ln, x, p->y, h);
		}
		p->y += h;
		first = 0;
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	if (bk->kind == BLK_SECTION) {	/* a rule under the section's name */
		if (draw) {
			cairo_set_source_rgb(p->cr, accent[0], accent[1],
			    accent[2]);
			cairo_set_line_width(p->cr, 0.6);
			cairo_move_to(p->cr, MARGIN_X, p->y + 1.5);
			cairo_line_to(p->cr, MARGIN_X + TEXT_W, p->y + 1.5);
			cairo_stroke(p->cr);
		}
		p->y += 3;
	}
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
	for (i = 0; i < p->n; i++) {
		st = &styles[p->b[i].kind];
		need = 0;
		for (j = i; j + 1 < p->n && keeps(p, j); j++)
			need += (j > i ? styles[p->b[j].kind].before : 0) +
			    lines_height(p->b[j].layout, 0);
		need += (j > i ? styles[p->b[j].kind].before : 0) +
		    lines_height(p->b[j].layout, 2);
		if (p->y > MARGIN_TOP && p->y + st->before + need >
		    TEXT_BOTTOM)
			new_page(p, draw);
		else if (p->y > MARGIN_TOP)
			p->y += st->before;
		place_lines(p, &p->b[i], draw);
	}
	if (draw)
		footer(p);
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

/* A layout of text in the body's font at size points, or NULL. */
static PangoLayout *
small_layout(struct pdf *p, double size, const char *text)
{
	PangoFontDescription *fd;
	PangoLayout *ly;

	ly = pango_layout_new(p->pc);
	fd = cv_fonts_desc(size, 0, 0);
	pango_layout_set_font_description(ly, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(ly, text, -1);
	return ly;
}

/* Sets the document's title, author, subject and creator. */
static void
metadata(struct pdf *p, cairo_surface_t *s)
{
	const cJSON *o = p->app->model->profile.obj[p->l];
	struct buf t;

	buf_init(&t);
	buf_printf(&t, "%s \xe2\x80\x94 %s", json_str(o, "name"),
	    site_page_label(p->app, SITE_CV, p->l));
	if (t.oom || buf_cstr(&t) == NULL) {
		p->oom = 1;
		return;
	}
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_TITLE, t.data);
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_AUTHOR,
	    json_str(o, "name"));
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_SUBJECT,
	    json_str(o, "headline"));
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATOR,
	    "perfil");
	/* No creation date (cairo's default is now): the same content
	 * makes the same bytes, and the same ETag, in every worker and
	 * after every reload. */
	cairo_pdf_surface_set_metadata(s, CAIRO_PDF_METADATA_CREATE_DATE, "");
	buf_free(&t);
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
	struct buf md;
	int	 ok;

	buf_init(&md);
	cv_page(app, CV_FOR_PDF, l, &md);
	ok = !md.oom && fits(md.len);
	buf_free(&md);
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
	struct pdf p;
	struct buf md;
	cairo_surface_t *s;
	cmark_node *doc = NULL;
	cairo_status_t st;
	size_t	 i, k, from = out->len;
	char	 path[32];
	int	 rc = -1;

	memset(&p, 0, sizeof(p));
	p.app = app;
	p.l = l;
	buf_init(&md);
	cv_page(app, CV_FOR_PDF, l, &md);
	if (!md.oom && !fits(md.len)) {
		warnx("warning: %s left out: the CV is %zu KiB of text, more "
		    "than the %zu KiB a PDF is made from",
		    lang_path(app->langs, l, site_doc_path(DOC_CV_PDF), path,
		    sizeof(path)),
		    md.len / 1024, (size_t)CV_PDF_MAX / 1024);
		buf_free(&md);
		return 1;
	}
	if ((p.pc = cv_fonts_context(lang_code(app->langs, l))) == NULL ||
	    (p.pc_rtl = cv_fonts_context(lang_code(app->langs, l))) ==
	    NULL) {
		warnx("%s: fontconfig could not load its configuration",
		    lang_path(app->langs, l, site_doc_path(DOC_CV_PDF), path,
		    sizeof(path)));
		if (p.pc != NULL)
			g_object_unref(p.pc);
		buf_free(&md);
		return -1;
	}
	pango_context_set_base_dir(p.pc_rtl, PANGO_DIRECTION_RTL);
	p.rtl = labels_rtl(app->labels, l);
	if (md.oom || buf_cstr(&md) == NULL ||
	    (doc = cmark_parse_document(md.data, md.len,
	    CMARK_OPT_DEFAULT)) == NULL) {
		g_object_unref(p.pc);
		g_object_unref(p.pc_rtl);
		buf_free(&md);
		return -1;
	}
	buf_free(&md);
	s = cairo_pdf_surface_create_for_stream(write_out, out, PAGE_W,
	    PAGE_H);
	p.cr = cairo_create(s);
	pango_cairo_update_context(p.cr, p.pc);
	pango_cairo_update_context(p.cr, p.pc_rtl);
	metadata(&p, s);
	p.bullet = small_layout(&p, styles[BLK_ITEM].size, "\xe2\x80\xa2");
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
	}
	free(p.b);
	g_object_unref(p.bullet);
	g_object_unref(p.pc);
	g_object_unref(p.pc_rtl);
	cmark_node_free(doc);
	if (st != CAIRO_STATUS_SUCCESS)
		warnx("cv.pdf (%s): cairo: %s", lang_code(app->langs, l),
		    cairo_status_to_string(st));
	else if (!p.oom && !out->oom && out->len > from &&
	    pdf_lang_set(out, lang_code(app->langs, l)) != -1)
		rc = 0;
	return rc;
}
