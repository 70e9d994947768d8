// The kernel's cost of handing over one input frame: read(2) of three `struct input_event`s from
// a pipe that already holds them, the cheapest way input reaches a process. The `classify.*` and
// `pipeline.frame.*` rows divide by it.

#define _GNU_SOURCE
#include "CBaselines.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/input.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(struct input_event) * 3 == CBASELINES_FRAME_BYTES, "a frame is three 24-byte events");

// Frames per refill: as many as fit the pipe's default 64 KiB, so one write refills it.
#define CBASELINES_FRAMES_PER_REFILL (65536 / CBASELINES_FRAME_BYTES)

int CBaselines_FramePipe_open(CBaselines_FramePipe *framePipe) {
    int fds[2];
    if (pipe2(fds, O_CLOEXEC) != 0) {
        return -errno;
    }
    framePipe->readFD = fds[0];
    framePipe->writeFD = fds[1];
    return 0;
}

void CBaselines_FramePipe_close(CBaselines_FramePipe *framePipe) {
    close(framePipe->readFD);
    close(framePipe->writeFD);
}

static int64_t CBaselines_nanosecondsNow(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

int64_t CBaselines_FramePipe_readFrames(CBaselines_FramePipe *framePipe, uint64_t frames) {
    static struct input_event batch[CBASELINES_FRAMES_PER_REFILL * 3];
    static int filled = 0;
    if (!filled) {
        for (size_t frame = 0; frame < CBASELINES_FRAMES_PER_REFILL; frame++) {
            struct input_event *events = &batch[frame * 3];
            events[0] = (struct input_event){.type = EV_REL, .code = REL_X, .value = 1};
            events[1] = (struct input_event){.type = EV_REL, .code = REL_Y, .value = -1};
            events[2] = (struct input_event){.type = EV_SYN, .code = SYN_REPORT, .value = 0};
        }
        filled = 1;
    }
    int64_t elapsed = 0;
    unsigned char frame[CBASELINES_FRAME_BYTES];
    while (frames > 0) {
        size_t count = frames < CBASELINES_FRAMES_PER_REFILL ? (size_t)frames : CBASELINES_FRAMES_PER_REFILL;
        size_t bytes = count * CBASELINES_FRAME_BYTES;
        ssize_t written;
        do {
            written = write(framePipe->writeFD, batch, bytes);
        } while (written < 0 && errno == EINTR);
        if (written != (ssize_t)bytes) {
            return written < 0 ? -errno : -EIO;
        }
        int64_t start = CBaselines_nanosecondsNow();
        for (size_t index = 0; index < count; index++) {
            ssize_t got = read(framePipe->readFD, frame, sizeof frame);
            if (got != (ssize_t)sizeof frame) {
                return got < 0 ? -errno : -EIO;
            }
        }
        elapsed += CBaselines_nanosecondsNow() - start;
        frames -= count;
    }
    return elapsed;
}
