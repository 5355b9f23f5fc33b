/*
 * heap.h: the allocator's settings around a content load.
 *
 * A load that renders allocates and frees hundreds of megabytes of
 * buffers at 1,000 items per collection, and every page it touches for
 * the first time is a page fault: 61,400 in one cold --check there,
 * a third of its CPU on a virtual machine.  Between heap_load_begin and
 * heap_load_end the heap keeps what is freed for the next allocation
 * and asks the kernel for huge pages (2 MiB a fault); afterwards the
 * settings a serving process wants come back.  heap_load_drop, just
 * before the load frees its largest set of small blocks (the items'
 * objects), has them coalesced as they are freed rather than piled in
 * glibc's fast bins for the trim to sort.  glibc only; elsewhere these
 * do nothing.
 */
#ifndef PERFIL_HEAP_H
#define PERFIL_HEAP_H

void	 heap_load_begin(void);
void	 heap_load_thread(void);
void	 heap_load_drop(void);
void	 heap_load_end(void);

#endif
