#!/bin/sh
# `wayfinder run --scene --json` with device settings (natural scrolling as an option, left-handed
# from the settings file, matching the mouse by name) on a virtio keyboard and mouse while the host types Tab, clicks right then left and turns the wheel;
# the host checks that the settings changed the stream.
. /vm/lib.sh

wayfinder run --scene /vm/demo-scene.json --json --natural-scrolling --settings /vm/settings.jsonl >run.jsonl 2>run.err &
pid=$!
vm_wait_for run.jsonl 'QEMU Virtio Keyboard' 100 && vm_wait_for run.jsonl 'QEMU Virtio Mouse' 100
vm_ready input
usleep 500000
kill -TERM "$pid"
wait "$pid"
status=$?
cat run.jsonl run.err
vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
vm_send_file run.jsonl run.jsonl
vm_finish
