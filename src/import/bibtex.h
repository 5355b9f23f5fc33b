/*
 * bibtex.h: a BibTeX library merged into the publications
 * (perfil-fcgi --content DIR --add-bibtex FILE, --init DIR
 * --from-bibtex FILE; docs/resume.md, "BibTeX").
 *
 * bibtex_merge reads FILE with libbtparse (@string, # concatenation,
 * the month macros, @comment, @preamble, crossref; names in every
 * BibTeX form) within the bounds below, and merges its entries into
 * pubs, a JSON array of publications as content/publications.json
 * holds them: an entry matches a publication by DOI, else by BibTeX
 * key, else by normalised title and year; a match gets the entry's
 * structured fields (kind, authors, venue, volume, issue, pages, DOI,
 * key) and keeps its texts; any other entry is a new publication, its
 * title in every language of langs.  The author whose name is the
 * profile's is marked as the owner.  The report gets one line per
 * entry added, updated or skipped and a count of each.
 *
 * A library that is not well-formed (a syntax error, an undefined
 * macro, a key given twice, bytes that are not UTF-8 text, braces
 * nested deeper than BIBTEX_MAX_DEPTH, more than BIBTEX_MAX_BYTES or
 * BIBTEX_MAX_ENTRIES) is refused whole: err says "FILE:LINE: reason"
 * and pubs is unchanged.
 *
 * bibtex_merge_buffer is bibtex_merge of the library's bytes data (len
 * bytes, the caller's), named file in the messages (the fuzz target's
 * way in, tests/fuzz/fuzz_bibtex.c).
 *
 * bibtex_tex_to_utf8 (bibtex_tex.c) is the LaTeX of a value as
 * Unicode text; bibtex_fold a text folded for matching (marks and
 * punctuation dropped, lower case).
 *
 * Ownership: pubs stays the caller's; what the merge adds to it is
 * pubs's.  The report is the caller's buffer.
 */
#ifndef PERFIL_BIBTEX_H
#define PERFIL_BIBTEX_H

#include <cjson/cJSON.h>

#include "base/util.h"
#include "http/request.h"

#define BIBTEX_MAX_BYTES	(4 * 1024 * 1024)
#define BIBTEX_MAX_ENTRIES	5000
#define BIBTEX_MAX_DEPTH	32

struct bibtex_counts {
	int	 added, updated, unchanged, skipped;
};

int	 bibtex_merge(const char *file, const struct langs *,
	    const cJSON *profile, cJSON *pubs, struct bibtex_counts *,
	    struct buf *report, char *err, size_t errlen);
int	 bibtex_merge_buffer(const char *file, const char *data,
	    size_t len, const struct langs *, const cJSON *profile,
	    cJSON *pubs, struct bibtex_counts *, struct buf *report,
	    char *err, size_t errlen);
int	 bibtex_tex_to_utf8(const char *, struct buf *);
void	 bibtex_fold(const char *, char *out, size_t len);

#endif /* PERFIL_BIBTEX_H */
