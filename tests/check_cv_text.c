/*
 * check_cv_text.c: the paragraphs of /cv.txt (src/site/cv_text.c).
 * wrap breaks a paragraph where ICU's line breaking allows; two
 * shortcuts skip ICU (a paragraph that fits one line, and text of Latin
 * letters, ASCII and a few quotation marks, whose breaks after a space
 * latin_break knows).  Each case here is wrapped twice, with the
 * shortcuts and through ICU alone (cv_text_paragraph's icu_only), and
 * the two texts must be the same bytes: hand-picked paragraphs with
 * every rule latin_break follows (a space before a closing sign, after
 * an opening one, quotation marks before an opening one, a sign that
 * starts a number), then random paragraphs over an alphabet of those
 * characters, dense in spaces and signs, as list items and as
 * paragraphs, in Spanish and English.
 */
#include "config.h"

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "site/cv_text.h"

static const char *const hand[] = {
	"",
	"short line",
	"   ",
	"Una línea que cabe.   ",
	"Arquitecta de soluciones en la nube para sanidad, energía y "
	"administración pública, con quince años de experiencia en "
	"migraciones sin parada (historia clínica, facturación) y "
	"sistemas de diseño accesibles.",
	"words ( opened then closed ) , . : ; / ! ? and [ bracketed ] "
	"numbers .5 ,25 :7 ;0 /1 !2 ?3 )4 ]5 }6 "
	"{ braced } text that runs past the hundred code points of a line "
	"so that every sign above meets the line's end somewhere",
	"¿ Qué ? ¡ Sí ! « comillas » \" ( entre \" ( ' ( ‘ ( “ ( » ( "
	"x ( y ) z Benjumea-Saavedra https://example.org/a/b/c?d=e "
	"mailto:ana@example.org and-a-very-long-hyphenated-word-that-"
	"goes-on-and-on-and-on-past-the-width-of-a-whole-line-of-text-ok",
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
	"aaaaaaaaaaaaaaaaaaaaaaa b",
	"línea·con·puntos·medios y «comillas» y ’apóstrofos’ y “otras” "
	"que siguen y siguen hasta pasar del ancho de una línea entera de "
	"texto plano",
	/* not Latin text: ICU either way */
	"Tiếng Việt — em dash – en dash … und Straße 東京 は 日本 の 首都 "
	"です。 and more words to pass the width of one line of the text",
	"emoji \xf0\x9f\x98\x80 and words \xf0\x9f\x98\x80\xf0\x9f\x98\x80 "
	"that run past the width of one line, \xf0\x9f\x98\x80 with more "
	"emoji here and there \xf0\x9f\x98\x80 to the end of the text",
};

/* Wraps text both ways and compares. */
static void
same_both_ways(const char *text, const char *first, const char *locale)
{
	struct buf a, b;

	buf_init(&a);
	buf_init(&b);
	ck_assert_int_eq(cv_text_paragraph(&a, text, strlen(text), first,
	    locale, 0), 0);
	ck_assert_int_eq(cv_text_paragraph(&b, text, strlen(text), first,
	    locale, 1), 0);
	ck_assert_msg(a.len == b.len && memcmp(a.data, b.data, a.len) == 0,
	    "%s: shortcut\n%.*s\nICU\n%.*s", text, (int)a.len, a.data,
	    (int)b.len, b.data);
	buf_free(&a);
	buf_free(&b);
}

/* A word longer than a line is cut after CV_TEXT_WIDTH code points,
 * whatever their length in bytes (2 for ñ, 4 for an emoji). */
START_TEST(long_word_cut)
{
	static const char *const ch[] = { "a", "\xc3\xb1", "\xf0\x9f\x98\x80" };
	struct buf in, want, got;
	int	 i;

	buf_init(&in);
	buf_init(&want);
	buf_init(&got);
	for (i = 0; i < CV_TEXT_WIDTH + 50; i++) {
		buf_puts(&in, ch[_i]);
		buf_puts(&want, ch[_i]);
		if (i == CV_TEXT_WIDTH - 1)
			buf_putc(&want, '\n');
	}
	buf_putc(&want, '\n');
	ck_assert_int_eq(cv_text_paragraph(&got, in.data, in.len, "", "es",
	    0), 0);
	ck_assert_msg(got.len == want.len &&
	    memcmp(got.data, want.data, got.len) == 0, "%.*s", (int)got.len,
	    got.data);
	buf_free(&in);
	buf_free(&want);
	buf_free(&got);
}
END_TEST

START_TEST(hand_picked)
{
	same_both_ways(hand[_i], "", "es");
	same_both_ways(hand[_i], "- ", "en");
}
END_TEST

/* The alphabet of the random paragraphs: latin_text's characters,
 * weighted towards spaces and the signs latin_break looks at. */
static const char *const alphabet[] = {
	" ", " ", " ", " ", " ", " ", "  ", "a", "b", "z", "Q", "0", "7",
	"1", "25", ". 5", " ,0", " :1", " ;2",
	"á", "ñ", "Ü", "ő", "ſ", "(", ")", "[", "]", "{", "}", "!", "?",
	",", ".", ":", ";", "/", "-", "\"", "'", "«", "»", "¡", "¿", "·",
	"‘", "’", "“", "”", "%", "$", "+", "#", "&", "*", "@", "_", "=",
	"<", ">", "|", "~", "^", "`", "\\", "word", "palabra", "x",
};

START_TEST(random_paragraphs)
{
	char	 text[2048];
	size_t	 n, k, len;
	unsigned seed = (unsigned)_i * 2654435761u + 1;
	int	 i;

	for (i = 0; i < 200; i++) {
		len = 0;
		n = 20 + (seed = seed * 1103515245u + 12345u) % 300;
		while (n-- > 0) {
			seed = seed * 1103515245u + 12345u;
			k = (seed >> 8) % (sizeof(alphabet) /
			    sizeof(alphabet[0]));
			if (len + strlen(alphabet[k]) >= sizeof(text))
				break;
			memcpy(text + len, alphabet[k], strlen(alphabet[k]));
			len += strlen(alphabet[k]);
		}
		text[len] = '\0';
		same_both_ways(text, i % 2 ? "- " : "", i % 3 ? "es" : "en");
	}
}
END_TEST

int
main(void)
{
	Suite	*su = suite_create("cv_text");
	TCase	*tc = tcase_create("core");
	SRunner	*sr;
	int	 failed;

	tcase_add_loop_test(tc, hand_picked, 0,
	    (int)(sizeof(hand) / sizeof(hand[0])));
	tcase_add_loop_test(tc, random_paragraphs, 0, 50);
	tcase_add_loop_test(tc, long_word_cut, 0, 3);
	tcase_set_timeout(tc, 60);
	suite_add_tcase(su, tc);
	sr = srunner_create(su);
	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
