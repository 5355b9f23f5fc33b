/*
 * resume_import_tree.c: the builders both parts of the JSON Resume import
 * use (resume_import.c for the profile and about, resume_import_coll.c for
 * the collections): members read as strings, TODO placeholders and the
 * report's lines, the trees built with the out-of-memory flag set instead of
 * a check at every call.  It calls neither part.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "import/resume_import_int.h"

const char *
rimp_str(const cJSON *o, const char *key)
{
	const char *s = cJSON_GetStringValue(
	    cJSON_GetObjectItemCaseSensitive(o, key));

	return s != NULL && *s != '\0' ? s : NULL;
}

/* One report line: a placeholder written into file at field. */
const char *
rimp_todo(struct rimp *m, const char *file, const char *field,
    const char *value, const char *why)
{
	buf_printf(m->report, "placeholder: %s: %s = \"%s\" (%s)\n", file,
	    field, value, why);
	return value;
}

/* Reports the members of o that list does not name, as not imported. */
void
rimp_unknown(struct rimp *m, const char *where, const cJSON *o,
    const char *const *list)
{
	const cJSON *e;
	const char *const *k;

	cJSON_ArrayForEach(e, o) {
		for (k = list; *k != NULL; k++)
			if (strcmp(*k, e->string) == 0)
				break;
		if (*k == NULL)
			buf_printf(m->report, "not imported: %s%s%s (perfil "
			    "has no place for it)\n", where, *where ? "." : "",
			    e->string);
	}
}

/* The same check over every object of an array section. */
void
rimp_unknown_each(struct rimp *m, const char *where, const cJSON *a,
    const char *const *list)
{
	const cJSON *e;
	char	 path[128];
	int	 i = 0;

	cJSON_ArrayForEach(e, a) {
		snprintf(path, sizeof(path), "%s[%d]", where, i++);
		rimp_unknown(m, path, e, list);
	}
}

/* A translated text: s in every language of the site (init_text). */
cJSON *
rimp_text(struct rimp *m, const char *s)
{
	cJSON	*o;

	if ((o = init_text(&m->langs, s)) == NULL)
		m->oom = 1;
	return o;
}

void
rimp_add(struct rimp *m, cJSON *o, const char *key, cJSON *v)
{
	if (v == NULL || !cJSON_AddItemToObject(o, key, v)) {
		cJSON_Delete(v);
		m->oom = 1;
	}
}

void
rimp_add_str(struct rimp *m, cJSON *o, const char *key, const char *s)
{
	rimp_add(m, o, key, cJSON_CreateString(s));
}

/* Adds the item o to the array a. */
void
rimp_push(struct rimp *m, cJSON *a, cJSON *o)
{
	if (o == NULL || !cJSON_AddItemToArray(a, o)) {
		cJSON_Delete(o);
		m->oom = 1;
	}
}

cJSON *
rimp_new_obj(struct rimp *m)
{
	cJSON	*o = cJSON_CreateObject();

	if (o == NULL)
		m->oom = 1;
	return o;
}
