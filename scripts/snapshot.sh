#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# snapshot.sh DEST RUN_DIR... - copy the raw data of harness runs into DEST
# (for committing under results/): run.json, the guest's JSON results and
# the console log (gzip -9), one directory per run.  The kernel .config and
# dmesg copies are left out (the console log has the messages; the profile
# fragments give the config).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: snapshot.sh DEST RUN_DIR..."
dest=$1
shift
for r; do
	[ -f "$r/run.json" ] || die "$r is not a run directory (no run.json)"
	d=$dest/$(basename "$r")
	mkdir -p "$d"
	cp "$r/run.json" "$d/"
	for f in "$r"/results/*.json "$r"/results/*.txt; do
		case $f in */cyclictest*.txt) continue ;; esac  # the histogram again, as text
		[ -f "$f" ] && cp "$f" "$d/"
	done
	gzip -9c "$r/console.log" >"$d/console.log.gz"
done
du -sh "$dest" >&2
