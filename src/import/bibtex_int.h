/*
 * bibtex_int.h: what the BibTeX import's two files share: a library as
 * libbtparse read it (bibtex_read.c), which the merge (bibtex.c) reads.
 *
 * Ownership: bibtex_read fills a struct bibtex_lib; bibtex_lib_free
 * frees all it holds, the values bibtex_field returned included.
 */
#ifndef PERFIL_BIBTEX_INT_H
#define PERFIL_BIBTEX_INT_H

#include <btparse.h>

#include "import/bibtex.h"

/* One entry as read: its type, key, line and fields (values as
 * btparse gives them, macros expanded, LaTeX still in). */
struct bibtex_entry {
	char	 type[32];		/* lower case */
	char	*key;
	int	 line;
	AST	*ast;
};

struct bibtex_lib {
	const char *file;		/* named in every message */
	const char *data;		/* the library's bytes, or NULL:
					 * file's */
	size_t	 len;
	struct bibtex_entry *e;
	int	 n;
	char	*err;
	size_t	 errlen;
	char	**texts;		/* what bibtex_field returned
					 * (btparse's copies) */
	size_t	 ntexts, captexts;
	int	 bt;			/* btparse's tables are set up
					 * (bt_initialize): bt_cleanup */
};

/* The month macros' names, "jan" ... "dec". */
extern const char *const bibtex_months[12];

int	 bibtex_read(struct bibtex_lib *);
void	 bibtex_lib_free(struct bibtex_lib *);
char	*bibtex_field(struct bibtex_lib *, const struct bibtex_entry *,
	    const char *name);

#endif /* PERFIL_BIBTEX_INT_H */
