// Plays the hardware suite's live-cost frames (Tests/Hardware/cases/live-cost: a pointer square of
// one count a frame, a wheel notch every 100th frame, a click every 2,000th) into a descriptor as
// `struct input_event` records, one frame every GAP microseconds, each stamped with
// CLOCK_REALTIME as the kernel stamps a device's events. For Scripts/live-callgrind.
//
// Usage: play-frames PATH FRAMES GAP
#include <fcntl.h>
#include <linux/input.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

static struct input_event event(struct timespec time, int type, int code, int value) {
    struct input_event result = {0};
    result.input_event_sec = time.tv_sec;
    result.input_event_usec = time.tv_nsec / 1000;
    result.type = type;
    result.code = code;
    result.value = value;
    return result;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: play-frames PATH FRAMES GAP\n");
        return 2;
    }
    int frames = atoi(argv[2]), gap = atoi(argv[3]);
    int descriptor = open(argv[1], O_WRONLY);
    if (descriptor < 0) {
        perror(argv[1]);
        return 1;
    }
    int notch = 0;
    struct timespec next;
    clock_gettime(CLOCK_MONOTONIC, &next);
    for (int index = 0; index < frames; index++) {
        struct input_event events[3];
        int count = 0;
        struct timespec now;
        clock_gettime(CLOCK_REALTIME, &now);
        if (index % 2000 == 1000) {
            events[count++] = event(now, EV_KEY, BTN_LEFT, 1);
        } else if (index % 2000 == 1001) {
            events[count++] = event(now, EV_KEY, BTN_LEFT, 0);
        } else {
            int side = (index / 50) % 4;
            events[count++] = event(now, EV_REL, side % 2 == 0 ? REL_X : REL_Y, side < 2 ? 1 : -1);
            if (index % 100 == 99) {
                events[count++] = event(now, EV_REL, REL_WHEEL, (notch / 3) % 2 ? 1 : -1);
                notch++;
            }
        }
        events[count++] = event(now, EV_SYN, SYN_REPORT, 0);
        if (write(descriptor, events, count * sizeof events[0]) < 0) {
            perror("write");
            return 1;
        }
        next.tv_nsec += gap * 1000L;
        while (next.tv_nsec >= 1000000000L) {
            next.tv_nsec -= 1000000000L;
            next.tv_sec++;
        }
        clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &next, NULL);
    }
    return 0;
}
