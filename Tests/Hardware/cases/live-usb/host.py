"""The stream `wayfinder run --json` printed for a USB mouse: wheel notches (wheel) or a drag cut
short by unplugging the mouse (unplug)."""

import live_checks

MOUSE = "QEMU QEMU USB Mouse"
# case.json's wheel steps: QMP wheel-down turns the wheel toward the user (scrolls down).
NOTCHES = [1, 1, 1, -1, -1, 1, -1]


def check(context):
    files = context.result.files
    objects, problem = live_checks.stream(files, "run.jsonl")
    if problem:
        return [("run-stream", False, problem)]
    verdicts = [("run-stream", True, f"{len(objects)} lines")]
    if context.argument == "wheel":
        verdicts.append(kernel_wheel(files.get("mouse.evemu", b"").decode(errors="replace")))
        verdicts.append(live_checks.wheel_notches(objects, MOUSE, NOTCHES))
    elif context.argument == "unplug":
        released = live_checks.kernel_released_button(files.get("mouse.evemu", b"").decode(errors="replace"))
        verdicts.append(drag_cancelled(objects, released))
    return verdicts


def kernel_wheel(text):
    """What the kernel sent: each notch is one frame with REL_WHEEL ±1 and REL_WHEEL_HI_RES ±120,
    the pair a classifier must count once."""
    frames, current = [], []
    for line in text.splitlines():
        if not line.startswith("E:"):
            continue
        fields = line.split()
        kind, code, value = fields[2], fields[3], int(fields[4])
        if kind == "0000" and code == "0000":
            if current:
                frames.append(current)
            current = []
        elif kind == "0002" and code in ("0008", "000b"):
            current.append((code, value))
    expected = [sorted([("0008", -sign), ("000b", -120 * sign)]) for sign in NOTCHES]
    actual = [sorted(frame) for frame in frames]
    problems = [] if actual == expected else [f"expected wheel frames {expected}, got {actual}"]
    return live_checks.verdict("kernel-wheel-frames", problems, f"{len(frames)} frames of REL_WHEEL + REL_WHEEL_HI_RES")


def drag_cancelled(objects, released_by_kernel):
    """The drag in progress when the mouse goes away is closed before the mouse's removed line.

    The host never releases the button: the kernel does, just before removing the device (see
    live_checks.kernel_released_button). Wayfinder honours that frame's synthetic marker: a
    person did not let go, so the drag is cancelled, and the button comes up, so nothing stays
    pressed.
    """
    drags = live_checks.of_type(objects, "drag")
    phases = [item.get("phase") for item in drags]
    problems = []
    closing = ("cancelled",)
    if not phases or phases[0] != "began" or phases[-1] not in closing or any(p != "changed" for p in phases[1:-1]):
        problems.append(f"drag phases {phases}, expected began, changed…, {' or '.join(closing)}")
    buttons = [item for item in live_checks.of_type(objects, "button") if item.get("device") == MOUSE]
    if not buttons or buttons[-1].get("state") != "up":
        problems.append(f"the mouse's last button line is {buttons[-1] if buttons else None}, expected an up")
    removed = [item for item in live_checks.of_type(objects, "device", MOUSE) if item.get("state") == "removed"]
    if len(removed) != 1:
        problems.append(f"{len(removed)} removed lines for the mouse")
    else:
        position = objects.index(removed[0])
        if drags and objects.index(drags[-1]) > position:
            problems.append("the drag closed after the mouse's removed line")
        later = [item for item in objects[position + 1 :] if item.get("device") == MOUSE]
        if later:
            problems.append(f"{len(later)} lines for the mouse after its removed line")
    how = "the kernel released the button (SYN_REPORT 1)" if released_by_kernel else "no release from the kernel"
    return live_checks.verdict("unplug-closes-drag", problems, " ".join(map(str, phases)) + f", then the mouse removed; {how}")
