#!/bin/sh
# Plays pointer streams ($1: mouse, touchpad or stick) on uinput devices while `libinput record`
# and `libinput debug-events` with each acceleration profile and speed read them, and sends
# everything to the host, which replays libinput's recording with wayfinder and compares motion.
# The stick is the Saitek mouse's description and events with INPUT_PROP_POINTING_STICK set.
. /vm/lib.sh
category=$1
profiles="adaptive flat"
speeds="-0.5 0 0.5"

case "$category" in
    mouse | touchpad) ids=$(cat "/vm/recordings/$category.list") ;;
    stick)
        ids=stick
        sed -e 's/^N: .*/N: Wayfinder Test Pointing Stick/' -e 's/^P: 00/P: 20/' \
            /vm/recordings/mouse/evemu-devices_saitek-rat5.desc >stick.desc
        cp /vm/recordings/mouse/evemu-devices_saitek-rat5.events stick.events
        ;;
    *) echo "unknown category '$category'"; exit 1 ;;
esac

for id in $ids; do
    name=${id##*/}
    if [ "$category" = stick ]; then desc=stick.desc events=stick.events; else
        desc=/vm/recordings/$id.desc events=/vm/recordings/$id.events
    fi
    if ! vm_uinput "$desc" "$name.device"; then
        vm_fail "$name/created" "evemu-device could not create the device"
        continue
    fi
    device_pid=$VM_DEVICE_PID
    node=$VM_DEVICE_NODE
    readers=""
    libinput record -o "$name.yml" "$node" >"$name.record.err" 2>&1 &
    readers="$readers $!"
    for profile in $profiles; do
        for speed in $speeds; do
            log="$name.$profile.$speed.libinput"
            libinput debug-events --device "$node" --set-profile="$profile" --set-speed="$speed" >"$log" 2>&1 &
            readers="$readers $!"
            vm_wait_for "$log" 'DEVICE_ADDED' 100
        done
    done
    vm_wait_for "$name.yml" 'events:' 100
    vm_mark "play-$name"
    evemu-play "$node" <"$events"
    # Removing the device flushes the readers: libinput reports DEVICE_REMOVED after every event.
    vm_stop "$device_pid"
    for profile in $profiles; do
        for speed in $speeds; do
            vm_wait_for "$name.$profile.$speed.libinput" 'DEVICE_REMOVED' 100
        done
    done
    # shellcheck disable=SC2086
    vm_stop $readers
    vm_pass "$name/replayed" "$(grep -c POINTER_MOTION "$name.adaptive.0.libinput") motion events (adaptive, 0)"
    vm_send_file "$name.yml" "$name.yml"
    for profile in $profiles; do
        for speed in $speeds; do
            vm_send_file "$name.$profile.$speed.libinput" "$name.$profile.$speed.libinput"
        done
    done
done
vm_finish
