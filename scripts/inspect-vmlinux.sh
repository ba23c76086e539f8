#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# inspect-vmlinux.sh PROFILE... - does the built kernel maintain a
# preempt_count?  For each profile, disassemble its vmlinux (objdump) and
# report, as JSON lines (and a table on stderr):
#   - the config symbols that decide it (PREEMPT_COUNT, PREEMPTION,
#     PREEMPT_RCU, PREEMPT_DYNAMIC);
#   - for a few hot functions, how many instructions touch __preempt_count
#     and how long the function is;
#   - how many instructions in the whole kernel text touch __preempt_count,
#     and whether preempt_schedule and __rcu_read_lock exist at all.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need objdump nm jq
[ $# -gt 0 ] || die "usage: inspect-vmlinux.sh PROFILE..."
funcs="_raw_spin_lock _raw_spin_unlock _raw_spin_lock_irqsave _raw_read_lock __local_bh_enable_ip kmem_cache_alloc_noprof"

printf '%-18s %-6s %-6s %-6s %-6s %10s  %s\n' profile COUNT PREEMP P_RCU DYN "pc-insns" "per function: preempt_count insns/total insns" >&2
for p; do
	check_profile "$p"
	d=$BUILD/kernels/$(profile_kernel "$p")
	[ -f "$d/vmlinux" ] || die "no vmlinux for $p; run 'make kernels PROFILES=$p'"
	cfg() { grep -q "^CONFIG_$1=y" "$d/.config" && echo true || echo false; }
	# The per-CPU variable's address as objdump prints it in comments.
	pc=$(nm "$d/vmlinux" | awk '$3 == "__preempt_count" {print $1}')
	dis=$d/vmlinux.dis
	if [ ! -s "$dis" ] || [ "$dis" -ot "$d/vmlinux" ]; then
		objdump -d --no-show-raw-insn "$d/vmlinux" >"$dis.part" && mv "$dis.part" "$dis"
	fi
	total=0
	[ -n "$pc" ] && total=$(grep -c '<__preempt_count>' "$dis" || true)
	perfn=$(for f in $funcs; do
		awk -v f="<$f>:" '
			$2 == f { on = 1; next }
			on && /^$/ { exit }
			on && /:\t/ { n++; if ($0 ~ /<__preempt_count>/) c++ }
			END { if (n) printf "%d %d\n", c + 0, n; else print "- -" }' "$dis" | sed "s/^/$f /"
	done)
	has() { nm "$d/vmlinux" | awk -v s="$1" '$3 == s {f = 1} END {print f ? "true" : "false"}'; }
	jq -c -n --arg profile "$p" --arg release "$(cat "$d/include/config/kernel.release" 2>/dev/null)" \
		--argjson count "$(cfg PREEMPT_COUNT)" --argjson preemption "$(cfg PREEMPTION)" \
		--argjson prcu "$(cfg PREEMPT_RCU)" --argjson dyn "$(cfg PREEMPT_DYNAMIC)" \
		--argjson total "$total" --arg perfn "$perfn" \
		--argjson ps "$(has preempt_schedule)" --argjson rrl "$(has __rcu_read_lock)" \
		'{profile: $profile, release: $release,
		  config: {PREEMPT_COUNT: $count, PREEMPTION: $preemption, PREEMPT_RCU: $prcu, PREEMPT_DYNAMIC: $dyn},
		  preempt_count_insns_total: $total,
		  has_preempt_schedule: $ps, has___rcu_read_lock: $rrl,
		  functions: ($perfn | split("\n") | map(split(" ") | select(length == 3)
			| {(.[0]): (if .[1] == "-" then null else {preempt_count_insns: (.[1] | tonumber), insns: (.[2] | tonumber)} end)}) | add)}'
	printf '%-18s %-6s %-6s %-6s %-6s %10s  %s\n' "$p" "$(cfg PREEMPT_COUNT)" "$(cfg PREEMPTION)" \
		"$(cfg PREEMPT_RCU)" "$(cfg PREEMPT_DYNAMIC)" "$total" \
		"$(echo "$perfn" | awk '{printf "%s %s/%s  ", $1, $2, $3}')" >&2
done
