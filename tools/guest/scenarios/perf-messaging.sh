#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# perf-messaging: 'perf bench sched messaging' (GROUPS groups of 20 sender
# and 20 receiver processes over sockets, LOOPS messages each), the load
# the lazy preemption discussion compared its builds on, then 'perf bench
# sched pipe' (two processes ping-ponging over a pipe, PIPE_LOOPS times),
# with cyclictest on CPU (lib.sh) beside them.  perf.txt has both
# outputs; load.json has messaging's total time (usecs, lower is better)
# and pipe's operations per second (pipe_ops_per_s).
#
# Knobs (vp.env): GROUPS=4 LOOPS=100 PIPE_LOOPS=100000, and those of lib.sh
set -e
. /vp/lib.sh
knobs GROUPS=4 LOOPS=100 PIPE_LOOPS=100000

lat_start
perf bench sched messaging -g "$GROUPS" -l "$LOOPS" >$OUT/perf.txt 2>&1
perf bench sched pipe -l "$PIPE_LOOPS" >>$OUT/perf.txt 2>&1
lat_stop
cat $OUT/perf.txt
# both print "Total time: S [sec]"; pipe then "N ops/sec"
msg_s=$(sed -n 's/^ *Total time: *\([0-9.]*\) \[sec\]/\1/p' $OUT/perf.txt | sed -n 1p)
ops=$(sed -n 's/^ *\([0-9]*\) ops\/sec.*/\1/p' $OUT/perf.txt | head -1)
[ -n "$msg_s" ] && [ -n "$ops" ] || { echo "no 'Total time' or 'ops/sec' in perf's output"; exit 1; }
load_json perf-bench usecs="$(awk -v s="$msg_s" 'BEGIN { printf "%d", s * 1e6 }')" \
	messaging_s="$msg_s" pipe_ops_per_s="$ops"
