#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# lane-bounds.sh [TABLE] - check that every latency bound of the boot
# suite's lane checks lies between the committed runs with its point and
# without it (TABLE: tests/lane-bounds.tsv, whose header says the format).
# One line per row: "ID: with max W < bound B < without min N" and ok or
# FAIL; exit 1 if a row fails, 2 if a row cannot be read (a missing run, a
# filter that selects nothing).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
table=${1:-tests/lane-bounds.tsv}
[ -r "$table" ] || { echo "lane-bounds: cannot read $table" >&2; exit 2; }
rc=0
# side FILE FILTER: the min and max of the figures FILTER selects in FILE
side() {
	[ -r "$1" ] || { echo "lane-bounds: no run summary $1" >&2; return 2; }
	jq -e -r "[$2] | select(length > 0 and all(.[]; type == \"number\")) | \"\(min) \(max) \(length)\"" "$1" ||
		{ echo "lane-bounds: '$2' selects no figures in $1" >&2; return 2; }
}
while IFS=$'\t' read -r id bound wf wq nf nq; do
	case $id in '#'* | '') continue ;; esac
	[[ $bound =~ ^[0-9]+$ ]] && [ -n "$nq" ] || { echo "lane-bounds: a malformed row for '$id'" >&2; exit 2; }
	w=$(side "$wf" "$wq") && n=$(side "$nf" "$nq") || exit 2
	read -r _ wmax wn <<<"$w"
	read -r nmin _ nn <<<"$n"
	v=ok
	[ "$wmax" -lt "$bound" ] && [ "$bound" -lt "$nmin" ] || { v=FAIL; rc=1; }
	echo "$id: with max $wmax ($wn runs) < bound $bound < without min $nmin ($nn runs): $v"
done <"$table"
# every lane_bound check of the boot suite has its rows, all with one bound
for id in $(sed -n 's/^lane_bound \([a-z0-9][a-z0-9-]*\) .*/\1/p' tests/boot.sh); do
	n=$(awk -F'\t' -v id="$id" '$1 == id { print $2 }' "$table" | sort -u | wc -l)
	[ "$n" = 1 ] || { echo "lane-bounds: boot.sh's check $id has $n bounds in $table (one wanted)"; rc=1; }
done
exit $rc
