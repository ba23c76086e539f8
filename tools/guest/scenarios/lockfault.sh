#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# lockfault: the spinlock-and-fault mechanism given for PostgreSQL's
# pgbench regression under the lazy default, without a database
# (vp-lockfault: THREADS threads contend a user-space spinlock; its holder
# first-touches PAGES fresh pages, a minor fault each, inside the critical
# section; waiters spin, then sleep as PostgreSQL's s_lock() does), with
# cyclictest on CPU (lib.sh) beside it.  Two runs of DURATION seconds each:
# MEMORY (fault: the mechanism), then prefault (the same pages faulted in
# before the run: no fault in the lock, the control).  lockfault-*.json
# and .txt per run; load.json has the first run's acquisitions per second
# (acq_per_s, higher is better), its spin and sleep fractions and their sum
# (wait_frac: the threads' time lost to the lock), the control's acq_per_s
# and the ratio of the two (fault_cost).
#
# Knobs (vp.env): THREADS=4 DURATION=5 PAGES=1 MEMORY=fault HOLD_NS=200
# THINK_US=5, and those of lib.sh
set -e
. /vp/lib.sh
knobs THREADS=4 DURATION=5 PAGES=1 MEMORY=fault HOLD_NS=200 THINK_US=5

run() {
	vp-lockfault --threads="$THREADS" --duration="$DURATION" --pages="$PAGES" \
		--hold-ns="$HOLD_NS" --think-us="$THINK_US" --memory="$1" \
		--json=$OUT/lockfault-$1.json >$OUT/lockfault-$1.txt
	cat $OUT/lockfault-$1.txt
}
# field FILE KEY: KEY=V from vp-lockfault's text lines (no jq in the guest)
field() { tr ' ' '\n' <"$1" | sed -n "s/^$2=//p" | head -1; }

lat_start
timed usecs run "$MEMORY"
[ "$MEMORY" = prefault ] || run prefault
lat_stop
f=$OUT/lockfault-$MEMORY.txt c=$OUT/lockfault-prefault.txt
load_json vp-lockfault usecs=$usecs acq_per_s="$(field $f acq_per_s)" \
	spin_frac="$(field $f spin_frac)" sleep_frac="$(field $f sleep_frac)" \
	wait_max_us="$(field $f wait_max_us)" hold_max_us="$(field $f hold_max_us)" \
	faults_per_acq="$(field $f faults_per_acq)" nivcsw="$(field $f nivcsw)" \
	prefault_acq_per_s="$(field $c acq_per_s)" \
	wait_frac="$(awk -v s="$(field $f spin_frac)" -v z="$(field $f sleep_frac)" \
		'BEGIN { printf "%.4f", s + z }')" \
	fault_cost="$(awk -v a="$(field $f acq_per_s)" -v b="$(field $c acq_per_s)" \
		'BEGIN { printf "%.4f", (b > 0 ? a / b : 0) }')"
