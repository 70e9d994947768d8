// libdbus-1, the C D-Bus library the AT-SPI2 registry uses: the accessibility bus is reached
// through it (see the Accessibility module).
#include <dbus/dbus.h>
