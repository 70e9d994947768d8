#!/bin/sh
# Overrun: the reader is stopped while 400 key events (800 with SYN_REPORTs) arrive, more than the
# evdev client buffer holds; after SIGCONT the recording must reflect the real key state, including
# the release of X, which happened while the reader was stopped.
. /vm/lib.sh

keyboard=$(vm_wait_node "QEMU Virtio Keyboard")
wayfinder record --format evemu --show-keycodes -o flood.evemu "$keyboard" 2>flood.err &
pid=$!
vm_wait_for flood.err 'Ctrl-C'
# X goes down while the recorder reads; its release comes only during the flood.
vm_ready hold
usleep 300000
kill -STOP "$pid"
vm_ready flood
# Shift is held now; the reader wakes up to a SYN_DROPPED.
kill -CONT "$pid"
usleep 300000
vm_ready release
usleep 300000
kill -TERM "$pid"
wait "$pid"
status=$?
cat flood.err
vm_check sigterm-exit "the recorder exits 0 on SIGTERM (got $status)" [ "$status" = 0 ]
# Standard error: the start, one warning for the drop, and the summary (its counts vary).
dropped="Warning: $keyboard: the kernel dropped events (SYN_DROPPED), so the recording misses some input"
vm_check dropped-said-once "standard error: $(tr '\n' ' ' <flood.err)" \
    [ "$(head -n 3 flood.err)" = "Recording $keyboard: QEMU Virtio Keyboard
Press Ctrl-C to stop.
$dropped" -a "$(wc -l <flood.err)" = 4 -a "$(sed -n 4p flood.err | cut -c1-6)" = "Wrote " ]
vm_send_file flood.evemu flood.evemu
vm_finish
