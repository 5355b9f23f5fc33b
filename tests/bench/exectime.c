/*
 * exectime.c: one run of a command, timed from its spawn to its exit
 * (tests/bench/load).
 *
 *	perfil-exectime COMMAND [ARG...]
 *
 * Prints "WALL_MS CPU_S PEAK_KB": the wall time from the spawn to the
 * exit, the command's user + system CPU time and its peak resident size
 * (wait4's ru_maxrss), and exits with the command's status; the
 * command's output and errors go to /dev/null.  No shell, date(1) or
 * time(1) runs in the window: those added 15 to 20 ms to each measure
 * on this project's virtual machines, where a fork and an exec cost
 * milliseconds, more than a start from a snapshot takes.  In C rather
 * than a script: a spawned child's peak counts its parent's resident
 * size until the exec, which this program keeps to a megabyte or two.
 */
#include "config.h"

#include <sys/resource.h>
#include <sys/wait.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

int
main(int argc, char *argv[])
{
	posix_spawn_file_actions_t fa;
	struct timespec t0, t1;
	struct rusage ru;
	pid_t	 pid;
	int	 status, e;

	if (argc < 2) {
		fprintf(stderr, "usage: perfil-exectime COMMAND [ARG...]\n");
		return 2;
	}
	if (posix_spawn_file_actions_init(&fa) != 0 ||
	    posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY,
	    0) != 0 || posix_spawn_file_actions_addopen(&fa, 2, "/dev/null",
	    O_WRONLY, 0) != 0)
		errx(2, "out of memory");
	clock_gettime(CLOCK_MONOTONIC, &t0);
	if ((e = posix_spawnp(&pid, argv[1], &fa, NULL, argv + 1,
	    environ)) != 0) {
		errno = e;
		err(127, "%s", argv[1]);
	}
	if (wait4(pid, &status, 0, &ru) != pid)
		err(2, "wait4");
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("%.1f %.3f %ld\n", (double)(t1.tv_sec - t0.tv_sec) * 1e3 +
	    (double)(t1.tv_nsec - t0.tv_nsec) / 1e6,
	    (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
	    (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6,
	    ru.ru_maxrss);
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}
