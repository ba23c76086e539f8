# SPDX-License-Identifier: GPL-2.0
# questions.json from summary.json: one ratio per scenario for each pair of
# profiles in $pairs[0].questions that ran.  Throughput ratio: A's median
# rate / B's (> 1: A does more work); latency ratio: A's median worst
# latency / B's (< 1: A is better).  Spread: A's min..max over B's median.

def pair($a; $b; $what):
	[group_by(.scenario)[] | (map(select(.profile == $a)) | first) as $x
	 | (map(select(.profile == $b)) | first) as $y
	 | select($x and $y)
	 | {scenario: ($x.scenario + (if $what == "tput" and $x.io_under_icount then " †" else "" end)),
	    value: (if $what == "tput" then
			(if $x.tput and $y.tput and $y.tput.median > 0 then $x.tput.median / $y.tput.median else null end)
		else (if $x.max_us.median and ($y.max_us.median // 0) > 0 then $x.max_us.median / $y.max_us.median else null end) end),
	    lo: (if $what == "tput" and $x.tput and $y.tput and $y.tput.median > 0 then $x.tput.lo / $y.tput.median
		elif $what == "lat" and $x.max_us.median and ($y.max_us.median // 0) > 0 then $x.max_us.lo / $y.max_us.median else null end),
	    hi: (if $what == "tput" and $x.tput and $y.tput and $y.tput.median > 0 then $x.tput.hi / $y.tput.median
		elif $what == "lat" and $x.max_us.median and ($y.max_us.median // 0) > 0 then $x.max_us.hi / $y.max_us.median else null end)}
	 | select(.value != null)]
	| if length > 0 then [{question: "\($a) vs \($b): \(if $what == "tput" then "throughput" else "worst latency" end) ratio",
		a: $a, b: $b, what: $what, rows: .}] else [] end;

. as $sum | [$pairs[0].questions[] | . as $q | $sum | pair($q.a; $q.b; $q.what)[]]
