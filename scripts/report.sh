#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh [RESULTS_DIR] - turn one bench run (default: the latest) into
# $BUILD/report/: results.json (every run's figures, raw), summary.json
# (median and spread per profile and scenario), index.html and report.md
# (tables), questions.json and goals.json (the ratios that answer the
# questions and judge the series' goals), and gnuplot PNGs: worst latency
# per profile, latency histograms.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need jq gnuplot
dir=${1:-$BUILD/results/latest}
[ -f "$dir/bench.json" ] || die "no bench results in $dir; run 'make bench' first"
dir=$(cd "$dir" && pwd -P)
rep=${REPORT_DIR:-$BUILD/report}
rm -rf "$rep.new"
mkdir -p "$rep.new/data" || die "cannot create $rep.new (disk full or read-only?)"
# a write that fails (a full disk) stops here, and the last good report stays
trap 'rm -rf "$rep.new"; die "could not write the report in $rep.new (disk full?); $rep is left as it was"' ERR

# One record per run: status, cyclictest figures (percentiles from the
# histogram; a sample beyond its range counts as the maximum) and the
# load's own figures.
records=()
while read -r r; do
	d=$(dirname "$r")
	ct=$d/results/cyclictest.json load=$d/results/load.json
	[ -s "$ct" ] || ct=/dev/null
	[ -s "$load" ] || load=/dev/null
	records+=("$(jq -c -n --slurpfile run "$r" --slurpfile ct "$ct" --slurpfile load "$load" \
		--arg rep "$(basename "$d")" --arg dir "${d#"$dir"/}" '
		def pct($h; $n; $q; $max):
			[$h | to_entries[] | {k: (.key | tonumber), v: .value}] | sort_by(.k) as $b
			| reduce $b[] as $e ({c: 0, r: null};
				if .r == null then (.c += $e.v) | (if .c >= $q * $n then .r = $e.k else . end) else . end)
			| (.r // $max);
		$run[0] + {rep: ($rep | tonumber), dir: $dir}
		+ (if ($ct | length) > 0 then
			($ct[0].thread["0"]) as $t
			| {lat: {cycles: $t.cycles, min: $t.min, avg: $t.avg, max: $t.max,
				p99: pct($t.histogram // {}; $t.cycles; 0.99; $t.max),
				p999: pct($t.histogram // {}; $t.cycles; 0.999; $t.max)},
			   kernel: $ct[0].sysinfo.release}
		   else {} end)
		+ (if ($load | length) > 0 then {load: $load[0].results} else {} end)')")
done < <(find "$dir/runs" -name run.json | sort)
[ ${#records[@]} -gt 0 ] || die "no runs under $dir/runs"
printf '%s\n' "${records[@]}" | jq -s --slurpfile bench "$dir/bench.json" \
	'{bench: $bench[0], runs: .}' >"$rep.new/results.json"

# Median and spread per profile and scenario, profiles in bench order.
# Throughput: the load's own rate where it has one (MB/s, switches/s,
# files/s, loops/s, builds/h), else runs per second (1e6 / the load's usecs), so that
# higher is better everywhere; "rel" is relative to the base profile
# (upstream-lazy when it ran, else the first profile) in the same scenario.
jq '
	def median: sort | if length == 0 then null elif length % 2 == 1 then .[length / 2 | floor]
		else (.[length / 2 - 1] + .[length / 2]) / 2 end;
	def spread: {median: median, lo: min, hi: max};
	def rate: if .mb_per_s then {metric: "MB/s", v: .mb_per_s}
		elif .switches_per_s then {metric: "switches/s", v: .switches_per_s}
		elif .files_per_s then {metric: "files/s", v: .files_per_s}
		elif .loops_per_s_at_max then {metric: "loops/s", v: .loops_per_s_at_max}
		elif .builds_per_h then {metric: "builds/h", v: .builds_per_h}
		elif ((.usecs // .truncate_us) // 0) > 0 then {metric: "runs/s", v: (1e6 / (.usecs // .truncate_us))}
		else null end;
	.bench as $b
	| ($b.profiles | if index("upstream-lazy") then "upstream-lazy" else .[0] end) as $base
	| [.runs | group_by([.scenario, .profile])[]
	| {scenario: .[0].scenario, profile: .[0].profile, clock: .[0].clock,
	   kernel: ([.[].kernel | select(.)] | first),
	   runs: length, ok: ([.[] | select(.status == "ok")] | length),
	   failures: [.[] | select(.status != "ok") | "\(.rep): \(.status)"],
	   max_us: ([.[] | select(.lat) | .lat.max] | spread),
	   p99_us: ([.[] | select(.lat) | .lat.p99] | spread),
	   p999_us: ([.[] | select(.lat) | .lat.p999] | spread),
	   avg_us: ([.[] | select(.lat) | .lat.avg] | spread),
	   load_us: ([.[] | select(.load) | (.load.truncate_us // .load.usecs)] | spread),
	   tput: ([.[] | select(.status == "ok" and .load) | .load | rate | select(.)] as $r
		| if ($r | length) > 0 then {metric: $r[0].metric} + ([$r[].v] | spread) else null end)}]
	| . as $all
	| map(. as $x | ($all | map(select(.scenario == $x.scenario and .profile == $base)) | first) as $bs
		| . + {base: $base,
		   tput_rel: (if $x.tput and $bs.tput and ($bs.tput.median // 0) > 0 then
			{median: ($x.tput.median / $bs.tput.median), lo: ($x.tput.lo / $bs.tput.median),
			 hi: ($x.tput.hi / $bs.tput.median)} else null end),
		   max_rel: (if $x.max_us.median and ($bs.max_us.median // 0) > 0 then
			($x.max_us.median / $bs.max_us.median) else null end)})
	| map(. + {io_under_icount: (.clock == "icount" and (.scenario | test("^(dbench|fio-write|mpage-)")))})
	| sort_by(.scenario, (.profile as $p | $b.profiles | index($p)))' \
	"$rep.new/results.json" >"$rep.new/summary.json"

# The questions the report answers: one ratio per scenario for each pair of
# profiles that ran.  Throughput ratio: A's median rate / B's (> 1: A does
# more work); latency ratio: A's median worst latency / B's (< 1: A is
# better).  Spread: A's min..max over B's median.
jq '
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
	pair("server"; "upstream-dynamic"; "tput") + pair("server"; "upstream-lazy"; "tput")
	+ pair("server"; "upstream-lazy"; "lat") + pair("server"; "server-nofs"; "tput") + pair("server"; "server-nofs"; "lat")
	+ pair("desktop"; "upstream-full"; "lat") + pair("desktop"; "full-dynamic"; "lat") + pair("desktop"; "server"; "tput")
	+ pair("desktop"; "desktop-dynamic"; "tput") + pair("desktop"; "desktop-dynamic"; "lat")
	+ pair("server"; "server-dynamic"; "tput")' \
	"$rep.new/summary.json" >"$rep.new/questions.json"

# The series' goals (issues #6 and #4), checked against this run: one row per goal
# and scenario with the measured ratio and met/missed.  "Spread" is the
# larger of the two profiles' relative ranges, (max - min) / median.
# I/O-bound throughput under icount (†) is shown but not judged.
jq '
	def row($a; $b): [.[] | select(.profile == $a)] as $x | [.[] | select(.profile == $b)] as $y
		| [$x[] | . as $r | ($y | map(select(.scenario == $r.scenario)) | first) as $s | select($s) | {x: $r, y: $s}];
	def rel($t): if $t and ($t.median // 0) > 0 then ($t.hi - $t.lo) / $t.median else 0 end;
	def tput($a; $b; $scen; $want; $text):
		[row($a; $b)[] | select(.x.tput and .y.tput and (.y.tput.median // 0) > 0)
		 | select($scen == null or (.x.scenario | IN($scen[])))
		 | (.x.tput.median / .y.tput.median) as $v
		 | ([rel(.x.tput), rel(.y.tput)] | max) as $sp
		 | {goal: ($text | sub("A"; $a) | sub("B"; $b)), scenario: .x.scenario, value: $v,
		    want: (if $want == "spread" then (1 - $sp) else $want end),
		    judged: ((.x.io_under_icount | not))}
		 | . + {met: (if .judged then .value >= .want else null end)}];
	def lat($a; $b; $want; $text):
		[row($a; $b)[] | select(.x.max_us.median and (.y.max_us.median // 0) > 0)
		 | {goal: ($text | sub("A"; $a) | sub("B"; $b)), scenario: .x.scenario,
		    value: (.x.max_us.median / .y.max_us.median), want: $want, judged: true}
		 | . + {met: (.value <= .want)}];
	tput("server"; "upstream-dynamic"; ["hackbench", "ctxswitch"]; 1.03; "A vs B: throughput >= 1.03x on hackbench and ctxswitch")
	+ tput("server"; "upstream-lazy"; ["hackbench", "ctxswitch"]; 1.03; "A vs B: throughput >= 1.03x on hackbench and ctxswitch")
	+ tput("server"; "upstream-dynamic"; null; "spread"; "A vs B: throughput not worse than 1 - the run'"'"'s spread")
	+ tput("server"; "upstream-lazy"; null; "spread"; "A vs B: throughput not worse than 1 - the run'"'"'s spread")
	+ lat("desktop"; "upstream-full"; 1.5; "A vs B: worst latency <= 1.5x")
	+ tput("desktop"; "server"; null; 0.99; "A vs B: throughput >= 0.99x")
	+ tput("server"; "server-nofs"; null; 0.99; "A vs B (the fs points'"'"' cost, issue #4): throughput >= 0.99x")' \
	"$rep.new/summary.json" >"$rep.new/goals.json"

bench=$rep.new/results.json
clock=$(jq -r .bench.clock "$bench")
cmd=$(jq -r .bench.command "$bench")
scenarios=$(jq -r '.bench.scenarios[]' "$bench")

# Plots: worst latency per profile (median bar, min-max whiskers), and the
# latency histogram of every profile summed over its repeats.
for s in $scenarios; do
	jq -r --arg s "$s" '[.[] | select(.scenario == $s and .max_us.median != null)] | to_entries[]
		| "\(.key) \(.value.profile) \(.value.max_us.median) \(.value.max_us.lo) \(.value.max_us.hi)"' \
		"$rep.new/summary.json" >"$rep.new/data/$s-max.dat"
	[ -s "$rep.new/data/$s-max.dat" ] || continue
	gnuplot <<-GP
	set terminal pngcairo size 800,420 font ",10"
	set output "$rep.new/$s-max.png"
	set title "$s: worst-case scheduling latency (cyclictest max, median of repeats; bars: min..max) [$clock]"
	set ylabel "microseconds (log)"
	set logscale y
	set style fill solid 0.6
	set boxwidth 0.6 absolute
	set grid ytics
	set xrange [-0.6:$(($(wc -l <"$rep.new/data/$s-max.dat") - 1)).6]
	set yrange [1:*]
	unset key
	plot "$rep.new/data/$s-max.dat" using 1:3:xtic(2) with boxes lc rgb "#3366aa", \
	     "" using 1:3:4:5 with yerrorbars lc rgb "black" pt 0, \
	     "" using 1:3:(sprintf("%.0f", \$3)) with labels offset 0,1
	GP
	plots=()
	for p in $(jq -r '.bench.profiles[]' "$bench"); do
		f=$rep.new/data/$s-$p-hist.dat
		jq -r --arg s "$s" --arg p "$p" '[.runs[] | select(.scenario == $s and .profile == $p) | .dir] | .[]' "$bench" |
		while read -r d; do
			[ -s "$dir/$d/results/cyclictest.json" ] && jq -r '.thread["0"].histogram // {} | to_entries[] | "\(.key) \(.value)"' "$dir/$d/results/cyclictest.json"
		done | awk '{c[$1] += $2} END {for (k in c) print k, c[k]}' | sort -n >"$f"
		[ -s "$f" ] && plots+=("\"$f\" using 1:2 with points pt 7 ps 0.7 title \"$p\"")
	done
	[ ${#plots[@]} -gt 0 ] || continue
	gnuplot <<-GP
	set terminal pngcairo size 800,420 font ",10"
	set output "$rep.new/$s-hist.png"
	set title "$s: cyclictest latency histogram, all repeats (one point per non-empty 1 us bucket) [$clock]"
	set xlabel "latency (us, log)"
	set ylabel "samples (log)"
	set logscale xy
	set grid
	plot $(IFS=,; echo "${plots[*]}")
	GP
done

# The many-threads curve: loops/s against the number of threads, one line
# per profile (median over the repeats at each thread count).
mt=()
for p in $(jq -r '.bench.profiles[]' "$bench"); do
	f=$rep.new/data/many-threads-$p.dat
	jq -r --arg p "$p" '.runs[] | select(.scenario == "many-threads" and .profile == $p and .status == "ok") | .dir' "$bench" |
	while read -r d; do
		[ -s "$dir/$d/results/threads.json" ] && jq -r '.runs[] | "\(.threads) \(.loops_per_s)"' "$dir/$d/results/threads.json"
	done | sort -k1,1n -k2,2g | awk '{v[$1] = v[$1] " " $2} END {for (t in v) {n = split(v[t], a, " ");
		print t, (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)}}' | sort -n >"$f"
	[ -s "$f" ] && mt+=("\"$f\" using 1:2 with linespoints pt 7 title \"$p\"")
done
if [ ${#mt[@]} -gt 0 ]; then
	gnuplot <<-GP
	set terminal pngcairo size 800,420 font ",10"
	set output "$rep.new/many-threads.png"
	set title "many-threads: throughput as the number of threads grows (median of repeats) [$clock]"
	set xlabel "threads (log)"
	set ylabel "loops per second"
	set logscale x
	set grid
	set key left top
	plot $(IFS=,; echo "${mt[*]}")
	GP
fi

# Throughput relative to the base profile, one cluster per scenario: bar
# the median, whiskers min..max (each over the base's median).  I/O-bound
# loads under icount (†) are left out: their "throughput" is the host's
# disk, and its 10x swings would flatten every other bar.
base=$(jq -r 'first(.[].base) // empty' "$rep.new/summary.json")
profs=$(jq -r '.bench.profiles[]' "$bench")
jq -r --arg profs "$profs" '($profs | split("\n")) as $ps
	| [group_by(.scenario)[] | select(any(.[]; .tput_rel) and (any(.[]; .io_under_icount) | not))] | .[]
	| . as $g | [$g[0].scenario] + [$ps[] as $p | ($g | map(select(.profile == $p)) | first) as $x
		| if $x and $x.tput_rel then $x.tput_rel.median, $x.tput_rel.lo, $x.tput_rel.hi else "-", "-", "-" end]
	| @tsv' "$rep.new/summary.json" >"$rep.new/data/throughput.dat"
if [ -s "$rep.new/data/throughput.dat" ]; then
	cols=()
	i=0
	xt=":xtic(1)"
	for p in $profs; do
		cols+=("\"$rep.new/data/throughput.dat\" using $((2 + 3 * i)):$((3 + 3 * i)):$((4 + 3 * i))$xt title \"$p\"")
		xt=
		i=$((i + 1))
	done
	gnuplot <<-GP
	set terminal pngcairo size 900,440 font ",10"
	set output "$rep.new/throughput.png"
	set title "throughput relative to $base (median of repeats; whiskers: min..max) [$clock]$(grep -q . <(jq -r '.[] | select(.io_under_icount) | .scenario' "$rep.new/summary.json") && echo '\n(I/O-bound loads under icount left out)')"
	set ylabel "x $base"
	set style data histogram
	set style histogram errorbars gap 2 lw 1
	set style fill solid 0.6 border -1
	set datafile missing "-"
	set datafile separator "\t"
	set grid ytics
	set yrange [0:*]
	set key outside right
	set xtics rotate by -20
	plot $(IFS=,; echo "${cols[*]}"), 1 with lines lc rgb "black" dt 2 notitle
	GP
fi

# Tables: Markdown and HTML from the same rows.
rows=$(jq -r 'def f: if type == "number" then (if . >= 100 then round else (. * 100 | round / 100) end) else "-" end;
	.[] | [.scenario, .profile, .kernel // "-", "\(.ok)/\(.runs)",
	(.max_us.median | f), "\(.max_us.lo | f)..\(.max_us.hi | f)",
	(.p99_us.median | f), (.p999_us.median | f), (.avg_us.median | f),
	(if .tput then "\(.tput.median | f) \(.tput.metric)\(if .io_under_icount then " †" else "" end)" else "-" end),
	(if .tput_rel then "\(.tput_rel.median | f) (\(.tput_rel.lo | f)..\(.tput_rel.hi | f))" else "-" end),
	(.failures | join(" "))] | @tsv' "$rep.new/summary.json")
hdr="scenario	profile	kernel	ok/runs	max µs (median)	max µs (range)	p99 µs	p99.9 µs	avg µs	throughput (median)	x $base (range)	failures"
# The questions: one small table each.
qmd=$(jq -r 'def f: if type == "number" then (. * 100 | round / 100) else "-" end;
	.[] | "### \(.question)\n\n| scenario | ratio | range |\n|---|---|---|\n"
	+ ([.rows[] | "| \(.scenario) | **\(.value | f)** | \(.lo | f)..\(.hi | f) |"] | join("\n")) + "\n"' "$rep.new/questions.json")
# The goals: one line per goal, the scenarios that miss it named.
goals_tsv=$(jq -r 'def f: (. * 1000 | round / 1000);
	. as $all | (reduce .[].goal as $g ([]; if index([$g]) then . else . + [$g] end))[] as $g
	| [$all[] | select(.goal == $g)] | [.[] | select(.judged)] as $j | select(length > 0)
	| [.[0].goal, "\([$j[] | select(.met)] | length)/\($j | length)",
	   ([$j[] | select(.met | not) | "\(.scenario) \(.value | f) (want \(if .goal | test("latency") then "<=" else ">=" end) \(.want | f))"] | join("; ")),
	   ([.[] | "\(.scenario) \(.value | f)\(if .judged then "" else " †" end)"] | join(", "))] | @tsv' "$rep.new/goals.json")
qhtml=$(jq -r 'def f: if type == "number" then (. * 100 | round / 100) else "-" end;
	.[] | "<h3>\(.question)</h3><table><tr><th>scenario</th><th>ratio</th><th>range</th></tr>"
	+ ([.rows[] | "<tr><td>\(.scenario)</td><td><b>\(.value | f)</b></td><td>\(.lo | f)..\(.hi | f)</td></tr>"] | join("")) + "</table>"' "$rep.new/questions.json")
runon=$(jq -r '.bench | (.lanes // 1) as $l | .host | "\(.cpu), \(.ncpu) CPUs, host kernel \(.kernel), \(.qemu), \(if $l > 1 then "up to \($l) guests at a time (disk loads alone)" else "one guest at a time" end)"' "$bench")
note="Latency: cyclictest (SCHED_FIFO 95, 1 ms interval) on the load's CPU; p99/p99.9 from its 1 µs histogram. Throughput: the load's own rate (runs/s = 1e6 / its duration where it has no rate), higher is better. Ratios: medians of the repeats; ranges: min..max of the first profile over the second's median. †: I/O-bound; under the icount clock an idle guest's clock jumps to its next timer while it waits for the host's I/O, so this throughput is not a measure of the kernel (Documentation/method.rst)."
{
	echo "# voluntary-preempt benchmark report"
	echo
	echo "Run $(jq -r .bench.stamp "$bench") on $runon."
	echo "Clock: **$clock**. Command: \`$cmd\`. Raw data: results.json, summary.json, questions.json, goals.json; every run's console log and guest output under $dir/runs."
	echo
	if [ -n "$goals_tsv" ]; then
		echo "## The series' goals"
		echo
		echo "| goal | scenarios meeting it | missed | every ratio |"
		echo "|---|---|---|---|"
		echo "$goals_tsv" | awk -F'\t' '{ printf "| %s | %s | %s | %s |\n", $1, $2, ($3 == "" ? "-" : "**" $3 "**"), $4 }'
		echo
	fi
	if [ -n "$qmd" ]; then
		echo "## Answers"
		echo
		echo "$qmd"
	fi
	[ -f "$rep.new/throughput.png" ] && echo "![throughput relative to $base](throughput.png)" && echo
	echo "## Every profile and scenario"
	echo
	echo "$hdr" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$hdr" | sed 's/[^\t]*/---/g; s/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$rows" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo
	echo "$note"
	echo
	for s in $scenarios; do
		[ -f "$rep.new/$s-max.png" ] && echo "![$s worst latency]($s-max.png)"
		[ -f "$rep.new/$s-hist.png" ] && echo "![$s latency histogram]($s-hist.png)"
	done
	[ -f "$rep.new/many-threads.png" ] && echo "![many-threads throughput]($rep.new/many-threads.png)"
	true
} >"$rep.new/report.md"
sed -i "s|($rep.new/|(|" "$rep.new/report.md"
{
	echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>voluntary-preempt report</title>'
	echo '<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;margin-bottom:1em}'
	echo 'td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}td:nth-child(-n+3){text-align:left}'
	echo '.bad{background:#fdd}code{background:#eee}h3{margin-bottom:.3em}</style></head><body>'
	echo "<h1>voluntary-preempt benchmark report</h1>"
	echo "<p>Run $(jq -r .bench.stamp "$bench") on $runon.<br>"
	echo "Clock: <b>$clock</b>. Command: <code>$cmd</code>.<br>Raw data: <a href=\"results.json\">results.json</a>, <a href=\"summary.json\">summary.json</a>, <a href=\"questions.json\">questions.json</a>, <a href=\"goals.json\">goals.json</a>.</p>"
	if [ -n "$goals_tsv" ]; then
		echo "<h2>The series' goals</h2><table><tr><th>goal</th><th>scenarios meeting it</th><th>missed</th><th>every ratio</th></tr>"
		echo "$goals_tsv" | awk -F'\t' '{ for (i = 1; i <= NF; i++) { gsub(/&/, "\\&amp;", $i); gsub(/</, "\\&lt;", $i); gsub(/>/, "\\&gt;", $i) }
			printf "<tr%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", ($3 == "" ? "" : " class=\"bad\""), $1, $2, ($3 == "" ? "-" : $3), $4 }'
		echo "</table>"
	fi
	[ -n "$qhtml" ] && echo "<h2>Answers</h2>$qhtml"
	[ -f "$rep.new/throughput.png" ] && echo "<p><img src=\"throughput.png\" alt=\"throughput relative to $base\"></p>"
	echo "<h2>Every profile and scenario</h2>"
	echo "<table><tr>$(echo "$hdr" | sed 's/\t/<\/th><th>/g; s/^/<th>/; s/$/<\/th>/')</tr>"
	echo "$rows" | awk -F'\t' '{cls = ($12 != "") ? " class=\"bad\"" : ""; printf "<tr%s>", cls;
		for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>"}'
	echo "</table><p>$note</p>"
	[ -f "$rep.new/many-threads.png" ] && echo "<p><img src=\"many-threads.png\" alt=\"many-threads\"></p>"
	for s in $scenarios; do
		for k in max hist; do
			[ -f "$rep.new/$s-$k.png" ] && echo "<p><img src=\"$s-$k.png\" alt=\"$s $k\"></p>"
		done
	done
	echo "</body></html>"
} >"$rep.new/index.html"

trap - ERR
rm -rf "$rep"
mv "$rep.new" "$rep" || die "could not move $rep.new to $rep"
say "report: $rep/index.html (also report.md; raw data results.json)"
