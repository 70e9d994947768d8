"""The guest kernel: Debian's stock image, downloaded (never installed) and unpacked into the cache.

The `.deb` is fetched with `apt-get download` and unpacked with `dpkg-deb -x`, so the host's own
kernel and boot loader are never touched. The compressed bzImage is turned into the plain ELF
`vmlinux` that QEMU boots through the PVH entry point: that skips the firmware and the in-guest
decompression, about 5 s per boot under TCG.
"""

from __future__ import annotations

import lzma
import os
import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

# Debian's metapackage that always depends on the current stock kernel image.
KERNEL_METAPACKAGE = "linux-image-amd64"


class KernelError(Exception):
    """Fetching or unpacking the guest kernel failed; the message names the step and the file."""


@dataclass(frozen=True)
class Kernel:
    """An unpacked guest kernel in the cache."""

    version: str  # uname -r, e.g. 6.1.0-57-amd64
    vmlinux: Path  # uncompressed ELF, bootable through PVH
    root: Path  # the unpacked package; modules live under root/lib/modules/<version>

    @property
    def modules(self) -> Path:
        return self.root / "lib" / "modules" / self.version


def _run(arguments: list[str], cwd: Path | None = None) -> str:
    result = subprocess.run(arguments, cwd=cwd, capture_output=True, text=True)
    if result.returncode != 0:
        raise KernelError(f"{' '.join(arguments)} exited with {result.returncode}: {result.stderr.strip()}")
    return result.stdout


def _image_package() -> str:
    """The versioned package the metapackage depends on, e.g. linux-image-6.1.0-57-amd64."""
    for attempt in range(2):
        try:
            output = _run(["apt-cache", "depends", KERNEL_METAPACKAGE])
        except KernelError:
            output = ""
        match = re.search(r"Depends:\s*(linux-image-\S+)", output)
        if match:
            return match.group(1)
        if attempt == 0:
            # A fresh machine may have no package lists yet.
            _run(["apt-get", "update", "-qq"])
    raise KernelError(f"apt-cache depends {KERNEL_METAPACKAGE}: no linux-image dependency found")


def extract_vmlinux(bzimage: Path, output: Path) -> None:
    """Writes the ELF kernel embedded in an XZ-compressed bzImage to `output`."""
    data = bzimage.read_bytes()
    start = data.find(b"\xfd7zXZ\x00")
    if start < 0:
        raise KernelError(f"{bzimage}: no XZ stream found (expected CONFIG_KERNEL_XZ)")
    decompressor = lzma.LZMADecompressor(format=lzma.FORMAT_XZ)
    try:
        elf = decompressor.decompress(data[start:])
    except lzma.LZMAError as error:
        raise KernelError(f"{bzimage}: XZ stream at offset {start} is corrupt: {error}") from error
    if not elf.startswith(b"\x7fELF"):
        raise KernelError(f"{bzimage}: the decompressed kernel is not an ELF file")
    temporary = output.with_suffix(".tmp")
    temporary.write_bytes(elf)
    temporary.rename(output)


def ensure_kernel(cache: Path) -> Kernel:
    """Returns the cached kernel, fetching and unpacking it first when it is missing."""
    package = _image_package()
    version = package.removeprefix("linux-image-")
    directory = cache / "kernel" / package
    vmlinux = directory / f"vmlinux-{version}"
    root = directory / "root"
    if vmlinux.exists() and (root / "lib" / "modules" / version / "modules.dep").exists():
        return Kernel(version, vmlinux, root)

    shutil.rmtree(directory, ignore_errors=True)
    directory.mkdir(parents=True)
    _run(["apt-get", "download", package], cwd=directory)
    debs = sorted(directory.glob(f"{package}_*.deb"))
    if not debs:
        raise KernelError(f"apt-get download {package} left no .deb in {directory}")
    _run(["dpkg-deb", "-x", str(debs[-1]), str(root)])
    for deb in debs:
        deb.unlink()
    # Debian's layout is merged /usr: the package may ship usr/lib/modules rather than lib/modules.
    if not (root / "lib" / "modules").exists() and (root / "usr" / "lib" / "modules").exists():
        (root / "lib").mkdir(exist_ok=True)
        os.symlink("../usr/lib/modules", root / "lib" / "modules")
    bzimage = root / "boot" / f"vmlinuz-{version}"
    if not bzimage.exists():
        raise KernelError(f"{debs[-1].name}: no boot/vmlinuz-{version} inside")
    # The package carries no modules.dep; generate it for the dependency walk.
    _run(["depmod", "-b", str(root), version])
    extract_vmlinux(bzimage, vmlinux)
    return Kernel(version, vmlinux, root)
