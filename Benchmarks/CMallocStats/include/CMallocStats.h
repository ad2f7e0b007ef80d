#ifndef CMALLOCSTATS_H
#define CMALLOCSTATS_H

#include <stddef.h>

/// Bytes currently allocated through malloc, or 0 when the platform can't tell.
size_t cmallocstats_allocated_bytes(void);

#endif
