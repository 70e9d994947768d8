#!/bin/sh
# `wayfinder run --json --scene` on a virtio keyboard while the host types Tab, Tab, Down, Tab,
# Right, Return and Shift-Tab; the host checks the focus and select lines.
. /vm/lib.sh

wayfinder run --json --scene /vm/demo-scene.json >run.jsonl 2>run.err &
pid=$!
vm_wait_for run.jsonl 'QEMU Virtio Keyboard' 100
vm_ready input
usleep 500000
kill -TERM "$pid"
wait "$pid"
status=$?
cat run.jsonl run.err
vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
vm_send_file run.jsonl run.jsonl
vm_finish
