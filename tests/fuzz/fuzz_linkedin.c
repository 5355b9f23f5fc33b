/*
 * fuzz_linkedin.c: libFuzzer target for the LinkedIn archive reader.
 * The first byte picks what the rest is: 0, a whole ZIP archive
 * (linkedin_read_buffer: libzip within the import's bounds, then the
 * mapping); otherwise one CSV file of the archive, named by the byte
 * (li_map over an archive of that file and a minimal Profile.csv: the
 * RFC 4180 reader, the header search, the date forms).  Checks that no
 * input crashes, leaks or reads out of bounds, and that a refusal names
 * the archive.
 */
#include "config.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "import/linkedin.h"
#include "import/linkedin_int.h"

int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static const char *const names[] = { "Profile.csv", "Positions.csv",
	"Education.csv", "Skills.csv", "Languages.csv", "Certifications.csv",
	"Projects.csv", "Publications.csv", "Honors.csv", "Volunteering.csv",
	"Recommendations_Received.csv", "Email Addresses.csv",
	"PhoneNumbers.csv", "Connections.csv" };

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char profile[] = "First Name,Last Name\nA,B\n";
	struct li_entry e[2];
	struct li_archive ar = { e, 2 };
	struct buf report;
	char	 err[1024];
	cJSON	*doc;

	if (size < 1)
		return 0;
	buf_init(&report);
	err[0] = '\0';
	if (data[0] == 0)
		doc = linkedin_read_buffer(data + 1, size - 1, "fuzz.zip",
		    &report, err, sizeof(err));
	else {
		e[0].name = (char *)(uintptr_t)names[(data[0] - 1) %
		    (sizeof(names) / sizeof(names[0]))];
		e[0].data = (char *)(uintptr_t)(data + 1);
		e[0].len = size - 1;
		e[1].name = (char *)"Profile.csv";
		e[1].data = profile;
		e[1].len = sizeof(profile) - 1;
		if (strcmp(e[0].name, "Profile.csv") == 0)
			ar.n = 1;
		doc = li_map(&ar, "fuzz.zip", &report, err, sizeof(err));
	}
	if (doc == NULL && strncmp(err, "fuzz.zip: ", 10) != 0 &&
	    strcmp(err, "out of memory") != 0)
		abort();
	cJSON_Delete(doc);
	buf_free(&report);
	return 0;
}
