# SPDX-License-Identifier: GPL-2.0
# The throughput plot from summary.json (jq -r -L scripts/report, include
# "plots"): every profile's throughput over the base profile's median, per
# scenario, I/O-bound loads under icount left out (their "throughput" is
# the host's disk).  $profiles: the bench's profiles, in order; $goals:
# goals.json, whose throughput goals against the base are drawn.

def tput_scenarios:
	[group_by(.scenario)[] | select(any(.[]; .tput_rel) and (any(.[]; .io_under_icount) | not)) | .[0].scenario];
def tput_profiles($profiles):
	. as $s | [$profiles[] as $p | select(any($s[]; .profile == $p and .tput_rel)) | $p];

# throughput.dat: one block per profile (gnuplot's "index"), one line per
# scenario: x (the scenario's slot, the profile's place in it), median,
# lo, hi, scenario.
def throughput_dat($profiles):
	tput_scenarios as $sc | tput_profiles($profiles) as $ps | . as $s
	| range($ps | length) as $j
	| "# \($ps[$j]): x, median, min, max over \(.[0].base)'s median, scenario",
	  ($sc | to_entries[] | .key as $i | .value as $scn
	   | ($s | map(select(.scenario == $scn and .profile == $ps[$j] and .tput_rel)) | first) as $x
	   | select($x)
	   | [$i + ($j - (($ps | length) - 1) / 2) * 0.8 / ($ps | length),
	      $x.tput_rel.median, $x.tput_rel.lo, $x.tput_rel.hi, $scn] | @tsv),
	  "", "";

# gnuplot commands: the scenarios as x tics; the y axis fitted around 1.0:
# the medians, the reference line and the goals drawn, and the whiskers
# as far as they stay within the medians' span again on either side (a
# whisker beyond is cut at the frame, and a note says so); a dashed
# segment at each goal over the scenarios it covers, in the key; and the
# plot command (the data file is the gnuplot variable dat).
def throughput_gp($profiles; $goals):
	tput_scenarios as $sc | tput_profiles($profiles) as $ps | (.[0].base) as $base
	| [$goals[] | select(.what == "tput" and .b == $base and .want != 1 and (.a | IN($ps[])))] as $g
	| [.[] | select((.scenario | IN($sc[])) and .tput_rel) | .tput_rel] as $r
	| ([$r[].median] + [1] + [$g[].want]) as $m
	| ($m | min) as $mlo | ($m | max) as $mhi | ([$mhi - $mlo, 0.02] | max) as $span
	| ([$r[].lo | select(. >= $mlo - $span)] + [$mlo] | min) as $lo
	| ([$r[].hi | select(. <= $mhi + $span)] + [$mhi] | max) as $hi
	| ([($hi - $lo) * 0.08, 0.002] | max) as $pad
	| (any($r[]; .lo < $lo or .hi > $hi)) as $cut
	| "set xtics (\([$sc | to_entries[] | "\"\(.value)\" \(.key)"] | join(", ")))",
	  "set xrange [-0.6:\(($sc | length) - 0.4)]",
	  "set yrange [\($lo - $pad):\($hi + $pad)]",
	  (if $cut then "set label \"whiskers beyond the frame are cut\" at graph 0.01, graph 0.04 font \",9\"" else empty end),
	  ($g[] | . as $x | $sc | to_entries[] | select($x.scenarios == null or (.value | IN($x.scenarios[])))
	   | "set arrow from \(.key - 0.45),\($x.want) to \(.key + 0.45),\($x.want) nohead dt 3 lw 1.5 lc rgb \"#aa2222\""),
	  "plot " + ([$ps | to_entries[] | "dat index \(.key) using 1:2:3:4 with yerrorbars pt 7 ps 1.2 lw 1.5 title \"\(.value)\""]
		+ [$g[] | "NaN with lines dt 3 lw 1.5 lc rgb \"#aa2222\" title \"goal: \(.a) >= \(.want)x\(if .scenarios then " (\(.scenarios | join(", ")))" else "" end)\""]
		+ ["1 with lines lc rgb \"black\" dt 2 notitle"] | join(", "));
