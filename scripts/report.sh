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
	# rtla timerlat's summary (TIMERLAT=1): the first "max:" line, per column
	# of the header "Index IRQ-000 Thr-000 [Usr-000]"
	tl=null
	[ -s "$d/results/timerlat.txt" ] && tl=$(awk '
		$1 == "Index" && !hdr { for (i = 2; i <= NF; i++) col[i] = tolower(substr($i, 1, 3)); hdr = 1 }
		hdr && ($1 == "max:" || $1 == "count:") && !(($1) in seen) {
			seen[$1] = 1
			for (i = 2; i <= NF && (i in col); i++) out = out sprintf("%s\"%s_%s\": %s", out == "" ? "" : ", ", col[i], substr($1, 1, length($1) - 1), $i)
		}
		END { print (out == "" ? "null" : "{" out "}") }' "$d/results/timerlat.txt")
	records+=("$(jq -c -n -L "$TOP/scripts/report" --slurpfile run "$r" --slurpfile ct "$ct" --slurpfile load "$load" \
		--argjson timerlat "${tl:-null}" \
		--arg rep "$(basename "$d")" --arg dir "${d#"$dir"/}" '
		include "stats";
		$run[0] + {rep: ($rep | capture("^(?<n>[0-9]+)").n | tonumber), dir: $dir,
			rerun_of: ($rep | test("[.]contaminated-")),
			excluded: ($run[0].calibration.contaminated == true)}
		+ (if ($ct | length) > 0 then
			($ct[0].thread["0"]) as $t
			| {lat: {cycles: $t.cycles, min: $t.min, avg: $t.avg, max: $t.max,
				p99: pct($t.histogram // {}; $t.cycles; 0.99; $t.max),
				p999: pct($t.histogram // {}; $t.cycles; 0.999; $t.max)},
			   hist: ($t.histogram // {}),
			   kernel: $ct[0].sysinfo.release}
		   else {} end)
		+ (if ($load | length) > 0 then {load: $load[0].results} else {} end)
		+ (if $timerlat then {timerlat: $timerlat} else {} end)')")
done < <(find "$dir/runs" -name run.json | sort)
[ ${#records[@]} -gt 0 ] || die "no runs under $dir/runs"
printf '%s\n' "${records[@]}" | jq -s --slurpfile bench "$dir/bench.json" \
	'{bench: $bench[0], runs: .}' >"$rep.new/results.json"

# Median and spread per profile and scenario, profiles in bench order.
# Throughput: the load's own rate where it has one (MB/s, switches/s,
# files/s, loops/s, builds/h), else runs per second (1e6 / the load's usecs), so that
# higher is better everywhere; "rel" is relative to the base profile
# (upstream-lazy when it ran, else the first profile) in the same scenario.
jq -L "$TOP/scripts/report" '
	include "stats";
	def spread: {median: median, lo: min, hi: max, values: .};
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
	| ([.[] | select(.calibration.contaminated == true)] | length) as $contaminated
	| ([.[] | select(.excluded and (.rerun_of | not))] | length) as $excluded
	| [.[] | select(.excluded | not)]
	| select(length > 0)
	| {scenario: .[0].scenario, profile: .[0].profile, clock: .[0].clock, lane: (.[0].lane // "2vcpu"),
	   kernel: ([.[].kernel | select(.)] | first),
	   runs: length, ok: ([.[] | select(.status == "ok")] | length),
	   contaminated: $contaminated, excluded: $excluded,
	   floor_us: ([.[] | .calibration.floor_us | select(. != null)] | max),
	   all: pooled([.[] | select(.lat)]),
	   timerlat: ([.[] | .timerlat | select(.)] | if length > 0 then
		{runs: length, irq_max: (map(.irq_max) | max), thr_max: (map(.thr_max) | max),
		 usr_max: (map(.usr_max) | max)} else null end),
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

# The lane's calibration (calibration.json): per kernel its floor, the
# worst latency under a load that no preemption model delays (the
# calibrate scenario, and every boot's own calibration phases), the boots
# that were contaminated and rerun or excluded, and per load the reference
# kernels' worst latency (what no model's preemption could remove).  The
# run is calibrated when it ran on the 1vcpu lane and every kernel's floor
# is under the bound.
jq -L "$TOP/scripts/report" --slurpfile res "$rep.new/results.json" -f "$TOP/scripts/report/calibration.jq" \
	"$rep.new/summary.json" >"$rep.new/calibration.json"
calibrated=$(jq .calibrated "$rep.new/calibration.json")

# The series' goals (scripts/report/goals.json), judged on this run: one row
# per goal and scenario, the ratio with its 95% bootstrap interval over the
# repeats (tools/vp-stats) and a verdict: met or missed where the interval
# says so, else "not resolved" with an estimate of the repeats that would
# resolve it.  Throughput: the ratio of the medians, I/O-bound loads under
# icount (†) not judged.  Worst latency: the ratio of A's worst (the max
# over its repeats) to the threshold max(K x B's worst, floor), judged only
# on a calibrated run.
[ -x "$TOP/tools/vp-stats" ] || make -s -C "$TOP/tools" vp-stats >&2 || die "cannot build tools/vp-stats"
jq -c '.[]' "$TOP/scripts/report/goals.json" | while read -r g; do
	jq -c --argjson g "$g" -f "$TOP/scripts/report/goal-rows.jq" "$rep.new/summary.json" |
	while read -r row; do
		a=$(jq -r '.a | map(tostring) | join(" ")' <<<"$row")
		b=$(jq -r '.b | map(tostring) | join(" ")' <<<"$row")
		if [ "$(jq -r .what <<<"$g")" = tput ]; then
			st=$("$TOP/tools/vp-stats" --stat=median --want="$(jq .want <<<"$g")" --goal=ge "$a" "$b")
		else
			st=$("$TOP/tools/vp-stats" --stat=max --scale="$(jq .scale <<<"$g")" \
				--floor="$(jq .floor_us <<<"$g")" --want=1 --goal=le "$a" "$b")
		fi
		jq -c -n --argjson g "$g" --argjson row "$row" --argjson st "$st" --argjson cal "$calibrated" '
			($row.a | max) as $aw | ($row.b | max) as $bw
			| (if $g.what == "tput" then
				(if $row.io then "I/O-bound under icount" else null end)
			   elif ($cal | not) then "the run is not calibrated" else null end) as $why
			| {goal: $g.text, what: $g.what, a: $g.a, b: $g.b, scenario: $row.scenario,
			   value: $st.value, lo: $st.lo, hi: $st.hi, level: $st.level,
			   want: (if $g.what == "tput" then $g.want else 1 end),
			   judged: ($why == null), why: $why,
			   verdict: (if $why == null then $st.verdict else "not judged" end),
			   runs_to_resolve: $st.runs_to_resolve, n_a: $st.n_a, n_b: $st.n_b}
			+ (if $g.what == "lat" then {a_worst_us: $aw, b_worst_us: $bw,
				threshold_us: ([$g.scale * $bw, $g.floor_us] | max)} else {} end)'
	done
done | jq -s . >"$rep.new/goals.json"

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
		jq -r --arg s "$s" --arg p "$p" '[.runs[] | select(.scenario == $s and .profile == $p and (.excluded | not)) | .dir] | .[]' "$bench" |
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
	jq -r --arg p "$p" '.runs[] | select(.scenario == "many-threads" and .profile == $p and .status == "ok" and (.excluded | not)) | .dir' "$bench" |
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
	(.all.max | f), (.all.p999 | f), (.all.p99 | f), (.avg_us.median | f),
	(if .tput then "\(.tput.median | f) \(.tput.metric)\(if .io_under_icount then " †" else "" end)" else "-" end),
	(if .tput_rel then "\(.tput_rel.median | f) (\(.tput_rel.lo | f)..\(.tput_rel.hi | f))" else "-" end),
	(.failures | join(" "))] | @tsv' "$rep.new/summary.json")
hdr="scenario	profile	kernel	ok/runs	max µs (median)	max µs (range)	max µs (all)	p99.9 µs (all)	p99 µs (all)	avg µs	throughput (median)	x $base (range)	failures"
# The questions: one small table each.
qmd=$(jq -r 'def f: if type == "number" then (. * 100 | round / 100) else "-" end;
	.[] | "### \(.question)\n\n| scenario | ratio | range |\n|---|---|---|\n"
	+ ([.rows[] | "| \(.scenario) | **\(.value | f)** | \(.lo | f)..\(.hi | f) |"] | join("\n")) + "\n"' "$rep.new/questions.json")
# The goals: one line per goal: how many scenarios meet it, the misses and
# the unresolved named, every ratio with its interval.
goals_tsv=$(jq -r 'def f: (. * 1000 | round / 1000);
	def ratio: "\(.scenario) \(.value | f) [\(.lo | f)..\(.hi | f)]";
	. as $all | (reduce .[].goal as $g ([]; if index([$g]) then . else . + [$g] end))[] as $g
	| [$all[] | select(.goal == $g)] | [.[] | select(.judged)] as $j | select(length > 0)
	| [.[0].goal,
	   (if ($j | length) > 0 then "\([$j[] | select(.verdict == "met")] | length)/\($j | length)" else "not judged: \(.[0].why)" end),
	   ([$j[] | select(.verdict == "missed") | ratio] | join("; ")),
	   ([$j[] | select(.verdict == "not resolved") | "\(ratio) (about \(.runs_to_resolve // "?") runs)"] | join("; ")),
	   ([.[] | "\(ratio)\(if .judged then "" else " †" end)"] | join(", "))] | @tsv' "$rep.new/goals.json")
# The calibration table: per kernel its floor, then the reference worst per load.
cal_tsv=$(jq -r 'def f: if type == "number" then (if . >= 100 then round else (. * 10 | round / 10) end) else "-" end;
	.kernels[] | [.profile, (.calibrate_max_us | f), (.calibrate_p999_us | f), (.boot_floor_max_us | f),
		"\(.boots)", "\(.contaminated)", "\(.excluded)"] | @tsv' "$rep.new/calibration.json")
cal_hdr="kernel	calibrate: max µs	calibrate: p99.9 µs	boots' floor: max µs	boots	contaminated (rerun)	excluded"
ref_tsv=$(jq -r '.reference[] | [.scenario, (.["upstream-full"] // "-" | tostring), (.["upstream-lazy"] // "-" | tostring)] | @tsv' "$rep.new/calibration.json")
cal_line=$(jq -r 'if .calibrated then "**calibrated**: every kernel'"'"'s floor is under \(.bound_us) µs on the \(.lane) lane (\(.clock)); \(.boots.contaminated) contaminated boot(s) rerun, \(.boots.excluded) excluded"
	else "**not calibrated** (\(.why | join("; "))): the worst latencies below are not judged" end' "$rep.new/calibration.json")
qhtml=$(jq -r 'def f: if type == "number" then (. * 100 | round / 100) else "-" end;
	.[] | "<h3>\(.question)</h3><table><tr><th>scenario</th><th>ratio</th><th>range</th></tr>"
	+ ([.rows[] | "<tr><td>\(.scenario)</td><td><b>\(.value | f)</b></td><td>\(.lo | f)..\(.hi | f)</td></tr>"] | join("")) + "</table>"' "$rep.new/questions.json")
runon=$(jq -r '.bench | (.guests // .lanes // 1) as $l | .host | "\(.cpu), \(.ncpu) CPUs, host kernel \(.kernel), \(.qemu), \(if $l > 1 then "up to \($l) guests at a time (disk loads alone)" else "one guest at a time" end)"' "$bench")
note="Latency: cyclictest (SCHED_FIFO 95, 1 ms interval) on the load's CPU; max, p99.9 and p99 (all): over every sample of every repeat, from its 1 µs histograms; a boot whose calibration phase showed the host's hand (contaminated) is left out of every figure. Throughput: the load's own rate (runs/s = 1e6 / its duration where it has no rate), higher is better. Ratios: medians of the repeats; ranges: min..max of the first profile over the second's median. †: I/O-bound; under the icount clock an idle guest's clock jumps to its next timer while it waits for the host's I/O, so this throughput is not a measure of the kernel (Documentation/method.rst)."
{
	echo "# voluntary-preempt benchmark report"
	echo
	echo "Run $(jq -r .bench.stamp "$bench") on $runon."
	echo "Clock: **$clock**. Command: \`$cmd\`. Lane: **$(jq -r '.bench | "\(.lane // "2vcpu") (\(.vcpus // 2) vCPU)"' "$bench")**. Raw data: results.json, summary.json, calibration.json, questions.json, goals.json; every run's console log and guest output under runs/ of the run's directory."
	echo
	echo "## Calibration"
	echo
	echo "$cal_line."
	echo
	echo "$cal_hdr" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$cal_hdr" | sed 's/[^\t]*/---/g; s/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$cal_tsv" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo
	if [ -n "$ref_tsv" ]; then
		echo "Reference kernels' worst latency per load (µs, max over all repeats): what no preemption model removes below."
		echo
		echo "| load | upstream-full | upstream-lazy |"
		echo "|---|---|---|"
		echo "$ref_tsv" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
		echo
	fi
	if [ -n "$goals_tsv" ]; then
		echo "## The series' goals"
		echo
		echo "| goal | met | missed | not resolved | every ratio [95% interval] |"
		echo "|---|---|---|---|---|"
		echo "$goals_tsv" | awk -F'\t' '{ printf "| %s | %s | %s | %s | %s |\n", $1, $2, ($3 == "" ? "-" : "**" $3 "**"), ($4 == "" ? "-" : $4), $5 }'
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
	echo "Clock: <b>$clock</b>. Lane: <b>$(jq -r '.bench | "\(.lane // "2vcpu") (\(.vcpus // 2) vCPU)"' "$bench")</b>. Command: <code>$cmd</code>.<br>Raw data: <a href=\"results.json\">results.json</a>, <a href=\"summary.json\">summary.json</a>, <a href=\"calibration.json\">calibration.json</a>, <a href=\"questions.json\">questions.json</a>, <a href=\"goals.json\">goals.json</a>.</p>"
	echo "<h2>Calibration</h2><p>$(sed -E 's|\*\*([^*]*)\*\*|<b>\1</b>|g' <<<"$cal_line").</p>"
	echo "<table><tr>$(echo "$cal_hdr" | sed 's/\t/<\/th><th>/g; s/^/<th>/; s/$/<\/th>/')</tr>"
	echo "$cal_tsv" | awk -F'\t' '{printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>"}'
	echo "</table>"
	if [ -n "$ref_tsv" ]; then
		echo "<p>Reference kernels' worst latency per load (µs, max over all repeats): what no preemption model removes below.</p>"
		echo "<table><tr><th>load</th><th>upstream-full</th><th>upstream-lazy</th></tr>"
		echo "$ref_tsv" | awk -F'\t' '{printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>"}'
		echo "</table>"
	fi
	if [ -n "$goals_tsv" ]; then
		echo "<h2>The series' goals</h2><table><tr><th>goal</th><th>met</th><th>missed</th><th>not resolved</th><th>every ratio [95% interval]</th></tr>"
		echo "$goals_tsv" | awk -F'\t' '{ for (i = 1; i <= NF; i++) { gsub(/&/, "\\&amp;", $i); gsub(/</, "\\&lt;", $i); gsub(/>/, "\\&gt;", $i) }
			printf "<tr%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", ($3 == "" ? "" : " class=\"bad\""), $1, $2, ($3 == "" ? "-" : $3), ($4 == "" ? "-" : $4), $5 }'
		echo "</table>"
	fi
	[ -n "$qhtml" ] && echo "<h2>Answers</h2>$qhtml"
	[ -f "$rep.new/throughput.png" ] && echo "<p><img src=\"throughput.png\" alt=\"throughput relative to $base\"></p>"
	echo "<h2>Every profile and scenario</h2>"
	echo "<table><tr>$(echo "$hdr" | sed 's/\t/<\/th><th>/g; s/^/<th>/; s/$/<\/th>/')</tr>"
	echo "$rows" | awk -F'\t' '{cls = ($13 != "") ? " class=\"bad\"" : ""; printf "<tr%s>", cls;
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
