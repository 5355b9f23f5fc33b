/*
 * cv_pdf_draw.c: the CV's PDF drawn and tagged, line by line.
 *
 * cv_pdf.c makes the blocks and decides where each goes; this file
 * draws a block's lines, its list bullet and the page footer, and
 * tags what it draws with cairo's structure tags (cairo_tag_begin), so
 * that the PDF is a tagged one (ISO 32000-1, 14.8; PDF/UA-1): cairo
 * writes the structure tree, the parent tree, the marked content and
 * /MarkInfo; the rest of what PDF/UA asks of the catalog is pdf_ua.c's.
 *
 * The tree: Document, then per block its element (cv_pdf_styles: H1
 * the name, H2 a section, H3 an entry, P a paragraph), the paragraphs
 * of a list in L > LI > (Lbl the bullet, LBody), of a quote in
 * BlockQuote.  cairo 1.16 marks only the content of a leaf element:
 * a block with links, or with words in another language, is a P whose
 * lines are Span and Link leaves (each Link holds its words and its
 * annotation; the words in another language a leaf of their own, its
 * language recorded for pdf_ua.c), and no element is left
 * open over a page break, so the footer and the rules under section
 * names stay outside every element.  cairo 1.16 has no Artifact tag:
 * pdf_artifact.c marks them as artifacts afterwards.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cairo.h>
#include <pango/pangocairo.h>

#include "base/json.h"
#include "base/util.h"
#include "site/cv_fonts.h"
#include "site/cv_pdf_int.h"

/* The colours of the site's light theme (layout.c). */
static const double fg[3] = { 0x1d / 255.0, 0x1b / 255.0, 0x19 / 255.0 };
static const double muted[3] = { 0x5c / 255.0, 0x56 / 255.0, 0x50 / 255.0 };
const double cv_pdf_accent[3] = { 0x8a / 255.0, 0x3b / 255.0, 0x12 / 255.0 };

const struct style cv_pdf_styles[BLK__MAX] = {
	[BLK_TITLE] = { 19, 0, 0, 1, 0, 1, fg, "H1", NULL },
	[BLK_LEAD] = { 10.5, 3, 0, 0, 0, 0, fg, "P", NULL },
	[BLK_SECTION] = { 12, 13, 0, 1, 0, 1, cv_pdf_accent, "H2", NULL },
	[BLK_ENTRY] = { 10, 7, 0, 1, 0, 1, fg, "H3", NULL },
	[BLK_TEXT] = { 9, 3, 0, 0, 0, 0, fg, "P", NULL },
	[BLK_ITEM] = { 9, 2, INDENT, 0, 0, 0, fg, "P", "L" },
	[BLK_QUOTE] = { 9, 3, INDENT, 0, 1, 0, muted, "P", "BlockQuote" },
};

/*
 * Gives the glyphs of run gi (in visual order) the clusters of the text
 * a PDF reader extracts, and returns nothing: each glyph the grapheme of
 * its character (where it starts: start[], by byte of the layout's len
 * bytes), and a grapheme whose last glyph is drawn away from its pen
 * position (a mark placed by its anchor: x_offset) one cluster with the
 * next.  A reader takes a cluster's text as spanning its glyphs from the
 * first one's origin to the last one's advance: a mark that ends it
 * short of the next glyph leaves a gap that reads as a space ("के ट").
 * Every glyph of a cluster carries its first byte, the least in both
 * directions (PangoGlyphItemIter's clusters).
 */
static void
run_clusters(PangoGlyphItem *gi, const int *start, size_t len)
{
	PangoGlyphString *gs = gi->glyphs;
	int	*lc = gs->log_clusters, base = gi->item->offset;
	int	 i, k, g0 = 0, least, off;
	int	 rtl = gi->item->analysis.level % 2;

	for (i = 0; i < gs->num_glyphs; i++) {
		off = base + lc[i];
		if (off >= 0 && (size_t)off < len && start[off] >= base)
			lc[i] = start[off] - base;
	}
	for (i = 1; i <= gs->num_glyphs; i++) {
		if (i < gs->num_glyphs && (lc[i] == lc[i - 1] ||
		    gs->glyphs[i - 1].geometry.x_offset != 0))
			continue;
		/* glyphs g0 to i - 1 are one cluster */
		for (least = lc[g0], k = g0; k < i; k++)
			least = lc[k] < least ? lc[k] : least;
		for (k = g0; k < i; k++) {
			lc[k] = least;
			gs->glyphs[k].attr.is_cluster_start = k == (rtl ?
			    i - 1 : g0);
		}
		g0 = i;
	}
}

/*
 * Makes the glyph clusters of layout ly those of the text a PDF reader
 * should extract (run_clusters), so that cairo writes a cluster of
 * several glyphs with its text as one ActualText span (ISO 32000-1,
 * 14.9.4).  pango shapes by character: a mark is a cluster of its own,
 * a glyph that does not advance, and a reader that rebuilds words from
 * glyph positions (poppler's pdftotext) takes it for a character that
 * overlaps the next and breaks the word there ("ข้ อมูล").
 * pango_layout_get_lines lets the caller change a line's glyphs; their
 * positions stay as shaped.  Sets p->oom out of memory.
 */
void
cv_pdf_graphemes(struct pdf *p, PangoLayout *ly)
{
	const PangoLogAttr *la;
	const char *text = pango_layout_get_text(ly), *c, *e;
	GSList	*l, *r;
	size_t	 len = strlen(text);
	int	*start, n, k, g = 0;

	la = pango_layout_get_log_attrs_readonly(ly, &n);
	if ((start = calloc(len + 1, sizeof(*start))) == NULL) {
		p->oom = 1;
		return;
	}
	/* start[b]: where the grapheme holding byte b starts */
	for (c = text, k = 0; *c != '\0'; k++) {
		e = g_utf8_next_char(c);
		if (k < n && la[k].is_cursor_position)
			g = (int)(c - text);
		for (; c < e && *c != '\0'; c++)
			start[c - text] = g;
	}
	for (l = pango_layout_get_lines(ly); l != NULL; l = l->next)
		for (r = ((PangoLayoutLine *)l->data)->runs; r != NULL;
		    r = r->next)
			run_clusters(r->data, start, len);
	free(start);
}

/*
 * What this file draws outside every structure element (cv_pdf_place,
 * cv_pdf_footer), typed when pdf_artifact.c marks it as an artifact
 * (ISO 32000-1, 14.8.2.2.2): text only in the footer (the name, "n /
 * N"), paths only in the rules under section names.
 */
const struct pdf_artifact_kinds cv_pdf_artifacts = {
	.text = "<< /Type /Pagination /Subtype /Footer >>",
	.path = "<< /Type /Layout >>",
};

/*
 * Opens the structure element name (cairo's tag, attributes attrs) and
 * counts it; lang, when not NULL, is its language, and alt its
 * alternate description, which cairo ignores on a tag: recorded for
 * pdf_ua.c, which writes them on the element it finds by that count.
 * Sets p->oom out of memory.
 */
void
cv_pdf_tag_open(struct pdf *p, const char *name, const char *attrs,
    const char *lang, const char *alt)
{
	struct pdf_ua_attr *e;

	if (lang != NULL || alt != NULL) {
		e = reallocarray(p->attrs, p->nattrs + 1, sizeof(*e));
		if (e == NULL)
			p->oom = 1;
		else {
			p->attrs = e;
			e[p->nattrs].index = p->nelems;
			e[p->nattrs].role = name;
			e[p->nattrs].lang = lang;
			e[p->nattrs++].alt = alt;
		}
	}
	p->nelems++;
	cairo_tag_begin(p->cr, name, attrs);
}

/* The same without a description. */
void
cv_pdf_tag_begin(struct pdf *p, const char *name, const char *attrs,
    const char *lang)
{
	cv_pdf_tag_open(p, name, attrs, lang, NULL);
}

/* A layout of text in the body's font at size points. */
PangoLayout *
cv_pdf_small_layout(struct pdf *p, double size, const char *text)
{
	PangoFontDescription *fd;
	PangoLayout *ly;

	ly = pango_layout_new(p->pc);
	fd = cv_fonts_desc(p->pc, size, 0, 0);
	pango_layout_set_font_description(ly, fd);
	pango_font_description_free(fd);
	pango_layout_set_text(ly, text, -1);
	cv_pdf_graphemes(p, ly);
	return ly;
}

/* Draws the footer of the page being placed: the name, "n / N". */
void
cv_pdf_footer(struct pdf *p)
{
	PangoLayout *ly;
	char	 num[32];
	int	 w;

	/* The name at the start of the line, the number at its end:
	 * mirrored in a language written right to left. */
	cairo_set_source_rgb(p->cr, muted[0], muted[1], muted[2]);
	ly = cv_pdf_small_layout(p, 8,
	    json_str(p->app->model->profile.obj[p->l], "name"));
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
void
cv_pdf_new_page(struct pdf *p, int draw)
{
	if (draw) {
		cv_pdf_footer(p);
		cairo_show_page(p->cr);
	}
	p->page++;
	p->y = MARGIN_TOP;
}

/* Closes the list item and the group element that are open. */
void
cv_pdf_tags_end(struct pdf *p)
{
	if (p->item) {
		cairo_tag_end(p->cr, "LBody");
		cairo_tag_end(p->cr, "LI");
		p->item = 0;
	}
	if (p->group != NULL) {
		cairo_tag_end(p->cr, p->group);
		p->group = NULL;
	}
}

/* Opens the elements around block bk: its group (L, BlockQuote) when
 * another is open, its list item (LI) at its bullet.  The LBody of a
 * bulleted item opens after its Lbl (place_lines). */
static void
tags_begin(struct pdf *p, const struct block *bk)
{
	const char *g = cv_pdf_styles[bk->kind].group;

	if (p->group != NULL && (g == NULL || strcmp(g, p->group) != 0))
		cv_pdf_tags_end(p);
	else if (p->item && bk->bullet) {
		cairo_tag_end(p->cr, "LBody");
		cairo_tag_end(p->cr, "LI");
		p->item = 0;
	}
	if (g != NULL && p->group == NULL) {
		cv_pdf_tag_begin(p, g, NULL, NULL);
		p->group = g;
	}
	if (bk->kind == BLK_ITEM && !p->item) {
		cv_pdf_tag_begin(p, "LI", NULL, NULL);
		p->item = 1;
		if (!bk->bullet)
			cv_pdf_tag_begin(p, "LBody", NULL, NULL);
	}
}

/* A run of glyphs of a line, where it is drawn. */
struct run {
	PangoGlyphItem *gi;
	double	 x, w;		/* points */
	int	 link;		/* the block's link it shows, or -1 */
	const char *lang;	/* its language when not the page's */
};

/* Writes into out the link attributes of cairo's tag: the areas of
 * the n runs in r, y to y + h, and the URI, quoted with ' and \
 * escaped. */
static void
link_attrs(struct buf *out, const struct run *r, size_t n, double y,
    double h, const char *uri)
{
	size_t	 i;

	/* Whole points: %g would follow LC_NUMERIC's decimal point. */
	buf_puts(out, "rect=[");
	for (i = 0; i < n; i++)
		buf_printf(out, "%s%d %d %d %d", i > 0 ? " " : "",
		    (int)r[i].x, (int)y, (int)(r[i].w + 1.5), (int)(h + 0.5));
	buf_puts(out, "] uri='");
	for (; *uri != '\0'; uri++) {
		if (*uri == '\'' || *uri == '\\')
			buf_putc(out, '\\');
		buf_putc(out, *uri);
	}
	buf_putc(out, '\'');
}

static int
run_cmp(const void *a, const void *b)
{
	const struct run *x = a, *y = b;

	return x->gi->item->offset - y->gi->item->offset;
}

/* The language of the text at byte off of block bk when it is not the
 * page's (bk->langs), else NULL. */
static const char *
lang_at(const struct block *bk, int off)
{
	size_t	 k;

	for (k = 0; k < bk->nlangs; k++)
		if ((unsigned int)off >= bk->langs[k].start &&
		    (unsigned int)off < bk->langs[k].end)
			return bk->langs[k].lang;
	return NULL;
}

/* The link of block bk that the text at byte off belongs to, or -1. */
static int
link_at(const struct block *bk, int off)
{
	size_t	 k;

	for (k = 0; k < bk->nlinks; k++)
		if ((unsigned int)off >= bk->links[k].start &&
		    (unsigned int)off < bk->links[k].end)
			return (int)k;
	return -1;
}

/*
 * Draws line ln of block bk (which has links or words in another
 * language) from x on baseline base, its top at y and h high, run by
 * run: in the order of the text, the runs of one link in a Link element
 * (its words and its annotation), the others in Span elements, an
 * element for each language; each run where pango placed it.
 */
static void
draw_runs(struct pdf *p, const struct block *bk, PangoLayoutLine *ln,
    double x, double base, double y, double h)
{
	const double *c;
	const char *text = pango_layout_get_text(bk->layout);
	struct run *r;
	struct buf a;
	GSList	*g;
	size_t	 n, i, j, k;

	n = g_slist_length(ln->runs);
	if (n == 0 || (r = calloc(n, sizeof(*r))) == NULL) {
		p->oom |= n > 0;
		return;
	}
	for (g = ln->runs, i = 0; g != NULL; g = g->next, i++) {
		r[i].gi = g->data;
		r[i].x = x;
		r[i].w = (double)pango_glyph_string_get_width(
		    r[i].gi->glyphs) / PANGO_SCALE;
		r[i].link = link_at(bk, r[i].gi->item->offset);
		r[i].lang = lang_at(bk, r[i].gi->item->offset);
		x += r[i].w;
	}
	qsort(r, n, sizeof(*r), run_cmp);	/* visual to logical */
	for (i = 0; i < n; i = j) {
		for (j = i + 1; j < n && r[j].link == r[i].link &&
		    r[j].lang == r[i].lang; j++)
			;
		if (r[i].link < 0)
			cv_pdf_tag_begin(p, "Span", NULL, r[i].lang);
		else {
			buf_init(&a);
			link_attrs(&a, r + i, j - i, y, h,
			    bk->links[r[i].link].uri);
			if (a.oom || buf_cstr(&a) == NULL) {
				p->oom = 1;
				buf_free(&a);
				break;
			}
			cv_pdf_tag_begin(p, CAIRO_TAG_LINK, a.data,
			    r[i].lang);
			buf_free(&a);
		}
		c = r[i].link < 0 ? cv_pdf_styles[bk->kind].colour :
		    cv_pdf_accent;
		cairo_set_source_rgb(p->cr, c[0], c[1], c[2]);
		for (k = i; k < j; k++) {
			cairo_move_to(p->cr, r[k].x, base);
			pango_cairo_show_glyph_item(p->cr, text, r[k].gi);
		}
		cairo_tag_end(p->cr, r[i].link < 0 ? "Span" : CAIRO_TAG_LINK);
	}
	free(r);
}

/* Draws the bullet of a list item's first line, on baseline base, as
 * its Lbl, and opens the item's LBody. */
static void
draw_bullet(struct pdf *p, const struct block *bk, double base)
{
	const double *c = cv_pdf_styles[bk->kind].colour;
	int	 w;

	cv_pdf_tag_begin(p, "Lbl", NULL, NULL);
	cairo_set_source_rgb(p->cr, c[0], c[1], c[2]);
	pango_layout_get_size(p->bullet, &w, NULL);
	cairo_move_to(p->cr, bk->rtl ? MARGIN_X + TEXT_W - 2 -
	    (double)w / PANGO_SCALE : MARGIN_X + 2, base);
	pango_cairo_show_layout_line(p->cr,
	    pango_layout_get_line_readonly(p->bullet, 0));
	cairo_tag_end(p->cr, "Lbl");
	cv_pdf_tag_begin(p, "LBody", NULL, NULL);
}

/*
 * Places block bk's lines from p->y, drawing and tagging them when
 * draw is set, and starts a page where one does not fit.  The block's
 * element closes before a page ends and a new one of its kind opens
 * on the next page: the footer is in no element.
 */
void
cv_pdf_place(struct pdf *p, const struct block *bk, int draw)
{
	const struct style *st = &cv_pdf_styles[bk->kind];
	PangoLayoutIter *it = pango_layout_get_iter(bk->layout);
	PangoLayoutLine *ln;
	PangoRectangle lr;
	double	 x0 = MARGIN_X + bk->shift + (bk->rtl ? 0 : st->indent);
	double	 x, h, base;
	int	 y0, y1, first = 1, open = 0;

	if (draw)
		tags_begin(p, bk);
	do {
		ln = pango_layout_iter_get_line_readonly(it);
		pango_layout_iter_get_line_yrange(it, &y0, &y1);
		/* the line's place in the layout: its alignment */
		pango_layout_iter_get_line_extents(it, NULL, &lr);
		x = x0 + (double)lr.x / PANGO_SCALE;
		h = (double)(y1 - y0) / PANGO_SCALE;
		if (p->y + h > TEXT_BOTTOM && p->y > MARGIN_TOP) {
			if (open)
				cairo_tag_end(p->cr, st->tag);
			open = 0;
			cv_pdf_new_page(p, draw);
		}
		base = p->y + (double)(pango_layout_iter_get_baseline(it) -
		    y0) / PANGO_SCALE;
		if (draw) {
			if (first && bk->bullet)
				draw_bullet(p, bk, base);
			if (!open)
				cv_pdf_tag_begin(p, st->tag, NULL, NULL);
			open = 1;
			if (bk->nlinks > 0 || bk->nlangs > 0)
				draw_runs(p, bk, ln, x, base, p->y, h);
			else {
				cairo_set_source_rgb(p->cr, st->colour[0],
				    st->colour[1], st->colour[2]);
				cairo_move_to(p->cr, x, base);
				pango_cairo_show_layout_line(p->cr, ln);
			}
		}
		p->y += h;
		first = 0;
	} while (pango_layout_iter_next_line(it));
	pango_layout_iter_free(it);
	if (open)
		cairo_tag_end(p->cr, st->tag);
	if (bk->kind == BLK_SECTION) {	/* a rule under the section's name */
		if (draw) {
			cairo_set_source_rgb(p->cr, cv_pdf_accent[0],
			    cv_pdf_accent[1], cv_pdf_accent[2]);
			cairo_set_line_width(p->cr, 0.6);
			cairo_move_to(p->cr, MARGIN_X, p->y + 1.5);
			cairo_line_to(p->cr, MARGIN_X + TEXT_W, p->y + 1.5);
			cairo_stroke(p->cr);
		}
		p->y += 3;
	}
}
