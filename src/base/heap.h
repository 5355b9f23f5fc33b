/*
 * heap.h: the allocator's settings around a content load.
 *
 * A load that renders allocates and frees hundreds of megabytes of
 * buffers at 1,000 items per collection.  Between heap_load_begin and
 * heap_load_end the heap keeps blocks up to a CV page's size for the
 * next allocation, and gives back what lies free at its top past a few
 * of them; afterwards the settings a serving process wants come back
 * and every free page goes back to the system.  heap_load_drop, just
 * before the load frees the blocks around the items' objects, has them
 * coalesced as they are freed rather than piled in glibc's fast bins
 * for the trim to sort.  glibc only; elsewhere these do nothing.
 */
#ifndef PERFIL_HEAP_H
#define PERFIL_HEAP_H

void	 heap_load_begin(void);
void	 heap_load_drop(void);
void	 heap_load_end(void);

#endif
