/*
 * labels.c: loading the label sets and filling their templates.
 */
#include "config.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "labels.h"

#define LABELS_MAX_SIZE		(512 * 1024)

/* Reads and parses dir/code.json; NULL with err set. */
static cJSON *
load_set(const char *dir, const char *code, char *err, size_t errlen)
{
	char	 path[1024], *data = NULL;
	cJSON	*set = NULL, *m;
	FILE	*f;
	size_t	 len;

	if (xsnprintf(path, sizeof(path), "%s/%s.json", dir, code) == -1) {
		snprintf(err, errlen, "%s: labels path too long", dir);
		return NULL;
	}
	if ((f = fopen(path, "rb")) == NULL) {
		snprintf(err, errlen, "%s: cannot open the label set of "
		    "language %s: %s (see --labels)", path, code,
		    strerror(errno));
		return NULL;
	}
	if ((data = malloc(LABELS_MAX_SIZE + 1)) == NULL) {
		snprintf(err, errlen, "out of memory");
		goto out;
	}
	len = fread(data, 1, LABELS_MAX_SIZE + 1, f);
	data[len > LABELS_MAX_SIZE ? LABELS_MAX_SIZE : len] = '\0';
	if (ferror(f) || len > LABELS_MAX_SIZE || !utf8_valid(data, len) ||
	    memchr(data, '\0', len) != NULL) {
		snprintf(err, errlen, "%s: not a readable UTF-8 file of at "
		    "most %d bytes", path, LABELS_MAX_SIZE);
		goto out;
	}
	if ((set = cJSON_ParseWithOpts(data, NULL, 1)) == NULL ||
	    !cJSON_IsObject(set)) {
		snprintf(err, errlen, "%s: expected one JSON object of "
		    "strings", path);
		goto out;
	}
	cJSON_ArrayForEach(m, set)
		if (!cJSON_IsString(m)) {
			snprintf(err, errlen, "%s: %s: expected a string", path,
			    m->string);
			goto out;
		}
	fclose(f);
	free(data);
	return set;
out:
	cJSON_Delete(set);
	fclose(f);
	free(data);
	return NULL;
}

/* Checks that set a has every key of set b; else err names one. */
static int
same_keys(const cJSON *a, const char *acode, const cJSON *b,
    const char *bcode, const char *dir, char *err, size_t errlen)
{
	const cJSON *m;

	cJSON_ArrayForEach(m, b)
		if (cJSON_GetObjectItemCaseSensitive(a, m->string) == NULL) {
			snprintf(err, errlen, "%s/%s.json: %s: missing label "
			    "(%s.json has it)", dir, acode, m->string, bcode);
			return -1;
		}
	return 0;
}

static int
label_cmp(const void *a, const void *b)
{
	const struct label *x = a, *y = b;
	int	 c = strcmp(x->key, y->key);

	return c != 0 ? c : (x->pos > y->pos) - (x->pos < y->pos);
}

static int
label_key_cmp(const void *key, const void *e)
{
	return strcmp(key, ((const struct label *)e)->key);
}

/*
 * Builds lb->tab[l], the keys of set l sorted for lbl's binary search,
 * each with its text: its variant for the pronouns when the set has
 * one ("KEY.she"), else its own.  A key written twice keeps its first
 * text, as cJSON's lookup did.  Returns 0, or -1 out of memory.
 */
static int
label_table(struct labels *lb, int l)
{
	const cJSON *m, *v;
	struct label *t;
	char	 k[128];
	size_t	 n = 0, i, j;

	if ((t = calloc((size_t)cJSON_GetArraySize(lb->set[l]) + 1,
	    sizeof(*t))) == NULL)
		return -1;
	cJSON_ArrayForEach(m, lb->set[l]) {
		v = NULL;
		if (lb->pronouns != PRON_NONE && xsnprintf(k, sizeof(k),
		    "%s.%s", m->string, settings_pronoun_name(lb->pronouns)) !=
		    -1)
			v = cJSON_GetObjectItemCaseSensitive(lb->set[l], k);
		if (v == NULL)
			v = cJSON_GetObjectItemCaseSensitive(lb->set[l],
			    m->string);
		t[n].key = m->string;
		t[n].text = v->valuestring;
		t[n].pos = n;
		n++;
	}
	qsort(t, n, sizeof(*t), label_cmp);
	for (i = j = 0; i < n; i++)
		if (j == 0 || strcmp(t[j - 1].key, t[i].key) != 0)
			t[j++] = t[i];
	lb->tab[l] = t;
	lb->ntab[l] = j;
	return 0;
}

/*
 * Loads the label set of every language from dir, and en.json for the
 * API's documents (LABELS_DOC).  Returns 0, or -1 with a message naming
 * the file (and the key) in err.
 */
int
labels_load(struct labels *lb, const char *dir, const struct langs *ls,
    enum pronouns pronouns, char *err, size_t errlen)
{
	int	 l;

	memset(lb, 0, sizeof(*lb));
	lb->langs = ls != NULL ? *ls : langs_fallback;
	ls = &lb->langs;
	lb->pronouns = pronouns;
	for (l = 0; l < ls->n; l++)
		if ((lb->set[l] = load_set(dir, lang_code(ls, (enum lang)l),
		    err, errlen)) == NULL)
			goto err;
	if ((lb->set[LABELS_DOC] = load_set(dir, LABELS_DOC_CODE, err,
	    errlen)) == NULL)
		goto err;
	if (same_keys(lb->set[LABELS_DOC], LABELS_DOC_CODE, lb->set[0],
	    lang_code(ls, LANG_DEFAULT), dir, err, errlen) == -1 ||
	    same_keys(lb->set[0], lang_code(ls, LANG_DEFAULT),
	    lb->set[LABELS_DOC], LABELS_DOC_CODE, dir, err, errlen) == -1)
		goto err;
	for (l = 1; l < ls->n; l++)
		if (same_keys(lb->set[l], lang_code(ls, (enum lang)l),
		    lb->set[0], lang_code(ls, LANG_DEFAULT), dir, err,
		    errlen) == -1 ||
		    same_keys(lb->set[0], lang_code(ls, LANG_DEFAULT),
		    lb->set[l], lang_code(ls, (enum lang)l), dir, err,
		    errlen) == -1)
			goto err;
	for (l = 0; l <= LANG__MAX; l++)
		if (lb->set[l] != NULL && label_table(lb, l) == -1) {
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
	int	 l;

	for (l = 0; l <= LANG__MAX; l++) {
		cJSON_Delete(lb->set[l]);
		free(lb->tab[l]);
	}
	memset(lb, 0, sizeof(*lb));
}

/*
 * The label key in language l: its variant for the settings' pronouns
 * when the set has one, else the key itself.  A key no set has is
 * remembered in lb->missing (the render then fails) and gives "".
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

/* The label key in language l without variants, or NULL. */
const char *
lbl_find(const struct labels *lb, enum lang l, const char *key)
{
	return cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
	    lb->set[l], key));
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
