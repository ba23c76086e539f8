#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/point-loads-test.sh [TABLE] - scripts/point-loads.tsv (or TABLE)
# against the tree, both ways: each row (id, scenario, knobs, FUNC:MIN,...)
# is well formed and a lane check of the boot suite (at=@ID in
# tests/boot.sh), each function it requires reschedules in is named by a
# patch of the series (as a call or definition, "FUNC("), and each at=@ID of the boot suite has
# its row.  Prints what is wrong, then "N rows"; exits 1 if anything is.
set -euo pipefail
cd "$(dirname "$0")/.."
table=${1:-scripts/point-loads.tsv}
n=0 bad=0 ids=' '
while IFS=$'\t' read -r id s env fns extra; do
	[ -n "$id$s$env$fns" ] || continue
	n=$((n + 1)) ids="$ids$id "
	if [ -z "$fns" ] || [ -n "${extra:-}" ] || ! [[ $fns =~ ^[a-z0-9_]+:[1-9][0-9]*(,[a-z0-9_]+:[1-9][0-9]*)*$ ]]; then
		echo "$id: not ID<tab>SCENARIO<tab>KNOBS<tab>FUNC:MIN,..."
		bad=1
		continue
	fi
	grep -Eq "at=@$id( |\$)" tests/boot.sh || { echo "$id: no lane check"; bad=1; }
	for f in ${fns//,/ }; do
		f=${f%%:*}
		grep -qE "(^|[^A-Za-z0-9_])$f\(" patches/*.patch || { echo "$id: $f in no patch"; bad=1; }
	done
done < <(grep -v '^#' "$table")
for id in $(grep -oE 'at=@[a-z0-9-]+' tests/boot.sh | sed 's/^at=@//' | sort -u); do
	[[ $ids == *" $id "* ]] || { echo "at=@$id: no row"; bad=1; }
done
echo "$n rows"
exit $bad
