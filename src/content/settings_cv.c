/*
 * settings_cv.c: site.json's "cv_order" and "home_highlight"
 * (settings_cv.h).  Each value is checked here: a collection's name
 * that perfil has and that is on the CV, each at most once.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "content/settings_cv.h"
#include "content/content.h"
#include "base/util.h"

/* The collection named s that is on the CV, or -1. */
static int
find(const char *s)
{
	int	 c;

	for (c = 0; c < COLL__MAX; c++)
		if (resources[c].cv > 0 && strcmp(resources[c].name, s) == 0)
			return c;
	return -1;
}

/* "a, b, c": the names find knows, for messages. */
static const char *
names(char *out, size_t len)
{
	size_t	 n = 0;
	int	 c, w;

	*out = '\0';
	for (c = 0; c < COLL__MAX && n < len; c++) {
		if (resources[c].cv == 0)
			continue;
		w = snprintf(out + n, len - n, "%s%s", n ? ", " : "",
		    resources[c].name);
		n = w < 0 ? len : n + (size_t)w;
	}
	return out;
}

/*
 * Reads v, member what of site.json ("cv_order", or a variant's
 * "cv_variants.NAME.sections"), into cv->order and cv->n: 1 to
 * COLL__MAX names of collections on the CV, each once.  Returns 0, or
 * -1 with err set ("WHAT[i]: reason", naming the value).
 */
int
settings_cv_list(const cJSON *v, const char *what, struct settings_cv *cv,
    char *err, size_t errlen)
{
	const cJSON *e;
	char	 all[512];
	int	 c, i, k = 0;

	if (!cJSON_IsArray(v) || cJSON_GetArraySize(v) == 0 ||
	    cJSON_GetArraySize(v) > COLL__MAX) {
		snprintf(err, errlen, "%s: expected an array of 1 to %d "
		    "collection names (%s)", what, COLL__MAX, names(all,
		    sizeof(all)));
		return -1;
	}
	cv->n = 0;
	cJSON_ArrayForEach(e, v) {
		if (!cJSON_IsString(e)) {
			snprintf(err, errlen, "%s[%d]: expected the name of a "
			    "collection on the CV (one of %s)", what, k,
			    names(all, sizeof(all)));
			return -1;
		}
		if ((c = find(e->valuestring)) == -1) {
			snprintf(err, errlen, "%s[%d]: \"%.40s\": not a "
			    "collection on the CV (one of %s)", what, k,
			    e->valuestring, names(all, sizeof(all)));
			return -1;
		}
		for (i = 0; i < cv->n; i++)
			if (cv->order[i] == c) {
				snprintf(err, errlen, "%s[%d]: \"%s\" "
				    "is listed twice", what, k,
				    e->valuestring);
				return -1;
			}
		cv->order[cv->n++] = (unsigned char)c;
		k++;
	}
	return 0;
}

int
settings_cv_order(const cJSON *v, struct settings_cv *cv, char *err,
    size_t errlen)
{
	return settings_cv_list(v, "cv_order", cv, err, errlen);
}

int
settings_cv_highlight(const cJSON *v, struct settings_cv *cv, char *err,
    size_t errlen)
{
	char	 all[512];
	int	 c;

	if (!cJSON_IsString(v) || (c = find(v->valuestring)) == -1) {
		snprintf(err, errlen, "home_highlight: expected the name of a "
		    "collection on the CV (one of %s)", names(all,
		    sizeof(all)));
		return -1;
	}
	cv->highlight = c + 1;
	return 0;
}

int
settings_cv_sequence(const struct settings_cv *cv, enum coll seq[COLL__MAX])
{
	int	 n = 0, i, c, place, listed;

	for (i = 0; cv != NULL && i < cv->n; i++)
		seq[n++] = (enum coll)cv->order[i];
	for (place = 1; place <= COLL__MAX; place++)
		for (c = 0; c < COLL__MAX; c++) {
			if (resources[c].cv != place)
				continue;
			for (listed = 0, i = 0; cv != NULL && i < cv->n; i++)
				listed |= cv->order[i] == c;
			if (!listed)
				seq[n++] = (enum coll)c;
		}
	return n;
}

/*
 * Appends to out one line for each collection that "cv_order" or
 * "home_highlight" names and the content m has no item of: valid, but
 * the CV has no such section and the home page highlights nothing, which
 * the owner may not expect.  Returns the number of lines.
 */
int
settings_cv_gaps(const struct settings_cv *cv, const struct model *m,
    struct buf *out)
{
	int	 i, c, n = 0;

	for (i = 0; i < cv->n; i++) {
		c = cv->order[i];
		if (m->coll[c].len > 0)
			continue;
		buf_printf(out, "site.json: cv_order[%d]: \"%s\": the content "
		    "has no %s (%s is absent or empty): the CV has no such "
		    "section\n", i, resources[c].name, resources[c].noun ?
		    resources[c].noun : resources[c].name, resources[c].file);
		n++;
	}
	if (cv->highlight > 0 && m->coll[cv->highlight - 1].len == 0) {
		c = cv->highlight - 1;
		buf_printf(out, "site.json: home_highlight: \"%s\": the content "
		    "has no %s (%s is absent or empty): the home page "
		    "highlights nothing\n", resources[c].name, resources[c].noun ?
		    resources[c].noun : resources[c].name, resources[c].file);
		n++;
	}
	return n;
}
