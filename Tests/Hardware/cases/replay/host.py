"""Host checks for the replay case: each recording's round trip through a uinput device and the
kernel, and what libinput made of it (Tests/Hardware/expected/libinput.json plus sequences derived
from the recording itself)."""

import json
import subprocess

import libinput_events
import recordings
import wayfinder_checks

REL_WHEEL = 0x08
BUTTON_CODES = range(0x110, 0x120)  # BTN_LEFT ... BTN_TASK and neighbours: mouse buttons
KEY_CODES = range(0x001, 0x100)  # KEY_ESC ... the keyboard keys below the button range


def check(context):
    expectations = json.loads((context.root / "Tests/Hardware/expected/libinput.json").read_text())["recordings"]
    kinds = json.loads((context.root / "Tests/Hardware/expected/kinds.json").read_text())["recordings"]
    verdicts = []
    for recording in context.recordings:
        if recording.category != context.argument:
            continue
        identifier = recording.identifier
        verdicts.append(_kind_verdict(identifier, kinds.get(identifier), context.result.files))
        played = context.result.files.get(f"{identifier}.evemu")
        seen = context.result.files.get(f"{identifier}.libinput")
        if played is None or seen is None:
            verdicts.append((f"{identifier}/replayed", False, "the guest sent no evemu-record or libinput output"))
            continue
        original = recordings.parse_events(recordings.prepared_events(recording), str(recording.events))
        # The guest removes the device after the replay, which releases anything still held.
        expected_digest = recordings.Digest.of(original).released_on_removal()
        actual_digest = recordings.Digest.of(recordings.parse_events(played.decode(), f"guest:{identifier}.evemu"))
        verdicts.append(_kernel_verdict(identifier, expected_digest, actual_digest))
        verdicts.append(_record_verdict(context, identifier, played))
        expectation = expectations.get(identifier)
        if expectation is None:
            verdicts.append((f"{identifier}/libinput", False, "no entry in Tests/Hardware/expected/libinput.json"))
            continue
        log = libinput_events.parse(seen.decode())
        problems = _libinput_problems(recording, expectation, expected_digest, log)
        summary = (
            f"cap:{log.capabilities} buttons {log.button_presses()} scroll {log.scroll_sources()} "
            f"keys {len(log.keys)} touches {log.touch_downs}"
        )
        verdicts.append((f"{identifier}/libinput", not problems, "; ".join(problems) if problems else summary))
    return verdicts


def _kind_verdict(identifier, allowed, files):
    name = f"{identifier}/wayfinder-kind"
    if allowed is None:
        return (name, False, "no entry in Tests/Hardware/expected/kinds.json")
    objects, problems = wayfinder_checks.device_listing(files, f"{identifier}.devices")
    nodes = wayfinder_checks.kernel_nodes(files, f"{identifier}.devices.nodes")
    if problems:
        return (name, False, "; ".join(problems))
    # The uinput device is the only input device in the VM.
    if len(objects) != 1 or len(nodes) != 1:
        return (name, False, f"expected one device, wayfinder listed {len(objects)}, the kernel has {len(nodes)}")
    entry = objects[0]
    [(kernel_name, kernel_node)] = [(device, node[0]) for device, node in nodes.items()]
    if entry.get("name") != kernel_name or entry.get("node") != kernel_node:
        return (name, False, f"listed {entry.get('name')!r} on {entry.get('node')}, the kernel has {kernel_name!r} on {kernel_node}")
    if entry.get("kind") not in allowed:
        return (name, False, f"kind {entry.get('kind')!r}, expected {' or '.join(allowed)}")
    return (name, True, f"{entry.get('kind')}")


def _record_verdict(context, identifier, played):
    """wayfinder record and evemu-record read the same node at the same time: read back with
    `wayfinder replay --raw --json`, wayfinder's recording holds the same events (SYN_REPORTs and
    times aside)."""
    name = f"{identifier}/wayfinder-record"
    path = context.results_directory / f"{identifier}.wayfinder.evemu"
    if not path.exists():
        return (name, False, "the guest sent no wayfinder recording")
    result = subprocess.run(
        [str(context.wayfinder), "replay", "--raw", "--json", str(path)], capture_output=True, text=True, timeout=60
    )
    if result.returncode != 0:
        return (name, False, f"wayfinder replay --raw --json: {result.stderr.strip()[:300]}")
    recorded = [tuple(event) for _, events in wayfinder_checks.raw_frames(result.stdout) for event in events]
    recorded = [event for event in recorded if event[0] != 0]
    seen = [(kind, code, value) for _, kind, code, value in recordings.parse_events(played.decode(), "evemu-record")]
    seen = [event for event in seen if event[0] != 0]
    if recorded == seen:
        return (name, True, f"{len(seen)} events, as evemu-record")
    first = next((index for index, (a, b) in enumerate(zip(recorded, seen)) if a != b), min(len(recorded), len(seen)))
    return (name, False, f"{len(recorded)} events vs evemu-record's {len(seen)}; first difference at {first}: "
                         f"{recorded[first:first + 3]} vs {seen[first:first + 3]}")


def _kernel_verdict(identifier, expected, actual):
    problems = []
    if expected.key_transitions != actual.key_transitions:
        problems.append(f"key transitions {list(expected.key_transitions)} became {list(actual.key_transitions)}")
    if expected.relative_totals != actual.relative_totals:
        problems.append(f"relative totals {dict(expected.relative_totals)} became {dict(actual.relative_totals)}")
    if expected.touches != actual.touches:
        problems.append(f"{expected.touches} touches became {actual.touches}")
    detail = (
        "; ".join(problems)
        if problems
        else f"{len(expected.key_transitions)} key transitions, {expected.touches} touches, relative totals intact"
    )
    return (f"{identifier}/kernel", not problems, detail)


def _transitions(log_pairs):
    return [(code, 1 if state == "pressed" else 0) for code, state in log_pairs]


def _libinput_problems(recording, expectation, digest, log):
    problems = []
    if not log.added or not log.removed:
        problems.append(f"device added {log.added}, removed {log.removed}")
    missing = [letter for letter in expectation.get("capabilities", "") if letter not in log.capabilities]
    if missing:
        problems.append(f"cap:{log.capabilities} lacks {''.join(missing)}")
    if "buttons" in expectation and log.button_presses() != expectation["buttons"]:
        problems.append(f"button presses {log.button_presses()}, expected {expectation['buttons']}")
    if "scroll" in expectation and log.scroll_sources() != sorted(expectation["scroll"]):
        problems.append(f"scroll sources {log.scroll_sources()}, expected {sorted(expectation['scroll'])}")
    if "vertical" in expectation:
        total = sum(scroll.vertical for scroll in log.scrolls if scroll.source == "finger")
        direction = "down" if total > 0 else "up" if total < 0 else "none"
        if direction != expectation["vertical"]:
            problems.append(f"finger scrolling went {direction} ({total:+.2f}), expected {expectation['vertical']}")
    # "errors_at_recorded_pace" lists what libinput says only when the replay keeps the recorded
    # pace (a speed test such as its touch-jump check); a loaded VM replays slower, so they are
    # documented, not checked.
    for error in expectation.get("errors", []):
        if not any(error in line for line in log.errors):
            problems.append(f"no libinput error containing '{error}'")
    if expectation.get("motion") and log.motions == 0:
        problems.append("no pointer motion")
    if "touch_downs" in expectation and log.touch_downs != expectation["touch_downs"]:
        problems.append(f"{log.touch_downs} TOUCH_DOWN, expected {expectation['touch_downs']}")

    # Sequences derived from the recording itself.
    if recording.category == "keyboard":
        keys = [pair for pair in digest.key_transitions if pair[0] in KEY_CODES]
        if _transitions(log.keys) != keys:
            problems.append(f"keys {_transitions(log.keys)}, the recording has {keys}")
    if recording.category == "mouse":
        buttons = [pair for pair in digest.key_transitions if pair[0] in BUTTON_CODES]
        if _transitions(log.buttons) != buttons:
            problems.append(f"buttons {_transitions(log.buttons)}, the recording has {buttons}")
    if recording.category == "touchscreen" and log.touch_downs != digest.touches:
        problems.append(f"{log.touch_downs} TOUCH_DOWN, the recording has {digest.touches} touches")
    wheel = dict(digest.relative_totals).get(REL_WHEEL, 0)
    # libinput's vertical scroll is positive downwards; REL_WHEEL is positive upwards.
    if "wheel" in log.scroll_sources():
        v120 = sum(scroll.vertical_v120 for scroll in log.scrolls if scroll.source == "wheel")
        if v120 != -120 * wheel:
            problems.append(f"wheel v120 total {v120}, the recording's REL_WHEEL total is {wheel} detents")
    if "continuous" in log.scroll_sources():
        total = sum(scroll.vertical for scroll in log.scrolls if scroll.source == "continuous")
        if abs(total + wheel) > 0.01:
            problems.append(f"continuous scroll total {total}, the recording's REL_WHEEL total is {wheel}")
    return problems
