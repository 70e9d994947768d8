"""Checks of the harness's own pieces that need no virtual machine: the recordings' preparation for
uinput, the digest compared across the kernel, the libinput reader, the live-stream checks, the
agreement rows and the initramfs writer.

Run: python3 -m unittest discover -s Scripts/vm -p 'test_*.py'
"""

from __future__ import annotations

import sys
import tempfile
import unittest
from pathlib import Path

sys.dont_write_bytecode = True
sys.path.insert(0, str(Path(__file__).resolve().parent))

import initramfs  # noqa: E402
import interactions  # noqa: E402
import libinput_events  # noqa: E402
import live_checks  # noqa: E402
import recordings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
RECORDINGS = ROOT / "Sources" / "Wayfinder" / "Resources" / "Recordings"


def _by_identifier(identifier: str) -> recordings.Recording:
    return next(recording for recording in recordings.bundled(RECORDINGS) if recording.identifier == identifier)


class RecordingPreparationTests(unittest.TestCase):
    def test_every_recording_has_a_description_and_events(self) -> None:
        found = recordings.bundled(RECORDINGS)
        self.assertEqual(len(found), 20)
        for recording in found:
            self.assertIn("N:", recordings.prepared_description(recording))
            self.assertTrue(recordings.prepared_events(recording).startswith("E: "))

    def test_old_logs_pair_with_the_longest_matching_description(self) -> None:
        recording = _by_identifier("touchpad/xit_synaptics-clickpad.two-finger-scroll-down")
        self.assertEqual(recording.description.name, "xit_synaptics-clickpad.desc")

    def test_a_recording_starting_at_zero_is_shifted_by_one_microsecond(self) -> None:
        recording = _by_identifier("keyboard/evemu-devices_microsoft-surface-type-cover")
        original = recordings.parse_events(recording.events.read_text(), "original")
        prepared = recordings.parse_events(recordings.prepared_events(recording), "prepared")
        self.assertEqual(original[0][0], 0)
        self.assertEqual([event[0] + 1 for event in original], [event[0] for event in prepared])
        self.assertEqual([event[1:] for event in original], [event[1:] for event in prepared])

    def test_a_recording_starting_later_is_not_shifted(self) -> None:
        recording = _by_identifier("mouse/evemu-devices_saitek-rat5")
        original = recordings.parse_events(recording.events.read_text(), "original")
        prepared = recordings.parse_events(recordings.prepared_events(recording), "prepared")
        self.assertEqual(original, prepared)

    def test_the_slot_range_uinput_refuses_is_clamped(self) -> None:
        recording = _by_identifier("keyboard/evemu-devices_microsoft-surface-type-cover")
        self.assertIn("A: 2f -127 127", recording.description.read_text())
        lines = recordings.prepared_description(recording).splitlines()
        self.assertIn("A: 2f 0 59 0 0 0", lines)
        self.assertIn("A: 30 -127 127 0 0 0", lines)  # other axes keep their ranges


class DigestTests(unittest.TestCase):
    def test_transitions_ignore_repeats_and_releases_of_free_keys(self) -> None:
        events = [(0, 1, 29, 0), (1, 1, 29, 1), (2, 1, 29, 2), (3, 1, 29, 1), (4, 1, 29, 0), (5, 2, 8, 3), (6, 2, 8, -1)]
        digest = recordings.Digest.of(events)
        self.assertEqual(digest.key_transitions, ((29, 1), (29, 0)))
        self.assertEqual(digest.relative_totals, ((8, 2),))

    def test_removal_releases_held_keys_in_code_order(self) -> None:
        digest = recordings.Digest.of([(0, 1, 46, 1), (1, 1, 29, 1)]).released_on_removal()
        self.assertEqual(digest.key_transitions, ((46, 1), (29, 1), (29, 0), (46, 0)))

    def test_touches_count_new_contacts_per_slot(self) -> None:
        events = [(0, 3, 0x2F, 0), (0, 3, 0x39, 5), (1, 3, 0x2F, 1), (1, 3, 0x39, 6), (2, 3, 0x39, -1),
                  (3, 3, 0x2F, 0), (3, 3, 0x39, 5), (4, 3, 0x39, -1), (5, 3, 0x39, 7)]  # fmt: skip
        self.assertEqual(recordings.Digest.of(events).touches, 3)


class LibinputReaderTests(unittest.TestCase):
    SAMPLE = "\n".join(
        [
            "-event0   DEVICE_ADDED            Synaptics TouchPad seat0 default group1  cap:pg  size 70x51mm",
            " event0   POINTER_BUTTON          +1.000s\tBTN_RIGHT (273) pressed, seat count: 1",
            " event0   POINTER_BUTTON          +1.100s\tBTN_RIGHT (273) released, seat count: 0",
            " event0   POINTER_SCROLL_WHEEL    +2.000s\tvert -15.00/-120.0* horiz 0.00/0.0 (wheel)",
            " event0   POINTER_SCROLL_FINGER   +3.000s\tvert 6.75/0.0* horiz 0.00/0.0 (finger)",
            " event0   KEYBOARD_KEY            +4.000s\tKEY_C (46) pressed",
            "libinput error:  - CyPS/2 Cypress Trackpad: kernel bug: received BTN_RIGHT button event on a clickpad",
            " event0   TOUCH_DOWN              +5.000s\t0 (0) 42.50/50.42 (340.00/242.00mm)",
            "-event0   DEVICE_REMOVED          Synaptics TouchPad seat0 default group1  cap:pg",
        ]
    )

    def test_reads_every_kept_kind(self) -> None:
        log = libinput_events.parse(self.SAMPLE)
        self.assertEqual(log.capabilities, "pg")
        self.assertTrue(log.added and log.removed)
        self.assertEqual(log.button_presses(), ["BTN_RIGHT"])
        self.assertEqual(log.scroll_sources(), ["finger", "wheel"])
        self.assertEqual(log.scrolls[0].vertical_v120, -120.0)
        self.assertEqual(log.keys, [(46, "pressed")])
        self.assertEqual(log.touch_downs, 1)
        self.assertEqual(len(log.errors), 1)


class LibinputGestureReaderTests(unittest.TestCase):
    def test_reads_gesture_lines(self) -> None:
        text = "\n".join(
            [
                " event5   GESTURE_HOLD_BEGIN      +1.000s\t2",
                " event5   GESTURE_HOLD_END        +1.100s\t2 cancelled",
                " event5   GESTURE_PINCH_BEGIN     +1.100s\t2",
                " event5   GESTURE_PINCH_UPDATE    +1.110s\t2  0.50/-1.25 ( 0.40/-1.00 unaccelerated)  1.25 @ -3.50",
                " event5   GESTURE_PINCH_END       +1.200s\t2",
                " event5   GESTURE_SWIPE_UPDATE    +2.000s\t3 -4.00/ 0.00 (-3.00/ 0.00 unaccelerated)",
            ]
        )
        log = libinput_events.parse(text)
        self.assertEqual(log.gestures, ["hold", "pinch"])
        self.assertEqual(
            [(e.kind, e.phase, e.fingers, e.cancelled) for e in log.gesture_events],
            [("hold", "begin", 2, False), ("hold", "end", 2, True), ("pinch", "begin", 2, False),
             ("pinch", "update", 2, False), ("pinch", "end", 2, False), ("swipe", "update", 3, False)],
        )
        pinch = log.gesture_events[3]
        self.assertEqual((pinch.dx, pinch.dy, pinch.scale, pinch.angle), (0.4, -1.0, 1.25, -3.5))
        self.assertEqual((log.gesture_events[5].dx, log.gesture_events[5].dy), (-3.0, 0.0))


class ArchiveTests(unittest.TestCase):
    def test_writes_a_newc_archive_with_aligned_entries(self) -> None:
        archive = initramfs._Archive()
        archive.file("usr/bin/tool", b"abc", 0o755)
        archive.symlink("bin", "usr/bin")
        with tempfile.TemporaryDirectory() as directory:
            output = Path(directory) / "image.cpio"
            size = archive.write(output)
            data = output.read_bytes()
        self.assertEqual(size, len(data))
        self.assertEqual(len(data) % 4, 0)
        self.assertTrue(data.startswith(b"070701"))
        entries = _read_newc(data)
        names = [name for name, _, _ in entries]
        self.assertEqual(names, ["bin", "usr", "usr/bin", "usr/bin/tool", "TRAILER!!!"])
        self.assertEqual(entries[3][1] & 0o777, 0o755)
        self.assertEqual(entries[3][2], b"abc")
        self.assertEqual(entries[0][2], b"usr/bin")  # the link target


def _read_newc(data: bytes) -> list[tuple[str, int, bytes]]:
    """(name, mode, contents) of each entry, read back with the format's own rules."""
    entries = []
    offset = 0
    while True:
        header = data[offset : offset + 110]
        if not header.startswith(b"070701"):
            raise ValueError(f"no newc magic at {offset}")
        fields = [int(header[6 + 8 * index : 14 + 8 * index], 16) for index in range(13)]
        mode, file_size, name_size = fields[1], fields[6], fields[11]
        name_start = offset + 110
        name = data[name_start : name_start + name_size - 1].decode()
        data_start = name_start + name_size + (-(110 + name_size) % 4)
        entries.append((name, mode, data[data_start : data_start + file_size]))
        offset = data_start + file_size + (-file_size % 4)
        if name == "TRAILER!!!":
            return entries


class LiveStreamCheckTests(unittest.TestCase):
    MOUSE = "QEMU Virtio Mouse"

    def _scroll(self, v120: int) -> dict:
        return {"time": 1.0, "device": self.MOUSE, "type": "scroll", "source": "discrete", "dy": v120 / 12, "v120x": 0, "v120y": v120}

    def test_one_discrete_scroll_per_notch_passes(self) -> None:
        name, ok, detail = live_checks.wheel_notches([self._scroll(120), self._scroll(-120)], self.MOUSE, [1, -1])
        self.assertTrue(ok, detail)

    def test_a_notch_counted_twice_fails(self) -> None:
        # REL_WHEEL and REL_WHEEL_HI_RES of one notch read as two scrolls.
        stream = [self._scroll(120), self._scroll(120)]
        self.assertFalse(live_checks.wheel_notches(stream, self.MOUSE, [1])[1])

    def test_a_notch_in_the_wrong_direction_or_size_fails(self) -> None:
        self.assertFalse(live_checks.wheel_notches([self._scroll(-120)], self.MOUSE, [1])[1])
        self.assertFalse(live_checks.wheel_notches([self._scroll(240)], self.MOUSE, [1])[1])

    def test_the_kernels_release_on_disconnect_is_told_from_a_real_one(self) -> None:
        real = "E: 0.5 0001 0110 0000\nE: 0.5 0000 0000 0000\n"
        synthetic = "E: 0.5 0001 0110 0000\nE: 0.5 0000 0000 0001\n"
        self.assertFalse(live_checks.kernel_released_button(real))
        self.assertTrue(live_checks.kernel_released_button(synthetic))


class AgreementTests(unittest.TestCase):
    def test_a_dropped_clickpad_button_is_a_disagreement(self) -> None:
        log = libinput_events.parse(
            "-event0   DEVICE_ADDED            CyPS/2 Cypress Trackpad seat0 default group1  cap:p\n"
            "libinput error: event0  - CyPS/2 Cypress Trackpad: kernel bug: received BTN_RIGHT button event on a clickpad\n"
        )
        stream = [{"type": "button", "button": "secondary", "state": "down"}, {"type": "button", "button": "secondary", "state": "up"}]
        rows = {row.aspect: row for row in interactions.agreement(log, stream)}
        self.assertEqual((rows["buttons"].libinput, rows["buttons"].wayfinder), ("none", "secondary"))
        self.assertFalse(rows["buttons"].agrees)

    def test_wheel_scrolls_agree_on_source_and_direction(self) -> None:
        log = libinput_events.parse(" event0   POINTER_SCROLL_WHEEL    +2.000s\tvert 15.00/120.0* horiz 0.00/0.0 (wheel)")
        stream = [{"type": "scroll", "source": "discrete", "dy": 10, "v120y": 120}]
        rows = {row.aspect: row for row in interactions.agreement(log, stream)}
        self.assertTrue(rows["scroll source"].agrees and rows["scroll direction"].agrees)


if __name__ == "__main__":
    unittest.main()
