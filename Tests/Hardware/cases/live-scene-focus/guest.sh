#!/bin/sh
# `wayfinder run --json --scene` on a virtio keyboard while the host types Tab, Tab, Down, Tab,
# Right, Return and Shift-Tab; the host checks the focus and select lines.
. /vm/lib.sh

wayfinder run --json --scene /vm/demo-scene.json >run.jsonl 2>run.err &
pid=$!
vm_wait_for run.jsonl 'QEMU Virtio Keyboard' 100
vm_ready input
vm_stop_run "$pid"
vm_send_file run.jsonl run.jsonl
vm_finish
