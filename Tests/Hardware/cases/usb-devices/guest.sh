#!/bin/sh
# USB keyboard and mouse: presence, capabilities, injected events, hot-plug and hot-unplug.
. /vm/lib.sh

# USB devices enumerate asynchronously after the controller's driver loads.
keyboard=$(vm_wait_node "QEMU QEMU USB Keyboard")
vm_check keyboard-listed "QEMU QEMU USB Keyboard appeared" [ -n "$keyboard" ]
mouse=$(vm_wait_node "QEMU QEMU USB Mouse")
vm_check mouse-listed "QEMU QEMU USB Mouse appeared" [ -n "$mouse" ]
cat /proc/bus/input/devices

evemu-describe "$keyboard" >keyboard.desc 2>&1
evemu-describe "$mouse" >mouse.desc 2>&1
vm_check keyboard-id "bus 0003 (USB) vendor 0627" grep -q '^I: 0003 0627' keyboard.desc
vm_check keyboard-codes "KEY_A, MSC_SCAN, EV_REP" \
    sh -c 'grep -q "(KEY_A)" keyboard.desc && grep -q "(MSC_SCAN)" keyboard.desc && grep -q "(EV_REP)" keyboard.desc'
# The kernel's HID input layer adds the high-resolution wheel to USB mice.
vm_check mouse-codes "REL_X, REL_Y, REL_WHEEL, REL_WHEEL_HI_RES, BTN_LEFT, BTN_RIGHT" \
    sh -c 'grep -q "(REL_X)" mouse.desc && grep -q "(REL_Y)" mouse.desc && grep -q "(REL_WHEEL)" mouse.desc &&
           grep -q "(REL_WHEEL_HI_RES)" mouse.desc && grep -q "(BTN_LEFT)" mouse.desc && grep -q "(BTN_RIGHT)" mouse.desc'

# What wayfinder lists; the host checks names, kinds and nodes.
vm_wayfinder_devices devices

# wayfinder record of every device, in libinput's format, beside evemu-record.
wayfinder record --format libinput --show-keycodes -o all.yml 2>record.err &
record_pid=$!
vm_wait_for record.err 'Ctrl-C'

vm_record_keyboard_and_mouse "$keyboard" "$mouse" input
# USB HID reports the usage code (MSC_SCAN) before each key and button: 0x70004 is keyboard "a",
# 0x90002 is button 2. A wheel detent is REL_WHEEL 1 plus REL_WHEEL_HI_RES 120.
vm_expect_events keyboard-events keyboard.rec "0004 0004 458756
0001 001e 1
0004 0004 458756
0001 001e 0"
vm_expect_events mouse-events mouse.rec "0002 0000 10
0002 0001 -5
0004 0004 589826
0001 0111 1
0004 0004 589826
0001 0111 0
0002 0008 1
0002 000b 120
0002 0008 -1
0002 000b -120"

# Hot-plug: a second USB mouse, then the first one goes; the two mice share a name, so count them.
count_mice() { grep -c 'N: Name="QEMU QEMU USB Mouse"' /proc/bus/input/devices; }
vm_ready plug
tries=50
while [ "$(count_mice)" != 2 ] && [ $tries -gt 0 ]; do usleep 100000; tries=$((tries - 1)); done
vm_check hotplug "a second USB mouse appeared" [ "$(count_mice)" = 2 ]
vm_wayfinder_devices devices-plugged
vm_ready unplug
tries=50
while [ "$(count_mice)" != 1 ] && [ $tries -gt 0 ]; do usleep 100000; tries=$((tries - 1)); done
vm_check hot-unplug "the first USB mouse went away" [ "$(count_mice)" = 1 ]
vm_wayfinder_devices devices-unplugged
# The recorder ends the recording of the mouse that went and goes on with the others.
vm_wait_for record.err 'was removed'
usleep 200000
kill -TERM "$record_pid"
wait "$record_pid"
record_status=$?
cat record.err
vm_check record-exit "wayfinder record exits 0 on SIGTERM (got $record_status)" [ "$record_status" = 0 ]
vm_check record-noticed-removal "it ended the removed mouse's recording" grep -q "$mouse was removed" record.err
vm_send_file all.yml all.yml
vm_send_file keyboard.rec keyboard.rec
vm_send_file mouse.rec mouse.rec
vm_finish
