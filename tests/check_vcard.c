/*
 * check_vcard.c: the contact card /contact.vcf (src/site/vcard.c) held
 * to RFC 6350 (vCard 4.0), with RFC 6868's parameter values and RFC
 * 9554's SOCIALPROFILE and CC (issue 44).  Four cards: the demo's in
 * es and en, and the same for content of our own whose texts have what
 * a card must escape (", ; \" and newlines; section 3.4) or fold (a
 * long Japanese title with characters of four octets, an Arabic
 * summary; section 3.2), a telephone, a street address, a user name
 * and a parameter value with a double quote and a caret.
 *
 * Each card is read back the way the RFC describes it: physical lines
 * of at most 75 octets ending in CRLF, unfolded, then each a content
 * line NAME *(";" param) ":" value, texts unescaped; what it says is
 * compared with the content in the card's language.
 */
#include "config.h"

#include <check.h>
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/json.h"
#include "site/vcard.h"
#include "testenv.h"

#define NBSP	"\xc2\xa0"

/* The texts of our own content (profile.json): es, then en. */
#define NAME_ES		"Ana, María Núñez; \\Gil"
#define NAME_EN		"Ana, María Nunez; \\Gil"
#define GIVEN		"Ana, María"
#define FAMILY_ES	"Núñez; \\Gil"
#define FAMILY_EN	"Nunez; \\Gil"
/* 55 characters, 168 octets: 3 of them of four octets (U+20BB7). */
#define TITLE_ES	"𠮷野家の日本語の計算形態論と自然言語処理のための大規模な形態素解析器" \
			"の設計と実装に関する研究者、𠮷田そして𠮷川"
#define TITLE_EN	"Title, with; \\ specials"
#define SUMMARY_ES	"مهندسة برمجيات تعمل على أنظمة الرعاية الصحية والطاقة " \
			"وإمكانية الوصول الرقمي في إشبيلية وما حولها منذ عشرين " \
			"عاما\nSecond line, with; \\ more"
#define SUMMARY_EN	"Line one\nLine two, with; \\ more\nno" NBSP "break"
#define EMPLOYER	"Acme; Sons, Ltd."
#define PHONE		"+34 600 000 000"
#define STREET		"Calle Sierpes, 1; 2º"
#define POSTAL		"41004"
#define USERNAME	"rbenjumea"
#define LABEL		"Linked\"In ^ x"

/* The four cards: the demo's, then ours; es, then en. */
static struct app own;
static struct config own_cfg;
static char tmpdir[256];
static struct buf cards[4];

static const struct {
	int	 own;
	enum lang l;
	const char *path, *country;
} card_of[4] = {
	{ 0, (enum lang)0, "/contact.vcf", "España" },
	{ 0, (enum lang)1, "/en/contact.vcf", "Spain" },
	{ 1, (enum lang)0, "/contact.vcf", "España" },
	{ 1, (enum lang)1, "/en/contact.vcf", "Spain" },
};

static const struct app *
app_of(int i)
{
	return card_of[i].own ? &own : &test_app;
}

/* A content line read back: its name, parameters and value as written
 * (unfolded). */
#define MAXP	8
struct cline {
	char	 name[32];
	int	 np;
	char	 pname[MAXP][32];
	char	 pvalue[MAXP][256];	/* quotes removed, RFC 6868 decoded */
	char	 value[4096];		/* as written */
};

static void
write_file(const char *path, const char *text)
{
	FILE	*f;

	if ((f = fopen(path, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) == EOF) {
		perror(path);
		abort();
	}
}

static void
set_text2(cJSON *o, const char *name, const char *es, const char *en)
{
	cJSON	*t = cJSON_CreateObject();

	cJSON_AddStringToObject(t, "es", es);
	cJSON_AddStringToObject(t, "en", en);
	cJSON_DeleteItemFromObject(o, name);
	cJSON_AddItemToObject(o, name, t);
}

static void
set_string(cJSON *o, const char *name, const char *s)
{
	cJSON_DeleteItemFromObject(o, name);
	cJSON_AddStringToObject(o, name, s);
}

/* The demo's profile.json in tmpdir with the texts above. */
static void
own_profile(void)
{
	char	 path[300], *s;
	cJSON	*p, *l;
	FILE	*f;
	long	 n;

	snprintf(path, sizeof(path), "%s/profile.json", tmpdir);
	if ((f = fopen(path, "r")) == NULL)
		abort();
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	if ((s = calloc(1, (size_t)n + 1)) == NULL ||
	    fread(s, 1, (size_t)n, f) != (size_t)n)
		abort();
	fclose(f);
	if ((p = cJSON_Parse(s)) == NULL)
		abort();
	free(s);
	set_text2(p, "name", NAME_ES, NAME_EN);
	set_string(p, "given_name", GIVEN);
	set_text2(p, "family_name", FAMILY_ES, FAMILY_EN);
	set_text2(p, "job_title", TITLE_ES, TITLE_EN);
	set_text2(p, "summary", SUMMARY_ES, SUMMARY_EN);
	set_string(cJSON_GetObjectItem(p, "employer"), "name", EMPLOYER);
	set_string(p, "phone", PHONE);
	set_string(cJSON_GetObjectItem(p, "location"), "address", STREET);
	set_string(cJSON_GetObjectItem(p, "location"), "postal_code", POSTAL);
	l = cJSON_GetObjectItem(p, "profiles");
	set_string(cJSON_GetArrayItem(l, 0), "username", USERNAME);
	set_string(cJSON_GetArrayItem(l, 1), "label", LABEL);
	if ((s = cJSON_Print(p)) == NULL)
		abort();
	write_file(path, s);
	free(s);
	cJSON_Delete(p);
}

static void
setup(void)
{
	char	 cmd[600], err[4096];
	int	 i;

	testenv_setup();
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/perfil-vcard-XXXXXX");
	if (mkdtemp(tmpdir) == NULL)
		abort();
	snprintf(cmd, sizeof(cmd), "cp -r '%s'/. '%s'/", TEST_CONTENT_DIR,
	    tmpdir);
	if (system(cmd) != 0)
		abort();
	own_profile();
	own_cfg = test_cfg;
	own_cfg.content_dir = tmpdir;
	if (app_load(&own, &own_cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "own content: %s\n", err);
		abort();
	}
	for (i = 0; i < 4; i++) {
		buf_init(&cards[i]);
		vcard_build(app_of(i), card_of[i].l, card_of[i].path,
		    &cards[i]);
		buf_cstr(&cards[i]);
	}
}

static void
teardown(void)
{
	char	 cmd[300];
	int	 i;

	for (i = 0; i < 4; i++)
		buf_free(&cards[i]);
	app_free(&own);
	testenv_teardown();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	if (system(cmd) != 0)
		abort();
}

/* The card unfolded (section 3.2: a CRLF followed by one space or tab
 * is removed), into b. */
static void
unfold(const char *card, struct buf *b)
{
	const char *p;

	buf_reset(b);
	for (p = card; *p != '\0'; p++) {
		if (p[0] == '\r' && p[1] == '\n' && (p[2] == ' ' ||
		    p[2] == '\t')) {
			p += 2;
			continue;
		}
		buf_putc(b, *p);
	}
	buf_cstr(b);
}

/* A parameter value, quoted or not, RFC 6868's ^' ^^ ^n decoded; p at
 * its first character.  Returns the end, or NULL if malformed. */
static const char *
param_value(const char *p, char *out, size_t len)
{
	size_t	 n = 0;
	int	 quoted = *p == '"';

	if (quoted)
		p++;
	for (; *p != '\0'; p++) {
		if (quoted && *p == '"')
			break;
		if (!quoted && (*p == ';' || *p == ':'))
			break;
		if (*p == '"' || (unsigned char)*p < 0x20)
			return NULL;
		if (n + 2 >= len)
			return NULL;
		if (p[0] == '^' && (p[1] == '\'' || p[1] == '^' ||
		    p[1] == 'n')) {
			out[n++] = p[1] == '\'' ? '"' : p[1] == '^' ? '^' :
			    '\n';
			p++;
		} else
			out[n++] = *p;
	}
	out[n] = '\0';
	if (quoted) {
		if (*p != '"')
			return NULL;
		p++;
	}
	return p;
}

/*
 * Reads the content line s (up to its CRLF) into c: NAME = 1*(ALPHA /
 * DIGIT / "-"), then ";" PNAME "=" value, then ":" and the value
 * (section 3.3).  Returns 0, or -1 if it is not one.
 */
static int
read_line(const char *s, size_t len, struct cline *c)
{
	const char *p = s, *end = s + len;
	size_t	 n;

	memset(c, 0, sizeof(*c));
	for (n = 0; p < end && (isalnum((unsigned char)*p) || *p == '-');
	    p++)
		if (n + 1 < sizeof(c->name))
			c->name[n++] = *p;
	if (n == 0)
		return -1;
	while (p < end && *p == ';') {
		if (c->np == MAXP)
			return -1;
		for (p++, n = 0; p < end && (isalnum((unsigned char)*p) ||
		    *p == '-'); p++)
			if (n + 1 < sizeof(c->pname[0]))
				c->pname[c->np][n++] = *p;
		if (n == 0 || p >= end || *p != '=')
			return -1;
		if ((p = param_value(p + 1, c->pvalue[c->np],
		    sizeof(c->pvalue[0]))) == NULL || p > end)
			return -1;
		c->np++;
	}
	if (p >= end || *p != ':' || (size_t)(end - p) > sizeof(c->value))
		return -1;
	memcpy(c->value, p + 1, (size_t)(end - p - 1));
	c->value[end - p - 1] = '\0';
	return 0;
}

/* The k-th (0 first) content line named name in card i, unfolded;
 * returns 0, or -1 when there is none. */
static int
prop_at(int i, const char *name, int k, struct cline *c)
{
	struct buf b;
	const char *p, *e;
	int	 rc = -1;

	buf_init(&b);
	unfold(cards[i].data, &b);
	for (p = b.data; (e = strstr(p, "\r\n")) != NULL; p = e + 2) {
		if (read_line(p, (size_t)(e - p), c) == -1)
			ck_abort_msg("card %d: not a content line: %.*s", i,
			    (int)(e - p), p);
		if (strcmp(c->name, name) == 0 && k-- == 0) {
			rc = 0;
			break;
		}
	}
	buf_free(&b);
	return rc;
}

static void
prop(int i, const char *name, struct cline *c)
{
	if (prop_at(i, name, 0, c) == -1)
		ck_abort_msg("card %d: no %s", i, name);
}

/* c's parameter name, NULL when it has none. */
static const char *
param(const struct cline *c, const char *name)
{
	int	 k;

	for (k = 0; k < c->np; k++)
		if (strcasecmp(c->pname[k], name) == 0)
			return c->pvalue[k];
	return NULL;
}

/*
 * The text value s unescaped (section 3.4) into b: \\ \, \; \n (or \N)
 * are their characters, any other backslash is an error, and so is a
 * bare comma (a list separator).  In a compound value (compound 1) a
 * bare semicolon ends the component, s is left after it; elsewhere it
 * is the character.  Returns the end of what was read, or NULL with
 * the test failed.
 */
static const char *
text(const char *s, int compound, struct buf *b)
{
	buf_reset(b);
	for (; *s != '\0'; s++) {
		if (*s == '\\') {
			switch (s[1]) {
			case '\\': case ',': case ';':
				buf_putc(b, s[1]);
				break;
			case 'n': case 'N':
				buf_putc(b, '\n');
				break;
			default:
				ck_abort_msg("a bad escape in %s", s);
			}
			s++;
		} else if (*s == ',')
			ck_abort_msg("a bare comma in %s", s);
		else if (*s == ';' && compound)
			break;
		else
			buf_putc(b, *s);
	}
	buf_cstr(b);
	return s;
}

/* The components of compound value s, unescaped, into comp[]; returns
 * how many. */
static int
components(const char *s, char comp[][512], int max)
{
	struct buf b;
	int	 n = 0;

	buf_init(&b);
	for (;;) {
		s = text(s, 1, &b);
		ck_assert_int_lt(n, max);
		snprintf(comp[n++], 512, "%s", buf_cstr(&b));
		if (*s != ';')
			break;
		s++;
	}
	buf_free(&b);
	return n;
}

/* The profile's text name in card i's language; "" when absent. */
static const char *
own_text(int i, const char *name)
{
	return json_str(app_of(i)->model->profile.obj[card_of[i].l], name);
}

/* Text property name of card i is want. */
static void
text_is(int i, const char *name, const char *want)
{
	struct cline c;
	struct buf b;

	prop(i, name, &c);
	buf_init(&b);
	text(c.value, 0, &b);
	ck_assert_msg(strcmp(buf_cstr(&b), want) == 0, "card %d: %s is "
	    "\"%s\", not \"%s\"", i, name, buf_cstr(&b), want);
	buf_free(&b);
}

/* Every line ends in CRLF: no bare CR or LF, nothing after the last. */
START_TEST(lines_end_in_crlf)
{
	const char *s = cards[_i].data;
	size_t	 k, n = cards[_i].len;

	ck_assert_uint_gt(n, 2);
	for (k = 0; k < n; k++) {
		if (s[k] == '\r')
			ck_assert_msg(k + 1 < n && s[k + 1] == '\n',
			    "a CR without LF at %zu", k);
		if (s[k] == '\n')
			ck_assert_msg(k > 0 && s[k - 1] == '\r',
			    "a LF without CR at %zu", k);
	}
	ck_assert_str_eq(s + n - 2, "\r\n");
}
END_TEST

/* No physical line is longer than 75 octets (section 3.2). */
START_TEST(lines_fit_75_octets)
{
	const char *p, *e;
	int	 longest = 0;

	for (p = cards[_i].data; (e = strstr(p, "\r\n")) != NULL; p = e + 2) {
		ck_assert_msg(e - p <= 75, "card %d: a line of %d octets: "
		    "%.*s", _i, (int)(e - p), (int)(e - p), p);
		if (e - p > longest)
			longest = (int)(e - p);
	}
	/* The long texts do fold, and right at the limit. */
	if (card_of[_i].own)
		ck_assert_int_ge(longest, 73);
}
END_TEST

/* A fold never splits a UTF-8 sequence: each physical line is UTF-8
 * by itself, a continuation line one space and then a character. */
START_TEST(folds_keep_characters)
{
	const char *p, *e;
	int	 folds = 0;

	for (p = cards[_i].data; (e = strstr(p, "\r\n")) != NULL; p = e + 2) {
		ck_assert_msg(utf8_valid(p, (size_t)(e - p)), "card %d: a "
		    "line not UTF-8 by itself: %.*s", _i, (int)(e - p), p);
		if (*p == ' ') {
			folds++;
			ck_assert_msg(e > p + 1 && p[1] != '\r' &&
			    ((unsigned char)p[1] & 0xc0) != 0x80,
			    "card %d: a fold before a continuation byte", _i);
		}
	}
	ck_assert_int_ge(folds, 2);
}
END_TEST

/* BEGIN:VCARD, VERSION:4.0 right after it, END:VCARD last, each once;
 * FN and N once.  Unfolded, every line is NAME *(";" PNAME "=" value)
 * ":" value. */
START_TEST(card_frame)
{
	struct cline c;
	struct buf b;
	const char *s = cards[_i].data, *p, *e;
	int	 n = 0;

	ck_assert(strncmp(s, "BEGIN:VCARD\r\nVERSION:4.0\r\n", 26) == 0);
	ck_assert_str_eq(s + cards[_i].len - 11, "END:VCARD\r\n");
	ck_assert_int_eq(prop_at(_i, "BEGIN", 1, &c), -1);
	ck_assert_int_eq(prop_at(_i, "VERSION", 1, &c), -1);
	ck_assert_int_eq(prop_at(_i, "END", 1, &c), -1);
	ck_assert_int_eq(prop_at(_i, "FN", 0, &c), 0);
	ck_assert_int_eq(prop_at(_i, "FN", 1, &c), -1);
	ck_assert_int_eq(prop_at(_i, "N", 0, &c), 0);
	ck_assert_int_eq(prop_at(_i, "N", 1, &c), -1);
	buf_init(&b);
	unfold(cards[_i].data, &b);
	for (p = b.data; (e = strstr(p, "\r\n")) != NULL; p = e + 2, n++)
		ck_assert_msg(read_line(p, (size_t)(e - p), &c) == 0,
		    "card %d: %.*s", _i, (int)(e - p), p);
	ck_assert_int_ge(n, 16);
	buf_free(&b);
}
END_TEST

/* FN is the name; N the five components of section 6.2.2: family,
 * given, additional, prefixes, suffixes. */
START_TEST(fn_and_n)
{
	struct cline c;
	char	 comp[8][512];

	text_is(_i, "FN", own_text(_i, "name"));
	prop(_i, "N", &c);
	ck_assert_int_eq(components(c.value, comp, 8), 5);
	ck_assert_str_eq(comp[0], own_text(_i, "family_name"));
	ck_assert_str_eq(comp[1], own_text(_i, "given_name"));
	ck_assert_str_eq(comp[2], "");
	ck_assert_str_eq(comp[3], "");
	ck_assert_str_eq(comp[4], "");
}
END_TEST

/* TITLE, ORG (one component: the employer) and NOTE are the
 * profile's, newlines and all. */
START_TEST(title_org_note)
{
	struct cline c;
	char	 comp[4][512];

	text_is(_i, "TITLE", own_text(_i, "job_title"));
	text_is(_i, "NOTE", own_text(_i, "summary"));
	prop(_i, "ORG", &c);
	ck_assert_int_eq(components(c.value, comp, 4), 1);
	ck_assert_str_eq(comp[0], json_str(cJSON_GetObjectItem(
	    app_of(_i)->model->profile.obj[card_of[_i].l], "employer"),
	    "name"));
}
END_TEST

/* EMAIL, URL, PHOTO (the portrait's absolute URL, its media type),
 * SOURCE (the card's own URL) and TEL as the content has them: TEL
 * only when it publishes a telephone. */
START_TEST(contacts)
{
	const cJSON *src = app_of(_i)->model->profile.src;
	struct cline c;
	char	 want[512];

	text_is(_i, "EMAIL", own_text(_i, "email"));
	prop(_i, "URL", &c);
	ck_assert_str_eq(c.value, json_str(src, "url"));
	prop(_i, "PHOTO", &c);
	ck_assert_str_eq(c.value, TEST_BASE "/media/portrait.png");
	ck_assert_str_eq(param(&c, "MEDIATYPE"), "image/png");
	prop(_i, "SOURCE", &c);
	snprintf(want, sizeof(want), "%s%s", TEST_BASE, card_of[_i].path);
	ck_assert_str_eq(c.value, want);
	if (card_of[_i].own) {
		text_is(_i, "TEL", PHONE);
		prop(_i, "TEL", &c);
		ck_assert_str_eq(param(&c, "VALUE"), "text");
	} else
		ck_assert_int_eq(prop_at(_i, "TEL", 0, &c), -1);
}
END_TEST

/* One LANG per working language, in the content's order, PREF 1 the
 * first. */
START_TEST(languages)
{
	const cJSON *e;
	struct cline c;
	char	 pref[16];
	int	 k = 0;

	cJSON_ArrayForEach(e, cJSON_GetObjectItem(
	    app_of(_i)->model->profile.src, "languages")) {
		ck_assert_int_eq(prop_at(_i, "LANG", k, &c), 0);
		ck_assert_str_eq(c.value, e->valuestring);
		snprintf(pref, sizeof(pref), "%d", ++k);
		ck_assert_str_eq(param(&c, "PREF"), pref);
	}
	ck_assert_int_eq(k, 3);
	ck_assert_int_eq(prop_at(_i, "LANG", k, &c), -1);
}
END_TEST

/* One SOCIALPROFILE per profile link: its URL, the site's name in
 * SERVICE-TYPE and the user name, when given, in USERNAME (RFC 9554,
 * 3.4; RFC 6868 for the quote and caret). */
START_TEST(social_profiles)
{
	const cJSON *e;
	struct cline c;
	int	 k = 0;

	cJSON_ArrayForEach(e, cJSON_GetObjectItem(
	    app_of(_i)->model->profile.src, "profiles")) {
		ck_assert_int_eq(prop_at(_i, "SOCIALPROFILE", k++, &c), 0);
		ck_assert_str_eq(c.value, json_str(e, "url"));
		ck_assert_str_eq(param(&c, "SERVICE-TYPE"), json_str(e,
		    "label"));
		if (*json_str(e, "username") != '\0')
			ck_assert_str_eq(param(&c, "USERNAME"), json_str(e,
			    "username"));
		else
			ck_assert_ptr_null(param(&c, "USERNAME"));
	}
	ck_assert_int_eq(k, 3);
	ck_assert_int_eq(prop_at(_i, "SOCIALPROFILE", k, &c), -1);
}
END_TEST

/* ADR's seven components (section 6.3.1): post office box, extended
 * address, street, locality, region, postal code, country (its name
 * in the card's language; its code in CC, RFC 9554). */
START_TEST(address)
{
	const cJSON *src = cJSON_GetObjectItem(app_of(_i)->model->profile.src,
	    "location");
	const cJSON *loc = cJSON_GetObjectItem(
	    app_of(_i)->model->profile.obj[card_of[_i].l], "location");
	struct cline c;
	char	 comp[8][512];

	prop(_i, "ADR", &c);
	ck_assert_int_eq(components(c.value, comp, 8), 7);
	ck_assert_str_eq(comp[0], "");
	ck_assert_str_eq(comp[1], "");
	ck_assert_str_eq(comp[2], json_str(src, "address"));
	ck_assert_str_eq(comp[3], json_str(loc, "city"));
	ck_assert_str_eq(comp[4], json_str(loc, "region"));
	ck_assert_str_eq(comp[5], json_str(src, "postal_code"));
	ck_assert_str_eq(comp[6], card_of[_i].country);
	ck_assert_str_eq(param(&c, "CC"), json_str(src, "country"));
}
END_TEST

/* The escaped forms themselves (section 3.4, RFC 6868), unfolded. */
static const struct {
	int	 card;
	const char *name;
	const char *want;
} escaped[] = {
	{ 2, "FN", "Ana\\, María Núñez\\; \\\\Gil" },
	{ 2, "N", "Núñez\\; \\\\Gil;Ana\\, María;;;" },
	{ 3, "TITLE", "Title\\, with\\; \\\\ specials" },
	{ 2, "ORG", "Acme\\; Sons\\, Ltd." },
	{ 3, "NOTE", "Line one\\nLine two\\, with\\; \\\\ more\\nno" NBSP
	    "break" },
	{ 2, "ADR", ";;Calle Sierpes\\, 1\\; 2º;Sevilla;Andalucía;41004;"
	    "España" },
};

START_TEST(escaped_forms)
{
	struct cline c;

	prop(escaped[_i].card, escaped[_i].name, &c);
	ck_assert_str_eq(c.value, escaped[_i].want);
}
END_TEST

/* A parameter value with a double quote and a caret is quoted and
 * written as RFC 6868 has it: ^' and ^^. */
START_TEST(param_encoded)
{
	const char *want = "SOCIALPROFILE;SERVICE-TYPE=\"Linked^'In ^^ x\":";
	struct buf b;

	buf_init(&b);
	unfold(cards[3].data, &b);
	ck_assert_ptr_nonnull(strstr(b.data, want));
	buf_free(&b);
}
END_TEST

/* The long Japanese title folds over at least two continuation lines
 * and unfolds to the content's text. */
START_TEST(long_title_folds)
{
	const char *p, *e;
	int	 lines = 0;

	p = strstr(cards[2].data, "\r\nTITLE:");
	ck_assert_ptr_nonnull(p);
	for (p += 2; (e = strstr(p, "\r\n")) != NULL; p = e + 2) {
		lines++;
		if (e[2] != ' ')
			break;
	}
	ck_assert_int_ge(lines, 3);
	text_is(2, "TITLE", TITLE_ES);
}
END_TEST

/* What the site serves at /contact.vcf and /en/contact.vcf is
 * vcard_build's card, as text/vcard in UTF-8. */
START_TEST(served_as_built)
{
	struct response *r;
	int	 i;

	for (i = 0; i < 2; i++) {
		r = run("GET", card_of[i].path, NULL, NULL, NULL, NULL);
		ck_assert_int_eq(r->status, 200);
		ck_assert(has_header("Content-Type", TYPE_VCARD));
		ck_assert_str_eq(test_body(), cards[i].data);
	}
}
END_TEST

static Suite *
vcard_suite(void)
{
	Suite	*s = suite_create("vcard");
	TCase	*tc = tcase_create("vcard");

	tcase_add_unchecked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, lines_end_in_crlf, 0, 4);
	tcase_add_loop_test(tc, lines_fit_75_octets, 0, 4);
	tcase_add_loop_test(tc, folds_keep_characters, 0, 4);
	tcase_add_loop_test(tc, card_frame, 0, 4);
	tcase_add_loop_test(tc, fn_and_n, 0, 4);
	tcase_add_loop_test(tc, title_org_note, 0, 4);
	tcase_add_loop_test(tc, contacts, 0, 4);
	tcase_add_loop_test(tc, languages, 0, 4);
	tcase_add_loop_test(tc, social_profiles, 0, 4);
	tcase_add_loop_test(tc, address, 0, 4);
	tcase_add_loop_test(tc, escaped_forms, 0,
	    (int)(sizeof(escaped) / sizeof(escaped[0])));
	tcase_add_test(tc, param_encoded);
	tcase_add_test(tc, long_title_folds);
	tcase_add_test(tc, served_as_built);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(vcard_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
