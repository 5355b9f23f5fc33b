/*
 * bibtex_read.c: a BibTeX library read with libbtparse within bounds
 * (bibtex_int.h, bibtex.h): the bytes checked first, then the entries
 * parsed, each regular entry kept with its key and line.
 */
#include "config.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#ifdef HAVE_BTPARSE
#include "import/bibtex_int.h"

const char *const bibtex_months[12] = { "jan", "feb", "mar", "apr", "may",
    "jun", "jul", "aug", "sep", "oct", "nov", "dec" };
static const char *const month_names[] = { "January", "February", "March",
    "April", "May", "June", "July", "August", "September", "October",
    "November", "December" };

/* Keeps s (btparse's copy of a value) to free with lb; returns it, or
 * NULL (s NULL or out of memory: then s is freed). */
static char *
keep(struct bibtex_lib *lb, char *s)
{
	char	**t;

	if (s == NULL)
		return NULL;
	if (lb->ntexts == lb->captexts) {
		if ((t = realloc(lb->texts, (lb->captexts * 2 + 16) *
		    sizeof(*t))) == NULL) {
			free(s);
			return NULL;
		}
		lb->texts = t;
		lb->captexts = lb->captexts * 2 + 16;
	}
	return lb->texts[lb->ntexts++] = s;
}

/* The value of field name in e (crossref's entry for what e lacks),
 * or NULL. */
static char *
field(struct bibtex_lib *lb, const struct bibtex_entry *e, const char *name,
    int depth)
{
	AST	*f = NULL;
	char	*fname, *cr = NULL;
	int	 i;

	while ((f = bt_next_field(e->ast, f, &fname)) != NULL) {
		if (strcmp(fname, name) == 0)
			return keep(lb, bt_get_text(f));
		if (strcmp(fname, "crossref") == 0)
			cr = keep(lb, bt_get_text(f));
	}
	if (cr == NULL || depth > 0)
		return NULL;
	for (i = 0; i < lb->n; i++)
		if (strcasecmp(lb->e[i].key, cr) == 0)
			return field(lb, &lb->e[i], name, depth + 1);
	return NULL;
}


/* The value of field name in e, crossref's entry's when e has none, or
 * NULL.  lb keeps it: do not free it. */
char *
bibtex_field(struct bibtex_lib *lb, const struct bibtex_entry *e,
    const char *name)
{
	return field(lb, e, name, 0);
}

/*
 * Checks the library s (len bytes, NUL-terminated) before btparse sees
 * it: UTF-8 text without NUL, braces nested at most BIBTEX_MAX_DEPTH,
 * at most BIBTEX_MAX_BYTES.  Returns 0, or -1 with err set
 * ("FILE:LINE: reason").
 */
static int
check_library(const char *file, const char *s, size_t len, char *err,
    size_t errlen)
{
	size_t	 i, from;
	int	 depth = 0, line = 1;

	for (i = 0, from = 0; i < len; i++) {
		if (s[i] == '\0') {
			snprintf(err, errlen, "%s:%d: a NUL byte: not a BibTeX "
			    "library (binary data?)", file, line);
			return -1;
		}
		if (s[i] == '{' && ++depth > BIBTEX_MAX_DEPTH) {
			snprintf(err, errlen, "%s:%d: braces nested deeper than "
			    "%d", file, line, BIBTEX_MAX_DEPTH);
			return -1;
		}
		if (s[i] == '}' && depth > 0)
			depth--;
		if (s[i] == '\n' || i + 1 == len) {
			if (!utf8_valid(s + from, i + 1 - from)) {
				snprintf(err, errlen, "%s:%d: not UTF-8 text "
				    "(binary data?)", file, line);
				return -1;
			}
			line++;
			from = i + 1;
		}
	}
	if (len > BIBTEX_MAX_BYTES) {
		snprintf(err, errlen, "%s: larger than %d bytes", file,
		    BIBTEX_MAX_BYTES);
		return -1;
	}
	return 0;
}

/*
 * The bytes of the library: lb->data when set, else lb->file's (at
 * most one byte past BIBTEX_MAX_BYTES, which check_library refuses).
 * Returns a NUL-terminated copy (free it) or NULL with lb->err set.
 */
static char *
read_library(struct bibtex_lib *lb, size_t *lenp)
{
	struct stat st;
	char	*s = NULL;
	size_t	 len = 0;
	ssize_t	 r;
	int	 fd = -1;

	if (lb->data != NULL) {
		len = lb->len > BIBTEX_MAX_BYTES ? BIBTEX_MAX_BYTES + 1 :
		    lb->len;
		if ((s = malloc(len + 1)) == NULL)
			goto oom;
		memcpy(s, lb->data, len);
		goto done;
	}
	if ((fd = open(lb->file, O_RDONLY | O_CLOEXEC | O_NONBLOCK)) == -1 ||
	    fstat(fd, &st) == -1) {
		snprintf(lb->err, lb->errlen, "%s: %s", lb->file,
		    strerror(errno));
		goto err;
	}
	if (!S_ISREG(st.st_mode)) {
		snprintf(lb->err, lb->errlen, "%s: not a regular file",
		    lb->file);
		goto err;
	}
	if ((s = malloc(BIBTEX_MAX_BYTES + 2)) == NULL)
		goto oom;
	while (len <= BIBTEX_MAX_BYTES && (r = read(fd, s + len,
	    BIBTEX_MAX_BYTES + 1 - len)) > 0)
		len += (size_t)r;
	close(fd);
	fd = -1;
done:
	s[len] = '\0';
	if (check_library(lb->file, s, len, lb->err, lb->errlen) == -1)
		goto err;
	*lenp = len;
	return s;
oom:
	snprintf(lb->err, lb->errlen, "out of memory");
err:
	if (fd != -1)
		close(fd);
	free(s);
	return NULL;
}

/* The line of s (len bytes) at byte offset off, 1 first. */
static int
line_at(const char *s, size_t off)
{
	int	 line = 1;
	size_t	 i;

	for (i = 0; i < off; i++)
		if (s[i] == '\n')
			line++;
	return line;
}

/*
 * Lets btparse finish with f (len bytes).  It keeps static state for
 * the file it reads and drops it only when called on that file at its
 * end, the one call that returns NULL with ok (clean: the last call
 * did); left behind (a library refused before its end, or one so
 * malformed that btparse gives up), the next library's first call is
 * refused as interleaved, a fatal error that exits.  Reads the rest,
 * within the bounds checked already and at most a call per byte.
 */
static void
bt_finish(FILE *f, const char *file, size_t len, int clean)
{
	AST	*a;
	boolean	 ok;
	size_t	 n;

	for (n = 0; !clean && n <= len + 1; n++) {
		if ((a = bt_parse_entry(f, (char *)file, 0, &ok)) != NULL)
			bt_free_ast(a);
		else
			clean = ok;
	}
}

/* Parses the library's entries into lb (btparse's messages, with the
 * file and line, go to standard error too).  Returns 0 or -1. */
static int
parse(struct bibtex_lib *lb, char *s, size_t len)
{
	FILE	*f;
	AST	*a;
	boolean	 ok = FALSE;
	int	 k, i, bad = 0, clean;
	char	*key;

	if ((f = fmemopen(s, len, "r")) == NULL) {
		snprintf(lb->err, lb->errlen, "%s: %s", lb->file,
		    strerror(errno));
		return -1;
	}
	bt_initialize();
	lb->bt = 1;
	bt_delete_all_macros();
	for (k = 0; k < 12; k++)
		bt_add_macro_text((char *)bibtex_months[k], (char *)month_names[k],
		    NULL, 0);
	bt_set_stringopts(BTE_REGULAR, BTO_FULL);
	bt_set_stringopts(BTE_MACRODEF, BTO_FULL);
	bt_reset_error_counts();
	while ((a = bt_parse_entry(f, (char *)lb->file, 0, &ok)) != NULL) {
		if (!ok || bt_get_error_count(BTERR_CONTENT) > 0 ||
		    bt_get_error_count(BTERR_LEXERR) > 0 ||
		    bt_get_error_count(BTERR_SYNTAX) > 0 ||
		    bt_get_error_count(BTERR_LEXWARN) > 0) {
			snprintf(lb->err, lb->errlen, "%s:%d: not well-formed "
			    "BibTeX (%s)", lb->file, a->line,
			    bt_get_error_count(BTERR_CONTENT) > 0 ?
			    "an undefined macro or a bad value" :
			    "a syntax error, such as an unclosed brace");
			bt_free_ast(a);
			bad = 1;
			break;
		}
		if (bt_entry_metatype(a) != BTE_REGULAR) {
			bt_free_ast(a);
			continue;
		}
		if (lb->n >= BIBTEX_MAX_ENTRIES) {
			snprintf(lb->err, lb->errlen, "%s:%d: more than %d "
			    "entries", lb->file, a->line, BIBTEX_MAX_ENTRIES);
			bt_free_ast(a);
			bad = 1;
			break;
		}
		key = bt_entry_key(a);
		for (i = 0; key != NULL && i < lb->n; i++)
			if (strcasecmp(lb->e[i].key, key) == 0)
				break;
		if (key == NULL || i < lb->n) {
			snprintf(lb->err, lb->errlen, "%s:%d: %s%s%s", lb->file,
			    a->line, key ? "the key " : "an entry without a "
			    "key", key ? key : "", key ? " is given twice "
			    "(first on line " : "");
			if (key != NULL)
				snprintf(lb->err + strlen(lb->err), lb->errlen -
				    strlen(lb->err), "%d)", lb->e[i].line);
			bt_free_ast(a);
			bad = 1;
			break;
		}
		lb->e[lb->n].ast = a;
		lb->e[lb->n].key = key;
		lb->e[lb->n].line = a->line;
		snprintf(lb->e[lb->n].type, sizeof(lb->e[lb->n].type), "%s",
		    bt_entry_type(a));
		for (k = 0; lb->e[lb->n].type[k] != '\0'; k++)
			lb->e[lb->n].type[k] = (char)tolower(
			    (unsigned char)lb->e[lb->n].type[k]);
		lb->n++;
	}
	clean = !bad && ok;
	if (!bad && !feof(f) && ferror(f)) {
		snprintf(lb->err, lb->errlen, "%s:%d: cannot read", lb->file,
		    line_at(s, (size_t)ftell(f)));
		bad = 1;
	}
	if (!bad && (bt_get_error_count(BTERR_LEXERR) > 0 ||
	    bt_get_error_count(BTERR_SYNTAX) > 0)) {
		snprintf(lb->err, lb->errlen, "%s:%d: not well-formed BibTeX "
		    "(a syntax error, such as an unclosed brace)", lb->file,
		    line_at(s, len));
		bad = 1;
	}
	bt_finish(f, lb->file, len, clean);
	fclose(f);
	return bad ? -1 : 0;
}

/* The child of probe() that btparse ends with exit(): ends at once (no
 * stdio flushed twice, no leak check of a parse cut short). */
static void
probe_exited(void)
{
	_exit(1);
}

/*
 * btparse calls exit(1) on some malformed libraries (its usage_error,
 * "bt_postprocess_field: invalid AST node", after its error recovery).
 * The library is parsed first in a child process, its messages kept in a
 * temporary file: when btparse ended it (or it died), they are shown and
 * the library refused in perfil's words, with the last line they name;
 * the caller's process is untouched.  Returns 0 (the child's parse
 * returned, well or not: the real parse says which) or -1.
 */
static int
probe(struct bibtex_lib *lb, char *s, size_t len)
{
	char	 m[4096], *p;
	FILE	*msgs;
	pid_t	 pid;
	size_t	 n;
	int	 status, line = 0;

	if ((msgs = tmpfile()) == NULL) {
		snprintf(lb->err, lb->errlen, "a temporary file: %s",
		    strerror(errno));
		return -1;
	}
	fflush(NULL);
	if ((pid = fork()) == -1) {
		snprintf(lb->err, lb->errlen, "fork: %s", strerror(errno));
		fclose(msgs);
		return -1;
	}
	if (pid == 0) {
		dup2(fileno(msgs), STDERR_FILENO);
		atexit(probe_exited);
		(void)parse(lb, s, len);
		_exit(0);
	}
	while (waitpid(pid, &status, 0) == -1 && errno == EINTR)
		continue;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
		fclose(msgs);
		return 0;
	}
	/* Its messages, the first 4 KiB, and the last line they name. */
	rewind(msgs);
	n = fread(m, 1, sizeof(m) - 1, msgs);
	m[n] = '\0';
	fclose(msgs);
	fputs(m, stderr);
	for (p = m; (p = strstr(p, ", line ")) != NULL; p += 7)
		line = atoi(p + 7);
	snprintf(lb->err, lb->errlen, "%s:%d: not well-formed BibTeX (the "
	    "parser gave up on it%s)", lb->file, line > 0 ? line : 1,
	    WIFSIGNALED(status) ? ", killed by a signal" : "");
	return -1;
}

/*
 * Reads the library (lb->data, else lb->file) into lb: its entries, or
 * -1 with lb->err set ("FILE:LINE: reason").  Free it with
 * bibtex_lib_free either way.
 */
int
bibtex_read(struct bibtex_lib *lb)
{
	char	*s;
	size_t	 len;
	int	 rc;

	if ((s = read_library(lb, &len)) == NULL)
		return -1;
	if ((lb->e = calloc(BIBTEX_MAX_ENTRIES, sizeof(*lb->e))) == NULL) {
		snprintf(lb->err, lb->errlen, "out of memory");
		free(s);
		return -1;
	}
	rc = probe(lb, s, len) == -1 ? -1 : parse(lb, s, len);
	free(s);
	return rc;
}

void
bibtex_lib_free(struct bibtex_lib *lb)
{
	int	 i;

	for (i = 0; i < lb->n; i++)
		bt_free_ast(lb->e[i].ast);
	while (lb->ntexts > 0)
		free(lb->texts[--lb->ntexts]);
	free(lb->texts);
	free(lb->e);
	lb->e = NULL;
	lb->n = 0;
	if (lb->bt) {	/* its string and macro tables (LeakSanitizer) */
		bt_cleanup();
		lb->bt = 0;
	}
}
#endif /* HAVE_BTPARSE */
