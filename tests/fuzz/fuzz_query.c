/*
 * fuzz_query.c: libFuzzer target for query-string parsing and
 * percent-decoding (req_parse_query, req_decode).  The input is the
 * raw QUERY_STRING.  Besides the sanitizers, it checks what the
 * parser promises: a decoded string has no NUL, is valid UTF-8 and is
 * no longer than its source, and a parameter counted is stored.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "http/request.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct arena arena;
static int	 arena_ready;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct request r;
	char	*q, *out;
	size_t	 outlen;
	int	 i, plus;

	if (!arena_ready) {
		arena_init(&arena, 4096);
		arena_ready = 1;
	}
	if ((q = malloc(size + 1)) == NULL)
		return 0;
	memcpy(q, data, size);
	q[size] = '\0';

	for (plus = 0; plus <= 1; plus++) {
		if (req_decode((const char *)data, size, plus, &arena,
		    &out, &outlen) == 0) {
			if (outlen > size || out[outlen] != '\0' ||
			    memchr(out, '\0', outlen) != NULL ||
			    !utf8_valid(out, outlen))
				abort();
		}
	}

	memset(&r, 0, sizeof(r));
	if (req_parse_query(&r, q, &arena) == REQ_OK) {
		for (i = 0; i < PARAM__MAX; i++) {
			if (r.param[i].count > 0 && r.param[i].value == NULL)
				abort();
			if (r.param[i].value != NULL &&
			    (strlen(r.param[i].value) != r.param[i].len ||
			    !utf8_valid(r.param[i].value, r.param[i].len)))
				abort();
		}
	} else if (r.bad_key == NULL)
		abort();

	free(q);
	arena_reset(&arena);
	return 0;
}
