#ifndef CHEAPINFO_H
#define CHEAPINFO_H
#include <stddef.h>

/// Bytes of heap in use according to the C allocator (glibc `mallinfo2`: small blocks in use
/// plus mmapped blocks); 0 where the allocator does not report it.
size_t cheapinfo_heap_in_use(void);

/// Returns free memory at the top of the heap to the system where the allocator can (glibc
/// `malloc_trim`), so that resident-set figures are comparable.
void cheapinfo_trim(void);

#endif
