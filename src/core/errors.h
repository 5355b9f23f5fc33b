/*
 * errors.h: the one JSON error envelope of the API,
 * {"error": {status, code, message, hint, documentation_url}}.
 *
 * And the JSON-RPC 2.0 error envelope of /mcp (mcp.h),
 * {"jsonrpc": "2.0", "id", "error": {code, message, data}}.
 *
 * Ownership: err_send writes into the request's response (handler.h);
 * nothing here is the caller's to free.
 */
#ifndef PERFIL_ERRORS_H
#define PERFIL_ERRORS_H

#include "core/ctx.h"
#include "http/errors_list.h"

const char	*err_code_name(enum err_code);
int		 err_status(enum err_code);
void		 err_send(struct ctx *, enum err_code, const char *hint,
		    const char *fmt, ...) __attribute__((format(printf, 4, 5)));
void		 err_send_status(struct ctx *, int, enum err_code,
		    const char *hint, const char *fmt, ...)
		    __attribute__((format(printf, 5, 6)));
void		 err_rpc_body(struct buf *, const char *id, int code,
		    const char *data, const char *message);

#endif /* PERFIL_ERRORS_H */
