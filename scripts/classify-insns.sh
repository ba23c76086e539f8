#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# classify-insns.sh KDIR RAW - what the counted instructions of a profiled
# run were for.  KDIR: the kernel's build directory (vmlinux, System.map);
# RAW: the plugin's insns.raw ("address count function").  Prints one JSON
# object: {"method": ..., "classes": {class: instructions},
# "other_functions": the instructions of class other by the function the
# plugin counted them in (profile-diff.jq's other_calls)}, with DWARF also
# "entry_exit_functions" and "inlined_functions" ({function: instructions},
# below; empty without).
#
# The classes: preempt_count (reading, writing and testing the preempt
# count, with what preempt_disable() and preempt_enable() expand to),
# preempt_schedule (the calls preempt_enable() makes when a reschedule is
# due), cond_resched_might_sleep (cond_resched(), might_sleep(),
# might_alloc(), might_fault() and, under PREEMPT_DYNAMIC, their static
# call sites; non-preemptible RCU's rcu_all_qs() that cond_resched()
# calls), rcu_read_side (rcu_read_lock() and rcu_read_unlock(): with
# preemptible RCU the out-of-line __rcu_read_lock() and its unlock's
# special case), rcu_switch (RCU's part of a context switch,
# rcu_note_context_switch(), rcu_qs() and preemptible RCU's
# rcu_preempt_ctxt_queue(); the deferred quiescent state the switch
# reports, rcu_preempt_deferred_qs(), stays in rcu_read_side, as
# rcu_read_unlock() reports it too), spinlock (spin_lock(), spin_unlock() and the like, inline
# or not), static_calls (the trampolines), preempt_model (the
# preempt_model_*() tests, out-of-line calls under PREEMPT_DYNAMIC,
# constants otherwise), page_zeroing (pages cleared, whose number varies
# from boot to boot), other, and user (all of user space).
#
# method "dwarf", when the vmlinux has debug information
# (CONFIG_DEBUG_INFO): every instruction's chain of inlined functions
# (addr2line -i), innermost first; the first function of the chain that
# belongs to a class decides.  So the preempt count's decrement inside an
# inlined spin_unlock() is preempt_count, the store that releases the lock
# is spinlock, and the call to the out-of-line _raw_spin_unlock() is
# spinlock too, wherever the compiler put them.
#
# An instruction whose chain names no class is classed by its innermost
# source line (line_class below): code a macro expands to carries the line
# of the macro's use, and a function's opening and closing braces carry
# its prologue and epilogue ("entry_exit").  The prologues and epilogues
# of functions compiled out of line (an instruction whose chain is the
# function alone) are also counted per function ("entry_exit_functions"),
# and so are the instructions each function ran inlined into another (any
# frame of a chain but the outermost: "inlined_functions").  Where one
# kernel calls a function that the other has no symbol for and ran
# inlined, profile.sh moves the prologues and epilogues of the calls to
# their own class ("inlining").
#
# method "disassembly", without debug information: the instructions that
# address the preempt count (preempt-count.awk), the rest by the function
# they are in; code inlined into a caller stays with the caller ("other").
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: classify-insns.sh KDIR RAW"
kdir=$1 raw=$2
[ -f "$kdir/vmlinux" ] || die "no $kdir/vmlinux"
[ -f "$raw" ] || die "no $raw"
need "${CROSS}readelf" "${CROSS}addr2line" "${CROSS}objdump" jq

# class_of: the awk function both methods share, from one frame's name
classes='
function class_of(f) {
	if (f ~ /^(__preempt_count_(add|sub|dec_and_test|inc|dec)|preempt_count(_add|_sub|_set|_ptr|_inc|_dec)?|should_resched|__preempt_count_.*|preempt_count_dec_and_test|test_preempt_need_resched|set_preempt_need_resched|clear_preempt_need_resched)$/) return "preempt_count"
	if (f ~ /^(preempt_schedule.*|__preempt_schedule.*|preempt_schedule_thunk|preempt_schedule_notrace_thunk|__SCT__preempt_schedule.*)$/) return "preempt_schedule"
	if (f ~ /^(might_alloc|might_sleep_if|might_resched|__might_resched|__might_sleep|might_fault|__might_fault|cond_resched|_cond_resched|__cond_resched|dynamic_cond_resched|dynamic_might_resched|__SCT__cond_resched|__SCT__might_resched|rcu_all_qs)$/) return "cond_resched_might_sleep"
	if (f ~ /^(rcu_note_context_switch|rcu_qs|rcu_preempt_ctxt_queue)$/) return "rcu_switch"
	if (f ~ /^(rcu_read_lock|rcu_read_unlock|__rcu_read_lock|__rcu_read_unlock|rcu_read_unlock_special|rcu_preempt_read_enter|rcu_preempt_read_exit|rcu_preempt_depth|rcu_preempt_deferred_qs.*|rcu_preempt_need_deferred_qs|rcu_read_lock_sched|rcu_read_unlock_sched|rcu_read_lock_sched_notrace|rcu_read_unlock_sched_notrace)$/) return "rcu_read_side"
	if (f ~ /^(spin_lock.*|spin_unlock.*|spin_trylock.*|raw_spin_lock.*|raw_spin_unlock.*|raw_spin_trylock.*|_raw_(spin|read|write)_.*|__raw_(spin|read|write)_.*|do_raw_(spin|read|write)_.*|read_lock.*|read_unlock.*|write_lock.*|write_unlock.*)$/) return "spinlock"
	if (f ~ /^(__SCT__.*|__static_call_return0)$/) return "static_calls"
	if (f ~ /^(preempt_model_(none|voluntary|full|lazy|rt|preemptible)|preempt_model_str)$/) return "preempt_model"
	if (f ~ /^(clear_pages|clear_page|clear_page_(rep|orig|erms)|__clear_pages_unrolled|clear_highpage.*|clear_user_highpage.*|clear_user_pages|kernel_init_pages|clear_highpages_kasan_tagged)$/) return "page_zeroing"
	return ""
}'

# line_class: with DWARF, code that a macro expands to (preempt_disable(),
# local_lock(), might_sleep(), ...) is named by the line that uses the
# macro, in the function that uses it: the class of an instruction whose
# chain has none is the class of that source line's macro, if it calls
# one, and "entry_exit" for a function's opening or closing brace (a lone
# brace in the first column: the registers it saves and restores, its
# frame).  The lines are read from the files the debug information names
# (absolute, or relative to the build directory KDIR): classify before
# that source tree changes.
line_classes='
function line_text(f, l,   path, line, i) {
	if (!(f in loaded)) {
		loaded[f] = 1
		path = f ~ /^\// ? f : kdir "/" f
		i = 0
		while ((getline line < path) > 0) txt[f, ++i] = line
		close(path)
	}
	return txt[f, l]
}
function line_class(fl,   f, l, t) {
	sub(/ \(discriminator [0-9]+\)$/, "", fl)
	if (fl !~ /:[0-9]+$/) return ""
	f = fl; sub(/:[0-9]+$/, "", f); l = fl; sub(/.*:/, "", l)
	t = line_text(f, l + 0)
	if (t ~ /(^|[^a-z_])(preempt_(disable|enable)(_notrace|_no_resched)?|preempt_check_resched|local_(lock|unlock|trylock)(_irq|_irqsave|_irqrestore|_nested_bh)?|get_cpu|put_cpu|get_cpu_var|put_cpu_var|get_cpu_ptr|put_cpu_ptr) *\(/) return "preempt_count"
	if (t ~ /(^|[^a-z_])(might_sleep|might_sleep_if|might_fault|might_resched|cond_resched|cond_resched_lock|cond_resched_rcu) *\(/) return "cond_resched_might_sleep"
	if (t ~ /(^|[^a-z_])(rcu_read_lock|rcu_read_unlock)(_bh|_sched)? *\(/) return "rcu_read_side"
	if (t ~ /^[{}][ \t]*$/) return "entry_exit"
	return ""
}'

# (grep reads readelf's whole output: with -q it could exit at the match
# and readelf's next write fail, which pipefail would take for no debug
# information)
if "${CROSS}readelf" -S "$kdir/vmlinux" | grep '\.debug_info' >/dev/null; then
	method=dwarf
	# kernel addresses (bit 63 set: the first hex digit 8-f) to addr2line,
	# user space summed apart
	awk '$1 ~ /^[89a-f]/ { print "0x" $1 }' "$raw" | "${CROSS}addr2line" -a -i -f -e "$kdir/vmlinux" |
		awk -v kdir="$kdir" "$classes$line_classes"'
			FNR == NR { n[$1] = $2; s[$1] = $3; next }
			function count(   i) {
				if (a == "") return
				if (c == "") c = line_class(fl)
				t[c == "" ? "other" : c] += n[a]
				if (c == "") of[s[a]] += n[a]
				if (c == "entry_exit" && fr == 2) ee[f[1]] += n[a]
				# every frame but the outermost is a function inlined here
				for (i = 1; i < fr / 2; i++) inl[f[i]] += n[a]
			}
			/^0x[0-9a-f]+$/ { count(); a = substr($0, 3); c = ""; fr = 0; fl = ""; next }
			{ fr++; if (fr % 2 == 1) { f[(fr + 1) / 2] = $0; if (c == "") c = class_of($0) } if (fr == 2) fl = $0 }
			END {
				count()
				for (k in t) printf "%s %.0f\n", k, t[k]
				for (k in ee) printf "entry_exit_function:%s %.0f\n", k, ee[k]
				for (k in inl) printf "inlined_function:%s %.0f\n", k, inl[k]
				for (k in of) printf "other_function:%s %.0f\n", k, of[k]
			}' \
			<(awk '$1 ~ /^[89a-f]/ { print $1, $2, $3 }' "$raw" | sed 's/^0*//') - >"$raw.classes.tmp"
	awk '$1 !~ /^[89a-f]/ { u += $2 } END { printf "user %.0f\n", u }' "$raw" >>"$raw.classes.tmp"
else
	method=disassembly
	pca=$kdir/preempt-count.addrs off=0
	dis=$(vmlinux_dis "$kdir")
	if [ ! -s "$pca" ] || [ "$pca" -ot "$dis" ] || [ "$pca" -ot "$TOP/scripts/preempt-count.awk" ]; then
		[ "$ARCH" != arm64 ] || off=$(tsk_ti_preempt "$kdir")
		awk -v arch="$ARCH" -v off="$off" -v mode=addrs -f "$TOP/scripts/preempt-count.awk" "$dis" >"$pca.part" &&
			mv "$pca.part" "$pca"
	fi
	awk "$classes"'
		FILENAME == ARGV[1] { pc[$1] = 1; next }
		{
			if ($1 !~ /^[89a-f]/) c = "user"
			else if ($1 in pc) c = "preempt_count"
			else { c = class_of($3); if (c == "") c = "other" }
			t[c] += $2
			if (c == "other") of[$3] += $2
		}
		END {
			for (k in t) printf "%s %.0f\n", k, t[k]
			for (k in of) printf "other_function:%s %.0f\n", k, of[k]
		}' "$pca" "$raw" >"$raw.classes.tmp"
fi
jq -R -s --arg method "$method" '(split("\n") | map(select(length > 0) | split(" ")
	| {key: .[0], value: (.[1] | tonumber)})) as $rows
	| def per_function($k): $rows | map(select(.key | startswith($k + "_function:"))
		| .key |= ltrimstr($k + "_function:")) | from_entries;
	{method: $method,
	 classes: ($rows | map(select(.key | test("^(entry_exit|inlined|other)_function:") | not)) | from_entries),
	 entry_exit_functions: per_function("entry_exit"), inlined_functions: per_function("inlined"),
	 other_functions: per_function("other")}' "$raw.classes.tmp"
rm -f "$raw.classes.tmp"
