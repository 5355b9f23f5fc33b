/*
 * snap.h: a load's renders written into a byte stream and read back
 * (the snapshot file, server/snapshot.h, holds one such stream).
 *
 * One visitor function per structure serves both ways: it calls these
 * on each member in a fixed order; writing, they append the member to
 * the stream; reading, they fill the member from it.  A structure's
 * writer and reader can therefore never disagree on the order.
 *
 * Reading trusts nothing: every length and count is bounded by what is
 * left of the stream and by the caller's limit, and every string must
 * end where its length says.  The first violation marks the stream
 * failed (snap_ok 0) and every call after it does nothing; the caller
 * then frees what was filled with the structure's usual free function
 * (what a visitor allocates is allocated as its builder would: calloc'd
 * arrays, malloc'd strings).
 *
 * The bytes of a struct rendered read back are not copied: they point
 * into the stream's buffer (the rendered's lent bits, encoding.h),
 * which must outlive the structure.
 */
#ifndef PERFIL_SNAP_H
#define PERFIL_SNAP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/util.h"
#include "http/encoding.h"

/* The longest answer read back (its identity bytes, which a shrunk
 * answer inflates from gzip on demand, encoding.h). */
#define SNAP_ANSWER_MAX	((size_t)1 << 30)

struct snap {
	int	 reading;
	int	 failed;
	struct buf *out;		/* writing: what is not yet in f */
	FILE	*f;			/* writing: the file, or NULL */
	uint32_t crc;			/* writing: CRC-32 of what went
					 * into f */
	const unsigned char *in;	/* reading: the stream */
	size_t	 len, pos;
	const char *why;		/* the first violation, reading */
	size_t	 wpos;			/* writing: bytes of the stream so
					 * far (snap_lent's alignment) */
};

void	 snap_writer(struct snap *, struct buf *out, FILE *);
int	 snap_flush(struct snap *);
uint32_t snap_crc(uint32_t, const void *, size_t);
void	 snap_reader(struct snap *, const void *in, size_t len);
int	 snap_fail(struct snap *, const char *why);

/* Whether nothing has failed yet (inline: the readers ask it once an
 * element). */
static inline int
snap_ok(const struct snap *s)
{
	return !s->failed && (s->out == NULL || !s->out->oom);
}

void	 snap_u64(struct snap *, uint64_t *);
void	 snap_int(struct snap *, int *, int min, int max);
void	 snap_size(struct snap *, size_t *, size_t max);
void	 snap_fixed(struct snap *, char *, size_t size);
void	 snap_str(struct snap *, char **);
void	 snap_text(struct snap *, char **, size_t *);
void	 snap_cstr(struct snap *, char **, const char *why);
void	 snap_block(struct snap *, void **, size_t);
void	 snap_lent(struct snap *, void **, size_t size, size_t align);
void	 snap_rendered(struct snap *, struct rendered *);
void	*snap_array(struct snap *, void *, size_t *n, size_t each,
	    size_t max);

#endif /* PERFIL_SNAP_H */
