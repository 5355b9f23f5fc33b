/*
 * json_arena.h: cJSON's memory for a load's items, taken from one
 * region and given back whole.
 *
 * At 1,000 items per collection a load holds 46 MB of cJSON objects
 * (the items' sources and their objects in every language), made of
 * hundreds of thousands of nodes and strings of a few bytes each,
 * until it has rendered everything from them; then it frees them one
 * by one.  Between json_arena_enter and json_arena_leave, every block
 * cJSON asks for on that thread comes from the arena instead: packed
 * (8-byte aligned, no header), freed as nothing, and given back all at
 * once by json_arena_free.  Anything else keeps malloc and free.
 *
 * json_arena_install sets cJSON's hooks, once, before any thread; an
 * arena needs them (json_arena_new returns NULL without).  Under
 * AddressSanitizer, ThreadSanitizer and valgrind there is no arena:
 * the checkers then see every object as its own block.
 */
#ifndef PERFIL_JSON_ARENA_H
#define PERFIL_JSON_ARENA_H

#include <stddef.h>

struct json_arena;

void	 json_arena_install(void);
struct json_arena *json_arena_new(size_t span);
void	 json_arena_enter(struct json_arena *);
struct json_arena *json_arena_leave(void);
size_t	 json_arena_used(const struct json_arena *);
int	 json_arena_holds(const struct json_arena *, const void *);
void	 json_arena_free(struct json_arena *);

#endif
