#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# readahead-stress: readahead's bookkeeping under eviction, for the debug
# kernel (DEBUG_VM).  Readers stream two files in large readahead windows
# while other tasks keep the CPUs busy (so that a reschedule is often due in
# the middle of a window) and evict the files' pages underneath them:
#   - a squashfs image on a loop device: squashfs's ->readahead expands the
#     request to its block (readahead_expand()), which is what the readahead
#     point must resume after;
#   - a file on ext4, whose regular files have large folios when the kernel
#     has transparent huge pages: its readahead goes through
#     page_cache_ra_order();
# and every DROP_MS one task drops the page cache while another discards
# both files' pages (posix_fadvise(POSIX_FADV_DONTNEED), dd iflag=nocache),
# and random 4 KiB reads leave cached pages inside later windows.  Two
# readers stream each file, so that two readaheads race to add one folio.
# Every full read is checked against the file's sha256.  A readahead that
# lost its place gives a VM_BUG_ON or a wrong page (a checksum differs), or
# leaves a folio locked: the reader never returns, and the scenario fails
# after WAIT_S with the stuck tasks' stacks.
#
# Knobs (vp.env): DURATION=60 SIZE_MB=48 RA_KB=16384 DROP_MS=200 WAIT_S=120
# BLOCK_KB=128 (the squashfs block), and those of lib.sh
set -e
. /vp/lib.sh
knobs DURATION=60 SIZE_MB=48 RA_KB=16384 DROP_MS=200 WAIT_S=120 BLOCK_KB=128

fs_mount ext4
mkdir -p /tmp/sq-src /mnt/sq
# random data: squashfs keeps its blocks as they are (still expanded to a
# block on readahead); the small files make fragments
dd if=/dev/urandom of=/tmp/sq-src/big bs=1M count="$SIZE_MB" status=none
i=0
while [ $i -lt 64 ]; do
	head -c $((i * 1000 + 1)) /dev/urandom >/tmp/sq-src/small-$i
	i=$((i + 1))
done
mksquashfs /tmp/sq-src /mnt/image.sqfs -b $((BLOCK_KB * 1024)) -noappend -quiet >/dev/null
cp /tmp/sq-src/big /mnt/big
rm -rf /tmp/sq-src
sync
mount -t squashfs -o loop,ro /mnt/image.sqfs /mnt/sq
loopdev=$(awk '$2 == "/mnt/sq" {print $1}' /proc/mounts)
blockdev --setra $((RA_KB * 2)) "$loopdev" /dev/vdb
sum=$(sha256sum </mnt/big | cut -d' ' -f1)
echo "squashfs on $loopdev (block ${BLOCK_KB} KiB), readahead ${RA_KB} KiB; big: $sum"

stop=/tmp/ra-stop
rm -f $stop
# reader FILE LOG: read FILE whole, again and again, checking its sum
reader() {
	n=0 bad=0
	while [ ! -e $stop ]; do
		s=$(sha256sum <"$1" | cut -d' ' -f1)
		n=$((n + 1))
		[ "$s" = "$sum" ] || { bad=$((bad + 1)); echo "$1: read $n: sha256 $s" >&2; }
	done
	echo "$n $bad" >"$2"
}
# poker FILE: random 4 KiB reads, so that later windows find cached pages
poker() {
	blocks=$((SIZE_MB * 256))
	while [ ! -e $stop ]; do
		dd if="$1" of=/dev/null bs=4k count=1 skip=$(( $(od -An -N4 -tu4 /dev/urandom) % blocks )) status=none
	done
}
# evict: counts its rounds, so that an eviction that stopped early (a
# failed command ends the subshell under set -e) fails the scenario
evict() {
	n=0
	while [ ! -e $stop ]; do
		echo 1 >/proc/sys/vm/drop_caches
		sleep "$(awk "BEGIN {print $DROP_MS / 1000}")"
		dd if=/mnt/sq/big iflag=nocache count=0 status=none
		dd if=/mnt/big iflag=nocache count=0 status=none
		n=$((n + 1))
	done
	echo $n >/tmp/ra-evict.n
}
spin() {
	while [ ! -e $stop ]; do :; done
}

t0=$(now_us)
reader /mnt/sq/big /tmp/ra-sq.n & p1=$!
reader /mnt/big /tmp/ra-ext4.n & p2=$!
# a second reader of each file: two readaheads of one range race to add
# the same folio (the -EEXIST branch of the readahead loop)
reader /mnt/sq/big /tmp/ra-sq2.n & p8=$!
reader /mnt/big /tmp/ra-ext42.n & p9=$!
poker /mnt/sq/big & p3=$!
poker /mnt/big & p4=$!
evict & p5=$!
spin & p6=$!
spin & p7=$!
sleep "$DURATION"
touch $stop
# every task must come back: a folio left locked keeps its reader waiting
deadline=$(($(date +%s) + WAIT_S))
for p in $p1 $p2 $p3 $p4 $p5 $p6 $p7 $p8 $p9; do
	while kill -0 $p 2>/dev/null && [ "$(date +%s)" -lt $deadline ]; do sleep 1; done
done
stuck=
for p in $p1 $p2 $p3 $p4 $p5 $p6 $p7 $p8 $p9; do
	kill -0 $p 2>/dev/null || continue
	stuck="$stuck $p"
	for t in /proc/$p/task/*; do
		echo "stuck $t: $(cat $t/comm) $(cat $t/wchan 2>/dev/null)"
		cat $t/stack 2>/dev/null
	done
done
if [ -n "$stuck" ]; then
	echo w >/proc/sysrq-trigger
	echo "readahead-stress: tasks still running ${WAIT_S} s after the stop:$stuck"
	exit 1
fi
t1=$(now_us)
read n_sq bad_sq </tmp/ra-sq.n
read n_ext4 bad_ext4 </tmp/ra-ext4.n
read n bad </tmp/ra-sq2.n
n_sq=$((n_sq + n)) bad_sq=$((bad_sq + bad))
read n bad </tmp/ra-ext42.n
n_ext4=$((n_ext4 + n)) bad_ext4=$((bad_ext4 + bad))
evictions=$(cat /tmp/ra-evict.n 2>/dev/null || echo 0)
echo "squashfs: $n_sq reads, $bad_sq bad; ext4: $n_ext4 reads, $bad_ext4 bad; $evictions evictions"
load_json readahead-stress usecs=$((t1 - t0)) reads_squashfs=$n_sq bad_squashfs=$bad_sq \
	reads_ext4=$n_ext4 bad_ext4=$bad_ext4 evictions=$evictions
umount /mnt/sq
rm /mnt/image.sqfs /mnt/big
fs_finish
[ "$bad_sq" = 0 ] && [ "$bad_ext4" = 0 ] && [ "$n_sq" -gt 0 ] && [ "$n_ext4" -gt 0 ] && [ "$evictions" -gt 0 ]
