/*
 * fuzz_handler.c: libFuzzer target for the whole request handler
 * (handle_request, resp_serialize) fed a synthetic FastCGI
 * environment, with the demo content loaded once.
 *
 * The input is split at '\n'.  Line 1 is REQUEST_METHOD, line 2
 * DOCUMENT_URI, line 3 QUERY_STRING; a line that is exactly "!" leaves
 * that variable out.  Every further line is a raw "NAME=value" entry
 * (HTTP_ACCEPT_LANGUAGE=..., REQUEST_URI=..., PATH_INFO=..., ...).
 * A line that is exactly "BODY" ends the environment: the bytes after
 * it are the request body (a POST /mcp's JSON-RPC message, say).
 *
 * Checked beyond the sanitizers: the status is a 2xx, 3xx or 4xx
 * (never 5xx), a JSON body parses, a JSON error is the five-member
 * envelope repeating the status (or, from /mcp, a JSON-RPC 2.0 error
 * object), and the header block has no bare CR or LF (no header
 * injection).
 *
 * PERFIL_FUZZ_CONTENT overrides the content directory.
 */
#include "config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "server/app_load.h"
#include "server/handler.h"

#define MAX_ENV	64

int	 LLVMFuzzerInitialize(int *, char ***);
int	 LLVMFuzzerTestOneInput(const uint8_t *, size_t);

static struct config cfg = { .content_dir = FUZZ_CONTENT_DIR,
    .base_url = "http://fuzz.example", .labels_dir = FUZZ_LABELS_DIR };
static struct app app;
static struct response resp;
static struct arena arena;
static struct buf wire;

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	char	 err[1024];
	const char *dir = getenv("PERFIL_FUZZ_CONTENT");

	(void)argc;
	(void)argv;
	if (dir != NULL && *dir != '\0')
		cfg.content_dir = dir;
	if (app_load(&app, &cfg, err, sizeof(err)) == -1) {
		fprintf(stderr, "fuzz_handler: content %s: %s\n",
		    cfg.content_dir, err);
		exit(1);
	}
	resp_init(&resp);
	arena_init(&arena, 16384);
	buf_init(&wire);
	return 0;
}

/* Aborts unless the JSON error envelope is exactly right. */
static void
check_error(const cJSON *j, int status)
{
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "error");
	const cJSON *st;

	if (cJSON_GetArraySize(j) != 1 || !cJSON_IsObject(e) ||
	    cJSON_GetArraySize(e) != 5)
		abort();
	st = cJSON_GetObjectItemCaseSensitive(e, "status");
	if (!cJSON_IsNumber(st) || st->valueint != status ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "code")) ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "message")) ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "hint")) ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e,
	    "documentation_url")))
		abort();
}

/*
 * Aborts unless j is exactly a JSON-RPC 2.0 error object, the form /mcp
 * answers its errors in (docs/mcp.md): jsonrpc "2.0", an id (null, a
 * number or a string), and an error with an integer code, a message
 * and optionally data (an object: -32022's versions, a URI not found).
 */
static void
check_rpc_error(const cJSON *j)
{
	const cJSON *v = cJSON_GetObjectItemCaseSensitive(j, "jsonrpc");
	const cJSON *id = cJSON_GetObjectItemCaseSensitive(j, "id");
	const cJSON *e = cJSON_GetObjectItemCaseSensitive(j, "error");
	const cJSON *code;

	if (cJSON_GetArraySize(j) != 3 || !cJSON_IsString(v) ||
	    strcmp(v->valuestring, "2.0") != 0 || id == NULL ||
	    !(cJSON_IsNull(id) || cJSON_IsNumber(id) || cJSON_IsString(id)) ||
	    !cJSON_IsObject(e) || cJSON_GetArraySize(e) != 2 +
	    cJSON_HasObjectItem(e, "data") ||
	    (cJSON_HasObjectItem(e, "data") && !cJSON_IsObject(
	    cJSON_GetObjectItemCaseSensitive(e, "data"))))
		abort();
	code = cJSON_GetObjectItemCaseSensitive(e, "code");
	if (!cJSON_IsNumber(code) || code->valuedouble != code->valueint ||
	    !cJSON_IsString(cJSON_GetObjectItemCaseSensitive(e, "message")))
		abort();
}

/* Aborts on a bare CR or LF in the header block of the wire form. */
static void
check_headers(const char *w, size_t n)
{
	const char *end = NULL;
	size_t	 i;

	for (i = 0; i + 3 < n; i++)
		if (memcmp(w + i, "\r\n\r\n", 4) == 0) {
			end = w + i;
			break;
		}
	if (end == NULL || strncmp(w, "Status: ", 8) != 0)
		abort();
	for (i = 0; w + i < end; i++) {
		if (w[i] == '\r' && w[i + 1] != '\n')
			abort();
		if (w[i] == '\n' && (i == 0 || w[i - 1] != '\r'))
			abort();
		if (w[i] == '\0')
			abort();
	}
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char *const roles[] = { "REQUEST_METHOD=",
	    "DOCUMENT_URI=", "QUERY_STRING=" };
	char	*copy, *line, *next, *env[MAX_ENV + 1];
	size_t	 nenv = 0, nline = 0, len;
	cJSON	*j;
	const char *body, *rbody = NULL;
	size_t	 blen, rlen = 0;

	if ((copy = malloc(size + 1)) == NULL)
		return 0;
	memcpy(copy, data, size);
	copy[size] = '\0';
	if ((line = memmem(copy, size, "\nBODY\n", 6)) != NULL) {
		*line = '\0';
		rbody = line + 6;
		rlen = size - (size_t)(rbody - copy);
	}
	arena_reset(&arena);
	for (line = copy; line != NULL && nenv < MAX_ENV; line = next,
	    nline++) {
		if ((next = strchr(line, '\n')) != NULL)
			*next++ = '\0';
		if (nline < 3) {
			if (strcmp(line, "!") == 0)
				continue;
			len = strlen(roles[nline]) + strlen(line) + 1;
			if ((env[nenv] = arena_alloc(&arena, len)) == NULL)
				break;
			snprintf(env[nenv], len, "%s%s", roles[nline], line);
			nenv++;
		} else if (*line != '\0')
			env[nenv++] = line;
	}
	env[nenv] = NULL;

	handle_request(&app, env, rbody, rlen, &resp, &arena);
	if (resp.status < 200 || resp.status > 499)
		abort();
	body = resp_body(&resp, &blen);
	if (resp.content_type != NULL && resp.content_encoding == NULL &&
	    strncmp(resp.content_type, "application/json", 16) == 0 &&
	    blen > 0) {
		if ((j = cJSON_ParseWithLength(body, blen)) == NULL)
			abort();
		/* /mcp answers JSON-RPC errors; everything else the
		 * API's envelope */
		if (resp.status >= 400 &&
		    cJSON_GetObjectItemCaseSensitive(j, "jsonrpc") != NULL)
			check_rpc_error(j);
		else if (resp.status >= 400)
			check_error(j, resp.status);
		cJSON_Delete(j);
	}
	resp_serialize(&resp, &wire);
	check_headers(wire.data, wire.len);
	buf_reset(&wire);
	free(copy);
	return 0;
}
