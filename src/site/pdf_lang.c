/*
 * pdf_lang.c: the document language of a PDF cairo wrote.
 *
 * cairo (1.16, 1.18) cannot write the catalog's /Lang; pdf_lang_set
 * appends an incremental update that replaces the catalog (ISO
 * 32000-1, 7.5.6).  Plain bytes in a struct buf: no cairo here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/util.h"
#include "site/pdf_lang.h"

/* The last occurrence of s in the n bytes at b, or NULL. */
static const char *
rfind(const char *b, size_t n, const char *s)
{
	size_t	 k = strlen(s);

	for (; n >= k; n--)
		if (memcmp(b + n - k, s, k) == 0)
			return b + n - k;
	return NULL;
}

/* An object the update writes: its number and where it starts. */
struct upd {
	size_t	 num, off;
};

static int
upd_cmp(const void *a, const void *b)
{
	const struct upd *x = a, *y = b;

	return x->num < y->num ? -1 : x->num > y->num;
}

/*
 * Appends to out, for each object the cross-reference table at xref
 * (in out's first end bytes) lists as in use where no such object
 * starts, "N 0 obj null endobj", recorded in *up: cairo 1.16 lists the
 * structure element of each link annotation, reserved and never
 * written, and qpdf --check calls the file damaged.  Returns 0, 1 for
 * a table it cannot read, or -1 out of memory.
 */
static int
pdf_null_missing(struct buf *out, size_t end, size_t xref, struct upd **up,
    size_t *nup)
{
	struct upd *u;
	char	 head[32];
	const char *row;
	size_t	 first, count, i, off, at;
	int	 k;

	if (xref >= end || sscanf(out->data + xref, "xref %zu %zu", &first,
	    &count) != 2 || (row = memchr(out->data + xref, '\n',
	    end - xref)) == NULL || (row = memchr(row + 1, '\n',
	    end - (size_t)(row + 1 - out->data))) == NULL)
		return 1;
	off = (size_t)(row + 1 - out->data);	/* the first row */
	for (i = 0; i < count; i++, off += 20) {
		if (off + 20 > end)
			return 1;
		row = out->data + off;
		if (row[17] != 'n')
			continue;
		at = strtoul(row, NULL, 10);
		k = snprintf(head, sizeof(head), "%zu 0 obj", first + i);
		if (at + (size_t)k <= end && memcmp(out->data + at, head,
		    (size_t)k) == 0)
			continue;
		if ((u = reallocarray(*up, *nup + 1, sizeof(**up))) == NULL)
			return -1;
		*up = u;
		u[*nup].num = first + i;
		u[*nup].off = out->len;
		(*nup)++;
		buf_printf(out, "%zu 0 obj\nnull\nendobj\n", first + i);
	}
	return out->oom ? -1 : 0;
}

/*
 * Sets the document's language: appends to the PDF in out (cairo's,
 * with a classic cross-reference table) an incremental update (ISO
 * 32000-1, 7.5.6) with a new revision of the catalog that adds /Lang,
 * the objects pdf_null_missing writes, a cross-reference section for
 * them and a trailer pointing back (/Prev) at the first.  Returns 0,
 * 1 when the file is not one it knows how to update (left as it is),
 * or -1 out of memory.
 */
int
pdf_lang_set(struct buf *out, const char *lang)
{
	const char *d = out->data, *t, *sx, *o, *oe, *c, *ce;
	char	 head[32], *cat = NULL, *tr = NULL;
	struct upd *up = NULL, *u;
	size_t	 n = out->len, nup = 0, prev, xref, i;
	int	 root, gen, k, rc = 1;

	for (c = lang; *c != '\0'; c++)	/* a BCP 47 tag, as it is */
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '-'))
			return 1;
	/* The trailer: its dictionary and the table's offset. */
	if (n == 0 || (t = rfind(d, n, "trailer")) == NULL ||
	    (sx = rfind(d, n, "startxref")) == NULL || sx < t ||
	    sscanf(sx, "startxref %zu", &prev) != 1 ||
	    (c = strstr(t, "<<")) == NULL || c > sx ||
	    (ce = rfind(c, (size_t)(sx - c), ">>")) == NULL ||
	    (o = strstr(c, "/Root")) == NULL || o > ce ||
	    sscanf(o, "/Root %d %d R", &root, &gen) != 2 ||
	    ((o = strstr(c, "/Prev")) != NULL && o < ce))
		return 1;
	/* The catalog: "ROOT GEN obj\n<< ... >>\nendobj" (memmem: the
	 * streams before it hold NUL bytes). */
	k = snprintf(head, sizeof(head), "\n%d %d obj", root, gen);
	if ((o = memmem(d, n, head, (size_t)k)) == NULL ||
	    (o = strstr(o + k, "<<")) == NULL ||
	    (oe = strstr(o, "endobj")) == NULL ||
	    (oe = rfind(o, (size_t)(oe - o), ">>")) == NULL)
		return 1;
	/* Copies: out's bytes move as it grows. */
	if ((cat = strndup(o, (size_t)(oe - o))) == NULL ||
	    (tr = strndup(c, (size_t)(ce - c))) == NULL) {
		rc = -1;
		goto out;
	}
	if (d[n - 1] != '\n')
		buf_putc(out, '\n');
	if ((rc = pdf_null_missing(out, n, prev, &up, &nup)) != 0)
		goto out;
	if ((u = reallocarray(up, nup + 1, sizeof(*up))) == NULL) {
		rc = -1;
		goto out;
	}
	up = u;
	up[nup].num = (size_t)root;
	up[nup++].off = out->len;
	buf_printf(out, "%d %d obj\n%s /Lang (%s)\n>>\nendobj\n", root, gen,
	    cat, lang);
	qsort(up, nup, sizeof(*up), upd_cmp);
	xref = out->len;
	buf_puts(out, "xref\n");
	for (i = 0; i < nup; i++)
		buf_printf(out, "%zu 1\n%010zu %05d n \n", up[i].num,
		    up[i].off, up[i].num == (size_t)root ? gen : 0);
	buf_printf(out, "trailer\n%s /Prev %zu\n>>\nstartxref\n%zu\n"
	    "%%%%EOF\n", tr, prev, xref);
	rc = out->oom ? -1 : 0;
out:
	free(up);
	free(cat);
	free(tr);
	return rc;
}
