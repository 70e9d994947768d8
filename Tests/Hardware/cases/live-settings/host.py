"""The stream `wayfinder run --scene … --json --natural-scrolling --settings settings.jsonl` printed
for the injected input (case.json's steps): the option reverses the wheel, the settings file's rule
for the mouse swaps its buttons."""

import live_checks

MOUSE = "QEMU Virtio Mouse"


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    verdicts = [("run-stream", True, f"{len(objects)} lines")]
    verdicts.append(left_handed_buttons(objects))
    verdicts.append(natural_wheel(objects))
    verdicts.append(focus(objects))
    return verdicts


def left_handed_buttons(objects):
    """The right button (pressed first) is primary, the left one secondary: exactly one click
    each, named after the physical button."""
    buttons = [(item.get("button"), item.get("state"), item.get("code")) for item in live_checks.of_type(objects, "button", MOUSE)]
    expected = [
        ("primary", "down", "BTN_RIGHT"),
        ("primary", "up", "BTN_RIGHT"),
        ("secondary", "down", "BTN_LEFT"),
        ("secondary", "up", "BTN_LEFT"),
    ]
    problems = [] if buttons == expected else [f"expected {expected}, got {buttons}"]
    return live_checks.verdict("left-handed-buttons", problems, "right click primary, left click secondary")


def natural_wheel(objects):
    """Two notches toward the user then one away: with natural scrolling each is one discrete
    scroll of the opposite sign, v120y and dy alike."""
    scrolls = live_checks.of_type(objects, "scroll", MOUSE)
    seen = [(item.get("source"), item.get("v120y"), (item.get("dy") or 0) < 0) for item in scrolls]
    expected = [("discrete", -120, True), ("discrete", -120, True), ("discrete", 120, False)]
    problems = [] if seen == expected else [f"expected {expected} (source, v120y, dy < 0), got {seen}"]
    return live_checks.verdict("natural-wheel", problems, " ".join(str(item.get("v120y")) for item in scrolls))


def focus(objects):
    """Tab moves focus into the scene's first group, as without settings (the clicks that follow
    may move it on, wherever the pointer is)."""
    moves = [(item.get("from"), item.get("to"), item.get("heading")) for item in live_checks.of_type(objects, "focus")]
    expected = (None, "search", "next")
    problems = [] if moves[:1] == [expected] else [f"expected {expected} first, got {moves}"]
    return live_checks.verdict("focus", problems, "Tab focused search")
