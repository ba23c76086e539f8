# SPDX-License-Identifier: GPL-2.0
# The report's tables as tab-separated rows (jq -r -L scripts/report,
# include "tables"), one function per table, from the file each reads.

# Numbers as the tables print them; "-" for none.
def f2: if type == "number" then (if . >= 100 then round else (. * 100 | round / 100) end) else "-" end;
def f1: if type == "number" then (if . >= 100 then round else (. * 10 | round / 10) end) else "-" end;
def r2: if type == "number" then (. * 100 | round / 100) else "-" end;
def r3: . * 1000 | round / 1000;

# summary.json: every profile and scenario.
def profile_rows:
	.[] | [.scenario, .profile, .kernel // "-", "\(.ok)/\(.runs)",
	(.max_us.median | f2), "\(.max_us.lo | f2)..\(.max_us.hi | f2)",
	(.all.max | f2), (.all.p999 | f2), (.all.p99 | f2), (.avg_us.median | f2),
	(if .tput then "\(.tput.median | f2) \(.tput.metric)\(if .io_under_icount then " †" else "" end)" else "-" end),
	(if .tput_rel then "\(.tput_rel.median | f2) (\(.tput_rel.lo | f2)..\(.tput_rel.hi | f2))" else "-" end),
	(.failures | join(" "))] | @tsv;

# questions.json: one small table per question, Markdown or HTML.
def questions_md:
	.[] | "### \(.question)\n\n| scenario | ratio | range |\n|---|---|---|\n"
	+ ([.rows[] | "| \(.scenario) | **\(.value | r2)** | \(.lo | r2)..\(.hi | r2) |"] | join("\n")) + "\n";
def questions_html:
	.[] | "<h3>\(.question)</h3><table><tr><th>scenario</th><th>ratio</th><th>range</th></tr>"
	+ ([.rows[] | "<tr><td>\(.scenario)</td><td><b>\(.value | r2)</b></td><td>\(.lo | r2)..\(.hi | r2)</td></tr>"] | join("")) + "</table>";

# goals.json: one line per goal: how many scenarios meet it, the misses
# and the unresolved named, every ratio with its interval.
def goal_rows:
	def ratio: "\(.scenario) \(.value | r3) [\(.lo | r3)..\(.hi | r3)]";
	. as $all | (reduce .[].goal as $g ([]; if index([$g]) then . else . + [$g] end))[] as $g
	| [$all[] | select(.goal == $g)] | [.[] | select(.judged)] as $j | select(length > 0)
	| [.[0].goal,
	   (if ($j | length) > 0 then "\([$j[] | select(.verdict == "met")] | length)/\($j | length)" else "not judged: \(.[0].why)" end),
	   ([$j[] | select(.verdict == "missed") | ratio] | join("; ")),
	   ([$j[] | select(.verdict == "not resolved") | "\(ratio) (about \(.runs_to_resolve // "?") runs)"] | join("; ")),
	   ([.[] | "\(ratio)\(if .judged then "" else " †" end)"] | join(", "))] | @tsv;

# stretches.json: one row per ranked stretch, the traced functions where
# 'make stretches' traced it.
def stretch_rows:
	def fn: if . then "\(.function) \(.us) µs" else "-" end;
	.[] | [.kind, .scenario, .profile, .worst_us, (.threshold_us // "-"),
	       (if .ratio then .ratio * 100 | round / 100 else "-" end),
	       (.hotspots.caller | fn), (.hotspots.self | fn), (.hotspots.traced_us // "-")] | @tsv;

# calibration.json: per kernel its floor; per load the reference kernels'
# worst latency (a header line first, then the rows).
def calibration_rows:
	.kernels[] | [.profile, (.calibrate_max_us | f1), (.calibrate_p999_us | f1), (.boot_floor_max_us | f1),
		"\(.boots)", "\(.contaminated)", "\(.excluded)"] | @tsv;
def reference_rows:
	.reference_kernels as $k
	| if (.reference | length) > 0 then (["load"] + $k | @tsv),
		(.reference[] | . as $r | [.scenario] + [$k[] as $p | $r[$p] // "-" | tostring] | @tsv) else empty end;
def calibration_line:
	if .calibrated then "**calibrated**: every kernel's floor is under \(.bound_us) µs on the \(.lane) lane (\(.clock)); \(.boots.contaminated) contaminated boot(s) rerun, \(.boots.excluded) excluded"
	else "**not calibrated** (\(.why | join("; "))): the worst latencies below are not judged" end;
