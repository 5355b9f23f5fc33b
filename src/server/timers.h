/*
 * timers.h: the product's timers (worker.h), scaled down for tests.
 *
 * The environment variable PERFIL_TEST_TIMER_PERCENT, a whole number from
 * 1 to 100 read once by timers_init, scales every timer of worker.h by
 * that percentage, keeping their order, so that a test of the watchdog,
 * of draining or of a slow client waits seconds instead of 10 to 15.
 * Unset or any other value leaves the shipped timers.  For tests only
 * (perfil-fcgi(8), ENVIRONMENT); it can shorten a timer, never lengthen one.
 */
#ifndef PERFIL_TIMERS_H
#define PERFIL_TIMERS_H

void		 timers_init(void);
long long	 timer_ms(long long shipped_ms);

#endif /* PERFIL_TIMERS_H */
