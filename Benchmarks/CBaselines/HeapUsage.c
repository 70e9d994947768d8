// The heap's use as glibc counts it, for the bytes per node of the scene-loading rows: Glibc's
// Swift module does not include <malloc.h>, where `mallinfo2` is declared.

#include "CBaselines.h"

#include <malloc.h>

uint64_t CBaselines_heapBytesInUse(void) {
    struct mallinfo2 info = mallinfo2();
    return (uint64_t)(info.uordblks + info.hblkhd);
}
