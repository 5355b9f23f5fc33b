/*
 * labels.c: loading the label sets, resolving each key of each language
 * through its fallbacks, and filling their templates.
 */
#include "config.h"

#include <sys/stat.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uldnames.h>
#include <unicode/ulistformatter.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "content/labels.h"
#include "content/langtag.h"

#define LABELS_MAX_SIZE		(512 * 1024)

static const char *const pronoun_suffix[] = { "she", "he", "they" };

/*
 * Reads and parses dir/code.json, a regular file (opened beneath dir
 * and non-blocking: no link leads out of dir, a FIFO never hangs a
 * load).  Returns the set; NULL with *absent set
 * when there is no such file; NULL with err set on any other failure.
 */
static cJSON *
load_set(const char *dir, const char *code, int *absent, char *err,
    size_t errlen)
{
	char	 path[1024], why[256], *data = NULL;
	cJSON	*set = NULL, *m;
	size_t	 len = 0;

	*absent = 0;
	if (xsnprintf(path, sizeof(path), "%s/%s.json", dir, code) == -1) {
		snprintf(err, errlen, "%s: labels path too long", dir);
		return NULL;
	}
	if ((data = read_beneath(dir, path + strlen(dir) + 1,
	    LABELS_MAX_SIZE, &len, absent, why, sizeof(why))) == NULL) {
		if (*absent)
			return NULL;
		if (strncmp(why, "cannot open: ", 13) == 0)
			snprintf(err, errlen, "%s: cannot open the label set "
			    "of language %s: %s", path, code, why + 13);
		else
			snprintf(err, errlen, "%s: %s", path, why);
		return NULL;
	}
	if ((set = cJSON_ParseWithOpts(data, NULL, 1)) == NULL ||
	    !cJSON_IsObject(set)) {
		snprintf(err, errlen, "%s: expected one JSON object of "
		    "strings", path);
		goto bad;
	}
	cJSON_ArrayForEach(m, set)
		if (!cJSON_IsString(m)) {
			snprintf(err, errlen, "%s: %s: expected a string", path,
			    m->string);
			goto bad;
		}
	goto out;
bad:
	cJSON_Delete(set);
	set = NULL;
out:
	free(data);
	return set;
}

/* The pronoun suffix ("she") of key when it is a variant of a key of
 * ref ("page.home.summary.she"), its base's length in *baselen; else
 * NULL. */
static const char *
variant_of(const cJSON *ref, const char *key, size_t *baselen)
{
	const char *dot = strrchr(key, '.');
	char	 base[128];
	size_t	 i, n;

	if (dot == NULL || (n = (size_t)(dot - key)) >= sizeof(base))
		return NULL;
	for (i = 0; i < sizeof(pronoun_suffix) / sizeof(*pronoun_suffix); i++)
		if (strcmp(dot + 1, pronoun_suffix[i]) == 0)
			break;
	if (i == sizeof(pronoun_suffix) / sizeof(*pronoun_suffix))
		return NULL;
	memcpy(base, key, n);
	base[n] = '\0';
	if (cJSON_GetObjectItemCaseSensitive(ref, base) == NULL)
		return NULL;
	*baselen = n;
	return dot + 1;
}

static int
name_cmp(const void *a, const void *b)
{
	return strcmp(a, b);
}

/*
 * Writes the sorted, distinct "@@name@@" placeholders of t into out,
 * space-separated ("@@a@@ @@b@@").  Returns 0, or -1 when an "@@" has
 * no closing one.
 */
static int
placeholders(const char *t, char *out, size_t outlen)
{
	char	 names[16][64];
	const char *p, *end;
	size_t	 n = 0, i;

	out[0] = '\0';
	for (p = t; (p = strstr(p, "@@")) != NULL; p = end + 2) {
		if ((end = strstr(p + 2, "@@")) == NULL)
			return -1;
		if (n == sizeof(names) / sizeof(names[0]))
			continue;
		snprintf(names[n], sizeof(names[n]), "%.*s",
		    (int)(end - p + 2), p);
		for (i = 0; i < n && strcmp(names[i], names[n]) != 0; i++)
			;
		if (i == n)
			n++;
	}
	qsort(names, n, sizeof(names[0]), name_cmp);
	for (i = 0; i < n; i++)
		snprintf(out + strlen(out), outlen - strlen(out), "%s%s",
		    i ? " " : "", names[i]);
	return 0;
}

/*
 * Holds set (file dir/code.json) to the reference set ref: every key is
 * one of ref's or a pronoun variant of one (else a warning: the key is
 * never shown), and its text has the same placeholders as the
 * reference's (else an error: a placeholder the program does not fill
 * would reach the reader, one it fills would be lost).  Returns 0, or
 * -1 with err set.
 */
static int
check_set(struct labels *lb, const cJSON *set, const char *dir,
    const char *code, const cJSON *ref, char *err, size_t errlen)
{
	const cJSON *m, *r;
	char	 have[512], want[512], base[128];
	size_t	 n;

	cJSON_ArrayForEach(m, set) {
		r = cJSON_GetObjectItemCaseSensitive(ref, m->string);
		if (r == NULL && variant_of(ref, m->string, &n) != NULL) {
			snprintf(base, sizeof(base), "%.*s", (int)n, m->string);
			r = cJSON_GetObjectItemCaseSensitive(ref, base);
		}
		if (r == NULL) {
			buf_printf(&lb->warnings, "%s/%s.json: %s: unknown "
			    "label key (%s.json has none such); ignored\n",
			    dir, code, m->string, LABELS_DOC_CODE);
			continue;
		}
		if (placeholders(m->valuestring, have, sizeof(have)) == -1) {
			snprintf(err, errlen, "%s/%s.json: %s: \"@@\" without "
			    "its closing \"@@\"", dir, code, m->string);
			return -1;
		}
		placeholders(r->valuestring, want, sizeof(want));
		if (strcmp(have, want) != 0) {
			snprintf(err, errlen, "%s/%s.json: %s: placeholders "
			    "\"%s\" differ from %s.json's \"%s\"", dir, code,
			    m->string, have, LABELS_DOC_CODE, want);
			return -1;
		}
	}
	return 0;
}

/*
 * The sets of language code: the site's (content labels/) and the
 * installed one, loaded and checked once.  Returns the entry, or NULL
 * with err set.
 */
static struct label_code *
code_sets(struct labels *lb, const struct labels_src *src, const char *code,
    char *err, size_t errlen)
{
	struct label_code *c;
	int	 absent, i;

	for (i = 0; i < lb->ncodes; i++)
		if (strcmp(lb->codes[i].code, code) == 0)
			return &lb->codes[i];
	if (lb->ncodes == LABELS_MAX_CODES) {
		snprintf(err, errlen, "too many label languages");
		return NULL;
	}
	c = &lb->codes[lb->ncodes++];
	snprintf(c->code, sizeof(c->code), "%s", code);
	if (src->site_dir != NULL && (c->set[0] = load_set(src->site_dir, code,
	    &absent, err, errlen)) == NULL && !absent)
		return NULL;
	if ((c->set[1] = load_set(src->dir, code, &absent, err, errlen)) ==
	    NULL && !absent)
		return NULL;
	for (i = 0; i < 2; i++)
		if (c->set[i] != NULL && lb->ref != NULL && check_set(lb,
		    c->set[i], i == 0 ? src->site_dir : src->dir, code,
		    lb->ref, err, errlen) == -1)
			return NULL;
	return c;
}

/*
 * The text of key in the sets of c: the first of the site's and the
 * installed set that has the key (or its variant for the settings'
 * pronouns) gives it, the variant preferred.  NULL when neither does.
 */
static const char *
code_text(const struct labels *lb, const struct label_code *c,
    const char *key)
{
	const cJSON *v;
	char	 k[160];
	int	 s;

	for (s = 0; s < 2; s++) {
		if (c->set[s] == NULL)
			continue;
		v = NULL;
		if (lb->pronouns != PRON_NONE && xsnprintf(k, sizeof(k),
		    "%s.%s", key, settings_pronoun_name(lb->pronouns)) != -1)
			v = cJSON_GetObjectItemCaseSensitive(c->set[s], k);
		if (v == NULL)
			v = cJSON_GetObjectItemCaseSensitive(c->set[s], key);
		if (v != NULL)
			return v->valuestring;
	}
	return NULL;
}

static int
label_cmp(const void *a, const void *b)
{
	return strcmp(((const struct label *)a)->key,
	    ((const struct label *)b)->key);
}

static int
label_key_cmp(const void *key, const void *e)
{
	return strcmp(key, ((const struct label *)e)->key);
}

/*
 * Builds lb->tab[l], every key of the reference set sorted for lbl's
 * binary search, each with its text from the first of chain (the
 * language's own sets, the first nown, then the fallback language's,
 * then English's) that has it.  A key the language's own sets lack is
 * listed in lb->warnings, unless it is a pronoun variant (a
 * translation may say it once, in neutral wording).  Returns 0, or -1
 * out of memory.
 */
static int
label_table(struct labels *lb, int l, const char *code,
    struct label_code *const chain[], int nchain, int nown)
{
	const cJSON *m;
	const char *t;
	struct label *tab;
	size_t	 n = 0, bl;
	int	 i;

	if ((tab = calloc((size_t)cJSON_GetArraySize(lb->ref) + 1,
	    sizeof(*tab))) == NULL)
		return -1;
	cJSON_ArrayForEach(m, lb->ref) {
		for (i = 0, t = NULL; i < nchain; i++)
			if ((t = code_text(lb, chain[i], m->string)) != NULL)
				break;
		if (t == NULL) {	/* the site's en.json is partial */
			t = m->valuestring;
			i = nchain - 1;
		}
		tab[n].key = m->string;
		tab[n++].text = t;
		if (l != LABELS_DOC && i >= nown &&
		    variant_of(lb->ref, m->string, &bl) == NULL) {
			buf_printf(&lb->warnings, "labels: %s: %s: untranslated "
			    "(no label set has it in this language); pages "
			    "show the %s text\n", code, m->string,
			    chain[i]->code);
			lb->nuntranslated[l]++;
		}
	}
	qsort(tab, n, sizeof(*tab), label_cmp);
	lb->tab[l] = tab;
	lb->ntab[l] = n;
	return 0;
}

/*
 * 1 when another language of lb shares the language subtag of
 * language l's tag ("pt-BR" and "pt-PT"), else 0.
 */
static int
shares_language(const struct labels *lb, int l)
{
	const char *a, *b;
	int	 i;

	if (l >= lb->langs.n)
		return 0;
	a = lang_code(&lb->langs, (enum lang)l);
	for (i = 0; i < lb->langs.n; i++) {
		b = lang_code(&lb->langs, (enum lang)i);
		if (i != l && strcspn(a, "-") == strcspn(b, "-") &&
		    strncmp(a, b, strcspn(a, "-")) == 0)
			return 1;
	}
	return 0;
}

/*
 * The name of language tag code in its own language, capitalised for
 * a menu: its language's ("Español", "English" for en-IN), or the
 * whole tag's ("English (India)") when another of the site's languages
 * has the same language; and its Open Graph locale ("es_ES", "en_IN":
 * ICU's likely region), into the buffers of lb for language l.
 */
static void
icu_names(struct labels *lb, int l, const char *code)
{
	UDisplayContext ctx[] = { UDISPCTX_CAPITALIZATION_FOR_UI_LIST_OR_MENU };
	ULocaleDisplayNames *dn;
	UErrorCode ec = U_ZERO_ERROR;
	UChar	 u[64];
	char	 full[ULOC_FULLNAME_CAPACITY], loc[ULOC_FULLNAME_CAPACITY];
	char	 lang[12], region[8];
	int32_t	 n;

	snprintf(lb->own_name[l], sizeof(lb->own_name[l]), "%s", code);
	snprintf(lang, sizeof(lang), "%.*s", (int)strcspn(code, "-"), code);
	dn = uldn_openForContext(code, ctx, 1, &ec);
	if (U_SUCCESS(ec)) {
		n = shares_language(lb, l) ? uldn_localeDisplayName(dn, code,
		    u, (int32_t)(sizeof(u) / sizeof(u[0])), &ec) :
		    uldn_languageDisplayName(dn, lang, u,
		    (int32_t)(sizeof(u) / sizeof(u[0])), &ec);
		if (U_SUCCESS(ec))
			u_strToUTF8(lb->own_name[l],
			    (int32_t)sizeof(lb->own_name[l]), NULL, u, n, &ec);
		if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
			snprintf(lb->own_name[l], sizeof(lb->own_name[l]),
			    "%s", code);
		uldn_close(dn);
	}
	ec = U_ZERO_ERROR;
	uloc_forLanguageTag(code, loc, sizeof(loc), NULL, &ec);
	uloc_addLikelySubtags(loc, full, sizeof(full), &ec);
	if (U_FAILURE(ec))
		snprintf(full, sizeof(full), "%s", code);
	ec = U_ZERO_ERROR;
	uloc_getLanguage(full, lang, sizeof(lang), &ec);
	uloc_getCountry(full, region, sizeof(region), &ec);
	if (U_FAILURE(ec) || lang[0] == '\0')
		snprintf(lang, sizeof(lang), "%s", code);
	snprintf(lb->og_locale[l], sizeof(lb->og_locale[l]), "%s%s%s", lang,
	    region[0] != '\0' ? "_" : "", region);
	lb->rtl[l] = uloc_isRightToLeft(full);
}

/* Appends c to chain[0..n) unless it is there.  Returns the count. */
static int
chain_add(struct label_code **chain, int n, struct label_code *c)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (chain[i] == c)
			return n;
	chain[n] = c;
	return n + 1;
}

/* 1 when none of chain[0..n) has a set. */
static int
chain_empty(struct label_code *const *chain, int n)
{
	int	 i;

	for (i = 0; i < n; i++)
		if (chain[i]->set[0] != NULL || chain[i]->set[1] != NULL)
			return 0;
	return 1;
}

/*
 * The sets of language tag code into chain, its own codes in their
 * order (langtag_label_codes: "en-IN", then "en"), code alone when alone is set.
 * Returns how many, or -1 with err set.
 */
static int
own_chain(struct labels *lb, const struct labels_src *src, const char *code,
    int alone, struct label_code **chain, char *err, size_t errlen)
{
	char	 own[LABELS_OWN_MAX][LANG_TAG_MAX + 1];
	int	 i, n, k = 0;

	n = alone ? 1 : langtag_label_codes(code, own);
	if (alone)
		snprintf(own[0], sizeof(own[0]), "%s", code);
	for (i = 0; i < n; i++) {
		if ((chain[k] = code_sets(lb, src, own[i], err, errlen)) ==
		    NULL)
			return -1;
		k = chain_add(chain, k, chain[k]);
	}
	return k;
}

/*
 * Loads the label sets from the installed directory alone: labels_from
 * without site labels and with English as the fallback.
 */
int
labels_load(struct labels *lb, const char *dir, const struct langs *ls,
    enum pronouns pronouns, char *err, size_t errlen)
{
	struct labels_src src = { .dir = dir };

	return labels_from(lb, &src, ls, pronouns, err, errlen);
}

/*
 * Loads the label sets of every language of ls, and English's for the
 * API's documents (LABELS_DOC), from src: each key of each language
 * from the site's labels/CODE.json, else the installed CODE.json, else
 * the fallback language's two, else English's.  The installed en.json
 * is required: it is the reference that names every key and its
 * placeholders.  Untranslated keys and unknown ones are listed in
 * lb->warnings.  Returns 0, or -1 with a message naming the file (and
 * the key) in err.
 */
int
labels_from(struct labels *lb, const struct labels_src *src,
    const struct langs *ls, enum pronouns pronouns, char *err, size_t errlen)
{
	struct label_code *chain[LABELS_OWN_MAX + 2], *en, *fbc;
	const char *fb = src->fallback != NULL ? src->fallback :
	    LABELS_DOC_CODE, *code;
	int	 absent, l, n, nown, slot;

	memset(lb, 0, sizeof(*lb));
	buf_init(&lb->warnings);
	lb->langs = ls != NULL ? *ls : langs_fallback;
	ls = &lb->langs;
	lb->pronouns = pronouns;
	if ((lb->ref = load_set(src->dir, LABELS_DOC_CODE, &absent, err,
	    errlen)) == NULL) {
		if (absent)
			snprintf(err, errlen, "%s/%s.json: cannot open the "
			    "label set of language %s, which names every "
			    "label (see --labels)", src->dir,
			    LABELS_DOC_CODE, LABELS_DOC_CODE);
		goto err;
	}
	if ((en = code_sets(lb, src, LABELS_DOC_CODE, err, errlen)) == NULL)
		goto err;
	if ((fbc = code_sets(lb, src, fb, err, errlen)) == NULL)
		goto err;
	if (fbc->set[0] == NULL && fbc->set[1] == NULL) {
		snprintf(err, errlen, "site.json: label_fallback: no label set for "
		    "\"%s\" in %s%s%s", fb, src->dir, src->site_dir != NULL ?
		    " or " : "", src->site_dir != NULL ? src->site_dir : "");
		goto err;
	}
	/* Each language, then LABELS_DOC: English alone. */
	for (l = 0; l <= ls->n; l++) {
		code = l < ls->n ? lang_code(ls, (enum lang)l) :
		    LABELS_DOC_CODE;
		slot = l < ls->n ? l : (int)LABELS_DOC;
		if ((n = own_chain(lb, src, code, slot == (int)LABELS_DOC,
		    chain, err, errlen)) == -1)
			goto err;
		nown = n;
		if (slot != (int)LABELS_DOC)
			n = chain_add(chain, n, fbc);
		n = chain_add(chain, n, en);
		if (slot != (int)LABELS_DOC)
			lb->noset[slot] = chain_empty(chain, nown);
		lb->fallback_code = chain[nown < n ? nown : 0]->code;
		if (label_table(lb, slot, code, chain, n, nown) == -1) {
			snprintf(err, errlen, "out of memory");
			goto err;
		}
		icu_names(lb, slot, code);
	}
	if (lb->warnings.oom) {
		snprintf(err, errlen, "out of memory");
		goto err;
	}
	return 0;
err:
	labels_free(lb);
	return -1;
}

void
labels_free(struct labels *lb)
{
	int	 i;

	cJSON_Delete(lb->ref);
	for (i = 0; i < lb->ncodes; i++) {
		cJSON_Delete(lb->codes[i].set[0]);
		cJSON_Delete(lb->codes[i].set[1]);
	}
	for (i = 0; i <= LANG__MAX; i++)
		free(lb->tab[i]);
	buf_free(&lb->warnings);
	memset(lb, 0, sizeof(*lb));
}

/*
 * The label key in language l (labels_from says where it comes from).
 * A key the reference set lacks is remembered in lb->missing (the
 * render then fails) and gives "".
 */
const char *
lbl(struct labels *lb, enum lang l, const char *key)
{
	const struct label *e;

	e = bsearch(key, lb->tab[l], lb->ntab[l], sizeof(*e), label_key_cmp);
	if (e == NULL) {
		if (lb->missing == NULL) {
			/* a copy: key may be the caller's buffer */
			snprintf(lb->missing_key, sizeof(lb->missing_key),
			    "%s", key);
			lb->missing = lb->missing_key;
		}
		return "";
	}
	return e->text;
}

/*
 * Appends label key with every "@@name@@" replaced by its value in
 * vars ({ "name", "value", ..., NULL }), verbatim: the caller escapes
 * values for the output's syntax.  An unknown placeholder is kept.
 */
void
lbl_fill(struct buf *b, struct labels *lb, enum lang l, const char *key,
    const char *const *vars)
{
	const char *t = lbl(lb, l, key), *at, *end;
	const char *const *v;

	while ((at = strstr(t, "@@")) != NULL &&
	    (end = strstr(at + 2, "@@")) != NULL) {
		buf_append(b, t, (size_t)(at - t));
		for (v = vars; v != NULL && v[0] != NULL; v += 2)
			if (strlen(v[0]) == (size_t)(end - at - 2) &&
			    strncmp(v[0], at + 2, (size_t)(end - at - 2)) == 0)
				break;
		if (v != NULL && v[0] != NULL)
			buf_puts(b, v[1]);
		else
			buf_append(b, at, (size_t)(end + 2 - at));
		t = end + 2;
	}
	buf_puts(b, t);
}

/* The label key in language l, or NULL when no set names it (an
 * optional key: no failure is remembered). */
const char *
lbl_find(const struct labels *lb, enum lang l, const char *key)
{
	const struct label *e;

	e = bsearch(key, lb->tab[l], lb->ntab[l], sizeof(*e), label_key_cmp);
	return e != NULL ? e->text : NULL;
}

/* The name of configured language l in itself, for a menu ("Español"). */
const char *
labels_own_name(const struct labels *lb, enum lang l)
{
	return lb->own_name[l];
}

/* The Open Graph locale of configured language l ("es_ES"). */
/*
 * Appends one plain line per language of the site that lacks labels:
 * "no label set for ja (Japanese): the 180 interface texts are shown
 * in English (en); ..." or, for a partial set, how many keys fall back.
 * Returns the number of lines.
 */
int
labels_gaps(const struct labels *lb, const char *site_dir, struct buf *b)
{
	char	 name[128], fb[128];
	int	 l, n = 0;

	for (l = 0; l < lb->langs.n; l++) {
		if (lb->nuntranslated[l] == 0)
			continue;
		lang_display_name(lang_code(&lb->langs, (enum lang)l), "en",
		    name, sizeof(name));
		lang_display_name(lb->fallback_code, "en", fb, sizeof(fb));
		if (lb->noset[l])
			buf_printf(b, "no label set for %s (%s): its %zu "
			    "interface texts (menus, headings, the footer) "
			    "are shown in %s; write them in %s/labels/%s.json "
			    "(docs/languages.md)\n", lang_code(&lb->langs,
			    (enum lang)l), name, lb->nuntranslated[l], fb,
			    site_dir, lang_code(&lb->langs, (enum lang)l));
		else
			buf_printf(b, "the label set for %s (%s) lacks %zu "
			    "interface texts, shown in %s (the warnings "
			    "name them)\n", lang_code(&lb->langs, (enum lang)l),
			    name, lb->nuntranslated[l], fb);
		n++;
	}
	return n;
}

/* 1 when language l is written right to left (ICU: its likely
 * script's character orientation), else 0. */
int
labels_rtl(const struct labels *lb, enum lang l)
{
	return lb->rtl[l];
}

const char *
labels_og_locale(const struct labels *lb, enum lang l)
{
	return lb->og_locale[l];
}
/*
 * Writes the name of language code ("es") in the language in ("en":
 * "Spanish") as UTF-8, from ICU's locale data.  Returns 0, or -1 with
 * the code itself written.
 */
int
lang_display_name(const char *code, const char *in, char *out,
    size_t outlen)
{
	UChar	 u[64];
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 n;

	n = uloc_getDisplayLanguage(code, in, u,
	    (int32_t)(sizeof(u) / sizeof(u[0])), &ec);
	if (U_SUCCESS(ec) && ec != U_USING_DEFAULT_WARNING) {
		u_strToUTF8(out, (int32_t)outlen, NULL, u, n, &ec);
		if (U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING)
			return 0;
	}
	snprintf(out, outlen, "%s", code);
	return -1;
}

/*
 * Writes the name of configured language code in configured language
 * in ("Spanish", "español"): lang_display_name.
 */
int
labels_language_name(const struct labels *lb, enum lang code, enum lang in,
    char *out, size_t outlen)
{
	return lang_display_name(lang_code(&lb->langs, code),
	    lang_code(&lb->langs, in), out, outlen);
}

/*
 * Writes the name of country code ("ES") in language in ("España"),
 * from ICU's locale data.  Returns 0, or -1 with the code itself
 * written.
 */
int
country_display_name(const char *code, const char *in, char *out,
    size_t outlen)
{
	UChar	 u[64];
	UErrorCode ec = U_ZERO_ERROR;
	char	 loc[16];
	int32_t	 n;

	if (xsnprintf(loc, sizeof(loc), "und_%s", code) != -1) {
		n = uloc_getDisplayCountry(loc, in, u,
		    (int32_t)(sizeof(u) / sizeof(u[0])), &ec);
		if (U_SUCCESS(ec) && ec != U_USING_DEFAULT_WARNING && n > 0) {
			u_strToUTF8(out, (int32_t)outlen, NULL, u, n, &ec);
			if (U_SUCCESS(ec) &&
			    ec != U_STRING_NOT_TERMINATED_WARNING)
				return 0;
		}
	}
	snprintf(out, outlen, "%s", code);
	return -1;
}

/*
 * Appends the n (at most LANG_LIST_MAX) UTF-8 strings items joined as
 * language in joins a list ("a, b, and c"; "a, b y c"; "a、b、c"),
 * by ICU's list patterns; ", " when ICU cannot.
 */
void
labels_join(struct buf *b, const char *const *items, int n, const char *in)
{
	UListFormatter *lf;
	UErrorCode ec = U_ZERO_ERROR;
	UChar	 u[LANG_LIST_MAX][64], out[LANG_LIST_MAX * 64 + 64];
	const UChar *it[LANG_LIST_MAX];
	char	*utf8;
	int32_t	 len, ulen;
	int	 i, ok = 1;

	if (n > LANG_LIST_MAX)
		n = LANG_LIST_MAX;
	for (i = 0; i < n && ok; i++) {
		ec = U_ZERO_ERROR;
		u_strFromUTF8(u[i], 64, NULL, items[i], -1, &ec);
		ok = U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING;
		it[i] = u[i];
	}
	ec = U_ZERO_ERROR;
	lf = ok ? ulistfmt_openForType(in, ULISTFMT_TYPE_AND,
	    ULISTFMT_WIDTH_WIDE, &ec) : NULL;
	if (lf != NULL && U_SUCCESS(ec)) {
		ulen = ulistfmt_format(lf, it, NULL, n, out,
		    (int32_t)(sizeof(out) / sizeof(out[0])), &ec);
		ulistfmt_close(lf);
		if (U_SUCCESS(ec) && ec != U_STRING_NOT_TERMINATED_WARNING &&
		    (utf8 = malloc((size_t)ulen * 3 + 1)) != NULL) {
			u_strToUTF8(utf8, ulen * 3 + 1, &len, out, ulen, &ec);
			if (U_SUCCESS(ec))
				buf_append(b, utf8, (size_t)len);
			free(utf8);
			if (U_SUCCESS(ec))
				return;
		}
	}
	for (i = 0; i < n; i++)
		buf_printf(b, "%s%s", i ? ", " : "", items[i]);
}

/* Appends the names of the n languages codes in language in, joined
 * as a list by labels_join ("Spanish, English, and Catalan"). */
void
lang_names_list(struct buf *b, const char *const *codes, int n,
    const char *in)
{
	char	 names[LANG_LIST_MAX][128];
	const char *items[LANG_LIST_MAX];
	int	 i;

	if (n > LANG_LIST_MAX)
		n = LANG_LIST_MAX;
	for (i = 0; i < n; i++) {
		lang_display_name(codes[i], in, names[i], sizeof(names[i]));
		items[i] = names[i];
	}
	labels_join(b, items, n, in);
}
