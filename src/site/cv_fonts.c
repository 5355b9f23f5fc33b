/*
 * cv_fonts.c: the fonts of the CV's PDF and the content's characters
 * no installed font has (cv_fonts.h).
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <fontconfig/fontconfig.h>
#include <pango/pangocairo.h>
#include <unicode/uchar.h>
#include <unicode/uloc.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "base/json.h"
#include "site/cv_fonts.h"

/* The process's font map (cv_fonts_context). */
static PangoFontMap *font_map;

/*
 * The families of each language a PDF of this process was set in
 * (cv_fonts_context): fontconfig's configuration is loaded once per
 * process, so its answer for a language does not change, and asking
 * again cost a font match over every installed font and the list of
 * its languages, twice per PDF (callgrind: 2.5 % of the instructions
 * of a --check of the demo; DHAT: 21,000 of its 244,000 allocations,
 * each dearer under ASan).  Languages past FAMILIES_MAX are asked
 * each time.  A process that makes another configuration current
 * (tests/check_fonts.c) starts them again.
 */
#define FAMILIES_MAX	16
static struct lang_families {
	char	*lang;		/* cv_fonts_context's argument */
	char	 tag[32];	/* fontconfig's (likely_tag) */
	char	*families;
} langs_known[FAMILIES_MAX];
static int nknown;	/* of langs_known */
static FcConfig *known_config;	/* the configuration they are of */

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
 * Returns 1 when the font fontconfig gives for family is that family
 * and has the letters of language tag (fontconfig's orthography of
 * it, any territory), else 0.
 */
static int
family_has_lang(const char *family, const char *tag)
{
	FcPattern *pat, *m = NULL;
	FcLangSet *ls;
	FcChar8	*got;
	FcResult r;
	int	 has = 0;

	if ((pat = FcNameParse((const FcChar8 *)family)) == NULL)
		return 0;
	FcConfigSubstitute(NULL, pat, FcMatchPattern);
	FcDefaultSubstitute(pat);
	if ((m = FcFontMatch(NULL, pat, &r)) != NULL &&
	    FcPatternGetString(m, FC_FAMILY, 0, &got) == FcResultMatch &&
	    strcmp((const char *)got, family) == 0 &&
	    FcPatternGetLangSet(m, FC_LANG, 0, &ls) == FcResultMatch)
		has = FcLangSetHasLang(ls, (const FcChar8 *)tag) !=
		    FcLangDifferentLang;
	if (m != NULL)
		FcPatternDestroy(m);
	FcPatternDestroy(pat);
	return has;
}

/*
 * Appends to b the families a PDF in language tag (fontconfig's) is
 * set in: CV_FONTS_FAMILY when its first family (CV_FONTS_FIRST) has
 * the language's letters; else, before it, the families fontconfig
 * sorts first for sans-serif text in that language, up to that one
 * and at most CV_FONTS_LANG_MAX: the language's own face ("Noto Sans
 * Thai") and the one that then has the Latin letters, digits and
 * punctuation it lacks ("Noto Sans"), drawn in the same design.
 * Without them each character came from the first family of the list
 * that has it: DejaVu's Latin letters and digits, larger, beside
 * Noto's Thai; DejaVu's comma and wider space in a Hindi sentence.
 */
static void
families(const char *tag, struct buf *b)
{
	FcPattern *pat;
	FcFontSet *fs = NULL;
	FcChar8	*f, *taken[CV_FONTS_LANG_MAX];
	FcResult r;
	int	 i, k, n = 0;

	if (!family_has_lang(CV_FONTS_FIRST, tag) &&
	    (pat = FcNameParse((const FcChar8 *)"sans-serif")) != NULL) {
		FcPatternAddString(pat, FC_LANG, (const FcChar8 *)tag);
		FcConfigSubstitute(NULL, pat, FcMatchPattern);
		FcDefaultSubstitute(pat);
		fs = FcFontSort(NULL, pat, FcTrue, NULL, &r);
		FcPatternDestroy(pat);
	}
	for (i = 0; fs != NULL && i < fs->nfont && n < CV_FONTS_LANG_MAX;
	    i++) {
		if (FcPatternGetString(fs->fonts[i], FC_FAMILY, 0, &f) !=
		    FcResultMatch || strchr((const char *)f, ',') != NULL)
			continue;	/* a comma would split the name */
		if (strcmp((const char *)f, CV_FONTS_FIRST) == 0)
			break;
		for (k = 0; k < n && strcmp((const char *)taken[k],
		    (const char *)f) != 0; k++)
			continue;
		if (k == n) {
			taken[n++] = f;
			buf_printf(b, "%s, ", (const char *)f);
		}
	}
	if (fs != NULL)
		FcFontSetDestroy(fs);
	buf_puts(b, CV_FONTS_FAMILY);
}

/*
 * A pango context for a PDF in language lang (a BCP 47 tag), with
 * outlines as designed (no hinting, glyphs where the font places them:
 * the same layout on every machine), its font description the
 * language's families (families), or NULL when fontconfig cannot load
 * its configuration or out of memory.
 */
PangoContext *
cv_fonts_context(const char *lang)
{
	PangoFontDescription *fd;
	cairo_font_options_t *fo;
	PangoContext *pc;
	struct buf fam;
	struct lang_families *k;
	const char *arg = lang;
	char	 tag[32];
	int	 i;

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
	/* The language picks among fonts that share characters: Japanese
	 * kanji from a Japanese face, Chinese hanzi from a Chinese one.
	 * fontconfig knows Chinese by region (zh-cn, zh-tw): likely_tag. */
	buf_init(&fam);
	if (known_config != FcConfigGetCurrent()) {
		for (i = 0; i < nknown; i++) {
			free(langs_known[i].lang);
			free(langs_known[i].families);
		}
		nknown = 0;
		known_config = FcConfigGetCurrent();
	}
	for (i = 0; i < nknown && strcmp(langs_known[i].lang, lang) != 0; i++)
		continue;
	if (i < nknown) {
		lang = langs_known[i].tag;
		buf_puts(&fam, langs_known[i].families);
	} else {
		lang = likely_tag(lang, tag, sizeof(tag));
		families(lang, &fam);
		k = nknown < FAMILIES_MAX ? &langs_known[nknown] : NULL;
		if (k != NULL && !fam.oom && buf_cstr(&fam) != NULL &&
		    strlen(lang) < sizeof(k->tag) &&
		    (k->lang = strdup(arg)) != NULL) {
			if ((k->families = strdup(fam.data)) != NULL) {
				snprintf(k->tag, sizeof(k->tag), "%s", lang);
				nknown++;
			} else {
				free(k->lang);
				k->lang = NULL;
			}
		}
	}
	if (fam.oom || buf_cstr(&fam) == NULL) {
		buf_free(&fam);
		return NULL;
	}
	pc = pango_font_map_create_context(font_map);
	fo = cairo_font_options_create();
	cairo_font_options_set_hint_metrics(fo, CAIRO_HINT_METRICS_OFF);
	cairo_font_options_set_hint_style(fo, CAIRO_HINT_STYLE_NONE);
	pango_cairo_context_set_font_options(pc, fo);
	cairo_font_options_destroy(fo);
	/*
	 * Glyphs at the fractions of a point the font gives (pango rounds
	 * them to whole device units, points on a PDF surface, by default):
	 * rounded, a glyph moved by up to half a point, gaps inside words
	 * uneven and text readers (pdftotext) finding spaces in them.
	 */
	pango_context_set_round_glyph_positions(pc, FALSE);
	pango_context_set_language(pc, pango_language_from_string(lang));
	fd = pango_font_description_from_string(fam.data);
	pango_context_set_font_description(pc, fd);
	pango_font_description_free(fd);
	buf_free(&fam);
	return pc;
}

/* The body's font at size points in context pc's families
 * (cv_fonts_context); the caller frees it. */
PangoFontDescription *
cv_fonts_desc(PangoContext *pc, double size, int bold, int italic)
{
	PangoFontDescription *fd;

	fd = pango_font_description_copy(pango_context_get_font_description(
	    pc));
	pango_font_description_set_absolute_size(fd, size * PANGO_SCALE);
	if (bold)
		pango_font_description_set_weight(fd, PANGO_WEIGHT_BOLD);
	if (italic)
		pango_font_description_set_style(fd, PANGO_STYLE_ITALIC);
	return fd;
}

/*
 * The Debian package whose fonts have a script's characters, named by
 * the warning and by --font-packages (which ./serve installs): one row
 * per script, ICU's codes.  A script with no row is fonts-noto-core's
 * (Noto for every other living script, symbols included); a row with
 * no package is a script no package has (Unknown: private use and
 * unassigned code points).  Characters every script shares (Common)
 * have rows by how East Asian text sets them: the full-width forms
 * (East_Asian_Width Wide or Fullwidth: "（", "！") come with the CJK
 * fonts.  Data, not a rule per language: a script Debian packages
 * apart gets a row.
 */
static const struct font_package {
	UScriptCode	 script;
	int		 wide;		/* with USCRIPT_COMMON: 1 for the
					 * full-width forms */
	const char	*package;	/* NULL: no package has it */
} font_packages[] = {
	{ .script = USCRIPT_HAN, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_HIRAGANA, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_KATAKANA, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_KATAKANA_OR_HIRAGANA, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_HANGUL, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_BOPOMOFO, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_COMMON, .wide = 1, .package = "fonts-noto-cjk" },
	{ .script = USCRIPT_UNKNOWN, .package = NULL },
};
#define FONT_PACKAGE_OTHER	"fonts-noto-core"
#define FONT_PACKAGES_N	(sizeof(font_packages) / sizeof(font_packages[0]))

/* The row of script sc (and width wide, for Common), or NULL. */
static const struct font_package *
font_package_row(UScriptCode sc, int wide)
{
	size_t	 i;

	for (i = 0; i < FONT_PACKAGES_N; i++)
		if (font_packages[i].script == sc &&
		    font_packages[i].wide == wide)
			return &font_packages[i];
	return NULL;
}

/*
 * The Debian font package that has character c (font_packages), or
 * NULL when none has; its script into *script.  A character several
 * scripts share (Common, Inherited: the ideographic full stop, the
 * kana length mark, the Devanagari danda) takes the first of its
 * Script_Extensions with a row, else its first extension; one of no
 * script, the Common row of its width.
 */
const char *
cv_fonts_package(UChar32 c, UScriptCode *script)
{
	const struct font_package *row;
	UScriptCode sc, ext[16];
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 n, i, w;
	int	 wide = 0;

	sc = uscript_getScript(c, &ec);
	if (U_FAILURE(ec))
		sc = USCRIPT_UNKNOWN;
	*script = sc;
	if (sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED) {
		ec = U_ZERO_ERROR;
		n = uscript_getScriptExtensions(c, ext, 16, &ec);
		for (i = 0; U_SUCCESS(ec) && i < n; i++)
			if ((row = font_package_row(ext[i], 0)) != NULL)
				return row->package;
		if (U_SUCCESS(ec) && n > 0 && ext[0] != USCRIPT_COMMON &&
		    ext[0] != USCRIPT_INHERITED)
			return FONT_PACKAGE_OTHER;
		w = u_getIntPropertyValue(c, UCHAR_EAST_ASIAN_WIDTH);
		wide = w == U_EA_WIDE || w == U_EA_FULLWIDTH;
		sc = USCRIPT_COMMON;
	}
	row = font_package_row(sc, wide);
	return row != NULL ? row->package : FONT_PACKAGE_OTHER;
}

/* The characters of one package no installed font has. */
struct font_group {
	const char *package;	/* font_packages; NULL: none has them */
	FcCharSet *chars;	/* the distinct characters */
	UScriptCode scripts[CV_FONTS_SCRIPTS_MAX]; /* but Common */
	int	 nscripts;
	int	 nfields;	/* strings holding one or more */
	char	 first[1280];	/* "FILE: FIELD: U+XXXX "c"" of the first */
	int	 counted;	/* field number that last counted */
};

/* The code points of the Basic Multilingual Plane, a bit each. */
#define BMP_WORDS	(0x10000 / 64)

struct cv_fonts_scan {
	FcCharSet *have;	/* every installed font's characters */
	uint64_t looked[BMP_WORDS];	/* BMP characters looked up */
	uint64_t drawn[BMP_WORDS];	/* of those, drawn (drawn_char) */
	struct font_group groups[FONT_PACKAGES_N + 1];
	int	 ngroups;
	int	 field;		/* strings scanned so far */
};

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
	int	 i;

	if (s == NULL)
		return;
	for (i = 0; i < s->ngroups; i++)
		FcCharSetDestroy(s->groups[i].chars);
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
 * Returns 1 when c needs no glyph or an installed font has one.  A
 * character of the BMP is looked up once per scan (fontconfig's sets
 * are searched per call: at 1,000 items per collection the lookups
 * of every character were a tenth of a load).
 */
static int
drawn_char(struct cv_fonts_scan *s, UChar32 c)
{
	uint64_t bit = (uint64_t)1 << (c & 63);
	int	 w = c >> 6, ok;

	if (c < 0x10000 && (s->looked[w] & bit))
		return (s->drawn[w] & bit) != 0;
	ok = needs_none(c) || FcCharSetHasChar(s->have, (FcChar32)c);
	if (c < 0x10000) {
		s->looked[w] |= bit;
		if (ok)
			s->drawn[w] |= bit;
	}
	return ok;
}

/* The group of package (NULL too), made on first use; NULL when out of
 * memory.  There are at most FONT_PACKAGES_N + 1 packages. */
static struct font_group *
group_of(struct cv_fonts_scan *s, const char *package)
{
	struct font_group *g;
	int	 i;

	for (i = 0; i < s->ngroups; i++)
		if (s->groups[i].package == package)
			return &s->groups[i];
	if (s->ngroups == (int)(FONT_PACKAGES_N + 1))
		return NULL;
	g = &s->groups[s->ngroups];
	memset(g, 0, sizeof(*g));
	if ((g->chars = FcCharSetCreate()) == NULL)
		return NULL;
	g->package = package;
	s->ngroups++;
	return g;
}

/*
 * Counts the characters of string t (at field path of file) no
 * installed font has, each in the group of the package that has it.
 * Returns 1 when t has one, else 0.
 */
static int
scan_string(struct cv_fonts_scan *s, const char *t, const char *file,
    const char *path)
{
	struct font_group *g;
	const char *pkg;
	UScriptCode sc;
	UChar32	 c;
	int32_t	 i = 0, len = (int32_t)strlen(t), prev;
	int	 k, found = 0;

	s->field++;
	while (i < len) {
		prev = i;
		U8_NEXT(t, i, len, c);
		if (c < 0 || drawn_char(s, c))
			continue;
		found = 1;
		pkg = cv_fonts_package(c, &sc);
		if ((g = group_of(s, pkg)) == NULL)
			continue;
		if (g->counted != s->field) {
			g->counted = s->field;
			g->nfields++;
		}
		if (g->first[0] == '\0')
			snprintf(g->first, sizeof(g->first),
			    "%s: %s: U+%04X \"%.*s\"", file, path,
			    (unsigned)c, (int)(i - prev), t + prev);
		FcCharSetAddChar(g->chars, (FcChar32)c);
		/* Punctuation and symbols go with the scripts named. */
		if (sc == USCRIPT_COMMON || sc == USCRIPT_INHERITED)
			continue;
		for (k = 0; k < g->nscripts && g->scripts[k] != sc; k++)
			continue;
		if (k == g->nscripts && k < CV_FONTS_SCRIPTS_MAX)
			g->scripts[g->nscripts++] = sc;
	}
	return found;
}

/* cv_fonts_scan_json's walk: path[0..len) is v's JSON path, in a
 * buffer of JSON_PATH_MAX bytes each level extends and gives back. */
static int
scan_json(struct cv_fonts_scan *s, const cJSON *v, const char *file,
    char *path, size_t len)
{
	const cJSON *e;
	size_t	 sub;
	int	 n = 0, i = 0;

	if (cJSON_IsString(v))
		return scan_string(s, v->valuestring, file, len > 0 ? path :
		    "(top level)");
	cJSON_ArrayForEach(e, v) {
		if (cJSON_IsArray(v))
			sub = json_path_index(path, len, i++);
		else
			sub = json_path_member(path, len, e->string);
		n += scan_json(s, e, file, path, sub);
		path[len] = '\0';
	}
	return n;
}

/*
 * Counts the strings under v (at JSON path path of file, "" for the
 * top) with characters no installed font has.  Returns the number of
 * such strings; cv_fonts_scan_report writes what was found.
 */
int
cv_fonts_scan_json(struct cv_fonts_scan *s, const cJSON *v,
    const char *file, const char *path)
{
	char	 buf[JSON_PATH_MAX];

	snprintf(buf, sizeof(buf), "%s", path);
	return scan_json(s, v, file, buf, strlen(buf));
}

/*
 * Appends one line per package the scan found characters of:
 * "FILE: FIELD: U+XXXX "c" and N other characters (SCRIPTS) in N
 * fields no installed font has: the PDF shows boxes; fonts-noto-cjk
 * has them (apt-get install fonts-noto-cjk)".  Returns the number of
 * lines.
 */
int
cv_fonts_scan_report(const struct cv_fonts_scan *s, struct buf *out)
{
	const struct font_group *g;
	int	 i, k, n;

	for (i = 0; i < s->ngroups; i++) {
		g = &s->groups[i];
		n = (int)FcCharSetCount(g->chars);
		buf_puts(out, g->first);
		if (n > 1)
			buf_printf(out, " and %d other character%s", n - 1,
			    n == 2 ? "" : "s");
		buf_puts(out, " (");
		for (k = 0; k < g->nscripts; k++)
			buf_printf(out, "%s%s", k > 0 ? ", " : "",
			    uscript_getName(g->scripts[k]));
		if (g->nscripts == CV_FONTS_SCRIPTS_MAX)
			buf_puts(out, "...");
		if (g->nscripts == 0)
			buf_puts(out, uscript_getName(USCRIPT_COMMON));
		buf_printf(out, ") in %d field%s: no installed font has %s, "
		    "the PDF shows %s; ", g->nfields, g->nfields == 1 ? "" :
		    "s", n == 1 ? "it" : "them", n == 1 ? "a box" : "boxes");
		if (g->package != NULL)
			buf_printf(out, "Debian's %s has %s (apt-get install "
			    "%s)\n", g->package, n == 1 ? "it" : "them",
			    g->package);
		else
			buf_printf(out, "no font package has %s (a private-use "
			    "or unassigned code point)\n", n == 1 ? "it" :
			    "them");
	}
	return s->ngroups;
}

/* Appends the packages of cv_fonts_scan_report's lines, one a line. */
void
cv_fonts_scan_packages(const struct cv_fonts_scan *s, struct buf *out)
{
	int	 i;

	for (i = 0; i < s->ngroups; i++)
		if (s->groups[i].package != NULL)
			buf_printf(out, "%s\n", s->groups[i].package);
}
