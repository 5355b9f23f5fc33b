/*
 * linkedin_int.h: what the LinkedIn import's two files share
 * (linkedin.c reads the archive, linkedin_map.c maps its CSV files onto
 * a JSON Resume document).  Prefix li_.
 *
 * Ownership: struct li_archive owns the entries' names and bytes;
 * li_archive_free frees them.
 */
#ifndef PERFIL_LINKEDIN_INT_H
#define PERFIL_LINKEDIN_INT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "base/util.h"

/* The archive's bounds. */
#define LI_MAX_ENTRIES	2000		/* entries in the ZIP */
#define LI_MAX_FILE	(16u << 20)	/* uncompressed, one CSV file */
#define LI_MAX_TOTAL	(64u << 20)	/* uncompressed, every file read */
#define LI_MAX_RATIO	100		/* uncompressed:compressed, over
					 * LI_RATIO_FROM bytes */
#define LI_RATIO_FROM	(1u << 20)
#define LI_MAX_ROWS	5000		/* records per CSV file */
#define LI_MAX_CELLS	64		/* fields per record */

struct li_entry {
	char	*name;		/* its base name ("Positions.csv") */
	char	*data;		/* NULL: a file the import does not read */
	size_t	 len;
};

struct li_archive {
	struct li_entry *e;
	size_t	 n;
};

void	 li_archive_free(struct li_archive *);
int	 li_wanted(const char *base);
cJSON	*li_map(const struct li_archive *, const char *zip,
	    struct buf *report, char *err, size_t errlen);

#endif /* PERFIL_LINKEDIN_INT_H */
