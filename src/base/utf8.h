/*
 * utf8.h: the longest grapheme cluster of UTF-8 text (ICU's; util.h
 * includes it for its users, and declares the UTF-8 functions of the C
 * library alone).
 */
#ifndef PERFIL_UTF8_H
#define PERFIL_UTF8_H

#include <stddef.h>

size_t	 utf8_longest_cluster(const char *, size_t, size_t cap);

#endif /* PERFIL_UTF8_H */
