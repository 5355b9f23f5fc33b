/*
 * csv.h: a careful RFC 4180 reader (csv.c).  Fields are separated by
 * commas, records by CRLF or LF; a field in double quotes may hold
 * commas, line breaks and doubled quotes, and only such a field may hold
 * a quote.  An empty line is no record.  A byte-order mark at the start
 * is skipped; the text must be UTF-8 without a NUL byte.  Bounded: at
 * most max_rows records of at most max_cells fields each (the caller's
 * limits).
 *
 * Ownership: csv_parse fills the caller's struct csv, which csv_free
 * frees (each cell is a NUL-terminated copy).
 */
#ifndef PERFIL_CSV_H
#define PERFIL_CSV_H

#include <stddef.h>

struct csv_row {
	char	**cell;
	size_t	 n;
	size_t	 line;		/* the line it starts on, from 1 */
};

struct csv {
	struct csv_row *row;
	size_t	 n;
};

/* 0, or -1 with "line N: reason" in err (and nothing to free). */
int	 csv_parse(const char *data, size_t len, struct csv *,
	    size_t max_rows, size_t max_cells, char *err, size_t errlen);
void	 csv_free(struct csv *);

#endif /* PERFIL_CSV_H */
