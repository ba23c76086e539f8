#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ext3-dirty: scheduling latency while dirty page cache is written back, in
# the three ways a server makes it, on the ext3 on-disk format (mounted by
# ext4, as every 7.3 kernel does) or, with FS=ext4, the bench's ext4:
#   MODE=dd     one file of SIZE_MB written with no fsync: larger than the
#               guest's dirty limits, so the writer is throttled in
#               balance_dirty_pages() while the flusher writes back behind it
#   MODE=fsync  one file of SIZE_MB written and fsynced (a database's
#               checkpoint, a large download)
#   MODE=sync   FILES files of FILE_SIZE bytes created, then syncfs: the
#               writeback of many small dirty files and their inodes
# cyclictest on CPU (lib.sh) beside it, the writer pinned to CPU.
# load.json: vp-fsload's figures (MB/s for dd and fsync, files/s for sync).
#
# Knobs (vp.env): MODE=dd SIZE_MB=600 FILES=4000 FILE_SIZE=65536 FS=ext3,
# MOUNT_OPTS (data=journal ...), MKFS_OPTS (-b1024: the 2004 ext3 layout),
# NR_REQUESTS and MAX_SECTORS_KB (the scratch disk's request queue: how
# many requests, of what size, a completion interrupt can end at once;
# empty: the kernel's defaults), and those of lib.sh
set -e
. /vp/lib.sh
knobs MODE=dd SIZE_MB=600 FILES=4000 FILE_SIZE=65536 FS=ext3 NR_REQUESTS= MAX_SECTORS_KB=

case $MODE in
dd | fsync | sync) ;;
*) echo "ext3-dirty: unknown MODE '$MODE' (dd fsync sync)"; exit 2 ;;
esac
case $FS in
ext3 | ext4) ;;
*) echo "ext3-dirty: unknown FS '$FS' (ext3 ext4)"; exit 2 ;;
esac
q=/sys/block/vdb/queue
[ -z "$NR_REQUESTS" ] || echo "$NR_REQUESTS" >$q/nr_requests
[ -z "$MAX_SECTORS_KB" ] || echo "$MAX_SECTORS_KB" >$q/max_sectors_kb
echo "nr_requests $(cat $q/nr_requests) max_sectors_kb $(cat $q/max_sectors_kb)" >$OUT/queue.txt
fs_mount "$FS" "${MOUNT_OPTS:-}"
cat /proc/sys/vm/dirty_ratio /proc/sys/vm/dirty_background_ratio >$OUT/dirty-ratios.txt

lat_start
case $MODE in
dd) vp-fsload --cpu="$CPU" --json=$OUT/load.json --no-fsync --size="$SIZE_MB" fill /mnt/big ;;
fsync) vp-fsload --cpu="$CPU" --json=$OUT/load.json --size="$SIZE_MB" fill /mnt/big ;;
sync) mkdir /mnt/many
	vp-fsload --cpu="$CPU" --json=$OUT/load.json --files="$FILES" --file-size="$FILE_SIZE" mkfiles /mnt/many ;;
esac
lat_stop
fs_finish
