/*
 * errors_list.h: the API's error codes, on the lowest floor so that the
 * schemas (schemas.c) and the envelope (errors.c) read one list.
 *
 * Ownership: constants only.
 */
#ifndef PERFIL_ERRORS_LIST_H
#define PERFIL_ERRORS_LIST_H

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

#endif /* PERFIL_ERRORS_LIST_H */
