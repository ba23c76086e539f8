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
#
# x86_64 keeps the count in the per-CPU variable __preempt_count, and
# objdump names it in a comment on every instruction that addresses it
# ("%gs:0x0(%rip) # <__preempt_count>"): those are counted.
#
# ARCH=arm64 keeps it in the task: thread_info is the first member of
# task_struct (THREAD_INFO_IN_TASK), the task pointer of the running task
# lives in the system register sp_el0 (get_current(),
# arch/arm64/include/asm/current.h), and arch/arm64/include/asm/preempt.h
# reads and writes thread_info.preempt_count (a u64: the u32 count and the
# u32 need_resched flag, inverted) with plain loads and stores.  So every
# access is "mrs xN, sp_el0" followed, at once or later in the function,
# by "ldr/str wM|xM, [xN, #OFF]" or "[xN, #OFF+4]", with OFF =
# TSK_TI_PREEMPT from the build's include/generated/asm-offsets.h (8, after
# thread_info.flags, unless ARM64_SW_TTBR0_PAN puts ttbr0 between).  No
# symbol names the access, so the count follows the registers: per
# function, in address order, a register holds the task pointer from its
# "mrs ..., sp_el0" (or a "mov" of such a register) until an instruction
# writes it, or a call ("bl", "blr") clobbers the caller-saved x0-x18; a
# load or store at OFF or OFF+4 through such a register is counted.  It is
# a linear scan, not a data-flow analysis (a register set on one branch is
# taken to hold on the other), good for comparing two kernels built from
# the same tree, not for an exact figure.  The entry code's accesses
# through its "tsk" register (x28, loaded from __entry_task) are not seen.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need "${CROSS}objdump" "${CROSS}nm" jq
[ $# -gt 0 ] || die "usage: inspect-vmlinux.sh PROFILE..."
funcs="_raw_spin_lock _raw_spin_unlock _raw_spin_lock_irqsave _raw_read_lock __local_bh_enable_ip kmem_cache_alloc_noprof"

printf '%-18s %-6s %-6s %-6s %-6s %10s  %s\n' profile COUNT PREEMP P_RCU DYN "pc-insns" "per function: preempt_count insns/total insns" >&2
for p; do
	check_profile "$p"
	d=$KERNELS/$(profile_kernel "$p")
	[ -f "$d/vmlinux" ] || die "no vmlinux for $p; run 'make kernels ARCH=$ARCH PROFILES=$p'"
	cfg() { grep -q "^CONFIG_$1=y" "$d/.config" && echo true || echo false; }
	dis=$(vmlinux_dis "$d")
	if [ "$ARCH" = arm64 ]; then
		off=$(tsk_ti_preempt "$d")
		# per function: name, preempt count instructions, instructions
		table=$(awk -v arch=arm64 -v off="$off" -f "$TOP/scripts/preempt-count.awk" "$dis")
		total=$(awk '{t += $2} END {print t + 0}' <<<"$table")
	else
		# The per-CPU variable's address as objdump prints it in comments.
		pc=$(nm "$d/vmlinux" | awk '$3 == "__preempt_count" {print $1}')
		total=0
		[ -n "$pc" ] && total=$(grep -c '<__preempt_count>' "$dis" || true)
		table=$(for f in $funcs; do
			awk -v f="<$f>:" '
				$2 == f { on = 1; next }
				on && /^$/ { exit }
				on && /:\t/ { n++; if ($0 ~ /<__preempt_count>/) c++ }
				END { if (n) printf "%d %d\n", c + 0, n }' "$dis" | sed "s/^/$f /"
		done)
	fi
	perfn=$(for f in $funcs; do
		awk -v f="$f" '$1 == f {print; found = 1; exit} END {if (!found) print f " - -"}' <<<"$table"
	done)
	has() { "${CROSS}nm" "$d/vmlinux" | awk -v s="$1" '$3 == s {f = 1} END {print f ? "true" : "false"}'; }
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
