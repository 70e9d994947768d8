#!/bin/sh
# `wayfinder run --json --motion` on a virtio keyboard and mouse while the host injects keys,
# clicks, wheel notches, a long press and a drag; the host checks the classified stream.
. /vm/lib.sh

wayfinder run --json --motion >run.jsonl 2>run.err &
pid=$!
# Both devices are open once their `added` lines are out.
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
