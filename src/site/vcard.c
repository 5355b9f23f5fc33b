/*
 * vcard.c: the profile as a vCard 4.0 (RFC 6350), one per language,
 * rendered once per content load and served as /contact.vcf and
 * /CODE/contact.vcf.
 *
 * The card carries what the contact page shows: the name (FN, N), job
 * title, employer (ORG), e-mail, website, portrait (PHOTO, the API's
 * absolute URL), address parts (ADR with the country's name in the card's
 * language and its ISO code in RFC 9554's CC parameter), the telephone
 * when the content publishes one, the languages spoken (LANG), the
 * summary (NOTE) and each profile link (RFC 9554's SOCIALPROFILE, its
 * site in SERVICE-TYPE).  Texts are escaped (RFC 6350, 3.4), lines end
 * in CRLF and are folded at 75 octets, never inside a UTF-8 sequence
 * (3.2).
 */
#include "config.h"

#include <string.h>

#include "base/json.h"
#include "content/labels.h"
#include "site/markdown.h"
#include "content/media.h"
#include "site/vcard.h"

/* A content line being written: its bytes so far on the current
 * physical line, for folding. */
struct line {
	struct buf *b;
	size_t	 col;
};

/* Appends n bytes of s to the line, folding before a byte that would
 * make the physical line longer than 75 octets; a UTF-8 sequence is
 * never split (continuation bytes stay with their lead byte). */
static void
put(struct line *ln, const char *s, size_t n)
{
	size_t	 i, len;
	unsigned char c;

	for (i = 0; i < n; i += len) {
		c = (unsigned char)s[i];
		len = c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 :
		    c >= 0xc0 ? 2 : 1;
		if (i + len > n)
			len = n - i;
		if (ln->col + len > 75) {
			buf_puts(ln->b, "\r\n ");
			ln->col = 1;
		}
		buf_append(ln->b, s + i, len);
		ln->col += len;
	}
}

/* Appends the n bytes of s that must stay on one physical line (an
 * escape such as "\,"), folding before them if they would not fit. */
static void
put_unit(struct line *ln, const char *s, size_t n)
{
	if (ln->col + n > 75) {
		buf_puts(ln->b, "\r\n ");
		ln->col = 1;
	}
	buf_append(ln->b, s, n);
	ln->col += n;
}

static void
puts_raw(struct line *ln, const char *s)
{
	put(ln, s, strlen(s));
}

/* Appends a text value escaped (RFC 6350, 3.4): backslash, comma,
 * semicolon and newline; a carriage return is dropped. */
static void
puts_text(struct line *ln, const char *s)
{
	size_t	 n;

	while (*s != '\0') {
		/* A run of plain bytes, whole characters for put. */
		if ((n = strcspn(s, "\\,;\n\r")) > 0) {
			put(ln, s, n);
			s += n;
			continue;
		}
		if (*s == '\n')
			put_unit(ln, "\\n", 2);
		else if (*s != '\r') {
			char	 e[2] = { '\\', *s };

			put_unit(ln, e, 2);
		}
		s++;
	}
}

/* Appends a parameter value, quoted; a double quote, a caret and a
 * newline in it as RFC 6868 writes them (^', ^^, ^n). */
static void
puts_param(struct line *ln, const char *s)
{
	size_t	 n;

	put(ln, "\"", 1);
	while (*s != '\0') {
		if ((n = strcspn(s, "\"^\n\r")) > 0) {
			put(ln, s, n);
			s += n;
			continue;
		}
		if (*s == '"')
			put_unit(ln, "^'", 2);
		else if (*s == '^')
			put_unit(ln, "^^", 2);
		else if (*s == '\n')
			put_unit(ln, "^n", 2);
		s++;
	}
	put(ln, "\"", 1);
}

static void
start(struct line *ln, struct buf *b, const char *name)
{
	ln->b = b;
	ln->col = 0;
	puts_raw(ln, name);
}

static void
end(struct line *ln)
{
	buf_puts(ln->b, "\r\n");
}

/* A property NAME:VALUE, a text escaped (text 1) or a URI as written
 * (text 0: a URI value is not escaped); nothing when value is empty. */
static void
prop(struct buf *b, const char *name, const char *value, int text)
{
	struct line ln;

	if (*value == '\0')
		return;
	start(&ln, b, name);
	put(&ln, ":", 1);
	(text ? puts_text : puts_raw)(&ln, value);
	end(&ln);
}

/* ADR: the content's street and postal code when it has them, city,
 * region and the country's name in language l, its code in CC. */
static void
adr(const struct app *app, enum lang l, struct buf *b)
{
	const cJSON *loc, *src;
	const char *cc;
	char	 country[128];
	struct line ln;

	loc = cJSON_GetObjectItemCaseSensitive(app->model->profile.obj[l],
	    "location");
	src = cJSON_GetObjectItemCaseSensitive(app->model->profile.src,
	    "location");		/* street, postal code: content-only */
	if (loc == NULL)
		return;
	cc = json_str(loc, "country");
	if (*cc == '\0' || country_display_name(cc, lang_code(app->langs, l),
	    country, sizeof(country)) == -1)
		country[0] = '\0';
	start(&ln, b, "ADR;TYPE=work");
	if (*cc != '\0') {
		puts_raw(&ln, ";CC=");
		puts_param(&ln, cc);
	}
	/* post office box; extended address; street; locality; region;
	 * postal code; country */
	put(&ln, ":;;", 3);
	puts_text(&ln, json_str(src, "address"));
	put(&ln, ";", 1);
	puts_text(&ln, json_str(loc, "city"));
	put(&ln, ";", 1);
	puts_text(&ln, json_str(loc, "region"));
	put(&ln, ";", 1);
	puts_text(&ln, json_str(src, "postal_code"));
	put(&ln, ";", 1);
	puts_text(&ln, country);
	end(&ln);
}

/* One SOCIALPROFILE per profile link (RFC 9554, 3.4), its site's name
 * in SERVICE-TYPE and the user name, when the content gives it, in
 * USERNAME. */
static void
social(const struct app *app, struct buf *b)
{
	const cJSON *e;
	struct line ln;

	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(
	    app->model->profile.src, "profiles")) {
		if (*json_str(e, "url") == '\0')
			continue;
		start(&ln, b, "SOCIALPROFILE;SERVICE-TYPE=");
		puts_param(&ln, json_str(e, "label"));
		if (*json_str(e, "username") != '\0') {
			puts_raw(&ln, ";USERNAME=");
			puts_param(&ln, json_str(e, "username"));
		}
		put(&ln, ":", 1);
		puts_raw(&ln, json_str(e, "url"));
		end(&ln);
	}
}

/*
 * Appends the vCard of the profile in language l to b.  path is the
 * card's own path in that language ("/en/contact.vcf"), for SOURCE.
 */
void
vcard_build(const struct app *app, enum lang l, const char *path,
    struct buf *b)
{
	const cJSON *p = app->model->profile.obj[l], *e;
	const struct media_file *f = app->model->media != NULL ?
	    app->model->media->portrait : NULL;
	const char *photo = json_str(p, "image");
	struct line ln;
	int	 n = 0;

	buf_puts(b, "BEGIN:VCARD\r\nVERSION:4.0\r\n");
	buf_puts(b, "PRODID:-//perfil//perfil-fcgi " PACKAGE_VERSION
	    "//EN\r\nKIND:individual\r\n");
	start(&ln, b, "SOURCE:");
	puts_raw(&ln, app->cfg->base_url);
	puts_raw(&ln, path);
	end(&ln);
	prop(b, "FN", json_str(p, "name"), 1);
	/* family; given; additional; prefixes; suffixes.  N is optional in
	 * vCard 4.0 (RFC 6350, 6.2.2: *1); without a given or family name
	 * it is left out rather than "N:;;;;" or a guess from FN, which
	 * cannot tell the parts apart in every script and order. */
	if (*json_str(p, "family_name") != '\0' ||
	    *json_str(p, "given_name") != '\0') {
		start(&ln, b, "N:");
		puts_text(&ln, json_str(p, "family_name"));
		put(&ln, ";", 1);
		puts_text(&ln, json_str(p, "given_name"));
		put(&ln, ";;;", 3);
		end(&ln);
	}
	prop(b, "TITLE", json_str(p, "job_title"), 1);
	prop(b, "ORG", json_str(cJSON_GetObjectItemCaseSensitive(p,
	    "employer"), "name"), 1);
	if (*json_str(p, "email") != '\0') {
		start(&ln, b, "EMAIL;TYPE=work:");
		puts_text(&ln, json_str(p, "email"));
		end(&ln);
	}
	if (*json_str(app->model->profile.src, "phone") != '\0') {
		start(&ln, b, "TEL;VALUE=text;TYPE=work,voice:");
		puts_text(&ln, json_str(app->model->profile.src, "phone"));
		end(&ln);
	}
	prop(b, "URL", json_str(p, "url"), 0);
	if (*photo != '\0') {	/* the API's: absolute */
		start(&ln, b, "PHOTO");
		if (f != NULL) {
			puts_raw(&ln, ";MEDIATYPE=");
			puts_raw(&ln, f->type->type);
		}
		put(&ln, ":", 1);
		puts_raw(&ln, photo);
		end(&ln);
	}
	adr(app, l, b);
	cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(p,
	    "languages"))
		if (cJSON_IsString(e) && n < 100)
			buf_printf(b, "LANG;PREF=%d:%s\r\n", ++n,
			    e->valuestring);
	social(app, b);
	prop(b, "NOTE", json_str(p, "summary"), 1);
	buf_puts(b, "END:VCARD\r\n");
}
