/*
 * dedup.c: the first of equal strings, found by sorting (dedup.h):
 * duplicate slugs (content_check.c) and the JSON-LD's lists (head.c).
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>

#include "base/dedup.h"

/* A string and where it stood, for str_first_equal. */
struct str_at {
	const char *s;
	size_t	 i;
};

static int
str_at_cmp(const void *a, const void *b)
{
	const struct str_at *x = a, *y = b;
	int	 c = strcmp(x->s, y->s);

	return c != 0 ? c : (x->i > y->i) - (x->i < y->i);
}

/*
 * For each of the n strings s (NULL for none), the index of the first
 * earlier one equal to it, or -1, in first[].  Sorted by value, then
 * by place: comparing each with every earlier one made half a million
 * comparisons at 1,000 items.  Returns 0, or -1 out of memory.
 */
int
str_first_equal(const char *const *s, size_t n, long *first)
{
	struct str_at *v;
	size_t	 i, m = 0;

	if ((v = calloc(n > 0 ? n : 1, sizeof(*v))) == NULL)
		return -1;
	for (i = 0; i < n; i++) {
		first[i] = -1;
		if (s[i] != NULL) {
			v[m].s = s[i];
			v[m++].i = i;
		}
	}
	qsort(v, m, sizeof(*v), str_at_cmp);
	for (i = 1; i < m; i++)
		if (strcmp(v[i].s, v[i - 1].s) == 0)
			first[v[i].i] = first[v[i - 1].i] != -1 ?
			    first[v[i - 1].i] : (long)v[i - 1].i;
	free(v);
	return 0;
}
