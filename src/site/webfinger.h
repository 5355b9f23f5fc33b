/*
 * webfinger.h: /.well-known/webfinger (RFC 7033), the owner's acct:
 * account when site.json names one ("webfinger", identity.h).
 *
 * Ownership: the answer is written into the request's response.
 */
#ifndef PERFIL_WEBFINGER_H
#define PERFIL_WEBFINGER_H

#include "core/ctx.h"

void	 webfinger_serve(struct ctx *);	/* RH_WEBFINGER */

#endif /* PERFIL_WEBFINGER_H */
