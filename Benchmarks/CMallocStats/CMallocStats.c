#include "CMallocStats.h"

#if defined(__linux__)
#include <features.h>
#endif

#if defined(__linux__) && defined(__GLIBC__)
#include <malloc.h>

size_t cmallocstats_allocated_bytes(void) {
#if __GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33)
    struct mallinfo2 info = mallinfo2();
    return info.uordblks;
#else
    struct mallinfo info = mallinfo();
    return (size_t)(unsigned int)info.uordblks;
#endif
}

#elif defined(__APPLE__)
#include <malloc/malloc.h>

size_t cmallocstats_allocated_bytes(void) {
    malloc_statistics_t statistics;
    malloc_zone_statistics(NULL, &statistics);
    return statistics.size_in_use;
}

#else

size_t cmallocstats_allocated_bytes(void) {
    return 0;
}

#endif
