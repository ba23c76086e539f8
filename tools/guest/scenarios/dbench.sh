#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# dbench: CLIENTS dbench clients on ext4 for DURATION seconds (the
# file-server load of the 2004 reports), cyclictest on CPU (lib.sh) beside
# it.  load.json:
# dbench's throughput (mb_per_s, higher is better) and its own max latency.
#
# Knobs (vp.env): CLIENTS=4 DURATION=10, and those of lib.sh
set -e
. /vp/lib.sh
knobs CLIENTS=4 DURATION=10

fs_mount ext4
lat_start
timed usecs dbench -D /mnt -t "$DURATION" "$CLIENTS" >$OUT/dbench.txt 2>&1
lat_stop
tail -5 $OUT/dbench.txt
mbs=$(sed -n 's/^Throughput \([0-9.]*\) MB\/sec.*/\1/p' $OUT/dbench.txt)
maxlat=$(sed -n 's/.*max_latency=\([0-9.]*\) ms.*/\1/p' $OUT/dbench.txt)
[ -n "$mbs" ] || { echo "no throughput line in dbench's output"; exit 1; }
load_json dbench usecs=$usecs mb_per_s="$mbs" dbench_max_latency_ms="${maxlat:-null}"
fs_finish
