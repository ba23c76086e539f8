#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# snapshot.sh DEST BENCH_DIR - copy the raw data of one bench run (a
# directory under build/results/) into DEST, for committing under results/:
# bench.json, and per run (runs/<profile>/<scenario>/<repeat>/) run.json,
# the guest's JSON and text results and the console log (gzip -9), in the
# layout report.sh reads; then the report itself, rebuilt from the copy
# into DEST/report/.  The kernel .config, dmesg and trace copies are left
# out (the console log has the messages; the profile fragments give the
# config).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: snapshot.sh DEST BENCH_DIR"
dest=$1 src=$2
[ -f "$src/bench.json" ] || die "$src is not a bench run (no bench.json)"
mkdir -p "$dest"
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
