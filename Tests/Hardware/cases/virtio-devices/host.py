"""`wayfinder devices --json` in the guest lists the virtio keyboard and mouse with their kinds."""

import wayfinder_checks

EXPECTED = [("QEMU Virtio Keyboard", "keyboard"), ("QEMU Virtio Mouse", "mouse")]


def check(context):
    files = context.result.files
    nodes = wayfinder_checks.kernel_nodes(files, "devices.nodes")
    ok, detail = wayfinder_checks.expect_devices(files, "devices", EXPECTED, nodes)
    return [("wayfinder-devices", ok, detail)]
