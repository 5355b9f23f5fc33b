/*
 * resume_shape.c: the shape of a JSON Resume document, checked before
 * the import reads any of it.  Every member the import reads has one
 * shape (a string; an array of strings; an object of strings; an
 * object; an array of objects; a boolean); a member of another shape
 * stops the import with the file, the member's path and the reason,
 * since a value of the wrong type is a damaged or foreign document
 * rather than a missing value.  Members the import does not read are not looked at
 * (it reports them as not imported).  The work is bounded: at most
 * RESUME_SHAPE_MAX_ITEMS items per array and RESUME_SHAPE_MAX_MEMBERS
 * members per object, each looked at once against a table of a few
 * names.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "content/resource.h"
#include "import/resume_shape.h"

enum shape {
	SH_STRING,		/* a string */
	SH_STRINGS,		/* an array of strings */
	SH_STRING_MAP,		/* an object of strings */
	SH_OBJECT,		/* an object, its members checked apart */
	SH_OBJECTS,		/* an array of objects, likewise */
	SH_BOOL			/* true or false */
};

struct member {
	const char *name;
	enum shape shape;
};

static const struct member basics_m[] = {
	{ "name", SH_STRING }, { "label", SH_STRING }, { "image", SH_STRING },
	{ "email", SH_STRING }, { "phone", SH_STRING }, { "url", SH_STRING },
	{ "summary", SH_STRING }, { "location", SH_OBJECT },
	{ "profiles", SH_OBJECTS }, { NULL, SH_STRING }
};
static const struct member location_m[] = {
	{ "address", SH_STRING }, { "postalCode", SH_STRING },
	{ "city", SH_STRING }, { "region", SH_STRING },
	{ "countryCode", SH_STRING }, { NULL, SH_STRING }
};
static const struct member profile_m[] = {
	{ "network", SH_STRING }, { "url", SH_STRING },
	{ "username", SH_STRING }, { NULL, SH_STRING }
};
static const struct member meta_m[] = {
	{ "canonical", SH_STRING }, { "version", SH_STRING },
	{ "lastModified", SH_STRING }, { "language", SH_STRING },
	{ NULL, SH_STRING }
};

static const char *const shape_name[] = {
	[SH_STRING] = "a string",
	[SH_STRINGS] = "an array of strings",
	[SH_STRING_MAP] = "an object of strings",
	[SH_OBJECT] = "an object",
	[SH_OBJECTS] = "an array of objects",
	[SH_BOOL] = "true or false",
};

static int
fail(char *err, size_t errlen, const char *file, const char *path,
    const char *why)
{
	snprintf(err, errlen, "%s: %s: %s", file, path, why);
	return -1;
}

/* Whether v has shape sh at its first level, and, for the containers
 * of strings, at its second; -1 with the message otherwise. */
static int
check_value(const cJSON *v, enum shape sh, const char *file,
    const char *path, char *err, size_t errlen)
{
	const cJSON *e;
	char	 why[160], at[320];
	int	 i = 0, n = 0;

	snprintf(why, sizeof(why), "is not %s (JSON Resume 1.0)",
	    shape_name[sh]);
	switch (sh) {
	case SH_STRING:
		return cJSON_IsString(v) ? 0 : fail(err, errlen, file, path,
		    why);
	case SH_BOOL:
		return cJSON_IsBool(v) ? 0 : fail(err, errlen, file, path,
		    why);
	case SH_STRINGS:
	case SH_OBJECTS:
		if (!cJSON_IsArray(v))
			return fail(err, errlen, file, path, why);
		break;
	case SH_STRING_MAP:
	case SH_OBJECT:
		if (!cJSON_IsObject(v))
			return fail(err, errlen, file, path, why);
		break;
	}
	cJSON_ArrayForEach(e, v) {
		if (++n > (sh == SH_STRING_MAP || sh == SH_OBJECT ?
		    RESUME_SHAPE_MAX_MEMBERS : RESUME_SHAPE_MAX_ITEMS)) {
			snprintf(why, sizeof(why), "has more than %d %s (the "
			    "import's limit)", sh == SH_STRING_MAP ||
			    sh == SH_OBJECT ? RESUME_SHAPE_MAX_MEMBERS :
			    RESUME_SHAPE_MAX_ITEMS, sh == SH_STRING_MAP ||
			    sh == SH_OBJECT ? "members" : "items");
			return fail(err, errlen, file, path, why);
		}
		if (sh == SH_STRINGS)
			snprintf(at, sizeof(at), "%s[%d]", path, i);
		else
			snprintf(at, sizeof(at), "%s.%s", path,
			    e->string != NULL ? e->string : "?");
		i++;
		if ((sh == SH_STRINGS || sh == SH_STRING_MAP) &&
		    !cJSON_IsString(e))
			return fail(err, errlen, file, at, "is not a string "
			    "(JSON Resume 1.0)");
		if (sh == SH_OBJECTS && !cJSON_IsObject(e)) {
			snprintf(at, sizeof(at), "%s[%d]", path, i - 1);
			return fail(err, errlen, file, at, "is not an object "
			    "(JSON Resume 1.0)");
		}
	}
	return 0;
}

/* The members of object o that table t names, each of its shape. */
static int
check_members(const cJSON *o, const struct member *t, const char *file,
    const char *path, char *err, size_t errlen)
{
	const struct member *k;
	const cJSON *e;
	char	 at[320];

	cJSON_ArrayForEach(e, o) {
		for (k = t; k->name != NULL; k++)
			if (strcmp(k->name, e->string) == 0)
				break;
		if (k->name == NULL)
			continue;
		snprintf(at, sizeof(at), "%s%s%s", path, *path ? "." : "",
		    e->string);
		if (check_value(e, k->shape, file, at, err, errlen) == -1)
			return -1;
	}
	return 0;
}

/* The shape of member name in a collection's rows f: what the import
 * reads it as (resume_import_coll.c); -1 when it does not read it. */
static int
row_shape(const struct resume_field *f, const char *name)
{
	size_t	 k;

	for (; f->member != NULL; f++) {
		if (f->from[0] == NULL && f->key != NULL &&
		    strcmp(f->key, name) == 0)
			return f->kind == RK_STRINGS || f->kind == RK_TEXTS ||
			    f->kind == RK_TAGS || f->kind == RK_AUTHORS ?
			    SH_STRINGS : f->kind == RK_BOOL ? SH_BOOL :
			    SH_STRING;
		for (k = 0; k < sizeof(f->from) / sizeof(f->from[0]); k++)
			if (f->from[k] != NULL && strcmp(f->from[k], name)
			    == 0)
				return f->kind != RK_SKILLS || k == 2 ?
				    SH_STRING : k == 0 ? SH_STRINGS :
				    SH_STRING_MAP;
	}
	return -1;
}

/* A collection's section: an array of objects whose members are of
 * the shapes its rows read. */
static int
check_section(const cJSON *a, const struct resume_map *map, const char *file,
    char *err, size_t errlen)
{
	const cJSON *e, *v;
	char	 at[320];
	int	 i = 0, sh;

	if (check_value(a, SH_OBJECTS, file, map->key, err, errlen) == -1)
		return -1;
	cJSON_ArrayForEach(e, a) {
		cJSON_ArrayForEach(v, e) {
			if ((sh = row_shape(map->fields, v->string)) == -1)
				continue;
			snprintf(at, sizeof(at), "%s[%d].%s", map->key, i,
			    v->string);
			if (check_value(v, (enum shape)sh, file, at, err,
			    errlen) == -1)
				return -1;
		}
		if (cJSON_GetArraySize(e) > RESUME_SHAPE_MAX_MEMBERS) {
			snprintf(at, sizeof(at), "%s[%d]", map->key, i);
			return fail(err, errlen, file, at, "has too many "
			    "members (the import's limit)");
		}
		i++;
	}
	return 0;
}

int
resume_shape_check(const cJSON *doc, const char *file, char *err,
    size_t errlen)
{
	const cJSON *b, *e;
	char	 at[64];
	int	 c, i = 0;

	if (!cJSON_IsObject(doc))
		return fail(err, errlen, file, "(document)", "is not a JSON "
		    "object (JSON Resume)");
	if (cJSON_GetArraySize(doc) > RESUME_SHAPE_MAX_MEMBERS)
		return fail(err, errlen, file, "(document)", "has too many "
		    "members (the import's limit)");
	if ((e = cJSON_GetObjectItemCaseSensitive(doc, "$schema")) != NULL &&
	    check_value(e, SH_STRING, file, "$schema", err, errlen) == -1)
		return -1;
	if ((b = cJSON_GetObjectItemCaseSensitive(doc, "basics")) != NULL) {
		if (check_value(b, SH_OBJECT, file, "basics", err, errlen)
		    == -1 || check_members(b, basics_m, file, "basics", err,
		    errlen) == -1 || check_members(
		    cJSON_GetObjectItemCaseSensitive(b, "location"),
		    location_m, file, "basics.location", err, errlen) == -1)
			return -1;
		cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(b,
		    "profiles")) {
			snprintf(at, sizeof(at), "basics.profiles[%d]", i++);
			if (check_members(e, profile_m, file, at, err, errlen)
			    == -1)
				return -1;
		}
	}
	if ((e = cJSON_GetObjectItemCaseSensitive(doc, "meta")) != NULL &&
	    (check_value(e, SH_OBJECT, file, "meta", err, errlen) == -1 ||
	    check_members(e, meta_m, file, "meta", err, errlen) == -1))
		return -1;
	for (c = 0; c < COLL__MAX; c++) {
		if (resources[c].resume == NULL || (e =
		    cJSON_GetObjectItemCaseSensitive(doc,
		    resources[c].resume->key)) == NULL)
			continue;
		if (check_section(e, resources[c].resume, file, err, errlen)
		    == -1)
			return -1;
	}
	return 0;
}
