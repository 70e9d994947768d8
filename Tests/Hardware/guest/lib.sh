# Shell helpers for the guest scripts (busybox sh). Sourced by /init before a case runs.
#
# The guest talks to the host over the serial console with lines that start with "@@":
#   @@T label uptime          timing mark
#   @@READY tag               readers are running: the host injects the steps for `tag`, then
#                             answers "@@DONE tag" on the console
#   @@CHECK name ok|fail text one verdict
#   @@FILE name / @@ENDFILE   a file sent to the host (gzip, then base64)
#   @@EXIT rc                 the case is over
# Everything else is the guest log, printed by the host when a case fails.

VM_FAILURES=0

vm_mark() {
    echo "@@T $1 $(cut -d' ' -f1 /proc/uptime)"
}

# vm_ready TAG: announces TAG and blocks until the host has injected its steps.
vm_ready() {
    local line
    echo "@@READY $1"
    while read -r line; do
        [ "$line" = "@@DONE $1" ] && return 0
    done
    echo "console closed while waiting for @@DONE $1"
    return 1
}

vm_pass() {
    echo "@@CHECK $1 ok ${2:-}"
}

vm_fail() {
    echo "@@CHECK $1 fail ${2:-}"
    VM_FAILURES=$((VM_FAILURES + 1))
}

# vm_check NAME DETAIL COMMAND...: a verdict from a command's exit status.
vm_check() {
    local check_name=$1 check_detail=$2
    shift 2
    if "$@"; then vm_pass "$check_name" "$check_detail"; else vm_fail "$check_name" "$check_detail"; fi
}

# vm_finish: the exit status of a case: the number of failed checks.
vm_finish() {
    return "$VM_FAILURES"
}

# vm_send_file NAME PATH: copies a guest file to the host's results folder.
vm_send_file() {
    [ -f "$2" ] || {
        echo "no file $2 to send as $1"
        return 1
    }
    echo "@@FILE $1"
    gzip -c "$2" | base64
    echo "@@ENDFILE $1"
}

# vm_count FILE PATTERN: how many lines of FILE match PATTERN (grep -E); 0 while FILE is not there
# yet (the redirection of a job started with & is opened by the job's own shell, after it forks, so
# a file it writes can be missing for a moment after the job starts).
vm_count() {
    local count
    count=$(grep -cE "$2" "$1" 2>/dev/null)
    echo "${count:-0}"
}

# vm_wait_count FILE PATTERN COUNT [TENTHS]: waits until at least COUNT lines of FILE match
# PATTERN, 10 s by default.
vm_wait_count() {
    local tries=${4:-100}
    while [ "$(vm_count "$1" "$2")" -lt "$3" ]; do
        [ "$tries" -gt 0 ] || return 1
        usleep 100000
        tries=$((tries - 1))
    done
}

# vm_wait_for FILE PATTERN [TENTHS]: waits until FILE contains PATTERN (grep -E), 5 s by default.
vm_wait_for() {
    local tries=${3:-50}
    while [ "$tries" -gt 0 ]; do
        grep -qE "$2" "$1" 2>/dev/null && return 0
        usleep 100000
        tries=$((tries - 1))
    done
    echo "timed out waiting for /$2/ in $1"
    return 1
}

# vm_node NAME: prints the /dev/input/event* node of the device called NAME.
vm_node() {
    local device
    for device in /sys/class/input/event*; do
        if [ "$(cat "$device/device/name" 2>/dev/null)" = "$1" ]; then
            echo "/dev/input/${device##*/}"
            return 0
        fi
    done
    return 1
}

# vm_wait_node NAME: waits up to 5 s for the device called NAME and prints its node.
vm_wait_node() {
    local tries=50
    while [ "$tries" -gt 0 ]; do
        vm_node "$1" && return 0
        usleep 100000
        tries=$((tries - 1))
    done
    echo "no input device named '$1' appeared" >&2
    return 1
}

# vm_stop PID...: stops background readers. SIGINT is ignored by background jobs of a
# non-interactive shell, so readers get SIGTERM.
vm_stop() {
    local pid
    for pid in "$@"; do
        kill -TERM "$pid" 2>/dev/null
    done
    for pid in "$@"; do
        wait "$pid" 2>/dev/null
    done
    return 0
}

# vm_stop_run PID: ends the `wayfinder run` started in the background with output to run.jsonl
# and run.err, once the host's input has had half a second to arrive: SIGTERM, then its output
# printed and a verdict that it exited 0.
vm_stop_run() {
    local status
    usleep 500000
    kill -TERM "$1"
    wait "$1"
    status=$?
    cat run.jsonl run.err
    vm_check run-exit "wayfinder run exits 0 on SIGTERM (status $status)" [ "$status" = 0 ]
}

# vm_events FILE: the events of an evemu recording as "type code value" lines (type and code in
# 4-digit hex, the value in decimal), without SYN_REPORT.
vm_events() {
    # Values are zero-padded ("0010", "-005"); busybox awk would read "0010" as octal.
    grep '^E:' "$1" | awk '{
        v = $5; s = ""
        if (substr(v, 1, 1) == "-") { s = "-"; v = substr(v, 2) }
        sub(/^0+/, "", v); if (v == "") { v = "0"; s = "" }
        if (!($3 == "0000" && $4 == "0000")) print $3, $4, s v
    }'
}

# vm_expect_events NAME FILE EXPECTED: a verdict on whether FILE's events (see vm_events) are
# exactly the lines of EXPECTED.
vm_expect_events() {
    local actual
    actual=$(vm_events "$2")
    if [ "$actual" = "$3" ]; then
        vm_pass "$1" "$(echo "$3" | wc -l) events"
    else
        vm_fail "$1" "expected [$(echo "$3" | tr '\n' ';')] got [$(echo "$actual" | tr '\n' ';')]"
    fi
}

# vm_list_nodes: "node<TAB>name" for every event device, as the kernel names them.
vm_list_nodes() {
    local device
    for device in /sys/class/input/event*; do
        [ -e "$device" ] || continue
        printf '/dev/input/%s\t%s\n' "${device##*/}" "$(cat "$device/device/name")"
    done
}

# vm_wayfinder_devices NAME [LOCAL]: runs `wayfinder devices --json` and sends NAME.json (its
# output), NAME.status (exit status, then standard error) and NAME.nodes (vm_list_nodes) to the
# host. LOCAL (default NAME, no slashes) names the files in the current directory.
vm_wayfinder_devices() {
    local prefix=${2:-$1}
    wayfinder devices --json >"$prefix.json" 2>"$prefix.err"
    echo $? >"$prefix.status"
    cat "$prefix.err" >>"$prefix.status"
    vm_list_nodes >"$prefix.nodes"
    vm_send_file "$1.json" "$prefix.json"
    vm_send_file "$1.status" "$prefix.status"
    vm_send_file "$1.nodes" "$prefix.nodes"
}

# vm_record_keyboard_and_mouse KEYBOARD MOUSE TAG: records both nodes with evemu-record into
# keyboard.rec and mouse.rec while the host sends the steps for TAG, then prints their events.
vm_record_keyboard_and_mouse() {
    local keyboard_pid mouse_pid
    evemu-record "$1" >keyboard.rec 2>&1 &
    keyboard_pid=$!
    evemu-record "$2" >mouse.rec 2>&1 &
    mouse_pid=$!
    vm_wait_for keyboard.rec '^N:' && vm_wait_for mouse.rec '^N:'
    vm_ready "$3"
    usleep 200000
    vm_stop "$keyboard_pid" "$mouse_pid"
    grep '^E:' keyboard.rec
    grep '^E:' mouse.rec
}

# vm_uinput DESC LOG: creates a uinput device from the evemu description DESC with evemu-device,
# which stays in the background (its output in LOG), and waits for udev. Sets VM_DEVICE_PID and
# VM_DEVICE_NODE; fails, printing LOG, when no node appears.
vm_uinput() {
    evemu-device "$1" >"$2" 2>&1 &
    VM_DEVICE_PID=$!
    if ! vm_wait_for "$2" '/dev/input/event[0-9]+'; then
        cat "$2"
        vm_stop "$VM_DEVICE_PID"
        return 1
    fi
    VM_DEVICE_NODE=$(grep -oE '/dev/input/event[0-9]+' "$2" | head -n 1)
    udevadm settle --timeout=5
}
