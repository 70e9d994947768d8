#!/bin/sh
# Permission denied on real event nodes (root:root 0600 here, as devtmpfs creates them without
# udev): `wayfinder devices` as an unprivileged user.
. /vm/lib.sh

ls -l /dev/input/
# nobody (uid 65534) may not open the nodes.
as_nobody() { su -s /bin/sh nobody -c "$*"; }
as_nobody 'wayfinder devices' >text.out 2>text.err
text_status=$?
as_nobody 'wayfinder devices --json' >json.out 2>json.err
json_status=$?
for file in text.out text.err json.out json.err; do
    echo "--- $file"
    cat "$file"
done
vm_check text-exit "exit status 0 when no device may be opened (got $text_status)" [ "$text_status" = 0 ]
vm_check text-says-why "the text output says permission denied" grep -qi 'permission denied' text.out
vm_check text-names-nodes "the text output names both nodes" \
    sh -c 'for node in /dev/input/event*; do grep -q "$node" text.out || exit 1; done'
vm_check json-exit "exit status 0 with --json (got $json_status)" [ "$json_status" = 0 ]
vm_check json-advice-on-stderr "with --json the advice goes to standard error" grep -qi 'permission denied' json.err
vm_send_file json.out json.out
# Root may open them: two devices, no error.
wayfinder devices --json >root.json 2>root.err
echo $? >root.status
cat root.json root.err
vm_check root-lists-two "root lists 2 devices" [ "$(grep -c '"kind"' root.json)" = 2 ]
vm_finish
