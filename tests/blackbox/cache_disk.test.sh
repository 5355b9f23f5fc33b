#!/usr/bin/env bash
# front: nginx-only it fills the disk of the shipped nginx site's micro-cache; run once
# The micro-cache's disk full: the site keeps answering from the responder
# (nginx writes an answer to its temporary path first and copies it into the
# cache only once the client has it: use_temp_path=on in
# conf/nginx/perfil.conf), and caches again once there is room.
#
# Runs a private stack whose cache directory is a 512 KiB tmpfs (mounted here,
# as root), then filled to the last byte.
. "$(dirname "$0")/lib.sh"
. "$STACK_ROOT/tests/lib/stack.sh"

STACK_CACHE=1
mnt=
# nginx keeps files open on the tmpfs: stop it first, then unmount (a
# failure is reported, not silenced), then the rest of the stack (whose
# stack_stop unmounts whatever is still mounted under its directory before
# removing it, and never crosses into a mount).
cleanup() {
	stack_stop_nginx
	if [[ -n $mnt ]] && findmnt -rn "$mnt" >/dev/null && ! umount "$mnt"; then
		echo "cache_disk: umount $mnt failed" >&2
	fi
	stack_stop
	_bb_finish
}
trap cleanup EXIT
bb_private_stack 750 'with a small cache disk'

t 'the cache directory is writable by nginx user alone (mode 0700)'
owner=$(stat -c %U "$STACK_DIR/cache")
expect_equal 'mode' 700 "$(stat -c %a "$STACK_DIR/cache")"
nginx_user=$(ps -o user= -p "$(pgrep -P "$STACK_NGINX_PID" | head -n 1)" 2>/dev/null)
expect_equal "owner (nginx's workers run as ${nginx_user:-?})" "${nginx_user:-?}" "$owner"

t 'the cache directory is a 512 KiB tmpfs of nginx user alone, filled up'
if mount -t tmpfs -o "size=512k,mode=0700,uid=$(id -u "$owner"),gid=$(id -g "$owner")" \
	tmpfs "$STACK_DIR/cache" 2>"$BB_TMP/mount.err"; then
	mnt=$STACK_DIR/cache
	_bb_pass
else
	_bb_fail 'a tmpfs mounted on the cache directory (needs root)' \
		"$(cat "$BB_TMP/mount.err")"
	exit 1
fi
urls=(/api/v1/profile '/api/v1/projects?lang=en' / /en/cv /llms.txt /openapi.json)
declare -A want
for u in "${urls[@]}"; do # the lengths while there is room
	want[$u]=$(curl -s "$BASE$u" -o /dev/null -w '%{size_download}')
done
bb_next_second # past the entries just made (they live to the end of the second)
dd if=/dev/zero of="$mnt/fill" bs=4k 2>/dev/null
expect_equal 'free KiB on the cache disk' 0 "$(df -k --output=avail "$mnt" | tail -n 1 | tr -d ' ')"

t 'with the cache disk full every answer is still whole: 200 and its full length'
for u in "${urls[@]}"; do
	for round in 1 2; do
		req GET "$u"
		expect_status 200
		expect_equal "$u length (round $round)" "${want[$u]}" \
			"$(wc -c <"$RESP_DIR/body" | tr -d ' ')"
	done
done
req GET /api/v1/profile
expect_json_true '.data.name | type == "string"'

t 'once there is room again, the cache keeps answers again (a HIT)'
rm -f "$mnt/fill"
req_repeat /api/v1/about
expect_status 200
expect_header x-cache-status HIT
