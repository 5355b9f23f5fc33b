/*
 * linkedin.h: a LinkedIn "Get a copy of your data" archive as a JSON
 * Resume document (--init --from-linkedin ZIP; docs/resume.md).  The
 * ZIP is read with libzip within bounds (entries, sizes, compression
 * ratio: a ZIP bomb is refused), its CSV files (Profile, Positions,
 * Education, Skills, Languages, Certifications, Projects, Publications,
 * Honors, Volunteering, Recommendations_Received, Email Addresses,
 * PhoneNumbers) mapped onto JSON Resume's sections, which the JSON
 * Resume import (resume_import.h) then turns into content.  What has no
 * place goes to the report, one line each.
 *
 * Ownership: the document returned is the caller's (cJSON_Delete).
 */
#ifndef PERFIL_LINKEDIN_H
#define PERFIL_LINKEDIN_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "base/util.h"

/* Whether this build reads archives (configure found libzip). */
int	 linkedin_available(void);
/* The document, or NULL with "ZIP: [FILE: ]reason" in err. */
cJSON	*linkedin_read(const char *zip, struct buf *report, char *err,
	    size_t errlen);
/* The same from the archive's bytes (name for messages). */
cJSON	*linkedin_read_buffer(const void *data, size_t len, const char *name,
	    struct buf *report, char *err, size_t errlen);

#endif /* PERFIL_LINKEDIN_H */
