#!/bin/sh
# The live path's cost beside libinput's: one uinput mouse plays FRAMES frames, one every GAP
# microseconds (a 1 kHz mouse), while `wayfinder run --json` and `libinput debug-events` read the
# same node. Each reader's CPU time is read from /proc/PID/stat just before the frames are played
# and once both have read everything, so start-up and shut-down are left out. Three passes: plain,
# with --motion (a line per frame), and with a 2,000-cell scene. Both use the flat acceleration
# profile, so that the pointer's path does not depend on when frames arrive: Wayfinder's lines must
# then be exactly those `wayfinder replay` gives for the same frames, times aside.
. /vm/lib.sh

FRAMES=10000
TRACED_FRAMES=2000
GAP=1000
CELLS=2000
DESC=/vm/recordings/mouse/evemu-devices_saitek-rat5.desc

# frames COUNT: the frames, in evemu's event lines. The pointer goes round a 50-count square (one
# count a frame), the wheel turns a notch every 100th frame (three down, three up, so a scene
# scrolls back and forth), and every 2,000th frame the left button is pressed and released on the
# next frame (2 s apart: no double clicks).
frames() {
    awk -v frames="$1" -v gap="$GAP" 'BEGIN {
        t = 1000000
        notch = 0
        for (i = 0; i < frames; i++) {
            s = sprintf("%d.%06d", int(t / 1000000), t % 1000000)
            if (i % 2000 == 1000) printf "E: %s 0001 0110 0001\n", s
            else if (i % 2000 == 1001) printf "E: %s 0001 0110 0000\n", s
            else {
                side = int(i / 50) % 4
                if (side == 0) printf "E: %s 0002 0000 1\n", s
                if (side == 1) printf "E: %s 0002 0001 1\n", s
                if (side == 2) printf "E: %s 0002 0000 -1\n", s
                if (side == 3) printf "E: %s 0002 0001 -1\n", s
                if (i % 100 == 99) {
                    printf "E: %s 0002 0008 %d\n", s, (int(notch / 3) % 2) ? 1 : -1
                    notch++
                }
            }
            printf "E: %s 0000 0000 0000\n", s
            t += gap
        }
    }'
}
frames "$FRAMES" >cost.events
frames "$TRACED_FRAMES" >traced.events
cat "$DESC" cost.events >cost.evemu

# The scene: CELLS cells of 46 points on a 50-point pitch, 11 to a row, in a scrolling collection
# seven rows high (the layout of the benchmarks' generated grids).
awk -v cells="$CELLS" 'BEGIN {
    rows = int((cells + 10) / 11)
    printf "{\"size\": [550, 350], \"root\": {\"id\": \"window\", \"frame\": [0, 0, 550, 350], \"children\": [\n"
    printf "{\"id\": \"grid\", \"role\": \"collection\", \"frame\": [0, 0, 550, 350], \"focusGroup\": \"grid\", "
    printf "\"scroll\": {\"contentSize\": [550, %d]}, \"children\": [\n", rows * 50
    for (i = 0; i < cells; i++) {
        row = int(i / 11); column = i % 11
        kind = ((row + column) % 2 == 0) ? "{\"kind\": \"contextMenu\", \"actions\": [\"Open\", \"Share\"]}" : "{\"kind\": \"drag\"}"
        printf "{\"id\": \"cell-%d\", \"role\": \"cell\", \"frame\": [%d, %d, 46, 46], \"focusable\": true, \"interactions\": [%s]}%s\n", \
            i, column * 50 + 2, row * 50 + 2, kind, (i == cells - 1) ? "" : ","
    }
    printf "]}]}}\n"
}' >grid.scene.json

if ! vm_uinput "$DESC" mouse.device; then
    vm_fail mouse-created "evemu-device could not create the mouse"
    vm_finish
    exit
fi
node=$VM_DEVICE_NODE

# cpu PID: the process's user and system time so far, in clock ticks.
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# system PID: the process's system time so far, in clock ticks.
system() { awk '{ print $15 }' "/proc/$1/stat"; }
ticks=$(getconf CLK_TCK 2>/dev/null || echo 100)

# comparable FILE: the JSON lines without device lines, times and device identifiers.
comparable() {
    grep -v '"type":"device"' "$1" | sed -E 's/"time":[^,]*,//; s/"deviceID":"[^"]*",//'
}

# pass NAME OPTIONS...: one side-by-side measurement with `wayfinder run --json OPTIONS`.
pass() {
    name=$1
    shift
    # shellcheck disable=SC2068 # the options are words
    wayfinder run --json --device "$node" --accel-profile flat $@ >"run-$name.jsonl" 2>"run-$name.err" &
    wayfinder_pid=$!
    libinput debug-events --device "$node" --set-profile=flat >"libinput-$name.txt" 2>&1 &
    libinput_pid=$!
    vm_wait_for "run-$name.jsonl" '"state":"added"' 300
    vm_wait_for "libinput-$name.txt" 'DEVICE_ADDED' 300
    usleep 500000
    wayfinder_start=$(cpu "$wayfinder_pid")
    libinput_start=$(cpu "$libinput_pid")
    wayfinder_system_start=$(system "$wayfinder_pid")
    libinput_system_start=$(system "$libinput_pid")
    vm_mark "play-$name"
    # The sender at the lowest priority (busybox has renice, not nice), as in the soak case: on
    # the guest's one vCPU a sender at the readers' priority can take the time a reader needs,
    # and the kernel then drops events (evdev keeps 64 for a mouse's reader) whatever the reader
    # costs per frame. What is measured is each reader's CPU for the frames, not who wins the
    # vCPU; a reader still behind loses lines, which fails below.
    sh -c 'renice -n 19 -p $$ >/dev/null && exec evemu-play "$0"' "$node" <cost.events
    vm_mark "played-$name"
    # Settled: neither reader has used CPU for half a second.
    previous=""
    while :; do
        usleep 500000
        now="$(cpu "$wayfinder_pid") $(cpu "$libinput_pid")"
        [ "$now" = "$previous" ] && break
        previous=$now
    done
    wayfinder_cpu=$(($(cpu "$wayfinder_pid") - wayfinder_start))
    libinput_cpu=$(($(cpu "$libinput_pid") - libinput_start))
    wayfinder_system=$(($(system "$wayfinder_pid") - wayfinder_system_start))
    libinput_system=$(($(system "$libinput_pid") - libinput_system_start))
    vm_stop "$wayfinder_pid" "$libinput_pid"
    cat "run-$name.err"
    vm_check "$name/cost" "$(awk -v w="$wayfinder_cpu" -v l="$libinput_cpu" -v ws="$wayfinder_system" \
        -v ls="$libinput_system" -v t="$ticks" 'BEGIN {
        printf "wayfinder %.2f s (%.2f s system), libinput %.2f s (%.2f s system) of CPU for the frames: %.2fx", \
            w / t, ws / t, l / t, ls / t, (l > 0 ? w / l : 0)
    }')" [ "$libinput_cpu" -gt 0 ]

    # shellcheck disable=SC2068
    wayfinder replay --json --accel-profile flat $@ cost.evemu >"replay-$name.jsonl" 2>"replay-$name.err"
    comparable "run-$name.jsonl" >"run-$name.lines"
    comparable "replay-$name.jsonl" >"replay-$name.lines"
    live=$(wc -l <"run-$name.lines")
    replayed=$(wc -l <"replay-$name.lines")
    if cmp -s "run-$name.lines" "replay-$name.lines"; then
        vm_pass "$name/lines" "$live lines, the same as replay's"
    else
        first=$(cmp "run-$name.lines" "replay-$name.lines" 2>&1 | head -n 1)
        vm_fail "$name/lines" "live $live lines, replay $replayed; $first"
        vm_send_file "run-$name.jsonl" "run-$name.jsonl"
        vm_send_file "replay-$name.jsonl" "replay-$name.jsonl"
    fi
    vm_check "$name/no-warning" "standard error: $(tr '\n' ' ' <"run-$name.err")" [ ! -s "run-$name.err" ]
}

# traced: the system calls of each reader while TRACED_FRAMES frames play, counted by `strace -c`
# (in a run of their own: tracing slows both down), sent to the host as strace-wayfinder.txt and
# strace-libinput.txt.
traced() {
    wayfinder run --json --device "$node" --accel-profile flat >traced.jsonl 2>traced.err &
    wayfinder_pid=$!
    libinput debug-events --device "$node" --set-profile=flat >traced.libinput 2>&1 &
    libinput_pid=$!
    vm_wait_for traced.jsonl '"state":"added"' 300
    vm_wait_for traced.libinput 'DEVICE_ADDED' 300
    strace -c -o strace-wayfinder.txt -p "$wayfinder_pid" 2>/dev/null &
    wayfinder_strace=$!
    strace -c -o strace-libinput.txt -p "$libinput_pid" 2>/dev/null &
    libinput_strace=$!
    usleep 1000000
    evemu-play "$node" <traced.events
    usleep 2000000
    vm_stop "$wayfinder_strace" "$libinput_strace"
    vm_stop "$wayfinder_pid" "$libinput_pid"
    cat strace-wayfinder.txt strace-libinput.txt
    vm_send_file strace-wayfinder.txt strace-wayfinder.txt
    vm_send_file strace-libinput.txt strace-libinput.txt
    vm_check traced "$TRACED_FRAMES frames traced" [ -s strace-wayfinder.txt -a -s strace-libinput.txt ]
}

pass plain
pass motion --motion
pass scene --scene grid.scene.json
traced
vm_stop "$VM_DEVICE_PID"
vm_finish
