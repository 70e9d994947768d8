#!/bin/sh
# The soak: ten uinput devices (five keyboards, five mice, from the bundled recordings' descriptions)
# replay generated frames with evemu-play, over and over for SOAK_SECONDS, while one
# `wayfinder run --json --scene` reads them all. The senders run at the lowest priority, so that
# they send as fast as the guest's one vCPU has time left once `run` has read what came: a sender
# at the reader's priority outruns it, and the kernel drops events (an evdev client of a keyboard
# or mouse has room for 64). Each sender asks for a frame every GAP microseconds at most, a 1 kHz
# gaming mouse's rate.
. /vm/lib.sh

SOAK_SECONDS=60
GAP=1000
PRESSES=100 # per keyboard file: 200 frames
MOUSE_FRAMES=200 # per mouse file, with a wheel notch every tenth frame
DEVICES="k1 keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard
k2 keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard
k3 keyboard/evemu-devices_logitech-k400-plus
k4 keyboard/evemu-devices_microsoft-surface-type-cover
k5 keyboard/evemu-devices_lenovo-compact-usb-keyboard.keyboard
m1 mouse/evemu-devices_saitek-rat5
m2 mouse/evemu-devices_saitek-rat5
m3 mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons
m4 mouse/evemu-devices_logitech-ultrathin-touch-mouse.wheel-buttons
m5 mouse/evemu-devices_ibm-scrollpoint-mo18b.scroll"

# Key presses cycling through A, S, Tab and Down (Tab and Down move focus on the scene): a press
# frame and a release frame each, GAP apart.
awk -v presses="$PRESSES" -v gap="$GAP" 'BEGIN {
    split("001e 001f 000f 006c", codes, " ")
    t = 1
    for (i = 0; i < presses; i++) {
        for (v = 1; v >= 0; v--) {
            s = sprintf("%d.%06d", int(t / 1000000), t % 1000000)
            printf "E: %s 0001 %s %04d\nE: %s 0000 0000 0000\n", s, codes[(i % 4) + 1], v, s
            t += gap
        }
    }
}' >keyboard.events
# The pointer goes round a square (2 counts a frame, 25 frames a side) and the wheel turns a notch
# every tenth frame, five down then five up.
awk -v frames="$MOUSE_FRAMES" -v gap="$GAP" 'BEGIN {
    t = 1
    notch = 0
    for (i = 0; i < frames; i++) {
        side = int(i / 25) % 4
        s = sprintf("%d.%06d", int(t / 1000000), t % 1000000)
        if (side == 0) printf "E: %s 0002 0000 2\n", s
        if (side == 1) printf "E: %s 0002 0001 2\n", s
        if (side == 2) printf "E: %s 0002 0000 -2\n", s
        if (side == 3) printf "E: %s 0002 0001 -2\n", s
        if (i % 10 == 9) {
            printf "E: %s 0002 0008 %d\n", s, (int(notch / 5) % 2) ? 1 : -1
            notch++
        }
        printf "E: %s 0000 0000 0000\n", s
        t += gap
    }
}' >mouse.events
KEYBOARD_FRAMES=$((2 * PRESSES))
WHEEL_NOTCHES=$((MOUSE_FRAMES / 10))

echo "$DEVICES" | while read -r name id; do
    evemu-device "/vm/recordings/$id.desc" >"$name.device" 2>&1 &
    echo $! >"$name.pid"
    vm_wait_for "$name.device" '/dev/input/event[0-9]+' || cat "$name.device"
    grep -oE '/dev/input/event[0-9]+' "$name.device" | head -n 1 >"$name.node"
done

wayfinder run --json --scene /vm/demo-scene.json >run.jsonl 2>run.err &
run_pid=$!
vm_wait_count run.jsonl '"state":"added"' 10 600
vm_check devices-added "wayfinder run added $(vm_count run.jsonl '"state":"added"') devices" \
    [ "$(vm_count run.jsonl '"state":"added"')" = 10 ]

rss() { awk '/^VmRSS/ { print $2 }' "/proc/$run_pid/status"; }
start=$(cut -d' ' -f1 /proc/uptime)
end=$(awk -v s="$start" -v d="$SOAK_SECONDS" 'BEGIN { print int(s + d) }')
rss_start=$(rss)
vm_mark soak-start

# sender NAME FILE: replays FILE on the device NAME until the soak ends; leaves the count.
sender() {
    count=0
    node=$(cat "$1.node")
    while [ "$(cut -d. -f1 /proc/uptime)" -lt "$end" ]; do
        # At the lowest priority from the start (busybox has renice, not nice).
        # shellcheck disable=SC2016 # $$ and $0 are the inner shell's
        sh -c 'renice -n 19 -p $$ >/dev/null && exec evemu-play "$0"' "$node" <"$2" || break
        count=$((count + 1))
    done
    echo "$count" >"$1.count"
}
senders=""
for name in k1 k2 k3 k4 k5; do
    sender "$name" keyboard.events &
    senders="$senders $!"
done
for name in m1 m2 m3 m4 m5; do
    sender "$name" mouse.events &
    senders="$senders $!"
done
usleep $((SOAK_SECONDS * 500000))
rss_middle=$(rss)
# shellcheck disable=SC2086 # one pid per word
wait $senders
stop=$(cut -d' ' -f1 /proc/uptime)
vm_mark soak-end

# settle: waits until everything sent is read, that is until the stream stops growing.
settle() {
    size=-1
    while [ "$(wc -c <run.jsonl)" != "$size" ]; do
        size=$(wc -c <run.jsonl)
        usleep 500000
    done
}
settle
rss_end=$(rss)
cp run.jsonl soak.jsonl
cat run.err
vm_check no-dropped-events "standard error: $(tr '\n' ' ' <run.err)" [ ! -s run.err ]

# Then a reader that falls behind: `run` is stopped while the first mouse sends its 200 frames,
# far more than the kernel keeps for it, and resumed; twice. The first flood ends with the left
# button pressed, the second with it released, so that each time the device's state has to be
# read again. Then the second mouse floods with motion and wheel turns only, which leave no state
# to read again: a loss all the same. `run` says once per device that it dropped events, and
# nothing else.
flood() { # flood VALUE: the mouse's frames, then BTN_LEFT with VALUE
    cat mouse.events
    printf 'E: 0.300000 0001 0110 %04d\nE: 0.300000 0000 0000 0000\n' "$1"
}
flood 1 >press.events
flood 0 >release.events
m1_node=$(cat m1.node)
for events in press.events release.events; do
    kill -STOP "$run_pid"
    evemu-play "$m1_node" <"$events"
    kill -CONT "$run_pid"
    settle
done
m2_node=$(cat m2.node)
kill -STOP "$run_pid"
evemu-play "$m2_node" <mouse.events
kill -CONT "$run_pid"
settle
kill -TERM "$run_pid"
wait "$run_pid"
status=$?
vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
cat run.err
dropped() { echo "Warning: $1: the kernel dropped events (SYN_DROPPED), so some input was lost; the device's state was read again"; }
vm_check dropped-said-once "standard error: $(tr '\n' ' ' <run.err)" \
    [ "$(cat run.err)" = "$(dropped "$m1_node")
$(dropped "$m2_node")" ]

# Per device: key downs and ups, and wheel scrolls, in one pass over the stream. A notch is one
# scroll line: a discrete one, or on the ScrollPoint (whose wheel is a stick, a continuous source)
# a `began` or `changed` one; its `ended` lines come whenever the stick rests, so they are not
# counted.
awk '{
    if (!match($0, /"deviceID":"[^"]*"/)) next
    id = substr($0, RSTART + 12, RLENGTH - 13)
    if ($0 ~ /"type":"key"/ && $0 ~ /"state":"down"/) down[id]++
    else if ($0 ~ /"type":"key"/ && $0 ~ /"state":"up"/) up[id]++
    else if ($0 ~ /"type":"key"/ && $0 ~ /"state":"repeat"/) repeats[id]++
    else if ($0 ~ /"type":"scroll"/ && $0 !~ /"phase":"ended"/) scrolls[id]++
    lines++
} END {
    for (id in down) print id, "down", down[id]
    for (id in up) print id, "up", up[id]
    for (id in repeats) print id, "repeat", repeats[id]
    for (id in scrolls) print id, "scroll", scrolls[id]
    print "all lines", lines
}' soak.jsonl >counts
cat counts
counted() { awk -v id="$1" -v what="$2" '$1 == id && $2 == what { print $3 }' counts; }

frames=0
for name in k1 k2 k3 k4 k5; do
    node=$(cat "$name.node")
    sent=$(($(cat "$name.count") * PRESSES))
    frames=$((frames + $(cat "$name.count") * KEYBOARD_FRAMES))
    down=$(counted "$node" down)
    up=$(counted "$node" up)
    vm_check "$name-complete" "$node: $sent presses sent, ${down:-0} down and ${up:-0} up lines" \
        [ "$sent" -gt 0 -a "${down:-0}" = "$sent" -a "${up:-0}" = "$sent" ]
done
for name in m1 m2 m3 m4 m5; do
    node=$(cat "$name.node")
    sent=$(($(cat "$name.count") * WHEEL_NOTCHES))
    frames=$((frames + $(cat "$name.count") * MOUSE_FRAMES))
    scrolls=$(counted "$node" scroll)
    vm_check "$name-complete" "$node: $sent wheel notches sent, ${scrolls:-0} scroll lines" \
        [ "$sent" -gt 0 -a "${scrolls:-0}" = "$sent" ]
done
rate=$(awk -v f="$frames" -v a="$start" -v b="$stop" 'BEGIN { printf "%d", f / (b - a) }')
seconds=$(awk -v a="$start" -v b="$stop" 'BEGIN { printf "%.1f", b - a }')
vm_check rate "$frames frames from 10 devices in $seconds s: $rate frames/s, $(awk '/^all lines/ { print $3 }' counts) lines" \
    [ "$frames" -gt 0 ]
# Flat: after the first half (when every buffer has reached its size) RSS grows by less than 256 KB.
vm_check rss-flat "VmRSS ${rss_start} kB at start, ${rss_middle} kB at 30 s, ${rss_end} kB at the end" \
    [ "$rss_end" -le $((rss_middle + 256)) ]
for name in k1 k2 k3 k4 k5 m1 m2 m3 m4 m5; do kill -TERM "$(cat "$name.pid")" 2>/dev/null; done
vm_finish
