"""Host checks for pointer acceleration against libinput: for every stream the guest played, each
of libinput's POINTER_MOTION events (adaptive and flat, speeds -0.5, 0 and 0.5) and the motion
`wayfinder replay` gives for libinput's own recording of the same frames (the kernel's timestamps)
with the same settings, taken in order. A delta agrees when each axis is within 2 % of libinput's
or 0.02 (libinput debug-events prints two decimals).

Where libinput and Wayfinder move the pointer on different frames of a touchpad stream (how they
read the touches, not how they accelerate), the motions cannot be paired: FRAME_DIFFERENCES lists
those streams with Wayfinder's count, which is asserted (it is the same at every profile and
speed), libinput's as seen once (a live libinput's count can vary by a few between runs, as its
timers fire), and what was seen.
"""

from __future__ import annotations

import json
import re
import subprocess

PROFILES = ["adaptive", "flat"]
SPEEDS = ["-0.5", "0", "0.5"]
RELATIVE_TOLERANCE = 0.02
ABSOLUTE_TOLERANCE = 0.02

# "POINTER_MOTION  +1.234s   1.23/ -4.56 ( +1.00/ -4.00)"
_MOTION = re.compile(r"POINTER_MOTION\s+\+([0-9.]+)s\s+(-?[0-9.]+)/\s*(-?[0-9.]+)\s+\(\s*([+-]?[0-9.]+)/\s*([+-]?[0-9.]+)\)")

# stream -> (libinput's motion events, Wayfinder's, what differs): rows that cannot be paired.
FRAME_DIFFERENCES = {
    "evemu-devices_alps-glidepoint.2-finger-tap": (0, 1, "semi-multitouch pad; Wayfinder moves the pointer once before "
                                                   "the second finger counts, libinput does not move it"),
    "evemu-devices_alps-glidepoint.double-tap": (9, 11, "semi-multitouch pad; Wayfinder moves on the first frame after "
                                                 "each landing, libinput from the next one"),
    "evemu-devices_alps-glidepoint.single-tap": (5, 6, "semi-multitouch pad; Wayfinder moves on the first frame after the "
                                                 "landing, libinput from the next one; the deltas after it differ by "
                                                 "3-4 %, a different size assumed for the pad (libinput: 71x50 mm)"),
    "evemu-devices_bcm5974-apple.three-finger-click": (7, 53, "three fingers pressing the clickpad: Wayfinder moves the "
                                                       "pointer with them, libinput pins fingers while the pad is "
                                                       "pressed"),
    "evemu-devices_synaptics-hp8470p.two-finger-scroll-horizontal": (45, 109, "two fingers scrolling: the frames each "
                                                                     "reads as one finger moving differ"),
    "evemu-devices_synaptics-hp8470p.two-finger-scroll-vertical": (102, 108, "two fingers scrolling: the frames each "
                                                                   "reads as one finger moving differ"),
    "xit_synaptics-clickpad.left-phys-click": (0, 19, "a finger pressing the clickpad: libinput pins it while the pad "
                                               "is pressed, Wayfinder moves the pointer with it"),
    "xit_synaptics-clickpad.right-phys-click": (0, 9, "a finger pressing the clickpad: libinput pins it while the pad "
                                                "is pressed, Wayfinder moves the pointer with it"),
    "xit_synaptics-clickpad.tap": (30, 42, "taps and a drag: the frames each reads as pointer motion differ"),
    "xit_synaptics-clickpad.two-finger-scroll-up": (0, 3, "two fingers landing: Wayfinder moves the pointer before the "
                                                    "second finger counts, libinput does not"),
}  # fmt: skip


def libinput_motions(text: str) -> list[tuple[float, float, float]]:
    motions = []
    for line in text.splitlines():
        match = _MOTION.search(line)
        if match:
            time, dx, dy, _, _ = match.groups()
            motions.append((float(time), float(dx), float(dy)))
    return motions


def wayfinder_motions(wayfinder, recording, profile, speed) -> list[tuple[float, float, float]]:
    arguments = [str(wayfinder), "replay", "--json", "--motion", "--accel-profile", profile, "--accel-speed", speed,
                 str(recording)]
    result = subprocess.run(arguments, capture_output=True, text=True, timeout=120)
    if result.returncode != 0:
        raise RuntimeError(f"{' '.join(arguments)} exited {result.returncode}: {result.stderr.strip()[:300]}")
    motions = []
    for line in result.stdout.splitlines():
        event = json.loads(line)
        if event.get("type") == "motion":
            motions.append((float(event["time"]), float(event["dx"]), float(event["dy"])))
    return motions


def agrees(wayfinder: float, libinput: float) -> bool:
    return abs(wayfinder - libinput) <= max(RELATIVE_TOLERANCE * abs(libinput), ABSOLUTE_TOLERANCE)


def check(context):
    verdicts = []
    names = sorted({name[: -len(".yml")] for name in context.result.files if name.endswith(".yml")})
    if not names:
        return [(f"{context.argument}/recorded", False, "the guest sent no libinput recording")]
    table = [("stream", "profile", "speed", "libinput", "wayfinder", "agree", "worst")]
    for name in names:
        recording = context.results_directory / f"{name}.yml"
        recording.write_bytes(context.result.files[f"{name}.yml"])
        for profile in PROFILES:
            for speed in SPEEDS:
                seen = context.result.files.get(f"{name}.{profile}.{speed}.libinput")
                label = f"{name}/{profile}/{speed}"
                if seen is None:
                    verdicts.append((label, False, "the guest sent no libinput debug-events output"))
                    continue
                expected = libinput_motions(seen.decode(errors="replace"))
                try:
                    actual = wayfinder_motions(context.wayfinder, recording, profile, speed)
                except (RuntimeError, ValueError) as error:
                    verdicts.append((label, False, str(error)))
                    continue
                agreeing = 0
                worst = (0.0, None)
                for index, (mine, theirs) in enumerate(zip(actual, expected)):
                    ok = agrees(mine[1], theirs[1]) and agrees(mine[2], theirs[2])
                    agreeing += ok
                    difference = max(abs(mine[1] - theirs[1]), abs(mine[2] - theirs[2]))
                    if difference > worst[0]:
                        worst = (difference, f"#{index} wayfinder ({mine[1]:.2f}, {mine[2]:.2f}) "
                                              f"libinput ({theirs[1]:.2f}, {theirs[2]:.2f})")
                rows = max(len(actual), len(expected))
                difference = FRAME_DIFFERENCES.get(name)
                if difference is not None:
                    libinput_count, wayfinder_count, why = difference
                    passed = len(actual) == wayfinder_count
                    table.append((name, profile, speed, str(len(expected)), str(len(actual)), "not paired", why))
                    verdicts.append((label, passed, f"libinput {len(expected)} and wayfinder {len(actual)} motion "
                                                    f"events (wayfinder's asserted; libinput saw {libinput_count} once): {why}"))
                    continue
                table.append((name, profile, speed, str(len(expected)), str(len(actual)), f"{agreeing}/{rows}",
                              worst[1] or "-"))
                passed = len(actual) == len(expected) and agreeing == rows
                detail = f"{agreeing} of {rows} motion events agree (libinput {len(expected)}, wayfinder {len(actual)})"
                if worst[1]:
                    detail += f"; worst {worst[1]}"
                verdicts.append((label, passed, detail))
    widths = [max(len(row[column]) for row in table) for column in range(len(table[0]))]
    context.notes.append(f"pointer acceleration against libinput debug-events ({context.argument}):")
    for row in table:
        context.notes.append("  " + " | ".join(cell.ljust(width) for cell, width in zip(row, widths)))
    return verdicts
