"""`wayfinder devices --json` lists the virtio tablet with the kind udev's tags give it: an
absolute pointer (ID_INPUT_MOUSE) is a mouse; a pen tablet would be ID_INPUT_TABLET."""

import wayfinder_checks


def check(context):
    files = context.result.files
    nodes = wayfinder_checks.kernel_nodes(files, "devices.nodes")
    ok, detail = wayfinder_checks.expect_devices(files, "devices", [("QEMU Virtio Tablet", "mouse")], nodes)
    return [("wayfinder-devices", ok, detail)]
