#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh [RESULTS_DIR] - turn one bench run (default: the latest) into
# $BUILD/report/: results.json (every run's figures, raw), summary.json
# (median and spread per profile and scenario), index.html and report.md
# (tables), and gnuplot PNGs: worst latency per profile, latency histograms.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need jq gnuplot
dir=${1:-$BUILD/results/latest}
[ -f "$dir/bench.json" ] || die "no bench results in $dir; run 'make bench' first"
dir=$(cd "$dir" && pwd -P)
rep=${REPORT_DIR:-$BUILD/report}
rm -rf "$rep.new"
mkdir -p "$rep.new/data"

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
jq '
	def median: sort | if length == 0 then null elif length % 2 == 1 then .[length / 2 | floor]
		else (.[length / 2 - 1] + .[length / 2]) / 2 end;
	.bench as $b | [.runs | group_by([.scenario, .profile])[]
	| {scenario: .[0].scenario, profile: .[0].profile, clock: .[0].clock,
	   kernel: ([.[].kernel | select(.)] | first),
	   runs: length, ok: ([.[] | select(.status == "ok")] | length),
	   failures: [.[] | select(.status != "ok") | "\(.rep): \(.status)"],
	   max_us: ([.[] | select(.lat) | .lat.max] | {median: median, lo: min, hi: max}),
	   p99_us: ([.[] | select(.lat) | .lat.p99] | {median: median, lo: min, hi: max}),
	   avg_us: ([.[] | select(.lat) | .lat.avg] | {median: median, lo: min, hi: max}),
	   load_us: ([.[] | select(.load) | (.load.truncate_us // .load.usecs)] | {median: median, lo: min, hi: max})}]
	| sort_by(.scenario, (.profile as $p | $b.profiles | index($p)))' \
	"$rep.new/results.json" >"$rep.new/summary.json"

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

# Tables: Markdown and HTML from the same rows.
rows=$(jq -r 'def f: if type == "number" then (. * 10 | round / 10) else "-" end;
	.[] | [.scenario, .profile, .kernel // "-", "\(.ok)/\(.runs)",
	(.max_us.median | f), "\(.max_us.lo | f)..\(.max_us.hi | f)",
	(.p99_us.median | f), (.avg_us.median | f), (.load_us.median | f),
	(.failures | join(" "))] | @tsv' "$rep.new/summary.json")
hdr="scenario	profile	kernel	ok/runs	max µs (median)	max µs (range)	p99 µs	avg µs	load µs	failures"
{
	echo "# voluntary-preempt benchmark report"
	echo
	echo "Run $(jq -r .bench.stamp "$bench") on $(jq -r '.bench.host | "\(.cpu), \(.ncpu) CPUs, host kernel \(.kernel)"' "$bench")."
	echo "Clock: **$clock**. Command: \`$cmd\`. Raw data: results.json; every run's console log and guest output under $dir/runs."
	echo
	echo "$hdr" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$hdr" | sed 's/[^\t]*/---/g; s/\t/ | /g; s/^/| /; s/$/ |/'
	echo "$rows" | sed 's/\t/ | /g; s/^/| /; s/$/ |/'
	echo
	for s in $scenarios; do
		[ -f "$rep.new/$s-max.png" ] && echo "![$s worst latency]($s-max.png)"
		[ -f "$rep.new/$s-hist.png" ] && echo "![$s latency histogram]($s-hist.png)"
	done
	echo
	echo "load µs: the load's own duration (ext3-truncate: the truncate call)."
} >"$rep.new/report.md"
{
	echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>voluntary-preempt report</title>'
	echo '<style>body{font-family:sans-serif;max-width:980px;margin:2em auto}table{border-collapse:collapse}'
	echo 'td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}td:nth-child(-n+3){text-align:left}'
	echo '.bad{background:#fdd}code{background:#eee}</style></head><body>'
	echo "<h1>voluntary-preempt benchmark report</h1>"
	echo "<p>Run $(jq -r .bench.stamp "$bench") on $(jq -r '.bench.host | "\(.cpu), \(.ncpu) CPUs, host kernel \(.kernel)"' "$bench").<br>"
	echo "Clock: <b>$clock</b>. Command: <code>$cmd</code>.<br>Raw data: <a href=\"results.json\">results.json</a>, <a href=\"summary.json\">summary.json</a>.</p>"
	echo "<table><tr>$(echo "$hdr" | sed 's/\t/<\/th><th>/g; s/^/<th>/; s/$/<\/th>/')</tr>"
	echo "$rows" | awk -F'\t' '{cls = ($10 != "") ? " class=\"bad\"" : ""; printf "<tr%s>", cls;
		for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>"}'
	echo "</table><p>load µs: the load's own duration (ext3-truncate: the truncate call).</p>"
	for s in $scenarios; do
		for k in max hist; do
			[ -f "$rep.new/$s-$k.png" ] && echo "<p><img src=\"$s-$k.png\" alt=\"$s $k\"></p>"
		done
	done
	echo "</body></html>"
} >"$rep.new/index.html"

rm -rf "$rep"
mv "$rep.new" "$rep"
say "report: $rep/index.html (also report.md; raw data results.json)"
