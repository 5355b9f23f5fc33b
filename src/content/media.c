/*
 * media.c: the media types perfil serves, the check of a file's first
 * bytes against its extension, the pixel size of PNG, JPEG, WebP and
 * GIF images read from their headers, and the lookup by name.  Nothing
 * here reads a file: content_media.c does, at content load.
 */
#include "config.h"

#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "content/media.h"
#include "base/util.h"

/* The one table of what may be served: extension, type, kind. */
static const struct media_type types[] = {
	{ "jpg", "image/jpeg", MEDIA_IMAGE },
	{ "jpeg", "image/jpeg", MEDIA_IMAGE },
	{ "png", "image/png", MEDIA_IMAGE },
	{ "webp", "image/webp", MEDIA_IMAGE },
	{ "avif", "image/avif", MEDIA_IMAGE },
	{ "gif", "image/gif", MEDIA_IMAGE },
	{ "svg", "image/svg+xml", MEDIA_SVG },
	{ "ico", "image/x-icon", MEDIA_ICON },
	{ "pdf", "application/pdf", MEDIA_DOCUMENT },
};

/* The type of a file name by its extension (any case), or NULL. */
const struct media_type *
media_type(const char *name)
{
	const char *dot = strrchr(name, '.');
	size_t	 i;

	if (dot == NULL || dot == name)
		return NULL;
	for (i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (strcasecmp(dot + 1, types[i].ext) == 0)
			return &types[i];
	return NULL;
}

/*
 * Returns 1 when name may be a media file's name: 1 to MEDIA_NAME_MAX
 * letters, digits, ".", "_" or "-", not starting with "." (so never
 * "..", a dot-file or a path).
 */
int
media_name_ok(const char *name)
{
	size_t	 n = strlen(name);

	return n > 0 && n <= MEDIA_NAME_MAX && name[0] != '.' &&
	    strspn(name, "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

static unsigned
be16(const unsigned char *p)
{
	return (unsigned)p[0] << 8 | p[1];
}

static unsigned
le16(const unsigned char *p)
{
	return (unsigned)p[1] << 8 | p[0];
}

static unsigned long
be32(const unsigned char *p)
{
	return (unsigned long)p[0] << 24 | (unsigned long)p[1] << 16 |
	    (unsigned long)p[2] << 8 | p[3];
}

static unsigned long
le24(const unsigned char *p)
{
	return (unsigned long)p[2] << 16 | (unsigned long)p[1] << 8 | p[0];
}

/* PNG: the signature, then IHDR first with width and height. */
static const char *
png_size(const unsigned char *d, size_t n, unsigned long *w,
    unsigned long *h)
{
	if (n < 24 || memcmp(d, "\x89PNG\r\n\x1a\n", 8) != 0)
		return "not a PNG image (no PNG signature)";
	if (memcmp(d + 12, "IHDR", 4) != 0 || be32(d + 8) != 13)
		return "not a valid PNG image (IHDR is not the first chunk)";
	*w = be32(d + 16);
	*h = be32(d + 20);
	return NULL;
}

/*
 * JPEG: the markers from SOI to the first start-of-frame (SOF0-SOF15
 * but DHT, JPG and DAC), whose segment holds the height and width.
 */
static const char *
jpeg_size(const unsigned char *d, size_t n, unsigned long *w,
    unsigned long *h)
{
	size_t	 i = 2;
	unsigned m, len;

	if (n < 4 || d[0] != 0xff || d[1] != 0xd8 || d[2] != 0xff)
		return "not a JPEG image (no JPEG start marker)";
	while (i < n) {
		if (d[i] != 0xff)
			return "not a valid JPEG image (a marker is expected)";
		while (i < n && d[i] == 0xff)	/* fill bytes */
			i++;
		if (i >= n)
			break;
		m = d[i];
		if (m == 0x01 || (m >= 0xd0 && m <= 0xd8)) {
			i++;			/* no length */
			continue;
		}
		if (m == 0xd9 || m == 0xda || i + 2 >= n)
			break;			/* EOI, SOS or cut short */
		len = be16(d + i + 1);
		if (len < 2)
			return "not a valid JPEG image (a segment length "
			    "under 2)";
		if (m >= 0xc0 && m <= 0xcf && m != 0xc4 && m != 0xc8 &&
		    m != 0xcc) {
			if (len < 7 || i + 7 >= n)
				break;
			*h = be16(d + i + 4);
			*w = be16(d + i + 6);
			return NULL;
		}
		i += 1 + (size_t)len;
	}
	return "not a valid JPEG image (no frame header with its size)";
}

/* WebP: a RIFF "WEBP" file whose first chunk is VP8, VP8L or VP8X. */
static const char *
webp_size(const unsigned char *d, size_t n, unsigned long *w,
    unsigned long *h)
{
	unsigned long b;

	if (n < 30 || memcmp(d, "RIFF", 4) != 0 ||
	    memcmp(d + 8, "WEBP", 4) != 0)
		return "not a WebP image (no RIFF WEBP header)";
	if (memcmp(d + 12, "VP8 ", 4) == 0) {
		if (memcmp(d + 23, "\x9d\x01\x2a", 3) != 0)
			return "not a valid WebP image (bad VP8 start code)";
		*w = le16(d + 26) & 0x3fff;
		*h = le16(d + 28) & 0x3fff;
	} else if (memcmp(d + 12, "VP8L", 4) == 0) {
		if (d[20] != 0x2f)
			return "not a valid WebP image (bad VP8L signature)";
		b = (unsigned long)d[21] | (unsigned long)d[22] << 8 |
		    (unsigned long)d[23] << 16 | (unsigned long)d[24] << 24;
		*w = (b & 0x3fff) + 1;
		*h = ((b >> 14) & 0x3fff) + 1;
	} else if (memcmp(d + 12, "VP8X", 4) == 0) {
		*w = le24(d + 24) + 1;
		*h = le24(d + 27) + 1;
	} else
		return "not a valid WebP image (unknown first chunk)";
	return NULL;
}

/* GIF: the signature and the logical screen's size. */
static const char *
gif_size(const unsigned char *d, size_t n, unsigned long *w,
    unsigned long *h)
{
	if (n < 10 || (memcmp(d, "GIF87a", 6) != 0 &&
	    memcmp(d, "GIF89a", 6) != 0))
		return "not a GIF image (no GIF87a or GIF89a signature)";
	*w = le16(d + 6);
	*h = le16(d + 8);
	return NULL;
}

/* AVIF: an ISO BMFF "ftyp" box naming the avif or avis brand (its
 * size is in a property box deep in "meta": not read). */
static const char *
avif_check(const unsigned char *d, size_t n)
{
	size_t	 box, i;

	if (n < 16 || memcmp(d + 4, "ftyp", 4) != 0)
		return "not an AVIF image (no ftyp box)";
	box = be32(d);
	if (box < 16 || box > n)
		return "not a valid AVIF image (bad ftyp box size)";
	for (i = 8; i + 4 <= box; i += 4)	/* major, version, brands */
		if (i != 12 && (memcmp(d + i, "avif", 4) == 0 ||
		    memcmp(d + i, "avis", 4) == 0))
			return NULL;
	return "not an AVIF image (the ftyp box names no avif brand)";
}

/* SVG: UTF-8 text with an <svg element. */
static const char *
svg_check(const char *d, size_t n)
{
	if (memchr(d, '\0', n) != NULL || !utf8_valid(d, n))
		return "not an SVG image (not UTF-8 text)";
	if (memmem(d, n, "<svg", 4) == NULL)
		return "not an SVG image (no <svg element)";
	return NULL;
}

/*
 * Checks that the n bytes at data are what type t says, and reads an
 * image's size in pixels into *width and *height (0 when the type's
 * size is not read: SVG, ICO, AVIF, PDF).  Returns NULL, or the reason
 * the bytes do not match (a static string).  Reads no byte past n.
 */
const char *
media_sniff(const struct media_type *t, const char *data, size_t n,
    unsigned *width, unsigned *height)
{
	const unsigned char *d = (const unsigned char *)data;
	const char *why = NULL;
	unsigned long w = 0, h = 0;

	*width = *height = 0;
	if (strcmp(t->ext, "png") == 0)
		why = png_size(d, n, &w, &h);
	else if (strcmp(t->type, "image/jpeg") == 0)
		why = jpeg_size(d, n, &w, &h);
	else if (strcmp(t->ext, "webp") == 0)
		why = webp_size(d, n, &w, &h);
	else if (strcmp(t->ext, "gif") == 0)
		why = gif_size(d, n, &w, &h);
	else if (strcmp(t->ext, "avif") == 0)
		return avif_check(d, n);
	else if (t->kind == MEDIA_SVG)
		return svg_check(data, n);
	else if (t->kind == MEDIA_ICON)
		return n >= 6 && memcmp(d, "\0\0\1\0", 4) == 0 &&
		    le16(d + 4) > 0 ? NULL : "not an ICO icon (no icon "
		    "directory header)";
	else if (t->kind == MEDIA_DOCUMENT)
		return n >= 5 && memcmp(d, "%PDF-", 5) == 0 ? NULL :
		    "not a PDF document (it does not start with %PDF-)";
	if (why != NULL)
		return why;
	if (w == 0 || h == 0 || w > 65535 || h > 65535)
		return "an image of 0 or more than 65535 pixels a side";
	*width = (unsigned)w;
	*height = (unsigned)h;
	return NULL;
}

static int
name_cmp(const void *key, const void *e)
{
	return strcmp(key, ((const struct media_file *)e)->name);
}

/* The file named name, or NULL (a binary search: names are sorted). */
const struct media_file *
media_find(const struct media_set *s, const char *name)
{
	if (s == NULL || s->n == 0)
		return NULL;
	return bsearch(name, s->files, s->n, sizeof(s->files[0]), name_cmp);
}

/*
 * The media file name a content reference names ("media/NAME" or
 * "/media/NAME"), or NULL when ref is not such a reference.
 */
const char *
media_local_name(const char *ref)
{
	if (strncmp(ref, "/" MEDIA_DIR "/", sizeof(MEDIA_DIR) + 1) == 0)
		return ref + sizeof(MEDIA_DIR) + 1;
	if (strncmp(ref, MEDIA_DIR "/", sizeof(MEDIA_DIR)) == 0)
		return ref + sizeof(MEDIA_DIR);
	return NULL;
}

/*
 * The fingerprinted URL of f under base_url, "BASE/media/NAME?v=FP",
 * which the pages link to (served with immutable caching), in buf.
 * Returns buf, or "" when it does not fit.
 */
const char *
media_url(const struct media_file *f, const char *base_url, char *buf,
    size_t len)
{
	if (xsnprintf(buf, len, "%s/" MEDIA_DIR "/%s?v=%s", base_url,
	    f->name, f->fp) == -1)
		return "";
	return buf;
}

void
media_free(struct media_set *s)
{
	size_t	 i;

	if (s == NULL)
		return;
	for (i = 0; i < s->n; i++) {
		free(s->files[i].name);
		free(s->files[i].data);
	}
	free(s->files);
	free(s);
}
