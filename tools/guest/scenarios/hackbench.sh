#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# hackbench: rt-tests' hackbench (GROUPS groups of 20 processes exchanging
# LOOPS messages of DATA bytes over sockets) as the load, cyclictest on CPU
# (lib.sh) beside it.  The scheduler-throughput figure of the 2004 and 2007
# preemption debates: load.json has its wall time in microseconds (usecs,
# guest clock; lower is better).
#
# Knobs (vp.env): GROUPS=4 LOOPS=100 DATA=100, and those of lib.sh
set -e
. /vp/lib.sh
knobs GROUPS=4 LOOPS=100 DATA=100

lat_start
t0=$(date +%s%N)
hackbench -g "$GROUPS" -l "$LOOPS" -s "$DATA" >$OUT/hackbench.txt
t1=$(date +%s%N)
lat_stop
cat $OUT/hackbench.txt
secs=$(sed -n 's/^Time: *//p' $OUT/hackbench.txt)
cat >$OUT/load.json <<EOT
{"load": "hackbench", "args": {"groups": $GROUPS, "loops": $LOOPS, "data": $DATA},
 "results": {"usecs": $(( (t1 - t0) / 1000 )), "hackbench_time_s": ${secs:-null}}}
EOT
