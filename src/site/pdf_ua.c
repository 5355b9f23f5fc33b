/*
 * pdf_ua.c: the catalog of a tagged PDF cairo wrote, completed for
 * PDF/UA-1 (ISO 14289-1).
 *
 * cairo (1.16, 1.18) writes the structure tree, the parent tree and
 * /MarkInfo of a tagged PDF, but not the catalog's /Lang,
 * /ViewerPreferences or /Metadata; pdf_ua_catalog appends an
 * incremental update (ISO 32000-1, 7.5.6) with a new revision of the
 * catalog that has them and the XMP metadata stream it points to, and
 * of each page: /Tabs /S, and its content stream with what cairo drew
 * outside every element marked as an artifact of its kind
 * (pdf_artifact.c), of each link annotation: /Contents, and of each
 * structure element the caller says is in another language: /Lang, or
 * describes: /Alt.
 * Plain bytes in a struct buf: no cairo here.
 */
#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <unicode/ustring.h>

#include "base/util.h"
#include "site/pdf_artifact.h"
#include "site/pdf_ua.h"

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

/* Returns 1 when lang is a language tag as BCP 47 spells one: letters,
 * digits and hyphens, 1 to 35 of them. */
static int
lang_ok(const char *lang)
{
	const char *c;

	for (c = lang; *c != '\0'; c++)
		if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
		    (*c >= '0' && *c <= '9') || *c == '-'))
			return 0;
	return c > lang && c - lang <= 35;
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

/* Records in *up that object num starts at off.  Returns 0, or -1. */
static int
upd_add(struct upd **up, size_t *nup, size_t num, size_t off)
{
	struct upd *u;

	if ((u = reallocarray(*up, *nup + 1, sizeof(*u))) == NULL)
		return -1;
	*up = u;
	u[*nup].num = num;
	u[(*nup)++].off = off;
	return 0;
}

/* The cross-reference table cairo wrote: its first object, its count,
 * where its first row is, and the end of the bytes it indexes. */
struct xref {
	size_t	 first, count, rows, end;
};

/* The offset of object num that x lists as in use, or 0. */
static size_t
xref_at(const struct buf *out, const struct xref *x, size_t num)
{
	const char *row;

	if (num < x->first || num - x->first >= x->count)
		return 0;
	row = out->data + x->rows + (num - x->first) * 20;
	return row[17] == 'n' ? strtoul(row, NULL, 10) : 0;
}

/*
 * Appends to out a new revision of the content stream of the page at
 * offset at, its painting outside marked content made artifacts
 * (pdf_artifact.c), recorded in *up.  A stream it does not know (not
 * one Flate-encoded stream with its /Length) is left as it is.
 * Returns 0, or -1 out of memory.
 */
static int
pdf_page_content(struct buf *out, const struct xref *x, size_t at,
    const struct pdf_artifact_kinds *k, struct upd **up, size_t *nup)
{
	const char *d = out->data, *o, *e, *c;
	unsigned char *z;
	size_t	 num, lnum, len, data, start, lenat;
	char	 num10[16];
	int	 rc;

	if ((e = memmem(d + at, x->end - at, "endobj", 6)) == NULL ||
	    (c = memmem(d + at, (size_t)(e - d) - at, "/Contents ",
	    10)) == NULL || sscanf(c, "/Contents %zu 0 R", &num) != 1 ||
	    (at = xref_at(out, x, num)) == 0 || at >= x->end ||
	    (e = memmem(d + at, x->end - at, "stream", 6)) == NULL ||
	    memmem(d + at, (size_t)(e - d) - at, "/FlateDecode", 12) ==
	    NULL || memmem(d + at, (size_t)(e - d) - at, "/DecodeParms",
	    12) != NULL || (o = memmem(d + at, (size_t)(e - d) - at,
	    "/Length ", 8)) == NULL)
		return 0;
	if (sscanf(o, "/Length %zu 0 R", &lnum) == 1) {
		if ((at = xref_at(out, x, lnum)) == 0 || at >= x->end ||
		    sscanf(d + at, "%*u %*u obj %zu", &len) != 1)
			return 0;
	} else if (sscanf(o, "/Length %zu", &len) != 1)
		return 0;
	if ((data = (size_t)(e - d) + 6) + 2 > x->end)
		return 0;
	data += d[data] == '\r';
	if (d[data++] != '\n' || len > x->end - data)
		return 0;
	if ((z = malloc(len ? len : 1)) == NULL)	/* out's bytes move */
		return -1;
	memcpy(z, d + data, len);
	start = out->len;
	buf_printf(out, "%zu 0 obj\n<< /Length ", num);
	lenat = out->len;
	buf_puts(out, "0000000000 /Filter /FlateDecode >>\nstream\n");
	data = out->len;
	rc = out->oom ? -1 : pdf_artifact_flate(z, len, k, out);
	free(z);
	if (rc != 0) {
		out->len = start;
		return rc == -1 ? -1 : 0;
	}
	snprintf(num10, sizeof(num10), "%010zu", out->len - data);
	memcpy(out->data + lenat, num10, 10);
	buf_puts(out, "\nendstream\nendobj\n");
	if (upd_add(up, nup, num, start) == -1)
		return -1;
	return out->oom ? -1 : 0;
}

/*
 * Appends to out a new revision of object num (at offset at, "N 0
 * obj\n<< ... >>\nendobj") with the entries keys added, recorded in
 * *up.  Returns 0, 1 for an object it cannot read or that has the
 * key of keys already (its first word), or -1.
 */
static int
pdf_obj_add(struct buf *out, const struct xref *x, size_t num, size_t at,
    const char *keys, struct upd **up, size_t *nup)
{
	const char *o = out->data + at, *e;
	char	*dict;
	size_t	 kl = strcspn(keys + 1, " ") + 1;

	if ((e = memmem(o, x->end - at, "endobj", 6)) == NULL ||
	    (e = rfind(o, (size_t)(e - o), ">>")) == NULL ||
	    (o = memmem(o, (size_t)(e - o), "<<", 2)) == NULL ||
	    memmem(o, (size_t)(e - o), keys, kl) != NULL)
		return 1;
	if ((dict = strndup(o, (size_t)(e - o))) == NULL ||
	    upd_add(up, nup, num, out->len) == -1) {
		free(dict);
		return -1;
	}
	buf_printf(out, "%zu 0 obj\n%s\n   %s\n>>\nendobj\n", num, dict, keys);
	free(dict);
	return out->oom ? -1 : 0;
}

/*
 * Appends to out a new revision of the link annotation num (at offset
 * at) with /Contents, its alternate description (ISO 14289-1, 7.18.5),
 * which cairo does not write: its URI (the link's words are the
 * content of its Link element).  Returns 0 (also for an annotation
 * without a URI, left as it is), 1, or -1.
 */
static int
pdf_link_contents(struct buf *out, const struct xref *x, size_t num,
    size_t at, struct upd **up, size_t *nup)
{
	const char *d = out->data, *e, *u;
	struct buf k;
	size_t	 i;
	int	 depth = 0, rc;

	if ((e = memmem(d + at, x->end - at, "endobj", 6)) == NULL ||
	    (u = memmem(d + at, (size_t)(e - d) - at, "/URI (", 6)) == NULL)
		return 0;
	u += 5;		/* the literal string, as cairo escaped it */
	for (i = 0; u + i < e; i++)
		if (u[i] == '\\')
			i++;
		else if (u[i] == '(')
			depth++;
		else if (u[i] == ')' && --depth == 0)
			break;
	if (u + i >= e)
		return 0;
	buf_init(&k);
	buf_puts(&k, "/Contents ");
	buf_append(&k, u, i + 1);
	rc = k.oom || buf_cstr(&k) == NULL ? -1 :
	    pdf_obj_add(out, x, num, at, k.data, up, nup);
	buf_free(&k);
	return rc;
}

/*
 * Appends to out a new revision of the page object num (at offset at)
 * with /Tabs /S: the tab order of its annotations is the structure's
 * (ISO 14289-1, 7.18.3), which cairo does not write; and one of its
 * content stream (pdf_page_content, its artifacts typed by k); each
 * recorded in *up.  Returns 0, 1 for an object it cannot read, or -1.
 */
static int
pdf_page_fix(struct buf *out, const struct xref *x, size_t num, size_t at,
    const struct pdf_artifact_kinds *k, struct upd **up, size_t *nup)
{
	int	 rc;

	if ((rc = pdf_obj_add(out, x, num, at, "/Tabs /S", up, nup)) != 0)
		return rc;
	return pdf_page_content(out, x, at, k, up, nup);
}

/* The start of a structure element as cairo writes it, its role next. */
static const char struct_elem[] = "\n<< /Type /StructElem\n   /S /";

/*
 * Appends to b text as a PDF text string (ISO 32000-1, 7.9.2.2): UTF-16BE
 * with its byte order mark, in hexadecimal, which needs no escaping.
 * Returns 0, or 1 for text that is not UTF-8 or too long.
 */
static int
pdf_text_string(struct buf *b, const char *text)
{
	UChar	 u[PDF_UA_ALT_MAX];
	UErrorCode err = U_ZERO_ERROR;
	int32_t	 n, i;

	if (strlen(text) > PDF_UA_ALT_MAX)
		return 1;
	u_strFromUTF8(u, PDF_UA_ALT_MAX, &n, text, -1, &err);
	if (U_FAILURE(err) || n > PDF_UA_ALT_MAX)
		return 1;
	buf_puts(b, "<FEFF");
	for (i = 0; i < n; i++)
		buf_printf(b, "%04X", (unsigned)u[i]);
	buf_putc(b, '>');
	return 0;
}

/*
 * Appends to out a new revision of each structure element m->attrs
 * names with its /Lang (ISO 32000-1, 14.9.2; ISO 14289-1, 7.2) and its
 * /Alt (14.9.3; ISO 14289-1, 7.3), which cairo ignores on a tag,
 * recorded in *up.  The elements are the ns of se (number and offset,
 * in the order of their numbers, which is the order cairo was asked
 * to open them: it numbers the tree depth first, as it was built); an
 * entry's index is that order.  None is written when the elements are
 * not those the caller opened: another count, an entry of another role
 * or an index beyond them, a language that is no tag, a description
 * that is not UTF-8.  Returns 0, or -1 out of memory.
 */
static int
pdf_struct_attrs(struct buf *out, const struct xref *x, const struct upd *se,
    size_t ns, const struct pdf_ua_meta *m, struct upd **up, size_t *nup)
{
	const struct pdf_ua_attr *e;
	const char *r;
	char	 head[32];
	struct buf key;
	size_t	 i, rl;
	int	 k, rc = 0;

	if (m->nattrs == 0 || ns != m->nelems)
		return 0;
	buf_init(&key);
	for (i = 0; i < m->nattrs; i++) {
		e = &m->attrs[i];
		if (e->index >= ns || (e->lang != NULL && !lang_ok(e->lang)) ||
		    (i > 0 && e->index <= m->attrs[i - 1].index) ||
		    (e->alt != NULL && pdf_text_string(&key, e->alt) != 0))
			goto out;
		k = snprintf(head, sizeof(head), "%zu 0 obj",
		    se[e->index].num);
		r = out->data + se[e->index].off + k + sizeof(struct_elem) - 1;
		rl = strlen(e->role);
		if (r + rl >= out->data + x->end || memcmp(r, e->role, rl) !=
		    0 || r[rl] != '\n')
			goto out;
	}
	for (i = 0; i < m->nattrs && rc == 0; i++) {
		e = &m->attrs[i];
		key.len = 0;
		if (e->lang != NULL)
			buf_printf(&key, "/Lang (%s)%s", e->lang,
			    e->alt != NULL ? " " : "");
		if (e->alt != NULL) {
			buf_puts(&key, "/Alt ");
			pdf_text_string(&key, e->alt);
		}
		if (key.len == 0)
			continue;
		rc = key.oom || buf_cstr(&key) == NULL ? -1 :
		    pdf_obj_add(out, x, se[e->index].num, se[e->index].off,
		    key.data, up, nup) == -1 ? -1 : 0;
	}
out:
	buf_free(&key);
	return rc == 0 && out->oom ? -1 : rc;
}

/*
 * Appends to out, for each object the cross-reference table at xref
 * (in out's first end bytes) lists as in use: where no such object
 * starts, "N 0 obj null endobj" (cairo 1.16 lists the structure
 * element of a link annotation drawn outside every structure element,
 * reserved and never written, and qpdf --check calls the file
 * damaged); for a page, its revisions (pdf_page_fix, its artifacts
 * typed as m says); for a link annotation, its revision with
 * /Contents; for a structure element m
 * gives a language or a description, its revision with them
 * (pdf_struct_attrs); each
 * recorded in *up.  Returns 0, 1 for a table it cannot read, or -1 out
 * of memory.
 */
static int
pdf_objects_fix(struct buf *out, size_t end, size_t xref,
    const struct pdf_ua_meta *m, struct upd **up, size_t *nup)
{
	static const char page[] = "\n<< /Type /Page";
	static const char link[] = "\n<< /Type /Annot\n   /Subtype /Link\n";
	struct upd *se = NULL;
	struct xref x;
	char	 head[32];
	const char *row, *o;
	size_t	 i, at, ns = 0, pl = sizeof(page) - 1;
	int	 k, rc = -1;

	if (xref >= end || sscanf(out->data + xref, "xref %zu %zu", &x.first,
	    &x.count) != 2 || (row = memchr(out->data + xref, '\n',
	    end - xref)) == NULL || (row = memchr(row + 1, '\n',
	    end - (size_t)(row + 1 - out->data))) == NULL)
		return 1;
	x.rows = (size_t)(row + 1 - out->data);	/* the first row */
	x.end = end;
	if (x.count > (end - x.rows) / 20)
		return 1;
	for (i = 0; i < x.count; i++) {
		if ((at = xref_at(out, &x, x.first + i)) == 0)
			continue;
		k = snprintf(head, sizeof(head), "%zu 0 obj", x.first + i);
		o = out->data + at + k;
		if (at + (size_t)k > end || memcmp(out->data + at, head,
		    (size_t)k) != 0) {
			if ((rc = upd_add(up, nup, x.first + i, out->len)) ==
			    -1)
				goto out;
			buf_printf(out, "%zu 0 obj\nnull\nendobj\n",
			    x.first + i);
			continue;
		}
		if (at + (size_t)k + pl < end && memcmp(o, page, pl) == 0 &&
		    o[pl] != 's' && (rc = pdf_page_fix(out, &x, x.first + i,
		    at, m->artifacts, up, nup)) != 0)
			goto out;
		o = out->data + at + k;		/* out's bytes move */
		if (at + (size_t)k + sizeof(link) - 1 < end && memcmp(o, link,
		    sizeof(link) - 1) == 0 && (rc = pdf_link_contents(out, &x,
		    x.first + i, at, up, nup)) != 0)
			goto out;
		o = out->data + at + k;
		if (at + (size_t)k + sizeof(struct_elem) - 1 < end &&
		    memcmp(o, struct_elem, sizeof(struct_elem) - 1) == 0 &&
		    upd_add(&se, &ns, x.first + i, at) == -1) {
			rc = -1;
			goto out;
		}
	}
	rc = pdf_struct_attrs(out, &x, se, ns, m, up, nup);
out:
	free(se);
	return rc == 0 && out->oom ? -1 : rc;
}

/*
 * Appends to out the XMP packet of meta (ISO 16684-1): the PDF/UA
 * identification (ISO 14289-1, 5: pdfuaid:part 1), dc:title,
 * dc:creator, dc:description, dc:relation (the plain-text CV, for a
 * reader that wants the text) and dc:language, and the creator tool,
 * each as the document information dictionary says it.
 */
static void
xmp_packet(struct buf *out, const struct pdf_ua_meta *m)
{
	buf_puts(out, "<?xpacket begin=\"\xef\xbb\xbf\" "
	    "id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
	    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
	    "<rdf:RDF xmlns:rdf="
	    "\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
	    "<rdf:Description rdf:about=\"\"\n"
	    " xmlns:dc=\"http://purl.org/dc/elements/1.1/\"\n"
	    " xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"\n"
	    " xmlns:pdfuaid=\"http://www.aiim.org/pdfua/ns/id/\">\n"
	    "<pdfuaid:part>1</pdfuaid:part>\n"
	    "<dc:title><rdf:Alt><rdf:li xml:lang=\"x-default\">");
	buf_markup_text(out, m->title);
	buf_puts(out, "</rdf:li></rdf:Alt></dc:title>\n"
	    "<dc:creator><rdf:Seq><rdf:li>");
	buf_markup_text(out, m->author);
	buf_puts(out, "</rdf:li></rdf:Seq></dc:creator>\n");
	if (*m->subject != '\0') {
		buf_puts(out, "<dc:description><rdf:Alt>"
		    "<rdf:li xml:lang=\"x-default\">");
		buf_markup_text(out, m->subject);
		buf_puts(out, "</rdf:li></rdf:Alt></dc:description>\n");
	}
	if (m->relation != NULL) {
		buf_puts(out, "<dc:relation><rdf:Bag><rdf:li>");
		buf_markup_text(out, m->relation);
		buf_puts(out, "</rdf:li></rdf:Bag></dc:relation>\n");
	}
	buf_puts(out, "<dc:language><rdf:Bag><rdf:li>");
	buf_markup_text(out, m->lang);
	buf_puts(out, "</rdf:li></rdf:Bag></dc:language>\n<xmp:CreatorTool>");
	buf_markup_text(out, m->creator);
	buf_puts(out, "</xmp:CreatorTool>\n</rdf:Description>\n</rdf:RDF>\n"
	    "</x:xmpmeta>\n<?xpacket end=\"r\"?>");
}

/*
 * Completes the catalog of the PDF in out (cairo's, with a classic
 * cross-reference table): appends an incremental update (ISO 32000-1,
 * 7.5.6) with the objects pdf_objects_fix writes (the pages with
 * /Tabs /S and their artifacts typed as m says, the structure elements
 * m gives a language), the XMP metadata stream of m (a new object,
 * numbered /Size), a new revision of the
 * catalog that adds /Lang, /ViewerPreferences << /DisplayDocTitle true
 * >> and /Metadata (and /MarkInfo when cairo did not write it, /Version
 * /1.7 when it has none), a
 * cross-reference section for them and a trailer pointing back (/Prev)
 * at the first, its /Size one more.  Returns 0, 1 when the file is not
 * one it knows how to update (a catalog that has one of those keys
 * already, a trailer without /Size; left as it is), or -1 out of
 * memory (out cut back to its length on entry).
 */
int
pdf_ua_catalog(struct buf *out, const struct pdf_ua_meta *m)
{
	const char *d = out->data, *t, *sx, *o, *oe, *c, *ce, *sz;
	char	 head[32], *cat = NULL, *tr = NULL;
	struct upd *up = NULL;
	size_t	 n = out->len, nup = 0, prev, xref, i, size, xmp, len;
	int	 root, gen, k, rc = 1;

	if (!lang_ok(m->lang))
		return 1;
	/* The trailer: its dictionary and the table's offset. */
	if (n == 0 || (t = rfind(d, n, "trailer")) == NULL ||
	    (sx = rfind(d, n, "startxref")) == NULL || sx < t ||
	    sscanf(sx, "startxref %zu", &prev) != 1 ||
	    (c = strstr(t, "<<")) == NULL || c > sx ||
	    (ce = rfind(c, (size_t)(sx - c), ">>")) == NULL ||
	    (o = strstr(c, "/Root")) == NULL || o > ce ||
	    sscanf(o, "/Root %d %d R", &root, &gen) != 2 ||
	    (sz = strstr(c, "/Size")) == NULL || sz > ce ||
	    sscanf(sz, "/Size %zu", &size) != 1 ||
	    ((o = strstr(c, "/Prev")) != NULL && o < ce))
		return 1;
	/* The catalog: "ROOT GEN obj\n<< ... >>\nendobj" (memmem: the
	 * streams before it hold NUL bytes). */
	k = snprintf(head, sizeof(head), "\n%d %d obj", root, gen);
	if ((o = memmem(d, n, head, (size_t)k)) == NULL ||
	    (o = strstr(o + k, "<<")) == NULL ||
	    (oe = strstr(o, "endobj")) == NULL ||
	    (oe = rfind(o, (size_t)(oe - o), ">>")) == NULL ||
	    memmem(o, (size_t)(oe - o), "/Lang", 5) != NULL ||
	    memmem(o, (size_t)(oe - o), "/ViewerPreferences", 18) != NULL ||
	    memmem(o, (size_t)(oe - o), "/Metadata", 9) != NULL)
		return 1;
	/* Copies: out's bytes move as it grows.  The trailer's without
	 * its /Size, written anew. */
	sz += strlen("/Size");
	sz += strspn(sz, " \t\r\n");
	sz += strspn(sz, "0123456789");
	if ((cat = strndup(o, (size_t)(oe - o))) == NULL ||
	    (tr = malloc((size_t)(ce - c) + 1)) == NULL) {
		rc = -1;
		goto out;
	}
	len = (size_t)(strstr(c, "/Size") - c);
	memcpy(tr, c, len);
	memcpy(tr + len, sz, (size_t)(ce - sz));
	tr[len + (size_t)(ce - sz)] = '\0';
	if (d[n - 1] != '\n')
		buf_putc(out, '\n');
	if ((rc = pdf_objects_fix(out, n, prev, m, &up, &nup)) != 0)
		goto out;
	rc = -1;
	/* The XMP metadata stream, uncompressed (ISO 32000-1, 14.3.2). */
	if (upd_add(&up, &nup, size, out->len) == -1)
		goto out;
	buf_printf(out, "%zu 0 obj\n<< /Type /Metadata /Subtype /XML "
	    "/Length ", size);
	xmp = out->len;
	buf_puts(out, "0000000000 >>\nstream\n");
	len = out->len;
	xmp_packet(out, m);
	if (out->oom)
		goto out;
	k = snprintf(head, sizeof(head), "%010zu", out->len - len);
	memcpy(out->data + xmp, head, (size_t)k);
	buf_puts(out, "\nendstream\nendobj\n");
	if (upd_add(&up, &nup, (size_t)root, out->len) == -1)
		goto out;
	/* /Version: an artifact's /Subtype is PDF 1.7's (ISO 32000-1),
	 * cairo's header says 1.5 */
	buf_printf(out, "%d %d obj\n%s /Lang (%s)\n"
	    "   /ViewerPreferences << /DisplayDocTitle true >>\n"
	    "   /Metadata %zu 0 R\n%s%s>>\nendobj\n", root, gen, cat, m->lang,
	    size, strstr(cat, "/MarkInfo") == NULL ?
	    "   /MarkInfo << /Marked true >>\n" : "",
	    strstr(cat, "/Version") == NULL ? "   /Version /1.7\n" : "");
	qsort(up, nup, sizeof(*up), upd_cmp);
	xref = out->len;
	buf_puts(out, "xref\n");
	for (i = 0; i < nup; i++)
		buf_printf(out, "%zu 1\n%010zu %05d n \n", up[i].num,
		    up[i].off, up[i].num == (size_t)root ? gen : 0);
	buf_printf(out, "trailer\n%s /Size %zu /Prev %zu\n>>\nstartxref\n"
	    "%zu\n%%%%EOF\n", tr, size + 1, prev, xref);
	rc = out->oom ? -1 : 0;
out:
	if (rc != 0 && out->len > n)	/* nothing half written */
		out->len = n;
	free(up);
	free(cat);
	free(tr);
	return rc;
}
