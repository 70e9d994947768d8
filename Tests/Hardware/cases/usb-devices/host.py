"""`wayfinder devices --json` in the guest lists the USB keyboard and mouse with their kinds, and
the hot-plugged second mouse while it is there."""

import wayfinder_checks

# The pc machine always has its PS/2 keyboard.
AT_KEYBOARD = ("AT Translated Set 2 keyboard", "keyboard")
KEYBOARD = ("QEMU QEMU USB Keyboard", "keyboard")
MOUSE = ("QEMU QEMU USB Mouse", "mouse")


def check(context):
    files = context.result.files
    verdicts = []
    for name, expected in (
        ("devices", [AT_KEYBOARD, KEYBOARD, MOUSE]),
        ("devices-plugged", [AT_KEYBOARD, KEYBOARD, MOUSE, MOUSE]),
        ("devices-unplugged", [AT_KEYBOARD, KEYBOARD, MOUSE]),
    ):
        nodes = wayfinder_checks.kernel_nodes(files, f"{name}.nodes")
        ok, detail = wayfinder_checks.expect_devices(files, name, expected, nodes)
        verdicts.append((f"wayfinder-{name}", ok, detail))
    return verdicts
