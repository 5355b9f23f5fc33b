/*
 * share.h: one loaded server for every process a process manager starts
 * on file descriptor 0 (--share, for mod_fcgid).
 *
 * mod_fcgid starts one process per request in flight and sends each
 * one request at a time; without --share each loads the content itself,
 * so a burst of 64 requests on a cold server loaded it 64 times at once.
 * With --share each process is a relay: it passes the requests of its
 * file descriptor 0 to one server on a private unix socket (SHARE_DIR,
 * below), which the first relay that finds none starts as its own child
 * and which loads the content once; the others wait for it.  A relay
 * loads nothing and holds no content.
 *
 * The socket lives in TMPDIR (else /tmp)/perfil-UID, a directory of the
 * user's own with mode 0700 (refused otherwise), under a name made from
 * the executable, the arguments and the environment: the processes of
 * one FcgidWrapper share a server, no others.  Two lock files beside it
 * (flock): NAME.lock, held by the server's processes, makes sure one
 * server runs for a name and frees it for the next when it ends;
 * NAME.users, held shared by every relay, tells the server when the
 * last relay has ended (mod_fcgid stopped them all, or Apache stopped):
 * it then stops as on SIGTERM.  So the server outlives the relay that
 * started it while another relay runs, and a relay mod_fcgid ends when
 * idle takes nothing with it.
 */
#ifndef PERFIL_SHARE_H
#define PERFIL_SHARE_H

#include <stddef.h>

enum share_role {
	SHARE_ALONE,		/* cannot share: serve fd 0 alone */
	SHARE_SERVER,		/* the forked server: serve path as --socket */
	SHARE_DONE,		/* the relay ended: exit with *status */
};

/*
 * Relays the requests of file descriptor 0 to the shared server,
 * starting it when none answers, until SIGTERM or SIGINT.  Returns
 * SHARE_DONE with *status set when the relay ends (1 when the server it
 * started failed: the content does not load), SHARE_SERVER in the child
 * that is to become the server (path holds its socket; file descriptor 0
 * is /dev/null there), or SHARE_ALONE, after a warning, when no private
 * directory can be had.
 */
enum share_role share_relay(char *path, size_t len, int *status);

/*
 * perfil-relay's main (argv: the full program's path and its options,
 * without --share): relays the requests of file descriptor 0 as
 * share_relay does, in a process of the C library alone that starts in
 * a millisecond, where perfil-fcgi takes about 20 (it maps and
 * relocates some fifty libraries).  When no server answers it becomes
 * the full program (execv, "--share" added), which starts the server
 * and serves the connection it was passed first.  Both name the
 * command alike, so they share one server.  Returns the exit status.
 */
int	share_light(int argc, char *argv[]);

/* In the server: 1 once the last relay has ended, else 0. */
int	share_orphaned(void);

#endif /* PERFIL_SHARE_H */
