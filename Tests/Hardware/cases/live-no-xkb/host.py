"""What `wayfinder run --json --scene` printed in a guest without xkb data: one warning, keys by
code, and focus moving as with a keymap."""

import live_checks

WARNING = (
    "Warning: xkbcommon cannot compile any keymap (rules/model/layout/variant/options "
    "default/default/default/default/default): no keymap data in XKB_CONFIG_ROOT or /usr/share/X11/xkb; "
    "keys are reported by code, without keysyms or text"
)

# The key transitions of Tab, Tab, Down, Tab, Right, Return, Shift-Tab and A, with the modifiers
# held. Whether a modifier key's own line carries its modifier is the stream's choice (compared
# without it); the other keys' modifiers are what matters.
KEYS = [
    (key, state, ())
    for key in ("KEY_TAB", "KEY_TAB", "KEY_DOWN", "KEY_TAB", "KEY_RIGHT", "KEY_ENTER")
    for state in ("down", "up")
] + [
    ("KEY_LEFTSHIFT", "down"),
    ("KEY_TAB", "down", ("shift",)),
    ("KEY_TAB", "up", ("shift",)),
    ("KEY_LEFTSHIFT", "up"),
    ("KEY_A", "down", ()),
    ("KEY_A", "up", ()),
]

def check(context):
    verdicts = [warned_once(context.result.files.get("run.err"))]
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return verdicts + [("run-stream", False, problem)]
    verdicts.append(("run-stream", True, f"{len(objects)} lines"))
    verdicts.append(keys_by_code(objects))
    verdicts.append(live_checks.demo_focus_moves(objects))
    verdicts.append(live_checks.demo_selections(objects))
    return verdicts


def warned_once(data):
    """Standard error is the one warning that keys are reported by code; xkbcommon says nothing."""
    if data is None:
        return ("one-warning", False, "the guest sent no run.err")
    lines = data.decode(errors="replace").splitlines()
    return live_checks.verdict("one-warning", [] if lines == [WARNING] else [f"standard error was {lines}"], WARNING)


def keys_by_code(objects):
    """Every key line names the kernel code, with the modifiers, and no keysym or text."""
    keys = [item for item in live_checks.of_type(objects, "key") if item.get("state") != "repeat"]
    seen = [
        (item.get("key"), item.get("state"))
        if item.get("key") == "KEY_LEFTSHIFT"
        else (item.get("key"), item.get("state"), tuple(item.get("modifiers") or ()))
        for item in keys
    ]
    problems = [] if seen == KEYS else [f"expected {KEYS}, got {seen}"]
    problems += [f"a key line with a keymap's field: {live_checks.brief(item)}" for item in keys if "keysym" in item or "text" in item]
    return live_checks.verdict("keys-by-code", problems, f"{len(keys)} key lines without keysym or text")
