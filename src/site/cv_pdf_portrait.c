/*
 * cv_pdf_portrait.c: the portrait on the CV's PDF, when site.json asks
 * for it ("cv_portrait": true) and profile.image is a PNG or a JPEG of
 * media/: at most 72 points a side at the top of the first page, at
 * the end of the line (the right in a language written left to right,
 * the left in one written right to left), the name, headline and
 * contact lines set beside it; tagged as a Figure whose /Alt is the
 * owner's name in the page's language, as the web page's <img> says
 * it (pdf_ua.c writes it: cairo ignores Alt on a tag).
 *
 * A PNG is decoded by cairo (its size checked first: at most
 * PORTRAIT_MAX_PIXELS) and, larger than 300 pixels an inch at the
 * size drawn, drawn into one of that size, so that the PDF carries no
 * more than it shows; a JPEG is embedded as it is (cairo writes its
 * bytes as a DCTDecode image: no decoder needed, none drawn).  Other
 * types (WebP, GIF, AVIF, SVG) are not drawn: one warning a load.
 */
#include "config.h"

#include <err.h>
#include <stdio.h>
#include <string.h>

#include "base/json.h"
#include "base/util.h"
#include "content/content.h"
#include "content/media.h"
#include "content/settings.h"
#include "site/cv_pdf_int.h"

#define PORTRAIT_SIDE		72.0	/* points: one inch */
#define PORTRAIT_GAP		12.0	/* points beside and under it */
#define PORTRAIT_DPI		300.0
#define PORTRAIT_MAX_PIXELS	(4u * 1024 * 1024)

/* A PNG's bytes as cairo reads them. */
struct png_read {
	const unsigned char *d;
	size_t	 left;
};

static cairo_status_t
png_read(void *closure, unsigned char *data, unsigned int len)
{
	struct png_read *r = closure;

	if (len > r->left)
		return CAIRO_STATUS_READ_ERROR;
	memcpy(data, r->d, len);
	r->d += len;
	r->left -= len;
	return CAIRO_STATUS_SUCCESS;
}

/* Returns img drawn into a surface of at most px pixels a side, or img
 * itself when it is no larger; img is released when replaced. */
static cairo_surface_t *
downscale(cairo_surface_t *img, double px)
{
	int	 w = cairo_image_surface_get_width(img);
	int	 h = cairo_image_surface_get_height(img);
	double	 k = px / (w > h ? w : h);
	cairo_surface_t *s;
	cairo_t	*cr;

	if (k >= 1)
		return img;
	s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32,
	    (int)(w * k + 0.5) > 0 ? (int)(w * k + 0.5) : 1,
	    (int)(h * k + 0.5) > 0 ? (int)(h * k + 0.5) : 1);
	cr = cairo_create(s);
	cairo_scale(cr, (double)cairo_image_surface_get_width(s) / w,
	    (double)cairo_image_surface_get_height(s) / h);
	cairo_set_source_surface(cr, img, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
	cairo_paint(cr);
	cairo_destroy(cr);
	cairo_surface_destroy(img);
	return s;
}

/*
 * Reads the portrait for p when site.json asks for one: sets p->portrait
 * (a surface the caller releases with cairo_surface_destroy) and its
 * size in points, p->portrait_w and p->portrait_h.  Nothing is set for
 * no portrait, one of another type, or one cairo cannot read; warn: say
 * why on standard error.
 */
void
cv_pdf_portrait_load(struct pdf *p, int warn)
{
	const struct media_file *m = p->app->model->media->portrait;
	const char *ext;
	struct png_read r;
	cairo_surface_t *s = NULL;
	unsigned w, h;

	if (!p->app->settings->cv_portrait || m == NULL)
		return;
	ext = m->type->ext;
	w = m->width;
	h = m->height;
	if (w == 0 || h == 0 || (strcmp(ext, "png") != 0 &&
	    strcmp(ext, "jpg") != 0 && strcmp(ext, "jpeg") != 0)) {
		if (warn)
			warnx("warning: site.json: cv_portrait: %s/%s is not a "
			    "PNG or JPEG image: the PDF has no portrait",
			    MEDIA_DIR, m->name);
		return;
	}
	if ((unsigned long long)w * h > PORTRAIT_MAX_PIXELS) {
		if (warn)
			warnx("warning: site.json: cv_portrait: %s/%s has "
			    "%ux%u pixels, more than the %u a PDF's portrait "
			    "is drawn from: the PDF has no portrait",
			    MEDIA_DIR, m->name, w, h, PORTRAIT_MAX_PIXELS);
		return;
	}
	if (strcmp(ext, "png") == 0) {
		r.d = (const unsigned char *)m->data;
		r.left = m->len;
		s = cairo_image_surface_create_from_png_stream(png_read, &r);
		if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS)
			s = downscale(s, PORTRAIT_SIDE / 72 * PORTRAIT_DPI);
	} else {
		/* the pixels are never drawn: the PDF carries the JPEG */
		s = cairo_image_surface_create(CAIRO_FORMAT_RGB24, (int)w,
		    (int)h);
		if (cairo_surface_status(s) == CAIRO_STATUS_SUCCESS &&
		    cairo_surface_set_mime_data(s, CAIRO_MIME_TYPE_JPEG,
		    (const unsigned char *)m->data, m->len, NULL, NULL) !=
		    CAIRO_STATUS_SUCCESS) {
			cairo_surface_destroy(s);
			s = NULL;
		}
	}
	if (s == NULL || cairo_surface_status(s) != CAIRO_STATUS_SUCCESS) {
		if (warn)
			warnx("warning: site.json: cv_portrait: %s/%s: cairo "
			    "cannot read it: the PDF has no portrait",
			    MEDIA_DIR, m->name);
		if (s != NULL)
			cairo_surface_destroy(s);
		return;
	}
	p->portrait = s;
	p->portrait_w = w >= h ? PORTRAIT_SIDE : PORTRAIT_SIDE * w / h;
	p->portrait_h = h >= w ? PORTRAIT_SIDE : PORTRAIT_SIDE * h / w;
}

/* The width the blocks above the first section leave for the
 * portrait beside them: 0 without one. */
double
cv_pdf_portrait_room(const struct pdf *p)
{
	return p->portrait != NULL ? p->portrait_w + PORTRAIT_GAP : 0;
}

/* Where the first section may start below the portrait. */
double
cv_pdf_portrait_bottom(const struct pdf *p)
{
	return p->portrait != NULL ? MARGIN_TOP + p->portrait_h +
	    PORTRAIT_GAP : MARGIN_TOP;
}

/*
 * Draws the portrait at the top of the first page as a Figure (when
 * draw is set), its /Alt the owner's name; nothing without one.
 */
void
cv_pdf_portrait_draw(struct pdf *p, int draw)
{
	double	 x, sw;

	if (p->portrait == NULL || !draw)
		return;
	x = p->rtl ? MARGIN_X : MARGIN_X + TEXT_W - p->portrait_w;
	sw = cairo_image_surface_get_width(p->portrait);
	cv_pdf_tag_open(p, "Figure", NULL, NULL,
	    json_str(p->app->model->profile.obj[p->l], "name"));
	cairo_save(p->cr);
	cairo_translate(p->cr, x, MARGIN_TOP);
	cairo_scale(p->cr, p->portrait_w / sw, p->portrait_w / sw);
	cairo_set_source_surface(p->cr, p->portrait, 0, 0);
	cairo_pattern_set_filter(cairo_get_source(p->cr), CAIRO_FILTER_GOOD);
	cairo_paint(p->cr);
	cairo_restore(p->cr);
	cairo_tag_end(p->cr, "Figure");
}
