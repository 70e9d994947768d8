"""The bundled recordings, prepared for replay on uinput devices in the guest, and the evemu text
format read back on the host.

Two adjustments make a recording replayable with evemu-device and evemu-play:
* evemu-play takes a timestamp of 0.000000 as "unset" and drops the first gap: recordings that start
  at 0 are shifted by 1 µs.
* uinput refuses an ABS_MT_SLOT range larger than the slot count it supports (the Surface Type
  Cover declares -127..127): the range is clamped to 0..MAX_SLOT. No event in such a file uses the
  slots, so the replay is unchanged.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

ABS_MT_SLOT = 0x2F
# The highest slot index kept in a clamped range: libevdev supports 60 slots (indices 0...59).
MAX_SLOT = 59


class RecordingError(Exception):
    """A recording could not be read; the message names the file and line."""


@dataclass(frozen=True)
class Recording:
    """One bundled recording: its evemu description and its events (the same file for F1.2+)."""

    identifier: str  # e.g. touchpad/xit_synaptics-clickpad.tap
    category: str  # keyboard, mouse, touchpad or touchscreen
    description: Path
    events: Path

    @property
    def relative_events(self) -> str:
        return f"{self.category}/{self.events.name}"


def bundled(root: Path) -> list[Recording]:
    """Every recording under `root` (Sources/Wayfinder/Resources/Recordings), sorted."""
    recordings: list[Recording] = []
    for category in sorted(path for path in root.iterdir() if path.is_dir() and path.name != "LICENSES"):
        for path in sorted(category.iterdir()):
            if path.suffix == ".evemu":
                recordings.append(Recording(f"{category.name}/{path.stem}", category.name, path, path))
            elif path.suffix == ".events":
                stem = path.name[: -len(".events")]
                candidate = stem
                while not (category / f"{candidate}.desc").exists():
                    if "." not in candidate:
                        raise RecordingError(f"{path}: no matching .desc file in {category}")
                    candidate = candidate.rsplit(".", 1)[0]
                recordings.append(Recording(f"{category.name}/{stem}", category.name, category / f"{candidate}.desc", path))
    return recordings


def _event_lines(path: Path) -> list[tuple[int, str]]:
    return [(number, line) for number, line in enumerate(path.read_text().splitlines(), 1) if line.startswith("E:")]


def prepared_description(recording: Recording) -> str:
    """The description lines (everything but `E:` lines), with the slot range clamped."""
    lines = []
    for line in recording.description.read_text().splitlines():
        if line.startswith("E:"):
            continue
        fields = line.split()
        if len(fields) >= 4 and fields[0] == "A:" and int(fields[1], 16) == ABS_MT_SLOT:
            minimum, maximum = int(fields[2]), int(fields[3])
            if minimum < 0 or maximum > MAX_SLOT:
                fields[2], fields[3] = "0", str(min(max(maximum, 0), MAX_SLOT))
                line = " ".join(fields)
        lines.append(line)
    return "\n".join(lines) + "\n"


def prepared_events(recording: Recording) -> str:
    """The `E:` lines, shifted by 1 µs when the first timestamp is 0."""
    events = _event_lines(recording.events)
    if not events:
        raise RecordingError(f"{recording.events}: no E: lines")
    shift = parse_time(events[0][1], recording.events, events[0][0]) == 0
    lines = []
    for number, line in events:
        if shift:
            fields = line.split()
            seconds, _, micros = fields[1].partition(".")
            total = int(seconds) * 1_000_000 + int(micros.ljust(6, "0")) + 1
            fields[1] = f"{total // 1_000_000}.{total % 1_000_000:06d}"
            line = " ".join(fields[:5])
        else:
            line = " ".join(line.split()[:5])
        lines.append(line)
    return "\n".join(lines) + "\n"


def parse_time(line: str, path: Path, number: int) -> int:
    match = re.match(r"E:\s+(\d+)\.(\d+)\s", line)
    if not match:
        raise RecordingError(f"{path}:{number}: not an evemu event line: {line!r}")
    return int(match.group(1)) * 1_000_000 + int(match.group(2).ljust(6, "0"))


def parse_events(text: str, source: str) -> list[tuple[int, int, int, int]]:
    """(time µs, type, code, value) for every `E:` line of an evemu text."""
    events = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.startswith("E:"):
            continue
        fields = line.split()
        try:
            events.append((parse_time(line, Path(source), number), int(fields[2], 16), int(fields[3], 16), int(fields[4])))
        except (IndexError, ValueError) as error:
            raise RecordingError(f"{source}:{number}: bad event line {line!r}: {error}") from error
    return events


@dataclass(frozen=True)
class Digest:
    """What must survive a replay through the kernel unchanged. The kernel drops events that change
    nothing, applies the axis fuzz and adds autorepeat, so raw event lists differ; key and button
    transitions, relative motion totals and new touches do not."""

    key_transitions: tuple[tuple[int, int], ...]  # (code, 1|0) for each state change
    relative_totals: tuple[tuple[int, int], ...]  # (code, sum)
    touches: int  # ABS_MT_TRACKING_ID set to a new contact

    def released_on_removal(self) -> "Digest":
        """The digest as a reader sees it when the device is removed afterwards: the kernel
        releases every key and button still held, in ascending code order."""
        held: set[int] = set()
        for code, value in self.key_transitions:
            if value == 1:
                held.add(code)
            else:
                held.discard(code)
        releases = tuple((code, 0) for code in sorted(held))
        return Digest(self.key_transitions + releases, self.relative_totals, self.touches)

    @staticmethod
    def of(events: list[tuple[int, int, int, int]]) -> "Digest":
        pressed: set[int] = set()
        transitions = []
        totals: dict[int, int] = {}
        touches = 0
        slot = 0
        tracking: dict[int, int] = {}
        for _, kind, code, value in events:
            if kind == 1 and value in (0, 1):
                if value == 1 and code not in pressed:
                    pressed.add(code)
                    transitions.append((code, 1))
                elif value == 0 and code in pressed:
                    pressed.discard(code)
                    transitions.append((code, 0))
            elif kind == 2:
                totals[code] = totals.get(code, 0) + value
            elif kind == 3 and code == ABS_MT_SLOT:
                slot = value
            elif kind == 3 and code == 0x39:
                if value >= 0 and tracking.get(slot, -1) != value:
                    touches += 1
                tracking[slot] = value
        return Digest(tuple(transitions), tuple(sorted(totals.items())), touches)
