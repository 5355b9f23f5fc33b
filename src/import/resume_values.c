/*
 * resume_values.c: the values of a JSON Resume document as perfil
 * needs them: dates it accepts, ISO 639-1
 * codes from language names (ICU), and reading the document.
 */
#include "config.h"

#include <sys/stat.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "http/request.h"
#include "import/resume_values.h"

/* s, if it is an ISO date as JSON Resume and perfil both write it. */
const char *
resume_date_ok(const char *s)
{
	static const char pat[] = "0000-00-00";
	size_t	 i, n;

	if (s == NULL || ((n = strlen(s)) != 4 && n != 7 && n != 10))
		return NULL;
	for (i = 0; i < n; i++)
		if (pat[i] == '0' ? !isdigit((unsigned char)s[i]) :
		    s[i] != '-')
			return NULL;
	if (n >= 7 && (strncmp(s + 5, "01", 2) < 0 ||
	    strncmp(s + 5, "12", 2) > 0))
		return NULL;
	return s;
}

/* s, if it is a telephone number content accepts (resource.h, PHONE):
 * at most 40 characters, digits, spaces and "()./-" after an optional
 * leading "+", at least 3 digits. */
const char *
resume_phone_ok(const char *s)
{
	size_t	 i, digits = 0;

	if (s == NULL || strlen(s) > 40)
		return NULL;
	for (i = s[0] == '+'; s[i] != '\0'; i++)
		if (isdigit((unsigned char)s[i]))
			digits++;
		else if (strchr(" ()./-", s[i]) == NULL)
			return NULL;
	return digits >= 3 ? s : NULL;
}

/*
 * The ISO 639-1 code of a language name ("English", "Deutsch", or the
 * name in another language), or NULL: the names ICU gives in
 * schema_lang (the language JSON Resume's schema is written in), in
 * each of the site's languages ls and in the language itself, compared
 * without case.
 */
const char *
resume_language_code(const char *name, const char *schema_lang,
    const struct langs *ls)
{
	const char *const *c;
	const char *in[LANG__MAX + 2];
	UChar	 want[64], got[64];
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 n;
	int	 i;

	u_strFromUTF8(want, 64, &n, name, -1, &ec);
	if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
		return NULL;
	in[0] = schema_lang;
	for (i = 0; i < ls->n; i++)
		in[i + 1] = lang_code(ls, (enum lang)i);
	for (c = uloc_getISOLanguages(); c != NULL && *c != NULL; c++) {
		if (strlen(*c) != 2)
			continue;
		if (strcmp(*c, name) == 0)
			return *c;
		in[ls->n + 1] = *c;		/* its own name */
		for (i = 0; i < ls->n + 2; i++) {
			ec = U_ZERO_ERROR;
			n = uloc_getDisplayLanguage(*c, in[i], got, 64, &ec);
			if (U_SUCCESS(ec) && ec != U_USING_DEFAULT_WARNING &&
			    u_strcasecmp(want, got, 0) == 0)
				return *c;
		}
	}
	return NULL;
}

/* Reads and parses file (at most 4 MiB), a regular file: opened
 * non-blocking, so that a FIFO never hangs the import. */
cJSON *
resume_read(const char *file, char *err, size_t errlen)
{
	struct stat st;
	FILE	*f;
	char	*data;
	size_t	 n;
	cJSON	*doc = NULL;
	int	 fd;

	if ((fd = open(file, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) == -1) {
		snprintf(err, errlen, "%s: cannot open: %s", file,
		    strerror(errno));
		return NULL;
	}
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		snprintf(err, errlen, "%s: not a regular file", file);
		close(fd);
		return NULL;
	}
	if ((f = fdopen(fd, "r")) == NULL) {
		snprintf(err, errlen, "%s: cannot open", file);
		close(fd);
		return NULL;
	}
	if ((data = malloc(4 << 20)) == NULL) {
		fclose(f);
		snprintf(err, errlen, "out of memory");
		return NULL;
	}
	n = fread(data, 1, (4 << 20) - 1, f);
	if (ferror(f) || n == (4 << 20) - 1)
		snprintf(err, errlen, "%s: unreadable or over 4 MiB", file);
	else if ((doc = cJSON_ParseWithLength(data, n)) == NULL ||
	    !cJSON_IsObject(doc)) {
		cJSON_Delete(doc);
		doc = NULL;
		snprintf(err, errlen, "%s: not a JSON object (JSON Resume)",
		    file);
	}
	fclose(f);
	free(data);
	return doc;
}

