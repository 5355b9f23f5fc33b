/*
 * linkedin_map.c: the CSV files of a LinkedIn archive as a JSON Resume
 * document.  One table row per file names its JSON Resume section and,
 * per column, the member it fills and how (a text, a date, or nothing:
 * reported); the profile's, the e-mail's, the telephone's, the skills'
 * and the recommendations' files need a few lines of their own.  A
 * file's header is the first record naming one of its columns (some
 * files carry notes above it); a column the table requires and the
 * header lacks, a date in none of LinkedIn's forms, a record longer
 * than the header stop the import with the file, the line and the
 * reason.  Every non-empty value of a column without a place is
 * reported once per column; a file the table does not name, once.
 */
#include "config.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <unicode/uloc.h>
#include <unicode/ustring.h>

#include "base/csv.h"
#include "import/linkedin_int.h"

enum how {
	LI_TEXT,		/* the value as it is */
	LI_DATE,		/* a date (parse_date), ISO */
	LI_NONE			/* no place: reported */
};

struct col {
	const char *name;	/* LinkedIn's header */
	const char *member;	/* JSON Resume's, or NULL */
	enum how how;
	int	 required;	/* the header must have it */
	const char *why;	/* LI_NONE: the report's reason */
};

#define COL(n, m, h)		{ n, m, h, 0, NULL }
#define KEY(n, m)		{ n, m, LI_TEXT, 1, NULL }
#define NONE(n, w)		{ n, NULL, LI_NONE, 0, w }
#define NOPLACE			"perfil has no place for it"

struct file {
	const char *name;	/* in the archive */
	const char *section;	/* JSON Resume's; NULL: basics (by code) */
	struct col cols[14];	/* a NULL name ends them */
};

static const struct file files[] = {
	{ "Profile.csv", NULL, {
	    KEY("First Name", NULL), COL("Last Name", NULL, LI_TEXT),
	    COL("Headline", "label", LI_TEXT),
	    COL("Summary", "summary", LI_TEXT),
	    COL("Geo Location", NULL, LI_TEXT),
	    COL("Address", NULL, LI_TEXT), COL("Zip Code", NULL, LI_TEXT),
	    COL("Websites", NULL, LI_TEXT),
	    NONE("Maiden Name", NOPLACE),
	    NONE("Birth Date", "perfil publishes no birth date"),
	    NONE("Industry", NOPLACE), NONE("Twitter Handles", "a handle "
	    "without a URL; add it to profile.json's profiles"),
	    NONE("Instant Messengers", NOPLACE) } },
	{ "Positions.csv", "work", {
	    KEY("Company Name", "name"), COL("Title", "position", LI_TEXT),
	    COL("Description", "summary", LI_TEXT),
	    COL("Location", "location", LI_TEXT),
	    COL("Started On", "startDate", LI_DATE),
	    COL("Finished On", "endDate", LI_DATE) } },
	{ "Education.csv", "education", {
	    KEY("School Name", "institution"),
	    COL("Start Date", "startDate", LI_DATE),
	    COL("End Date", "endDate", LI_DATE),
	    COL("Degree Name", "studyType", LI_TEXT),
	    COL("Notes", "summary", LI_TEXT),
	    NONE("Activities", NOPLACE) } },
	{ "Skills.csv", "skills", { KEY("Name", NULL) } },
	{ "Languages.csv", "languages", {
	    KEY("Name", "language"), COL("Proficiency", "fluency", LI_TEXT) } },
	{ "Certifications.csv", "certificates", {
	    KEY("Name", "name"), COL("Url", "url", LI_TEXT),
	    COL("Authority", "issuer", LI_TEXT),
	    COL("Started On", "date", LI_DATE),
	    NONE("Finished On", "perfil has no expiry date"),
	    NONE("License Number", NOPLACE) } },
	{ "Projects.csv", "projects", {
	    KEY("Title", "name"), COL("Description", "description", LI_TEXT),
	    COL("Url", "url", LI_TEXT),
	    COL("Started On", "startDate", LI_DATE),
	    COL("Finished On", "endDate", LI_DATE) } },
	{ "Publications.csv", "publications", {
	    KEY("Name", "name"), COL("Published On", "releaseDate", LI_DATE),
	    COL("Description", "summary", LI_TEXT),
	    COL("Publisher", "publisher", LI_TEXT),
	    COL("Url", "url", LI_TEXT) } },
	{ "Honors.csv", "awards", {
	    KEY("Title", "title"), COL("Description", "summary", LI_TEXT),
	    COL("Issued On", "date", LI_DATE) } },
	{ "Volunteering.csv", "volunteer", {
	    KEY("Company Name", "organization"),
	    COL("Role", "position", LI_TEXT),
	    COL("Started On", "startDate", LI_DATE),
	    COL("Finished On", "endDate", LI_DATE),
	    COL("Description", "summary", LI_TEXT),
	    NONE("Cause", NOPLACE) } },
	{ "Recommendations_Received.csv", "references", {
	    KEY("First Name", NULL), COL("Last Name", NULL, LI_TEXT),
	    KEY("Text", "reference"), COL("Status", NULL, LI_TEXT),
	    NONE("Company", "a reference has a name and a text only"),
	    NONE("Job Title", "a reference has a name and a text only"),
	    NONE("Creation Date", "a reference has no date") } },
	{ "Email Addresses.csv", NULL, {
	    KEY("Email Address", NULL), COL("Primary", NULL, LI_TEXT),
	    COL("Confirmed", NULL, LI_TEXT), COL("Updated On", NULL,
	    LI_TEXT) } },
	{ "PhoneNumbers.csv", NULL, {
	    KEY("Number", NULL), COL("Type", NULL, LI_TEXT),
	    COL("Extension", NULL, LI_TEXT) } },
};
#define NFILES	(sizeof(files) / sizeof(files[0]))

/* One file being mapped: its table row, records and columns' places. */
struct sheet {
	const struct file *f;
	struct csv t;
	size_t	 header;	/* the header's record */
	int	 at[14];	/* column k's field, or -1 */
	const char *zip;
};

struct map {
	const char *zip;
	struct buf *report;
	char	*err;
	size_t	 errlen;
	int	 oom;
};

int
li_wanted(const char *base)
{
	size_t	 i;

	for (i = 0; i < NFILES; i++)
		if (strcmp(files[i].name, base) == 0)
			return 1;
	return 0;
}

/* Record r's value of column name, or NULL (absent or empty). */
static const char *
cell(const struct sheet *s, size_t r, const char *name)
{
	const struct csv_row *row = &s->t.row[r];
	int	 k;

	for (k = 0; s->f->cols[k].name != NULL; k++)
		if (strcmp(s->f->cols[k].name, name) == 0)
			break;
	if (s->f->cols[k].name == NULL || s->at[k] < 0 ||
	    (size_t)s->at[k] >= row->n || row->cell[s->at[k]][0] == '\0')
		return NULL;
	return row->cell[s->at[k]];
}

static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May",
	"Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };

/* A whole number of 1 to max digits at *p, advancing; -1 if none. */
static int
digits(const char **p, int max)
{
	int	 v = 0, n = 0;

	while (n < max && isdigit((unsigned char)**p)) {
		v = v * 10 + (**p - '0');
		(*p)++;
		n++;
	}
	return n == 0 || isdigit((unsigned char)**p) ? -1 : v;
}

/*
 * One of LinkedIn's date forms as an ISO date in out: "2020", "Jan
 * 2020", "Jan 15, 2020", "01/15/20" or "1/15/2020" (month first; a
 * time after a comma is ignored), "2020-01-15".  Returns out, or NULL.
 */
static const char *
parse_date(const char *s, char *out, size_t len)
{
	const char *p = s;
	int	 y = -1, m = 0, d = 0, i, two;
	time_t	 now;
	struct tm tm;

	for (i = 0; i < 12; i++)
		if (strncmp(s, months[i], 3) == 0 && s[3] == ' ')
			break;
	if (i < 12) {
		m = i + 1;
		p = s + 4;
		if ((d = digits(&p, 2)) >= 1 && *p == ',' && p[1] == ' ') {
			p += 2;
			y = digits(&p, 4);
		} else if (d == -1 || *p != '\0') {
			p = s + 4;
			d = 0;
			y = digits(&p, 4);
		} else
			return NULL;
	} else if (strchr(s, '/') != NULL) {
		m = digits(&p, 2);
		if (*p++ != '/' || (d = digits(&p, 2)) < 1 || *p++ != '/')
			return NULL;
		two = (int)strspn(p, "0123456789") == 2;
		if ((y = digits(&p, 4)) < 0)
			return NULL;
		if (two) {
			now = time(NULL);
			gmtime_r(&now, &tm);
			y += y <= tm.tm_year % 100 ? 2000 : 1900;
		}
		if (*p == ',')
			p = "";
	} else {
		y = digits(&p, 4);
		if (*p == '-') {
			p++;
			if ((m = digits(&p, 2)) < 1 || *p++ != '-' ||
			    (d = digits(&p, 2)) < 1)
				return NULL;
		}
	}
	if (*p != '\0' || y < 1000 || m < 0 || m > 12 || d < 0 || d > 31 ||
	    (d > 0 && m == 0))
		return NULL;
	if ((d > 0 ? snprintf(out, len, "%04d-%02d-%02d", y, m, d) : m > 0 ?
	    snprintf(out, len, "%04d-%02d", y, m) : snprintf(out, len, "%04d",
	    y)) >= (int)len)
		return NULL;
	return out;
}

static int
fail(struct map *m, const char *file, size_t line, const char *fmt,
    const char *a, const char *b)
{
	char	 why[512];

	snprintf(why, sizeof(why), fmt, a, b);
	if (line > 0)
		snprintf(m->err, m->errlen, "%s: %s: line %zu: %s", m->zip,
		    file, line, why);
	else
		snprintf(m->err, m->errlen, "%s: %s: %s", m->zip, file, why);
	return -1;
}

/* Finds s's header and its columns' places; checks every record. */
static int
sheet_header(struct map *m, struct sheet *s)
{
	const struct csv_row *h;
	size_t	 r, j;
	int	 k;

	for (r = 0; r < s->t.n; r++) {
		h = &s->t.row[r];
		for (j = 0; j < h->n; j++)
			for (k = 0; s->f->cols[k].name != NULL; k++)
				if (strcmp(h->cell[j], s->f->cols[k].name) == 0)
					goto found;
	}
	return fail(m, s->f->name, 0, "no header naming %s%s (LinkedIn's "
	    "columns)", s->f->cols[0].name, "");
found:
	s->header = r;
	for (k = 0; s->f->cols[k].name != NULL; k++) {
		s->at[k] = -1;
		for (j = 0; j < h->n; j++)
			if (strcmp(h->cell[j], s->f->cols[k].name) == 0)
				s->at[k] = (int)j;
		if (s->at[k] < 0 && s->f->cols[k].required)
			return fail(m, s->f->name, h->line, "the header has "
			    "no column \"%s\"%s", s->f->cols[k].name, "");
	}
	for (j = 0; j < h->n; j++) {
		for (k = 0; s->f->cols[k].name != NULL; k++)
			if (s->at[k] == (int)j)
				break;
		if (s->f->cols[k].name == NULL && *h->cell[j] != '\0')
			buf_printf(m->report, "not imported: %s: column \"%s\""
			    " (%s)\n", s->f->name, h->cell[j], NOPLACE);
	}
	for (r = s->header + 1; r < s->t.n; r++)
		if (s->t.row[r].n > h->n)
			return fail(m, s->f->name, s->t.row[r].line, "more "
			    "fields than the header has%s%s", "", "");
	return 0;
}

/* Reports each LI_NONE column of s that has a value in some record. */
static void
sheet_unplaced(struct map *m, const struct sheet *s)
{
	const struct col *c;
	size_t	 r;

	for (c = s->f->cols; c->name != NULL; c++) {
		if (c->how != LI_NONE)
			continue;
		for (r = s->header + 1; r < s->t.n; r++)
			if (cell(s, r, c->name) != NULL) {
				buf_printf(m->report, "not imported: %s: %s "
				    "(%s)\n", s->f->name, c->name, c->why);
				break;
			}
	}
}

static void
set(struct map *m, cJSON *o, const char *key, const char *v)
{
	if (v != NULL && cJSON_AddStringToObject(o, key, v) == NULL)
		m->oom = 1;
}

/* Record r's columns with a member into o; -1 on a bad date. */
static int
sheet_record(struct map *m, const struct sheet *s, size_t r, cJSON *o)
{
	const struct col *c;
	const char *v;
	char	 iso[16];

	for (c = s->f->cols; c->name != NULL; c++) {
		if (c->member == NULL || (v = cell(s, r, c->name)) == NULL)
			continue;
		if (c->how == LI_DATE) {
			if (parse_date(v, iso, sizeof(iso)) == NULL)
				return fail(m, s->f->name, s->t.row[r].line,
				    "%s \"%s\" is not a date in LinkedIn's "
				    "forms (2020, Jan 2020, Jan 15, 2020, "
				    "01/15/20)", c->name, v);
			v = iso;
		}
		set(m, o, c->member, v);
	}
	return 0;
}

/* "First Last" of record r, in out. */
static const char *
full_name(const struct sheet *s, size_t r, char *out, size_t len)
{
	const char *f = cell(s, r, "First Name"), *l = cell(s, r,
	    "Last Name");

	snprintf(out, len, "%s%s%s", f ? f : "", f && l ? " " : "",
	    l ? l : "");
	return *out ? out : NULL;
}

/* The first http(s) URL in LinkedIn's "Websites" ("[PORTFOLIO:https://
 * a.example,...]"), in out; the others reported. */
static const char *
website(struct map *m, const char *v, char *out, size_t len)
{
	const char *p = v, *q;
	size_t	 n;
	int	 found = 0;

	*out = '\0';
	while (v != NULL && (q = strstr(p, "http")) != NULL) {
		if (strncmp(q, "http://", 7) != 0 && strncmp(q, "https://", 8)
		    != 0) {
			p = q + 4;
			continue;
		}
		n = strcspn(q, ",] \t\r\n");
		if (!found && n < len) {
			memcpy(out, q, n);
			out[n] = '\0';
			found = 1;
		} else
			buf_printf(m->report, "not imported: Profile.csv: "
			    "Websites \"%.*s\" (profile.json has one url; "
			    "add others to its profiles)\n", (int)n, q);
		p = q + n;
	}
	return found ? out : NULL;
}

/*
 * The ISO 3166 code of the country LinkedIn names in English at the end
 * of "Geo Location" ("United Kingdom"), asked of ICU's country names;
 * NULL when none matches.
 */
static const char *
country_code(const char *name, char *out, size_t len)
{
	const char *const *cc;
	UErrorCode ec = U_ZERO_ERROR;
	UChar	 want[128], got[128];
	char	 loc[8];
	int32_t	 n;

	u_strFromUTF8(want, 128, &n, name, -1, &ec);
	if (U_FAILURE(ec) || n >= 128)
		return NULL;
	for (cc = uloc_getISOCountries(); cc != NULL && *cc != NULL; cc++) {
		snprintf(loc, sizeof(loc), "_%s", *cc);
		ec = U_ZERO_ERROR;
		n = uloc_getDisplayCountry(loc, "en", got, 128, &ec);
		if (U_SUCCESS(ec) && n < 128 && u_strcmp(got, want) == 0 &&
		    strlen(*cc) < len) {
			snprintf(out, len, "%s", *cc);
			return out;
		}
	}
	return NULL;
}

/* "City, Region, Country" (LinkedIn's "Geo Location") into loc: the
 * city before the first comma, the country after the last when ICU
 * knows its name, the region between (or after the city). */
static void
geo_location(struct map *m, cJSON *loc, const char *v)
{
	const char *first = strchr(v, ','), *last = strrchr(v, ','), *c;
	char	 buf[512], code[4];

	snprintf(buf, sizeof(buf), "%.*s", first ? (int)(first - v) :
	    (int)strlen(v), v);
	set(m, loc, "city", buf);
	if (first == NULL)
		return;
	for (c = last + 1; *c == ' '; c++)
		;
	if (country_code(c, code, sizeof(code)) != NULL) {
		set(m, loc, "countryCode", code);
		if (last == first)
			return;
	} else
		last = v + strlen(v);
	for (first++; *first == ' '; first++)
		;
	snprintf(buf, sizeof(buf), "%.*s", (int)(last - first), first);
	set(m, loc, "region", buf);
}

/* basics from Profile.csv, Email Addresses.csv, PhoneNumbers.csv. */
static int
basics(struct map *m, struct sheet *sh, cJSON *doc)
{
	struct sheet *p = &sh[0], *e, *t;
	cJSON	*b, *loc;
	const char *v;
	char	 buf[1024];
	size_t	 r;

	if ((b = cJSON_AddObjectToObject(doc, "basics")) == NULL ||
	    (loc = cJSON_CreateObject()) == NULL)
		return m->oom = 1, -1;
	if (p->t.n > p->header + 2)
		buf_printf(m->report, "not imported: Profile.csv: lines after "
		    "the first record (one profile)\n");
	r = p->header + 1;
	if (r < p->t.n) {
		set(m, b, "name", full_name(p, r, buf, sizeof(buf)));
		if (sheet_record(m, p, r, b) == -1) {
			cJSON_Delete(loc);
			return -1;
		}
		set(m, b, "url", website(m, cell(p, r, "Websites"), buf,
		    sizeof(buf)));
		if ((v = cell(p, r, "Geo Location")) != NULL)
			geo_location(m, loc, v);
		set(m, loc, "address", cell(p, r, "Address"));
		set(m, loc, "postalCode", cell(p, r, "Zip Code"));
		sheet_unplaced(m, p);
	}
	if (cJSON_GetArraySize(loc) > 0)
		cJSON_AddItemToObject(b, "location", loc);
	else
		cJSON_Delete(loc);
	e = &sh[11];
	for (r = e->header + 1; e->f != NULL && r < e->t.n; r++)
		if ((v = cell(e, r, "Email Address")) != NULL &&
		    (cJSON_GetObjectItem(b, "email") == NULL ||
		    (cell(e, r, "Primary") != NULL &&
		    strcmp(cell(e, r, "Primary"), "Yes") == 0))) {
			cJSON_DeleteItemFromObject(b, "email");
			set(m, b, "email", v);
		}
	t = &sh[12];
	for (r = t->header + 1; t->f != NULL && r < t->t.n; r++)
		if ((v = cell(t, r, "Number")) != NULL) {
			if (cJSON_GetObjectItem(b, "phone") == NULL)
				set(m, b, "phone", v);
			else
				buf_printf(m->report, "not imported: "
				    "PhoneNumbers.csv: line %zu (profile.json "
				    "has one phone)\n", t->t.row[r].line);
		}
	return 0;
}

/* skills: one category of every skill, its name a placeholder. */
static int
skills(struct map *m, const struct sheet *s, cJSON *doc)
{
	cJSON	*a, *o, *k;
	size_t	 r;

	if (s->f == NULL || s->t.n <= s->header + 1)
		return 0;
	if ((a = cJSON_AddArrayToObject(doc, "skills")) == NULL ||
	    (o = cJSON_CreateObject()) == NULL)
		return m->oom = 1, -1;
	cJSON_AddItemToArray(a, o);
	set(m, o, "name", "TODO: category");
	if ((k = cJSON_AddArrayToObject(o, "keywords")) == NULL)
		return m->oom = 1, -1;
	for (r = s->header + 1; r < s->t.n; r++)
		if (cell(s, r, "Name") != NULL)
			cJSON_AddItemToArray(k, cJSON_CreateString(cell(s, r,
			    "Name")));
	buf_printf(m->report, "placeholder: skills.json: [0].category = "
	    "\"TODO: category\" (LinkedIn's skills have no categories: "
	    "name it, or split it)\n");
	return 0;
}

/* A section from its file's records, one item each. */
static int
section(struct map *m, const struct sheet *s, cJSON *doc)
{
	cJSON	*a, *o;
	char	 name[512];
	size_t	 r;

	if (s->f == NULL || s->t.n <= s->header + 1)
		return 0;
	if ((a = cJSON_AddArrayToObject(doc, s->f->section)) == NULL)
		return m->oom = 1, -1;
	for (r = s->header + 1; r < s->t.n; r++) {
		if (s->t.row[r].n == 1 && s->t.row[r].cell[0][0] == '\0')
			continue;
		if (strcmp(s->f->section, "references") == 0 &&
		    cell(s, r, "Status") != NULL &&
		    strcmp(cell(s, r, "Status"), "VISIBLE") != 0) {
			buf_printf(m->report, "not imported: %s: line %zu "
			    "(a recommendation not shown on your profile: "
			    "Status %s)\n", s->f->name, s->t.row[r].line,
			    cell(s, r, "Status"));
			continue;
		}
		if ((o = cJSON_CreateObject()) == NULL)
			return m->oom = 1, -1;
		cJSON_AddItemToArray(a, o);
		if (sheet_record(m, s, r, o) == -1)
			return -1;
		if (strcmp(s->f->section, "references") == 0)
			set(m, o, "name", full_name(s, r, name,
			    sizeof(name)));
	}
	sheet_unplaced(m, s);
	return 0;
}

cJSON *
li_map(const struct li_archive *ar, const char *zip, struct buf *report,
    char *err, size_t errlen)
{
	struct sheet sh[NFILES];
	struct map m = { zip, report, err, errlen, 0 };
	char	 why[256];
	cJSON	*doc = NULL;
	size_t	 i, j;

	memset(sh, 0, sizeof(sh));
	for (i = 0; i < ar->n; i++) {
		for (j = 0; j < NFILES; j++)
			if (strcmp(ar->e[i].name, files[j].name) == 0)
				break;
		if (j == NFILES) {
			if (strlen(ar->e[i].name) > 4 && strcmp(ar->e[i].name +
			    strlen(ar->e[i].name) - 4, ".csv") == 0)
				buf_printf(report, "not imported: %s (%s)\n",
				    ar->e[i].name, NOPLACE);
			continue;
		}
		if (sh[j].f != NULL) {
			fail(&m, files[j].name, 0, "twice in the archive%s%s",
			    "", "");
			goto out;
		}
		sh[j].f = &files[j];
		if (csv_parse(ar->e[i].data, ar->e[i].len, &sh[j].t,
		    LI_MAX_ROWS, LI_MAX_CELLS, why, sizeof(why)) == -1) {
			sh[j].f = NULL;
			fail(&m, files[j].name, 0, "%s%s", why, "");
			goto out;
		}
		if (sheet_header(&m, &sh[j]) == -1)
			goto out;
	}
	if (sh[0].f == NULL) {
		snprintf(err, errlen, "%s: no Profile.csv: not a LinkedIn "
		    "data archive (or one without the profile: ask for the "
		    "whole archive)", zip);
		goto out;
	}
	if ((doc = cJSON_CreateObject()) == NULL) {
		m.oom = 1;
		goto out;
	}
	if (basics(&m, sh, doc) == -1 || skills(&m, &sh[3], doc) == -1)
		goto fail;
	for (j = 1; j < NFILES; j++)
		if (j != 3 && files[j].section != NULL &&
		    section(&m, &sh[j], doc) == -1)
			goto fail;
	if (m.oom)
		goto fail;
	goto out;
fail:
	cJSON_Delete(doc);
	doc = NULL;
out:
	if (m.oom)
		snprintf(err, errlen, "out of memory");
	for (j = 0; j < NFILES; j++)
		csv_free(&sh[j].t);
	return doc;
}
