/*
 * vcard.h: the profile as a vCard 4.0 (RFC 6350, with RFC 9554's
 * SOCIALPROFILE and CC), per language, rendered by site_build.
 *
 * Ownership: vcard_build appends to the caller's struct buf.
 */
#ifndef PERFIL_VCARD_H
#define PERFIL_VCARD_H

#include "core/app.h"

#define TYPE_VCARD	"text/vcard; charset=utf-8"

void	 vcard_build(const struct app *, enum lang, const char *path,
	    struct buf *);

#endif /* PERFIL_VCARD_H */
