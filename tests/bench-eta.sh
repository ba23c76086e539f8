#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench-eta.sh - does the time left in make bench's progress lines hold?
# Runs scripts/bench.sh in a copy of the harness whose run.sh is a stub
# (no QEMU): each run sleeps a tenth of its scenario's mean wall time in a
# committed bench run (tests/fixtures/2026-12-03-bench-final.tar.xz: the
# run.json files of results/2026-12-03-bench-final) and writes its
# run.json.  Six kernels, hackbench (two at a time) then dbench (alone),
# once each: the second scenario costs six times the first, so an estimate
# from the runs finished so far alone is off by half.  Prints "eta ok" when
# the first estimate plus the time elapsed then is within 30% of the time
# all runs took, "eta off" (exit 1) otherwise.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT
mkdir -p "$w/results" "$w/tools/guest"
cp -a "$top/scripts" "$top/configs" "$w/"
cp -a "$top/tools/guest/scenarios" "$w/tools/guest/"
tar -xJf "$top/tests/fixtures/2026-12-03-bench-final.tar.xz" -C "$w/results"
cat >"$w/scripts/run.sh" <<'EOF'
#!/bin/bash
# stub: a tenth of the scenario's mean wall time in the prior run
s=$2 d=$3
mkdir -p "$d"
secs=$(cat "$TOP"/results/*/runs/*/"$s"/*/run.json | jq -s 'map(.wall_secs) | add / length / 10')
sleep "$secs"
jq -n --arg p "$1" --arg s "$s" --argjson w "$secs" '{profile: $p, scenario: $s, wall_secs: $w}' >"$d/run.json"
EOF
printf '#!/bin/sh\nexit 0\n' >"$w/scripts/report.sh"
out=$(TOP=$w BUILD=$w/build CLOCK=icount BENCH=quick LANE=2vcpu GUESTS=2 REPEAT=1 SCENARIOS="hackbench dbench" \
	"$w/scripts/bench.sh" upstream-lazy upstream-dynamic upstream-full server desktop server-nofs 2>&1)
echo "$out"
secs() { awk -F: '{ print $1 * 60 + $2 }' <<<"$1"; }
first=$(grep -m1 -E 'left\)$' <<<"$out") || { echo "eta off: no estimate shown"; exit 1; }
at=$(secs "$(sed -E 's/.*elapsed ([0-9]+:[0-9]+).*/\1/' <<<"$first")")
left=$(sed -E 's/.*about ([0-9]+) (s|min) left.*/\1 \2/' <<<"$first" | awk '{ print $2 == "min" ? $1 * 60 : $1 }')
took=$(secs "$(sed -n -E 's/.*bench: [0-9]+ runs in ([0-9]+:[0-9]+).*/\1/p' <<<"$out")")
verdict=$(awk -v p=$((at + left)) -v t="$took" 'BEGIN { d = (p - t) / t; if (d < 0) d = -d; print (d <= 0.3) ? "ok" : "off" }')
echo "eta $verdict: at $at s the estimate was $left s left, so $((at + left)) s in all; the runs took $took s"
[ "$verdict" = ok ]
