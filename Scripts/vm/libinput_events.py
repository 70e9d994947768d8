"""Reads `libinput debug-events` output (libinput 1.22) into values the host checks compare.

Only the events Wayfinder has a counterpart for are kept: keys, pointer buttons, scroll (wheel,
finger, continuous), touch down/up, and the device line with its capabilities. Motion and gestures
are counted, not kept. `libinput error:` lines (for example "kernel bug: received BTN_RIGHT button
event on a clickpad") are kept as messages.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field


@dataclass
class Scroll:
    source: str  # wheel, finger or continuous
    vertical: float  # libinput's scroll value; positive scrolls down
    horizontal: float
    vertical_v120: float  # wheel only: 120 per detent
    horizontal_v120: float


@dataclass
class GestureEvent:
    kind: str  # swipe, pinch or hold
    phase: str  # begin, update or end
    fingers: int
    dx: float = 0.0  # unaccelerated, for updates
    dy: float = 0.0
    scale: float = 1.0  # pinch updates
    angle: float = 0.0  # pinch updates: degrees turned since the previous event
    cancelled: bool = False  # ends


@dataclass
class LibinputLog:
    capabilities: str = ""  # the cap:... token of DEVICE_ADDED, e.g. "kp", "pg", "t"
    device_line: str = ""
    added: bool = False
    removed: bool = False
    keys: list[tuple[int, str]] = field(default_factory=list)  # (code, pressed|released)
    key_names: list[tuple[str, str]] = field(default_factory=list)  # (KEY_A, pressed|released)
    buttons: list[tuple[int, str]] = field(default_factory=list)  # (code, pressed|released)
    button_names: dict[int, str] = field(default_factory=dict)  # code -> BTN_LEFT
    scrolls: list[Scroll] = field(default_factory=list)
    touch_downs: int = 0
    touch_ups: int = 0
    motions: int = 0
    gestures: list[str] = field(default_factory=list)  # GESTURE_*_BEGIN kinds
    gesture_events: list[GestureEvent] = field(default_factory=list)  # every GESTURE_* line
    errors: list[str] = field(default_factory=list)

    def button_presses(self) -> list[str]:
        return [self.button_names[code] for code, state in self.buttons if state == "pressed"]

    def scroll_sources(self) -> list[str]:
        return sorted({scroll.source for scroll in self.scrolls})


# GESTURE_SWIPE_UPDATE / GESTURE_PINCH_UPDATE: "<fingers> dx/dy (dx/dy unaccelerated)[ scale @ angle]".
_GESTURE_UPDATE = re.compile(
    r"\s(\d+)\s+(-?[0-9.]+)/\s*(-?[0-9.]+)\s+\(\s*(-?[0-9.]+)/\s*(-?[0-9.]+) unaccelerated\)"
    r"(?:\s+(-?[0-9.]+)\s+@\s+(-?[0-9.]+))?"
)
# GESTURE_*_BEGIN / _END: "<fingers>[ cancelled]" after the time.
_GESTURE_COUNT = re.compile(r"\+[0-9.]+s\s+(\d+)(\s+cancelled)?\s*$")

_AXES = re.compile(r"vert\s+(-?[0-9.]+)/(-?[0-9.]+)\*?\s+horiz\s+(-?[0-9.]+)/(-?[0-9.]+)\*?\s+\((\w+)\)")


def parse(text: str) -> LibinputLog:
    log = LibinputLog()
    for line in text.splitlines():
        if line.startswith("libinput error:"):
            log.errors.append(line.split(":", 1)[1].strip())
            continue
        words = line.split()
        if len(words) < 2:
            continue
        kind = words[1]
        if kind == "DEVICE_ADDED":
            log.added = True
            log.device_line = line.strip()
            match = re.search(r"\bcap:(\w*)", line)
            log.capabilities = match.group(1) if match else ""
        elif kind == "DEVICE_REMOVED":
            log.removed = True
        elif kind == "KEYBOARD_KEY":
            match = re.search(r"(KEY_\w+|BTN_\w+|\*{3})\s+\((-?\d+)\)\s+(pressed|released)", line)
            if match:
                log.keys.append((int(match.group(2)), match.group(3)))
                log.key_names.append((match.group(1), match.group(3)))
        elif kind == "POINTER_BUTTON":
            match = re.search(r"\b(BTN_\w+)\s+\((\d+)\)\s+(pressed|released)", line)
            if match:
                code = int(match.group(2))
                log.button_names[code] = match.group(1)
                log.buttons.append((code, match.group(3)))
        elif kind.startswith("POINTER_SCROLL_"):
            match = _AXES.search(line)
            if match:
                vertical, vertical_v120, horizontal, horizontal_v120, source = match.groups()
                log.scrolls.append(
                    Scroll(source, float(vertical), float(horizontal), float(vertical_v120), float(horizontal_v120))
                )
        elif kind == "POINTER_MOTION" or kind == "POINTER_MOTION_ABSOLUTE":
            log.motions += 1
        elif kind == "TOUCH_DOWN":
            log.touch_downs += 1
        elif kind == "TOUCH_UP":
            log.touch_ups += 1
        elif kind.startswith("GESTURE_"):
            gesture, _, phase = kind[len("GESTURE_") :].lower().rpartition("_")
            if phase == "begin":
                log.gestures.append(gesture)
            if phase == "update":
                match = _GESTURE_UPDATE.search(line)
                if match:
                    fingers, _, _, dx, dy, scale, angle = match.groups()
                    log.gesture_events.append(
                        GestureEvent(
                            gesture, phase, int(fingers), float(dx), float(dy),
                            float(scale) if scale is not None else 1.0, float(angle) if angle is not None else 0.0,
                        )
                    )
            else:
                match = _GESTURE_COUNT.search(line)
                if match:
                    log.gesture_events.append(GestureEvent(gesture, phase, int(match.group(1)), cancelled=bool(match.group(2))))
    return log
