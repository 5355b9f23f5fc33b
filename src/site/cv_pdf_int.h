/*
 * cv_pdf_int.h: what cv_pdf.c (the blocks and their flow) and
 * cv_pdf_draw.c (a block's lines drawn and tagged, the footer) and
 * cv_pdf_portrait.c (the portrait beside the name) share.
 * Inside src/site only.
 *
 * Ownership: struct pdf and its blocks belong to cv_pdf (cv_pdf.c),
 * which frees them; the drawing keeps nothing.
 */
#ifndef PERFIL_CV_PDF_INT_H
#define PERFIL_CV_PDF_INT_H

#include <cairo.h>
#include <pango/pangocairo.h>

#include "core/app.h"
#include "site/cv_lang.h"
#include "site/pdf_ua.h"

#define PAGE_W		595.28	/* A4, in points */
#define PAGE_H		841.89
#define MARGIN_X	50.0
#define MARGIN_TOP	44.0
#define MARGIN_BOTTOM	54.0
#define TEXT_W		(PAGE_W - 2 * MARGIN_X)
#define TEXT_BOTTOM	(PAGE_H - MARGIN_BOTTOM)
#define FOOTER_Y	(PAGE_H - 34.0)
#define INDENT		12.0	/* list items and quotes */
#define LINE_SPACING	1.15

enum blk {
	BLK_TITLE,		/* # the name */
	BLK_LEAD,		/* the paragraph after it */
	BLK_SECTION,		/* ## a section */
	BLK_ENTRY,		/* ### an entry */
	BLK_TEXT,
	BLK_ITEM,		/* a list item's paragraph */
	BLK_QUOTE,
	BLK__MAX
};

struct style {
	double	 size;		/* points */
	double	 before;	/* space above, but at a page's top */
	double	 indent;
	int	 bold, italic;
	int	 keep;		/* never the last block of a page */
	const double *colour;
	const char *tag;	/* its element (ISO 32000-1, 14.8.4) */
	const char *group;	/* the element around a run of them, or NULL */
};

extern const struct style cv_pdf_styles[BLK__MAX];
extern const struct pdf_artifact_kinds cv_pdf_artifacts;
extern const double cv_pdf_accent[3];

struct link {
	unsigned int start, end;	/* bytes of the block's text */
	char	*uri;
};

/* Words of a block in another language than the page's (cv_lang.h). */
struct lspan {
	unsigned int start, end;	/* bytes of the block's text */
	const char *lang;		/* a site code, borrowed */
};

struct block {
	enum blk kind;
	int	 bullet;		/* a list item's first paragraph */
	int	 rtl;			/* set right to left */
	double	 shift;			/* points right of the margin: the
					 * portrait's room on its left */
	PangoLayout *layout;
	struct link *links;
	size_t	 nlinks;
	struct lspan *langs;	/* in the order of the text */
	size_t	 nlangs;
};

struct pdf {
	const struct app *app;
	const struct cv_variant *variant;	/* NULL: the full CV */
	enum lang l;
	int	 rtl;			/* the language is written RTL */
	PangoContext *pc, *pc_rtl;	/* base direction LTR, RTL */
	cairo_t	*cr;
	PangoLayout *bullet;		/* "•" */
	struct block *b;
	size_t	 n, cap;
	int	 oom;
	int	 page, pages;		/* the page being placed, the count */
	double	 y;			/* where the next line goes */
	const char *group;		/* the group open ("L"), or NULL */
	int	 item;			/* a list item (LI) is open */
	struct cv_lang_texts foreign;	/* texts in another language */
	size_t	 nelems;		/* structure elements opened */
	struct pdf_ua_attr *attrs;	/* those in another language, or
					 * described (the portrait) */
	size_t	 nattrs;
	int	 head;			/* no section added yet */
	cairo_surface_t *portrait;	/* cv_pdf_portrait.c, or NULL */
	double	 portrait_w, portrait_h;	/* points */
};

void		 cv_pdf_graphemes(struct pdf *, PangoLayout *);
void		 cv_pdf_tag_begin(struct pdf *, const char *, const char *,
		    const char *);
void		 cv_pdf_tag_open(struct pdf *, const char *, const char *,
		    const char *, const char *);
void		 cv_pdf_portrait_load(struct pdf *, int);
double		 cv_pdf_portrait_room(const struct pdf *);
double		 cv_pdf_portrait_bottom(const struct pdf *);
void		 cv_pdf_portrait_draw(struct pdf *, int);
PangoLayout	*cv_pdf_small_layout(struct pdf *, double, const char *);
void		 cv_pdf_new_page(struct pdf *, int);
void		 cv_pdf_footer(struct pdf *);
void		 cv_pdf_place(struct pdf *, const struct block *, int);
void		 cv_pdf_tags_end(struct pdf *);

#endif /* PERFIL_CV_PDF_INT_H */
