"""The overrun recording: fewer events than were sent (the kernel dropped some), the release of X
that happened during the drop, a consistent key state throughout (no press of a held key, no
release of a free one), Shift down then up, C typed after the drop, and nothing held at the end."""

import recordings

KEY_X, KEY_C, KEY_LEFTSHIFT = 0x2D, 0x2E, 0x2A


def check(context):
    data = context.result.files.get("flood.evemu")
    if data is None:
        return [("recording", False, "the guest sent no flood.evemu")]
    events = recordings.parse_events(data.decode(), "guest:flood.evemu")
    keys = [(code, value) for _, kind, code, value in events if kind == 1 and value in (0, 1)]
    verdicts = []
    sent = 1 + 1 + 100 * 4 + 1 + 1 + 2
    verdicts.append(("dropped", len(keys) < sent, f"{len(keys)} key events recorded of {sent} sent"))
    held = set()
    problems = []
    for code, value in keys:
        if value == 1 and code in held:
            problems.append(f"key {code} pressed while held")
        if value == 0 and code not in held:
            problems.append(f"key {code} released while free")
        (held.add if value == 1 else held.discard)(code)
    verdicts.append(("consistent", not problems, "; ".join(problems[:5]) or f"{len(keys)} transitions"))
    verdicts.append(("nothing-stuck", not held, f"held at the end: {sorted(held)}" if held else "all released"))
    # X: pressed before the drop, its release lost in it; the resynchronisation must report it.
    x_events = [value for code, value in keys if code == KEY_X]
    verdicts.append(("missed-release", x_events == [1, 0], f"KEY_X transitions {x_events}"))
    tail = keys[-4:]
    expected_tail = [(KEY_LEFTSHIFT, 0), (KEY_C, 1), (KEY_C, 0)]
    verdicts.append(("after-drop", tail[-3:] == expected_tail and (KEY_LEFTSHIFT, 1) in keys,
                     f"last transitions {tail}"))
    return verdicts
