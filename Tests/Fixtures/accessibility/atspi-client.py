#!/usr/bin/python3
"""A screen reader's view of the accessibility bus, for Wayfinder's tests.

Run as `atspi-client.py [--disabled] [--listen EVENT]…`: it starts its own session bus
(`dbus-run-session`) and, inside it, the AT-SPI2 bus launcher (with accessibility off for --disabled), connects with libatspi
(the library Orca uses, through gi.repository.Atspi), listens for the events a screen reader
listens for (focus and window activation, or the --listen events), and answers commands read from
standard input, one per line, with one JSON object per line on standard output:

  wait-app NAME [SECONDS]       the application NAME appears on the desktop
  wait-gone NAME [SECONDS]      it is gone
  tree NAME                     its whole tree: id, role, name, states, extents, actions, text
  wait-events COUNT [SECONDS]   COUNT events have been received; all of them, in order
  grab NAME ID                  Component.GrabFocus on the element whose AccessibleId is ID
  action NAME ID ACTION         Action.DoAction on its action named ACTION
  caret NAME ID OFFSET          Text.SetCaretOffset
  set-enabled true|false        sets org.a11y.Status.IsEnabled, as a screen reader starting does
  connections                   the process ids connected to the accessibility bus
  quit

Every wait has a deadline; nothing sleeps for a fixed time.
"""

import json
import os
import signal
import subprocess
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402

LAUNCHER = "/usr/libexec/at-spi-bus-launcher"
# Set in the environment once the script runs inside its own session bus.
SESSION_MARKER = "WAYFINDER_ATSPI_CLIENT_SESSION"
DEFAULT_WAIT = 30.0
# What a screen reader listens for unless `--listen EVENT` options say otherwise.
LISTENED = [
    "object:state-changed:focused",
    "window:activate",
    "window:deactivate",
]

context = GLib.MainContext.default()
events = []
commands = []
atspi_ready = False
listened = list(LISTENED)


def say(value):
    sys.stdout.write(json.dumps(value, ensure_ascii=False) + "\n")
    sys.stdout.flush()


def wait_until(condition, seconds):
    """Runs the main loop until condition() holds or the deadline passes."""
    deadline = GLib.get_monotonic_time() + int(seconds * 1_000_000)
    while not condition():
        remaining = deadline - GLib.get_monotonic_time()
        if remaining <= 0:
            return False
        # Wake at the latest when the condition may have changed without an event (an
        # application appearing is announced, but a late check costs nothing).
        source = GLib.timeout_source_new(min(remaining // 1000 + 1, 100))
        source.set_callback(lambda *_: False)
        source.attach(context)
        context.iteration(True)
        source.destroy()
    return True


def identifier(accessible):
    try:
        return accessible.get_accessible_id()
    except GLib.Error:
        return None


def on_event(event):
    source = event.source
    entry = {"type": event.type, "id": identifier(source) if source is not None else None,
             "detail1": event.detail1}
    if event.type.startswith("object:children-changed"):
        child = event.any_data
        entry["child"] = identifier(child) if child is not None else None
        entry["index"] = event.detail1
    events.append(entry)


listener = Atspi.EventListener.new(on_event)


def start_atspi():
    global atspi_ready
    if atspi_ready:
        return
    Atspi.init()
    for name in listened:
        listener.register(name)
    atspi_ready = True


def applications(name):
    desktop = Atspi.get_desktop(0)
    found = []
    for index in range(desktop.get_child_count()):
        application = desktop.get_child_at_index(index)
        try:
            if application is not None and application.get_name() == name:
                found.append(application)
        except GLib.Error:
            continue
    return found


def application(name):
    found = applications(name)
    if not found:
        raise LookupError(f"no application named {name!r} on the desktop")
    return found[0]


def describe(accessible):
    interfaces = sorted(accessible.get_interfaces())
    states = accessible.get_state_set().get_states()
    node = {
        "id": identifier(accessible),
        "role": accessible.get_role_name(),
        "name": accessible.get_name(),
        "states": sorted(Atspi.StateType(state).value_nick for state in states),
        "interfaces": interfaces,
    }
    if "Component" in interfaces:
        extents = Atspi.Component.get_extents(accessible, Atspi.CoordType.WINDOW)
        node["extents"] = [extents.x, extents.y, extents.width, extents.height]
    if "Action" in interfaces:
        node["actions"] = action_names(accessible)
    if "Text" in interfaces:
        node["text"] = Atspi.Text.get_text(accessible, 0, -1)
        node["caret"] = Atspi.Text.get_caret_offset(accessible)
    children = []
    for index in range(accessible.get_child_count()):
        child = accessible.get_child_at_index(index)
        if child.get_index_in_parent() != index:
            raise AssertionError(f"{node['id']}: child {index} says it is at {child.get_index_in_parent()}")
        parent = child.get_parent()
        if parent is None or identifier(parent) != node["id"]:
            raise AssertionError(f"{node['id']}: child {index} names another parent")
        children.append(describe(child))
    node["children"] = children
    return node


def action_names(accessible):
    return [Atspi.Action.get_action_name(accessible, i) for i in range(Atspi.Action.get_n_actions(accessible))]


def find(accessible, wanted):
    if identifier(accessible) == wanted:
        return accessible
    for index in range(accessible.get_child_count()):
        found = find(accessible.get_child_at_index(index), wanted)
        if found is not None:
            return found
    return None


def element(name, wanted):
    found = find(application(name), wanted)
    if found is None:
        raise LookupError(f"no element with the id {wanted!r} in {name!r}")
    return found


def session_bus():
    return Gio.bus_get_sync(Gio.BusType.SESSION, None)


def accessibility_address():
    reply = session_bus().call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 5000, None)
    return reply.unpack()[0]


def connections():
    bus = Gio.DBusConnection.new_for_address_sync(
        accessibility_address(),
        Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION, None, None)
    names = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "ListNames", None,
                          GLib.VariantType("(as)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
    pids = set()
    for name in names:
        if not name.startswith(":"):
            continue
        try:
            pid = bus.call_sync("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                "GetConnectionUnixProcessID", GLib.Variant("(s)", (name,)),
                                GLib.VariantType("(u)"), Gio.DBusCallFlags.NONE, 5000, None).unpack()[0]
            pids.add(pid)
        except GLib.Error:
            continue
    bus.close_sync(None)
    return sorted(pids)


def run(words):
    command = words[0]
    if command == "wait-app":
        seconds = float(words[2]) if len(words) > 2 else DEFAULT_WAIT
        return {"app": words[1], "found": wait_until(lambda: bool(applications(words[1])), seconds)}
    if command == "wait-gone":
        seconds = float(words[2]) if len(words) > 2 else DEFAULT_WAIT
        return {"gone": words[1], "done": wait_until(lambda: not applications(words[1]), seconds)}
    if command == "tree":
        app = application(words[1])
        return {"tree": describe(app), "toolkit": app.get_toolkit_name()}
    if command == "wait-events":
        count = int(words[1])
        seconds = float(words[2]) if len(words) > 2 else DEFAULT_WAIT
        wait_until(lambda: len(events) >= count, seconds)
        return {"events": list(events)}
    if command == "grab":
        return {"grab": Atspi.Component.grab_focus(element(words[1], words[2]))}
    if command == "action":
        target = element(words[1], words[2])
        names = action_names(target)
        wanted = " ".join(words[3:])
        if wanted not in names:
            raise LookupError(f"no action {wanted!r} among {names}")
        return {"action": Atspi.Action.do_action(target, names.index(wanted))}
    if command == "caret":
        return {"caret": Atspi.Text.set_caret_offset(element(words[1], words[2]), int(words[3]))}
    if command == "set-enabled":
        value = words[1] == "true"
        session_bus().call_sync("org.a11y.Bus", "/org/a11y/bus", "org.freedesktop.DBus.Properties", "Set",
                                GLib.Variant("(ssv)", ("org.a11y.Status", "IsEnabled", GLib.Variant("b", value))),
                                None, Gio.DBusCallFlags.NONE, 5000, None)
        if value:
            start_atspi()
        return {"enabled": value}
    if command == "connections":
        return {"pids": connections()}
    raise LookupError(f"unknown command {command!r}")


def read_command(channel, condition):
    line = channel.readline()
    if not line:
        commands.append(["quit"])
        return False
    words = line.split()
    if words:
        commands.append(words)
    return True


def start_session():
    """Runs this script again inside a session bus of its own, with no signal blocked.

    A test runner's threads block signals, and a child inherits its parent's mask through exec:
    the bus daemons and the launcher would then ignore the SIGTERM that ends them with the session.
    """
    signal.pthread_sigmask(signal.SIG_SETMASK, [])
    os.environ[SESSION_MARKER] = "1"
    os.execv("/usr/bin/dbus-run-session",
             ["dbus-run-session", "--", sys.executable, os.path.abspath(__file__)] + sys.argv[1:])


def main():
    global listened
    if os.environ.get(SESSION_MARKER) != "1":
        start_session()
    arguments = sys.argv[1:]
    enabled = "--disabled" not in arguments
    chosen = [arguments[i + 1] for i, word in enumerate(arguments[:-1]) if word == "--listen"]
    if chosen:
        listened = chosen
    # The launcher's children (the bus, the registry) write to its standard output: keep that
    # out of the answers.
    launcher = subprocess.Popen([LAUNCHER, "--launch-immediately", f"--a11y={1 if enabled else 0}"],
                                stdout=subprocess.DEVNULL)
    appeared = []
    watch = Gio.bus_watch_name(Gio.BusType.SESSION, "org.a11y.Bus", Gio.BusNameWatcherFlags.NONE,
                               lambda *_: appeared.append(True), None)
    if not wait_until(lambda: bool(appeared), DEFAULT_WAIT):
        say({"error": "the accessibility bus launcher did not start"})
        launcher.kill()
        return 1
    Gio.bus_unwatch_name(watch)
    if enabled:
        start_atspi()
    say({"ready": True, "session": os.environ.get("DBUS_SESSION_BUS_ADDRESS", ""), "pid": os.getpid()})
    channel = GLib.IOChannel.unix_new(sys.stdin.fileno())
    GLib.io_add_watch(channel, GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP, read_command)
    while True:
        wait_until(lambda: bool(commands), 3600)
        words = commands.pop(0)
        if words[0] == "quit":
            break
        try:
            say(run(words))
        except Exception as error:  # noqa: BLE001 (every failure is an answer, not a crash)
            say({"error": str(error)})
    # The launcher ignores SIGTERM; it ends, with the bus it started, once the session bus that
    # dbus-run-session runs goes away after this process.
    return 0


if __name__ == "__main__":
    sys.exit(main())
