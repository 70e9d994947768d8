// libevemu's reader, the baseline of the `parse.evemu` rows: the evemu project's own C code
// reading the same file as `Recording.evemu` does.

#define _GNU_SOURCE
#include "CBaselines.h"

#include <evemu.h>
#include <stdio.h>

int64_t CBaselines_evemuReadAll(const uint8_t *bytes, size_t count) {
    // fmemopen reads the caller's buffer in place; "r" never writes to it.
    FILE *file = fmemopen((void *)bytes, count, "r");
    if (file == NULL) {
        return -1;
    }
    struct evemu_device *device = evemu_new(NULL);
    if (device == NULL || evemu_read(device, file) <= 0) {
        evemu_delete(device);
        fclose(file);
        return -1;
    }
    int64_t events = 0;
    struct input_event event;
    while (evemu_read_event(file, &event) > 0) {
        events++;
    }
    evemu_delete(device);
    fclose(file);
    return events;
}
