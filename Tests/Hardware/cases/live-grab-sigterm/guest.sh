#!/bin/sh
# `wayfinder run --grab --json` stopped with SIGTERM while the mouse's left button is held and
# moving. evemu-record reads the mouse all along: the grab hides the drag from it, and once run
# has exited it sees the rest.
. /vm/lib.sh
mouse=$(vm_wait_node "QEMU Virtio Mouse") || mouse=
vm_check mouse-node "the virtio mouse is $mouse" [ -n "$mouse" ]
evemu-record "$mouse" >mouse.evemu 2>&1 &
record_pid=$!
vm_wait_for mouse.evemu '^N:'
wayfinder run --grab --json >run.jsonl 2>run.err &
pid=$!
vm_wait_for run.jsonl 'QEMU Virtio Mouse' 100
vm_ready drag
vm_wait_for run.jsonl '"began"' 50
kill -TERM "$pid"
# It exits promptly: within 2 s.
tries=20
while kill -0 "$pid" 2>/dev/null && [ "$tries" -gt 0 ]; do
    usleep 100000
    tries=$((tries - 1))
done
vm_check run-exits-promptly "wayfinder run gone within 2 s of SIGTERM" sh -c "! kill -0 $pid 2>/dev/null"
wait "$pid"
status=$?
cat run.jsonl run.err
vm_check run-exit "wayfinder run --grab exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
during=$(vm_events mouse.evemu | wc -l)
vm_check grab-hid-drag "evemu-record saw nothing of the grabbed drag ($during events)" [ "$during" = 0 ]
vm_ready after
usleep 300000
vm_stop "$record_pid"
vm_expect_events released-grab mouse.evemu "0002 0000 5
0001 0110 0
0001 0111 1
0001 0111 0"
vm_send_file run.jsonl run.jsonl
vm_finish
