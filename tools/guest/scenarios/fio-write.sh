#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fio-write: JOBS streams of buffered sequential writes to separate files
# on ext4, SIZE_MB each, ended by fsync (the streaming-writeback case of
# the 2003/2004 reports), cyclictest on CPU (lib.sh) beside it.  load.json:
# the aggregate bandwidth (mb_per_s, higher is better) and the megabytes
# written (mb_written, the profiler's unit of work).
#
# Knobs (vp.env): JOBS=4 SIZE_MB=64, and those of lib.sh
set -e
. /vp/lib.sh
knobs JOBS=4 SIZE_MB=64

fs_mount ext4
lat_start
timed usecs fio --name=seqwrite --directory=/mnt --rw=write --bs=1M --size="${SIZE_MB}M" \
	--numjobs="$JOBS" --end_fsync=1 --group_reporting --output-format=terse \
	--terse-version=3 >$OUT/fio.txt
lat_stop
cat $OUT/fio.txt
# terse v3: field 48 is the write bandwidth in KiB/s
kbs=$(awk -F';' '{print $48}' $OUT/fio.txt)
[ -n "$kbs" ] || { echo "no bandwidth in fio's output"; exit 1; }
load_json fio-write usecs=$usecs mb_per_s=$((kbs / 1024)) mb_written=$((JOBS * SIZE_MB))
fs_finish
