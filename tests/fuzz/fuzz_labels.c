/*
 * fuzz_labels.c: libFuzzer target for the label loader (labels_from):
 * the first byte picks the file (the site's en.json or es.json), the
 * rest is its text, loaded over the installed sets of labels/.  Checks
 * that it never crashes, leaks or reads out of bounds (ASan), that a
 * refusal names the file, and that every label of the reference set
 * can then be looked up in both languages.
 */
#include "config.h"

#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "content/labels.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static char dir[64];

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const files[] = { "en.json", "es.json" };
	struct labels lb;
	struct labels_src src = { FUZZ_LABELS_DIR, NULL, NULL };
	const cJSON *it;
	char	 path[96], err[16384];
	const char *file;
	int	 fd, l;

	if (size < 1)
		return 0;
	if (dir[0] == '\0') {
		snprintf(dir, sizeof(dir), "/tmp/fuzz_labels.XXXXXX");
		if (mkdtemp(dir) == NULL)
			abort();
	}
	file = files[data[0] % 2];
	for (l = 0; l < 2; l++) {
		snprintf(path, sizeof(path), "%s/%s", dir, files[l]);
		unlink(path);
	}
	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if ((fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600)) == -1)
		abort();
	if (size > 1 && write(fd, data + 1, size - 1) != (ssize_t)(size - 1))
		abort();
	close(fd);
	src.site_dir = dir;
	err[0] = '\0';
	if (labels_from(&lb, &src, NULL, PRON_NONE, err,
	    sizeof(err)) == -1) {
		if (strstr(err, ".json") == NULL)
			abort();
		return 0;
	}
	for (l = 0; l < lb.langs.n; l++)
		cJSON_ArrayForEach(it, lb.ref)
			if (it->string != NULL && lbl_find(&lb,
			    (enum lang)l, it->string) == NULL)
				abort();
	labels_free(&lb);
	return 0;
}
