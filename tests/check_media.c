/*
 * check_media.c: the media types, names and the header parsing that
 * checks a file's first bytes against its extension and reads an
 * image's pixel size (media.c); every truncation of a valid header is
 * refused without reading past the end.
 */
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "content/media.h"

/* A 300 x 200 PNG header (signature, IHDR), as far as it is read. */
static const char png[] = "\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR"
    "\0\0\x01\x2c\0\0\0\xc8\x08\x02\0\0\0";
/* A JPEG: SOI, APP0 (JFIF), SOF0 of 5 x 7 pixels. */
static const char jpeg[] = "\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00"
    "\x00\x01\x00\x01\x00\x00\xff\xc0\x00\x11\x08\x00\x07\x00\x05\x03"
    "\x01\x22\x00\x02\x11\x01\x03\x11\x01\xff\xd9";
/* WebP: lossy (VP8), lossless (VP8L) and extended (VP8X), 2 x 3. */
static const char vp8[] = "RIFF\x24\0\0\0WEBPVP8 \x18\0\0\0"
    "\x30\x01\x00\x9d\x01\x2a\x02\x00\x03\x00\0\0\0\0";
static const char vp8l[] = "RIFF\x1a\0\0\0WEBPVP8L\x0d\0\0\0"
    "\x2f\x01\x80\x00\x00\0\0\0\0\0\0\0\0";
static const char vp8x[] = "RIFF\x1a\0\0\0WEBPVP8X\x0a\0\0\0"
    "\0\0\0\0\x01\0\0\x02\0\0";
static const char gif[] = "GIF89a\x02\x00\x03\x00\x00\x00\x00;";

static const struct media_type *
type(const char *name)
{
	const struct media_type *t = media_type(name);

	ck_assert_ptr_nonnull(t);
	return t;
}

/* Sniffs the first n bytes of data as name's type: NULL or a reason. */
static const char *
sniff(const char *name, const char *data, size_t n, unsigned *w,
    unsigned *h)
{
	char	*copy = malloc(n ? n : 1);	/* exact size: ASan sees
						 * any read past n */
	const char *why;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, data, n);
	why = media_sniff(type(name), copy, n, w, h);
	free(copy);
	return why;
}

START_TEST(types_by_extension)
{
	ck_assert_str_eq(type("a.jpg")->type, "image/jpeg");
	ck_assert_str_eq(type("a.JPEG")->type, "image/jpeg");
	ck_assert_str_eq(type("a.png")->type, "image/png");
	ck_assert_str_eq(type("a.webp")->type, "image/webp");
	ck_assert_str_eq(type("a.avif")->type, "image/avif");
	ck_assert_str_eq(type("a.gif")->type, "image/gif");
	ck_assert_str_eq(type("a.ico")->type, "image/x-icon");
	ck_assert_str_eq(type("a.svg")->type, "image/svg+xml");
	ck_assert_str_eq(type("cv.pdf")->type, "application/pdf");
	ck_assert_ptr_null(media_type("a.html"));
	ck_assert_ptr_null(media_type("a.png.txt"));
	ck_assert_ptr_null(media_type("png"));
	ck_assert_ptr_null(media_type(".png"));
	ck_assert_ptr_null(media_type("a."));
}
END_TEST

START_TEST(names)
{
	ck_assert(media_name_ok("portrait.jpg"));
	ck_assert(media_name_ok("cv_2024-en.pdf"));
	ck_assert(!media_name_ok(""));
	ck_assert(!media_name_ok("."));
	ck_assert(!media_name_ok(".."));
	ck_assert(!media_name_ok(".hidden.png"));
	ck_assert(!media_name_ok("a/b.png"));
	ck_assert(!media_name_ok("a b.png"));
	ck_assert(!media_name_ok("caf\xc3\xa9.png"));
	ck_assert_str_eq(media_local_name("media/a.png"), "a.png");
	ck_assert_str_eq(media_local_name("/media/a.png"), "a.png");
	ck_assert_ptr_null(media_local_name("https://h/media/a.png"));
	ck_assert_ptr_null(media_local_name("mediaa.png"));
	ck_assert_ptr_null(media_local_name("/img/a.png"));
}
END_TEST

START_TEST(image_sizes)
{
	unsigned w, h;

	ck_assert_ptr_null(sniff("a.png", png, sizeof(png) - 1, &w, &h));
	ck_assert_uint_eq(w, 300);
	ck_assert_uint_eq(h, 200);
	ck_assert_ptr_null(sniff("a.jpg", jpeg, sizeof(jpeg) - 1, &w, &h));
	ck_assert_uint_eq(w, 5);
	ck_assert_uint_eq(h, 7);
	ck_assert_ptr_null(sniff("a.webp", vp8, sizeof(vp8) - 1, &w, &h));
	ck_assert_uint_eq(w, 2);
	ck_assert_uint_eq(h, 3);
	ck_assert_ptr_null(sniff("a.webp", vp8l, sizeof(vp8l) - 1, &w, &h));
	ck_assert_uint_eq(w, 2);
	ck_assert_uint_eq(h, 3);
	ck_assert_ptr_null(sniff("a.webp", vp8x, sizeof(vp8x) - 1, &w, &h));
	ck_assert_uint_eq(w, 2);
	ck_assert_uint_eq(h, 3);
	ck_assert_ptr_null(sniff("a.gif", gif, sizeof(gif) - 1, &w, &h));
	ck_assert_uint_eq(w, 2);
	ck_assert_uint_eq(h, 3);
}
END_TEST

START_TEST(other_types_no_size)
{
	unsigned w = 9, h = 9;

	ck_assert_ptr_null(sniff("a.pdf", "%PDF-1.7\n", 9, &w, &h));
	ck_assert_uint_eq(w, 0);
	ck_assert_ptr_null(sniff("a.ico", "\0\0\1\0\1\0", 6, &w, &h));
	ck_assert_ptr_null(sniff("a.svg", "<?xml?><svg/>", 13, &w, &h));
	ck_assert_ptr_null(sniff("a.avif",
	    "\0\0\0\x18" "ftypavif\0\0\0\0mif1", 24, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.avif",
	    "\0\0\0\x18" "ftypheic\0\0\0\0mif1", 24, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.svg", "<svg>\0", 6, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.svg", "\xff<svg>", 6, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.pdf", "<svg>", 5, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.ico", "\0\0\1\0\0\0", 6, &w, &h));
}
END_TEST

/* Every prefix of a valid header short of what is read is refused,
 * and the wrong type's bytes are refused. */
START_TEST(truncated_and_mismatched)
{
	static const struct { const char *name, *data; size_t len; } v[] = {
		{ "a.png", png, sizeof(png) - 1 },
		{ "a.jpg", jpeg, 25 + 8 },	/* through SOF's size */
		{ "a.webp", vp8, sizeof(vp8) - 1 },
		{ "a.webp", vp8l, sizeof(vp8l) - 1 },
		{ "a.webp", vp8x, sizeof(vp8x) - 1 },
		{ "a.gif", gif, 10 },
	};
	unsigned w, h;
	size_t	 i, n;

	for (i = 0; i < sizeof(v) / sizeof(v[0]); i++)
		for (n = 0; n < v[i].len - 1 && n < 24; n++)
			ck_assert_msg(sniff(v[i].name, v[i].data, n, &w,
			    &h) != NULL, "%s cut to %zu bytes", v[i].name, n);
	ck_assert_ptr_nonnull(sniff("a.png", jpeg, sizeof(jpeg) - 1, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.jpg", png, sizeof(png) - 1, &w, &h));
	ck_assert_ptr_nonnull(sniff("a.gif", "GIF89a\0\0\0\0", 10, &w, &h));
	/* A JPEG segment length under 2 never loops. */
	ck_assert_ptr_nonnull(sniff("a.jpg", "\xff\xd8\xff\xe0\0\0", 6, &w,
	    &h));
}
END_TEST

START_TEST(find_by_name)
{
	struct media_file f[] = { { .name = "a.png" }, { .name = "b.pdf" } };
	struct media_set s = { .files = f, .n = 2 };

	ck_assert_ptr_eq(media_find(&s, "a.png"), &f[0]);
	ck_assert_ptr_eq(media_find(&s, "b.pdf"), &f[1]);
	ck_assert_ptr_null(media_find(&s, "../a.png"));
	ck_assert_ptr_null(media_find(&s, ""));
	ck_assert_ptr_null(media_find(NULL, "a.png"));
}
END_TEST

static Suite *
media_suite(void)
{
	Suite	*s = suite_create("media");
	TCase	*tc = tcase_create("core");

	tcase_add_test(tc, types_by_extension);
	tcase_add_test(tc, names);
	tcase_add_test(tc, image_sizes);
	tcase_add_test(tc, other_types_no_size);
	tcase_add_test(tc, truncated_and_mismatched);
	tcase_add_test(tc, find_by_name);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(media_suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
