#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ctxswitch: two processes on one CPU passing a token through a pipe
# (stress-ng --switch), OPS context switches in all, pinned to CPU with
# cyclictest (lib.sh), which competes with the ping-pong.
#
# load.json: switches_per_s (higher is better), ns_per_switch, and the
# wall time with stress-ng's start-up (usecs).
#
# Knobs (vp.env): OPS=50000, and those of lib.sh
set -e
. /vp/lib.sh
knobs OPS=50000

lat_start
t0=$(date +%s%N)
stress-ng --switch 1 --switch-ops "$OPS" --taskset "$CPU" --metrics-brief >$OUT/stress-ng.txt 2>&1
t1=$(date +%s%N)
lat_stop
cat $OUT/stress-ng.txt
# stress-ng's own figures, without its start-up: the "switch" metrics line
# (bogo ops/s in real time: switches per second) and the nanoseconds per
# context switch it derives.
rate=$(awk '$4 == "switch" && $5 ~ /^[0-9]+$/ {print $9}' $OUT/stress-ng.txt)
ns=$(awk '/nanosecs per context switch/ {print $5}' $OUT/stress-ng.txt)
[ -n "$rate" ] || { echo "no switch metrics in stress-ng's output"; exit 1; }
load_json ctxswitch usecs=$(( (t1 - t0) / 1000 )) switches_per_s="$rate" ns_per_switch="${ns:-null}"
