/*
 * fuzz_resume.c: libFuzzer target for the JSON Resume import
 * (resume_import_doc): the first byte picks the site's languages (the
 * document's own, one, or two), the rest is the document.  Checks that
 * no input crashes, leaks or reads out of bounds (ASan, UBSan), that an
 * import either succeeds with the three required trees or fails with a
 * message naming the file, and that a refused document leaves nothing
 * allocated.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import/resume_import.h"
#include "content/settings.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const langs[] = { NULL, "en", "ja,en" };
	struct init_content c;
	struct langs ls;
	struct buf report;
	const char *want;
	char	 err[1024];
	cJSON	*doc;

	if (size < 1)
		return 0;
	memset(&ls, 0, sizeof(ls));
	want = langs[data[0] % (sizeof(langs) / sizeof(langs[0]))];
	if (want != NULL && settings_parse_languages(want, &ls, err,
	    sizeof(err)) == -1)
		abort();
	if ((doc = cJSON_ParseWithLength((const char *)data + 1, size - 1))
	    == NULL)
		return 0;
	buf_init(&report);
	err[0] = '\0';
	if (resume_import_doc("fuzz.json", doc, &ls, &c, &report, err,
	    sizeof(err)) == 0) {
		if (c.profile == NULL || c.about == NULL)
			abort();
		init_content_free(&c);
	} else if (strncmp(err, "fuzz.json: ", 11) != 0 &&
	    strcmp(err, "out of memory") != 0)
		abort();
	buf_free(&report);
	cJSON_Delete(doc);
	return 0;
}
