#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# classify-insns.sh KDIR RAW - what the counted instructions of a profiled
# run were for.  KDIR: the kernel's build directory (vmlinux, System.map);
# RAW: the plugin's insns.raw ("address count function").  Prints one JSON
# object: {"method": ..., "classes": {class: instructions},
# "other_functions": the instructions of class other by the function the
# plugin counted them in (profile-diff.jq's other_calls)}, with DWARF also
# "entry_exit_functions", "inlined_functions", "other_lines" and
# "call_site_lines" (below; empty without).
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
# An instruction whose chain names no class is classed by its source
# lines (line_class below), the innermost first: code a macro expands to
# carries the line of the macro's use, or, where the macro's arguments
# call inline functions, that line is where the chain says they were
# inlined (a spin_unlock() argument's inline helper); an out-of-line
# function's opening line (its name at the start of a line that holds
# no statement: where the compiler puts a clone's prologue) and lone
# braces carry the prologue and epilogue ("entry_exit"), for the
# innermost line only.  The prologues and epilogues of functions
# compiled out of line (an instruction whose chain is the function alone)
# are also counted per function ("entry_exit_functions"), and so are the
# instructions each function ran inlined into another (any frame of a
# chain but the outermost: "inlined_functions").  For profile-diff.jq's
# "inlining" (what the compiler made of calling a function the other
# kernel inlines), "other_lines" is class other by the function the
# plugin counted it in, the innermost function of its chain and its
# source line ("symbol@function@file:line", the file relative to the
# source tree), and "call_site_lines" the lines where this run ran
# inlined code and no instruction of the line's own, with the functions
# inlined there ({line: [function]}).
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
# local_lock(), preemptible(), might_sleep(), spin_unlock(), ...) is named
# by the line that uses the macro, in the function that uses it: the class
# of an instruction whose chain has none is the class of the first of its
# source lines (the innermost first; the lines the chain's calls were
# inlined at after it) that uses a class's macro, and "entry_exit" if its
# innermost line is a lone brace in the first column (the registers a
# function saves and restores, its frame) or the opening line of the
# function it is in (that function's name at the start of the line,
# followed by its parameters).  The lines are read from the files the debug
# information names (absolute, or relative to the build directory KDIR):
# classify before that source tree changes.  line_key: a line's path
# with its "." and ".." resolved, relative to the build directory's
# source tree (or to the build directory, for generated files), the same
# for two kernels built apart from one tree; kept per path, as many
# instructions share a line.
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
function line_split(fl) {
	sub(/ \(discriminator [0-9]+\)$/, "", fl)
	if (fl !~ /:[0-9]+$/) return 0
	lf = fl; sub(/:[0-9]+$/, "", lf); ll = fl; sub(/.*:/, "", ll)
	return 1
}
function macro_class(t) {
	if (t ~ /(^|[^a-z_])(preempt_(disable|enable)(_notrace|_no_resched)?|preempt_check_resched|preemptible|local_(lock|unlock|trylock)(_irq|_irqsave|_irqrestore|_nested_bh)?|get_cpu|put_cpu|get_cpu_var|put_cpu_var|get_cpu_ptr|put_cpu_ptr) *\(/) return "preempt_count"
	if (t ~ /(^|[^a-z_])(might_sleep|might_sleep_if|might_fault|might_resched|cond_resched|cond_resched_lock|cond_resched_rcu) *\(/) return "cond_resched_might_sleep"
	if (t ~ /(^|[^a-z_])(rcu_read_lock|rcu_read_unlock)(_bh|_sched)? *\(/) return "rcu_read_side"
	if (t ~ /(^|[^a-z_])(raw_)?(spin|read|write)_(lock|unlock|trylock)(_irq|_irqsave|_irqrestore|_bh|_nested)? *\(/) return "spinlock"
	return ""
}
# line_class(FL, FN, OOL): the class of innermost line FL of function FN,
# OOL when FN is the only function of the chain (compiled out of line)
function line_class(fl, fn, ool,   t, c) {
	if (!line_split(fl)) return ""
	t = line_text(lf, ll + 0)
	c = macro_class(t)
	if (c != "") return c
	sub(/[.].*$/, "", fn)
	if (t ~ /^[{}][ \t]*$/) return "entry_exit"
	if (ool && fn ~ /^[A-Za-z_][A-Za-z0-9_]*$/ && t !~ /;/ && t ~ ("^([A-Za-z_][A-Za-z0-9_]*[ \t*]+)*" fn "\\(")) return "entry_exit"	# its opening line
	return ""
}
# site_class(FL): the class of a line where a call was inlined
function site_class(fl) {
	if (!line_split(fl)) return ""
	return macro_class(line_text(lf, ll + 0))
}
function line_key(fl,   raw, n, i, part, out, m) {
	if (fl in keyof) return keyof[fl]
	raw = fl
	sub(/ \(discriminator [0-9]+\)$/, "", fl)
	# the path with its "." and ".." resolved, then relative to the
	# source tree or the build directory
	n = split(fl, part, "/")
	m = 0
	for (i = 1; i <= n; i++) {
		if (part[i] == "." || (part[i] == "" && i > 1)) continue
		if (part[i] == ".." && m > 0 && out[m] != "..") { m--; continue }
		out[++m] = part[i]
	}
	fl = out[1]
	for (i = 2; i <= m; i++) fl = fl "/" out[i]
	if (srctree != "" && index(fl, srctree "/") == 1) fl = substr(fl, length(srctree) + 2)
	else if (objtree != "" && index(fl, objtree "/") == 1) fl = substr(fl, length(objtree) + 2)
	return keyof[raw] = fl
}'

# (grep reads readelf's whole output: with -q it could exit at the match
# and readelf's next write fail, which pipefail would take for no debug
# information)
if "${CROSS}readelf" -S "$kdir/vmlinux" | grep '\.debug_info' >/dev/null; then
	method=dwarf
	# the trees line_key takes the paths relative to: the build
	# directory's source link (the kernel's srctree), and the build
	# directory, both with their links resolved
	objtree=$(realpath "$kdir")
	srctree=
	[ ! -e "$kdir/source" ] || srctree=$(realpath "$kdir/source")
	# kernel addresses (bit 63 set: the first hex digit 8-f) to addr2line,
	# user space summed apart
	awk '$1 ~ /^[89a-f]/ { print "0x" $1 }' "$raw" | "${CROSS}addr2line" -a -i -f -e "$kdir/vmlinux" |
		awk -v kdir="$kdir" -v srctree="$srctree" -v objtree="$objtree" "$classes$line_classes"'
			FNR == NR { n[$1] = $2; s[$1] = $3; next }
			# k frames, f[1] the innermost function; ln[1] the line of
			# the instruction, ln[i] the line of f[i] where f[i - 1]
			# was inlined
			function count(   i, k, l1) {
				if (a == "") return
				k = fr / 2
				l1 = line_key(ln[1])
				if (c == "") c = line_class(ln[1], f[1], k == 1)
				for (i = 2; c == "" && i <= k; i++) c = site_class(ln[i])
				t[c == "" ? "other" : c] += n[a]
				if (c == "") { of[s[a]] += n[a]; ol[s[a] "@" f[1] "@" l1] += n[a] }
				if (c == "entry_exit" && k == 1) ee[f[1]] += n[a]
				# every frame but the outermost is a function inlined here
				for (i = 1; i < k; i++) inl[f[i]] += n[a]
				own[l1] = 1
				for (i = 2; i <= k; i++) site[line_key(ln[i]) "@" f[i - 1]] = 1
			}
			/^0x[0-9a-f]+$/ { count(); a = substr($0, 3); c = ""; fr = 0; next }
			{ fr++; if (fr % 2 == 1) { f[(fr + 1) / 2] = $0; if (c == "") c = class_of($0) } else ln[fr / 2] = $0 }
			END {
				count()
				for (k in t) printf "%s %.0f\n", k, t[k]
				for (k in ee) printf "entry_exit_function:%s %.0f\n", k, ee[k]
				for (k in inl) printf "inlined_function:%s %.0f\n", k, inl[k]
				for (k in of) printf "other_function:%s %.0f\n", k, of[k]
				for (k in ol) printf "other_line:%s %.0f\n", k, ol[k]
				for (k in site) { l = k; sub(/@[^@]*$/, "", l); if (!(l in own)) printf "call_site_line:%s 1\n", k }
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
	| def per($k): $rows | map(select(.key | startswith($k + ":")) | .key |= ltrimstr($k + ":")) | from_entries;
	{method: $method,
	 classes: ($rows | map(select(.key | test("^(entry_exit_function|inlined_function|other_function|other_line|call_site_line):") | not)) | from_entries),
	 entry_exit_functions: per("entry_exit_function"), inlined_functions: per("inlined_function"),
	 other_functions: per("other_function"), other_lines: per("other_line"),
	 call_site_lines: (per("call_site_line") | keys | map(split("@")) | group_by(.[0])
		| map({key: .[0][0], value: map(.[1])}) | from_entries)}' "$raw.classes.tmp"
rm -f "$raw.classes.tmp"
