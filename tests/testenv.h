/*
 * testenv.h: drives handle_request with a synthetic FastCGI
 * environment, for the unit tests.  One application is loaded from
 * the demo content for the whole test program.
 */
#ifndef PERFIL_TESTENV_H
#define PERFIL_TESTENV_H

#include <stdio.h>
#include <string.h>

#include "http/encoding.h"
#include "server/app_load.h"
#include "server/handler.h"

#define TEST_BASE	"http://test.example"

static struct config test_cfg = { .content_dir = TEST_CONTENT_DIR,
    .base_url = TEST_BASE, .labels_dir = TEST_LABELS_DIR };
static struct app test_app;
static struct response test_resp;
static struct arena test_arena;
static struct buf test_wire;
static struct buf test_text;

static inline void
testenv_setup(void)
{
	char	 err[1024];

	/* As main does: PERFIL_TEST_FAST_COMPRESSION (tests/lib/unit-valgrind
	 * sets it) compresses the load's answers at the fastest levels. */
	enc_init();
	if (app_load(&test_app, &test_cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "test content: %s\n", err);
		abort();
	}
	resp_init(&test_resp);
	arena_init(&test_arena, 4096);
	buf_init(&test_wire);
	buf_init(&test_text);
}

static inline void
testenv_teardown(void)
{
	buf_free(&test_wire);
	buf_free(&test_text);
	arena_free(&test_arena);
	resp_free(&test_resp);
	app_free(&test_app);
}

/*
 * Runs one request: method, path, query (may be NULL) and up to three
 * extra "NAME=value" environment entries.  Returns the response, whose
 * wire form is in test_wire.
 */
static inline struct response *
run(const char *method, const char *path, const char *query,
    const char *h1, const char *h2, const char *h3)
{
	const char *extra[4] = { h1, h2, h3, NULL };

	/* handle_synthetic stops at the first NULL: close the gaps */
	if (extra[1] == NULL) {
		extra[1] = extra[2];
		extra[2] = NULL;
	}
	if (extra[0] == NULL) {
		extra[0] = extra[1];
		extra[1] = extra[2];
		extra[2] = NULL;
	}
	if (handle_synthetic(&test_app, method, path, query, extra,
	    &test_resp, &test_arena) == -1)
		resp_reset(&test_resp);
	resp_serialize(&test_resp, &test_wire);
	return &test_resp;
}

/* The last answer's body as a C string, whether the handler wrote it
 * or it is bytes kept at start-up (resp_body). */
/* The code points of UTF-8 s (snippet lengths). */
static inline size_t		/* inline: not every suite counts them */
test_code_points(const char *s)
{
	size_t	 n = 0;

	for (; *s != '\0'; s++)
		if (((unsigned char)*s & 0xc0) != 0x80)
			n++;
	return n;
}

static inline const char *	/* inline: not every suite reads it */
test_body(void)
{
	const char *b;
	size_t	 n;

	b = resp_body(&test_resp, &n);
	buf_reset(&test_text);
	buf_append(&test_text, b, n);
	return buf_cstr(&test_text);
}

/* Returns 1 if the wire form has the header line "Name: value". */
static inline int
has_header(const char *name, const char *value)
{
	char	 line[512];
	const char *end = strstr(buf_cstr(&test_wire), "\r\n\r\n");

	snprintf(line, sizeof(line), "\r\n%s: %s\r\n", name, value);
	return end != NULL && strstr(buf_cstr(&test_wire), line) != NULL &&
	    strstr(buf_cstr(&test_wire), line) < end;
}

#endif /* PERFIL_TESTENV_H */
