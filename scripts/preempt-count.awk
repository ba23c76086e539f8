# SPDX-License-Identifier: GPL-2.0
#
# preempt-count.awk - the instructions of a kernel's disassembly (objdump -d
# --no-show-raw-insn vmlinux) that read or write the preempt count.
# Shared by inspect-vmlinux.sh (per function) and profile.sh (per address).
#
#   awk -v arch=x86_64|arm64 [-v off=TSK_TI_PREEMPT] [-v mode=table|addrs]
#
# mode=table (default): "function insns-touching-the-count insns", one line
# per function.  mode=addrs: "address function kind" for each such
# instruction, kind "count"; on x86_64 also the conditional jump right after
# a decrement or subtraction of the count (preempt_count_dec_and_test()'s
# test), kind "test".
#
# x86_64: objdump names the per-CPU variable in a comment on every
# instruction that addresses it ("%gs:...(%rip) # <__preempt_count>").
# arm64: the comment at the top of inspect-vmlinux.sh (a linear scan of the
# registers holding the task pointer from sp_el0; OFF and OFF+4 of it).
# arm64 has no "test" kind (its decrement-and-test is a load, a subtract,
# a store and a branch on a register): its counts are the accesses alone,
# not comparable one for one with x86_64's.
function flush() { if (mode != "addrs" && fn != "") printf "%s %d %d\n", fn, c, n }
function regno(r) { return (r ~ /^[xw][0-9]+$/) ? substr(r, 2) + 0 : -1 }
function hit(kind) {
	c++
	if (mode == "addrs") printf "%s %s %s\n", addr, fn, kind
}
BEGIN { if (mode == "") mode = "table" }
/^[0-9a-f]+ <.*>:$/ {
	flush(); fn = substr($2, 2, length($2) - 3); n = c = 0; delete cur; lastdec = 0; next
}
/^ *[0-9a-f]+:\t/ {
	n++
	split($0, f, "\t")
	addr = f[1]; sub(/^ */, "", addr); sub(/:$/, "", addr)
	op = f[2]; args = f[3]
	if (arch == "x86_64") {
		sub(/ .*/, "", op)
		if (f[2] ~ /<__preempt_count>/) {
			hit("count")
			lastdec = (op ~ /^(dec|sub)/)
			next
		}
		if (lastdec && op ~ /^j/ && op != "jmp") hit("test")
		lastdec = 0
		next
	}
	sub(/ *\/\/.*/, "", args)
	split(args, a, ", *")
	if (op == "mrs" && a[2] == "sp_el0") { if (regno(a[1]) >= 0) cur[regno(a[1])] = 1; next }
	if (op == "mov" && regno(a[2]) in cur) { cur[regno(a[1])] = 1; next }
	if (op ~ /^(ld|st)/ && match(args, /\[x[0-9]+(, #[0-9]+)?\]/)) {
		m = substr(args, RSTART + 1, RLENGTH - 2)
		split(m, mb, ", #")
		o = (mb[2] == "") ? 0 : mb[2] + 0
		if (regno(mb[1]) in cur && (o == off || o == off + 4)) hit("count")
	}
	if (op == "bl" || op == "blr") { for (r = 0; r <= 18; r++) delete cur[r]; next }
	# the instructions that write their first operand (ldp: two)
	if (op ~ /^(st|cmp|cmn|tst|ccmp|ccmn|cb|tb|b$|b\.|br|ret|prfm|msr|hint|nop|dmb|dsb|isb|bti|paci|auti)/) next
	if (regno(a[1]) >= 0) delete cur[regno(a[1])]
	if (op ~ /^ldp/ && regno(a[2]) >= 0) delete cur[regno(a[2])]
}
END { flush() }
