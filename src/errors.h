/*
 * errors.h: the one JSON error envelope of the API,
 * {"error": {status, code, message, hint, documentation_url}}.
 */
#ifndef PERFIL_ERRORS_H
#define PERFIL_ERRORS_H

#include "ctx.h"

enum err_code {
	ERR_BAD_REQUEST,
	ERR_INVALID_PARAMETER,
	ERR_NOT_FOUND,
	ERR_METHOD_NOT_ALLOWED,
	ERR_INTERNAL,
	ERR__MAX
};

const char	*err_code_name(enum err_code);
int		 err_status(enum err_code);
void		 err_send(struct ctx *, enum err_code, const char *hint,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void		 err_send_status(struct ctx *, int, enum err_code,
		    const char *hint, const char *fmt, ...)
		    __attribute__((format(printf, 5, 6)));

#endif /* PERFIL_ERRORS_H */
