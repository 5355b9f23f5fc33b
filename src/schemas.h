/*
 * schemas.h: the resource schemas of the spec (section 2), declared
 * field by field, from which openapi.c writes components.schemas.
 *
 * Ownership: everything here is static, read-only data.
 */
#ifndef PERFIL_SCHEMAS_H
#define PERFIL_SCHEMAS_H

#include <stddef.h>

#define SLUG_RE		"^[a-z0-9-]+$"

enum ftype {
	T_STRING,
	T_INTEGER,
	T_BOOLEAN,
	T_OBJECT,
	T_ARRAY
};

/* One member of an object schema. */
struct sfield {
	const char *name;		/* NULL ends a list */
	enum ftype type;
	int	 required;
	const char *format;		/* strings (and string items) */
	const char *pattern;		/* strings (and string items) */
	const char *const *values;	/* strings: enum, NULL-ended */
	enum ftype items;		/* T_ARRAY: T_STRING or T_OBJECT */
	const struct sfield *members;	/* T_OBJECT, T_ARRAY of T_OBJECT */
	int	 closed;		/* members: additionalProperties false */
	const char *description;
};

/* A named schema of components.schemas. */
struct schema {
	const char *name;
	const struct sfield *fields;
	int	 closed;		/* additionalProperties: false */
	const char *description;
};

extern const struct schema schemas[];	/* in document order */
extern const size_t nschemas;

#endif /* PERFIL_SCHEMAS_H */
