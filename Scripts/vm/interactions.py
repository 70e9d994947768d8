"""Wayfinder's interaction stream (`wayfinder replay --json`, Shared docs: events.md) compared with
itself across a kernel round trip, and with libinput's view of the same recording.

Both comparisons work on what survives the kernel: kinds, states, phases, buttons, keys, scroll
sources and directions. Coordinates and times do not: the kernel applies the axis fuzz and
re-times every event.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass
from pathlib import Path

import libinput_events

# libinput button names and the logical buttons Wayfinder reports for them.
LOGICAL_BUTTONS = {
    "BTN_LEFT": "primary",
    "BTN_RIGHT": "secondary",
    "BTN_MIDDLE": "middle",
    "BTN_SIDE": "back",
    "BTN_EXTRA": "forward",
}
# libinput scroll sources and Wayfinder's.
SCROLL_SOURCES = {"wheel": "discrete", "finger": "continuous", "continuous": "continuous"}


class StreamError(Exception):
    """`wayfinder replay --json` failed or printed something that is not the documented stream."""


def replay(wayfinder: Path, recording: Path, description: Path | None = None) -> list[dict]:
    """Runs `wayfinder replay --json` on the host and returns its objects."""
    arguments = [str(wayfinder), "replay", "--json", str(recording)]
    if description is not None and description != recording:
        arguments += ["--desc", str(description)]
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise StreamError(f"{' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()[:300]}")
    return parse(result.stdout, recording.name)


def parse(text: str, source: str) -> list[dict]:
    objects = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            raise StreamError(f"{source}: line {number} is not JSON: {error}") from error
        if not isinstance(value, dict) or "type" not in value:
            raise StreamError(f"{source}: line {number} has no 'type'")
        objects.append(value)
    return objects


def signature(stream: list[dict], held_at_end: set[str] | None = None) -> list[tuple]:
    """The stream without times and coordinates. Key repeats are dropped: the kernel adds its own
    to a replayed keyboard. Key `up` lines for `held_at_end` are dropped: removing the replayed
    device releases keys the recording leaves held."""
    kept = []
    for event in stream:
        kind = event.get("type")
        if kind == "device":
            continue
        if kind == "key":
            if event.get("state") == "repeat":
                continue
            if held_at_end and event.get("state") == "up" and event.get("key") in held_at_end:
                continue
            kept.append(("key", event.get("key"), event.get("state")))
        elif kind == "button":
            kept.append(("button", event.get("button"), event.get("state"), event.get("trigger")))
        elif kind == "scroll":
            kept.append(("scroll", event.get("source"), event.get("phase")))
        elif kind in ("tap", "longPress", "drag"):
            kept.append((kind, event.get("phase"), event.get("fingers"), event.get("touchType")))
        elif kind == "motion":
            continue
        else:
            kept.append((kind,))
    # Consecutive scroll lines of one phase collapse: their count depends on frame timing.
    collapsed: list[tuple] = []
    for item in kept:
        if item[0] == "scroll" and collapsed and collapsed[-1] == item:
            continue
        collapsed.append(item)
    return collapsed


def keys_held_at_end(stream: list[dict]) -> set[str]:
    held: set[str] = set()
    for event in stream:
        if event.get("type") == "key":
            if event.get("state") == "down":
                held.add(str(event.get("key")))
            elif event.get("state") == "up":
                held.discard(str(event.get("key")))
    return held


@dataclass
class Row:
    """One line of the agreement table."""

    aspect: str  # keys, buttons, scroll source, scroll direction, touches
    libinput: str
    wayfinder: str

    @property
    def agrees(self) -> bool:
        return self.libinput == self.wayfinder


def _direction(total: float) -> str:
    return "down" if total > 0 else "up" if total < 0 else "none"


def agreement(log: libinput_events.LibinputLog, stream: list[dict]) -> list[Row]:
    """Rows for the aspects either side reports."""
    rows = []
    libinput_keys = [f"{name} {'down' if state == 'pressed' else 'up'}" for name, state in log.key_names]
    wayfinder_keys = [
        f"{event.get('key')} {event.get('state')}"
        for event in stream
        if event.get("type") == "key" and event.get("state") in ("down", "up")
    ]
    if libinput_keys or wayfinder_keys:
        rows.append(Row("keys", " ".join(libinput_keys), " ".join(wayfinder_keys)))
    libinput_buttons = [LOGICAL_BUTTONS.get(log.button_names[code], "other") for code, state in log.buttons if state == "pressed"]
    wayfinder_buttons = [
        str(event.get("button")) for event in stream if event.get("type") == "button" and event.get("state") == "down"
    ]
    if libinput_buttons or wayfinder_buttons:
        rows.append(Row("buttons", " ".join(libinput_buttons) or "none", " ".join(wayfinder_buttons) or "none"))
    libinput_sources = sorted({SCROLL_SOURCES.get(scroll.source, scroll.source) for scroll in log.scrolls})
    scrolls = [event for event in stream if event.get("type") == "scroll"]
    wayfinder_sources = sorted({str(event.get("source")) for event in scrolls})
    if libinput_sources or wayfinder_sources:
        rows.append(Row("scroll source", " ".join(libinput_sources) or "none", " ".join(wayfinder_sources) or "none"))
        rows.append(
            Row(
                "scroll direction",
                _direction(sum(scroll.vertical for scroll in log.scrolls)),
                _direction(sum(float(event.get("dy", 0) or 0) for event in scrolls)),
            )
        )
    if log.touch_downs:
        taps = sum(1 for event in stream if event.get("type") == "tap")
        presses = sum(
            1 for event in stream if event.get("type") in ("longPress", "drag") and event.get("phase") == "began"
        )
        rows.append(Row("touches", str(log.touch_downs), str(taps + presses)))
    return rows
