#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# stretch-events.sh RESULTS - rank the stretches in a run traced with
# TRACE=events (tools/guest/lib.sh): what held the CPU, whether or not
# cyclictest happened to wake inside it.
#
# cyclictest only sees a stretch when one of its wakeups lands in it: a
# 50 us stretch once a second shows in about one 1 ms period in twenty, so
# one run catches it and the next does not.  The scheduler's events see
# every stretch.  From RESULTS/trace.txt (one CPU's sched_switch,
# sched_wakeup, irq, softirq and workqueue events), two rankings:
#
#   runs     every time a task other than cyclictest ran on the CPU while
#            cyclictest was measuring (overlapping the time from its first
#            wakeup to its last),
#            from its switch in to its switch out, the longest TOP_N, with the
#            workqueue functions a kworker ran in it and the longest
#            interrupt and softirq inside it; on a kernel without
#            preemption a kernel thread's run is a stretch nothing cuts
#   wakeups  each wakeup of cyclictest's measuring thread (the real-time
#            one; its main thread is not) to its switch in (what the
#            latency tracer measures), the longest TOP_N, with the task
#            that was running
#
# Output: RESULTS/stretch-events.json, and a table on stdout.  Knobs:
# TOP_N (10), SKIP (space-separated task names whose runs are not ranked:
# a user-space load's, which every model preempts at the tick; default
# the calibrate scenario's hog, "vp-threads").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: stretch-events.sh RESULTS"
trace=$1/trace.txt
[ -s "$trace" ] || die "no trace in $1 (run the scenario with VP_ENV=TRACE=events)"
grep -q 'sched_switch:' "$trace" || die "$trace has no sched_switch events (was it traced with TRACE=events?)"
need jq

awk -v skip=" ${SKIP-vp-threads} " '
	function field(k,   i) { for (i = 1; i <= NF; i++) if (index($i, k "=") == 1) return substr($i, length(k) + 2); return "" }
	{
		ts = ""; ev = ""
		for (i = 1; i <= NF; i++) if ($i ~ /^[0-9]+\.[0-9]+:$/) { ts = $i; ev = $(i + 1); break }
		if (ts == "") next
		sub(/:$/, "", ts); sub(/:$/, "", ev); t = ts * 1e6
	}
	ev == "irq_handler_entry" || ev == "softirq_entry" { in_since = t; in_what = (ev == "irq_handler_entry" ? "irq:" field("name") : "softirq:" field("action")) }
	ev == "irq_handler_exit" || ev == "softirq_exit" {
		if (in_since != "" && t - in_since > irq_us) { irq_us = t - in_since; irq_what = in_what }
		in_since = ""
	}
	ev == "workqueue_execute_start" { f = $NF; if (index(fns, " " f " ") == 0) fns = fns " " f " " }
	ev == "sched_wakeup" && field("comm") == "cyclictest" && field("prio") + 0 < 100 { woke = t }
	ev == "sched_switch" {
		prev = field("prev_comm"); next_ = field("next_comm")
		if (since != "" && cur != "cyclictest" && cur !~ /^swapper/ && index(skip, " " cur " ") == 0) {
			gsub(/^ +| +$/, "", fns); gsub(/  +/, ",", fns)
			printf "run\t%.0f\t%s\t%s\t%.6f\t%s\t%.0f\t%s\n", t - since, cur, fns, since / 1e6, irq_what, irq_us, field("prev_state")
		}
		if (next_ == "cyclictest" && field("next_prio") + 0 < 100 && woke != "") { printf "wakeup\t%.0f\t%s\t\t%.6f\t\t0\t\n", t - woke, prev, woke / 1e6; woke = "" }
		since = t; cur = next_; fns = ""; irq_us = 0; irq_what = ""
	}' "$trace" >"$1/stretch-events.tsv"

jq -R -s --argjson n "${TOP_N:-10}" '
	[split("\n")[] | select(length > 0) | split("\t")
	 | {kind: .[0], us: (.[1] | tonumber), task: .[2],
	    work: (.[3] | if . == "" then [] else split(",") end), at_s: (.[4] | tonumber),
	    longest_irq: (if .[5] == "" then null else {what: .[5], us: (.[6] | tonumber)} end),
	    state: (.[7] // "")}] as $rows
	| ([$rows[] | select(.kind == "wakeup") | .at_s] | [min, max]) as [$w0, $w1]
	| [$rows[] | select(.kind == "run" and $w0 != null and .at_s + .us / 1e6 >= $w0 and .at_s <= $w1)] as $runs
	| {measured_s: [$w0, $w1],
	   runs: ($runs | sort_by(-.us) | .[:$n] | map(del(.kind))),
	   run_count: ($runs | length),
	   wakeups: ([$rows[] | select(.kind == "wakeup")] | sort_by(-.us) | .[:$n] | map({us, task, at_s})),
	   wakeup_count: ([$rows[] | select(.kind == "wakeup")] | length)}' \
	"$1/stretch-events.tsv" >"$1/stretch-events.json"
rm -f "$1/stretch-events.tsv"

jq -r '
	"# the longest runs of a task other than cyclictest (of \(.run_count), \(.measured_s[0])-\(.measured_s[1]) s): us, task, at (s), workqueue functions, longest irq/softirq inside",
	(.runs[] | "\(.us)\t\(.task)\t\(.at_s)\t\(.work | join(","))\t\(.longest_irq // {} | if .what then "\(.what) \(.us) us" else "" end)"),
	"# the longest wakeups of cyclictest (of \(.wakeup_count)): us, the task it waited for, at (s)",
	(.wakeups[] | "\(.us)\t\(.task)\t\(.at_s)")' "$1/stretch-events.json"
