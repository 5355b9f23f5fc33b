/*
 * check_enc_cache.c: the compressed variants' cache (src/http/enc_cache.c,
 * --cache-dir).  A load that finds the last load's file takes its
 * variants, the same bytes it would have made; a file that is corrupt,
 * truncated, of another site, of another format or hostile (well formed,
 * its variants decompressing to other text) is ignored, whole or entry by
 * entry, with the reason, and the variants are made again: never other
 * bytes than a load without a cache makes.  A failed load leaves the file
 * as it was.
 */
#include "config.h"

#include <sys/stat.h>

#include <check.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <utime.h>

#include <zlib.h>

#include "base/util.h"
#include "http/enc_cache.h"
#include "http/encoding.h"

#define NBODIES	4
#define KEY	"/srv/site\n/usr/share/perfil/labels\nhttps://a.example"

static char dir[] = "/tmp/check_enc_cache.XXXXXX";
static char file[4200];

/* Bodies of the sizes a load keeps compressed: small (from
 * ENC_KEPT_MIN), middling, over ENC_LARGE. */
static char *bodies[NBODIES];
static size_t lens[NBODIES];

/* The variants made without a cache: what every load must keep. */
static struct rendered fresh[NBODIES];

static void
make_bodies(void)
{
	static const size_t sizes[NBODIES] = { ENC_KEPT_MIN + 100, 9000,
	    70000, ENC_LARGE + 5000 };
	size_t	 i, k;
	unsigned int seed = 7;

	for (i = 0; i < NBODIES; i++) {
		lens[i] = sizes[i];
		bodies[i] = malloc(lens[i] + 1);
		ck_assert_ptr_nonnull(bodies[i]);
		for (k = 0; k < lens[i]; k++) {
			seed = seed * 1103515245u + 12345u;
			/* Words of text: compressible, not trivially. */
			bodies[i][k] = (seed >> 16) % 7 == 0 ? ' ' :
			    (char)('a' + (seed >> 16) % 26);
		}
		bodies[i][lens[i]] = '\0';
	}
}

static char *
copy_of(size_t i)
{
	char	*p = malloc(lens[i] + 1);

	ck_assert_ptr_nonnull(p);
	memcpy(p, bodies[i], lens[i] + 1);
	return p;
}

/* One load of the bodies through the cache; notes into open_note and
 * close_note; returns the variants reused. */
static uint32_t
load(const char *key, int keep, char *open_note, char *close_note)
{
	struct rendered r;
	uint32_t reused;
	size_t	 i;
	int	 c;

	ck_assert_int_eq(enc_cache_open(dir, key, open_note, 1024), 0);
	for (i = 0; i < NBODIES; i++) {
		ck_assert_int_eq(enc_keep(&r, copy_of(i), lens[i], NULL), 0);
		for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++) {
			ck_assert_uint_eq(r.clen[c], fresh[i].clen[c]);
			ck_assert_msg(r.clen[c] == 0 || memcmp(r.cdata[c],
			    fresh[i].cdata[c], r.clen[c]) == 0,
			    "body %zu, coding %d: other bytes than made", i, c);
		}
		enc_free(&r);
	}
	reused = enc_cache_reused();
	enc_cache_close(keep, close_note, 1024);
	return reused;
}

static void
setup(void)
{
	char	 note[1024];
	size_t	 i;
	int	 c;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	make_bodies();
	for (i = 0; i < NBODIES; i++) {
		ck_assert_int_eq(enc_keep(&fresh[i], copy_of(i), lens[i],
		    NULL), 0);
		for (c = CODING_IDENTITY + 1; c < CODING__MAX; c++)
			ck_assert_uint_gt(fresh[i].clen[c], 0);
	}
	/* The first load writes the file. */
	ck_assert_int_eq(enc_cache_open(dir, KEY, note, sizeof(note)), 0);
	ck_assert_str_eq(note, "");
	ck_assert_int_eq(enc_cache_close(0, note, sizeof(note)), -1);
	ck_assert_uint_eq(load(KEY, 1, note, note), 0);
	ck_assert_ptr_nonnull(strstr(note, "0 of 8 compressed variants "
	    "reused, 8 written to "));
	snprintf(file, sizeof(file), "%s", strstr(note, "written to ") + 11);
}

static void
teardown(void)
{
	char	 cmd[4200];
	size_t	 i;

	for (i = 0; i < NBODIES; i++) {
		enc_free(&fresh[i]);
		free(bodies[i]);
	}
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	ck_assert_int_eq(system(cmd), 0);
	memcpy(dir + strlen(dir) - 6, "XXXXXX", 6);
}

static off_t
size_of(const char *path)
{
	struct stat st;

	ck_assert_int_eq(stat(path, &st), 0);
	return st.st_size;
}

/* Writes p[0..n) over the file's bytes at off. */
static void
poke(off_t off, const unsigned char *p, size_t n)
{
	int	 fd = open(file, O_RDWR);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pwrite(fd, p, n, off), (ssize_t)n);
	close(fd);
}

/* Flips a bit of the byte at off of the file. */
static void
flip(off_t off)
{
	unsigned char b;
	int	 fd = open(file, O_RDONLY);

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pread(fd, &b, 1, off), 1);
	close(fd);
	b ^= 0x20;
	poke(off, &b, 1);
}

START_TEST(reused_same_bytes)
{
	char	 o[1024], c[1024];

	ck_assert_uint_eq(load(KEY, 1, o, c), 8);
	ck_assert_str_eq(o, "");
	ck_assert_ptr_nonnull(strstr(c, "8 of 8 compressed variants reused"));
	/* And again from the file that load wrote. */
	ck_assert_uint_eq(load(KEY, 1, o, c), 8);
}
END_TEST

START_TEST(corrupt)
{
	char	 o[1024], c[1024];

	flip(size_of(file) / 2);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "CRC-32 mismatch (corrupt): "
	    "ignored"));
	/* The load wrote a good one again. */
	ck_assert_uint_eq(load(KEY, 1, o, c), 8);
}
END_TEST

START_TEST(truncated)
{
	char	 o[1024], c[1024];
	off_t	 to[] = { 0, 10, 40, -1, -17 };
	size_t	 i;

	for (i = 0; i < sizeof(to) / sizeof(to[0]); i++) {
		ck_assert_int_eq(truncate(file, to[i] >= 0 ? to[i] :
		    size_of(file) + to[i]), 0);
		ck_assert_uint_eq(load(KEY, 1, o, c), 0);
		ck_assert_msg(strstr(o, "truncated") != NULL,
		    "cut to %jd: %s", (intmax_t)to[i], o);
	}
}
END_TEST

START_TEST(another_site)
{
	char	 o[1024], c[1024], other[4200], cmd[8600];

	/* The other site's file, renamed to this site's name. */
	ck_assert_uint_eq(load(KEY "/", 1, o, c), 0);
	snprintf(other, sizeof(other), "%s", strstr(c, "written to ") + 11);
	ck_assert_str_ne(other, file);
	snprintf(cmd, sizeof(cmd), "cp %s %s", other, file);
	ck_assert_int_eq(system(cmd), 0);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "written for another site: ignored"));
}
END_TEST

/*
 * The header names the compressors (the CRC-32 of enc_coders()): a file
 * another gzip or brotli made is ignored whole, since its variants,
 * right as they are, are other bytes than this program makes.
 */
START_TEST(other_coders)
{
	unsigned char h[4];
	char	 o[1024], c[1024];
	const char *coders = enc_coders();
	uint32_t id;
	int	 fd;

	ck_assert_ptr_nonnull(strstr(coders, "libdeflate "));
	ck_assert_ptr_nonnull(strstr(coders, ", brotli "));
	fd = open(file, O_RDONLY);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(pread(fd, h, 4, 12), 4);
	close(fd);
	id = (uint32_t)crc32(crc32(0, NULL, 0), (const Bytef *)coders,
	    (uInt)strlen(coders));
	ck_assert_uint_eq((uint32_t)h[0] | (uint32_t)h[1] << 8 |
	    (uint32_t)h[2] << 16 | (uint32_t)h[3] << 24, id);
	flip(12);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "made by other compressors than "
	    "this program's: ignored"));
}
END_TEST

START_TEST(not_this_format)
{
	char	 o[1024], c[1024];
	int	 fd;

	/* The version, then the magic. */
	flip(8);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "not a cache file of this version"));
	flip(0);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "not a cache file"));
	/* A directory where the file should be; a link to a good one. */
	unlink(file);
	ck_assert_int_eq(mkdir(file, 0700), 0);
	ck_assert_int_eq(enc_cache_open(dir, KEY, o, sizeof(o)), 0);
	ck_assert_ptr_nonnull(strstr(o, "ignored"));
	enc_cache_close(0, c, sizeof(c));
	rmdir(file);
	fd = open(file, O_WRONLY | O_CREAT, 0600);
	ck_assert_int_ge(fd, 0);
	close(fd);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "truncated"));
}
END_TEST

/* A trailer that counts more entries than the file could hold: refused
 * before anything is allocated for them. */
START_TEST(entry_count)
{
	char	 o[1024], c[1024];
	const unsigned char n[4] = { 0xff, 0xff, 0x1f, 0x00 };	/* 2,097,151 */

	poke(size_of(file) - 8, n, sizeof(n));
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_ptr_nonnull(strstr(o, "more entries than the file holds"));
}
END_TEST

/* Well formed, its CRC right, each variant filed under another body's
 * hash and length: it decompresses to other text and is refused. */
START_TEST(hostile)
{
	char	 o[1024], c[1024];
	size_t	 i;
	int	 k;

	ck_assert_int_eq(enc_cache_open(dir, KEY, o, sizeof(o)), 0);
	for (i = 0; i < NBODIES; i++)
		for (k = CODING_IDENTITY + 1; k < CODING__MAX; k++)
			enc_cache_put((enum coding)k, i == NBODIES - 1 ?
			    (k == CODING_GZIP ? 1 : 2) :
			    (k == CODING_GZIP ? 9 : 5),
			    hash_words64(bodies[i], lens[i]), lens[i],
			    fresh[(i + 1) % NBODIES].cdata[k],
			    fresh[(i + 1) % NBODIES].clen[k]);
	ck_assert_int_eq(enc_cache_close(1, c, sizeof(c)), 0);
	ck_assert_uint_eq(load(KEY, 1, o, c), 0);
	ck_assert_str_eq(o, "");
}
END_TEST

START_TEST(failed_load_keeps_file)
{
	char	 o[1024], c[1024];
	off_t	 before = size_of(file);

	ck_assert_uint_eq(load(KEY, 0, o, c), 8);
	ck_assert_str_eq(c, "");
	ck_assert_int_eq(size_of(file), before);
	ck_assert_uint_eq(load(KEY, 1, o, c), 8);
}
END_TEST

START_TEST(unwritable)
{
	char	 o[1024], bad[4200];

	snprintf(bad, sizeof(bad), "%s/none", dir);
	ck_assert_int_eq(enc_cache_open(bad, KEY, o, sizeof(o)), -1);
	ck_assert_ptr_nonnull(strstr(o, "cannot be written"));
	/* Without a cache, enc_keep compresses as before. */
	ck_assert_int_eq(enc_cache_reused(), 0);
}
END_TEST

/* A load killed before its rename leaves its file: the next load
 * removes this site's that are stale (10 minutes), no other file. */
START_TEST(stale_temporary_files)
{
	char	 o[1024], c[1024], stale[4400], fresh_tmp[4400], other[4400];
	char	*base = strrchr(file, '/') + 1;
	struct utimbuf old = { 1000000000, 1000000000 };
	FILE	*f;
	int	 i;

	/* .perfil-HASH.XXXXXX, as mkstemp names them */
	snprintf(stale, sizeof(stale), "%s/.%.*s.aaaaaa", dir,
	    (int)(strlen(base) - 7), base);
	snprintf(fresh_tmp, sizeof(fresh_tmp), "%s/.%.*s.bbbbbb", dir,
	    (int)(strlen(base) - 7), base);
	snprintf(other, sizeof(other), "%s/.perfil-0000000000000000.cccccc",
	    dir);
	for (i = 0; i < 3; i++) {
		f = fopen(i == 0 ? stale : i == 1 ? fresh_tmp : other, "w");
		ck_assert_ptr_nonnull(f);
		fclose(f);
	}
	ck_assert_int_eq(utime(stale, &old), 0);
	ck_assert_int_eq(utime(other, &old), 0);
	ck_assert_uint_eq(load(KEY, 1, o, c), 8);
	ck_assert_int_eq(access(stale, F_OK), -1);
	ck_assert_int_eq(access(fresh_tmp, F_OK), 0);
	ck_assert_int_eq(access(other, F_OK), 0);
}
END_TEST

static Suite *
suite(void)
{
	Suite	*s = suite_create("enc_cache");
	TCase	*tc = tcase_create("cache");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, reused_same_bytes);
	tcase_add_test(tc, corrupt);
	tcase_add_test(tc, truncated);
	tcase_add_test(tc, another_site);
	tcase_add_test(tc, other_coders);
	tcase_add_test(tc, not_this_format);
	tcase_add_test(tc, hostile);
	tcase_add_test(tc, entry_count);
	tcase_add_test(tc, failed_load_keeps_file);
	tcase_add_test(tc, unwritable);
	tcase_add_test(tc, stale_temporary_files);
	suite_add_tcase(s, tc);
	return s;
}

int
main(void)
{
	SRunner	*sr = srunner_create(suite());
	int	 failed;

	srunner_run_all(sr, CK_NORMAL);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
