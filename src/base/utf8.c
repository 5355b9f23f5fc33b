/*
 * utf8.c: the longest grapheme cluster of UTF-8 text, as ICU splits it
 * (utf8.h).  Apart from util.c, whose UTF-8 functions need only the C
 * library (perfil-relay links util.c alone).
 */
#include "config.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>

#include <unicode/ubrk.h>
#include <unicode/ustring.h>

#include "base/utf8.h"

/*
 * The number of code points of the longest grapheme cluster (what a
 * reader sees as one character: a base and its combining marks, an
 * emoji sequence) of the well-formed UTF-8 text s[0..n), as ICU splits
 * it, but at most cap + 1: the caller only asks whether it exceeds
 * cap.  Linear in n.  Only a run of more than cap - 2 non-ASCII code
 * points can hold a longer cluster (an ASCII character starts one or
 * follows a prepended mark, nothing but marks follows it), so text
 * without one never reaches ICU.  Returns (size_t)-1 when out of
 * memory.
 */
size_t
utf8_longest_cluster(const char *s, size_t n, size_t cap)
{
	UBreakIterator *bi;
	UErrorCode e = U_ZERO_ERROR;
	UChar	*u;
	size_t	 i, run = 0, longest = 0, len;
	int32_t	 ulen, a, b;

	for (i = 0; i < n; i++) {
		if ((unsigned char)s[i] < 0x80)
			run = 0;
		else if (((unsigned char)s[i] & 0xc0) != 0x80 && ++run + 2 > cap)
			break;
	}
	if (i == n)
		return cap < 2 ? 1 : cap;	/* at most cap */
	if (n > INT32_MAX / 2 || (u = malloc((n + 1) * sizeof(*u))) == NULL)
		return (size_t)-1;
	u_strFromUTF8(u, (int32_t)n + 1, &ulen, s, (int32_t)n, &e);
	bi = ubrk_open(UBRK_CHARACTER, "", u, ulen, &e);
	if (U_FAILURE(e)) {
		free(u);
		return (size_t)-1;
	}
	for (a = ubrk_first(bi); (b = ubrk_next(bi)) != UBRK_DONE; a = b) {
		len = (size_t)u_countChar32(u + a, b - a);
		if (len > longest)
			longest = len;
		if (longest > cap)
			break;
	}
	ubrk_close(bi);
	free(u);
	return longest > cap ? cap + 1 : longest;
}
