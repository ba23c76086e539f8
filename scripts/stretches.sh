#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stretches.sh [RESULTS_DIR] - name the kernel code behind a bench run's
# worst stretches (default: the latest run).
#
# Reports the run (report.sh), takes the STRETCHES (3) first rows of its
# stretches.json (worst latency over the goal's threshold, ranked; then
# the loads on which a reference kernel stayed over 1000 µs), and
# traces each that is not traced yet: hotspots.sh PROFILE SCENARIO on the
# run's architecture, clock and lane, with the scenario's knobs of the
# run's BENCH size, into RESULTS_DIR/hotspots/PROFILE-SCENARIO/.  Then it
# reports the run again: the ranked table names, per stretch, the function
# with the most time under it and the one with the most time of its own.
# A traced run is one more boot with function tracing (several times
# slower than the load alone).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

dir=${1:-$BUILD/results/latest}
[ -f "$dir/bench.json" ] || die "no bench results in $dir; run 'make bench' first"
dir=$(cd "$dir" && pwd -P)
n=${STRETCHES:-3}
[[ $n =~ ^[1-9][0-9]*$ ]] || die "STRETCHES must be a positive number, not '$n'"
rep=${REPORT_DIR:-$BUILD/report}
arch=$(jq -r '.arch // "x86_64"' "$dir/bench.json")
[ "$arch" = "$ARCH" ] || die "the run in $dir is an $arch run; give ARCH=$arch"

"$TOP/scripts/report.sh" "$dir"
size=$(jq -r '.bench // "quick"' "$dir/bench.json")
clock=$(jq -r .clock "$dir/bench.json")
lane=$(jq -r '.lane // "2vcpu"' "$dir/bench.json")
[ "$(jq .calibrated "$rep/calibration.json")" = true ] ||
	die "the run in $dir is not calibrated (report: $rep/report.md): its worst latencies are not the kernel's to trace; run it on LANE=1vcpu"
total=$(jq length "$rep/stretches.json")
[ "$total" -gt 0 ] || { say "no stretch over the goal or shared in $dir: nothing to trace"; exit 0; }
[ "$n" -le "$total" ] || n=$total
i=0
jq -r --argjson n "$n" '.[:$n][] | "\(.profile) \(.scenario) \(.worst_us) \(.threshold_us // "none (shared)")"' \
	"$rep/stretches.json" | while read -r profile scenario worst thr; do
	i=$((i + 1))
	if [ -s "$dir/hotspots/$profile-$scenario/hotspots.json" ]; then
		say "[$i/$n] $profile $scenario: traced already"
		continue
	fi
	say "[$i/$n] tracing $profile $scenario (worst $worst us, threshold $thr; $clock, $lane)"
	HOTSPOTS_DIR=$dir/hotspots CLOCK=$clock LANE=$lane VP_ENV=$(bench_env "$size" "$scenario") \
		"$TOP/scripts/hotspots.sh" "$profile" "$scenario" ||
		die "tracing $profile $scenario failed; the stretches traced so far are kept in $dir/hotspots"
done
"$TOP/scripts/report.sh" "$dir"
say "stretches: $rep/report.md, 'Stretches, ranked' ($total ranked, the first $n traced)"
