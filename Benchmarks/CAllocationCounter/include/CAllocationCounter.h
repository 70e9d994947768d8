#ifndef C_ALLOCATION_COUNTER_H
#define C_ALLOCATION_COUNTER_H

// Counts the heap allocations of the whole process.
//
// Linking this target defines malloc, calloc, realloc, free, posix_memalign, aligned_alloc and
// memalign in the executable. On Linux a definition in the executable takes precedence over the C
// library's for every shared library too, so Swift's runtime, Foundation and libxkbcommon are all
// counted. Each definition bumps an atomic counter and forwards to glibc's `__libc_*` entry
// point (glibc only; musl has no such entry points).
//
// Link it into benchmark executables only, never into a library or the command-line tool.

#include <stdint.h>

#ifdef __linux__

/// The number of allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign)
/// since the process started or the last reset.
uint64_t CAllocationCounter_allocations(void);

/// The number of frees of a non-null pointer since the process started or the last reset.
uint64_t CAllocationCounter_frees(void);

/// The number of bytes requested by the counted allocations.
uint64_t CAllocationCounter_bytes(void);

/// Sets every counter to zero.
void CAllocationCounter_reset(void);

#endif

#endif
