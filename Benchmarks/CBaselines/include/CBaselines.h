#ifndef C_BASELINES_H
#define C_BASELINES_H

// What the benchmarks compare Wayfinder with, written in plain C and measured in the same run:
// the kernel handing over one input frame (read(2) from a pipe), libevemu's and libyaml's readers,
// and a linear FocusFinder scan; and hooks for counting instructions under callgrind. Linked into
// the benchmark executable only; each function exists for one row of `wayfinder bench` (or for
// `--operations`) and goes when that row goes.

#include <stddef.h>
#include <stdint.h>

/// The bytes of one frame as the kernel delivers it: three 24-byte `struct input_event`s
/// (REL_X, REL_Y, SYN_REPORT) on a 64-bit system.
#define CBASELINES_FRAME_BYTES 72

/// A pipe holding ready input frames, as an evdev file descriptor holds them.
typedef struct CBaselines_FramePipe {
    int readFD;
    int writeFD;
} CBaselines_FramePipe;

/// Opens a pipe for `CBaselines_FramePipe_readFrames`. Returns 0, or -errno.
int CBaselines_FramePipe_open(CBaselines_FramePipe *pipe);

/// Closes both ends.
void CBaselines_FramePipe_close(CBaselines_FramePipe *pipe);

/// Reads `frames` frames of `CBASELINES_FRAME_BYTES` bytes, one read(2) each, and returns the
/// nanoseconds spent in the reads alone, or -errno. The pipe is refilled between batches, outside
/// the timed region, so every read finds its frame waiting and returns at once.
int64_t CBaselines_FramePipe_readFrames(CBaselines_FramePipe *pipe, uint64_t frames);

/// Reads an evemu recording held in memory with libevemu, as evemu-play does: the description
/// with `evemu_read`, then `evemu_read_event` until the end. Returns the number of events read, or
/// -1 when libevemu rejects the description.
int64_t CBaselines_evemuReadAll(const uint8_t *bytes, size_t count);

/// Walks a YAML document held in memory with libyaml: `yaml_parser_parse` and `yaml_event_delete`
/// until `YAML_STREAM_END_EVENT`, the least any reader built on libyaml does. Returns the number
/// of events, or -1 on a syntax error.
int64_t CBaselines_yamlWalk(const uint8_t *bytes, size_t count);

/// A rectangle: origin at the top left, y down.
typedef struct CBaselines_Rect {
    double x;
    double y;
    double width;
    double height;
} CBaselines_Rect;

/// The four arrow directions.
typedef enum CBaselines_Direction {
    CBaselines_DirectionUp = 0,
    CBaselines_DirectionDown = 1,
    CBaselines_DirectionLeft = 2,
    CBaselines_DirectionRight = 3,
} CBaselines_Direction;

/// Returns the index of the rectangle that Android's FocusFinder moves to from `rects[focused]` in
/// `direction`, found by scanning every rectangle: candidates beyond the focused one, a candidate
/// in the beam first, otherwise the lowest 13·major² + minor². Returns -1 when none qualifies.
int64_t CBaselines_focusFinderScan(
    const CBaselines_Rect *rects, size_t count, size_t focused, CBaselines_Direction direction);

/// The bytes of heap in use: glibc's `mallinfo2`, small blocks (`uordblks`) and mapped ones
/// (`hblkhd`).
uint64_t CBaselines_heapBytesInUse(void);

/// Zeroes callgrind's counters; does nothing outside valgrind.
void CBaselines_callgrindZeroStats(void);

/// Writes callgrind's counters to a dump file whose trigger names `name`; does nothing outside
/// valgrind.
void CBaselines_callgrindDumpStats(const char *name);

#endif
