#include "CLinuxInput.h"

#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

_Static_assert(sizeof(struct input_event) == 24 || sizeof(struct input_event) == 16,
               "struct input_event has an unexpected layout");

unsigned long wayfinder_eviocgrab_request(void) { return EVIOCGRAB; }

unsigned long wayfinder_eviocgname_request(unsigned int length) { return EVIOCGNAME(length); }

/// The pipe the handlers write to; -1 when none is installed.
static volatile sig_atomic_t wayfinder_stop_signal_descriptor = -1;

/// The calling thread's signal mask before the handlers were installed.
static sigset_t wayfinder_previous_signal_mask;

static void wayfinder_stop_signal_handler(int signal_number) {
    int saved_errno = errno;
    int descriptor = wayfinder_stop_signal_descriptor;
    if (descriptor >= 0) {
        unsigned char byte = (unsigned char)signal_number;
        // A full pipe already holds a pending stop: losing this byte loses nothing.
        (void)write(descriptor, &byte, 1);
    }
    errno = saved_errno;
}

int wayfinder_install_stop_signal_handlers(int write_descriptor) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = wayfinder_stop_signal_handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;
    wayfinder_stop_signal_descriptor = write_descriptor;
    // SIGHUP (the terminal went away) and SIGQUIT end the process as cleanly as Ctrl-C: a
    // terminal view must be left restored whichever signal ends it.
    if (sigaction(SIGINT, &action, NULL) != 0 || sigaction(SIGTERM, &action, NULL) != 0
        || sigaction(SIGHUP, &action, NULL) != 0 || sigaction(SIGQUIT, &action, NULL) != 0) {
        int saved_errno = errno;
        wayfinder_remove_stop_signal_handlers();
        errno = saved_errno;
        return -1;
    }
    // A process can start with the signals blocked (inherited from a parent that blocked them,
    // as some process launchers do); then they would stay pending and never reach the handler.
    sigset_t stop_signals;
    sigemptyset(&stop_signals);
    sigaddset(&stop_signals, SIGINT);
    sigaddset(&stop_signals, SIGTERM);
    sigaddset(&stop_signals, SIGHUP);
    sigaddset(&stop_signals, SIGQUIT);
    int status = pthread_sigmask(SIG_UNBLOCK, &stop_signals, &wayfinder_previous_signal_mask);
    if (status != 0) {
        wayfinder_remove_stop_signal_handlers();
        errno = status;
        return -1;
    }
    return 0;
}

void wayfinder_remove_stop_signal_handlers(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = SIG_DFL;
    sigemptyset(&action.sa_mask);
    (void)sigaction(SIGINT, &action, NULL);
    (void)sigaction(SIGTERM, &action, NULL);
    (void)sigaction(SIGHUP, &action, NULL);
    (void)sigaction(SIGQUIT, &action, NULL);
    wayfinder_stop_signal_descriptor = -1;
}

void wayfinder_restore_stop_signal_mask(void) {
    (void)pthread_sigmask(SIG_SETMASK, &wayfinder_previous_signal_mask, NULL);
}

int wayfinder_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int wayfinder_epoll_add(int epoll, int descriptor, unsigned int events) {
    struct epoll_event event;
    memset(&event, 0, sizeof event);
    event.events = events;
    event.data.fd = descriptor;
    return epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event);
}

int wayfinder_epoll_remove(int epoll, int descriptor) {
    return epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, NULL);
}

int wayfinder_timerfd_create(void) { return timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC); }

int wayfinder_timerfd_set_absolute(int timer, long long seconds, long long nanoseconds) {
    struct itimerspec value;
    memset(&value, 0, sizeof value);
    value.it_value.tv_sec = (time_t)seconds;
    value.it_value.tv_nsec = (long)nanoseconds;
    return timerfd_settime(timer, TFD_TIMER_ABSTIME, &value, NULL);
}
