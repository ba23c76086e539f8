#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# cyclic-idle: cyclictest on an otherwise idle guest, twice with a pause
# between.  The scenario of Documentation/stability.rst under which an unfixed static
# PREEMPT_NONE 7.3 kernel never came back; a boot-stability check.
#
# Knobs (vp.env): DURATION=3 (seconds per cyclictest), and those of lib.sh
set -e
. /vp/lib.sh
knobs DURATION=3

cyclictest -m -q -p95 -i"$INTERVAL_US" -t1 -a"$CPU" -h"$HIST_US" -D"$DURATION" \
	--json=$OUT/cyclictest-1.json >$OUT/cyclictest-1.txt
sleep 2
lat_start
sleep "$DURATION"
lat_stop
grep -E 'hres_active|cpu:' /proc/timer_list >$OUT/timer_list.txt || true
grep -E 'LOC|RES|CAL' /proc/interrupts >$OUT/interrupts.txt || true
