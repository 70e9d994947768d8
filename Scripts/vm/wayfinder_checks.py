"""Host-side checks of `wayfinder` output sent back by the guest."""

from __future__ import annotations

import json


def device_listing(files: dict[str, bytes], name: str) -> tuple[list[dict], list[str]]:
    """The JSON objects of a `wayfinder devices --json` run the guest sent as `<name>.json`, with
    `<name>.status` holding its exit status and standard error. Returns (objects, problems)."""
    problems: list[str] = []
    output = files.get(f"{name}.json")
    status = files.get(f"{name}.status")
    if output is None or status is None:
        return [], [f"the guest sent no {name}.json / {name}.status"]
    status_lines = status.decode(errors="replace").splitlines()
    if not status_lines or status_lines[0].strip() != "0":
        problems.append(f"exit status {' | '.join(status_lines)}")
    objects = []
    for number, line in enumerate(output.decode(errors="replace").splitlines(), 1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as error:
            problems.append(f"{name}.json line {number} is not JSON ({error}): {line[:120]}")
            continue
        if not isinstance(value, dict):
            problems.append(f"{name}.json line {number} is not an object")
            continue
        objects.append(value)
    return objects, problems


def expect_devices(
    files: dict[str, bytes], name: str, expected: list[tuple[str, str]], nodes: dict[str, list[str]] | None = None
) -> tuple[bool, str]:
    """A verdict: every (device name, kind) in `expected` is listed, as many times as it occurs
    there, with that kind and (when `nodes` gives them) on the nodes the kernel shows."""
    objects, problems = device_listing(files, name)
    for device_name in sorted({device for device, _ in expected}):
        kinds = [kind for device, kind in expected if device == device_name]
        listed = [entry for entry in objects if entry.get("name") == device_name]
        if len(listed) != len(kinds):
            problems.append(f"'{device_name}' listed {len(listed)} times, expected {len(kinds)}")
            continue
        for entry, kind in zip(listed, kinds):
            if entry.get("kind") != kind:
                problems.append(f"'{device_name}' has kind {entry.get('kind')!r}, expected {kind!r}")
        if nodes is not None:
            listed_nodes = sorted(str(entry.get("node")) for entry in listed)
            if listed_nodes != sorted(nodes.get(device_name, [])):
                problems.append(f"'{device_name}' on {listed_nodes}, the kernel has {sorted(nodes.get(device_name, []))}")
    if problems:
        return False, "; ".join(problems)
    return True, ", ".join(f"{entry.get('name')}: {entry.get('kind')}" for entry in objects)


def kernel_nodes(files: dict[str, bytes], name: str) -> dict[str, list[str]]:
    """`<name>` as sent by vm_list_nodes: "node<TAB>device name" lines."""
    nodes: dict[str, list[str]] = {}
    for line in files.get(name, b"").decode(errors="replace").splitlines():
        node, _, device = line.partition("\t")
        if device:
            nodes.setdefault(device, []).append(node)
    return nodes


def raw_frames(text: str) -> list[tuple[str, list[tuple[int, int, int]]]]:
    """(device name, [(type, code, value), …]) per line of `wayfinder replay --raw --json`."""
    frames = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        value = json.loads(line)
        if not isinstance(value, dict) or not isinstance(value.get("events"), list):
            raise ValueError(f"replay --raw --json line {number} has no 'events' list: {line[:120]}")
        frames.append((str(value.get("device")), [tuple(event) for event in value["events"]]))
    return frames
