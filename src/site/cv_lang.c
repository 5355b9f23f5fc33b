/*
 * cv_lang.c: the texts of the content a page in one language shows in
 * another (cv_lang.h).
 *
 * Every translated text of the content has a string per language of
 * the site, and nothing says which language a string is written in: an
 * owner who gives a paper's English title in the Japanese CV too, or an
 * import that copied the first résumé's text into another language's
 * to translate (resume_merge.c), makes a page show words that are not
 * in its language.  A string of language l is taken as language m's
 * when it is m's string too and its letters are all of scripts ICU
 * gives for m (uscript_getCode) and none of those it gives for l:
 * "Kotoba Corpus", the ja and the en title of a project, is English in
 * the Japanese CV; "Celosía" in both es and en is neither (Latin is
 * both's), and an English title the Arabic string alone holds is no
 * language that can be told.  When two languages would do, neither.
 * Names (FIELD_NAME: people, organisations, places, technologies) are
 * no language's; the walk follows each resource's declaration.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include <unicode/uchar.h>
#include <unicode/uscript.h>
#include <unicode/utf8.h>

#include "content/content.h"
#include "content/resource.h"
#include "site/cv_lang.h"

#define SCRIPTS_MAX	8

/* Returns 1 when sc is one of the scripts ICU gives for language
 * code (uscript_getCode). */
static int
has_script(const char *code, UScriptCode sc)
{
	UScriptCode s[SCRIPTS_MAX];
	UErrorCode ec = U_ZERO_ERROR;
	int	 i, n;

	n = uscript_getCode(code, s, SCRIPTS_MAX, &ec);
	for (i = 0; U_SUCCESS(ec) && i < n; i++)
		if (s[i] == sc)
			return 1;
	return 0;
}

/* Returns 1 when text t has a letter of a script and every such letter
 * is of a script of language m and of none of language l's (codes). */
static int
in_scripts_of(const char *t, const char *l, const char *m)
{
	UErrorCode ec;
	UScriptCode sc;
	UChar32	 c;
	int32_t	 i = 0, len = (int32_t)strlen(t);
	int	 seen = 0;

	while (i < len) {
		U8_NEXT(t, i, len, c);
		ec = U_ZERO_ERROR;
		sc = c < 0 ? USCRIPT_UNKNOWN : uscript_getScript(c, &ec);
		if (U_FAILURE(ec) || sc == USCRIPT_COMMON ||
		    sc == USCRIPT_INHERITED || sc == USCRIPT_UNKNOWN)
			continue;
		if (has_script(l, sc) || !has_script(m, sc))
			return 0;
		seen = 1;
	}
	return seen;
}

/* Whether o is a translated text of the site: a string for language l
 * and every member a string of one of its languages. */
static int
is_text(const struct langs *ls, const cJSON *o, enum lang l)
{
	const cJSON *e;

	if (!cJSON_IsObject(o) || !cJSON_IsString(
	    cJSON_GetObjectItemCaseSensitive(o, lang_code(ls, l))))
		return 0;
	cJSON_ArrayForEach(e, o)
		if (!cJSON_IsString(e) || lang_find(ls, e->string,
		    strlen(e->string)) < 0)
			return 0;
	return 1;
}

/* Appends t in language code to out unless there.  Returns 0, or -1
 * out of memory. */
static int
add(struct cv_lang_texts *out, const char *t, const char *code)
{
	struct cv_lang_text *v;
	size_t	 i;

	for (i = 0; i < out->n; i++)
		if (strcmp(out->v[i].text, t) == 0)
			return 0;
	if ((v = reallocarray(out->v, out->n + 1, sizeof(*v))) == NULL)
		return -1;
	out->v = v;
	v[out->n].text = t;
	v[out->n++].lang = code;
	return 0;
}

/*
 * The language (a code of ls) the string of language l of translated
 * text v is written in when that is another language than l: the one
 * language m whose string it is too and in whose scripts, and in none
 * of l's, all its letters are (the file's comment).  NULL when v is
 * not a translated text of ls, or its string is l's, or no language or
 * two would do.
 */
const char *
cv_lang_of(const struct langs *ls, const cJSON *v, enum lang l)
{
	const cJSON *t, *o;
	const char *found = NULL, *code;
	int	 m;

	if (!is_text(ls, v, l))
		return NULL;
	t = cJSON_GetObjectItemCaseSensitive(v, lang_code(ls, l));
	for (m = 0; m < ls->n; m++) {
		code = lang_code(ls, (enum lang)m);
		o = cJSON_GetObjectItemCaseSensitive(v, code);
		if (m == (int)l || !cJSON_IsString(o) || strcmp(o->valuestring,
		    t->valuestring) != 0 || !in_scripts_of(t->valuestring,
		    lang_code(ls, l), code))
			continue;
		if (found != NULL)
			return NULL;	/* two languages would do */
		found = code;
	}
	return found;
}

/* Adds the string of language l of translated text v to out when it
 * is another language's (cv_lang_of).  Returns 0, or -1 out of
 * memory. */
static int
check_text(const struct langs *ls, const cJSON *v, enum lang l,
    struct cv_lang_texts *out)
{
	const char *code;

	if ((code = cv_lang_of(ls, v, l)) == NULL)
		return 0;
	return add(out, cJSON_GetObjectItemCaseSensitive(v, lang_code(ls,
	    l))->valuestring, code);
}

static int walk_fields(const struct langs *, const struct field *,
    const cJSON *, enum lang, struct cv_lang_texts *);

/*
 * Adds to out the strings of language l in value v of field f (its
 * declaration, resource.h) that are another language's: a TEXT's but
 * a name's (FIELD_NAME: a plain string, or one per language, is no
 * language's), an object's members' and an array's elements'.  Returns
 * 0, or -1 out of memory.
 */
static int
walk_value(const struct langs *ls, const struct field *f, const cJSON *v,
    enum lang l, struct cv_lang_texts *out)
{
	const cJSON *e;

	switch (f->kind) {
	case F_TEXT:
		return f->flags & FIELD_NAME ? 0 : check_text(ls, v, l, out);
	case F_OBJECT:
		return f->sub != NULL ? walk_fields(ls, f->sub, v, l, out) : 0;
	case F_ARRAY:
		if (f->sub != NULL)
			cJSON_ArrayForEach(e, v)
				if (walk_value(ls, f->sub, e, l, out) == -1)
					return -1;
		return 0;
	default:
		return 0;
	}
}

/* The same for each member of object v that fields declares. */
static int
walk_fields(const struct langs *ls, const struct field *fields,
    const cJSON *v, enum lang l, struct cv_lang_texts *out)
{
	const struct field *f;
	const cJSON *m;

	for (f = fields; f->name != NULL; f++)
		if ((m = cJSON_GetObjectItemCaseSensitive(v, f->name)) !=
		    NULL && walk_value(ls, f, m, l, out) == -1)
			return -1;
	return 0;
}

static int
longest_first(const void *a, const void *b)
{
	size_t	 x = strlen(((const struct cv_lang_text *)a)->text);
	size_t	 y = strlen(((const struct cv_lang_text *)b)->text);

	return x < y ? 1 : x > y ? -1 : 0;
}

/*
 * Fills out with the strings of language l of the profile, the
 * biography and every collection's items that are another language's,
 * the longest first.  Returns 0, or -1 out of memory (out empty).
 */
int
cv_lang_texts(const struct app *app, enum lang l, struct cv_lang_texts *out)
{
	const struct model *md = app->model;
	const struct langs *ls = &md->langs;
	size_t	 i;
	int	 k, rc = 0;

	out->v = NULL;
	out->n = 0;
	if (ls->n < 2)
		return 0;
	rc |= walk_fields(ls, resource_profile.fields, md->profile.src, l, out);
	rc |= walk_fields(ls, resource_about.fields, md->about.src, l, out);
	for (k = 0; k < COLL__MAX; k++)
		for (i = 0; i < md->coll[k].len; i++)
			rc |= walk_fields(ls, resources[k].fields,
			    md->coll[k].items[i].src, l, out);
	if (rc != 0) {
		cv_lang_texts_free(out);
		return -1;
	}
	if (out->n > 1)	/* base NULL when none: undefined for qsort */
		qsort(out->v, out->n, sizeof(*out->v), longest_first);
	return 0;
}

void
cv_lang_texts_free(struct cv_lang_texts *t)
{
	free(t->v);
	t->v = NULL;
	t->n = 0;
}

/*
 * Returns 1 when byte at of t (len bytes) is inside a word: between two
 * letters or digits of one script (a text found there is part of a
 * longer word: "R" in "Rahul"), else 0 (an edge of t, a space, a
 * punctuation mark, or the edge between two scripts: "Kotoba Corpusの").
 */
int
cv_lang_inside_word(const char *t, size_t len, size_t at)
{
	UErrorCode e1 = U_ZERO_ERROR, e2 = U_ZERO_ERROR;
	UChar32	 a, b;
	int32_t	 i = (int32_t)at, j = (int32_t)at;

	if (at == 0 || at >= len)
		return 0;
	U8_PREV(t, 0, i, a);
	U8_NEXT(t, j, (int32_t)len, b);
	if (a < 0 || b < 0 || !u_isalnum(a) || !u_isalnum(b))
		return 0;
	return uscript_getScript(a, &e1) == uscript_getScript(b, &e2);
}
