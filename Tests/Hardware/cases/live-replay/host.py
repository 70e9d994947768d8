"""Live against replay: the stream `wayfinder run --json` printed while each recording was replayed
on a uinput device in the guest, compared with `wayfinder replay --json` of the same file on the
host; and the agreement table between that live stream and what `libinput debug-events` reported
for the same replay."""

import interactions
import libinput_events
import live_checks

# guest.sh's RECORDINGS, in order: the i-th device added to the live stream is the i-th recording.
RECORDINGS = [
    "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons",
    "touchpad/xit_synaptics-clickpad.right-phys-click",
    "touchpad/xit_synaptics-clickpad.two-finger-scroll-down",
    "touchpad/evemu-devices_bcm5974-apple.three-finger-click",
    "touchpad/evemu-devices_cypress-clickpad.two-finger-press",
    "touchpad/evemu-devices_alps-glidepoint.2-finger-tap",
    "mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll",
    "keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard",
    "keyboard/evemu-devices_logitech-k400-plus",
]


# Per recording, the aspects of interactions.agreement() on which Wayfinder and libinput must
# agree. The buttons of a clickpad's bottom-right press (right-phys-click) and of clickfinger
# presses (bcm5974: one, two, three fingers) must agree; so must wheel and finger scroll sources
# and directions, and keys.
MUST_AGREE = {
    "mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons": {"buttons", "scroll source", "scroll direction"},
    "touchpad/xit_synaptics-clickpad.right-phys-click": {"buttons"},
    "touchpad/xit_synaptics-clickpad.two-finger-scroll-down": {"scroll source", "scroll direction"},
    "touchpad/evemu-devices_bcm5974-apple.three-finger-click": {"buttons"},
    "mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll": {"scroll source", "scroll direction"},
    "keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard": {"keys"},
    "keyboard/evemu-devices_logitech-k400-plus": {"keys"},
}

# Deliberate differences, asserted as (libinput, Wayfinder): a change on either side shows here.
DELIBERATE = {
    # The Cypress firmware sends BTN_RIGHT for a two-finger press on its clickpad. libinput 1.22
    # treats BTN_RIGHT on a clickpad as a kernel bug and drops it ("kernel bug: received BTN_RIGHT
    # button event on a clickpad"), so the press is no click at all; Wayfinder takes a clickpad
    # press's button from the click method whatever code reports it, and the Cypress profile's
    # method is clickfinger: two fingers, a secondary click, which is what the user pressed for.
    ("touchpad/evemu-devices_cypress-clickpad.two-finger-press", "buttons"): ("none", "secondary"),
}

# Rows that differ for reasons of thresholds, not policy: shown in the table, not asserted.
UNASSERTED = {
    ("touchpad/evemu-devices_bcm5974-apple.three-finger-click", "scroll source"):
        "libinput starts a two-finger scroll of about 0.1 as the fingers land before the click; Wayfinder starts none (both fingers must move 1.5 mm the same way)",
    ("touchpad/evemu-devices_cypress-clickpad.two-finger-press", "scroll source"):
        "both take the fingers resting side by side for a scroll once one drifts 1 mm; libinput scrolls by the drift at once (and on through the press it dropped), Wayfinder once their average has moved 1.5 mm, which it does not before the press",
    ("touchpad/evemu-devices_cypress-clickpad.two-finger-press", "scroll direction"): "as scroll source",
    ("touchpad/evemu-devices_alps-glidepoint.2-finger-tap", "scroll source"):
        "the fingers move too far for a tap; libinput makes a small two-finger scroll, Wayfinder neither taps nor scrolls (both fingers must move 1.5 mm the same way)",
    ("touchpad/evemu-devices_alps-glidepoint.2-finger-tap", "scroll direction"): "as scroll source",
}  # fmt: skip


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
    verdicts += agreement_verdicts(context, parts)
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


def agreement_verdicts(context, parts):
    """One verdict per recording on the rows that must agree and the deliberate differences; the
    whole table goes to the case's notes."""
    verdicts = []
    table = [("recording", "aspect", "libinput", "wayfinder", "")]
    for identifier, live in zip(RECORDINGS, parts):
        data = context.result.files.get(f"{identifier}.libinput")
        if data is None:
            verdicts.append((f"{identifier}/libinput-agreement", False, "the guest sent no libinput output"))
            continue
        rows = interactions.agreement(libinput_events.parse(data.decode(errors="replace")), live)
        aspects = {row.aspect: row for row in rows}
        problems = []
        for aspect in sorted(MUST_AGREE.get(identifier, set())):
            row = aspects.get(aspect)
            if row is None:
                problems.append(f"neither side reported {aspect}")
            elif not row.agrees:
                problems.append(f"{aspect}: libinput {row.libinput!r}, wayfinder {row.wayfinder!r}")
        for (recording, aspect), (libinput, wayfinder) in DELIBERATE.items():
            if recording != identifier:
                continue
            row = aspects.get(aspect)
            if row is None or (row.libinput, row.wayfinder) != (libinput, wayfinder):
                problems.append(f"{aspect}: expected the deliberate difference libinput {libinput!r}, wayfinder {wayfinder!r}")
        for row in rows:
            key = (identifier, row.aspect)
            if row.aspect in MUST_AGREE.get(identifier, set()):
                status = "agree (asserted)"
            elif key in DELIBERATE:
                status = "deliberate difference (asserted)"
            elif row.agrees:
                status = "agree"
            elif key in UNASSERTED:
                status = f"differ: {UNASSERTED[key]}"
            else:
                status = "differ (unexplained)"
                problems.append(f"{row.aspect} differs without an explanation: libinput {row.libinput!r}, wayfinder {row.wayfinder!r}")
            table.append((identifier.split("/", 1)[1], row.aspect, row.libinput, row.wayfinder, status))
        summary = "; ".join(f"{row.aspect}: {row.libinput} / {row.wayfinder}" for row in rows)
        verdicts.append((f"{identifier}/libinput-agreement", not problems, "; ".join(problems) if problems else summary))
    widths = [max(len(row[column]) for row in table) for column in range(4)]
    context.notes.append("agreement with libinput debug-events (live replays):")
    for row in table:
        context.notes.append("  " + " | ".join(cell.ljust(width) for cell, width in zip(row[:4], widths)) + " | " + row[4])
    return verdicts
