#include "CHeapInfo.h"
#if defined(__linux__)
#include <malloc.h>  /* defines __GLIBC__ on glibc systems */
#endif

size_t cheapinfo_heap_in_use(void) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
    struct mallinfo2 m = mallinfo2();
    return m.uordblks + m.hblkhd;
#else
    return 0;
#endif
}

void cheapinfo_trim(void) {
#if defined(__GLIBC__)
    malloc_trim(0);
#endif
}
