/*
 * timers.c: the test-only scale of the product's timers (timers.h).
 */
#include "config.h"

#include <errno.h>
#include <stdlib.h>

#include "server/timers.h"

static int timer_percent = 100;	/* set once, before any thread or fork */

/*
 * Reads PERFIL_TEST_TIMER_PERCENT: a whole number from 1 to 100 sets the
 * scale, anything else (unset, empty, out of range, trailing bytes)
 * leaves the shipped timers.
 */
void
timers_init(void)
{
	const char *s = getenv("PERFIL_TEST_TIMER_PERCENT");
	char	*end;
	long	 v;

	if (s == NULL || *s == '\0')
		return;
	errno = 0;
	v = strtol(s, &end, 10);
	if (errno != 0 || *end != '\0' || v < 1 || v > 100)
		return;
	timer_percent = (int)v;
}

/* Returns SHIPPED_MS scaled by the test percentage, at least 1 ms. */
long long
timer_ms(long long shipped_ms)
{
	long long ms = shipped_ms * timer_percent / 100;

	return ms > 0 ? ms : 1;
}
