/*
 * csv.c: an RFC 4180 reader for the LinkedIn archive's files (csv.h).
 * One pass over the bytes, each copied at most once; the limits bound
 * the rows and cells, the input's length everything else.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/csv.h"
#include "base/util.h"

struct cells {
	char	**cell;
	size_t	 n, cap;
};

static int
push_cell(struct cells *c, const char *s, size_t n)
{
	char	**p, *v;
	size_t	 cap;

	if (c->n == c->cap) {
		cap = c->cap ? c->cap * 2 : 8;
		if ((p = realloc(c->cell, cap * sizeof(*p))) == NULL)
			return -1;
		c->cell = p;
		c->cap = cap;
	}
	if ((v = malloc(n + 1)) == NULL)
		return -1;
	memcpy(v, s, n);
	v[n] = '\0';
	c->cell[c->n++] = v;
	return 0;
}

static void
free_cells(char **cell, size_t n)
{
	size_t	 i;

	for (i = 0; i < n; i++)
		free(cell[i]);
	free(cell);
}

void
csv_free(struct csv *t)
{
	size_t	 i;

	for (i = 0; i < t->n; i++)
		free_cells(t->row[i].cell, t->row[i].n);
	free(t->row);
	t->row = NULL;
	t->n = 0;
}

static int
push_row(struct csv *t, size_t *cap, struct cells *c, size_t line)
{
	struct csv_row *p;
	size_t	 ncap;

	if (t->n == *cap) {
		ncap = *cap ? *cap * 2 : 16;
		if ((p = realloc(t->row, ncap * sizeof(*p))) == NULL)
			return -1;
		t->row = p;
		*cap = ncap;
	}
	t->row[t->n].cell = c->cell;
	t->row[t->n].n = c->n;
	t->row[t->n].line = line;
	t->n++;
	memset(c, 0, sizeof(*c));
	return 0;
}

int
csv_parse(const char *data, size_t len, struct csv *t, size_t max_rows,
    size_t max_cells, char *err, size_t errlen)
{
	struct cells c = { NULL, 0, 0 };
	char	*field = NULL;
	const char *nl;
	size_t	 i = 0, fn = 0, cap = 0, line = 1, start = 1, eol;
	int	 quoted, end;

	memset(t, 0, sizeof(*t));
	/* Text: UTF-8 without a NUL (a cell would end at it), line by
	 * line (no UTF-8 sequence holds a line feed). */
	for (i = 0; i < len; i = eol + 1, line++) {
		nl = memchr(data + i, '\n', len - i);
		eol = nl != NULL ? (size_t)(nl - data) : len;
		if (memchr(data + i, '\0', eol - i) != NULL) {
			snprintf(err, errlen, "line %zu: a NUL byte: not "
			    "text", line);
			return -1;
		}
		if (!utf8_valid(data + i, eol - i)) {
			snprintf(err, errlen, "line %zu: not UTF-8 text "
			    "(LinkedIn writes its files in UTF-8)", line);
			return -1;
		}
	}
	i = 0;
	line = 1;
	if (len >= 3 && memcmp(data, "\xef\xbb\xbf", 3) == 0)
		i = 3;
	if ((field = malloc(len + 1)) == NULL)
		goto oom;
	/* An empty line is no record, before the first one as well. */
	while (i < len && (data[i] == '\n' || data[i] == '\r'))
		if (data[i++] == '\n')
			line++;
	start = line;
	while (i < len) {
		/* One field, from data[i]. */
		fn = 0;
		quoted = data[i] == '"';
		if (quoted) {
			i++;
			for (;;) {
				if (i >= len) {
					snprintf(err, errlen, "line %zu: a "
					    "quoted field is not closed",
					    start);
					goto fail;
				}
				if (data[i] == '"') {
					if (i + 1 < len && data[i + 1] == '"') {
						field[fn++] = '"';
						i += 2;
						continue;
					}
					i++;
					break;
				}
				if (data[i] == '\n')
					line++;
				field[fn++] = data[i++];
			}
			if (i < len && data[i] != ',' && data[i] != '\n' &&
			    data[i] != '\r') {
				snprintf(err, errlen, "line %zu: text after a "
				    "quoted field's closing quote", line);
				goto fail;
			}
		} else
			while (i < len && data[i] != ',' && data[i] != '\n' &&
			    data[i] != '\r') {
				/* Quotes only in quoted fields (RFC 4180). */
				if (data[i] == '"') {
					snprintf(err, errlen, "line %zu: a "
					    "quote inside a field that does "
					    "not start with one", line);
					goto fail;
				}
				field[fn++] = data[i++];
			}
		if (c.n == max_cells) {
			snprintf(err, errlen, "line %zu: more than %zu fields",
			    line, max_cells);
			goto fail;
		}
		if (push_cell(&c, field, fn) == -1)
			goto oom;
		/* What ends it: a comma, a record's end, the input's. */
		end = 1;
		if (i < len && data[i] == ',') {
			i++;
			/* At the input's end, the empty field after it. */
			if ((end = i == len) && c.n == max_cells) {
				snprintf(err, errlen, "line %zu: more than "
				    "%zu fields", line, max_cells);
				goto fail;
			}
			if (end && push_cell(&c, "", 0) == -1)
				goto oom;
		} else if (i < len && data[i] == '\r') {
			i++;
			if (i < len && data[i] == '\n')
				i++;
		} else if (i < len)
			i++;
		if (!end)
			continue;
		if (t->n == max_rows) {
			snprintf(err, errlen, "line %zu: more than %zu "
			    "records", line, max_rows);
			goto fail;
		}
		if (push_row(t, &cap, &c, start) == -1)
			goto oom;
		start = ++line;
		/* An empty line is no record. */
		while (i < len && (data[i] == '\n' || data[i] == '\r')) {
			if (data[i] == '\n')
				start = ++line;
			i++;
		}
		start = line;
	}
	free(field);
	return 0;
oom:
	snprintf(err, errlen, "out of memory");
fail:
	free(field);
	free_cells(c.cell, c.n);
	csv_free(t);
	return -1;
}
