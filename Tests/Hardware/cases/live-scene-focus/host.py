"""The focus and select lines `wayfinder run --json --scene` printed for the injected keys."""

import live_checks


def check(context):
    objects, problem = live_checks.stream(context.result.files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    verdicts = [("run-stream", True, f"{len(objects)} lines")]
    verdicts.append(focus_moves(objects))
    verdicts.append(selections(objects))
    return verdicts


def focus_moves(objects):
    """Tab enters the first group (the search field), Tab goes to the sidebar's selected item,
    Down moves within the sidebar, Tab goes to the photo grid, Right moves within it, and
    Shift-Tab returns to the sidebar's remembered item."""
    moves = [(item.get("from"), item.get("to"), item.get("heading")) for item in live_checks.of_type(objects, "focus")]
    expected = [
        (None, "search", "next"),
        ("search", "recents", "next"),
        ("recents", "favorites", "down"),
        ("favorites", "photo-1", "next"),
        ("photo-1", "photo-2", "right"),
        ("photo-2", "favorites", "previous"),
    ]
    problems = [] if moves == expected else [f"expected {expected}, got {moves}"]
    return live_checks.verdict("focus-moves", problems, " → ".join(str(to) for _, to, _ in moves))


def selections(objects):
    """Selection follows focus in the sidebar; Return selects the focused photo."""
    selected = [item.get("item") for item in live_checks.of_type(objects, "select")]
    expected = ["favorites", "photo-2"]
    problems = [] if selected == expected else [f"expected {expected}, got {selected}"]
    return live_checks.verdict("selections", problems, ", ".join(map(str, selected)))
