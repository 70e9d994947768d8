"""The stream `wayfinder run --json --motion` printed for the injected input (case.json's steps)."""

import live_checks

KEYBOARD = "QEMU Virtio Keyboard"
MOUSE = "QEMU Virtio Mouse"


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    verdicts = [("run-stream", True, f"{len(objects)} lines")]
    verdicts.append(devices(objects))
    verdicts.append(keys(objects))
    verdicts.append(right_click(objects))
    # Three notches toward the user (QMP wheel-down), then two away.
    verdicts.append(live_checks.wheel_notches(objects, MOUSE, [1, 1, 1, -1, -1]))
    verdicts.append(long_press(objects))
    verdicts.append(drag(objects))
    return verdicts


def devices(objects):
    added = {(item.get("device"), item.get("kind")) for item in live_checks.of_type(objects, "device") if item.get("state") == "added"}
    missing = {(KEYBOARD, "keyboard"), (MOUSE, "mouse")} - added
    return live_checks.verdict("devices-added", [f"no added line for {m}" for m in sorted(missing)], "keyboard and mouse added")


def keys(objects):
    seen = [(item.get("key"), item.get("state"), tuple(item.get("modifiers") or ())) for item in live_checks.of_type(objects, "key")]
    seen = [entry for entry in seen if entry[1] != "repeat"]
    expected = [
        ("KEY_A", "down", ()),
        ("KEY_A", "up", ()),
        ("KEY_LEFTSHIFT", "down", ("shift",)),
        ("KEY_X", "down", ("shift",)),
        ("KEY_X", "up", ("shift",)),
        ("KEY_LEFTSHIFT", "up", ()),
    ]
    problems = []
    # Whether a modifier key's own line carries its modifier is the stream's choice; the typed
    # keys' modifiers are what matters.
    def normal(entries):
        return [(k, s, m) if not k.startswith("KEY_LEFTSHIFT") else (k, s) for k, s, m in entries]

    if normal(seen) != normal(expected):
        problems.append(f"expected {expected}, got {seen}")
    return live_checks.verdict("keys", problems, "a, then shift+x: " + ", ".join(f"{k} {s} {list(m)}" for k, s, m in seen))


def right_click(objects):
    buttons = [(item.get("button"), item.get("state"), item.get("trigger")) for item in live_checks.of_type(objects, "button")]
    secondary = [entry for entry in buttons if entry[0] == "secondary"]
    expected = [("secondary", "down", "button"), ("secondary", "up", "button")]
    problems = [] if secondary == expected else [f"expected {expected}, got {secondary}"]
    return live_checks.verdict("right-click", problems, "one secondary click (down, up)")


def _primary_presses(objects):
    """(down time, up time) of each primary press."""
    presses, down = [], None
    for item in live_checks.of_type(objects, "button"):
        if item.get("button") != "primary":
            continue
        if item.get("state") == "down":
            down = item["time"]
        elif item.get("state") == "up" and down is not None:
            presses.append((down, item["time"]))
            down = None
    return presses


def long_press(objects):
    presses = _primary_presses(objects)
    events = live_checks.of_type(objects, "longPress")
    problems = []
    if len(presses) != 2:
        return live_checks.verdict("long-press", [f"{len(presses)} primary presses, expected 2"], "")
    first_down, first_up = presses[0]
    during = [item for item in events if first_down <= item["time"] <= first_up]
    if [item.get("phase") for item in events] != ["began", "ended"]:
        problems.append(f"longPress phases {[item.get('phase') for item in events]}, expected began, ended")
    elif len(during) < 1 or during[0].get("phase") != "began":
        problems.append(f"longPress began outside the held press ({first_down:.3f}..{first_up:.3f}): {[live_checks.brief(e) for e in events]}")
    if any(first_down <= item["time"] <= first_up for item in live_checks.of_type(objects, "drag")):
        problems.append("a drag during the still press")
    # UIKit's UILongPressGestureRecognizer fires after minimumPressDuration, 0.5 s by default;
    # an earlier began would take a slow click for a long press.
    if events and events[0]["time"] - first_down < 0.45:
        problems.append(f"longPress began {events[0]['time'] - first_down:.3f} s after the press")
    detail = ""
    if events:
        detail = f"began {events[0]['time'] - first_down:.3f} s after the press, then {events[-1].get('phase')}"
    return live_checks.verdict("long-press", problems, detail)


def drag(objects):
    presses = _primary_presses(objects)
    if len(presses) != 2:
        return live_checks.verdict("drag", [f"{len(presses)} primary presses, expected 2"], "")
    down, up = presses[1]
    drags = [item for item in live_checks.of_type(objects, "drag") if down <= item["time"] <= up + 0.001]
    motions = [item for item in live_checks.of_type(objects, "motion", MOUSE) if down <= item["time"] <= up]
    problems = []
    phases = [item.get("phase") for item in drags]
    if not phases or phases[0] != "began" or phases[-1] != "ended" or any(p != "changed" for p in phases[1:-1]):
        problems.append(f"drag phases {phases}, expected began, changed…, ended")
    if not motions:
        problems.append("no motion during the press")
    elif drags and drags[0]["time"] != motions[0]["time"]:
        problems.append(f"drag began at {drags[0]['time']}, first motion at {motions[0]['time']}")
    total = sum(item.get("dx", 0) for item in motions), sum(item.get("dy", 0) for item in motions)
    # The stream prints six decimals: accelerated motions do not add up exactly to the printed
    # translation, which is summed before printing. Each line is off by half a millionth at most.
    tolerance = 1e-6 * (len(motions) + 1)
    if drags and any(abs((drags[-1].get(axis) or 0) - value) > tolerance for axis, value in zip(("totalDx", "totalDy"), total)):
        problems.append(f"drag ended at ({drags[-1].get('totalDx')}, {drags[-1].get('totalDy')}), the motions add up to {total}")
    if len(live_checks.of_type(objects, "drag")) != len(drags):
        problems.append("drag lines outside the moving press")
    if any(down <= item["time"] <= up for item in live_checks.of_type(objects, "longPress")):
        problems.append("a long press during the moving press")
    return live_checks.verdict("drag", problems, " ".join(phases) + f"; began with the first of {len(motions)} motions")
