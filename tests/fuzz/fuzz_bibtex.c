/*
 * fuzz_bibtex.c: libFuzzer target for the BibTeX import
 * (bibtex_merge_buffer): the input is a library, read with libbtparse
 * within the import's bounds and merged into two publications (one
 * with a DOI and a key, one with a title and year only) of a site in
 * two languages, its owner named in the profile.  Checks that no input
 * crashes, leaks or reads out of bounds (ASan, UBSan), that a refusal
 * names the library and leaves the publications as they were, and that
 * every text a merge writes is UTF-8 without NUL.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import/bibtex.h"
#include "content/settings.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char pubs_json[] = "[{\"slug\":\"known\","
    "\"title\":{\"en\":\"A Known Paper\",\"ja\":\"既知の論文\"},"
    "\"date\":\"2020\",\"doi\":\"10.1234/known\",\"bibtex_key\":\"known\"},"
    "{\"slug\":\"plain\",\"title\":\"Plain Title\",\"date\":\"2019-05\"}]";
static const char profile_json[] = "{\"name\":\"Ada Q. Example\","
    "\"family_name\":\"Example\",\"given_name\":\"Ada\"}";

/* Whether every string of v (and of its members) is UTF-8. */
static int
all_utf8(const cJSON *v)
{
	const cJSON *e;

	if (cJSON_IsString(v) && !utf8_valid(v->valuestring,
	    strlen(v->valuestring)))
		return 0;
	if (v->string != NULL && !utf8_valid(v->string, strlen(v->string)))
		return 0;
	for (e = v->child; e != NULL; e = e->next)
		if (!all_utf8(e))
			return 0;
	return 1;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static struct langs ls;
	static cJSON *profile, *before;
	struct bibtex_counts n;
	struct buf report;
	char	 err[1024];
	cJSON	*pubs;

	if (profile == NULL) {
		if (settings_parse_languages("en,ja", &ls, err,
		    sizeof(err)) == -1 ||
		    (profile = cJSON_Parse(profile_json)) == NULL ||
		    (before = cJSON_Parse(pubs_json)) == NULL)
			abort();
	}
	if ((pubs = cJSON_Duplicate(before, 1)) == NULL)
		return 0;
	buf_init(&report);
	err[0] = '\0';
	if (bibtex_merge_buffer("fuzz.bib", (const char *)data, size, &ls,
	    profile, pubs, &n, &report, err, sizeof(err)) == 0) {
		if (!all_utf8(pubs) || n.added < 0 || n.updated < 0 ||
		    cJSON_GetArraySize(pubs) != cJSON_GetArraySize(before) +
		    n.added)
			abort();
	} else if ((strncmp(err, "fuzz.bib", 8) != 0 &&
	    strcmp(err, "out of memory") != 0) ||
	    !cJSON_Compare(pubs, before, 1))
		abort();
	cJSON_Delete(pubs);
	buf_free(&report);
	return 0;
}
