/*
 * fuzz_route.c: libFuzzer target for the router (route_match,
 * route_is_api_path).  The input is a decoded path.  A match must be
 * exact for a fixed pattern, and for a "{slug}" pattern the slug must
 * be the non-empty last segment with the pattern's prefix before it.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/routes.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct arena arena;
static int	 arena_ready;

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct route *rt;
	const char *slug, *brace;
	char	*path;
	size_t	 prefix;

	if (!arena_ready) {
		arena_init(&arena, 4096);
		arena_ready = 1;
	}
	if ((path = malloc(size + 1)) == NULL)
		return 0;
	memcpy(path, data, size);
	path[size] = '\0';

	(void)route_is_api_path(path);
	rt = route_match(path, &slug, &arena);
	if (rt != NULL) {
		brace = strchr(rt->path, '{');
		if (brace == NULL) {
			if (strcmp(rt->path, path) != 0 || slug != NULL)
				abort();
		} else {
			prefix = (size_t)(brace - rt->path);
			if (slug == NULL || *slug == '\0' ||
			    strchr(slug, '/') != NULL ||
			    strncmp(path, rt->path, prefix) != 0 ||
			    strcmp(path + prefix, slug) != 0)
				abort();
		}
	}
	free(path);
	arena_reset(&arena);
	return 0;
}
