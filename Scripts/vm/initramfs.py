"""Builds the guest's initramfs: busybox, the input modules, the userspace tools a case needs, the
static `wayfinder` binary, and the guest side of the hardware tests.

The archive is an uncompressed newc cpio written directly (no `cpio` or `gzip` tool needed):
compressing it saves nothing at boot under TCG and costs a second per build. The layout is merged
/usr (`bin -> usr/bin`, `lib -> usr/lib`, …), so the paths `ldd` reports and the real paths are the
same file.
"""

from __future__ import annotations

import os
import re
import stat
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from kernel import Kernel

# Modules loaded at boot, with their dependencies resolved by modprobe. evdev gives
# /dev/input/event*; uinput lets the guest create devices from recordings; virtio for the microvm and
# pc virtio input devices; usbhid + xhci for QEMU's USB keyboard and mouse.
MODULES = [
    "evdev",
    "uinput",
    "virtio_pci",
    "virtio_mmio",
    "virtio_input",
    "usbhid",
    "hid_generic",
    "xhci_pci",
    "9pnet_virtio",
    "9p",
]

# Userspace per component: executables (their ldd closure is copied too) and data trees.
EVEMU_TOOLS = ["evemu-describe", "evemu-device", "evemu-play", "evemu-record", "evemu-event"]
LIBINPUT_TOOLS = ["libinput-debug-events", "libinput-list-devices", "libinput-record", "libinput-quirks"]
UDEV_RULES = [
    "50-udev-default.rules",
    "60-input-id.rules",
    "60-evdev.rules",
    "60-persistent-input.rules",
    "70-mouse.rules",
    "70-touchpad.rules",
    "70-joystick.rules",
    "80-libinput-device-groups.rules",
    "90-libinput-fuzz-override.rules",
]
UDEV_HELPERS = ["libinput-device-group", "libinput-fuzz-extract", "libinput-fuzz-to-zero"]

ACL_TOOLS = ["setfacl", "getfacl"]

COMPONENTS = {"evemu", "udev", "libinput", "wayfinder", "acl", "strace"}


class ImageError(Exception):
    """Building the initramfs failed; the message names the file or command."""


@dataclass
class Image:
    """What goes into one initramfs."""

    components: frozenset[str]
    guest_directory: Path  # Tests/Hardware/guest: init and lib.sh
    cases_directory: Path  # Tests/Hardware/cases: each case's guest.sh and data
    wayfinder: Path | None = None  # the stripped binary; the guest runs it from the shared folder
    extra_files: dict[str, Path] = field(default_factory=dict)  # guest path -> host file
    xkb: bool = True  # with wayfinder: the host's xkb data, so that keyboards get a keymap


class _Archive:
    """A newc cpio archive assembled in memory; later entries for a path replace earlier ones."""

    def __init__(self) -> None:
        self.entries: dict[str, tuple[int, bytes]] = {}

    def directory(self, path: str) -> None:
        path = path.strip("/")
        parts = path.split("/")
        for index in range(1, len(parts) + 1):
            prefix = "/".join(parts[:index])
            if prefix not in self.entries:
                self.entries[prefix] = (stat.S_IFDIR | 0o755, b"")

    def file(self, path: str, data: bytes, mode: int = 0o644) -> None:
        path = path.strip("/")
        if "/" in path:
            self.directory(os.path.dirname(path))
        self.entries[path] = (stat.S_IFREG | mode, data)

    def symlink(self, path: str, target: str) -> None:
        path = path.strip("/")
        if "/" in path:
            self.directory(os.path.dirname(path))
        self.entries[path] = (stat.S_IFLNK | 0o777, target.encode())

    def has(self, path: str) -> bool:
        return path.strip("/") in self.entries

    def write(self, output: Path) -> int:
        chunks: list[bytes] = []
        size = 0

        def add(name: str, mode: int, data: bytes, inode: int) -> None:
            nonlocal size
            encoded = name.encode() + b"\0"
            header = "070701" + "".join(
                f"{value:08x}"
                for value in (inode, mode, 0, 0, 1, 0, len(data), 0, 0, 0, 0, len(encoded), 0)
            )
            block = header.encode() + encoded
            block += b"\0" * (-len(block) % 4)
            block += data + b"\0" * (-len(data) % 4)
            chunks.append(block)
            size += len(block)

        # Directories before their contents: sorting by path gives that order.
        for inode, name in enumerate(sorted(self.entries), start=1):
            mode, data = self.entries[name]
            add(name, mode, data, inode)
        add("TRAILER!!!", 0, b"", 0)
        temporary = output.with_suffix(".tmp")
        with open(temporary, "wb") as handle:
            for chunk in chunks:
                handle.write(chunk)
        temporary.rename(output)
        return size


def _image_path(host_path: str) -> str:
    """Maps a host path onto the merged-/usr layout of the image."""
    path = os.path.normpath(host_path)
    # sbin and usr/sbin are links to usr/bin in the image.
    for top, replacement in (("/usr/sbin/", "/usr/bin/"), ("/sbin/", "/usr/bin/"), ("/bin/", "/usr/bin/")):
        if path.startswith(top):
            return replacement + path[len(top):]
    for top in ("/lib/", "/lib64/"):
        if path.startswith(top):
            return "/usr" + path
    return path


def _add_host_file(archive: _Archive, host_path: str, mode: int | None = None) -> None:
    real = os.path.realpath(host_path)
    try:
        data = Path(real).read_bytes()
        file_mode = mode if mode is not None else stat.S_IMODE(os.stat(real).st_mode)
    except OSError as error:
        raise ImageError(f"cannot read {host_path}: {error}") from error
    archive.file(_image_path(host_path), data, file_mode)


def _add_executable(archive: _Archive, host_path: str) -> None:
    """Copies an executable and every shared library `ldd` lists for it."""
    _add_host_file(archive, host_path)
    # ldd exits non-zero on scripts and static binaries: that is not an error here.
    result = subprocess.run(["ldd", host_path], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        match = re.search(r"(?:=>\s*)?(/\S+)\s+\(0x", line)
        if match and not archive.has(_image_path(match.group(1))):
            _add_host_file(archive, match.group(1))


def _add_tree(archive: _Archive, host_directory: str, image_directory: str | None = None) -> None:
    root = Path(host_directory)
    if not root.is_dir():
        raise ImageError(f"missing directory {host_directory}")
    target = image_directory or _image_path(host_directory)
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root).as_posix()
        if path.is_symlink():
            archive.symlink(f"{target}/{relative}", os.readlink(path))
        elif path.is_dir():
            archive.directory(f"{target}/{relative}")
        else:
            archive.file(f"{target}/{relative}", path.read_bytes(), stat.S_IMODE(path.stat().st_mode))


def _which(name: str, directories: list[str]) -> str:
    for directory in directories:
        candidate = os.path.join(directory, name)
        if os.access(candidate, os.X_OK):
            return candidate
    raise ImageError(f"'{name}' not found in {':'.join(directories)} (is its package installed?)")


def module_order(kernel: Kernel) -> list[str]:
    """The insmod order of MODULES and their dependencies, as paths relative to the modules dir."""
    order: list[str] = []
    for module in MODULES:
        result = subprocess.run(
            ["modprobe", "-d", str(kernel.root), "-S", kernel.version, "--show-depends", module],
            capture_output=True,
            text=True,
        )
        if result.returncode != 0:
            raise ImageError(f"modprobe --show-depends {module} (kernel {kernel.version}): {result.stderr.strip()}")
        for line in result.stdout.splitlines():
            words = line.split()
            if len(words) >= 2 and words[0] == "insmod":
                real = os.path.realpath(words[1])
                relative = os.path.relpath(real, os.path.realpath(kernel.modules))
                if relative.startswith(".."):
                    raise ImageError(f"module {real} lies outside {kernel.modules}")
                if relative not in order:
                    order.append(relative)
    return order


def build(image: Image, kernel: Kernel, output: Path) -> int:
    """Writes the initramfs for `image` to `output` and returns its size in bytes."""
    unknown = image.components - COMPONENTS
    if unknown:
        raise ImageError(f"unknown image components {sorted(unknown)} (known: {sorted(COMPONENTS)})")
    archive = _Archive()
    for top, target in (("bin", "usr/bin"), ("sbin", "usr/bin"), ("lib", "usr/lib"), ("lib64", "usr/lib64")):
        archive.symlink(top, target)
    archive.symlink("usr/sbin", "bin")
    for directory in ("dev", "proc", "sys", "run", "tmp", "root", "etc", "usr/local/bin", "var"):
        archive.directory(directory)
    # nobody: an unprivileged user for the permission cases (devtmpfs nodes are root-only 0600).
    archive.file("etc/passwd", b"root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/:/bin/sh\n")
    archive.file("etc/group", b"root:x:0:\ninput:x:101:\nnogroup:x:65534:\n")

    busybox = _which("busybox", ["/bin", "/usr/bin"])
    archive.file("usr/bin/busybox", Path(busybox).read_bytes(), 0o755)
    applets = subprocess.run([busybox, "--list"], capture_output=True, text=True, check=True).stdout.split()
    for applet in applets:
        if applet != "busybox":
            archive.symlink(f"usr/bin/{applet}", "busybox")

    # Modules, with the insmod order for /init.
    order = module_order(kernel)
    modules_target = f"usr/lib/modules/{kernel.version}"
    for relative in order:
        archive.file(f"{modules_target}/{relative}", (kernel.modules / relative).read_bytes())
    archive.file("etc/modules.order", ("\n".join(order) + "\n").encode())

    paths = ["/usr/bin", "/bin", "/usr/sbin", "/sbin"]
    if "evemu" in image.components:
        for tool in EVEMU_TOOLS:
            _add_executable(archive, _which(tool, paths))
    if "udev" in image.components or "libinput" in image.components:
        _add_executable(archive, _which("udevadm", paths))
        archive.symlink("usr/lib/systemd/systemd-udevd", "../../bin/udevadm")
        for rule in UDEV_RULES:
            rule_path = f"/lib/udev/rules.d/{rule}"
            if os.path.exists(rule_path):
                _add_host_file(archive, rule_path)
    if "libinput" in image.components:
        _add_executable(archive, _which("libinput", paths))
        for tool in LIBINPUT_TOOLS:
            _add_executable(archive, _which(tool, ["/usr/libexec/libinput"]))
        for helper in UDEV_HELPERS:
            _add_executable(archive, _which(helper, ["/lib/udev", "/usr/lib/udev"]))
        _add_tree(archive, "/usr/share/libinput")
    if "acl" in image.components:
        for tool in ACL_TOOLS:
            _add_executable(archive, _which(tool, paths))
    if "strace" in image.components:
        _add_executable(archive, _which("strace", paths))
    if "wayfinder" in image.components:
        if image.wayfinder is None:
            raise ImageError("the image needs wayfinder but no binary was given")
        # The binary (tens of MB with Foundation linked in) stays on the host: the guest mounts its
        # folder over virtio-9p at /host and pages in only what runs. Unpacking it from the
        # initramfs would cost seconds per boot under TCG. Its shared libraries are in the image.
        _add_executable(archive, str(image.wayfinder))
        archive.entries.pop(_image_path(str(image.wayfinder)).strip("/"), None)
        archive.symlink("usr/local/bin/wayfinder", "/host/wayfinder")
        # Without it the guest is a minimal system with no keymap data, as a container can be.
        if image.xkb and os.path.isdir("/usr/share/X11/xkb"):
            _add_tree(archive, "/usr/share/X11/xkb")

    # The guest side of the tests: /init, the shell library, every case's guest script and data.
    init = image.guest_directory / "init"
    archive.file("init", init.read_bytes(), 0o755)
    archive.file("vm/lib.sh", (image.guest_directory / "lib.sh").read_bytes())
    for case in sorted(image.cases_directory.iterdir()):
        script = case / "guest.sh"
        if script.is_file():
            archive.file(f"vm/cases/{case.name}/guest.sh", script.read_bytes(), 0o755)
    for guest_path, host_path in sorted(image.extra_files.items()):
        archive.file(guest_path, host_path.read_bytes())
    return archive.write(output)
