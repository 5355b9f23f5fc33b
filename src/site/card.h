/*
 * card.h: the owner's card at the top of the home page and the CV:
 * portrait beside name, job title, organization and place; a contact
 * line with inline SVG icons (hidden from assistive technology, the
 * text beside each one visible); the summary.  Its markup is the
 * owner's h-card (microformats2): p-name, u-photo, p-job-title, p-org,
 * p-locality, p-region, p-country-name, u-email, p-tel, u-url (the
 * site, then every profile, rel="me"), p-note.
 *
 * Ownership: card_html appends to a caller's struct buf.
 */
#ifndef PERFIL_CARD_H
#define PERFIL_CARD_H

#include "site/markdown.h"

struct cv_variant;
/* Which CV the card heads: the home page's and /cv's is the full CV's;
 * a variant's page (site.json's cv_variants) its own. */
struct card_cv {
	const struct cv_variant *variant;	/* NULL: the full CV */
	int	 pdf;			/* its PDF was made this load */
	int	 others;		/* link the listed variants (/cv) */
};

void	 card_html(const struct app *, const struct card_cv *, enum lang,
	    struct buf *);
void	 card_rel_me(const struct app *, const char *s, size_t n,
	    struct buf *);

#endif /* PERFIL_CARD_H */
