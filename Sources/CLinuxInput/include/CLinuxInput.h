/// Small accessors for the parts of <linux/input.h> that Swift cannot import.
///
/// Swift imports plain integer macros such as `EV_KEY`, but not function-like
/// ioctl request macros such as `EVIOCGRAB`. Each accessor below wraps one of
/// them. They can go once Swift imports function-like macros.
#ifndef WAYFINDER_C_LINUX_INPUT_H
#define WAYFINDER_C_LINUX_INPUT_H

#include <linux/input.h>

/// The `EVIOCGRAB` ioctl request (exclusive grab of an event device).
unsigned long wayfinder_eviocgrab_request(void);

/// The `EVIOCGNAME(len)` ioctl request.
unsigned long wayfinder_eviocgname_request(unsigned int length);

/// The size of `struct input_event` on this architecture (24 bytes on 64-bit).
unsigned long wayfinder_input_event_size(void);

#endif
