/*
 * theme.c: site.json's "theme" (theme.h): the accent colours with
 * their WCAG 2 contrast check and the named font stacks.
 */
#include "config.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#include "content/theme.h"

static const struct {
	const char *name;
	const char *css;
} fonts[THEME_FONT__MAX] = {
#define X(id, name, css)	{ name, css },
	THEME_FONTS(X)
#undef X
};

void
theme_default(struct theme *t)
{
	snprintf(t->accent[0], sizeof(t->accent[0]), "%s",
	    THEME_ACCENT_LIGHT);
	snprintf(t->accent[1], sizeof(t->accent[1]), "%s", THEME_ACCENT_DARK);
	t->font = THEME_FONT_SYSTEM;
}

/* The CSS font-family list of font stack f. */
const char *
theme_font_css(enum theme_font f)
{
	return fonts[f].css;
}

/* Returns 1 when s is "#rrggbb" (hex digits, either case). */
static int
hex_colour(const char *s)
{
	return s != NULL && strlen(s) == 7 && s[0] == '#' &&
	    strspn(s + 1, "0123456789abcdefABCDEF") == 6;
}

/* Channel i (0 red, 1 green, 2 blue) of "#rrggbb", 0 to 255. */
static int
channel(const char *s, int i)
{
	unsigned int v;

	sscanf(s + 1 + 2 * i, "%2x", &v);
	return (int)v;
}

/* The WCAG 2 relative luminance of "#rrggbb". */
static double
luminance(const char *s)
{
	static const double w[3] = { 0.2126, 0.7152, 0.0722 };
	double	 c, y = 0;
	int	 i;

	for (i = 0; i < 3; i++) {
		c = channel(s, i) / 255.0;
		c = c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4);
		y += w[i] * c;
	}
	return y;
}

/* The WCAG 2 contrast ratio of two "#rrggbb" colours, 1 to 21. */
double
theme_contrast(const char *a, const char *b)
{
	double	 la = luminance(a), lb = luminance(b);

	return la > lb ? (la + 0.05) / (lb + 0.05) : (lb + 0.05) / (la + 0.05);
}

/*
 * Writes into out the light colour c mixed with white in the least
 * tenth that reaches THEME_MIN_CONTRAST against the dark background:
 * the dark scheme's accent of the same hue.
 */
static void
derive_dark(const char *c, char out[8])
{
	int	 k, i, v[3];

	for (k = 0; k <= 10; k++) {
		for (i = 0; i < 3; i++)
			v[i] = channel(c, i) + ((255 - channel(c, i)) * k +
			    5) / 10;
		snprintf(out, 8, "#%02x%02x%02x", v[0], v[1], v[2]);
		if (theme_contrast(out, THEME_BG_DARK) >= THEME_MIN_CONTRAST)
			return;
	}
}

/*
 * Checks colour c of member what against background bg of the scheme
 * named scheme and copies it, in lower case, into out.  Returns 0, or
 * -1 with err set: not "#rrggbb", or a contrast ratio below
 * THEME_MIN_CONTRAST (measured, rounded down to two decimals).
 */
static int
accent(const cJSON *v, const char *what, const char *bg,
    const char *scheme, char out[8], char *err, size_t errlen)
{
	double	 r;
	int	 i;

	if (!cJSON_IsString(v) || !hex_colour(v->valuestring)) {
		snprintf(err, errlen, "%s: expected a colour \"#rrggbb\" "
		    "(six hexadecimal digits)", what);
		return -1;
	}
	for (i = 0; i < 7; i++)
		out[i] = (char)(v->valuestring[i] >= 'A' &&
		    v->valuestring[i] <= 'F' ? v->valuestring[i] + 32 :
		    v->valuestring[i]);
	out[7] = '\0';
	if ((r = theme_contrast(out, bg)) < THEME_MIN_CONTRAST) {
		snprintf(err, errlen, "%s: %s has a contrast ratio of "
		    "%.2f:1 against the %s background %s; links and "
		    "headings in the accent need at least %.1f:1 (WCAG 2 "
		    "AA)", what, out, floor(r * 100) / 100, scheme, bg,
		    THEME_MIN_CONTRAST);
		return -1;
	}
	return 0;
}

/* Reads "theme.accent": a colour (the light scheme's) or an object of
 * "light" and "dark". */
static int
get_accent(const cJSON *v, struct theme *t, char *err, size_t errlen)
{
	const cJSON *m;

	if (!cJSON_IsObject(v)) {
		if (accent(v, "theme.accent", THEME_BG_LIGHT, "light",
		    t->accent[0], err, errlen) == -1)
			return -1;
		derive_dark(t->accent[0], t->accent[1]);
		return 0;
	}
	cJSON_ArrayForEach(m, v)
		if (strcmp(m->string, "light") != 0 &&
		    strcmp(m->string, "dark") != 0) {
			snprintf(err, errlen, "theme.accent.%.40s: unknown "
			    "field (expected light and dark)", m->string);
			return -1;
		}
	if ((m = cJSON_GetObjectItemCaseSensitive(v, "light")) == NULL ||
	    cJSON_GetObjectItemCaseSensitive(v, "dark") == NULL) {
		snprintf(err, errlen, "theme.accent: expected both light and "
		    "dark (or one colour, the light scheme's)");
		return -1;
	}
	if (accent(m, "theme.accent.light", THEME_BG_LIGHT, "light",
	    t->accent[0], err, errlen) == -1)
		return -1;
	return accent(cJSON_GetObjectItemCaseSensitive(v, "dark"),
	    "theme.accent.dark", THEME_BG_DARK, "dark", t->accent[1], err,
	    errlen);
}

/* Reads "theme.font": the name of one of THEME_FONTS. */
static int
get_font(const cJSON *v, struct theme *t, char *err, size_t errlen)
{
	char	 names[256];
	size_t	 n = 0;
	int	 f;

	for (f = 0; f < THEME_FONT__MAX; f++)
		if (cJSON_IsString(v) &&
		    strcmp(v->valuestring, fonts[f].name) == 0) {
			t->font = (enum theme_font)f;
			return 0;
		}
	names[0] = '\0';
	for (f = 0; f < THEME_FONT__MAX; f++)
		n += (size_t)snprintf(names + n, sizeof(names) - n, "%s\"%s\"",
		    f == 0 ? "" : f == THEME_FONT__MAX - 1 ? " or " : ", ",
		    fonts[f].name);
	snprintf(err, errlen, "theme.font: expected one of the system font "
	    "stacks %s", names);
	return -1;
}

/*
 * Reads site.json's "theme" v into t (which holds the defaults).
 * Returns 0, or -1 with err set ("theme.MEMBER: reason").
 */
int
theme_parse(const cJSON *v, struct theme *t, char *err, size_t errlen)
{
	const cJSON *m;

	if (!cJSON_IsObject(v)) {
		snprintf(err, errlen, "theme: expected an object of accent "
		    "and font");
		return -1;
	}
	cJSON_ArrayForEach(m, v) {
		if (strcmp(m->string, "accent") == 0) {
			if (get_accent(m, t, err, errlen) == -1)
				return -1;
		} else if (strcmp(m->string, "font") == 0) {
			if (get_font(m, t, err, errlen) == -1)
				return -1;
		} else {
			snprintf(err, errlen, "theme.%.40s: unknown field "
			    "(expected accent or font)", m->string);
			return -1;
		}
	}
	return 0;
}
