#!/bin/sh
# Replays one set of scripted streams ($1: a folder of Tests/Hardware/streams) on uinput devices,
# one device per stream, with evemu-record reading back what the kernel delivered and `libinput
# debug-events` (with the stream's options) watching; sends both to the host, which classifies
# the recording with `wayfinder replay` and compares.
. /vm/lib.sh
set=$1
list=/vm/streams/$set/streams.list
[ -f "$list" ] || { echo "no streams listed for '$set'"; exit 1; }

while IFS='|' read -r name libinput_options wayfinder_options; do
    [ -n "$name" ] || continue
    stream=/vm/streams/$set/$name.evemu
    grep -v '^E:' "$stream" >"$name.desc"
    grep '^E:' "$stream" >"$name.events"
    if ! vm_uinput "$name.desc" "$name.device"; then
        vm_fail "$name/created" "evemu-device could not create the device"
        continue
    fi
    device_pid=$VM_DEVICE_PID
    node=$VM_DEVICE_NODE
    # $libinput_options is a list of words: unquoted on purpose.
    # shellcheck disable=SC2086
    libinput debug-events --device "$node" $libinput_options >"$name.libinput" 2>&1 &
    libinput_pid=$!
    # evemu-record says on standard error that the device went away: keep that out of the recording.
    evemu-record "$node" >"$name.evemu" 2>"$name.record.err" &
    record_pid=$!
    vm_wait_for "$name.libinput" 'DEVICE_ADDED' && vm_wait_for "$name.evemu" '^N:'
    vm_mark "play-$name"
    evemu-play "$node" <"$name.events"
    # Removing the device flushes the readers: libinput reports DEVICE_REMOVED after every event.
    vm_stop "$device_pid"
    vm_wait_for "$name.libinput" 'DEVICE_REMOVED' 30
    vm_stop "$libinput_pid" "$record_pid"
    vm_pass "$name/replayed" "$(grep -c '^E:' "$name.evemu") events read back"
    vm_send_file "$set/$name.libinput" "$name.libinput"
    vm_send_file "$set/$name.evemu" "$name.evemu"
done <"$list"
vm_finish
