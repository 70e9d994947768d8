"""Live against replay: the stream `wayfinder run --json` printed while each recording was replayed
on a uinput device in the guest, compared with `wayfinder replay --json` of the same file on the
host."""

import interactions
import live_checks

# guest.sh's RECORDINGS, in order: the i-th device added to the live stream is the i-th recording.
RECORDINGS = [
    "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons",
    "touchpad/xit_synaptics-clickpad.right-phys-click",
    "touchpad/xit_synaptics-clickpad.two-finger-scroll-down",
    "touchpad/evemu-devices_bcm5974-apple.three-finger-click",
    "touchpad/evemu-devices_cypress-clickpad.two-finger-press",
    "keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard",
]


def segments(objects):
    """The live stream cut into one list per device, from its `added` line to its `removed` line,
    in the order the devices were added (one device at a time in the guest)."""
    result, current = [], None
    for item in objects:
        if item.get("type") == "device" and item.get("state") == "added":
            current = [item]
            result.append(current)
        elif current is not None:
            current.append(item)
            if item.get("type") == "device" and item.get("state") == "removed":
                current = None
    return result


def comparable(stream):
    """The key fields of a stream, times and coordinates aside.

    Key `repeat` lines are dropped: the live kernel autorepeats a key held past its delay on a
    device with EV_REP (250 ms by default), while a replay of the file has only the repeats the
    file holds. Keys the recording leaves held need nothing: the kernel releases them when the
    uinput device goes away, and `wayfinder replay` releases them at the end of the file.
    """
    kept = []
    for item in stream:
        kind = item.get("type")
        if kind in ("device", "motion"):
            continue
        if kind == "key":
            if item.get("state") == "repeat":
                continue
            kept.append(("key", item.get("key"), item.get("state")))
        elif kind == "button":
            kept.append(("button", item.get("button"), item.get("state"), item.get("trigger")))
        elif kind == "scroll":
            if item.get("source") == "discrete":
                kept.append(("scroll", "discrete", item.get("v120x"), item.get("v120y")))
            else:
                kept.append(("scroll", item.get("source"), item.get("phase")))
        elif kind in ("tap", "longPress", "drag"):
            kept.append((kind, item.get("phase"), item.get("fingers")))
        else:
            kept.append((kind,))
    return kept


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    parts = segments(objects)
    verdicts = [("run-devices", len(parts) == len(RECORDINGS), f"{len(parts)} devices in the live stream, {len(RECORDINGS)} replayed")]
    by_identifier = {recording.identifier: recording for recording in context.recordings}
    for identifier, live in zip(RECORDINGS, parts):
        recording = by_identifier.get(identifier)
        if recording is None:
            verdicts.append((f"{identifier}/live-vs-replay", False, "not a bundled recording"))
            continue
        try:
            replayed = interactions.replay(context.wayfinder, recording.events, recording.description)
        except interactions.StreamError as error:
            verdicts.append((f"{identifier}/live-vs-replay", False, str(error)))
            continue
        expected, actual = comparable(replayed), comparable(live)
        if expected == actual:
            verdicts.append((f"{identifier}/live-vs-replay", True, f"{len(actual)} interactions alike: " + _summary(actual)))
        else:
            first = next((i for i, (a, b) in enumerate(zip(expected, actual)) if a != b), min(len(expected), len(actual)))
            verdicts.append((
                f"{identifier}/live-vs-replay", False,
                f"replay {len(expected)} vs live {len(actual)}; first difference at {first}: "
                f"{expected[first:first + 4]} vs {actual[first:first + 4]}",
            ))  # fmt: skip
    return verdicts


def _summary(items):
    counts = {}
    for item in items:
        counts[item[0]] = counts.get(item[0], 0) + 1
    return ", ".join(f"{count} {kind}" for kind, count in counts.items())
