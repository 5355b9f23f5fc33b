/*
 * fuzz_settings.c: libFuzzer target for the site.json loader
 * (settings_load): the input is written as site.json in a scratch
 * directory and loaded.  Checks that it never crashes, leaks or reads
 * out of bounds (ASan), that a refusal always has a message naming
 * site.json (in a buffer of the size perfil-fcgi gives, 16 KiB), and
 * that an accepted base_url holds no control character.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/settings.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char dir[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct settings *s;
	char	 path[96], err[16384];
	const char *p;
	int	 fd;

	if (dir[0] == '\0') {
		snprintf(dir, sizeof(dir), "/tmp/fuzz_settings.XXXXXX");
		if (mkdtemp(dir) == NULL)
			abort();
	}
	snprintf(path, sizeof(path), "%s/site.json", dir);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) == -1)
		abort();
	if (size > 0 && write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
	err[0] = '\0';
	if ((s = settings_load(dir, err, sizeof(err))) == NULL) {
		if (strstr(err, "site.json") == NULL)
			abort();
		return 0;
	}
	if (s->base_url != NULL)
		for (p = s->base_url; *p != '\0'; p++)
			if ((unsigned char)*p < 0x20 || *p == 0x7f)
				abort();
	settings_free(s);
	return 0;
}
