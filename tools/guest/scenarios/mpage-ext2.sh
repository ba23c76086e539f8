#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mpage-ext2: scheduling latency while large and many small files are
# written, fsynced, dropped from the page cache and read back.  With FS=vfat
# (mpage-vfat) the data goes through fs/mpage.c: fat_writepages() ->
# mpage_writepages(), fat_readahead() -> mpage_readahead().  With the
# default FS=ext2 the format is ext2 but the slim guest kernel mounts it
# with the ext4 driver (CONFIG_EXT4_USE_FOR_EXT2), whose writeback and
# readahead are ext4's own copies of the mpage code (ext4_writepages(),
# ext4_mpage_readpages()), the buffer-head paths of a no-journal
# filesystem.
#
# Knobs (vp.env): FS=ext2 SIZE_MB=256 FILES=2000 FILE_SIZE=32768, and those
# of lib.sh
set -e
. /vp/lib.sh
knobs FS=ext2 SIZE_MB=256 FILES=2000 FILE_SIZE=32768

fs_mount "$FS"
mkdir /mnt/small
lat_start
t0=$(now_us)
vp-fsload --cpu=$CPU --json=$OUT/write-big.json --size=$SIZE_MB fill /mnt/big
t1=$(now_us)
vp-fsload --cpu=$CPU --json=$OUT/write-small.json --files=$FILES --file-size=$FILE_SIZE mkfiles /mnt/small
t2=$(now_us)
vp-fsload --cpu=$CPU --json=$OUT/read-big.json read /mnt/big
t3=$(now_us)
echo 3 >/proc/sys/vm/drop_caches
taskset -c "$CPU" cat /mnt/small/*/* >/dev/null
t4=$(now_us)
lat_stop
load_json "mpage-$FS" usecs=$((t4 - t0)) write_big_us=$((t1 - t0)) write_small_us=$((t2 - t1)) \
	read_big_us=$((t3 - t2)) read_small_us=$((t4 - t3)) \
	mb_per_s=$((SIZE_MB * 2 * 1000000 / (t1 - t0 + t3 - t2)))
fs_finish
