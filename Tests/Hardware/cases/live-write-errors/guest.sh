#!/bin/sh
# The commands that need devices, with standard output on /dev/full and into a pipe whose reader
# goes away. (Tests/CommandLineTests/WriteErrorTests covers the others on the host.)
. /vm/lib.sh

FULL="Error: standard output: cannot write: no space left on the device"

# expect_full NAME STATUS ERRFILE: status 1 and the message as the last line of standard error.
expect_full() {
    vm_check "$1" "status $2, last error line: $(tail -n 1 "$3")" \
        [ "$2" = 1 -a "$(tail -n 1 "$3")" = "$FULL" ]
}

# wait_status FILE: waits up to 20 s for a pipeline's writer to leave its status in FILE.
wait_status() {
    vm_wait_for "$1" '^[0-9]+$' 200 >/dev/null
    cat "$1" 2>/dev/null
}

node=$(vm_wait_node "QEMU Virtio Keyboard")

wayfinder devices >/dev/full 2>devices.err
expect_full devices-full $? devices.err
wayfinder devices --json >/dev/full 2>devices-json.err
expect_full devices-json-full $? devices-json.err
{
    wayfinder devices --json 2>devices-pipe.err
    echo $? >devices-pipe.status
} | head -n 1 >devices-pipe.first
status=$(wait_status devices-pipe.status)
vm_check devices-json-pipe "status $status, standard error: $(cat devices-pipe.err)" \
    [ "$status" = 0 -a ! -s devices-pipe.err ]

# run: the keyboard's `added` line is the first write, and it fails at once.
wayfinder run --json >/dev/full 2>run-full.err &
pid=$!
tries=100
while kill -0 "$pid" 2>/dev/null && [ "$tries" -gt 0 ]; do
    usleep 100000
    tries=$((tries - 1))
done
kill -TERM "$pid" 2>/dev/null
wait "$pid"
expect_full run-json-full $? run-full.err

# record: writes when it stops.
wayfinder record --format evemu "$node" >/dev/full 2>record-full.err &
pid=$!
vm_wait_for record-full.err 'Press Ctrl-C' 100
vm_ready record
kill -TERM "$pid"
wait "$pid"
expect_full record-full $? record-full.err

# run | head -1: head takes the `added` line and goes; the next line (a key) ends run quietly.
{
    wayfinder run --json 2>run-pipe.err
    echo $? >run-pipe.status
} | head -n 1 >run-pipe.first &
vm_wait_for run-pipe.first 'QEMU Virtio Keyboard' 100
vm_ready pipe
status=$(wait_status run-pipe.status)
vm_check run-json-pipe "status $status, standard error: $(cat run-pipe.err); first line: $(cat run-pipe.first)" \
    [ "$status" = 0 -a ! -s run-pipe.err ]
vm_finish
