/*
 * fuzz_negotiate.c: libFuzzer target for content negotiation: the
 * input is used as an Accept-Language, an Accept and an
 * Accept-Encoding header (req_negotiate_lang, req_accepts_markdown,
 * req_accept_encoding).  The answers must be in range and must not
 * depend on bytes after a NUL; identity is refused only by a
 * well-formed header that says so.
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
	enum lang l;
	char	*h;
	int	 md, q[CODING__MAX], c;

	if ((h = malloc(size + 1)) == NULL)
		return 0;
	memcpy(h, data, size);
	h[size] = '\0';
	l = req_negotiate_lang(h, &langs_fallback);
	if ((int)l < 0 || (int)l >= langs_fallback.n)
		abort();
	md = req_accepts_markdown(h);
	if (md != 0 && md != 1)
		abort();
	/* An empty or absent header means the defaults. */
	if (h[0] == '\0' && (l != LANG_DEFAULT || md != 0))
		abort();
	req_accept_encoding(h, q);
	for (c = 0; c < CODING__MAX; c++)
		if (q[c] < 0 || q[c] > 1000)
			abort();
	if (q[CODING_IDENTITY] == 0 && strstr(h, "q=0") == NULL &&
	    strstr(h, "Q=0") == NULL)
		abort();
	free(h);
	return 0;
}
