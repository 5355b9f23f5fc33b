/*
 * dedup.h: the first of equal strings, found by sorting.
 */
#ifndef PERFIL_DEDUP_H
#define PERFIL_DEDUP_H

#include <stddef.h>

int	 str_first_equal(const char *const *, size_t, long *);

#endif
