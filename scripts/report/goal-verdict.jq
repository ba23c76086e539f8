# SPDX-License-Identifier: GPL-2.0
# One row of goals.json: goal $g (an entry of goals.json), the rows it
# judges ($row, from goal-rows.jq), tools/vp-stats' verdict on them ($st),
# and whether the run is calibrated ($cal).  Throughput is not judged on
# an I/O-bound load under icount, worst latency not on a run that is not
# calibrated, the time lost to a lock (lockfault) not where B hardly
# waits: the mechanism does not show there.
($row.a | max) as $aw | ($row.b | max) as $bw
| (if $g.what == "tput" then
	(if $row.io then "I/O-bound under icount" else null end)
   elif $g.what == "lockwait" then
	(if $row.b_median < $g.min_b then
		"the mechanism does not show (\($g.b) waits \($row.b_median * 1000 | round / 10)% of the time)"
	 else null end)
   elif ($cal | not) then "the run is not calibrated" else null end) as $why
| {goal: $g.text, what: $g.what, a: $g.a, b: $g.b, scenario: $row.scenario,
   value: $st.value, lo: $st.lo, hi: $st.hi, level: $st.level,
   want: (if $g.what == "lat" then 1 else $g.want end),
   judged: ($why == null), why: $why,
   verdict: (if $why == null then $st.verdict else "not judged" end),
   runs_to_resolve: $st.runs_to_resolve, n_a: $st.n_a, n_b: $st.n_b}
+ (if $g.what == "lat" then {a_worst_us: $aw, b_worst_us: $bw,
	threshold_us: ([$g.scale * $bw, $g.floor_us] | max)} else {} end)
