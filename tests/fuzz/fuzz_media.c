/*
 * fuzz_media.c: libFuzzer target for the media header parsing
 * (media_sniff): the first byte picks the type from a list of names,
 * the rest is the file.  Checks that it never reads past the bytes
 * (ASan, on an exact-size copy), that a file it accepts as a raster
 * image has a size of 1 to 65535 pixels a side, and that the other
 * types report none.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "content/media.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const names[] = { "a.png", "a.jpg", "a.webp",
	    "a.gif", "a.avif", "a.svg", "a.ico", "a.pdf" };
	const struct media_type *t;
	unsigned w, h;
	char	*copy;

	if (size < 1)
		return 0;
	t = media_type(names[data[0] % (sizeof(names) / sizeof(names[0]))]);
	if ((copy = malloc(size - 1 ? size - 1 : 1)) == NULL)
		return 0;
	memcpy(copy, data + 1, size - 1);
	if (media_sniff(t, copy, size - 1, &w, &h) == NULL) {
		if (t->kind == MEDIA_IMAGE && strcmp(t->ext, "avif") != 0 &&
		    (w == 0 || h == 0 || w > 65535 || h > 65535))
			abort();
		if ((t->kind != MEDIA_IMAGE || strcmp(t->ext, "avif") == 0) &&
		    (w != 0 || h != 0))
			abort();
	}
	free(copy);
	return 0;
}
