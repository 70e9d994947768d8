// libevemu, the evemu project's reader and writer of evemu recordings (Debian: libevemu-dev).
// Only the benchmarks link it: their `parse.evemu` row times libevemu's reader as the baseline for
// ours. Delete this target with that baseline.
#include <evemu.h>
