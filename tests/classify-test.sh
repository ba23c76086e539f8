#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/classify-test.sh DIR [CLASSIFY] - scripts/classify-insns.sh (or
# CLASSIFY, a changed copy) on a fixture kernel: tests/fixtures/classify.c
# and classify-o2.c (built with optimisation) at kernel addresses with
# debug information (x86_64), every instruction counted once but
# rcu_note_context_switch()'s (a million each) and those of five lines
# (objdump -l's line, not the classifier's): gfp_blocks()'s (a thousand
# each), irqs_off()'s (100,000), lockp()'s (10,000) and kstyle()'s name
# (100); and seven user-space instructions.  The classes must add up to
# the counts, and each rule must have named its instructions: the chain
# (rcu_switch, exactly that function's; the inlined might_alloc() with
# gfp_blocks() inlined in it, an outer frame deciding), the macro's line
# (preempt_count, preempt_disable()'s line), the lines a chain's calls
# were inlined at (irqs_off() inlined where preemptible() is used:
# preempt_count; lockp() as raw_spin_unlock()'s argument: spinlock), the
# braces and a function's opening line (entry_exit: host_fn()'s, out of
# line, and the prologue kstyle()'s clone has on the line of its name),
# the functions that ran inlined, class other by function (host_fn()'s,
# helper()'s inlined in it) and by symbol, innermost function and line
# (helper()'s lines in host_fn(); every line relative to the source tree,
# classify.c built by a path with "..", classify-o2.c by its absolute
# one), the lines that only ran inlined code, with what was inlined there
# (touch()'s call, not helper()'s), and one_line(), defined on one line,
# whose statement is not taken for its opening line.  Then the same
# without debug information (the disassembly method): by the function
# each instruction is in, all but rcu_note_context_switch()'s and
# _raw_spin_unlock()'s other.  Prints "classify ok", or what is wrong and
# exits 1.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$1 classify=${2:-$top/scripts/classify-insns.sh}
mkdir -p "$dir"
fx=$top/tests/fixtures
gcc -g -O2 -fno-omit-frame-pointer -mcmodel=kernel -fno-pie -fno-stack-protector -fno-asynchronous-unwind-tables \
	-c -o "$dir/classify-o2.o" "$fx/classify-o2.c"
# classify.c by a path relative to the build directory (its lines read
# DIR/../.., as a kernel's do), classify-o2.c by its absolute path; both
# in the build directory's source tree (its "source" link, as a kernel's)
ln -sfn "$fx" "$dir/source"
(cd "$dir" && gcc -g -O0 -mcmodel=kernel -fno-pie -no-pie -fno-stack-protector -nostdlib -static \
	-fno-asynchronous-unwind-tables -Wl,-Ttext=0xffffffff81000000 -Wl,-e,host_fn -o vmlinux \
	"$(realpath --relative-to="$dir" "$fx/classify.c")" classify-o2.o)
nm "$dir/vmlinux" >"$dir/System.map"
line_of() { echo "$1:$(grep -n -F "$2" "$fx/$1" | cut -d: -f1)"; }
gline=$(line_of classify.c 'return gfp & 0x400;') iline=$(line_of classify.c 'return count & 0x200;')
lline=$(line_of classify.c 'return v + (count & 1);') kline=$(line_of classify-o2.c 'kstyle(int v, int *unused)')
tline=$(line_of classify.c 'touch();') hline=$(line_of classify.c 's = helper(s);')
objdump -dl --no-show-raw-insn "$dir/vmlinux" |
	awk -v gline="$gline" -v iline="$iline" -v lline="$lline" -v kline="$kline" '
	/^ffffffff[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	/classify(-o2)?\.c:[0-9]+/ { ln = $0; sub(/.*\//, "", ln); sub(/ .*/, "", ln); next }
	/^ *ffffffff[0-9a-f]+:/ {
		a = $1; sub(/:$/, "", a)
		n = fn == "rcu_note_context_switch" ? 1000000 : ln == gline ? 1000 : ln == iline ? 100000 : 1
		print a, (ln == lline ? 10000 : ln == kline ? 100 : n), fn, ln
	}' >"$dir/insns.raw"
echo "0000000000401000 7 [user?]" >>"$dir/insns.raw"
n_rcu=$(awk '$3 == "rcu_note_context_switch"' "$dir/insns.raw" | wc -l)
n_of() { awk -v n="$1" '$2 == n' "$dir/insns.raw" | wc -l; }
n_gfp=$(n_of 1000) n_irq=$(n_of 100000) n_lock=$(n_of 10000) n_decl=$(n_of 100)
for n in "gfp_blocks():$n_gfp" "irqs_off():$n_irq" "lockp():$n_lock" "kstyle()'s name:$n_decl"; do
	[ "${n##*:}" -gt 0 ] || { echo "objdump -l names no instruction of ${n%:*}'s line"; exit 1; }
done
n_all=$(awk '{ s += $2 } END { printf "%.0f", s }' "$dir/insns.raw")
"$classify" "$dir" "$dir/insns.raw" >"$dir/classes.json"
out=$(jq -r --argjson n_rcu "$n_rcu" --argjson n_gfp "$n_gfp" --argjson n_all "$n_all" \
	--argjson n_irq "$n_irq" --argjson n_lock "$n_lock" --argjson n_decl "$n_decl" \
	--arg tline "$tline" --arg hline "$hline" '
	.classes as $c
	| [ (if ($c | add) != $n_all then "the classes add up to \($c | add), not \($n_all)" else empty end),
	    (if $c.rcu_switch != $n_rcu * 1000000 then "rcu_switch \($c.rcu_switch), not \($n_rcu * 1000000)" else empty end),
	    (if $c.user != 7 then "user \($c.user), not 7" else empty end),
	    (if (($c.cond_resched_might_sleep // 0) / 1000 | floor) != $n_gfp then "cond_resched_might_sleep \($c.cond_resched_might_sleep // 0): not gfp_blocks()'"'"'s \($n_gfp) instructions inlined in might_alloc() and might_alloc()'"'"'s own" else empty end),
	    (if ((.inlined_functions.gfp_blocks // 0) / 1000 | floor) != $n_gfp or (.inlined_functions.helper // 0) < 1 then "inlined_functions \(.inlined_functions | tojson): not gfp_blocks()'"'"'s \($n_gfp) thousands and helper()'"'"'s" else empty end),
	    (if ($c.preempt_count // 0) < 1 then "no instruction of preempt_disable()'"'"'s line classed" else empty end),
	    (if (($c.preempt_count // 0) / 100000 | floor) != $n_irq then "preempt_count \($c.preempt_count // 0): not irqs_off()'"'"'s \($n_irq) instructions, inlined where preemptible() is used" else empty end),
	    (if (($c.spinlock // 0) / 10000 | floor) != $n_lock then "spinlock \($c.spinlock // 0): not lockp()'"'"'s \($n_lock) instructions, inlined as raw_spin_unlock()'"'"'s argument" else empty end),
	    (if (.entry_exit_functions.host_fn // 0) < 2 then "no prologue and epilogue of host_fn() classed" else empty end),
	    (if ((.entry_exit_functions.kstyle // 0) / 100 | floor) != $n_decl then "entry_exit_functions.kstyle \(.entry_exit_functions.kstyle // 0): not the \($n_decl) instructions on the line of its name" else empty end),
	    (if (.entry_exit_functions | has("helper") or has("touch")) then "entry_exit_functions \(.entry_exit_functions | tojson): the braces of functions that ran inlined" else empty end),
	    (if ($c.other // 0) < 1 then "nothing left in other" else empty end),
	    (if (.other_functions.host_fn // 0) < 1 or (.other_functions | has("helper")) then "other_functions \(.other_functions | tojson): no host_fn(), or helper() that ran inlined in it" else empty end),
	    (if (.other_functions | add) != $c.other then "other_functions add up to \(.other_functions | add), not other \($c.other)" else empty end),
	    ((.other_lines | to_entries | group_by(.key | sub("@.*$"; "")) | map({key: (.[0].key | sub("@.*$"; "")), value: (map(.value) | add)}) | from_entries) as $byf
	     | if $byf != .other_functions then "other_lines by function \($byf | tojson), not other_functions \(.other_functions | tojson)" else empty end),
	    (if [.other_lines | keys[] | select(startswith("host_fn@helper@"))] == [] then "other_lines \(.other_lines | keys | tojson): none of helper()'"'"'s lines inlined in host_fn()" else empty end),
	    (if .call_site_lines[$tline] != ["touch"] or .call_site_lines[$hline] != null then "call_site_lines \(.call_site_lines | tojson): not touch() inlined on its line \($tline), without helper()'"'"'s \($hline)" else empty end),
	    (if [.other_lines | keys[] | split("@") | last | select(test("^classify(-o2)?[.]c:([0-9]+|[?])$") | not)] != [] then "other_lines \(.other_lines | keys | tojson): lines not relative to the source tree" else empty end),
	    (if (.entry_exit_functions | has("one_line")) or (.other_functions.one_line // 0) < 1 then "one_line(), defined on one line: \(.entry_exit_functions.one_line // 0) entry_exit, \(.other_functions.one_line // 0) other" else empty end)
	  ] | if length == 0 then "classify ok" else .[] end' "$dir/classes.json")
# without debug information (the disassembly method): by the function an
# instruction is in, host_fn() all other
mkdir -p "$dir/dis"
objcopy --strip-debug "$dir/vmlinux" "$dir/dis/vmlinux"
cp "$dir/System.map" "$dir/dis/"
"$classify" "$dir/dis" "$dir/insns.raw" >"$dir/dis/classes.json"
n_host=$(awk '$1 ~ /^f/ && $3 !~ /^(rcu_note_context_switch|_raw_spin_unlock)$/ { s[$3] += $2 }
	END { for (f in s) printf "%s %.0f\n", f, s[f] }' "$dir/insns.raw" |
	jq -R -s 'split("\n") | map(select(length > 0) | split(" ") | {key: .[0], value: (.[1] | tonumber)}) | from_entries')
dout=$(jq -r --argjson n_all "$n_all" --argjson n_host "$n_host" '
	[ (if .method != "disassembly" then "method \(.method), not disassembly" else empty end),
	  (if (.classes | add) != $n_all then "the classes add up to \(.classes | add), not \($n_all)" else empty end),
	  (if .other_functions != $n_host or .classes.other != ($n_host | add) then "disassembly: other \(.classes.other), other_functions \(.other_functions | tojson), not \($n_host | tojson)" else empty end)
	] | .[]' "$dir/dis/classes.json")
[ -z "$dout" ] || out="$out
$dout"
echo "$out"
[ "$out" = "classify ok" ]
