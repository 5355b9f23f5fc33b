/*
 * resume_shape.h: whether a JSON Resume document has the shape the
 * import reads (resume_shape.c): each member it reads of the type JSON
 * Resume 1.0 gives it, within the import's bounds.
 *
 * Ownership: nothing is allocated; the message goes into the caller's
 * err.
 */
#ifndef PERFIL_RESUME_SHAPE_H
#define PERFIL_RESUME_SHAPE_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* The import's bounds: items per array, members per object. */
#define RESUME_SHAPE_MAX_ITEMS		10000
#define RESUME_SHAPE_MAX_MEMBERS	200

/* 0, or -1 with "FILE: PATH: reason" in err. */
int	 resume_shape_check(const cJSON *doc, const char *file, char *err,
	    size_t errlen);

#endif /* PERFIL_RESUME_SHAPE_H */
