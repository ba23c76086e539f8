#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# snapshot.sh DEST BENCH_DIR - copy the raw data of one bench run (or of
# one 'make reliability' run: see below) (a
# directory under build/results/) into DEST, for committing under results/:
# bench.json, and per run (runs/<profile>/<scenario>/<repeat>/) run.json,
# the guest's JSON and text results and the console log (gzip -9), in the
# layout report.sh reads; then the report itself, rebuilt from the copy
# into DEST/report/.  The kernel .config, dmesg and trace copies are left
# out (the console log has the messages; the profile fragments give the
# config).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: snapshot.sh DEST BENCH_DIR|RELIABILITY_DIR"
dest=$1 src=$2
mkdir -p "$dest" || die "cannot create $dest"
dest=$(cd "$dest" && pwd)

# A 'make reliability' run (build/reliability/<stamp>/): its summaries, and
# per run the same files as for a bench run; the power cuts' serial1.log
# (the acks) and manifest.txt (the disk after the cut), the judge's input,
# go in xz -9, their console logs are left out (run.json's status has
# their verdict), and so are the cyclictest histograms.
if [ -f "$src/summary.json" ] && jq -e 'has("cuts_per_profile")' "$src/summary.json" >/dev/null; then
	(cd "$src" && find . -maxdepth 3 \( -name 'summary.*' -o -name 'integrity.json' -o -name '*.json' \) \
		-not -path '*/results/*' -print0 | xargs -0 cp --parents -t "$dest")
	find "$src" -name run.json | sort | while read -r r; do
		r=$(dirname "$r")
		d=$dest/${r#"$src/"}
		mkdir -p "$d/results"
		cp "$r/run.json" "$d/"
		[ -f "$r/powercut" ] && cp "$r/powercut" "$d/"
		for f in "$r"/results/*.json "$r"/results/fsck.txt "$r"/results/mount-dmesg.txt; do
			# latency is not what these runs measure: no histograms
			case $f in */cyclictest*.json) continue ;; esac
			[ -f "$f" ] && cp "$f" "$d/results/"
		done
		[ -f "$r/results/manifest.txt" ] && xz -9c "$r/results/manifest.txt" >"$d/results/manifest.txt.xz"
		[ -s "$r/serial1.log" ] && xz -9c "$r/serial1.log" >"$d/serial1.log.xz"
		# a cut's boots: their status says what the console said; keep it small
		case $r in */powercut/*) rm -f "$d/results/meta.json"; continue ;; esac
		xz -9c "$r/console.log" >"$d/console.log.xz"
	done
	find "$src" -name cut.json -o -name verdict.json | while read -r f; do
		mkdir -p "$dest/$(dirname "${f#"$src/"}")" && cp "$f" "$dest/${f#"$src/"}"
	done
	du -sh "$dest" >&2
	exit 0
fi

[ -f "$src/bench.json" ] || die "$src is not a bench run (no bench.json) nor a reliability run"
cp "$src/bench.json" "$dest/"
find "$src/runs" -name run.json | sort | while read -r r; do
	r=$(dirname "$r")
	d=$dest/runs/${r#"$src/runs/"}
	mkdir -p "$d/results"
	cp "$r/run.json" "$d/"
	for f in "$r"/results/*.json "$r"/results/*.txt; do
		case $f in */cyclictest*.txt | */trace.txt) continue ;; esac
		[ -f "$f" ] && cp "$f" "$d/results/"
	done
	gzip -9c "$r/console.log" >"$d/console.log.gz"
done
REPORT_DIR=$dest/report PROG=report.sh "$TOP/scripts/report.sh" "$dest"
du -sh "$dest" >&2
