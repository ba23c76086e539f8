#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# report.sh [RESULTS_DIR] - turn one bench run (default: the latest) into
# $BUILD/report/: results.json (every run's figures, raw), summary.json
# (median and spread per profile and scenario), index.html and report.md
# (tables), questions.json and goals.json (the ratios that answer the
# questions and judge the series' goals), and gnuplot PNGs: throughput over
# the base profile, worst latency per profile, latency histograms.  What it
# compares (the base profile, the pairs, the goals and their bounds) is in
# scripts/report/pairs.json and goals.json, its jq programs beside them.
#
# RESULTS_DIR may also be a committed run, results/<run>/, which keeps only
# bench.json and the summaries: its report is rendered from them as they
# were judged (index.html, report.md and the plots that need no raw run;
# the latency histograms are in the run's raw archive).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need jq gnuplot
dir=${1:-$BUILD/results/latest}
[ -d "$dir" ] || die "no such run: $dir"
[ -f "$dir/bench.json" ] || die "no bench results in $dir (no bench.json); run 'make bench' first, or name a run under results/"
dir=$(cd "$dir" && pwd -P)
# rel PATH: PATH as the messages give it (relative to the repository)
rel() { case $1 in "$TOP"/*) echo "${1#"$TOP"/}" ;; *) echo "$1" ;; esac; }
# A committed run (results/<run>/: bench.json and the report's summaries,
# its raw runs archived outside git) is rendered from its summaries as
# they were judged; a run under build/results/ is computed from its runs.
# (its summaries under report/, or beside bench.json in the earliest runs)
committed= sums=
if [ ! -d "$dir/runs" ]; then
	for sums in "$dir/report" "$dir" ""; do
		if [ -f "$sums/summary.json" ]; then break; fi
	done
	[ -n "$sums" ] || die "$(rel "$dir") has neither its runs (runs/) nor a committed summary (report/summary.json)"
	committed=1
fi
rep=${REPORT_DIR:-$BUILD/report}
rm -rf "$rep.new"
mkdir -p "$rep.new/data" || die "cannot create $rep.new (disk full or read-only?)"
# a write that fails (a full disk) stops here, and the last good report stays
trap 'rm -rf "$rep.new"; die "could not write the report in $rep.new (disk full?); $rep is left as it was"' ERR

if [ -n "$committed" ]; then
	# the summaries as committed; the run's bench.json stands for
	# results.json (its runs are in the archive named in raw.sha256)
	for f in $REPORT_SUMMARIES; do
		if [ -f "$sums/$f" ]; then cp "$sums/$f" "$rep.new/"; fi
	done
	bench=$rep.new/data/bench.json
	jq '{bench: ., runs: []}' "$dir/bench.json" >"$bench"
	# a plot drawn from the raw runs, committed with the summaries
	if [ -f "$sums/many-threads.png" ]; then cp "$sums/many-threads.png" "$rep.new/"; fi
	# the archive of the raw runs (raw.sha256: in the run, or in the
	# directory that holds it and its sibling runs)
	raw="its raw runs (console logs, guest output) are not committed"
	for f in "$dir/raw.sha256" "$(dirname "$dir")/raw.sha256"; do
		if [ -f "$f" ]; then
			raw="the raw runs: archive $(awk '{ print $2; exit }' "$f") (its sha256 in raw.sha256), outside git"
			break
		fi
	done
else
	# One record per run: status, cyclictest figures and the load's own
	# figures (scripts/report/record.jq).
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
			--argjson timerlat "${tl:-null}" --arg rep "$(basename "$d")" --arg dir "${d#"$dir"/}" \
			-f "$TOP/scripts/report/record.jq")")
	done < <(find "$dir/runs" -name run.json | sort)
	[ ${#records[@]} -gt 0 ] || die "no runs under $dir/runs"
	printf '%s\n' "${records[@]}" | jq -s --slurpfile bench "$dir/bench.json" \
		'{bench: $bench[0], runs: .}' >"$rep.new/results.json"

	# Median and spread per profile and scenario (scripts/report/summary.jq),
	# throughput also relative to the base profile of scripts/report/pairs.json;
	# the questions, one ratio per scenario for each pair of profiles there that
	# ran (questions.jq).
	pairs=$TOP/scripts/report/pairs.json
	jq -L "$TOP/scripts/report" --slurpfile pairs "$pairs" -f "$TOP/scripts/report/summary.jq" \
		"$rep.new/results.json" >"$rep.new/summary.json"
	jq --slurpfile pairs "$pairs" -f "$TOP/scripts/report/questions.jq" \
		"$rep.new/summary.json" >"$rep.new/questions.json"

	# The lane's calibration (calibration.json): per kernel its floor, the
	# worst latency under a load that no preemption model delays (the
	# calibrate scenario, and every boot's own calibration phases), the boots
	# that were contaminated and rerun or excluded, and per load the reference
	# kernels' worst latency (what no model's preemption could remove).  The
	# run is calibrated when it ran on the 1vcpu lane and every kernel's floor
	# is under the bound.
	jq -L "$TOP/scripts/report" --slurpfile res "$rep.new/results.json" --slurpfile pairs "$pairs" \
		-f "$TOP/scripts/report/calibration.jq" \
		"$rep.new/summary.json" >"$rep.new/calibration.json"
	calibrated=$(jq .calibrated "$rep.new/calibration.json")

	# The series' goals (scripts/report/goals.json), judged on this run: one row
	# per goal and scenario, the ratio with its 95% bootstrap interval over the
	# repeats (tools/vp-stats) and a verdict: met or missed where the interval
	# says so, else "not resolved" with an estimate of the repeats that would
	# resolve it.  Throughput: the ratio of the medians, I/O-bound loads under
	# icount (†) not judged.  Time lost to a lock (lockfault): the ratio of
	# the medians, judged where B's median is at least the goal's min_b.  Worst
	# latency: the ratio of A's worst (the max over its repeats) to the
	# threshold max(K x B's worst, floor), judged only on a calibrated run.
	[ -x "$TOP/tools/vp-stats" ] || make -s -C "$TOP/tools" vp-stats >&2 || die "cannot build tools/vp-stats"
	jq -c '.[]' "$TOP/scripts/report/goals.json" | while read -r g; do
		jq -c --argjson g "$g" -f "$TOP/scripts/report/goal-rows.jq" "$rep.new/summary.json" |
		while read -r row; do
			a=$(jq -r '.a | map(tostring) | join(" ")' <<<"$row")
			b=$(jq -r '.b | map(tostring) | join(" ")' <<<"$row")
			case $(jq -r .what <<<"$g") in
			tput) st=$("$TOP/tools/vp-stats" --stat=median --want="$(jq .want <<<"$g")" --goal=ge "$a" "$b") ;;
			# a floor, so that a B that never waited gives a (not judged) ratio
			lockwait) st=$("$TOP/tools/vp-stats" --stat=median --floor=0.000001 --want="$(jq .want <<<"$g")" --goal=le "$a" "$b") ;;
			lat)
				st=$("$TOP/tools/vp-stats" --stat=max --scale="$(jq .scale <<<"$g")" \
					--floor="$(jq .floor_us <<<"$g")" --want=1 --goal=le "$a" "$b") ;;
			*) die "scripts/report/goals.json: unknown kind of goal in $g (tput, lockwait or lat)" ;;
			esac
			jq -c -n --argjson g "$g" --argjson row "$row" --argjson st "$st" --argjson cal "$calibrated" \
				-f "$TOP/scripts/report/goal-verdict.jq"
		done
	done | jq -s . >"$rep.new/goals.json"

	# The stretches, ranked (stretches.json, stretches.jq): every judged
	# worst-latency row of goals.json (a calibrated run's) whose worst case is
	# over its threshold, largest ratio first, then the loads on which a
	# reference kernel itself stayed over 1000 µs (shared by every model), with
	# what 'make hotspots' named for each where scripts/stretches.sh traced it
	# (hotspots/PROFILE-SCENARIO/hotspots.json in the run's directory): the
	# function with the most time under it (callers) and the one with the most
	# time of its own (self).
	hs=$(for h in "$dir"/hotspots/*/hotspots.json; do
		[ -f "$h" ] || continue
		jq -c --arg k "$(basename "$(dirname "$h")")" '{($k): {traced_us, clock, lane,
			caller: (.callers[0] // null), self: (.self[0] // null)}}' "$h"
	done | jq -s 'add // {}')
	jq --argjson hs "$hs" --argjson shared_us 1000 -f "$TOP/scripts/report/stretches.jq" \
		"$rep.new/goals.json" >"$rep.new/stretches.json"
	raw="every run's console log and guest output under runs/ of the run's directory"
	bench=$rep.new/results.json
fi

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
	set terminal pngcairo noenhanced size 800,420 font ",10"
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
			if [ -s "$dir/$d/results/cyclictest.json" ]; then
				jq -r '.thread["0"].histogram // {} | to_entries[] | "\(.key) \(.value)"' "$dir/$d/results/cyclictest.json"
			fi
		done | awk '{c[$1] += $2} END {for (k in c) print k, c[k]}' | sort -n >"$f"
		[ -s "$f" ] && plots+=("\"$f\" using 1:2 with points pt 7 ps 0.7 title \"$p\"")
	done
	[ ${#plots[@]} -gt 0 ] || continue
	gnuplot <<-GP
	set terminal pngcairo noenhanced size 800,420 font ",10"
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
		if [ -s "$dir/$d/results/threads.json" ]; then
			jq -r '.runs[] | "\(.threads) \(.loops_per_s)"' "$dir/$d/results/threads.json"
		fi
	done | sort -k1,1n -k2,2g | awk '{v[$1] = v[$1] " " $2} END {for (t in v) {n = split(v[t], a, " ");
		print t, (n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2)}}' | sort -n >"$f"
	[ -s "$f" ] && mt+=("\"$f\" using 1:2 with linespoints pt 7 title \"$p\"")
done
if [ ${#mt[@]} -gt 0 ]; then
	gnuplot <<-GP
	set terminal pngcairo noenhanced size 800,420 font ",10"
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

# Throughput relative to the base profile, one cluster per scenario: a
# point at the median, whiskers min..max (each over the base's median), on
# an axis fitted around 1.0 with the throughput goals against the base
# drawn (scripts/report/plots.jq).  I/O-bound loads under icount (†) are
# left out: their "throughput" is the host's disk, and its 10x swings would
# flatten every other difference.
base=$(jq -r 'first(.[].base) // empty' "$rep.new/summary.json")
profs=$(jq -c '.bench.profiles' "$bench")
jq -r -L "$TOP/scripts/report" --argjson profiles "$profs" 'include "plots"; throughput_dat($profiles)' \
	"$rep.new/summary.json" >"$rep.new/data/throughput.dat"
if grep -q '^[^#]' "$rep.new/data/throughput.dat"; then
	gnuplot <<-GP
	set terminal pngcairo noenhanced size 900,500 font ",10"
	set output "$rep.new/throughput.png"
	set title "throughput relative to $base (point: median of repeats; whiskers: min..max) [$clock]$(grep -q . <(jq -r '.[] | select(.io_under_icount) | .scenario' "$rep.new/summary.json") && echo '\n(I/O-bound loads under icount left out)')"
	set ylabel "x $base"
	set datafile separator "\t"
	set grid ytics
	set key below maxrows 3
	set xtics rotate by -20
	dat = "$rep.new/data/throughput.dat"
	$(jq -r -L "$TOP/scripts/report" --argjson profiles "$profs" --slurpfile goals "$TOP/scripts/report/goals.json" \
		'include "plots"; throughput_gp($profiles; $goals[0])' "$rep.new/summary.json")
	GP
fi

# Tables: Markdown and HTML from the same rows (scripts/report/tables.jq).
# (a summary the run does not have, one made before it existed, gives none)
# (a committed summary in a form older than the report's: its table is
# left out and the report says so, the figures stay in the JSON)
table() {
	local out
	[ -f "$rep.new/$2" ] || return 0
	if out=$(jq -r -L "$TOP/scripts/report" "include \"tables\"; $1" "$rep.new/$2" 2>"$rep.new/data/$1.err"); then
		printf '%s\n' "$out"
	elif [ -n "$committed" ]; then
		echo "$2" >>"$rep.new/data/older"
	else
		cat "$rep.new/data/$1.err" >&2
		return 1
	fi
}
# the report's data files, as the report links them
data=()
for f in results.json $REPORT_SUMMARIES; do
	if [ -f "$rep.new/$f" ]; then data+=("$f"); fi
done
rows=$(table profile_rows summary.json)
hdr="scenario	profile	kernel	ok/runs	max µs (median)	max µs (range)	max µs (all)	p99.9 µs (all)	p99 µs (all)	avg µs	throughput (median)	x $base (range)	failures"
qmd=$(table questions_md questions.json)
qhtml=$(table questions_html questions.json)
goals_tsv=$(table goal_rows goals.json)
stretch_tsv=$(table stretch_rows stretches.json)
stretch_hdr="stretch	scenario	profile	worst µs	threshold µs	ratio	most time under (hotspots)	most self time	traced µs"
# The calibration table: per kernel its floor, then the reference kernels'
# worst per load (its first line the header).
cal_tsv=$(table calibration_rows calibration.json)
cal_hdr="kernel	calibrate: max µs	calibrate: p99.9 µs	boots' floor: max µs	boots	contaminated (rerun)	excluded"
ref_tsv=$(table reference_rows calibration.json)
cal_line=$(table calibration_line calibration.json)
older=$( (sort -u "$rep.new/data/older" 2>/dev/null || true) | tr '\n' ' ')
lane=$(jq -r '.bench | "\(.lane // "2vcpu") (\(.vcpus // 2) vCPU)"' "$bench")
# the guests' architecture (runs before the arm64 lane existed were x86_64)
garch=$(jq -r '.bench.arch // "x86_64"' "$bench")
# md_rows, md_rule, html_rows, html_head: tab-separated lines as Markdown
# or HTML table rows; the rule under a Markdown header line.
md_rows() { sed 's/\t/ | /g; s/^/| /; s/$/ |/'; }
md_rule() { sed 's/[^\t]*/---/g' | md_rows; }
html_rows() { awk -F'\t' '{printf "<tr>"; for (i = 1; i <= NF; i++) printf "<td>%s</td>", $i; print "</tr>"}'; }
html_head() { sed 's/\t/<\/th><th>/g; s/^/<th>/; s/$/<\/th>/'; }
runon=$(jq -r '.bench | (.guests // .lanes // 1) as $l | .host | "\(.cpu), \(.ncpu) CPUs, host kernel \(.kernel), \(.qemu), \(if $l > 1 then "up to \($l) guests at a time (disk loads alone)" else "one guest at a time" end)"' "$bench")
note="Latency: cyclictest (SCHED_FIFO 95, 1 ms interval) on the load's CPU; max, p99.9 and p99 (all): over every sample of every repeat, from its 1 µs histograms; a boot whose calibration phase showed the host's hand (contaminated) is left out of every figure. Throughput: the load's own rate (runs/s = 1e6 / its duration where it has no rate), higher is better. Ratios: medians of the repeats; ranges: min..max of the first profile over the second's median. †: I/O-bound; under the icount clock an idle guest's clock jumps to its next timer while it waits for the host's I/O, so this throughput is not a measure of the kernel (Documentation/method.rst)."
{
	echo "# voluntary-preempt benchmark report"
	echo
	echo "Run $(jq -r .bench.stamp "$bench") on $runon."
	echo "Guests: **$garch**. Clock: **$clock**. Command: \`$cmd\`. Lane: **$lane**. Data: $(IFS=,; echo "${data[*]}" | sed 's/,/, /g'); $raw."
	echo
	[ -z "$older" ] || { echo "Not tabled here, written before this report's form: ${older% } (the figures are in the file)."; echo; }
	echo "## Calibration"
	echo
	if [ -n "$cal_line" ]; then
		echo "$cal_line."
		echo
		md_rows <<<"$cal_hdr"
		md_rule <<<"$cal_hdr"
		md_rows <<<"$cal_tsv"
	else
		echo "None: the run was made before the calibrated lane (its worst latencies are the emulator's as much as the kernel's)."
	fi
	echo
	if [ -n "$ref_tsv" ]; then
		echo "Reference kernels' worst latency per load (µs, max over all repeats): what no preemption model removes below."
		echo
		head -1 <<<"$ref_tsv" | md_rows
		head -1 <<<"$ref_tsv" | md_rule
		tail -n +2 <<<"$ref_tsv" | md_rows
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
	if [ -n "$stretch_tsv" ]; then
		echo "## Stretches, ranked"
		echo
		echo "Worst latency over its goal's threshold, largest ratio first; then the loads on which a reference kernel itself stayed over 1000 µs (shared: no preemption model removes them). The kernel code from \`make stretches\` (\`make hotspots\` on the run's lane), where it traced the stretch."
		echo
		md_rows <<<"$stretch_hdr"
		md_rule <<<"$stretch_hdr"
		md_rows <<<"$stretch_tsv"
		echo
	fi
	if [ -n "$qmd" ]; then
		echo "## Answers"
		echo
		echo "$qmd"
		echo
	fi
	[ -f "$rep.new/throughput.png" ] && echo "![throughput relative to $base](throughput.png)" && echo
	echo "## Every profile and scenario"
	echo
	md_rows <<<"$hdr"
	md_rule <<<"$hdr"
	md_rows <<<"$rows"
	echo
	echo "$note"
	echo
	for s in $scenarios; do
		[ -f "$rep.new/$s-max.png" ] && echo "![$s worst latency]($s-max.png)"
		[ -f "$rep.new/$s-hist.png" ] && echo "![$s latency histogram]($s-hist.png)"
	done
	[ -f "$rep.new/many-threads.png" ] && echo "![many-threads throughput](many-threads.png)"
	true
} >"$rep.new/report.md"
{
	echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>voluntary-preempt report</title>'
	echo '<style>body{font-family:sans-serif;max-width:1100px;margin:2em auto}table{border-collapse:collapse;margin-bottom:1em}'
	echo 'td,th{border:1px solid #bbb;padding:3px 8px;text-align:right}td:nth-child(-n+3){text-align:left}'
	echo '.bad{background:#fdd}code{background:#eee}h3{margin-bottom:.3em}</style></head><body>'
	echo "<h1>voluntary-preempt benchmark report</h1>"
	echo "<p>Run $(jq -r .bench.stamp "$bench") on $runon.<br>"
	echo "Guests: <b>$garch</b>. Clock: <b>$clock</b>. Lane: <b>$lane</b>. Command: <code>$cmd</code>.<br>Data: $(for f in "${data[@]}"; do printf '<a href="%s">%s</a> ' "$f" "$f"; done); $raw.</p>"
	[ -z "$older" ] || echo "<p>Not tabled here, written before this report's form: ${older% } (the figures are in the file).</p>"
	if [ -n "$cal_line" ]; then
		echo "<h2>Calibration</h2><p>$(sed -E 's|\*\*([^*]*)\*\*|<b>\1</b>|g' <<<"$cal_line").</p>"
		echo "<table><tr>$(html_head <<<"$cal_hdr")</tr>"
		html_rows <<<"$cal_tsv"
		echo "</table>"
	else
		echo "<h2>Calibration</h2><p>None: the run was made before the calibrated lane (its worst latencies are the emulator's as much as the kernel's).</p>"
	fi
	if [ -n "$ref_tsv" ]; then
		echo "<p>Reference kernels' worst latency per load (µs, max over all repeats): what no preemption model removes below.</p>"
		echo "<table><tr>$(head -1 <<<"$ref_tsv" | html_head)</tr>"
		tail -n +2 <<<"$ref_tsv" | html_rows
		echo "</table>"
	fi
	if [ -n "$goals_tsv" ]; then
		echo "<h2>The series' goals</h2><table><tr><th>goal</th><th>met</th><th>missed</th><th>not resolved</th><th>every ratio [95% interval]</th></tr>"
		echo "$goals_tsv" | awk -F'\t' '{ for (i = 1; i <= NF; i++) { gsub(/&/, "\\&amp;", $i); gsub(/</, "\\&lt;", $i); gsub(/>/, "\\&gt;", $i) }
			printf "<tr%s><td>%s</td><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", ($3 == "" ? "" : " class=\"bad\""), $1, $2, ($3 == "" ? "-" : $3), ($4 == "" ? "-" : $4), $5 }'
		echo "</table>"
	fi
	if [ -n "$stretch_tsv" ]; then
		echo "<h2>Stretches, ranked</h2><table><tr>$(html_head <<<"$stretch_hdr")</tr>"
		html_rows <<<"$stretch_tsv"
		echo "</table>"
	fi
	[ -n "$qhtml" ] && echo "<h2>Answers</h2>$qhtml"
	[ -f "$rep.new/throughput.png" ] && echo "<p><img src=\"throughput.png\" alt=\"throughput relative to $base\"></p>"
	echo "<h2>Every profile and scenario</h2>"
	echo "<table><tr>$(html_head <<<"$hdr")</tr>"
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
say "report: $(rel "$rep")/index.html (also report.md; data ${data[*]})"
