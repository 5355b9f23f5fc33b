/*
 * pdf_artifact.c: a page's unmarked painting marked as artifacts.
 *
 * cairo 1.16 writes the content of each tagged element as marked
 * content (/P << /MCID n >> BDC ... EMC) and what is drawn outside
 * every element (the CV's footer, the rules under its section names)
 * as plain content, which PDF/UA-1 forbids (ISO 14289-1, 7.1: content
 * is either real content in the structure or an artifact).  This file
 * reads a content stream as PDF tokens (ISO 32000-1, 7.2 and 8.2) and
 * wraps each painting operation at marked-content depth 0 (a text
 * object BT ... ET, a path from its first construction operator to its
 * painting one, an XObject or a shading) in /Artifact BMC ... EMC, or
 * with the caller's property list for a text object or a path
 * (/Artifact << /Type /Pagination /Subtype /Footer >> BDC ... EMC); the
 * state operators between them (q, Q, cm, colours) stay as they are.
 * pdf_ua.c uses it on each page's stream, inflated and deflated with
 * zlib.  Plain bytes: no cairo here.
 */
#include "config.h"

#include <stdint.h>
#include <string.h>

#include <zlib.h>

#include "base/util.h"
#include "http/encoding.h"
#include "site/pdf_artifact.h"

enum art {
	ART_NONE,
	ART_TEXT,		/* BT ... ET */
	ART_PATH,		/* m ... S */
	ART_OTHER		/* Do, sh */
};

/* Returns 1 when c is white space or a delimiter (ISO 32000-1, 7.2.2). */
static int
pdf_delim(char c)
{
	return strchr(" \t\r\n\f()<>[]{}/%", c) != NULL || c == '\0';
}

/* The index after the string, hex string or comment at s[i] (a
 * comment may end the stream), or 0 when it does not end. */
static size_t
skip_string(const char *s, size_t n, size_t i)
{
	int	 depth = 0;

	if (s[i] == '%') {
		while (i < n && s[i] != '\n' && s[i] != '\r')
			i++;
		return i;
	}
	if (s[i] == '<') {
		while (i < n && s[i] != '>')
			i++;
		return i < n ? i + 1 : 0;
	}
	for (; i < n; i++) {	/* ( ... ), nested, with \ escapes */
		if (s[i] == '\\')
			i++;
		else if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth == 0)
			return i + 1;
	}
	return 0;
}

/* Returns 1 when the k bytes at op are one of the words of l, each
 * followed by a space. */
static int
op_in(const char *op, size_t k, const char *l)
{
	const char *e;

	for (; (e = strchr(l, ' ')) != NULL; l = e + 1)
		if ((size_t)(e - l) == k && memcmp(op, l, k) == 0)
			return 1;
	return 0;
}

/* Appends to out the start of an artifact of kind art: its property
 * list from k when k has one for it (BDC), else none (BMC). */
static void
art_begin(struct buf *out, enum art art, const struct pdf_artifact_kinds *k)
{
	const char *pl = NULL;

	if (k != NULL)
		pl = art == ART_TEXT ? k->text : art == ART_PATH ? k->path :
		    NULL;
	if (pl != NULL)
		buf_printf(out, "\n/Artifact %s BDC\n", pl);
	else
		buf_puts(out, "\n/Artifact BMC\n");
}

/*
 * Appends to out the content stream s (n bytes) with each painting
 * operation outside marked content wrapped in /Artifact BMC ... EMC,
 * or /Artifact PROPERTIES BDC ... EMC with k's property list for what
 * it paints (k may be NULL).  Returns 0, 1 for a stream it does not
 * know how to read (an inline image, unbalanced marked content or text
 * objects, an unended string; out is then as it was), or -1 out of
 * memory.
 */
int
pdf_artifact_wrap(const char *s, size_t n, const struct pdf_artifact_kinds *k,
    struct buf *out)
{
	enum art art = ART_NONE;
	size_t	 i = 0, seg = 0, done = 0, w, from = out->len;
	int	 depth = 0;

	while (i < n) {
		if (strchr(" \t\r\n\f", s[i]) != NULL) {	/* NUL too */
			i++;
			continue;
		}
		if (s[i] == '(' || s[i] == '%' ||
		    (s[i] == '<' && (i + 1 == n || s[i + 1] != '<'))) {
			if ((i = skip_string(s, n, i)) == 0)
				goto bad;
			continue;
		}
		if (i + 1 < n && ((s[i] == '<' && s[i + 1] == '<') ||
		    (s[i] == '>' && s[i + 1] == '>'))) {
			i += 2;		/* a dictionary's ends: operands */
			continue;
		}
		if (s[i] == '>' || s[i] == ')')
			goto bad;
		if (strchr("[]{}", s[i]) != NULL) {
			i++;
			continue;
		}
		w = 0;
		if (s[i] == '/')	/* a name */
			w = 1;
		while (i + w < n && !pdf_delim(s[i + w]))
			w++;
		if (s[i] == '/' || strchr("+-.0123456789", s[i]) != NULL ||
		    op_in(s + i, w, "true false null ")) {
			i += w;
			continue;
		}
		/* An operator, its operands from seg. */
		if (op_in(s + i, w, "BI ID EI "))
			goto bad;
		if (depth == 0 && art == ART_NONE) {
			if (op_in(s + i, w, "BT "))
				art = ART_TEXT;
			else if (op_in(s + i, w, "m re "))
				art = ART_PATH;
			else if (op_in(s + i, w, "Do sh "))
				art = ART_OTHER;	/* ends below */
			if (art != ART_NONE) {
				buf_append(out, s + done, seg - done);
				art_begin(out, art, k);
				done = seg;
			}
		}
		if (op_in(s + i, w, "BDC BMC "))
			depth++;
		else if (op_in(s + i, w, "EMC ") && --depth < 0)
			goto bad;
		i += w;
		if ((art == ART_TEXT && op_in(s + i - w, w, "ET ")) ||
		    (art != ART_TEXT && art != ART_NONE && op_in(s + i - w, w,
		    "S s f F f* B B* b b* n Do sh "))) {
			buf_append(out, s + done, i - done);
			buf_puts(out, "\nEMC");
			done = i;
			art = ART_NONE;
		}
		seg = i;
	}
	if (art != ART_NONE || depth != 0)
		goto bad;
	buf_append(out, s + done, n - done);
	return out->oom ? -1 : 0;
bad:
	out->len = from;
	return 1;
}

/*
 * Appends to out the Flate-encoded content stream z (zn bytes),
 * decoded, rewritten by pdf_artifact_wrap and encoded again (the zlib
 * format at level 9, by the thread's libdeflate compressor,
 * enc_zlib_into: the same bytes in, the same bytes out).  Returns
 * 0, 1 for a stream it does not rewrite (not zlib's, decoded larger
 * than PDF_ARTIFACT_MAX, or one pdf_artifact_wrap cannot read; out as
 * it was), or -1 out of memory.  k as pdf_artifact_wrap's.
 */
int
pdf_artifact_flate(const unsigned char *z, size_t zn,
    const struct pdf_artifact_kinds *k, struct buf *out)
{
	struct buf plain, wrapped;
	z_stream zs;
	size_t	 from = out->len;
	int	 rc = 1, zr;

	buf_init(&plain);
	buf_init(&wrapped);
	memset(&zs, 0, sizeof(zs));
	if (inflateInit(&zs) != Z_OK)
		return -1;
	zs.next_in = (Bytef *)(uintptr_t)z;
	zs.avail_in = (uInt)zn;
	do {
		if (buf_reserve(&plain, 65536) == -1) {
			rc = -1;
			goto out;
		}
		zs.next_out = (Bytef *)plain.data + plain.len;
		zs.avail_out = 65536;
		zr = inflate(&zs, Z_NO_FLUSH);
		plain.len += 65536 - zs.avail_out;
		if (plain.len > PDF_ARTIFACT_MAX ||
		    (zr != Z_OK && zr != Z_STREAM_END))
			goto out;
	} while (zr != Z_STREAM_END);
	if ((rc = pdf_artifact_wrap(plain.data, plain.len, k, &wrapped)) != 0)
		goto out;
	/* By the thread's compressor (encoding.c): one of cairo's pages
	 * after another, without a new one for each. */
	rc = enc_zlib_into(9, wrapped.data, wrapped.len, out);
out:
	if (rc != 0)
		out->len = from;
	inflateEnd(&zs);
	buf_free(&plain);
	buf_free(&wrapped);
	return rc;
}
