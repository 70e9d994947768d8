"""Checks of the interaction stream `wayfinder run --json` printed in a guest (Shared docs:
events.md): each function returns a (name, ok, detail) verdict."""

from __future__ import annotations

import interactions


def stream(files: dict[str, bytes], name: str) -> tuple[list[dict], str | None]:
    """The objects of the stream the guest sent as `name`, or a problem."""
    data = files.get(name)
    if data is None:
        return [], f"the guest sent no {name}"
    try:
        return interactions.parse(data.decode(errors="replace"), name), None
    except interactions.StreamError as error:
        return [], str(error)


def of_type(objects: list[dict], kind: str, device: str | None = None) -> list[dict]:
    return [item for item in objects if item.get("type") == kind and (device is None or item.get("device") == device)]


def brief(item: dict) -> str:
    """One object without its time, for details."""
    return " ".join(f"{key}={value}" for key, value in item.items() if key not in ("time", "device"))


def phases(objects: list[dict], kind: str) -> list[str]:
    return [str(item.get("phase")) for item in of_type(objects, kind)]


def verdict(name: str, problems: list[str], success: str) -> tuple[str, bool, str]:
    return (name, not problems, "; ".join(problems) if problems else success)


def demo_focus_moves(objects: list[dict]) -> tuple[str, bool, str]:
    """On the demo scene, for Tab, Tab, Down, Tab, Right, Return, Shift-Tab: Tab enters the first
    group (the search field), Tab goes to the sidebar's selected item, Down moves within the
    sidebar, Tab goes to the photo grid, Right moves within it, and Shift-Tab returns to the
    sidebar's remembered item."""
    moves = [(item.get("from"), item.get("to"), item.get("heading")) for item in of_type(objects, "focus")]
    expected = [
        (None, "search", "next"),
        ("search", "recents", "next"),
        ("recents", "favorites", "down"),
        ("favorites", "photo-1", "next"),
        ("photo-1", "photo-2", "right"),
        ("photo-2", "favorites", "previous"),
    ]
    problems = [] if moves == expected else [f"expected {expected}, got {moves}"]
    return verdict("focus-moves", problems, " → ".join(str(to) for _, to, _ in moves))


def demo_selections(objects: list[dict]) -> tuple[str, bool, str]:
    """For the same keys: selection follows focus in the sidebar; Return selects the focused photo."""
    selected = [item.get("item") for item in of_type(objects, "select")]
    expected = ["favorites", "photo-2"]
    problems = [] if selected == expected else [f"expected {expected}, got {selected}"]
    return verdict("selections", problems, ", ".join(map(str, selected)))


def wheel_notches(objects: list[dict], device: str, expected_signs: list[int]) -> tuple[str, bool, str]:
    """Every notch is exactly one discrete scroll of |v120y| = 120 in the expected direction
    (+1: toward the user, scrolling down)."""
    scrolls = of_type(objects, "scroll", device)
    problems = []
    if len(scrolls) != len(expected_signs):
        problems.append(f"{len(scrolls)} scroll lines for {len(expected_signs)} notches")
    for item, sign in zip(scrolls, expected_signs):
        v120 = item.get("v120y")
        if item.get("source") != "discrete" or not isinstance(v120, (int, float)) or v120 != 120 * sign:
            problems.append(f"expected discrete v120y={120 * sign}, got {brief(item)}")
    return verdict("wheel-notches", problems, f"{len(scrolls)} discrete scrolls: " + " ".join(str(s.get("v120y")) for s in scrolls))


def kernel_released_button(text: str, code: str = "0110") -> bool:
    """Whether, in an evemu recording, the kernel released the button `code` (hex; BTN_LEFT by
    default) itself: on disconnect, input_disconnect_device() releases every key and button still
    down and ends that frame with SYN_REPORT value 1, which marks it as synthetic."""
    events = [line.split()[2:5] for line in text.splitlines() if line.startswith("E:")]
    for index, (kind, event_code, value) in enumerate(events):
        if kind == "0001" and event_code == code and int(value) == 0:
            following = events[index + 1 : index + 2]
            if following and following[0][:2] == ["0000", "0000"] and int(following[0][2]) == 1:
                return True
    return False
