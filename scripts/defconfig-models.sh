#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# defconfig-models.sh [--all] - does the series change the preemption model
# of any in-tree defconfig?  Each defconfig is resolved (Kconfig only, no
# build) in the pristine 7.3 tree and in the patched work tree, and the
# symbols that make the model are compared: PREEMPT_NONE, PREEMPT_VOLUNTARY,
# PREEMPT, PREEMPT_LAZY, PREEMPT_RT, PREEMPT_DYNAMIC, PREEMPTION,
# PREEMPT_COUNT and PREEMPT_RCU.
#
# Without --all: the default defconfig of every architecture (what the
# choice's defaults give), and every defconfig that names an entry whose
# visibility the series changes, in either tree: PREEMPT_NONE anywhere,
# PREEMPT_VOLUNTARY on the architectures with lazy preemption; about 25,
# four minutes on 2 cores.  --all: every arch/*/configs/*_defconfig as well
# (about 500; an hour on 2 cores).
#
# Prints one line per defconfig ("same", "DIFFERS" or "error", with the
# model) and writes the list as JSON to $BUILD/defconfig-models.json; exits
# 1 if any defconfig resolves differently or does not resolve.  Kconfig runs with the host's gcc for
# every architecture, in both trees alike: what the compiler cannot do is
# the same on both sides.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

all=0
case ${1:-} in
--all) all=1 ;;
'') ;;
-h | --help) sed -n '3,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
*) die "usage: defconfig-models.sh [--all]" ;;
esac
need make gcc flex bison jq
base=$(PROG=tree.sh "$TOP/scripts/tree.sh")
work=${WORK:-$BUILD/linux}
[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
out=$BUILD/defconfig-models
mkdir -p "$out"
lock_shared "$work.lock"

# the list: ARCH DEFCONFIG (the target name make takes)
list() {
	local a f m
	for a in $(cd "$base/arch" && ls -d */ | tr -d /); do
		[ "$a" = um ] && continue
		[ -f "$base/arch/$a/Kconfig" ] || continue
		echo "$a defconfig"
		if [ $all = 1 ]; then
			for f in "$base/arch/$a/configs/"*_defconfig; do
				[ -f "$f" ] && echo "$a $(basename "$f")"
			done
		fi
		# PREEMPT_NONE is newly visible everywhere, PREEMPT_VOLUNTARY
		# where the architecture has lazy preemption
		m=NONE
		grep -qsw 'select ARCH_HAS_PREEMPT_LAZY' "$base/arch/$a/Kconfig" && m='(NONE|VOLUNTARY)'
		for f in $(grep -lE "^(CONFIG_PREEMPT_$m=|# CONFIG_PREEMPT_$m is not set)" \
			"$base/arch/$a/configs/"*_defconfig "$work/arch/$a/configs/"*_defconfig 2>/dev/null); do
			echo "$a $(basename "$f")"
		done
	done | sort -u
}

SYMS="PREEMPT_NONE PREEMPT_VOLUNTARY PREEMPT PREEMPT_LAZY PREEMPT_RT PREEMPT_DYNAMIC PREEMPTION PREEMPT_COUNT PREEMPT_RCU"
# resolve TREE SIDE ARCH DEFCONFIG: the model's symbols that are y, or
# "error" (the log is kept in $BUILD/defconfig-models/SIDE/ARCH/)
resolve() {
	local tree=$1 side=$2 a=$3 d=$4 o=$out/$2/$3 s got=
	mkdir -p "$o"
	rm -f "$o/.config"
	if ! env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C "$tree" O="$o" ARCH="$a" "$d" \
		>"$o/$d.log" 2>&1 || [ ! -f "$o/.config" ]; then
		echo error
		return
	fi
	for s in $SYMS; do
		grep -qx "CONFIG_$s=y" "$o/.config" && got+="$s "
	done
	echo "${got% }"
}

mapfile -t pairs < <(list)
say "resolving ${#pairs[@]} defconfigs in the pristine tree and with the series"
n=0 bad=0
json=$out/list.jsonl
: >"$json"
for p in "${pairs[@]}"; do
	read -r a d <<<"$p"
	# the two sides at once, one CPU each
	resolve "$base" base "$a" "$d" >"$out/base.res" &
	s=$(resolve "$work" series "$a" "$d")
	wait $!
	b=$(cat "$out/base.res")
	n=$((n + 1))
	if [ "$b" = error ] || [ "$s" = error ]; then
		verdict=error
		bad=$((bad + 1))
	elif [ "$b" = "$s" ]; then
		verdict=same
	else
		verdict=DIFFERS
		bad=$((bad + 1))
	fi
	printf '%-10s %-32s %-7s %s\n' "$a" "$d" "$verdict" \
		"$([ "$b" = "$s" ] && echo "$b" || echo "7.3: $b; series: $s")"
	jq -cn --arg a "$a" --arg d "$d" --arg b "$b" --arg s "$s" --arg v "$verdict" \
		'{arch: $a, defconfig: $d, base: $b, series: $s, verdict: $v}' >>"$json"
done
jq -s '{resolved: length, differ: map(select(.verdict != "same")) | length, defconfigs: .}' \
	"$json" >"$BUILD/defconfig-models.json"
say "$n defconfigs resolved, $bad resolve to another model with the series ($BUILD/defconfig-models.json)"
[ "$bad" = 0 ]
