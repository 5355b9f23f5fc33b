/*
 * settings_int.h: what the two files of the settings share: settings.c
 * expands site.json's members (SITE_SETTINGS, settings.h), checks the
 * file with the content's validator, reads and frees the members by
 * their store; settings_read.c reads the members whose shape no field
 * kind says.
 * Not for other modules: they read settings.h.
 */
#ifndef PERFIL_SETTINGS_INT_H
#define PERFIL_SETTINGS_INT_H

#include "content/settings.h"

int	 settings_fail(char *err, size_t errlen, const char *fmt, ...)
	    __attribute__((format(printf, 3, 4)));
int	 settings_plain(const cJSON *);
char	*settings_dup(const cJSON *);
int	 settings_text(const cJSON *, const char *what, const struct langs *,
	    char *out[LANG__MAX], char *err, size_t errlen);

/* The readers and drops of settings_read.c (SITE_SETTINGS' read and
 * drop columns). */
int	 settings_read_pages(const cJSON *, struct settings *, char *err,
	    size_t errlen);
int	 settings_read_signals(const cJSON *, struct settings *, char *err,
	    size_t errlen);
int	 settings_read_security(const cJSON *, struct settings *, char *err,
	    size_t errlen);
void	 settings_drop_pages(struct settings *);
void	 settings_drop_security(struct settings *);

#endif /* PERFIL_SETTINGS_INT_H */
