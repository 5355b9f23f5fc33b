/*
 * names.h: the order of a person's names in a language, as CLDR has it.
 *
 * CLDR's person-name data (ICU's "personNames/nameOrderLocales") lists
 * the languages that write the given name first and those that write
 * the family name first; a language it names in neither list may
 * write either.  The content check (content.c) asks whether a profile's
 * name is its given and family names in that order.
 *
 * Ownership: no state; ICU's resource bundles are opened and closed
 * within each call.
 */
#ifndef PERFIL_NAMES_H
#define PERFIL_NAMES_H

enum names_order {
	NAMES_EITHER,			/* CLDR cannot tell: both accepted */
	NAMES_GIVEN_FIRST,		/* "Misaki Sato" */
	NAMES_FAMILY_FIRST		/* "佐藤 美咲" */
};

enum names_order names_order(const char *lang);
int	 names_whole(const char *name, const char *given,
	    const char *family, enum names_order);
const char *names_order_text(enum names_order);

#endif /* PERFIL_NAMES_H */
