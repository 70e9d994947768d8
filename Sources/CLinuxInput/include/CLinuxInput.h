/// Small accessors for the parts of <linux/input.h> and <signal.h> that Swift cannot import or
/// cannot use safely.
///
/// Swift imports plain integer macros such as `EV_KEY`, but not function-like ioctl request
/// macros such as `EVIOCGRAB`, and it cannot name `struct input_event`'s time fields portably
/// (they are `time.tv_sec` or `__sec` depending on the C library's time_t width). Each accessor
/// below wraps one of them. The signal functions exist because a signal handler must be
/// async-signal-safe, which a Swift closure is not guaranteed to be. They can go once Swift
/// imports function-like macros and offers async-signal-safe handlers.
#ifndef WAYFINDER_C_LINUX_INPUT_H
#define WAYFINDER_C_LINUX_INPUT_H

#include <linux/input.h>

/// The `EVIOCGRAB` ioctl request (exclusive grab of an event device).
unsigned long wayfinder_eviocgrab_request(void);

/// The `EVIOCGNAME(len)` ioctl request.
unsigned long wayfinder_eviocgname_request(unsigned int length);

// The event accessors are inline: every event a device sends goes through them, and a call
// each into the C target cost more than the field it reads.

/// The size of `struct input_event` on this architecture (24 bytes on 64-bit).
static inline unsigned long wayfinder_input_event_size(void) { return sizeof(struct input_event); }

/// The whole seconds of an event's time (`input_event_sec`).
static inline long long wayfinder_input_event_seconds(const struct input_event *event) {
    return event->input_event_sec;
}

/// The microseconds within the second of an event's time (`input_event_usec`).
static inline long long wayfinder_input_event_microseconds(const struct input_event *event) {
    return event->input_event_usec;
}

/// Sets an event's time from whole seconds and microseconds.
static inline void wayfinder_input_event_set_time(struct input_event *event, long long seconds,
                                                  long long microseconds) {
    event->input_event_sec = seconds;
    event->input_event_usec = microseconds;
}

/// Installs handlers for SIGINT, SIGTERM, SIGHUP and SIGQUIT that write the signal's number, as one byte, to
/// `write_descriptor` (the write end of a non-blocking pipe), and nothing else, and unblocks the
/// two signals on the calling thread. Returns 0, or -1 with errno set.
int wayfinder_install_stop_signal_handlers(int write_descriptor);

/// Restores the default actions for SIGINT, SIGTERM, SIGHUP and SIGQUIT and forgets the descriptor.
void wayfinder_remove_stop_signal_handlers(void);

/// Restores the calling thread's signal mask from before the handlers were installed.
void wayfinder_restore_stop_signal_mask(void);

/// `epoll_create1(EPOLL_CLOEXEC)`: a descriptor that is readable when one of those added is.
/// Returns it, or -1 with errno set.
int wayfinder_epoll_create(void);

/// Adds `descriptor` to the epoll set, waiting for `events` (`POLLIN`, `POLLOUT`: the same bits
/// as `EPOLLIN`, `EPOLLOUT`). Returns 0, or -1 with errno set.
int wayfinder_epoll_add(int epoll, int descriptor, unsigned int events);

/// Removes `descriptor` from the epoll set. Returns 0, or -1 with errno set.
int wayfinder_epoll_remove(int epoll, int descriptor);

/// `timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC)`. Returns it, or -1 with errno set.
int wayfinder_timerfd_create(void);

/// Arms the timer to expire once at an absolute `CLOCK_MONOTONIC` time (disarms it when both are
/// zero). Returns 0, or -1 with errno set.
int wayfinder_timerfd_set_absolute(int timer, long long seconds, long long nanoseconds);

#endif
