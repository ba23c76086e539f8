#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# futex-wake: 'perf bench futex wake', THREADS threads blocked on one
# private futex and woken NWAKES at a time (default: all of them in one
# FUTEX_WAKE, a broadcast), ten rounds, with cyclictest on CPU (lib.sh)
# beside it.  What it measures is the waker's side of a broadcast: how
# long the FUTEX_WAKE calls of a round take until every thread is woken.
# perf.txt has perf's output; load.json the mean time of a round in
# microseconds (wake_us, lower is better; the report's figure is
# broadcasts/s, 1e6 / wake_us), its spread in percent, and the wall time
# of the whole run (usecs, thread start-up included).
#
# Knobs (vp.env): THREADS=800 NWAKES=THREADS, and those of lib.sh
set -e
. /vp/lib.sh
knobs THREADS=800
knobs NWAKES="$THREADS"

lat_start
timed usecs perf bench futex wake -t "$THREADS" -w "$NWAKES" >$OUT/perf.txt 2>&1
lat_stop
tail -1 $OUT/perf.txt
# the summary: "Wokeup N of N threads in X ms (+-Y%)"
line=$(grep '^Wokeup' $OUT/perf.txt | tail -1)
ms=$(echo "$line" | sed -n 's/.* in \([0-9.]*\) ms.*/\1/p')
sd=$(echo "$line" | sed -n 's/.*(+-\([0-9.]*\)%).*/\1/p')
[ -n "$ms" ] && [ -n "$sd" ] || { echo "no 'Wokeup ... ms (+-...%)' summary in perf's output"; exit 1; }
load_json perf-futex-wake usecs=$usecs wake_us="$(awk -v m="$ms" 'BEGIN { printf "%.1f", m * 1000 }')" \
	stddev_pct="$sd" threads="$THREADS" nwakes="$NWAKES"
