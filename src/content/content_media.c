/*
 * content_media.c: reading the content's media/ directory into memory
 * at content load (media.h).
 *
 * The directory is read with openat(2) relative to itself: media/ must
 * be a real directory (not a symbolic link), each entry a regular file
 * (not a link, a directory, a FIFO or a device) with a name media.h
 * allows and a known extension whose first bytes match it, within the
 * size limits.  Files are opened non-blocking, so a FIFO never hangs a
 * start-up or a reload.  Names starting with "." (.gitkeep, .DS_Store)
 * are skipped: never served, never an error.  Any other entry that
 * cannot be served is an error naming it: nothing is silently left
 * out.
 */
#include "config.h"

#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "content/content_int.h"

/* Records "DIR/media/NAME: reason" (name NULL: "DIR/media: reason"). */
static int	 media_fail(struct vctx *, const char *, const char *,
		    const char *, ...) __attribute__((format(printf, 4, 5)));

static int
media_fail(struct vctx *c, const char *dir, const char *name,
    const char *fmt, ...)
{
	char	 file[1200];
	va_list	 ap;

	snprintf(file, sizeof(file), "%s/" MEDIA_DIR "%s%s", dir,
	    name != NULL ? "/" : "", name != NULL ? name : "");
	va_start(ap, fmt);
	(void)vc_failv(c, file, NULL, fmt, ap);
	va_end(ap);
	return -1;
}

/*
 * Reads entry name of the directory dfd into f, after the checks the
 * header comment lists.  Returns 0, or -1 with the problem recorded.
 */
static int
read_one(struct vctx *c, const char *dir, int dfd, const char *name,
    struct media_file *f, size_t room)
{
	struct stat st;
	const char *why;
	size_t	 len = 0;
	ssize_t	 n;
	int	 fd, rc = -1;

	if (!media_name_ok(name))
		return media_fail(c, dir, name, "a name of letters, digits, "
		    "\".\", \"_\" and \"-\" is needed (at most %d bytes, not "
		    "starting with \".\")", MEDIA_NAME_MAX);
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) == -1)
		return media_fail(c, dir, name, "cannot read: %s",
		    strerror(errno));
	if (S_ISLNK(st.st_mode))
		return media_fail(c, dir, name, "a symbolic link: media "
		    "files must be regular files inside media/");
	if (S_ISDIR(st.st_mode))
		return media_fail(c, dir, name, "a directory: media/ is "
		    "flat, subdirectories are not served");
	if (!S_ISREG(st.st_mode))
		return media_fail(c, dir, name, "not a regular file");
	if ((f->type = media_type(name)) == NULL)
		return media_fail(c, dir, name, "unknown type: the extension "
		    "must be jpg, jpeg, png, webp, avif, gif, svg, ico or "
		    "pdf");
	if ((fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
	    O_NOCTTY | O_CLOEXEC)) == -1)
		return media_fail(c, dir, name, "cannot open: %s",
		    strerror(errno));
	if (fstat(fd, &st) == -1 || !S_ISREG(st.st_mode)) {
		media_fail(c, dir, name, "not a regular file");
		goto out;
	}
	if (st.st_size > MEDIA_MAX_FILE) {
		media_fail(c, dir, name, "%jd bytes: more than the limit of "
		    "%d bytes (%d MiB) per media file", (intmax_t)st.st_size,
		    MEDIA_MAX_FILE, MEDIA_MAX_FILE / (1024 * 1024));
		goto out;
	}
	if (st.st_size == 0) {
		media_fail(c, dir, name, "an empty file");
		goto out;
	}
	/* The total is checked before a byte is read (or allocated). */
	if ((uintmax_t)st.st_size > room) {
		media_fail(c, dir, name, "%jd bytes: the files would total "
		    "more than the limit of %d bytes (%d MiB)",
		    (intmax_t)st.st_size, MEDIA_MAX_TOTAL,
		    MEDIA_MAX_TOTAL / (1024 * 1024));
		goto out;
	}
	if ((f->data = malloc((size_t)st.st_size)) == NULL) {
		media_fail(c, dir, name, "out of memory");
		goto out;
	}
	while (len < (size_t)st.st_size && (n = read(fd, f->data + len,
	    (size_t)st.st_size - len)) != 0) {
		if (n == -1 && errno == EINTR)
			continue;
		if (n == -1) {
			media_fail(c, dir, name, "cannot read: %s",
			    strerror(errno));
			goto out;
		}
		len += (size_t)n;
	}
	if (len != (size_t)st.st_size) {
		media_fail(c, dir, name, "cannot read: the file changed while "
		    "it was read");
		goto out;
	}
	f->len = len;
	if ((why = media_sniff(f->type, f->data, len, &f->width,
	    &f->height)) != NULL) {
		media_fail(c, dir, name, "%s", why);
		goto out;
	}
	if ((f->name = strdup(name)) == NULL) {
		media_fail(c, dir, name, "out of memory");
		goto out;
	}
	snprintf(f->etag, sizeof(f->etag), "\"%016" PRIx64 "\"",
	    hash_words64(f->data, f->len));
	memcpy(f->fp, f->etag + 1, 8);
	f->fp[8] = '\0';
	rc = 0;
out:
	close(fd);
	return rc;
}

static int
file_cmp(const void *a, const void *b)
{
	return strcmp(((const struct media_file *)a)->name,
	    ((const struct media_file *)b)->name);
}

/*
 * Reads dir/media into a new set (*out; empty when dir has no media/).
 * Returns 0, or -1 with every problem recorded in c (*out is then
 * NULL).
 */
int
content_media_load(struct vctx *c, const char *dir, struct media_set **out)
{
	static const char *const favicons[] = { "favicon.svg",
	    "favicon.png", "favicon.ico" };
	struct media_set *s;
	struct media_file f;
	struct dirent *e;
	char	 path[1024];
	DIR	*d = NULL;
	size_t	 i, cap = 0;
	int	 dfd, rc = 0;

	*out = NULL;
	if ((s = calloc(1, sizeof(*s))) == NULL)
		return media_fail(c, dir, NULL, "out of memory");
	if (xsnprintf(path, sizeof(path), "%s/" MEDIA_DIR, dir) == -1) {
		rc = media_fail(c, dir, NULL, "content path too long");
		goto out;
	}
	if ((dfd = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_NONBLOCK | O_CLOEXEC)) == -1) {
		if (errno != ENOENT)
			rc = media_fail(c, dir, NULL, errno == ELOOP ||
			    errno == ENOTDIR ? "not a directory (a symbolic "
			    "link is not followed)" : "cannot open: %s",
			    strerror(errno));
		goto out;
	}
	if ((d = fdopendir(dfd)) == NULL) {
		close(dfd);
		rc = media_fail(c, dir, NULL, "cannot read: %s",
		    strerror(errno));
		goto out;
	}
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;	/* ".", "..", dot-files: skipped */
		if (s->n == MEDIA_MAX_FILES) {
			rc = media_fail(c, dir, NULL, "more than %d files",
			    MEDIA_MAX_FILES);
			break;
		}
		memset(&f, 0, sizeof(f));
		if (read_one(c, dir, dirfd(d), e->d_name, &f,
		    MEDIA_MAX_TOTAL - s->total) == -1) {
			free(f.data);
			rc = -1;
			continue;
		}
		if (s->n == cap) {
			struct media_file *nf;

			cap = cap ? cap * 2 : 8;
			if ((nf = reallocarray(s->files, cap,
			    sizeof(*nf))) == NULL) {
				free(f.name);
				free(f.data);
				rc = media_fail(c, dir, NULL, "out of memory");
				break;
			}
			s->files = nf;
		}
		s->files[s->n++] = f;
		s->total += f.len;
	}
	if (s->n > 1)
		qsort(s->files, s->n, sizeof(s->files[0]), file_cmp);
	for (i = 0; i < sizeof(favicons) / sizeof(favicons[0]) &&
	    s->favicon == NULL; i++)
		s->favicon = media_find(s, favicons[i]);
out:
	if (d != NULL)
		closedir(d);
	if (rc == -1) {
		media_free(s);
		return -1;
	}
	*out = s;
	return 0;
}
