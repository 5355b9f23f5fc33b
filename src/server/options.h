/*
 * options.h: the command line of perfil-fcgi.
 *
 * Ownership: options_parse fills a struct options whose strings point
 * into argv, except base (the normalised --base-url) and own (the
 * directories found beside the executable), which options_free
 * releases.
 */
#ifndef PERFIL_OPTIONS_H
#define PERFIL_OPTIONS_H

#include <sys/types.h>

#include "core/app.h"
#include "import/resume_merge.h"

#define MAX_WORKERS	64
#define MAX_THREADS	64	/* serving threads per worker */
#define THREADS_DEFAULT	16	/* default --threads with --socket */

enum run_mode {
	RUN_SERVE,		/* serve requests (the default) */
	RUN_CHECK,		/* --check */
	RUN_DUMP,		/* --dump-openapi */
	RUN_FONTS,		/* --font-packages */
	RUN_INIT,		/* --init DIR */
	RUN_EXPORT,		/* --export DIR */
	RUN_ADD_BIBTEX,		/* --add-bibtex FILE */
};

struct options {
	struct config cfg;	/* --content, --base-url (normalised) */
	enum run_mode mode;
	int	 dump_format;	/* with RUN_DUMP: enum openapi_format */
	const char *sock;	/* --socket, or NULL for fd 0 */
	const char *user;	/* --user, or NULL */
	const char *group;	/* --socket-group, or NULL */
	const char *pid_file;	/* --pid-file, or NULL */
	const char *init_dir;	/* --init DIR */
	const char *export_dir;	/* --export DIR */
	const char *bibtex;	/* --add-bibtex or --from-bibtex FILE */
	int	 from_bibtex;	/* it is --from-bibtex's */
	struct resume_source from[RESUME_MERGE_MAX]; /* --from-resume and
				  * --from-linkedin [LANG=]FILE, in order */
	int	 nfrom;
	struct langs init_langs; /* --languages (with --init); n 0: not
				  * given */
	mode_t	 sock_mode;	/* --socket-mode */
	int	 share;		/* --share (share.h) */
	char	 share_path[108]; /* with --share: the shared server's
				  * socket (a sun_path) */
	char	 share_dir[108]; /* its directory: the cache's
				  * unless --cache-dir */
	int	 nworkers;	/* --workers, 0 until options_defaults */
	int	 nthreads;	/* --threads, 0 until options_defaults */
	char	*base;		/* owned copy behind cfg.base_url */
	int	 content_given, labels_given;	/* --content, --labels */
	char	*own[3];	/* owned: content, labels and log file
				 * found beside the executable */
};

int	 options_parse(struct options *, int argc, char *argv[], int *status);
void	 options_defaults(struct options *);
void	 options_free(struct options *);

#endif /* PERFIL_OPTIONS_H */
