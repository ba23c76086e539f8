#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# many-threads: the "many threads" test of the 2007 CFS reports as the
# load, cyclictest on CPU (lib.sh) beside it.  vp-threads runs once per
# thread count of THREADS_SWEEP, in order: that many threads, started
# together, each looping WORK_US of CPU work and a SLEEP_MS sleep for
# DURATION seconds.  threads.json (and threads.txt) has per thread count
# the loops/s, its efficiency against the ideal, the spread of loops over
# the threads and the sleepers' wakeup lateness.  load.json has the wall
# time of the whole sweep in microseconds (usecs, guest clock) and
# loops_per_s_at_max, the loops/s at the largest thread count (higher is
# better).
#
# vp.env separates its K=V pairs with ',', so give THREADS_SWEEP there with
# ':' (THREADS_SWEEP=50:200:800); ',' works where it is set otherwise.
#
# Knobs (vp.env): THREADS_SWEEP=50,100,200,400,800 WORK_US=100 SLEEP_MS=10
# DURATION=3, and those of lib.sh
set -e
. /vp/lib.sh
knobs THREADS_SWEEP=50,100,200,400,800 WORK_US=100 SLEEP_MS=10 DURATION=3
sweep=$(echo "$THREADS_SWEEP" | tr : ,)

lat_start
t0=$(date +%s%N)
vp-threads --sweep="$sweep" --work-us="$WORK_US" --sleep-ms="$SLEEP_MS" \
	--duration="$DURATION" --json=$OUT/threads.json >$OUT/threads.txt
t1=$(date +%s%N)
lat_stop
cat $OUT/threads.txt
# No jq in the guest: loops_per_s of the largest thread count from the text
# lines "threads=N  ...  loops_per_s=X  ...".
at_max=$(awk '!/^#/ {
	t = l = ""
	for (i = 1; i <= NF; i++) {
		split($i, kv, "=")
		if (kv[1] == "threads") t = kv[2]
		if (kv[1] == "loops_per_s") l = kv[2]
	}
	if (t != "" && l != "" && t + 0 > max) { max = t + 0; best = l }
} END { print (best == "" ? "null" : best) }' $OUT/threads.txt)
cat >$OUT/load.json <<EOT
{"load": "vp-threads", "args": {"threads": [$sweep], "work_us": $WORK_US, "sleep_ms": $SLEEP_MS, "duration_s": $DURATION},
 "results": {"usecs": $(( (t1 - t0) / 1000 )), "loops_per_s_at_max": $at_max}}
EOT
