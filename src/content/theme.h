/*
 * theme.h: the owner's choices of the site's look, site.json's
 * "theme": an accent colour per colour scheme, checked for WCAG 2 AA
 * contrast against that scheme's background, and a font stack from a
 * short list of system stacks (no web font is ever loaded).
 *
 *   "theme": {"accent": "#1f5f8b", "font": "humanist"}
 *   "theme": {"accent": {"light": "#1f5f8b", "dark": "#8cc4ec"}}
 *
 * One colour is the light scheme's; the dark scheme's is derived from
 * it (mixed with white until it reaches THEME_MIN_CONTRAST against
 * THEME_BG_DARK).  No colour can reach 4.5:1 against both backgrounds
 * at once, hence two.
 *
 * Ownership: plain data; nothing is allocated.
 */
#ifndef PERFIL_THEME_H
#define PERFIL_THEME_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The two backgrounds the layout's CSS paints (layout.c). */
#define THEME_BG_LIGHT		"#fbfaf7"
#define THEME_BG_DARK		"#16130f"
/* The accents without a "theme". */
#define THEME_ACCENT_LIGHT	"#8a3b12"
#define THEME_ACCENT_DARK	"#f0a36f"
/* WCAG 2 AA for normal text: links and headings use the accent. */
#define THEME_MIN_CONTRAST	4.5

/* X(ID, name, CSS font-family list) */
#define THEME_FONTS(X)							\
	X(SYSTEM, "system-ui", "system-ui,-apple-system,\"Segoe UI\","	\
	    "Roboto,sans-serif")					\
	X(HUMANIST, "humanist", "Seravek,\"Gill Sans Nova\",Ubuntu,"	\
	    "Calibri,\"DejaVu Sans\",source-sans-pro,sans-serif")	\
	X(GEOMETRIC, "geometric", "Avenir,Montserrat,Corbel,"		\
	    "\"URW Gothic\",source-sans-pro,sans-serif")		\
	X(TRANSITIONAL, "transitional", "Charter,\"Bitstream Charter\","\
	    "\"Sitka Text\",Cambria,serif")				\
	X(OLD_STYLE, "old-style", "\"Iowan Old Style\","		\
	    "\"Palatino Linotype\",\"URW Palladio L\",P052,serif")

enum theme_font {
#define X(id, name, css)	THEME_FONT_##id,
	THEME_FONTS(X)
#undef X
	THEME_FONT__MAX
};

struct theme {
	char	 accent[2][8];		/* "#rrggbb": [0] light, [1] dark */
	enum theme_font font;
};

void	 theme_default(struct theme *);
int	 theme_parse(const cJSON *, struct theme *, char *err,
	    size_t errlen);
const char *theme_font_css(enum theme_font);
double	 theme_contrast(const char *a, const char *b);

#endif /* PERFIL_THEME_H */
