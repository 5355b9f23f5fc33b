/*
 * bibtex_tex.c: a BibTeX value's LaTeX as Unicode text (bibtex.h).
 *
 * The accents become combining marks after their letter and ICU's NFC
 * composes them ({\"u}, \'{\i}, {\=o}, \~a, \c{c}: ü, í, ō, ã, ç); the
 * letters LaTeX names (\ss, \o, \ae, \l, ...) and the escaped specials
 * (\&, \%, \$, \#, \_, \textbackslash, \textasciitilde, ...) are their
 * characters; -- and --- are the en and em dash, ~ a no-break space,
 * `` and '' the curly quotes; braces (case protection, groups) are
 * dropped, as are math shifts ($) and the names of other commands
 * (\emph{x} is x); runs of white space are one space, none at either
 * end.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/unorm2.h>
#include <unicode/utf8.h>
#include <unicode/utf16.h>
#include <unicode/ustring.h>

#include "base/util.h"
#include "import/bibtex.h"

/* An accent command and its combining mark. */
static const struct {
	char	 cmd;
	uint32_t mark;
} accents[] = {
	{ '"', 0x308 }, { '\'', 0x301 }, { '`', 0x300 }, { '^', 0x302 },
	{ '~', 0x303 }, { '=', 0x304 }, { '.', 0x307 }, { 'u', 0x306 },
	{ 'v', 0x30c }, { 'H', 0x30b }, { 'c', 0x327 }, { 'k', 0x328 },
	{ 'r', 0x30a }, { 'd', 0x323 }, { 'b', 0x331 },
};

/* A command that is a character (or nothing). */
static const struct {
	const char *cmd;
	const char *text;
} words[] = {
	{ "ss", "ß" }, { "SS", "SS" }, { "o", "ø" }, { "O", "Ø" },
	{ "ae", "æ" }, { "AE", "Æ" }, { "oe", "œ" }, { "OE", "Œ" },
	{ "aa", "å" }, { "AA", "Å" }, { "l", "ł" }, { "L", "Ł" },
	{ "i", "ı" }, { "j", "ȷ" }, { "dh", "ð" }, { "DH", "Ð" },
	{ "th", "þ" }, { "TH", "Þ" }, { "ng", "ŋ" }, { "NG", "Ŋ" },
	{ "textendash", "–" }, { "textemdash", "—" },
	{ "textbackslash", "\\" }, { "textasciitilde", "~" },
	{ "textasciicircum", "^" }, { "textbraceleft", "{" },
	{ "textbraceright", "}" }, { "textunderscore", "_" },
	{ "S", "§" }, { "P", "¶" }, { "copyright", "©" },
	{ "pounds", "£" }, { "euro", "€" }, { "dag", "†" },
	{ "textquoteleft", "‘" }, { "textquoteright", "’" },
	{ "textquotedblleft", "“" }, { "textquotedblright", "”" },
	{ "ldots", "…" }, { "dots", "…" }, { "textellipsis", "…" },
};

static void
put_cp(struct buf *b, uint32_t c)
{
	char	 u[4];

	if (c < 0x80)
		buf_putc(b, (char)c);
	else if (c < 0x800) {
		u[0] = (char)(0xc0 | (c >> 6));
		u[1] = (char)(0x80 | (c & 0x3f));
		buf_append(b, u, 2);
	} else {
		u[0] = (char)(0xe0 | (c >> 12));
		u[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		u[2] = (char)(0x80 | (c & 0x3f));
		buf_append(b, u, 3);
	}
}

/* One space for any run of white space, none first. */
static void
put_space(struct buf *b)
{
	if (b->len > 0 && b->data[b->len - 1] != ' ')
		buf_putc(b, ' ');
}

static size_t
skip_spaces(const char *s, size_t i)
{
	while (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r')
		i++;
	return i;
}

/*
 * The letter an accent sits on, at s[i]: "u", "{u}", "{\i}", "\i", with
 * \i and \j their dotted letters (the accent replaces the dot).  Writes
 * it (a whole UTF-8 character) and returns the index after it.
 */
static size_t
accent_base(const char *s, size_t i, struct buf *b)
{
	int	 brace = 0;
	size_t	 n;

	i = skip_spaces(s, i);
	if (s[i] == '{') {
		brace = 1;
		i = skip_spaces(s, i + 1);
	}
	if (s[i] == '\\' && (s[i + 1] == 'i' || s[i + 1] == 'j') &&
	    !((s[i + 2] >= 'a' && s[i + 2] <= 'z') ||
	    (s[i + 2] >= 'A' && s[i + 2] <= 'Z'))) {
		buf_putc(b, s[i + 1]);
		i = skip_spaces(s, i + 2);	/* \i is a control word */
	} else if (s[i] != '\0' && s[i] != '}') {
		n = 1;
		while ((s[i + n] & 0xc0) == 0x80)
			n++;
		buf_append(b, s + i, n);
		i += n;
	}
	if (brace) {
		i = skip_spaces(s, i);
		if (s[i] == '}')
			i++;
	}
	return i;
}

/* The command at s[i] (after its backslash); returns the index after. */
static size_t
command(const char *s, size_t i, struct buf *b)
{
	size_t	 k, n;

	for (k = 0; k < sizeof(accents) / sizeof(accents[0]); k++) {
		if (s[i] != accents[k].cmd)
			continue;
		/* A letter accent (\c, \u, ...) is a word of one letter. */
		if (((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' &&
		    s[i] <= 'Z')) && ((s[i + 1] >= 'a' && s[i + 1] <= 'z') ||
		    (s[i + 1] >= 'A' && s[i + 1] <= 'Z')))
			break;
		i = accent_base(s, i + 1, b);
		put_cp(b, accents[k].mark);
		return i;
	}
	if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= 'A' && s[i] <= 'Z'))) {
		/* A control symbol: \& \% \$ \# \_ \{ \} \  \\ */
		if (s[i] == '\0')
			return i;
		if (s[i] == ' ' || s[i] == '\\')
			put_space(b);
		else if (s[i] != '-' && s[i] != '/')
			buf_putc(b, s[i]);
		return i + 1;
	}
	for (n = 0; (s[i + n] >= 'a' && s[i + n] <= 'z') ||
	    (s[i + n] >= 'A' && s[i + n] <= 'Z'); n++)
		;
	for (k = 0; k < sizeof(words) / sizeof(words[0]); k++)
		if (strlen(words[k].cmd) == n &&
		    strncmp(words[k].cmd, s + i, n) == 0) {
			buf_puts(b, words[k].text);
			break;
		}
	/* TeX swallows the spaces after a control word. */
	return skip_spaces(s, i + n);
}

/* b's text from offset from in NFC; returns 0 or -1 (ICU failed). */
static int
nfc(struct buf *b, size_t from)
{
	UErrorCode st = U_ZERO_ERROR;
	const UNormalizer2 *n = unorm2_getNFCInstance(&st);
	UChar	*u = NULL, *v = NULL;
	int32_t	 ul, vl, ol;
	size_t	 len = b->len - from;
	char	*out = NULL;
	int	 rc = -1;

	if (len == 0)
		return 0;
	if (U_FAILURE(st) || len > INT32_MAX / 4 ||
	    (u = malloc(len * sizeof(UChar) + 2)) == NULL ||
	    (v = malloc(len * 2 * sizeof(UChar) + 2)) == NULL ||
	    (out = malloc(len * 3 + 4)) == NULL)
		goto out;
	u_strFromUTF8(u, (int32_t)len + 1, &ul, b->data + from,
	    (int32_t)len, &st);
	vl = unorm2_normalize(n, u, ul, v, (int32_t)len * 2 + 1, &st);
	u_strToUTF8(out, (int32_t)len * 3 + 4, &ol, v, vl, &st);
	if (U_FAILURE(st))
		goto out;
	b->len = from;
	buf_append(b, out, (size_t)ol);
	rc = b->oom ? -1 : 0;
out:
	free(u);
	free(v);
	free(out);
	return rc;
}

/*
 * Appends the Unicode text of the LaTeX in s to b.  Returns 0, or -1
 * (out of memory).
 */
int
bibtex_tex_to_utf8(const char *s, struct buf *b)
{
	size_t	 i = 0, from = b->len;

	while (s[i] != '\0') {
		switch (s[i]) {
		case '\\':
			i = command(s, i + 1, b);
			continue;
		case '{': case '}': case '$':
			break;
		case '~':
			put_cp(b, 0xa0);
			break;
		case ' ': case '\t': case '\n': case '\r':
			put_space(b);
			break;
		case '-':
			if (s[i + 1] == '-' && s[i + 2] == '-') {
				put_cp(b, 0x2014);
				i += 2;
			} else if (s[i + 1] == '-') {
				put_cp(b, 0x2013);
				i++;
			} else
				buf_putc(b, '-');
			break;
		case '`':
			if (s[i + 1] == '`') {
				put_cp(b, 0x201c);
				i++;
			} else
				put_cp(b, 0x2018);
			break;
		case '\'':
			if (s[i + 1] == '\'') {
				put_cp(b, 0x201d);
				i++;
			} else
				buf_putc(b, '\'');
			break;
		default:
			buf_putc(b, s[i]);
		}
		i++;
	}
	while (b->len > from && b->data[b->len - 1] == ' ')
		b->len--;
	if (b->oom)
		return -1;
	return nfc(b, from);
}

/*
 * s folded for comparing titles and names: decomposed (NFD), marks
 * dropped, letters and digits lower-cased, everything else dropped
 * ("Ōsaka–Style" and "Osaka-style" fold alike).  At most len - 1 bytes
 * in out, NUL-terminated.
 */
void
bibtex_fold(const char *s, char *out, size_t len)
{
	UErrorCode st = U_ZERO_ERROR;
	const UNormalizer2 *n = unorm2_getNFDInstance(&st);
	UChar	 u[1024], v[2048];
	int32_t	 ul, vl, i = 0, o = 0;
	UChar32	 c;

	*out = '\0';
	if (len == 0)
		return;
	u_strFromUTF8(u, 1024, &ul, s, -1, &st);
	if (st == U_BUFFER_OVERFLOW_ERROR || st == U_STRING_NOT_TERMINATED_WARNING) {
		st = U_ZERO_ERROR;
		ul = 1023;
	}
	vl = unorm2_normalize(n, u, ul, v, 2048, &st);
	if (U_FAILURE(st))
		return;
	while (i < vl) {
		U16_NEXT(v, i, vl, c);
		if (!u_isalnum(c))
			continue;
		c = u_tolower(c);
		if ((size_t)o + U8_LENGTH(c) + 1 > len)
			break;
		U8_APPEND_UNSAFE((uint8_t *)out, o, c);
	}
	out[o] = '\0';
}
