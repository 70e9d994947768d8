#!/bin/sh
# Virtio tablet: an absolute pointer, as virtual machines use for the host's mouse.
. /vm/lib.sh

tablet=$(vm_wait_node "QEMU Virtio Tablet")
vm_check listed "QEMU Virtio Tablet appeared" [ -n "$tablet" ]
evemu-describe "$tablet" >tablet.desc 2>&1
# ABS_X and ABS_Y span 0...32767; the buttons are the mouse's.
vm_check axes "ABS_X and ABS_Y 0...32767, BTN_LEFT" \
    sh -c 'grep -q "^A: 00 0 32767" tablet.desc && grep -q "^A: 01 0 32767" tablet.desc && grep -q "(BTN_LEFT)" tablet.desc'
udevadm info --query=property --name="$tablet" | grep '^ID_INPUT'
vm_check udev-pointer "udev tags it ID_INPUT_MOUSE (an absolute pointer, not a pen tablet)" \
    sh -c "udevadm info --query=property --name='$tablet' | grep -q '^ID_INPUT_MOUSE=1'"
vm_wayfinder_devices devices

evemu-record "$tablet" >tablet.rec 2>&1 &
pid=$!
vm_wait_for tablet.rec '^N:'
vm_ready input
usleep 200000
vm_stop "$pid"
grep '^E:' tablet.rec
vm_expect_events events tablet.rec "0003 0000 16384
0003 0001 8192
0001 0110 1
0001 0110 0
0003 0000 0
0003 0001 32767"
vm_finish
