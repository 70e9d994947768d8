#!/bin/sh
# `wayfinder record` of injected keys, with and without --show-keycodes.
. /vm/lib.sh

keyboard=$(vm_wait_node "QEMU Virtio Keyboard")
wayfinder record --format evemu -o hidden.evemu "$keyboard" 2>hidden.err &
hidden_pid=$!
wayfinder record --format evemu --show-keycodes -o shown.evemu "$keyboard" 2>shown.err &
shown_pid=$!
# The recorders write the file when they stop; they are reading once they say how to stop them.
vm_wait_for hidden.err 'Ctrl-C' && vm_wait_for shown.err 'Ctrl-C'
vm_ready keys
usleep 300000
kill -TERM "$hidden_pid" "$shown_pid"
wait "$hidden_pid"
hidden_status=$?
wait "$shown_pid"
shown_status=$?
cat hidden.err shown.err
vm_check sigterm-exit "both recorders exit 0 on SIGTERM (got $hidden_status, $shown_status)" \
    [ "$hidden_status" = 0 ] && [ "$shown_status" = 0 ]
grep '^E:' shown.evemu
grep '^E:' hidden.evemu
# h e l l o: KEY_H 0x23, KEY_E 0x12, KEY_L 0x26, KEY_O 0x18, each pressed and released.
vm_expect_events show-keycodes shown.evemu "0001 0023 1
0001 0023 0
0001 0012 1
0001 0012 0
0001 0026 1
0001 0026 0
0001 0026 1
0001 0026 0
0001 0018 1
0001 0018 0"
# Obfuscated by libinput record's rule: letters (inside KEY_1...KEY_SPACE) become KEY_A (0x1e);
# the timing and the number of presses stay.
typed=$(vm_events hidden.evemu | grep -cE '^0001 (0023|0012|0026|0018) ')
vm_check no-typed-codes "no typed key code in the default recording ($typed found)" [ "$typed" = 0 ]
vm_expect_events obfuscated hidden.evemu "0001 001e 1
0001 001e 0
0001 001e 1
0001 001e 0
0001 001e 1
0001 001e 0
0001 001e 1
0001 001e 0
0001 001e 1
0001 001e 0"
vm_send_file hidden.evemu hidden.evemu
vm_send_file shown.evemu shown.evemu
vm_finish
