#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# hotspots.sh PROFILE SCENARIO - name the kernel code that held the CPU
# during the worst wakeup latency of a scenario.
#
# Boots PROFILE with SCENARIO and TRACE=wakeup_rt: the kernel's wakeup_rt
# tracer keeps the function trace of the longest stretch between the wakeup
# of the highest-priority real-time task (cyclictest) and its running.  The
# trace is then ranked: each traced function is charged the time until the
# next trace entry (its self time), and its caller's time is summed too.
# Output: build/hotspots/PROFILE-SCENARIO/{hotspots.json,hotspots.txt} and
# the raw trace.  RESULTS=dir ranks an existing run's trace.txt instead.
#
# HOTSPOTS_TRACE=events traces the scheduler's, interrupts' and workqueue
# items' events instead (TRACE=events) and ranks every stretch a task held
# the CPU, whether or not cyclictest woke inside it
# (scripts/stretch-events.sh): for stretches too short or too rare for
# cyclictest to catch in every run.  Output: stretch-events.json.
#
# Knobs: VP_ENV (the scenario's), CLOCK, LANE (1vcpu: the calibrated
# latency lane), TIMEOUT, TOP_N (20), HOTSPOTS_DIR (where PROFILE-SCENARIO/
# goes; default build/hotspots), HOTSPOTS_TRACE (wakeup_rt, events).  The
# clock and lane of the traced run are recorded in hotspots.json and in
# the first line of hotspots.txt.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: hotspots.sh PROFILE SCENARIO"
profile=$1 scenario=$2
tracer=${HOTSPOTS_TRACE:-wakeup_rt}
case $tracer in
wakeup_rt | events) ;;
*) die "unknown HOTSPOTS_TRACE '$tracer'; valid: wakeup_rt events" ;;
esac
out=${HOTSPOTS_DIR:-$BUILD/hotspots}/$profile-$scenario
if [ -z "${RESULTS:-}" ]; then
	env=${VP_ENV:+$VP_ENV,}TRACE=$tracer
	VP_ENV=$env PROG=run.sh "$TOP/scripts/run.sh" "$profile" "$scenario" "$out" ||
		die "the traced run failed; see $out/console.log"
	RESULTS=$out/results
else
	mkdir -p "$out"
fi
if [ "$tracer" = events ]; then
	TOP_N=${TOP_N:-20} PROG=stretch-events.sh "$TOP/scripts/stretch-events.sh" "$RESULTS" |
		tee "$out/hotspots.txt"
	[ "$RESULTS" -ef "$out/results" ] || cp "$RESULTS/stretch-events.json" "$out/"
	exit 0
fi
trace=$RESULTS/trace.txt
[ -s "$trace" ] || die "no trace in $RESULTS (does the scenario call trace_on/trace_off, as lat_start/lat_stop do?)"

# One line per traced function (self time) and per caller (time under it).
awk '
	/^#/ { next }
	match($0, /[0-9]+us[^:]*: /) {
		t = substr($0, RSTART, RLENGTH); sub(/us.*/, "", t)
		split(substr($0, RSTART + RLENGTH), w, " ")
		fn = w[1]; caller = (w[2] ~ /^<-/) ? substr(w[2], 3) : ""
		if (n > 0) { d = t - last; self[lastfn] += d; if (lastcaller != "") incl[lastcaller] += d; total += d }
		last = t; lastfn = fn; lastcaller = caller; n++
	}
	END {
		print "total", "-", total + 0, n + 0
		for (f in self) print "self", f, self[f]
		for (f in incl) print "caller", f, incl[f]
	}' "$trace" | sort -k3,3nr >"$out/hotspots.tsv"
run=$RESULTS/../run.json
[ -s "$run" ] || run=/dev/null
jq -R -s --slurpfile run "$run" --argjson topn "${TOP_N:-20}" --argjson maxlat "$(cat "$RESULTS/trace_max_latency" 2>/dev/null || echo 0)" '
	[split("\n")[] | select(length > 0) | split(" ")] as $rows
	| ($rows | map(select(.[0] == "total"))[0]) as $t
	| ($t[2] | tonumber) as $total
	| def rank($kind): [$rows[] | select(.[0] == $kind)][:$topn]
		| map({function: .[1], us: (.[2] | tonumber), share: (if $total > 0 then (.[2] | tonumber) / $total else 0 end)});
	{clock: ($run[0].clock // null), lane: ($run[0].lane // null),
	 max_latency_us: $maxlat, entries: ($t[3] | tonumber), traced_us: $total,
	 self: rank("self"), callers: rank("caller")}' "$out/hotspots.tsv" >"$out/hotspots.json"
{
	echo "# hotspots: $profile / $scenario ($(jq -r '"clock \(.clock // "?"), lane \(.lane // "?")"' "$out/hotspots.json")), worst wakeup latency $(jq .max_latency_us "$out/hotspots.json") us ($(jq .entries "$out/hotspots.json") trace entries)"
	echo "# self time (function as traced)             us   share"
	jq -r '.self[] | "\(.function)\t\(.us)\t\(.share * 100 | floor)%"' "$out/hotspots.json" | awk -F'\t' '{printf "%-40s %8s %6s\n", $1, $2, $3}'
	echo "# time under caller                           us   share"
	jq -r '.callers[] | "\(.function)\t\(.us)\t\(.share * 100 | floor)%"' "$out/hotspots.json" | awk -F'\t' '{printf "%-40s %8s %6s\n", $1, $2, $3}'
} | tee "$out/hotspots.txt"
