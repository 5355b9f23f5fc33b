/*
 * util.h: growable byte buffers, a per-request arena, UTF-8 validation
 * and hashing.  Nothing here knows about HTTP or content.
 *
 * Ownership: a struct buf owns its data (buf_free releases it); memory
 * from an arena belongs to the arena and is released all at once by
 * arena_reset or arena_free.
 */
#ifndef PERFIL_UTIL_H
#define PERFIL_UTIL_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include "base/utf8.h"

struct buf {
	char	*data;		/* NUL-terminated when len > 0 or after buf_cstr */
	size_t	 len;
	size_t	 cap;
	int	 oom;		/* an allocation failed; contents are truncated */
};

void	 buf_init(struct buf *);
void	 buf_free(struct buf *);
void	 buf_reset(struct buf *);
int	 buf_reserve(struct buf *, size_t extra);
int	 buf_reserve_exact(struct buf *, size_t extra);
void	 buf_append(struct buf *, const void *, size_t);
void	 buf_puts(struct buf *, const char *);
void	 buf_putc(struct buf *, char);
const char *list_sep(int i, int n, const char *conj);
void	 buf_printf(struct buf *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 buf_vprintf(struct buf *, const char *, va_list)
	    __attribute__((format(printf, 2, 0)));
void	 buf_json_string(struct buf *, const char *, size_t);
void	 buf_cjson_string(struct buf *, const char *, size_t);
void	 buf_markup_text(struct buf *, const char *);
const char *buf_cstr(struct buf *);
char	*buf_detach(struct buf *);

struct arena_block;

struct arena {
	struct arena_block *head;
	size_t	 block_size;
};

void	 arena_init(struct arena *, size_t block_size);
void	*arena_alloc(struct arena *, size_t);
char	*arena_strndup(struct arena *, const char *, size_t);
const char *arena_excerpt(struct arena *, const char *, size_t, size_t);
char	*arena_printf(struct arena *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
void	 arena_reset(struct arena *);
void	 arena_free(struct arena *);

int	 utf8_valid(const char *, size_t);
size_t	 utf8_count(const char *, size_t);

uint64_t hash_fnv1a64(const void *, size_t);
uint64_t hash_words64(const void *, size_t);
void	 le_put(unsigned char *, uint64_t, int n);
uint64_t le_get(const unsigned char *, int n);
void	 warnx_lines(const char *prefix, const char *text);
long long monotonic_ms(void);
void	 set_handler(int sig, void (*fn)(int));
int	 whole_in(double, double lo, double hi);
int	 open_beneath(const char *dir, const char *rel);
const char *open_beneath_error(int);
char	*read_beneath(const char *dir, const char *rel, size_t max,
	    size_t *lenp, int *absent, char *why, size_t whylen);
int	 xsnprintf(char *, size_t, const char *, ...)
	    __attribute__((format(printf, 3, 4)));

int	 dir_remove(const char *path, int depth);

#endif /* PERFIL_UTIL_H */
