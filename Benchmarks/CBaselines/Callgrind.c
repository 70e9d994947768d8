// Hooks that let callgrind count each workload's instructions on its own: the benchmarks zero
// callgrind's counters before a workload's operations and dump them, named after the workload,
// after. Outside valgrind the client requests are a few no-op instructions. Valgrind's header
// comes with Debian's valgrind package; without it the hooks do nothing.

#include "CBaselines.h"

#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define CBASELINES_HAS_CALLGRIND 1
#else
#define CBASELINES_HAS_CALLGRIND 0
#endif

void CBaselines_callgrindZeroStats(void) {
#if CBASELINES_HAS_CALLGRIND
    CALLGRIND_ZERO_STATS;
#endif
}

void CBaselines_callgrindDumpStats(const char *name) {
#if CBASELINES_HAS_CALLGRIND
    CALLGRIND_DUMP_STATS_AT(name);
#else
    (void)name;
#endif
}
