#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# calibrate: the lane's floor, as a load of its own.  lib.sh's calibration
# phase (two threads of pure user-space work on CPU, 200 ms between 1 ms
# sleeps, started a second before cyclictest so that their exec and
# start-up are not measured) for DURATION seconds, between the usual
# phases before and after.
# No preemption model delays cyclictest behind user-space code: every one
# preempts it when the timer interrupt returns to user space.  So the
# worst latency here is what the platform adds (the emulator, the host),
# and every kernel of a bench run should show the same few microseconds;
# the report's calibration table is made from these runs.  With TRACE
# ('make hotspots'), the latency tracer watches the main phase.
#
# Knobs (vp.env): DURATION=10, and those of lib.sh
set -e
. /vp/lib.sh
knobs DURATION=10

calibrate pre
trace_on
CALIB_S=$DURATION calibrate main
trace_off
calibrate post
# the main phase is this scenario's latency figure
cp $OUT/calib-main.json $OUT/cyclictest.json
cp $OUT/calib-main.txt $OUT/cyclictest.txt
