#!/bin/sh
# `wayfinder run --json` with a USB keyboard and mouse. $1 = wheel: wheel notches, each one
# REL_WHEEL plus REL_WHEEL_HI_RES frame; unplug: the mouse goes away in the middle of a drag.
# evemu-record watches the mouse so the host can tell what the kernel sent.
. /vm/lib.sh
mouse=$(vm_wait_node "QEMU QEMU USB Mouse") || mouse=
vm_check mouse-node "the USB mouse is $mouse" [ -n "$mouse" ]
evemu-record "$mouse" >mouse.evemu 2>&1 &
record_pid=$!
wayfinder run --json >run.jsonl 2>run.err &
pid=$!
vm_wait_for mouse.evemu '^N:'
vm_wait_for run.jsonl 'USB Mouse' 100 && vm_wait_for run.jsonl 'USB Keyboard' 100
case "$1" in
wheel)
    vm_ready wheel
    ;;
unplug)
    vm_ready drag
    vm_ready unplug
    vm_wait_for run.jsonl '"removed"' 50
    ;;
esac
usleep 500000
kill -TERM "$pid"
wait "$pid"
status=$?
vm_stop "$record_pid"
cat run.jsonl run.err
vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
vm_send_file run.jsonl run.jsonl
vm_send_file mouse.evemu mouse.evemu
vm_finish
