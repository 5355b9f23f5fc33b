/*
 * resume_values.c: the values of a JSON Resume document as perfil
 * needs them: URLs and dates it accepts, slugs from names, ISO 639-1
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

#include "request.h"
#include "resume_values.h"

/* s, if it is an absolute http(s) URL with a host and no space. */
const char *
resume_url_ok(const char *s)
{
	const char *h;
	size_t	 i;

	if (s == NULL)
		return NULL;
	if ((h = url_authority(s)) == NULL)
		return NULL;
	for (i = 0; s[i] != '\0'; i++)
		if ((unsigned char)s[i] <= 0x20 ||
		    strchr("\"<>\\^`{|}", s[i]) != NULL)
			return NULL;
	if (*h == '\0' || strchr("/?#:.", *h) != NULL ||
	    memchr(h, '@', strcspn(h, "/?#")) != NULL)
		return NULL;
	return s;
}

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
 * A set of slugs for n items at most: the slugs given and, for each
 * base, the number to try next ("base-2", "base-3", ...), in two glibc
 * hash tables (hsearch_r), so that n items named alike take n steps,
 * not n squared (5,000 took minutes).  Returns 0, or -1 out of memory.
 */
int
slug_set_init(struct slug_set *ss, size_t n)
{
	memset(ss, 0, sizeof(*ss));
	ss->cap = 2 * n + 2;	/* a slug and a base each */
	if ((ss->keys = calloc(ss->cap, sizeof(*ss->keys))) == NULL ||
	    hcreate_r(2 * n + 16, &ss->taken) == 0 ||
	    hcreate_r(2 * n + 16, &ss->next) == 0) {
		slug_set_free(ss);
		return -1;
	}
	return 0;
}

void
slug_set_free(struct slug_set *ss)
{
	size_t	 i;

	hdestroy_r(&ss->taken);
	hdestroy_r(&ss->next);
	for (i = 0; i < ss->nkeys; i++)
		free(ss->keys[i]);
	free(ss->keys);
	memset(ss, 0, sizeof(*ss));
}

/* Finds key in table t, or with enter adds it (data d); NULL when not
 * there, or when it cannot be added. */
static ENTRY *
slug_find(struct slug_set *ss, struct hsearch_data *t, const char *key,
    intptr_t d, int enter)
{
	ENTRY	 e = { (char *)key, (void *)d }, *found = NULL;

	if (hsearch_r(e, FIND, &found, t) != 0 || !enter)
		return found;
	if (ss->nkeys == ss->cap || (e.key = strdup(key)) == NULL)
		return NULL;
	ss->keys[ss->nkeys++] = e.key;
	return hsearch_r(e, ENTER, &found, t) != 0 ? found : NULL;
}

/*
 * A slug from s (ICU: Any-Latin; Latin-ASCII; Lower, then runs of
 * anything but [a-z0-9] as one "-"), unique in ss, which then holds
 * it too.
 */
char *
resume_slug(UTransliterator *tr, const char *s, struct slug_set *ss,
    char *out, size_t len)
{
	UChar	 u[512];
	char	 a[1024], base[96];
	ENTRY	*next;
	UErrorCode ec = U_ZERO_ERROR;
	int32_t	 n = 0, lim;
	size_t	 i, o = 0;
	intptr_t k;

	u_strFromUTF8(u, 512, &n, s != NULL ? s : "", -1, &ec);
	lim = n;
	if (U_SUCCESS(ec) && tr != NULL)
		utrans_transUChars(tr, u, &n, 512, 0, &lim, &ec);
	if (U_FAILURE(ec) || ec == U_STRING_NOT_TERMINATED_WARNING)
		n = 0;
	ec = U_ZERO_ERROR;
	u_strToUTF8(a, (int32_t)sizeof(a), NULL, u, n, &ec);
	if (U_FAILURE(ec))
		a[0] = '\0';
	for (i = 0; a[i] != '\0' && o < 80; i++) {
		if (islower((unsigned char)a[i]) ||
		    isdigit((unsigned char)a[i]))
			base[o++] = a[i];
		else if (isupper((unsigned char)a[i]))
			base[o++] = (char)tolower((unsigned char)a[i]);
		else if (o > 0 && base[o - 1] != '-')
			base[o++] = '-';
	}
	while (o > 0 && base[o - 1] == '-')
		o--;
	base[o] = '\0';
	if (o == 0)
		snprintf(base, sizeof(base), "item");
	next = slug_find(ss, &ss->next, base, 1, 1);
	for (k = next != NULL ? (intptr_t)next->data : 1;; k++) {
		if (k == 1)
			snprintf(out, len, "%s", base);
		else
			snprintf(out, len, "%s-%ld", base, (long)k);
		if (slug_find(ss, &ss->taken, out, 0, 0) == NULL)
			break;
	}
	if (next != NULL)
		next->data = (void *)(k + 1);
	(void)slug_find(ss, &ss->taken, out, 0, 1);
	return out;
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

