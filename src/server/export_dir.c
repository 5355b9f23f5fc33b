/*
 * export_dir.c: the directory an export goes to (export.h): whether it
 * may receive one, the temporary directory beside it, and the rename
 * that puts the finished export in its place.
 */
#include "config.h"

#include <sys/stat.h>
#include <sys/types.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/util.h"
#include "server/export.h"

/* Removes directory path and all it holds. */
void
export_remove_dir(const char *path)
{
	(void)dir_remove(path, 32);
}

/*
 * Whether dir may receive an export: absent, empty, or an earlier
 * export (it holds EXPORT_MARKER).  Returns 0, or -1 with the reason.
 */
int
export_target_ok(const char *dir, char *err, size_t errlen)
{
	struct stat st;
	struct dirent *de;
	DIR	*d;
	int	 fd, empty = 1, marked;

	if (*dir == '\0' || strlen(dir) > EXPORT_DIR_MAX) {
		snprintf(err, errlen, "%.60s: %s", dir, *dir ? "path too long" :
		    "an empty directory name");
		return -1;
	}
	if (lstat(dir, &st) == -1)
		return errno == ENOENT ? 0 : (snprintf(err, errlen, "%s: %s",
		    dir, strerror(errno)), -1);
	if (!S_ISDIR(st.st_mode)) {
		snprintf(err, errlen, "%s: exists and is not a directory", dir);
		return -1;
	}
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC)) == -1 || (d = fdopendir(fd)) == NULL) {
		snprintf(err, errlen, "%s: %s", dir, strerror(errno));
		if (fd != -1)
			close(fd);
		return -1;
	}
	marked = faccessat(dirfd(d), EXPORT_MARKER, F_OK,
	    AT_SYMLINK_NOFOLLOW) == 0;
	while ((de = readdir(d)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0)
			empty = 0;
	closedir(d);
	if (!empty && !marked) {
		snprintf(err, errlen, "%s: exists, is not empty and is not an "
		    "earlier export (it has no %s file); give a new or empty "
		    "directory", dir, EXPORT_MARKER);
		return -1;
	}
	return 0;
}

/* Puts dir's sibling temporary name ("DIR.export-PID") in tmp. */
int
export_temp_name(const char *dir, const char *what, char *tmp, size_t len)
{
	size_t	 n = strlen(dir);

	while (n > 1 && dir[n - 1] == '/')
		n--;
	return xsnprintf(tmp, len, "%.*s.%s-%ld", (int)n, dir, what,
	    (long)getpid());
}

/*
 * Moves the finished export tmp to dir: a rename when dir is absent or
 * empty; an earlier export is swapped out (renamed aside, then removed).
 * Returns 0, or -1 with the message in err (tmp removed).
 */
int
export_commit(const char *tmp, const char *dir, char *err, size_t errlen)
{
	char	 old[EXPORT_DIR_MAX + 64];
	int	 saved;

	if (rename(tmp, dir) == 0)
		return 0;
	if (errno == ENOTEMPTY || errno == EEXIST) {
		if (export_temp_name(dir, "old", old, sizeof(old)) == -1 ||
		    rename(dir, old) == -1)
			goto fail;
		if (rename(tmp, dir) == 0) {
			export_remove_dir(old);
			return 0;
		}
		saved = errno;
		rename(old, dir);	/* the earlier export stays */
		errno = saved;
	}
fail:
	snprintf(err, errlen, "%s: cannot move the export into place: %s",
	    dir, strerror(errno));
	export_remove_dir(tmp);
	return -1;
}
