/*
 * content.h: the profile's content, loaded from the JSON files of a
 * content directory, validated against a declared schema, and turned
 * into one immutable model with every item pre-rendered as JSON per
 * language.
 *
 * The shape of every file is declared once, in resource.c.
 *
 * Ownership: content_load returns a model the caller frees with
 * content_free; everything reachable from it belongs to it.  Request
 * handling only reads the model.
 */
#ifndef PERFIL_CONTENT_H
#define PERFIL_CONTENT_H

#include <stddef.h>

#include <cjson/cJSON.h>

#include "content/media.h"
#include "content/page_list.h"
#include "http/request.h"
#include "content/resource.h"

/*
 * One document (the profile, the biography or a collection item).
 *
 * src is the item as the content file wrote it, after validation:
 * every translation ({"es": .., "en": ..}) and the content-only
 * members the API does not show (such as the ISO "start" and "end" of
 * a position) are there, so other renderers (the CV page, JSON Resume)
 * read them from here, never from the files.  Members follow the
 * declaration in resource.c; optional members may be absent.  The
 * item owns src (content_free deletes it): read it, never modify or
 * free it, never keep pointers into it past the model's life.  The
 * strings of obj[] that are taken from the content as written are
 * src's own (cJSON string references), so obj[] lives no longer than
 * src, and neither is ever modified.
 *
 * src and obj[] serve the renders of start-up.  Once app_load has
 * rendered everything, it drops them (content_drop_objects: both NULL)
 * from every collection: json[] stays for the API's lists, and for the
 * collections with an item page in routes.c (route_item_pages) src and
 * obj[] printed (objects), which the page parses per request
 * (content_item_parse).  (obj[] is not json[] parsed: site.json's
 * default_language_fields changes json[] alone.)  At 1,000 items per
 * collection that is 15 MB less in every worker (docs/performance.md).
 */
struct item {
	const char *slug;		/* NULL for profile and about */
	cJSON	*src;			/* validated source object (above) */
	cJSON	*obj[LANG__MAX];	/* the API object, per language */
	char	*json[LANG__MAX];	/* obj printed compactly */
	size_t	 json_len[LANG__MAX];
	char	*objects;		/* [src, obj[0], obj[1], ...]
					 * printed compactly, once the
					 * objects are dropped (above) */
	size_t	 objects_len;
};

struct collection {
	struct item *items;		/* in file order, which is served */
	size_t	 len;
	int	 present;		/* its file exists (optional ones) */
	char	*slugs;			/* "a, b, c" for error hints */
	char	*block;			/* the items' slugs, json[] and
					 * objects once content_drop_objects
					 * ran */
	int	 lent;			/* those point into memory the
					 * model does not own (a snapshot's
					 * stream, content_snap) */
	struct item **by_slug;		/* items by slug (strcmp), for
					 * content_find */
	size_t	 each;			/* elements of the items' hit_each
					 * arrays (resource.h): the skills
					 * of all skill categories */
};

/* One of the owner's own pages. */
struct owner_page {
	char	 name[OWNER_NAME_MAX + 1];	/* "talks": /talks */
	char	*md[LANG__MAX];			/* the file, as written */
};

struct model {
	struct langs langs;		/* the site's; [0] the default */
	struct item profile;
	struct item about;
	struct collection coll[COLL__MAX];
	/* The owner's own pages, every content/pages/NAME.LANG.md as
	 * written, sorted by name (page_list.h: page SITE_PAGE__MAX + k).
	 * Each page is in every language or in none.  The files of the
	 * collections resource.c marks optional are optional too: absent,
	 * the collection is empty and not present. */
	struct owner_page owner[OWNER_PAGE__MAX];
	int	 nowner;
	struct media_set *media;	/* media/ (media.h), maybe empty */
	int	 contract_gap;		/* an object leaves out a member the
					 * contract requires (FIELD_CONTRACT,
					 * resource.h): OpenAPI does not
					 * require it then */
	/* The collections' items' objects (src, obj[]), NULL when they
	 * are malloc's (json_arena.h): freed by the content_drop_objects
	 * that leaves no collection with its objects. */
	struct json_arena *arena;
};

/* The most items a collection's file may hold. */
#define CONTENT_ITEMS_MAX	1000

struct labels;
struct snap;

struct model	*content_load(const char *dir, const char *base_url,
		    const struct langs *, const struct labels *,
		    char *err, size_t errlen);
void		 content_free(struct model *);
int		 content_keep_default_lang(struct model *);
int		 content_drop_objects(struct model *, enum coll, int keep_src);
int		 content_item_parse(const struct item *, struct item *out);
void		 content_item_unparse(struct item *);
int		 content_index_slugs(struct collection *);
struct model	*content_snap(struct snap *, struct model *,
		    const struct langs *);
const struct item *content_find(const struct model *, enum coll,
		    const char *slug);
const char	*content_coll_name(enum coll);
const char	*content_coll_file(enum coll);
int		 content_coll_live(const struct model *, enum coll);
const char	*content_text(const struct langs *, const cJSON *, enum lang);
const cJSON	*content_item_array(const struct item *, const char *,
		    enum lang);

#endif /* PERFIL_CONTENT_H */
