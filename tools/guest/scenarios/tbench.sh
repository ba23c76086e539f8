#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# tbench: dbench's network twin (tbench_srv and CLIENTS tbench clients over
# loopback for DURATION seconds), the throughput load of the lazy
# preemption discussion, with cyclictest on CPU (lib.sh) beside it.
# load.json: tbench's throughput (mb_per_s, higher is better).
#
# Knobs (vp.env): CLIENTS=4 DURATION=10, and those of lib.sh
set -e
. /vp/lib.sh
knobs CLIENTS=4 DURATION=10

ip link set lo up
tbench_srv >$OUT/tbench_srv.txt 2>&1 &
srv=$!
sleep 1
lat_start
timed usecs tbench -t "$DURATION" "$CLIENTS" 127.0.0.1 >$OUT/tbench.txt 2>&1
lat_stop
kill $srv
wait $srv 2>/dev/null || :
tail -3 $OUT/tbench.txt
mbs=$(sed -n 's/^Throughput \([0-9.]*\) MB\/sec.*/\1/p' $OUT/tbench.txt)
[ -n "$mbs" ] || { echo "no throughput line in tbench's output"; exit 1; }
load_json tbench usecs=$usecs mb_per_s="$mbs"
