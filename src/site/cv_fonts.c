/*
 * cv_fonts.c: the fonts of the CV's PDF and the content's characters
 * no installed font has (cv_fonts.h).
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/utf8.h>

#include "site/cv_fonts.h"

/* The process's font map (cv_fonts_context). */
static PangoFontMap *font_map;

struct cv_fonts_scan {
	FcCharSet *have;	/* every installed font's characters */
};

/*
 * The tag fontconfig knows for lang, into out: lang itself when it has
 * an orthography for it ("ja", "ko", "ar"), else lang with ICU's
 * likely region, which fontconfig knows Chinese by ("zh" is "zh-cn",
 * not a language of its own there).
 */
static const char *
likely_tag(const char *lang, char *out, size_t outlen)
{
	char	 full[ULOC_FULLNAME_CAPACITY], l[12], r[8];
	UErrorCode ec = U_ZERO_ERROR;
	FcStrSet *known;
	size_t	 i;
	int	 has;

	if ((known = FcGetLangs()) != NULL) {
		has = FcStrSetMember(known, (const FcChar8 *)lang);
		FcStrSetDestroy(known);
		if (has)
			return lang;
	}
	uloc_addLikelySubtags(lang, full, sizeof(full), &ec);
	uloc_getLanguage(full, l, sizeof(l), &ec);
	uloc_getCountry(full, r, sizeof(r), &ec);
	if (U_FAILURE(ec) || l[0] == '\0' || r[0] == '\0')
		return lang;
	snprintf(out, outlen, "%s-%s", l, r);
	for (i = 0; out[i] != '\0'; i++)
		if (out[i] >= 'A' && out[i] <= 'Z')
			out[i] = (char)(out[i] - 'A' + 'a');
	return out;
}

/*
 * A pango context for a PDF in language lang (a BCP 47 tag), with
 * outlines as designed (no hinting: the same layout on every machine),
 * or NULL when fontconfig cannot load its configuration.
 */
PangoContext *
cv_fonts_context(const char *lang)
{
	cairo_font_options_t *fo;
	PangoContext *pc;
	char	 tag[32];

	/*
	 * fontconfig loaded here, on this thread: pango would start a
	 * thread of its own to do it and wait for it on glib's futex-based
	 * lock, which ThreadSanitizer cannot see (it reported the loading
	 * racing with the first lookup).  Loaded, pango's FcInit is a no-op.
	 */
	if (!FcInit())
		return NULL;
	/*
	 * One font map for the process, made at its first PDF and kept with
	 * its fonts: a map made and released per PDF is never freed (pango's
	 * fonts hold it; valgrind: 200 KiB definitely lost with each), and a
	 * supervisor validates every reload by typesetting it anew.  Content
	 * is loaded on one thread only (app_load.h).
	 */
	if (font_map == NULL)
		font_map = pango_cairo_font_map_new();
	pc = pango_font_map_create_context(font_map);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(pc, fo);
	cairo_font_options_destroy(fo);
	/* The language picks among fonts that share characters: Japanese
	 * kanji from a Japanese face, Chinese hanzi from a Chinese one.
	 * fontconfig knows Chinese by region (zh-cn, zh-tw): likely_tag. */
	pango_context_set_language(pc, pango_language_from_string(
	    likely_tag(lang, tag, sizeof(tag))));
	return pc;
}

/* The body's font at size points; the caller frees it. */
PangoFontDescription *
cv_fonts_desc(double size, int bold, int italic)
{
	PangoFontDescription *fd;

	fd = pango_font_description_from_string(CV_FONTS_FAMILY);
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	if (italic)
		pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
	return fd;
}

/*
 * A scan of the content against the installed fonts: the union of the
 * characters of every font fontconfig lists, the set pango's fallback
 * draws from.  NULL when fontconfig cannot load or out of memory.
 */
struct cv_fonts_scan *
cv_fonts_scan_new(void)
{
	struct cv_fonts_scan *s;
	FcPattern *pat;
	FcObjectSet *os;
	FcFontSet *fs;
	FcCharSet *cs;
	int	 i;

	if (!FcInit() || (s = calloc(1, sizeof(*s))) == NULL)
		return NULL;
	pat = FcPatternCreate();
	os = FcObjectSetBuild(FC_CHARSET, (char *)NULL);
	fs = pat != NULL && os != NULL ? FcFontList(NULL, pat, os) : NULL;
	if ((s->have = FcCharSetCreate()) != NULL && fs != NULL)
		for (i = 0; i < fs->nfont; i++)
			if (FcPatternGetCharSet(fs->fonts[i], FC_CHARSET, 0,
			    &cs) == FcResultMatch)
				FcCharSetMerge(s->have, cs, NULL);
	if (fs != NULL)
		FcFontSetDestroy(fs);
	if (os != NULL)
		FcObjectSetDestroy(os);
	if (pat != NULL)
		FcPatternDestroy(pat);
	if (s->have == NULL) {
		free(s);
		return NULL;
	}
	return s;
}

void
cv_fonts_scan_free(struct cv_fonts_scan *s)
{
	if (s == NULL)
		return;
	FcCharSetDestroy(s->have);
	free(s);
}

/* Returns 1 when c is drawn without a glyph of its own: controls,
 * format characters, spaces, default-ignorable code points. */
static int
needs_none(UChar32 c)
{
	int8_t	 t = u_charType(c);

	return t == U_CONTROL_CHAR || t == U_FORMAT_CHAR ||
	    t == U_SPACE_SEPARATOR || t == U_LINE_SEPARATOR ||
	    t == U_PARAGRAPH_SEPARATOR ||
	    u_hasBinaryProperty(c, UCHAR_DEFAULT_IGNORABLE_CODE_POINT);
}

/*
 * Appends "FILE: PATH: U+XXXX "c", ... (no installed font has it: the
 * PDF shows a box)" when string t has characters no font has, each
 * named once.  Returns 1 when it did, else 0.
 */
static int
scan_string(const struct cv_fonts_scan *s, const char *t, const char *file,
    const char *path, struct buf *out)
{
	UChar32	 seen[CV_FONTS_SHOW_MAX], c;
	int32_t	 i = 0, len = (int32_t)strlen(t), prev;
	int	 n = 0, more = 0, k;
	char	 ch[8];

	while (i < len) {
		prev = i;
		U8_NEXT(t, i, len, c);
		if (c < 0 || needs_none(c) || FcCharSetHasChar(s->have,
		    (FcChar32)c))
			continue;
		for (k = 0; k < n && seen[k] != c; k++)
			continue;
		if (k < n)
			continue;
		if (n == CV_FONTS_SHOW_MAX) {
			more++;
			continue;
		}
		seen[n] = c;
		if (n == 0)
			buf_printf(out, "%s: %s: ", file, path);
		else
			buf_puts(out, ", ");
		snprintf(ch, sizeof(ch), "%.*s", (int)(i - prev), t + prev);
		buf_printf(out, "U+%04X \"%s\"", (unsigned)c, ch);
		n++;
	}
	if (n == 0)
		return 0;
	if (more > 0)
		buf_printf(out, " and %d more", more);
	buf_printf(out, " (no installed font has %s: the PDF shows %s)\n",
	    n + more == 1 ? "it" : "them", n + more == 1 ? "a box" :
	    "boxes");
	return 1;
}

/*
 * Appends one line per string under v (at JSON path path of file, ""
 * for the top) with characters no installed font has.  Returns the
 * number of lines.
 */
int
cv_fonts_scan_json(struct cv_fonts_scan *s, const cJSON *v,
    const char *file, const char *path, struct buf *out)
{
	const cJSON *e;
	char	 sub[512];
	int	 n = 0, i = 0;

	if (cJSON_IsString(v))
		return scan_string(s, v->valuestring, file, *path ? path :
		    "(top level)", out);
	cJSON_ArrayForEach(e, v) {
		if (cJSON_IsArray(v))
			snprintf(sub, sizeof(sub), "%s[%d]", path, i++);
		else
			snprintf(sub, sizeof(sub), "%s%s%s", path,
			    *path ? "." : "", e->string);
		n += cv_fonts_scan_json(s, e, file, sub, out);
	}
	return n;
}
