#!/bin/sh
# `wayfinder run --json --scene` on a virtio keyboard in a guest without xkb data, while the host
# types Tab, Tab, Down, Tab, Right, Return, Shift-Tab and A; the host checks the warning, the key
# lines and the focus and select lines.
. /vm/lib.sh

vm_check no-xkb-data "the image has no /usr/share/X11/xkb" [ ! -e /usr/share/X11/xkb ]
wayfinder run --json --scene /vm/demo-scene.json >run.jsonl 2>run.err &
pid=$!
vm_wait_for run.jsonl 'QEMU Virtio Keyboard' 100
vm_ready input
vm_stop_run "$pid"
vm_send_file run.jsonl run.jsonl
vm_send_file run.err run.err
vm_finish
