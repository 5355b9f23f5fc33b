/*
 * module.c: finding and loading a module (module.h).
 */
#include "config.h"

#include <dlfcn.h>
#include <err.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/module.h"
#include "base/util.h"

int
module_path(const char *file, char *path, size_t size)
{
	char	 exe[PATH_MAX];
	const char *bindir = PERFIL_BINDIR;
	ssize_t	 n;
	size_t	 dlen, blen = strlen(bindir);
	char	*slash;

	if ((n = readlink("/proc/self/exe", exe, sizeof(exe) - 1)) <= 0)
		goto configured;
	exe[n] = '\0';
	if ((slash = strrchr(exe, '/')) == NULL)
		goto configured;
	*slash = '\0';
	dlen = (size_t)(slash - exe);
	if (dlen >= blen && strcmp(exe + dlen - blen, bindir) == 0) {
		/* Installed: the same root, the configured directory. */
		exe[dlen - blen] = '\0';
		return xsnprintf(path, size, "%s%s/%s", exe,
		    PERFIL_MODULE_DIR, file) == -1 ? -1 : 0;
	}
	return xsnprintf(path, size, "%s/%s", exe, file) == -1 ? -1 : 0;
configured:
	if (xsnprintf(path, size, "%s/%s", PERFIL_MODULE_DIR, file) == -1)
		path[0] = '\0';
	return -1;
}

#define PREOPEN_MAX	4

static struct {
	const char *file;
	int	 fd;
} pre[PREOPEN_MAX];

void
module_preopen(const char *const *files)
{
	char	 path[PATH_MAX];
	size_t	 i;

	for (i = 0; i < PREOPEN_MAX && files[i] != NULL; i++) {
		pre[i].file = files[i];
		pre[i].fd = -1;
		if (module_path(files[i], path, sizeof(path)) == 0)
			pre[i].fd = open(path, O_RDONLY | O_CLOEXEC);
	}
}

void
module_forget(void)
{
	size_t	 i;

	for (i = 0; i < PREOPEN_MAX && pre[i].file != NULL; i++)
		if (pre[i].fd != -1) {
			close(pre[i].fd);
			pre[i].fd = -1;
		}
}

const void *
module_open(const char *file, const char *symbol,
    const struct module_head *want, const char *what, const char *without)
{
	char	 path[PATH_MAX], fdpath[32];
	const struct module_head *h;
	void	*dl;
	size_t	 i;
	int	 fd = -1;

	(void)module_path(file, path, sizeof(path));
	for (i = 0; i < PREOPEN_MAX && pre[i].file != NULL; i++)
		if (strcmp(pre[i].file, file) == 0)
			fd = pre[i].fd;
	if (fd != -1) {
		/* The file main opened, whatever the user is now. */
		snprintf(fdpath, sizeof(fdpath), "/proc/self/fd/%d", fd);
		if ((dl = dlopen(fdpath, RTLD_NOW | RTLD_LOCAL)) == NULL) {
			warnx("the %s module %s: %s; %s", what, path,
			    dlerror(), without);
			return NULL;
		}
	} else if ((dl = dlopen(path, RTLD_NOW | RTLD_LOCAL)) == NULL) {
		warnx("the %s module: %s; %s", what, dlerror(), without);
		return NULL;
	}
	h = dlsym(dl, symbol);
	if (h == NULL || h->abi != want->abi || h->version == NULL ||
	    strcmp(h->version, want->version) != 0 ||
	    h->size[0] != want->size[0] || h->size[1] != want->size[1]) {
		warnx("the %s module %s is not this build's (%s %s); %s",
		    what, path, PACKAGE_NAME, PACKAGE_VERSION, without);
		dlclose(dl);
		return NULL;
	}
	return h;
}
