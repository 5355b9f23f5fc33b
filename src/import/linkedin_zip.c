/*
 * linkedin_zip.c: a LinkedIn data archive read with libzip within
 * bounds (linkedin_zip.h): at most LI_MAX_ENTRIES entries, LI_MAX_FILE
 * bytes a file, LI_MAX_TOTAL bytes in all, and no more than LI_MAX_RATIO
 * times the compressed size once a file is over LI_RATIO_FROM bytes (a
 * ZIP bomb is refused before it is inflated, and again if it inflates to
 * more than it declared).  Only the files wanted() names are inflated.
 * With modules, perfil-zip.so is made of this file alone.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <zip.h>

#include "import/linkedin_zip.h"

/* Entry i of z into e (its bytes when the import reads it); -1 with
 * the message in err. */
static int
read_entry(zip_t *z, zip_uint64_t i, int (*wanted)(const char *),
    struct li_entry *e, size_t *total, const char *name, char *err,
    size_t errlen)
{
	zip_stat_t st;
	zip_file_t *f;
	const char *base;
	zip_int64_t n;
	size_t	 got = 0;

	zip_stat_init(&st);
	if (zip_stat_index(z, i, 0, &st) == -1 || !(st.valid &
	    ZIP_STAT_NAME) || !(st.valid & ZIP_STAT_SIZE) || !(st.valid &
	    ZIP_STAT_COMP_SIZE)) {
		snprintf(err, errlen, "%s: entry %llu: unreadable (%s)", name,
		    (unsigned long long)i, zip_strerror(z));
		return -1;
	}
	base = strrchr(st.name, '/') != NULL ? strrchr(st.name, '/') + 1 :
	    st.name;
	if ((e->name = strdup(base)) == NULL)
		goto oom;
	if (!wanted(base))
		return 0;
	if (st.size > LI_MAX_FILE || *total + st.size > LI_MAX_TOTAL ||
	    (st.size > LI_RATIO_FROM && st.size / (st.comp_size ?
	    st.comp_size : 1) > LI_MAX_RATIO)) {
		snprintf(err, errlen, "%s: %s: refused: %llu bytes from %llu "
		    "compressed (over the import's bounds: %u MiB a file, "
		    "%u MiB in all, %u:1; a ZIP bomb?)", name, base,
		    (unsigned long long)st.size,
		    (unsigned long long)st.comp_size, LI_MAX_FILE >> 20,
		    LI_MAX_TOTAL >> 20, LI_MAX_RATIO);
		return -1;
	}
	if ((e->data = malloc((size_t)st.size + 1)) == NULL)
		goto oom;
	if ((f = zip_fopen_index(z, i, 0)) == NULL) {
		snprintf(err, errlen, "%s: %s: cannot open (%s)", name, base,
		    zip_strerror(z));
		return -1;
	}
	/* Read one byte more than declared: a lying header shows. */
	for (;;) {
		n = zip_fread(f, e->data + got, (size_t)st.size + 1 - got);
		if (n <= 0)
			break;
		got += (size_t)n;
		if (got > st.size)
			break;
	}
	if (n < 0 || got != st.size) {
		snprintf(err, errlen, "%s: %s: %s", name, base, n < 0 ?
		    zip_file_strerror(f) : "inflates to another size than "
		    "its header says (damaged, or a ZIP bomb)");
		zip_fclose(f);
		return -1;
	}
	zip_fclose(f);
	e->len = got;
	*total += got;
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
	return -1;
}

/* The entries of z into ar; -1 with the message in err. */
static int
read_archive(zip_t *z, int (*wanted)(const char *), struct li_archive *ar,
    const char *name, char *err, size_t errlen)
{
	zip_int64_t n = zip_get_num_entries(z, 0);
	zip_uint64_t i;
	size_t	 total = 0;

	if (n < 0 || n > LI_MAX_ENTRIES) {
		snprintf(err, errlen, "%s: refused: %lld entries (the "
		    "import's bound is %d)", name, (long long)n,
		    LI_MAX_ENTRIES);
		return -1;
	}
	if ((ar->e = calloc((size_t)n + 1, sizeof(*ar->e))) == NULL) {
		snprintf(err, errlen, "out of memory");
		return -1;
	}
	for (i = 0; i < (zip_uint64_t)n; i++) {
		ar->n++;
		if (read_entry(z, i, wanted, &ar->e[i], &total, name, err,
		    errlen) == -1)
			return -1;
	}
	return 0;
}

int
li_zip_read(const char *zip, int (*wanted)(const char *),
    struct li_archive *ar, char *err, size_t errlen)
{
	zip_error_t ze;
	zip_t	*z;
	int	 e = 0, rc;

	if ((z = zip_open(zip, ZIP_RDONLY | ZIP_CHECKCONS, &e)) == NULL) {
		zip_error_init_with_code(&ze, e);
		snprintf(err, errlen, "%s: not a readable ZIP archive (%s)",
		    zip, zip_error_strerror(&ze));
		zip_error_fini(&ze);
		return -1;
	}
	rc = read_archive(z, wanted, ar, zip, err, errlen);
	zip_discard(z);
	return rc;
}

int
li_zip_read_buffer(const void *data, size_t len, const char *name,
    int (*wanted)(const char *), struct li_archive *ar, char *err,
    size_t errlen)
{
	zip_error_t ze;
	zip_source_t *src;
	zip_t	*z;
	int	 rc;

	zip_error_init(&ze);
	if ((src = zip_source_buffer_create(data, len, 0, &ze)) == NULL ||
	    (z = zip_open_from_source(src, ZIP_RDONLY | ZIP_CHECKCONS, &ze))
	    == NULL) {
		snprintf(err, errlen, "%s: not a readable ZIP archive (%s)",
		    name, zip_error_strerror(&ze));
		zip_source_free(src);
		zip_error_fini(&ze);
		return -1;
	}
	zip_error_fini(&ze);
	rc = read_archive(z, wanted, ar, name, err, errlen);
	zip_discard(z);
	return rc;
}

const struct zip_ops perfil_zip_ops = {
	.head = ZIP_MODULE_HEAD,
	.read = li_zip_read,
	.read_buffer = li_zip_read_buffer,
};
