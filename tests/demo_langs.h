/*
 * demo_langs.h: the demo's languages for the unit tests.  The demo
 * names none in site.json, so it has langs_fallback: es (the default,
 * index 0) and en (index 1); and demo_labels(), their label sets,
 * loaded once, which content_load needs for the words around dates.
 */
#ifndef PERFIL_DEMO_LANGS_H
#define PERFIL_DEMO_LANGS_H

#include <stdio.h>
#include <stdlib.h>

#include "content/labels.h"

#define LANG_ES ((enum lang)0)
#define LANG_EN ((enum lang)1)

static const struct labels *
demo_labels(void)
{
	static struct labels lb;
	static int loaded;
	char	 err[512];

	if (!loaded) {
		if (labels_load(&lb, TEST_LABELS_DIR, &langs_fallback,
		    PRON_NONE, err, sizeof(err)) == -1) {
			fprintf(stderr, "demo_labels: %s\n", err);
			abort();
		}
		loaded = 1;
	}
	return &lb;
}

#endif /* PERFIL_DEMO_LANGS_H */
