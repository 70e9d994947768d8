#!/bin/sh
# Virtio keyboard and mouse: presence, capabilities, and injected events as evdev sees them.
. /vm/lib.sh

cat /proc/bus/input/devices
grep -q 'N: Name="QEMU Virtio Keyboard"' /proc/bus/input/devices
vm_check keyboard-listed "QEMU Virtio Keyboard in /proc/bus/input/devices" [ $? = 0 ]
grep -q 'N: Name="QEMU Virtio Mouse"' /proc/bus/input/devices
vm_check mouse-listed "QEMU Virtio Mouse in /proc/bus/input/devices" [ $? = 0 ]

keyboard=$(vm_node "QEMU Virtio Keyboard")
mouse=$(vm_node "QEMU Virtio Mouse")
evemu-describe "$keyboard" >keyboard.desc 2>&1
evemu-describe "$mouse" >mouse.desc 2>&1
# Keyboard: the bus is virtio (0x06), vendor 0627 product 0001, EV_KEY with KEY_A, LEDs, autorepeat.
vm_check keyboard-id "bus 0006 vendor 0627 product 0001" grep -q '^I: 0006 0627 0001' keyboard.desc
vm_check keyboard-codes "KEY_A, KEY_LEFTSHIFT, LED_CAPSL, EV_REP" \
    sh -c 'grep -q "(KEY_A)" keyboard.desc && grep -q "(KEY_LEFTSHIFT)" keyboard.desc &&
           grep -q "(LED_CAPSL)" keyboard.desc && grep -q "(EV_REP)" keyboard.desc'
# Mouse: relative motion, the wheel (no high-resolution wheel on virtio), five buttons.
vm_check mouse-codes "REL_X, REL_Y, REL_WHEEL, BTN_LEFT, BTN_RIGHT, BTN_MIDDLE" \
    sh -c 'grep -q "(REL_X)" mouse.desc && grep -q "(REL_Y)" mouse.desc && grep -q "(REL_WHEEL)" mouse.desc &&
           grep -q "(BTN_LEFT)" mouse.desc && grep -q "(BTN_RIGHT)" mouse.desc && grep -q "(BTN_MIDDLE)" mouse.desc'
vm_check mouse-no-hires "virtio has no REL_WHEEL_HI_RES" sh -c '! grep -q "(REL_WHEEL_HI_RES)" mouse.desc'

# What wayfinder lists; the host checks names, kinds and nodes.
vm_wayfinder_devices devices

vm_record_keyboard_and_mouse "$keyboard" "$mouse" input

# QEMU sends one frame per QMP call; the wheel buttons make REL_WHEEL on the press only.
vm_expect_events keyboard-events keyboard.rec "0001 001e 1
0001 001e 0
0001 002a 1
0001 002a 0"
vm_expect_events mouse-events mouse.rec "0002 0000 10
0002 0001 -5
0001 0111 1
0001 0111 0
0002 0008 1
0002 0008 -1"
vm_finish
