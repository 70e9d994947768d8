#!/bin/sh
# The udev rule that grants the 'wayfinder' group read access to event nodes, applied by udevd.
. /vm/lib.sh

as_nobody() { su -s /bin/sh nobody -c "$*"; }
keyboard=$(vm_wait_node "QEMU Virtio Keyboard")
# The base permissions: owner and group, and the owner, owning group and other entries. (With an ACL,
# `ls -l` shows the ACL mask in the group bits, so the mode bits alone would seem to change.)
permissions() {
    echo "$(stat -c '%U %G' "$1") $(getfacl -c "$1" 2>/dev/null | grep -E '^(user|group|other)::' | tr '\n' ' ')"
}
mode_before=$(permissions "$keyboard")
as_nobody 'wayfinder devices --json' >before.json 2>before.err
vm_check denied-before "nobody, not yet in the group, may not open the nodes" grep -qi 'permission denied' before.err

# Make nobody a member and let udev run the rule again for every input device.
echo "wayfinder:x:990:nobody" >>/etc/group
udevadm trigger --action=change --subsystem-match=input
udevadm settle --timeout=10
getfacl "$keyboard" 2>&1
vm_check acl-entry "the node carries group:wayfinder:r--" sh -c "getfacl '$keyboard' 2>/dev/null | grep -q '^group:wayfinder:r--'"
mode_after=$(permissions "$keyboard")
vm_check mode-kept "owner, group and base entries unchanged ($mode_before -> $mode_after)" [ "$mode_before" = "$mode_after" ]
vm_check not-world-readable "no access for others" sh -c "[ \"\$(stat -c '%A' '$keyboard' | cut -c8-10)\" = '---' ]"

as_nobody 'wayfinder devices --json' >after.json 2>after.err
cat after.json after.err
vm_check member-lists-devices "a member lists both devices with their kinds" \
    sh -c 'grep -q "\"kind\":\"keyboard\"" after.json && grep -q "\"kind\":\"mouse\"" after.json && ! grep -q "\"error\"" after.json'
# Read only: a member cannot inject input.
if as_nobody "evemu-event $keyboard --type EV_KEY --code KEY_A --value 1 --sync" 2>inject.err; then
    vm_fail read-only "a member could write events to $keyboard"
else
    vm_pass read-only "writing events is refused: $(head -n 1 inject.err)"
fi

# The seat rule: event nodes carry the uaccess tag that logind's 73-seat-late.rules turns into an
# ACL entry for the active session's user (the guest runs no logind, so the tag is what shows).
udevadm info --query=property --name="$keyboard" | grep -E '^(CURRENT_)?TAGS='
vm_check uaccess-tag "the seat rule tags $keyboard uaccess" \
    sh -c "udevadm info --query=property --name='$keyboard' | grep -qE '^TAGS=(.*:)?uaccess:'"
input_parent=$(udevadm info --query=path --name="$keyboard" | sed 's|/event[0-9]*$||')
vm_check uaccess-events-only "the input device above the node ($input_parent) is not tagged" \
    sh -c "! udevadm info --query=property --path='$input_parent' | grep -qE '^TAGS=(.*:)?uaccess:'"
vm_finish
