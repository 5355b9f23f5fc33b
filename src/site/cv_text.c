/*
 * cv_text.c: the résumé as plain UTF-8 text (/cv.txt), for applicant
 * tracking systems and anyone who pastes a CV into a form.
 *
 * The text is the markdown of /cv as the PDF gets it (cv_page with
 * CV_FOR_PDF), parsed by cmark and written in reading order without
 * markup: headings on lines of their own after a blank line, paragraphs
 * wrapped, list items as lines starting with "- " (their wrapped lines
 * indented two spaces), a link as its text followed by its address in
 * parentheses when the text is not the address.  Lines are broken where
 * ICU's line breaking allows (spaces in most scripts, between syllables
 * in Thai, between characters in Chinese and Japanese) so that none is
 * longer than CV_TEXT_WIDTH code points; a word longer than that is cut.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <cmark.h>
#include <unicode/ubrk.h>
#include <unicode/utf8.h>
#include <unicode/ustring.h>

#include "site/cv.h"
#include "site/cv_text.h"
#include "site/markdown.h"

/* One paragraph's text gathered before it is wrapped. */
struct para {
	struct buf text;
	const char *locale;
	UBreakIterator *bi;	/* ICU's line breaks in locale, opened once
				 * (about 0.1 ms each) and given each text */
	int	 icu_only;	/* every text through bi (the tests') */
};

/* True when a link's text already says its address: the address
 * itself, or a mailto: or tel: address without its scheme. */
static int
same_text(const char *text, size_t len, const char *url)
{
	if (strncmp(url, "mailto:", 7) == 0)
		url += 7;
	else if (strncmp(url, "tel:", 4) == 0)
		url += 4;
	return strlen(url) == len && memcmp(text, url, len) == 0;
}

/* Appends the inline text of n's children to t: links as "text (url)". */
static void
inline_text(cmark_node *n, struct buf *t)
{
	cmark_node *c;
	const char *s, *url;
	size_t	 from;

	for (c = cmark_node_first_child(n); c != NULL;
	    c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_TEXT:
		case CMARK_NODE_CODE:
			if ((s = cmark_node_get_literal(c)) != NULL)
				buf_puts(t, s);
			break;
		case CMARK_NODE_SOFTBREAK:
		case CMARK_NODE_LINEBREAK:
			buf_putc(t, ' ');
			break;
		case CMARK_NODE_LINK:
			from = t->len;
			inline_text(c, t);
			url = cmark_node_get_url(c);
			if (url != NULL && *url != '\0' && !t->oom &&
			    !same_text(t->data + from, t->len - from, url))
				buf_printf(t, " (%s)", url);
			break;
		case CMARK_NODE_IMAGE:	/* the portrait: not text */
		case CMARK_NODE_HTML_INLINE:
			break;
		default:		/* emphasis, strong: their words */
			inline_text(c, t);
			break;
		}
	}
}

/* Length in code points of the UTF-16 run [s, s + n). */
static int32_t
u16_points(const UChar *s, int32_t n)
{
	return u_countChar32(s, n);
}

/* Where wrap has copied its text to: a UTF-16 offset of the text and
 * the UTF-8 offset of the same character. */
struct cursor {
	int32_t	 u;
	int32_t	 b;
};

/*
 * Appends to b the UTF-8 text whose UTF-16 run is [c->u, to) (the text
 * wrap converted; valid UTF-8, as u_strFromUTF8 took it), and moves c
 * to to.  Copying from the text itself: converting each run back from
 * UTF-16 was a third of /cv.txt.
 */
static void
put_upto(struct buf *b, const char *text, struct cursor *c, int32_t to)
{
	int32_t	 from = c->b;
	unsigned char lead;

	while (c->u < to) {
		lead = (unsigned char)text[c->b];
		if (lead < 0x80) {
			c->b++;
			c->u++;
		} else if (lead < 0xe0) {
			c->b += 2;
			c->u++;
		} else if (lead < 0xf0) {
			c->b += 3;
			c->u++;
		} else {		/* a surrogate pair in UTF-16 */
			c->b += 4;
			c->u += 2;
		}
	}
	buf_append(b, text + from, (size_t)(c->b - from));
}

/*
 * True when a line may end at i, where ICU's line breaking allows it:
 * after a space, or between two letters of a script written without
 * spaces (Thai, Chinese, Japanese). Not after a hyphen or a slash
 * between ASCII characters, so that an address, a URL or a name such
 * as "Benjumea-Saavedra" stays on one line for the machines that read it.
 */
static int
may_break(const UChar *u, int32_t n, int32_t i)
{
	if (i >= n)
		return 1;
	return u[i - 1] == ' ' || (u[i - 1] >= 0x80 && u[i] >= 0x80);
}

/* Line-breaking classes (UAX #14) of the characters latin_text takes:
 * opening punctuation (OP), quotation marks (QU), and what no line
 * starts with even after a space (CL, CP, EX, IS, SY; LB13). */
#define LB_OP(c)	((c) == '(' || (c) == '[' || (c) == '{' || \
			    (c) == 0xa1 || (c) == 0xbf)
#define LB_QU(c)	((c) == '"' || (c) == '\'' || (c) == 0xab || \
			    (c) == 0xbb || (c) == 0x2018 || (c) == 0x2019 || \
			    (c) == 0x201c || (c) == 0x201d)
#define LB_NO_START(c)	((c) < 0x80 && (c) != 0 && \
			    strchr(")]}!?,.:;/", (c)))
#define LB_IS(c)	((c) == ',' || (c) == '.' || (c) == ':' || (c) == ';')
#define DIGIT(c)	((c) >= '0' && (c) <= '9')

/*
 * Whether u[0..n) holds only printable ASCII, Latin letters (U+00C0-
 * U+017F but the signs U+00D7 and U+00F7) and ¡ « · » ¿ ' ' " ":
 * text whose line breaks latin_break knows without ICU.
 */
static int
latin_text(const UChar *u, int32_t n)
{
	int32_t	 i;
	UChar	 c;

	for (i = 0; i < n; i++) {
		c = u[i];
		if ((c >= 0x20 && c < 0x7f) || (c >= 0xc0 && c <= 0x17f &&
		    c != 0xd7 && c != 0xf7) || LB_OP(c) || LB_QU(c) ||
		    c == 0xb7)
			continue;
		return 0;
	}
	return 1;
}

/*
 * In latin_text u[0..n), whether ICU's line breaking allows a break at
 * i after a space (u[i - 1] == ' '): always (UAX #14's LB18) unless a
 * space or a closing sign follows (LB7, LB13; but a number may start
 * with the sign, as ".5": LB25), or the last character before the
 * spaces opens (LB14) or quotes what opens after them (LB15).  Between
 * two of its characters beyond ASCII ICU never breaks (letters: LB28;
 * quotation marks: LB19; after opening: LB14; before opening: LB30),
 * which is the other place may_break looks.  tests/check_cv_text.c
 * holds it to ICU.
 */
static int
latin_break(const UChar *u, int32_t n, int32_t i)
{
	int32_t	 j = i - 1;

	if (u[i] == ' ' || (LB_NO_START(u[i]) &&
	    !(LB_IS(u[i]) && i + 1 < n && DIGIT(u[i + 1]))))
		return 0;
	while (j >= 0 && u[j] == ' ')
		j--;
	if (j < 0)
		return 1;
	return !LB_OP(u[j]) && !(LB_QU(u[j]) && LB_OP(u[i]));
}

/*
 * The next place after at where a line may end (may_break's, among
 * ICU's line breaks): with latin set, found by latin_break, else ICU's
 * iterator bi, set on u and at at.  n at the end.
 */
static int32_t
next_break(UBreakIterator *bi, const UChar *u, int32_t n, int32_t at,
    int latin)
{
	int32_t	 i;

	if (latin) {
		for (i = at + 1; i < n; i++)
			if (u[i - 1] == ' ' && latin_break(u, n, i))
				return i;
		return at < n ? n : UBRK_DONE;
	}
	while ((i = ubrk_next(bi)) != UBRK_DONE && !may_break(u, n, i))
		continue;
	return i;
}

/* Drops the spaces at the end of b's last line. */
static void
trim_end(struct buf *b, size_t line_start)
{
	while (b->len > line_start && b->data[b->len - 1] == ' ')
		b->len--;
}

/*
 * Writes text as one line after first when it is valid UTF-8 of at
 * most width code points: what wrap would write, without ICU's line
 * breaks (most of the CV's paragraphs are that short; breaking them
 * all was a tenth of a load at 1,000 items per collection).  Returns
 * 1 when written, else 0.
 */
static int
one_line(struct buf *b, const char *text, size_t len, const char *first,
    int32_t width)
{
	int32_t	 i = 0, n = 0;
	UChar32	 c;
	size_t	 line_start = b->len;

	if (len > (size_t)width * 4)
		return 0;
	while (i < (int32_t)len) {
		U8_NEXT(text, i, (int32_t)len, c);
		if (c < 0 || ++n > width)
			return 0;
	}
	buf_puts(b, first);
	buf_append(b, text, len);
	trim_end(b, line_start);
	buf_putc(b, '\n');
	return 1;
}

/*
 * Writes text wrapped to CV_TEXT_WIDTH code points: the first line
 * after first (such as "- "), the others after as many spaces.
 */
static void
wrap(struct buf *b, const char *text, size_t len, const char *first,
    struct para *p)
{
	UChar	*u;
	UBreakIterator *bi = NULL;
	UErrorCode err = U_ZERO_ERROR;
	int32_t	 n, at, next, width, line;
	size_t	 indent = strlen(first), line_start;
	struct cursor cur;
	int	 latin;

	if (len == 0 || (!p->icu_only && one_line(b, text, len, first,
	    CV_TEXT_WIDTH - (int32_t)indent)))
		return;
	if ((u = calloc(len + 1, sizeof(*u))) == NULL) {
		b->oom = 1;
		return;
	}
	u_strFromUTF8(u, (int32_t)len + 1, &n, text, (int32_t)len, &err);
	latin = !U_FAILURE(err) && !p->icu_only && latin_text(u, n);
	if (!U_FAILURE(err) && !latin && p->bi == NULL)
		p->bi = ubrk_open(UBRK_LINE, p->locale, NULL, 0, &err);
	if (!U_FAILURE(err) && !latin && (bi = p->bi) != NULL)
		ubrk_setText(bi, u, n, &err);
	if (U_FAILURE(err) || (!latin && bi == NULL)) {
		free(u);
		b->oom = 1;
		return;
	}
	width = CV_TEXT_WIDTH - (int32_t)indent;
	line_start = b->len;
	buf_puts(b, first);
	line = 0;
	at = latin ? 0 : ubrk_first(bi);
	cur.u = cur.b = 0;
	for (next = next_break(bi, u, n, at, latin); next != UBRK_DONE;
	    next = next_break(bi, u, n, next, latin)) {
		int32_t	 seg, trail = 0;

		seg = u16_points(u + at, next - at);

		/* the spaces a break leaves at a line's end do not count */
		while (trail < next - at && u[next - 1 - trail] == ' ')
			trail++;
		if (line > 0 && line + seg - trail > width) {
			trim_end(b, line_start);
			buf_putc(b, '\n');
			line_start = b->len;
			buf_printf(b, "%*s", (int)indent, "");
			line = 0;
		}
		/* a word longer than a line: cut it where the line ends */
		while (seg - trail > width) {
			int32_t	 cut = at, k = 0;

			while (k < width) {
				U16_FWD_1(u, cut, next);
				k++;
			}
			put_upto(b, text, &cur, cut);
			buf_putc(b, '\n');
			line_start = b->len;
			buf_printf(b, "%*s", (int)indent, "");
			at = cut;
			seg -= width;	/* the code points cut off */
		}
		put_upto(b, text, &cur, next);
		line += seg;
		at = next;
	}
	trim_end(b, line_start);
	buf_putc(b, '\n');
	free(u);
}

/* Writes block n and its children; first: the list item's "- ". */
static void
block(cmark_node *n, struct buf *b, struct para *p, const char *first)
{
	cmark_node *c;
	int	 in_item = first != NULL;

	for (c = cmark_node_first_child(n); c != NULL;
	    c = cmark_node_next(c)) {
		switch (cmark_node_get_type(c)) {
		case CMARK_NODE_HEADING:
			if (b->len > 0)
				buf_putc(b, '\n');
			/* FALLTHROUGH */
		case CMARK_NODE_PARAGRAPH:
			p->text.len = 0;	/* keeps its oom */
			inline_text(c, &p->text);
			wrap(b, p->text.data, p->text.len,
			    in_item ? first : "", p);
			/* the item's further paragraphs: indented */
			if (in_item)
				first = "  ";
			if (cmark_node_get_type(c) == CMARK_NODE_HEADING ||
			    !in_item)
				buf_putc(b, '\n');
			break;
		case CMARK_NODE_CODE_BLOCK: {
			const char *s = cmark_node_get_literal(c);

			if (s != NULL)
				wrap(b, s, strlen(s), "", p);
			break;
		}
		case CMARK_NODE_LIST:
			block(c, b, p, NULL);
			buf_putc(b, '\n');
			break;
		case CMARK_NODE_ITEM:
			block(c, b, p, "- ");
			break;
		case CMARK_NODE_BLOCK_QUOTE:
			block(c, b, p, NULL);
			break;
		default:	/* thematic breaks, HTML blocks: nothing */
			break;
		}
	}
}

/* Collapses the blank lines the blocks leave in a row to one, and ends
 * the text with one newline. */
static void
tidy(struct buf *b, size_t from)
{
	size_t	 i, o = from;
	int	 nl = 2;	/* no blank line at the start */

	for (i = from; i < b->len; i++) {
		if (b->data[i] == '\n') {
			if (++nl > 2)
				continue;
		} else
			nl = 0;
		b->data[o++] = b->data[i];
	}
	while (o > from && b->data[o - 1] == '\n')
		o--;
	b->len = o;
	buf_putc(b, '\n');
}

int
cv_text(const struct app *app, enum lang l, struct buf *out)
{
	return cv_variant_text_doc(app, NULL, l, out);
}

/* The plain text of variant v's CV (NULL: the full one), cv_text.h. */
int
cv_variant_text_doc(const struct app *app, const struct cv_variant *v,
    enum lang l, struct buf *out)
{
	const struct buf *md;
	struct buf tmp;
	int	 rc = -1;

	buf_init(&tmp);
	if ((md = cv_for_pdf(app, v, l, &tmp)) != NULL)
		rc = cv_text_of(app, l, md, NULL, out);
	buf_free(&tmp);
	return rc;
}

/*
 * The same from the CV's markdown md (cv_for_pdf's), cv_text.h.
 * Without shared, md is parsed one section at a time (md_section):
 * cmark's tree then holds one section, not the whole CV (14 MB for one
 * of 4 MB), and block() reads nothing outside the node it writes.
 */
int
cv_text_of(const struct app *app, enum lang l, const struct buf *md,
    cmark_node *shared, struct buf *out)
{
	struct para p;
	cmark_node *doc;
	const char *s = md->data;
	size_t	 from = out->len, n = md->len, k;

	buf_init(&p.text);
	p.locale = lang_code(app->langs, l);
	p.bi = NULL;
	p.icu_only = 0;
	if (shared != NULL)
		block(shared, out, &p, NULL);
	else
		for (; n > 0 && !out->oom; s += k, n -= k) {
			k = md_section(s, n);
			if ((doc = cmark_parse_document(s, k,
			    CMARK_OPT_DEFAULT)) == NULL) {
				out->oom = 1;
				break;
			}
			block(doc, out, &p, NULL);
			cmark_node_free(doc);
		}
	if (p.bi != NULL)
		ubrk_close(p.bi);
	if (p.text.oom)
		out->oom = 1;
	buf_free(&p.text);
	if (out->oom)
		return -1;
	tidy(out, from);
	return out->oom ? -1 : 0;
}

/* One paragraph of /cv.txt (cv_text.h). */
int
cv_text_paragraph(struct buf *b, const char *text, size_t len,
    const char *first, const char *locale, int icu_only)
{
	struct para p;

	memset(&p, 0, sizeof(p));
	p.locale = locale;
	p.icu_only = icu_only;
	wrap(b, text, len, first, &p);
	if (p.bi != NULL)
		ubrk_close(p.bi);
	return b->oom ? -1 : 0;
}
