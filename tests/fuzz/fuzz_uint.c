/*
 * fuzz_uint.c: libFuzzer target for the strict integer parser
 * (req_parse_uint).  The first two bytes choose the bounds; the rest
 * is the parameter text.  The result is checked against a reference:
 * accepted means 1 to 18 ASCII digits whose value lies in the bounds,
 * and nothing else.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/request.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const long bounds[] = { 0, 1, 10, 50, 100, 1000, 1000000,
	    2147483647L, 999999999999999999L };
	const char *s;
	long	 min, max, v = -42, ref = 0;
	size_t	 n, i;
	int	 rc, ok;

	if (size < 2)
		return 0;
	min = bounds[data[0] % (sizeof(bounds) / sizeof(bounds[0]))];
	max = bounds[data[1] % (sizeof(bounds) / sizeof(bounds[0]))];
	s = (const char *)data + 2;
	n = size - 2;

	rc = req_parse_uint(s, n, min, max, &v);

	ok = n >= 1 && n <= 18;
	for (i = 0; ok && i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			ok = 0;
		else
			ref = ref * 10 + (s[i] - '0');
	}
	if (ok && (ref < min || ref > max))
		ok = 0;
	if (ok != (rc == 0))
		abort();
	if (rc == 0 && v != ref)
		abort();
	if (rc != 0 && v != -42)
		abort();	/* *out untouched on failure */
	return 0;
}
