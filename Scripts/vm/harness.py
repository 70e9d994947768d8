#!/usr/bin/env python3
"""Runs the hardware cases under Tests/Hardware/cases in QEMU virtual machines and prints one line
per verdict, then `N passed, M failed`.

A case is a directory with:
* `case.json`: the machine, the emulated devices, the image components, and the host's injection
  steps for each `@@READY tag` the guest announces (see Tests/Hardware/README.md);
* `guest.sh`: the guest side, which prints `@@CHECK` verdicts and exits with the number of failures;
* optionally `host.py`, whose `check(context)` returns more verdicts computed on the host from the
  files the guest sent back.

Usage: harness.py [--filter REGEX] [--jobs N] [--wayfinder PATH] [--list]
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import shutil
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field, replace
from pathlib import Path

sys.dont_write_bytecode = True  # keep the source tree free of __pycache__
sys.path.insert(0, str(Path(__file__).resolve().parent))

import initramfs  # noqa: E402
import kernel as kernel_module  # noqa: E402
import machine  # noqa: E402
import recordings  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
CASES = ROOT / "Tests" / "Hardware" / "cases"
GUEST = ROOT / "Tests" / "Hardware" / "guest"
RECORDINGS = ROOT / "Sources" / "Wayfinder" / "Resources" / "Recordings"
CACHE = ROOT / ".vm-cache"

# Reaching /init takes 2-4 s under TCG on an idle host of this kind and up to 15 s on a heavily
# loaded one (load average 18 on 2 cores); a microvm that hangs in timer calibration never gets there.
BOOT_TIMEOUT = 45.0
DEFAULT_TIMEOUT = 90.0
MAX_JOBS = 2  # two VMs on two cores; more only slows each boot down


class CaseError(Exception):
    """A case definition is malformed; the message names the file and field."""


@dataclass
class Case:
    name: str
    directory: Path
    description: str
    machine: str
    devices: list[str]
    components: frozenset[str]
    udev: bool
    timeout: float
    pace: float
    steps: dict[str, list[dict]]
    files: dict[str, str] = field(default_factory=dict)  # guest path -> package-relative path
    xkb: bool = True  # whether the image carries xkb data for wayfinder's keymaps
    argument: str = ""  # one entry of the case's matrix, passed to guest.sh as $1
    host_check: object | None = None


@dataclass
class Outcome:
    case: Case
    verdicts: list[tuple[str, bool, str]] = field(default_factory=list)
    result: machine.BootResult | None = None
    boots: int = 0
    boot_seconds: list[float] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def load_cases(directory: Path) -> list[Case]:
    """The case in `directory`, or one case per entry of its `matrix`."""
    case = load_case(directory)
    path = directory / "case.json"
    matrix = json.loads(path.read_text()).get("matrix")
    if matrix is None:
        return [case]
    if not isinstance(matrix, list):
        raise CaseError(f"{path}: field 'matrix' must be a list")
    cases = []
    for index, entry in enumerate(matrix):
        if not isinstance(entry, dict) or not isinstance(entry.get("argument"), str):
            raise CaseError(f"{path}: matrix[{index}] must be an object with a string 'argument'")
        argument = entry["argument"]
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", argument):
            raise CaseError(f"{path}: matrix[{index}].argument '{argument}' must be a single word")
        timeout = entry.get("timeout", case.timeout)
        if not isinstance(timeout, (int, float)):
            raise CaseError(f"{path}: matrix[{index}].timeout must be a number")
        variant = replace(case, name=f"{case.name}-{argument}", argument=argument, timeout=float(timeout))
        cases.append(variant)
    return cases


def load_case(directory: Path) -> Case:
    path = directory / "case.json"
    try:
        data = json.loads(path.read_text())
    except (OSError, json.JSONDecodeError) as error:
        raise CaseError(f"{path}: {error}") from error

    def field_of(name: str, kind: type, default: object = None) -> object:
        value = data.get(name, default)
        if value is None or not isinstance(value, kind):
            raise CaseError(f"{path}: field '{name}' must be a {kind.__name__}")
        return value

    components = frozenset(field_of("image", list, []))
    unknown = components - initramfs.COMPONENTS
    if unknown:
        raise CaseError(f"{path}: field 'image' has unknown components {sorted(unknown)}")
    if not (directory / "guest.sh").is_file():
        raise CaseError(f"{directory}: no guest.sh")
    case = Case(
        name=directory.name,
        directory=directory,
        description=str(field_of("description", str)),
        machine=str(field_of("machine", str, "microvm")),
        devices=list(field_of("devices", list, [])),
        components=components,
        udev=bool(field_of("udev", bool, "udev" in components or "libinput" in components)),
        timeout=float(field_of("timeout", (int, float), DEFAULT_TIMEOUT)),
        pace=float(field_of("pace", (int, float), 0.002)),
        steps=dict(field_of("steps", dict, {})),
        files=dict(field_of("files", dict, {})),
        xkb=bool(field_of("xkb", bool, True)),
    )
    for guest_path, source in case.files.items():
        if not isinstance(source, str) or not (ROOT / source).is_file():
            raise CaseError(f"{path}: files['{guest_path}'] must name a file of the package, not {source!r}")
    hook = directory / "host.py"
    if hook.is_file():
        spec = importlib.util.spec_from_file_location(f"hardware_case_{directory.name.replace('-', '_')}", hook)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if not hasattr(module, "check"):
            raise CaseError(f"{hook}: no check(context) function")
        case.host_check = module.check
    return case


@dataclass
class HostContext:
    """What a case's host.py gets: the boot's result and where things are."""

    result: machine.BootResult
    results_directory: Path
    root: Path
    wayfinder: Path | None
    recordings: list[recordings.Recording]
    argument: str
    notes: list[str] = field(default_factory=list)  # lines printed after the case's verdicts


def prepare_recordings(directory: Path) -> tuple[list[recordings.Recording], dict[str, Path]]:
    """Writes every bundled recording, prepared for uinput, and a manifest per category.

    Guest layout: /vm/recordings/<id>.desc and <id>.events, and /vm/recordings/<category>.list with
    one `id` per line."""
    found = recordings.bundled(RECORDINGS)
    files: dict[str, Path] = {}
    manifests: dict[str, list[str]] = {}
    for recording in found:
        for suffix, text in (
            ("desc", recordings.prepared_description(recording)),
            ("events", recordings.prepared_events(recording)),
        ):
            host = directory / f"{recording.identifier}.{suffix}"
            host.parent.mkdir(parents=True, exist_ok=True)
            host.write_text(text)
            files[f"vm/recordings/{recording.identifier}.{suffix}"] = host
        manifests.setdefault(recording.category, []).append(recording.identifier)
    for category, identifiers in manifests.items():
        host = directory / f"{category}.list"
        host.write_text("\n".join(identifiers) + "\n")
        files[f"vm/recordings/{category}.list"] = host
    return found, files


def run_case(
    case: Case,
    kernel: kernel_module.Kernel,
    image: Path,
    wayfinder: Path | None,
    found: list[recordings.Recording],
) -> Outcome:
    outcome = Outcome(case)
    config = machine.MachineConfig(
        case=case.name,
        script=case.directory.name,
        argument=case.argument,
        machine=case.machine,
        devices=case.devices,
        kernel=kernel.vmlinux,
        initrd=image,
        udev=case.udev,
        # wayfinder runs from its host folder (with its resource bundle) over virtio-9p.
        share=wayfinder.resolve().parent if wayfinder is not None and "wayfinder" in case.components else None,
    )
    result = None
    for attempt in range(2):
        outcome.boots += 1
        result = machine.boot(config, case.steps, timeout=case.timeout, boot_timeout=BOOT_TIMEOUT, pace=case.pace)
        if result.wall_boot is not None:
            outcome.boot_seconds.append(result.wall_boot)
        # Retry only a boot that never reached /init; a verdict is never retried.
        if not result.hung_before_init:
            break
    assert result is not None
    outcome.result = result
    results_directory = CACHE / "results" / case.name
    shutil.rmtree(results_directory, ignore_errors=True)
    results_directory.mkdir(parents=True)
    (results_directory / "guest.log").write_text("\n".join(result.log) + "\n")
    for name, data in result.files.items():
        target = results_directory / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)

    prefix = case.name
    outcome.verdicts += [(f"{prefix}/{name}", ok, detail) for name, ok, detail in result.checks]
    if case.host_check is not None and result.exit_code is not None:
        context = HostContext(result, results_directory, ROOT, wayfinder, found, case.argument)
        try:
            for name, ok, detail in case.host_check(context):  # type: ignore[operator]
                outcome.verdicts.append((f"{prefix}/{name}", ok, detail))
        except Exception as error:  # a broken host check is a failed verdict, not a crash
            outcome.verdicts.append((f"{prefix}/host-check", False, f"{type(error).__name__}: {error}"))
        outcome.notes = context.notes
    # The case itself: booted, ran to its end, exited 0.
    if result.error:
        outcome.verdicts.append((prefix, False, result.error))
    elif result.exit_code != 0:
        outcome.verdicts.append((prefix, False, f"guest exited with {result.exit_code}"))
    else:
        outcome.verdicts.append((prefix, True, ""))
    return outcome


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--filter", default="", help="run only cases whose name matches this regular expression")
    parser.add_argument("--jobs", type=int, default=MAX_JOBS, help=f"VMs at a time (1-{MAX_JOBS})")
    parser.add_argument("--wayfinder", type=Path, help="the stripped static wayfinder binary for the guest")
    parser.add_argument("--list", action="store_true", help="list the cases and exit")
    arguments = parser.parse_args()
    started = time.monotonic()

    try:
        cases = [
            case
            for directory in sorted(CASES.iterdir())
            if (directory / "case.json").exists()
            for case in load_cases(directory)
        ]
    except CaseError as error:
        print(f"error: {error}", file=sys.stderr)
        return 1
    pattern = re.compile(arguments.filter)
    cases = [case for case in cases if pattern.search(case.name)]
    if arguments.list:
        for case in cases:
            print(f"{case.name}: {case.description}")
        return 0
    if not cases:
        print(f"error: no case matches '{arguments.filter}'", file=sys.stderr)
        return 1
    needs_wayfinder = any("wayfinder" in case.components for case in cases)
    if needs_wayfinder and (arguments.wayfinder is None or not arguments.wayfinder.is_file()):
        print("error: a case needs wayfinder in the guest: pass --wayfinder PATH", file=sys.stderr)
        return 1

    work = CACHE / "run"
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    try:
        kernel = kernel_module.ensure_kernel(CACHE)
    except kernel_module.KernelError as error:
        print(f"error: guest kernel: {error}", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    found, recording_files = prepare_recordings(work / "recordings")

    images: dict[tuple, Path] = {}

    def image_key(case: Case) -> tuple:
        return (case.components, tuple(sorted(case.files.items())), case.xkb)

    for case in cases:
        if image_key(case) in images:
            continue
        name = "-".join(sorted(case.components)) or "base"
        if not case.xkb:
            name += "-no-xkb"
        if case.files:
            name += f"-{case.name}"
        output = work / f"initramfs-{name}.cpio"
        image_started = time.monotonic()
        spec = initramfs.Image(
            components=case.components,
            guest_directory=GUEST,
            cases_directory=CASES,
            wayfinder=arguments.wayfinder if "wayfinder" in case.components else None,
            xkb=case.xkb,
            extra_files={
                **(recording_files if "evemu" in case.components else {}),
                **{guest.strip("/"): ROOT / source for guest, source in case.files.items()},
            },
        )
        try:
            size = initramfs.build(spec, kernel, output)
        except initramfs.ImageError as error:
            print(f"error: initramfs {name}: {error}", file=sys.stderr)
            print("0 passed, 1 failed")
            return 1
        print(f"image {name}: {size / 1e6:.1f} MB in {time.monotonic() - image_started:.1f} s", flush=True)
        images[image_key(case)] = output

    accel = machine.accelerator()
    print(f"kernel {kernel.version}, accelerator {accel}, {len(cases)} cases, {min(max(arguments.jobs, 1), MAX_JOBS)} at a time", flush=True)
    lock = threading.Lock()
    passed = failed = 0
    boot_times: list[tuple[str, float]] = []

    def report(outcome: Outcome) -> None:
        nonlocal passed, failed
        with lock:
            result = outcome.result
            assert result is not None
            timing = f"{result.wall_total:.1f} s" if result.wall_total is not None else "?"
            boots = f", {outcome.boots} boots" if outcome.boots > 1 else ""
            for name, ok, detail in outcome.verdicts:
                if ok:
                    passed += 1
                    print(f"PASS {name}" + (f" ({detail})" if detail else ""))
                else:
                    failed += 1
                    print(f"FAIL {name}" + (f": {detail}" if detail else ""))
            for note in outcome.notes:
                print(f"     {note}")
            reached = ", ".join(f"{seconds:.1f} s" for seconds in outcome.boot_seconds) or "never"
            print(f"     {outcome.case.name}: {timing}{boots}, /init after {reached}")
            boot_times.extend((outcome.case.name, seconds) for seconds in outcome.boot_seconds)
            if not all(ok for _, ok, _ in outcome.verdicts):
                print(f"---- guest log of {outcome.case.name} ----")
                for line in result.log:
                    print(f"  | {line}")
                print(f"---- end of {outcome.case.name} ----")
            sys.stdout.flush()

    jobs = min(max(arguments.jobs, 1), MAX_JOBS)
    # Longest cases first, so the two lanes end together.
    ordered = sorted(cases, key=lambda case: -case.timeout)
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        futures = [
            pool.submit(run_case, case, kernel, images[image_key(case)], arguments.wayfinder, found)
            for case in ordered
        ]
        for future in as_completed(futures):
            report(future.result())
    if boot_times:
        seconds = sorted(value for _, value in boot_times)
        print(f"boot to /init: min {seconds[0]:.1f} s, median {seconds[len(seconds) // 2]:.1f} s, max {seconds[-1]:.1f} s")
    print(f"hardware suite took {time.monotonic() - started:.0f} s")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
