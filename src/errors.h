/*
 * errors.h: the one JSON error envelope of the API,
 * {"error": {status, code, message, hint, documentation_url}}.
 *
 * Ownership: err_send writes into the request's response (handler.h);
 * nothing here is the caller's to free.
 */
#ifndef PERFIL_ERRORS_H
#define PERFIL_ERRORS_H

#include "handler.h"

/*
 * The error codes, declared once in the style of jq's opcode_list.h:
 * X(enum name, code in the envelope, its HTTP status).  The codes are
 * part of the contract and never renamed.  The enum below, errors.c's
 * table and the enum of the OpenAPI Error schema (schemas.c) expand
 * it; the OpenAPI overview lists them from err_code_name.
 */
#define ERR_CODES(X)						\
	X(BAD_REQUEST,		"bad_request",		400)	\
	X(INVALID_PARAMETER,	"invalid_parameter",	400)	\
	X(NOT_FOUND,		"not_found",		404)	\
	X(METHOD_NOT_ALLOWED,	"method_not_allowed",	405)	\
	X(INTERNAL,		"internal_error",	500)

enum err_code {
#define X(e, name, status)	ERR_##e,
	ERR_CODES(X)
#undef X
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
