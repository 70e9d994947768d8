"""Boots one QEMU virtual machine, speaks QMP to inject input, and follows the guest's serial
protocol (`@@READY`, `@@DONE`, `@@CHECK`, `@@FILE`, `@@EXIT`; see Tests/Hardware/guest/lib.sh).
"""

from __future__ import annotations

import base64
import gzip
import json
import os
import queue
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

# Devices by short name: (QEMU -device argument for pc, for microvm). pc puts USB devices on a
# qemu-xhci controller named xhci.
DEVICES = {
    "vkbd": ("virtio-keyboard-pci,id=vkbd", "virtio-keyboard-device,id=vkbd"),
    "vmouse": ("virtio-mouse-pci,id=vmouse", "virtio-mouse-device,id=vmouse"),
    "vtablet": ("virtio-tablet-pci,id=vtablet", "virtio-tablet-device,id=vtablet"),
    "ukbd": ("usb-kbd,id=ukbd,bus=xhci.0", None),
    "umouse": ("usb-mouse,id=umouse,bus=xhci.0", None),
    "utablet": ("usb-tablet,id=utablet,bus=xhci.0", None),
}


class MachineError(Exception):
    """QEMU could not be started or driven; the message names the step."""


@dataclass
class BootResult:
    """What one boot produced."""

    exit_code: int | None = None  # the guest's @@EXIT, None when it never came
    checks: list[tuple[str, bool, str]] = field(default_factory=list)
    files: dict[str, bytes] = field(default_factory=dict)
    marks: dict[str, float] = field(default_factory=dict)  # guest uptime per @@T label
    log: list[str] = field(default_factory=list)  # every serial line, then QEMU's stderr
    error: str | None = None  # why the run went wrong, from the host's side
    hung_before_init: bool = False  # no @@T init in time: the one failure worth a second boot
    wall_boot: float | None = None  # seconds from QEMU start to @@T init
    wall_total: float | None = None  # seconds from QEMU start to QEMU exit


def host_tsc_khz() -> int | None:
    """The host TSC rate. Under TCG the guest's RDTSC is the host TSC; microvm has no HPET or PM
    timer to calibrate against, and without `tsc_early_khz` about 1 boot in 4 hangs before /init."""
    try:
        dmesg = subprocess.run(["dmesg"], capture_output=True, text=True, timeout=5).stdout
    except (OSError, subprocess.TimeoutExpired):
        dmesg = ""
    for pattern in (r"Refined TSC clocksource calibration: ([0-9.]+) MHz", r"tsc: Detected ([0-9.]+) MHz"):
        match = re.search(pattern, dmesg)
        if match:
            return int(float(match.group(1)) * 1000)
    try:
        cpuinfo = Path("/proc/cpuinfo").read_text()
        match = re.search(r"^cpu MHz\s*:\s*([0-9.]+)", cpuinfo, re.MULTILINE)
        if match:
            return int(float(match.group(1)) * 1000)
    except OSError:
        pass
    return None


def accelerator() -> str:
    """KVM only when a real hardware KVM module is loaded. A /dev/kvm backed by PVM (kvm_pvm) runs
    only guests built for it; the stock kernel dies there with an emulation failure."""
    modules = set(os.listdir("/sys/module")) if os.path.isdir("/sys/module") else set()
    if os.access("/dev/kvm", os.R_OK | os.W_OK) and modules & {"kvm_intel", "kvm_amd"} and "kvm_pvm" not in modules:
        return "kvm"
    return "tcg"


@dataclass
class MachineConfig:
    """One VM: machine type, devices and the case to run."""

    case: str  # the case's name
    script: str  # the case's directory: the guest runs /vm/cases/<script>/guest.sh
    argument: str  # passed to guest.sh as $1 (may be empty)
    machine: str  # "microvm" or "pc"
    devices: list[str]
    kernel: Path
    initrd: Path
    udev: bool = True
    share: Path | None = None  # a host folder the guest mounts read-only at /host
    memory_mb: int = 512

    def command(self, qmp_path: Path) -> list[str]:
        accel = accelerator()
        append = ["console=ttyS0", "quiet", "loglevel=3", "panic=-1", "mitigations=off", f"vmcase={self.script}"]
        if self.argument:
            append.append(f"vmargs={self.argument}")
        append.append(f"vmudev={1 if self.udev else 0}")
        arguments = [
            "qemu-system-x86_64", "-nodefaults", "-no-user-config", "-display", "none",
            "-m", str(self.memory_mb), "-smp", "1",
            "-kernel", str(self.kernel), "-initrd", str(self.initrd),
            "-serial", "stdio", "-monitor", "none",
            "-qmp", f"unix:{qmp_path},server=on,wait=off", "-no-reboot",
        ]  # fmt: skip
        cpu = "host" if accel == "kvm" else "max"
        if self.machine == "microvm":
            # virtio-input is virtio 1.0 only; microvm's virtio-mmio defaults to legacy mode.
            arguments += ["-global", "virtio-mmio.force-legacy=false"]
            arguments += ["-machine", f"microvm,pit=on,pic=on,rtc=on,accel={accel}", "-cpu", cpu]
            khz = host_tsc_khz()
            if khz:
                append.append(f"tsc_early_khz={khz}")
        elif self.machine == "pc":
            arguments += ["-machine", f"pc,accel={accel}", "-cpu", cpu]
            # The PS/2 mouse probe costs about 0.8 s under TCG; no case uses it.
            append.append("i8042.noaux")
        else:
            raise MachineError(f"unknown machine '{self.machine}' (microvm or pc)")
        column = 1 if self.machine == "microvm" else 0
        if any(DEVICES[name][0].startswith("usb-") for name in self.devices if name in DEVICES):
            arguments += ["-device", "qemu-xhci,id=xhci"]
        for name in self.devices:
            if name not in DEVICES:
                raise MachineError(f"unknown device '{name}' (known: {', '.join(DEVICES)})")
            spec = DEVICES[name][column]
            if spec is None:
                raise MachineError(f"device '{name}' needs the pc machine (USB)")
            arguments += ["-device", spec]
        if self.share is not None:
            arguments += ["-fsdev", f"local,id=share,path={self.share},security_model=none,readonly=on"]
            transport = "virtio-9p-device" if self.machine == "microvm" else "virtio-9p-pci"
            arguments += ["-device", f"{transport},fsdev=share,mount_tag=hostshare"]
            append.append("vmshare=1")
        arguments += ["-append", " ".join(append)]
        return arguments


class QMP:
    """A QMP connection: one command at a time, asynchronous events kept aside."""

    def __init__(self, path: Path, deadline: float) -> None:
        self.socket = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        while True:
            try:
                self.socket.connect(str(path))
                break
            except (FileNotFoundError, ConnectionRefusedError):
                if time.monotonic() > deadline:
                    raise MachineError(f"QMP socket {path} did not open")
                time.sleep(0.02)
        self.socket.settimeout(10)
        self.buffer = b""
        self.events: list[dict] = []
        self._read()  # greeting
        self.execute("qmp_capabilities")

    def _read(self) -> dict:
        while b"\n" not in self.buffer:
            chunk = self.socket.recv(65536)
            if not chunk:
                raise MachineError("QMP connection closed")
            self.buffer += chunk
        line, self.buffer = self.buffer.split(b"\n", 1)
        return json.loads(line)

    def execute(self, command: str, arguments: dict | None = None) -> dict:
        message: dict = {"execute": command}
        if arguments is not None:
            message["arguments"] = arguments
        self.socket.sendall(json.dumps(message).encode() + b"\n")
        while True:
            reply = self._read()
            if "event" in reply:
                self.events.append(reply)
                continue
            if "error" in reply:
                raise MachineError(f"QMP {json.dumps(message)} failed: {reply['error'].get('desc', reply['error'])}")
            return reply.get("return", {})

    def wait_event(self, name: str, timeout: float) -> dict:
        deadline = time.monotonic() + timeout
        while True:
            for event in self.events:
                if event.get("event") == name:
                    self.events.remove(event)
                    return event
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise MachineError(f"no QMP event {name} within {timeout} s")
            self.socket.settimeout(remaining)
            try:
                reply = self._read()
            except socket.timeout:
                raise MachineError(f"no QMP event {name} within {timeout} s") from None
            finally:
                self.socket.settimeout(10)
            if "event" in reply:
                self.events.append(reply)

    def close(self) -> None:
        self.socket.close()


# QMP qcodes for the characters the `type` step accepts.
_QCODES = {" ": "spc", "\n": "ret", "-": "minus", ".": "dot", ",": "comma", "/": "slash"}


def _key_event(key: str | int, down: bool) -> dict:
    code = {"type": "number", "data": key} if isinstance(key, int) else {"type": "qcode", "data": key}
    return {"type": "key", "data": {"down": down, "key": code}}


class Injector:
    """Carries out a case's host steps. Every input call is paced: virtio-input drops a frame that
    does not fit its 64-entry queue, and bursts overrun the evdev client buffer under TCG."""

    def __init__(self, qmp: QMP, pace: float) -> None:
        self.qmp = qmp
        self.pace = pace

    def send(self, events: list[dict], device: str | None = None) -> None:
        time.sleep(self.pace)
        arguments: dict = {"events": events}
        if device:
            arguments["device"] = device
        self.qmp.execute("input-send-event", arguments)

    def run(self, steps: list[dict]) -> None:
        for step in steps:
            self.step(step)

    def step(self, step: dict) -> None:
        device = step.get("device")
        if "key" in step:  # press and release; an int is a Linux key number
            self.send([_key_event(step["key"], True)], device)
            self.send([_key_event(step["key"], False)], device)
        elif "key_down" in step:
            self.send([_key_event(step["key_down"], True)], device)
        elif "key_up" in step:
            self.send([_key_event(step["key_up"], False)], device)
        elif "type" in step:  # lower-case letters, digits and a little punctuation
            for character in step["type"]:
                self.step({"key": _QCODES.get(character, character), "device": device})
        elif "rel" in step:
            dx, dy = step["rel"]
            self.send([{"type": "rel", "data": {"axis": "x", "value": dx}},
                       {"type": "rel", "data": {"axis": "y", "value": dy}}], device)  # fmt: skip
        elif "abs" in step:
            x, y = step["abs"]
            self.send([{"type": "abs", "data": {"axis": "x", "value": x}},
                       {"type": "abs", "data": {"axis": "y", "value": y}}], device)  # fmt: skip
        elif "button" in step:  # press and release: left, right, middle, side, extra
            self.send([{"type": "btn", "data": {"down": True, "button": step["button"]}}], device)
            self.send([{"type": "btn", "data": {"down": False, "button": step["button"]}}], device)
        elif "button_down" in step:  # one edge, for held buttons (long presses, drags)
            self.send([{"type": "btn", "data": {"down": True, "button": step["button_down"]}}], device)
        elif "button_up" in step:
            self.send([{"type": "btn", "data": {"down": False, "button": step["button_up"]}}], device)
        elif "wheel" in step:  # up or down: only the press makes an event
            self.send([{"type": "btn", "data": {"down": True, "button": f"wheel-{step['wheel']}"}}], device)
            self.send([{"type": "btn", "data": {"down": False, "button": f"wheel-{step['wheel']}"}}], device)
        elif "repeat" in step:
            for _ in range(step["repeat"]):
                self.run(step["steps"])
        elif "sleep" in step:
            time.sleep(step["sleep"])
        elif "hmp" in step:
            self.qmp.execute("human-monitor-command", {"command-line": step["hmp"]})
        elif "device_add" in step:
            self.qmp.execute("device_add", step["device_add"])
        elif "device_del" in step:
            self.qmp.execute("device_del", {"id": step["device_del"]})
            self.qmp.wait_event("DEVICE_DELETED", 20)
        elif "qmp" in step:
            self.qmp.execute(step["qmp"]["execute"], step["qmp"].get("arguments"))
        else:
            raise MachineError(f"unknown step {json.dumps(step)}")


def boot(
    config: MachineConfig,
    steps: dict[str, list[dict]],
    timeout: float,
    boot_timeout: float,
    pace: float = 0.002,
    settle: float = 0.2,
) -> BootResult:
    """Boots the VM, injects `steps[tag]` at each `@@READY tag`, and collects the verdicts.

    The whole run is bounded by `timeout` seconds, and reaching /init by `boot_timeout`.
    """
    result = BootResult()
    # A unix socket path is limited to 107 bytes: keep it short whatever the checkout's path is.
    socket_directory = Path(tempfile.mkdtemp(prefix="wfvm-"))
    qmp_path = socket_directory / "qmp"
    command = config.command(qmp_path)
    start = time.monotonic()
    try:
        process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    except OSError as error:
        raise MachineError(f"cannot start {command[0]}: {error}") from error

    lines: queue.Queue[str | None] = queue.Queue()

    def pump() -> None:
        assert process.stdout is not None
        for raw in process.stdout:
            lines.put(raw.decode("utf-8", "replace").rstrip("\r\n"))
        lines.put(None)

    stderr_chunks: list[bytes] = []

    def drain_stderr() -> None:
        assert process.stderr is not None
        stderr_chunks.append(process.stderr.read())

    threads = [threading.Thread(target=pump, daemon=True), threading.Thread(target=drain_stderr, daemon=True)]
    for thread in threads:
        thread.start()

    qmp: QMP | None = None
    file_name: str | None = None
    file_lines: list[str] = []
    try:
        qmp = QMP(qmp_path, start + 10)
        injector = Injector(qmp, pace)
        while True:
            now = time.monotonic()
            if "init" not in result.marks and now - start > boot_timeout:
                result.hung_before_init = True
                result.error = f"no /init within {boot_timeout:g} s"
                break
            if now - start > timeout:
                result.error = f"timed out after {timeout:g} s"
                break
            try:
                line = lines.get(timeout=0.1)
            except queue.Empty:
                continue
            if line is None:
                if result.exit_code is None:
                    result.error = "QEMU exited before the guest reported @@EXIT"
                break
            if file_name is not None:
                if line == f"@@ENDFILE {file_name}":
                    try:
                        result.files[file_name] = gzip.decompress(base64.b64decode("".join(file_lines)))
                    except (ValueError, OSError) as error:
                        result.log.append(f"[host] file {file_name} arrived damaged: {error}")
                        result.checks.append((f"file {file_name}", False, "damaged in transfer"))
                    file_name = None
                else:
                    file_lines.append(line)
                continue
            result.log.append(line)
            if line.startswith("@@T "):
                parts = line.split()
                if len(parts) == 3:
                    result.marks[parts[1]] = float(parts[2])
                    if parts[1] == "init":
                        result.wall_boot = time.monotonic() - start
            elif line.startswith("@@READY "):
                tag = line.split(" ", 1)[1]
                injector.run(steps.get(tag, []))
                time.sleep(settle)
                assert process.stdin is not None
                process.stdin.write(f"@@DONE {tag}\n".encode())
                process.stdin.flush()
            elif line.startswith("@@CHECK "):
                parts = line.split(" ", 3)
                if len(parts) >= 3:
                    result.checks.append((parts[1], parts[2] == "ok", parts[3] if len(parts) > 3 else ""))
            elif line.startswith("@@FILE "):
                file_name = line.split(" ", 1)[1]
                file_lines = []
            elif line.startswith("@@EXIT "):
                try:
                    result.exit_code = int(line.split()[1])
                except ValueError:
                    result.exit_code = 255
    except (MachineError, OSError) as error:
        result.error = str(error)
    finally:
        if qmp is not None:
            qmp.close()
        try:
            process.wait(timeout=10 if result.exit_code is not None else 0.1)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        for thread in threads:
            thread.join(timeout=5)
        shutil.rmtree(socket_directory, ignore_errors=True)
    result.wall_total = time.monotonic() - start
    stderr = b"".join(stderr_chunks).decode("utf-8", "replace").strip()
    if stderr:
        result.log.append("[qemu stderr] " + stderr.replace("\n", "\n[qemu stderr] "))
    return result
