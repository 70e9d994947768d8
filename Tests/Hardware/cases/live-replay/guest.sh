#!/bin/sh
# Replays a few recordings, one uinput device at a time, while one `wayfinder run --json` (started
# before any device exists, so every device comes by hotplug) and, per device, `libinput
# debug-events` watch. The host splits the stream by device and compares.
. /vm/lib.sh

# The recordings, in the order the host expects them (host.py's RECORDINGS).
RECORDINGS="mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons
touchpad/xit_synaptics-clickpad.right-phys-click
touchpad/xit_synaptics-clickpad.two-finger-scroll-down
touchpad/evemu-devices_bcm5974-apple.three-finger-click
touchpad/evemu-devices_cypress-clickpad.two-finger-press
touchpad/evemu-devices_alps-glidepoint.2-finger-tap
mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll
keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard
keyboard/evemu-devices_logitech-k400-plus"

wayfinder run --json >run.jsonl 2>run.err &
run_pid=$!
vm_wait_for run.err 'waiting for devices' 100
count=0
for id in $RECORDINGS; do
    name=${id##*/}
    count=$((count + 1))
    evemu-device "/vm/recordings/$id.desc" >"$name.device" 2>&1 &
    device_pid=$!
    if ! vm_wait_for "$name.device" '/dev/input/event[0-9]+'; then
        cat "$name.device"
        vm_fail "$id/created" "evemu-device could not create the device"
        vm_stop "$device_pid"
        continue
    fi
    node=$(grep -oE '/dev/input/event[0-9]+' "$name.device" | head -n 1)
    udevadm settle --timeout=5
    libinput debug-events --device "$node" --show-keycodes >"$name.libinput" 2>&1 &
    libinput_pid=$!
    # wayfinder run prints the device's `added` line when it opens it.
    vm_wait_count run.jsonl '"added"' "$count"
    vm_check "$id/run-added" "wayfinder run added the device ($(vm_count run.jsonl '"added"') added lines)" \
        [ "$(vm_count run.jsonl '"added"')" -ge "$count" ]
    vm_wait_for "$name.libinput" 'DEVICE_ADDED'
    vm_mark "play-$name"
    evemu-play "$node" <"/vm/recordings/$id.events"
    vm_stop "$device_pid"
    vm_wait_for "$name.libinput" 'DEVICE_REMOVED' 30
    vm_wait_count run.jsonl '"removed"' "$count"
    vm_stop "$libinput_pid"
    vm_send_file "$id.libinput" "$name.libinput"
done
kill -TERM "$run_pid"
wait "$run_pid"
status=$?
cat run.err
vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
vm_send_file run.jsonl run.jsonl
vm_finish
