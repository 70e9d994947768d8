#!/bin/sh
# `wayfinder run --json --motion` on a virtio keyboard and mouse while the host injects keys,
# clicks, wheel notches, a long press and a drag; the host checks the classified stream.
. /vm/lib.sh

wayfinder run --json --motion >run.jsonl 2>run.err &
pid=$!
# Both devices are open once their `added` lines are out.
vm_wait_for run.jsonl 'QEMU Virtio Keyboard' 100 && vm_wait_for run.jsonl 'QEMU Virtio Mouse' 100
vm_ready input
vm_stop_run "$pid"
vm_send_file run.jsonl run.jsonl
vm_finish
