#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# pcp-decay: the decay of a CPU's per-cpu page list (decay_pcp_high()),
# which the vmstat worker runs once a second, made to happen on demand.
# ROUNDS times, on CPU: dd reads SIZE_MB of zeros into one buffer and
# exits (the allocations raise the list's high mark towards its maximum,
# the frees fill the list up to it), then REFRESHES writes to
# /proc/sys/vm/stat_refresh, each of which runs refresh_cpu_vm_stats() on
# every CPU: pcp->high drops by an eighth and the pages above it go back
# to the buddy allocator, a batch at a time.  cyclictest on CPU wakes every
# INTERVAL_US (50 here: shorter than a decay), so it wakes inside the
# decays; without preemption it waits for the rest of one unless a point
# lets it in.
#
# load.json: rounds, refreshes (writes to stat_refresh in all), and
# high_before/high_after: CPU's pcp high mark in the zone with the most,
# from /proc/zoneinfo, after the first burst and after the last refresh
# (the decays ran when the second is lower).
#
# Knobs (vp.env): ROUNDS=5 SIZE_MB=256 REFRESHES=8 INTERVAL_US=50, and
# those of lib.sh
set -e
INTERVAL_US=${INTERVAL_US:-50}
. /vp/lib.sh
knobs ROUNDS=5 SIZE_MB=256 REFRESHES=8

# pcp_high: the highest "high:" of CPU's pagesets in /proc/zoneinfo
pcp_high() {
	awk -v cpu="$CPU" '$1 == "cpu:" { c = $2 } c == cpu && $1 == "high:" && $2 > m { m = $2 }
		END { print m + 0 }' /proc/zoneinfo
}

lat_start
for r in $(seq 1 "$ROUNDS"); do
	taskset -c "$CPU" dd if=/dev/zero of=/dev/null bs=${SIZE_MB}M count=1 status=none
	[ "$r" != 1 ] || high_before=$(pcp_high)
	for _ in $(seq 1 "$REFRESHES"); do
		taskset -c "$CPU" sh -c 'echo 1 >/proc/sys/vm/stat_refresh'
	done
done
high_after=$(pcp_high)
lat_stop
echo "pcp high on CPU $CPU: $high_before after the first burst, $high_after after the last refresh"
load_json pcp-decay rounds="$ROUNDS" refreshes="$((ROUNDS * REFRESHES))" size_mb="$SIZE_MB" \
	high_before="$high_before" high_after="$high_after"
