#include "CLinuxInput.h"

#include <sys/ioctl.h>

_Static_assert(sizeof(struct input_event) == 24 || sizeof(struct input_event) == 16,
               "struct input_event has an unexpected layout");

unsigned long wayfinder_eviocgrab_request(void) { return EVIOCGRAB; }

unsigned long wayfinder_eviocgname_request(unsigned int length) { return EVIOCGNAME(length); }

unsigned long wayfinder_input_event_size(void) { return sizeof(struct input_event); }
