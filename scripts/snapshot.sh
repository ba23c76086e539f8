#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# snapshot.sh DEST BENCH_DIR - keep one bench run (or one 'make
# reliability' run: see below), a directory under build/results/, in DEST
# for committing under results/.  A bench run keeps only what a reader
# needs: bench.json and the report's summaries (summary, calibration,
# goals, questions and stretches JSON, one element or member a line:
# scripts/report/lines.jq; the many-threads curve, the one plot drawn from
# the raw runs; not report.md, index.html nor the other plots, which
# 'make report RUN=DEST' renders from these) and what
# 'make stretches' traced (hotspots/*/hotspots.{json,txt}); its raw runs
# go into one archive under build/archives/, outside git, with its sha256
# in DEST/raw.sha256 (see the end of this file).  It also writes
# DEST/repeats.json, every boot's own figures (the report's summary keeps
# only their median and spread).
#
# snapshot.sh --repeats DEST RAW_DIR - only write DEST/repeats.json, from
# a run's raw data (a bench run, or an archive unpacked) already archived.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

# repeats DIR: one record per boot under DIR (a directory with a run.json):
# its directory, profile, scenario, clock, env and status, cyclictest's
# worst and average latency (µs) and the load's own figures, as the guest
# wrote them (in results/, or beside run.json in runs made before bench.sh);
# then per group of repeats (the directory without its number) how many
# boots ran, finished (ok) and ended in each status
repeats() {
	local r d g ct load
	find "$1" -name run.json | sort -V | while read -r r; do
		d=$(dirname "$r") g=$(dirname "$r")/results
		[ -d "$g" ] || g=$d
		ct=$g/cyclictest.json load=$g/load.json
		[ -s "$ct" ] || ct=/dev/null
		[ -s "$load" ] || load=/dev/null
		jq -c -n --slurpfile run "$r" --slurpfile ct "$ct" --slurpfile load "$load" --arg dir "${d#"$1"/}" '
			$run[0] as $r | ($ct[0].thread["0"] // {}) as $t
			| {run: $dir, profile: $r.profile, scenario: $r.scenario, clock: $r.clock, env: ($r.env // ""),
			   status: $r.status, max_us: $t.max, avg_us: $t.avg}
			+ (if $r.calibration.contaminated == true then {excluded: true} else {} end)
			+ (if $load[0] then {load: $load[0].results} else {} end)'
	done >"$w/repeats"
	awk 'BEGIN { print "{\"runs\": [" } NR > 1 { print prev "," } { prev = "  " $0 } END { if (NR) print prev; print "]," }' "$w/repeats"
	jq -s -c '.[] | {group: (.run | sub("[-/][0-9]+$"; "")), profile, scenario, clock, env, status}' "$w/repeats" |
		jq -s -c 'group_by(.group)[] | {group: .[0].group, profile: .[0].profile, scenario: .[0].scenario,
			clock: .[0].clock, env: .[0].env, runs: length, ok: map(select(.status == "ok")) | length,
			status: (group_by(.status) | map({(.[0].status): length}) | add)}' |
		awk 'BEGIN { print "\"groups\": [" } NR > 1 { print prev "," } { prev = "  " $0 } END { if (NR) print prev; print "]}" }'
}

w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# archive NAME: the raw run $src as $BUILD/archives/NAME.tar.xz (without
# the scratch and results disks), its sha256 in $dest/raw.sha256
archive() {
	local a=$BUILD/archives/$1.tar.xz
	mkdir -p "$BUILD/archives"
	say "archiving the raw runs into $a"
	tar -C "$(dirname "$src")" --exclude='*/scratch.img' --exclude='*/results.img' \
		-cJf "$a.part" "$(basename "$src")" || die "could not write $a (disk full?)"
	mv "$a.part" "$a"
	(cd "$BUILD/archives" && sha256sum "$1.tar.xz") >"$dest/raw.sha256"
}

if [ "${1:-}" = --repeats ]; then
	[ $# -eq 3 ] && [ -d "$3" ] || die "usage: snapshot.sh --repeats DEST RAW_DIR"
	mkdir -p "$2" || die "cannot create $2"
	repeats "$3" >"$2/repeats.json.part" && mv "$2/repeats.json.part" "$2/repeats.json"
	du -b "$2/repeats.json" >&2
	exit 0
fi

[ $# -eq 2 ] || die "usage: snapshot.sh DEST BENCH_DIR|RELIABILITY_DIR"
dest=$1 src=$2
mkdir -p "$dest" || die "cannot create $dest"
dest=$(cd "$dest" && pwd)

# A 'make reliability' run (build/reliability/<stamp>/): its summaries
# (summary.json and .md, per profile integrity.json and
# powercut/summary.json, the debug kernel's suite), and the raw runs
# (every boot's console and guest output, the power cuts' acks, disk
# listings and verdicts) as one archive outside git, as for a bench run.
if [ -f "$src/summary.json" ] && jq -e 'has("cuts_per_profile")' "$src/summary.json" >/dev/null; then
	(cd "$src" && find . -maxdepth 3 \( -name '*.json' -o -name summary.md \) -not -name run.json \
		-not -path '*/results/*' -not -path '*/cut-*' -print0 | xargs -0 cp --parents -t "$dest")
	archive "reliability-$(jq -r .stamp "$src/summary.json")"
	du -sh "$dest" >&2
	exit 0
fi

[ -f "$src/bench.json" ] || die "$src is not a bench run (no bench.json) nor a reliability run"
# A bench run: what a reader needs goes to DEST (bench.json and the
# report's summaries and plots, rebuilt from the run); the raw runs
# (console logs, guest output) become one archive outside git,
# $BUILD/archives/<stamp>.tar.xz, whose sha256 DEST/raw.sha256 records.
stamp=$(jq -r .stamp "$src/bench.json")
archive "$stamp"
cp "$src/bench.json" "$dest/"
repeats "$src/runs" >"$dest/repeats.json"
REPORT_DIR=$dest/report.full PROG=report.sh "$TOP/scripts/report.sh" "$src"
rm -rf "$dest/report"
mkdir -p "$dest/report"
# (an empty list is left out: 'make report' renders a committed run
# without it the same, and each file costs results/ a block of its budget)
for f in $REPORT_SUMMARIES; do
	[ "$f" = summary.json ] || ! jq -e 'length == 0' "$dest/report.full/$f" >/dev/null 2>&1 || continue
	jq -r -f "$TOP/scripts/report/lines.jq" "$dest/report.full/$f" >"$dest/report/$f" ||
		die "could not rewrite $f"
done
# the plots: 'make report RUN=DEST' redraws the throughput and
# worst-latency plots from the summaries; only the many-threads curve
# needs the raw runs (the latency histograms stay in the archive)
# what 'make stretches' traced (small: the ranked functions, not the trace)
for h in "$src"/hotspots/*/hotspots.json; do
	[ -f "$h" ] || continue
	d=$dest/hotspots/$(basename "$(dirname "$h")")
	mkdir -p "$d" && cp "$h" "$(dirname "$h")/hotspots.txt" "$d/"
done
if [ -f "$dest/report.full/many-threads.png" ]; then cp "$dest/report.full/many-threads.png" "$dest/report/"; fi
rm -rf "$dest/report.full"
du -sh "$dest" >&2
