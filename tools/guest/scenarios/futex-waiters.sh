#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# futex-waiters: a futex broadcast seen from the waiters' side (vp-futex):
# THREADS threads blocked on one private futex, woken by one FUTEX_WAKE,
# ROUNDS times, all on CPU (lib.sh).  futex-wake times the waker; this
# times every waiter, from the waker's start to the waiter's return: what
# a broadcast is for.  vp-futex.json has the tool's record; load.json the
# waiters' latency (median, p99, max), the mean first and last waiter per
# round, and the waker's FUTEX_WAKE call, in microseconds (lower is
# better).  No cyclictest beside it: its wakeups would be waiters' too.
#
# Knobs (vp.env): THREADS=800 ROUNDS=20, and CPU of lib.sh
set -e
. /vp/lib.sh
knobs THREADS=800 ROUNDS=20

timed usecs vp-futex --threads="$THREADS" --rounds="$ROUNDS" --cpu="$CPU" --json=$OUT/vp-futex.json
# f KEY: the number after "KEY": in vp-futex's record (no jq in the guest)
f() {
	v=$(sed -n "s/.*\"$1\":\([0-9.][0-9.]*\).*/\1/p" $OUT/vp-futex.json)
	[ -n "$v" ] || { echo "futex-waiters: no $1 in vp-futex.json" >&2; exit 1; }
	echo "$v"
}
# each read once, one assignment a line: under set -e a missing key ends
# the scenario here (an assignment's status is its last substitution's)
median=$(f median)
p99=$(f p99)
max=$(f max)
first=$(f first_us)
last=$(f last_us)
wake=$(f wake_us)
load_json futex-waiters usecs=$usecs threads="$THREADS" rounds="$ROUNDS" \
	waiter_median_us="$median" waiter_p99_us="$p99" waiter_max_us="$max" \
	first_us="$first" last_us="$last" wake_us="$wake"
cat $OUT/load.json
