"""`wayfinder devices --json` in the guest lists the USB keyboard and mouse with their kinds, and
the hot-plugged second mouse while it is there."""

import subprocess

import recordings
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
    verdicts += _record_verdicts(context)
    return verdicts


def _record_verdicts(context):
    """`wayfinder record` (libinput format) read back with `wayfinder replay --raw --json` on the
    host holds, per device, the events evemu-record saw on the same node."""
    path = context.results_directory / "all.yml"
    if not path.exists():
        return [("record-roundtrip", False, "the guest sent no all.yml")]
    result = subprocess.run(
        [str(context.wayfinder), "replay", "--raw", "--json", str(path)], capture_output=True, text=True, timeout=60
    )
    if result.returncode != 0:
        return [("record-roundtrip", False, f"wayfinder replay --raw --json all.yml: {result.stderr.strip()[:300]}")]
    frames = wayfinder_checks.raw_frames(result.stdout)
    verdicts = []
    for device, rec in ((KEYBOARD[0], "keyboard.rec"), (MOUSE[0], "mouse.rec")):
        data = context.result.files.get(rec)
        if data is None:
            verdicts.append((f"record-{rec[:-4]}", False, f"the guest sent no {rec}"))
            continue
        expected = [(kind, code, value) for _, kind, code, value in recordings.parse_events(data.decode(), rec) if kind != 0]
        # Two devices share the mouse's name; the recording holds only the first (the second came later).
        actual = [(kind, code, value) for name, events in frames if name == device for kind, code, value in events if kind != 0]
        verdicts.append((f"record-{rec[:-4]}", actual == expected,
                         f"{len(actual)} events" if actual == expected else f"evemu-record {expected[:12]}, wayfinder {actual[:12]}"))
    return verdicts
