// An LD_PRELOAD library for Scripts/live-callgrind: it makes /dev/input/event99 a FIFO that
// answers the evdev ioctls as the Saitek Cyborg R.A.T.5 does once uinput makes it from its evemu
// description (the mouse of the hardware suite's live-cost case), so that `wayfinder run --device
// /dev/input/event99` opens it through libevdev like a device, and reads whatever is written into
// the FIFO as its events. /dev/input is listed from the FIFO's directory. For measuring the live
// path on a machine without uinput; nothing else.
//
// WAYFINDER_FAKE_INPUT: the FIFO (its directory stands for /dev/input).
#define _GNU_SOURCE
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <linux/input.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>

static const char *const node = "/dev/input/event99";
static int fake_descriptor = -1;

static const char *fifo(void) {
    const char *path = getenv("WAYFINDER_FAKE_INPUT");
    return path ? path : "/nonexistent";
}

typedef int (*open_function)(const char *, int, ...);

static int open_node(const char *path, int flags, mode_t mode, open_function real) {
    if (path && strcmp(path, node) == 0) {
        // Read and write: the FIFO then never reads as closed between two writers.
        fake_descriptor = real(fifo(), O_RDWR | O_NONBLOCK | O_CLOEXEC, 0);
        return fake_descriptor;
    }
    return real(path, flags, mode);
}

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) ? (mode_t)va_arg(arguments, int) : 0;
}

/* Finds the real function the first time, then opens through it (or as the fake node). */
static int forward_open(open_function *real, const char *symbol, const char *path, int flags, va_list arguments) {
    if (!*real) *real = (open_function)dlsym(RTLD_NEXT, symbol);
    return open_node(path, flags, mode_argument(flags, arguments), *real);
}

/* open() and open64(), the same but for the symbol they forward to. */
#define FORWARDED_OPEN(name)                                                          \
    int name(const char *path, int flags, ...) {                                      \
        static open_function real;                                                    \
        va_list arguments;                                                            \
        va_start(arguments, flags);                                                   \
        int result = forward_open(&real, #name, path, flags, arguments);              \
        va_end(arguments);                                                            \
        return result;                                                                \
    }

FORWARDED_OPEN(open)
FORWARDED_OPEN(open64)

DIR *opendir(const char *path) {
    static DIR *(*real)(const char *);
    if (!real) real = (DIR * (*)(const char *)) dlsym(RTLD_NEXT, "opendir");
    if (path && strcmp(path, "/dev/input") == 0) {
        static char directory[4096];
        strncpy(directory, fifo(), sizeof directory - 1);
        return real(dirname(directory));
    }
    return real(path);
}

static void set_bit(unsigned char *bits, int bit) { bits[bit / 8] |= 1 << (bit % 8); }

int ioctl(int descriptor, unsigned long request, ...) {
    static int (*real)(int, unsigned long, ...);
    if (!real) real = (int (*)(int, unsigned long, ...))dlsym(RTLD_NEXT, "ioctl");
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    if (descriptor < 0 || descriptor != fake_descriptor) return real(descriptor, request, argument);
    if (_IOC_TYPE(request) != 'E') {
        errno = ENOTTY;
        return -1;
    }
    if (request == EVIOCGVERSION) {
        *(int *)argument = EV_VERSION;
        return 0;
    }
    if (request == EVIOCGID) {
        struct input_id *id = argument;
        id->bustype = BUS_USB;
        id->vendor = 0x06a3;
        id->product = 0x0cc3;
        id->version = 0x0111;
        return 0;
    }
    if (!(_IOC_DIR(request) & _IOC_READ)) return 0;
    unsigned int size = _IOC_SIZE(request), number = _IOC_NR(request);
    memset(argument, 0, size);
    if (number == _IOC_NR(EVIOCGNAME(0))) {
        const char *name = "Saitek Cyborg R.A.T.5 Mouse";
        strncpy(argument, name, size);
        return (int)strlen(name) + 1;
    }
    if (number == _IOC_NR(EVIOCGPHYS(0)) || number == _IOC_NR(EVIOCGUNIQ(0))) {
        errno = ENOENT;
        return -1;
    }
    if (number >= _IOC_NR(EVIOCGBIT(0, 0)) && number < _IOC_NR(EVIOCGBIT(EV_MAX, 0))) {
        unsigned char *bits = argument;
        switch (number - _IOC_NR(EVIOCGBIT(0, 0))) {
        case 0:
            // The event types (EV_SYN is 0: its codes are not asked for).
            set_bit(bits, EV_SYN), set_bit(bits, EV_KEY), set_bit(bits, EV_REL), set_bit(bits, EV_MSC);
            break;
        case EV_KEY:
            for (int code = BTN_LEFT; code <= BTN_TASK + 5; code++) set_bit(bits, code);
            break;
        case EV_REL:
            set_bit(bits, REL_X), set_bit(bits, REL_Y), set_bit(bits, REL_WHEEL);
            break;
        case EV_MSC:
            set_bit(bits, MSC_SCAN);
            break;
        }
    }
    // Key, LED, switch and property state, absolute axes: none.
    return (int)size;
}
