/*
 * relay.c: perfil-relay, the light relay of perfil-fcgi --share for
 * mod_fcgid's FcgidWrapper (share.h, share_light):
 *
 *	perfil-relay /usr/local/bin/perfil-fcgi --content DIR --base-url URL
 *
 * It links the C library alone, so the processes mod_fcgid starts in a
 * burst are ready at once; the first one that finds no server becomes
 * perfil-fcgi --share and starts it.
 */
#include "config.h"

#include <stdio.h>
#include <string.h>

#include "server/share.h"

int
main(int argc, char *argv[])
{
	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("perfil-relay %s\n", PACKAGE_VERSION);
		return 0;
	}
	if (argc == 2 && strcmp(argv[1], "--help") == 0) {
		printf("usage: perfil-relay /PATH/TO/perfil-fcgi [OPTION ...]\n"
		    "Relays the FastCGI requests of file descriptor 0 (a "
		    "process mod_fcgid\nstarts) to the one server "
		    "perfil-fcgi --share runs for these options,\nstarting "
		    "it as perfil-fcgi OPTION ... --share when none answers "
		    "(perfil-fcgi(8)).\n");
		return 0;
	}
	return share_light(argc - 1, argv + 1);
}
