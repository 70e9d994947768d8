#!/bin/sh
# Replays every bundled recording of one category ($1: keyboard, mouse, touchpad, touchscreen) on a
# uinput device made from its description, with evemu-record and libinput debug-events watching the
# device, and sends both outputs to the host, which checks them; also sends how
# `wayfinder devices --json` lists the device and what `wayfinder record` recorded from it.
. /vm/lib.sh
category=$1
list=/vm/recordings/$category.list
[ -f "$list" ] || { echo "no recordings listed for '$category'"; exit 1; }

# Before the first uinput device exists the VM has no input device at all: the one place to see
# what `wayfinder devices` says then (once, in the keyboard VM).
if [ "$category" = keyboard ]; then
    wayfinder devices >none.out 2>none.err
    status=$?
    cat none.out none.err
    vm_check wayfinder-no-devices "exit status 0 ($status) and says no input devices were found" \
        sh -c "[ $status = 0 ] && grep -qi 'no input devices' none.out"
    wayfinder devices --json >none.json 2>none.err
    status=$?
    vm_check wayfinder-no-devices-json "exit status 0 ($status), nothing on standard output, the advice on standard error" \
        sh -c "[ $status = 0 ] && [ ! -s none.json ] && grep -qi 'no input devices' none.err"
fi

while read -r id; do
    [ -n "$id" ] || continue
    name=${id##*/}
    evemu-device "/vm/recordings/$id.desc" >"$name.device" 2>&1 &
    device_pid=$!
    if ! vm_wait_for "$name.device" '/dev/input/event[0-9]+'; then
        cat "$name.device"
        vm_fail "$id/created" "evemu-device could not create the device"
        vm_stop "$device_pid"
        continue
    fi
    node=$(grep -oE '/dev/input/event[0-9]+' "$name.device" | head -n 1)
    vm_pass "$id/created" "$(cat "$name.device")"
    udevadm settle --timeout=5
    # How wayfinder lists the device (the host checks the kind).
    vm_wayfinder_devices "$id.devices" "$name.devices"
    libinput debug-events --device "$node" --show-keycodes >"$name.libinput" 2>&1 &
    libinput_pid=$!
    evemu-record "$node" >"$name.evemu" 2>&1 &
    record_pid=$!
    # wayfinder record of the same node; it ends by itself when its only device goes away.
    wayfinder record --format evemu --show-keycodes -o "$name.wayfinder.evemu" "$node" 2>"$name.wayfinder.err" &
    wayfinder_pid=$!
    vm_wait_for "$name.libinput" 'DEVICE_ADDED' && vm_wait_for "$name.evemu" '^N:' &&
        vm_wait_for "$name.wayfinder.err" 'Ctrl-C'
    vm_mark "play-$name"
    evemu-play "$node" <"/vm/recordings/$id.events"
    # Removing the device flushes the readers: libinput reports DEVICE_REMOVED after every event.
    vm_stop "$device_pid"
    vm_wait_for "$name.libinput" 'DEVICE_REMOVED' 30
    vm_wait_for "$name.wayfinder.err" '^Wrote' 100
    wait "$wayfinder_pid"
    status=$?
    vm_check "$id/wayfinder-record-exit" "wayfinder record ended with its device, status $status" [ "$status" = 0 ]
    vm_stop "$libinput_pid" "$record_pid"
    vm_send_file "$id.wayfinder.evemu" "$name.wayfinder.evemu"
    vm_send_file "$id.libinput" "$name.libinput"
    vm_send_file "$id.evemu" "$name.evemu"
done <"$list"
vm_finish
