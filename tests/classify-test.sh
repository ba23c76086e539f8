#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/classify-test.sh DIR [CLASSIFY] - scripts/classify-insns.sh (or
# CLASSIFY, a changed copy) on a fixture kernel: tests/fixtures/classify.c
# built at kernel addresses with debug information (x86_64), every
# instruction counted once but rcu_note_context_switch()'s (a million
# each) and those of gfp_blocks()'s line (a thousand each: objdump -l's
# line, not the classifier's), and seven user-space instructions.  The
# classes must add up to the counts, and each rule must have named its
# instructions: the chain (rcu_switch, exactly that function's; the
# inlined might_alloc() with gfp_blocks() inlined in it, an outer frame
# deciding), the macro's line (preempt_count, preempt_disable()'s line),
# the braces (entry_exit, all of them host_fn()'s, out of line), the
# functions that ran inlined, and class other by function (host_fn()'s,
# helper()'s inlined in it).  Then the same without debug information
# (the disassembly method): by the function each instruction is in.
# Prints "classify ok", or what is wrong and exits 1.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
dir=$1 classify=${2:-$top/scripts/classify-insns.sh}
mkdir -p "$dir"
gcc -g -O0 -mcmodel=kernel -fno-pie -no-pie -fno-stack-protector -nostdlib -static -fno-asynchronous-unwind-tables \
	-Wl,-Ttext=0xffffffff81000000 -Wl,-e,host_fn -o "$dir/vmlinux" "$top/tests/fixtures/classify.c"
nm "$dir/vmlinux" >"$dir/System.map"
gline=$(grep -n 'return gfp & 0x400;' "$top/tests/fixtures/classify.c" | cut -d: -f1)
objdump -dl --no-show-raw-insn "$dir/vmlinux" | awk -v gline="classify.c:$gline" '
	/^ffffffff[0-9a-f]+ <.*>:$/ { fn = $2; gsub(/[<>:]/, "", fn); next }
	/classify\.c:[0-9]+/ { ln = $0; sub(/.*\//, "", ln); sub(/ .*/, "", ln); next }
	/^ *ffffffff[0-9a-f]+:/ {
		a = $1; sub(/:$/, "", a)
		print a, (fn == "rcu_note_context_switch" ? 1000000 : ln == gline ? 1000 : 1), fn, ln
	}' >"$dir/insns.raw"
echo "0000000000401000 7 [user?]" >>"$dir/insns.raw"
n_rcu=$(awk '$3 == "rcu_note_context_switch"' "$dir/insns.raw" | wc -l)
n_gfp=$(awk '$2 == 1000' "$dir/insns.raw" | wc -l)
[ "$n_gfp" -gt 0 ] || { echo "objdump -l names no instruction of gfp_blocks()'s line $gline"; exit 1; }
n_all=$(awk '{ s += $2 } END { printf "%.0f", s }' "$dir/insns.raw")
"$classify" "$dir" "$dir/insns.raw" >"$dir/classes.json"
out=$(jq -r --argjson n_rcu "$n_rcu" --argjson n_gfp "$n_gfp" --argjson n_all "$n_all" '
	.classes as $c
	| [ (if ($c | add) != $n_all then "the classes add up to \($c | add), not \($n_all)" else empty end),
	    (if $c.rcu_switch != $n_rcu * 1000000 then "rcu_switch \($c.rcu_switch), not \($n_rcu * 1000000)" else empty end),
	    (if $c.user != 7 then "user \($c.user), not 7" else empty end),
	    (if (($c.cond_resched_might_sleep // 0) / 1000 | floor) != $n_gfp then "cond_resched_might_sleep \($c.cond_resched_might_sleep // 0): not gfp_blocks()'"'"'s \($n_gfp) instructions inlined in might_alloc() and might_alloc()'"'"'s own" else empty end),
	    (if ((.inlined_functions.gfp_blocks // 0) / 1000 | floor) != $n_gfp or (.inlined_functions.helper // 0) < 1 then "inlined_functions \(.inlined_functions | tojson): not gfp_blocks()'"'"'s \($n_gfp) thousands and helper()'"'"'s" else empty end),
	    (if ($c.preempt_count // 0) < 1 then "no instruction of preempt_disable()'"'"'s line classed" else empty end),
	    (if ($c.entry_exit // 0) < 2 then "no prologue and epilogue classed" else empty end),
	    (if (.entry_exit_functions.host_fn // 0) != $c.entry_exit then "entry_exit_functions.host_fn \(.entry_exit_functions.host_fn), not entry_exit \($c.entry_exit)" else empty end),
	    (if ($c.other // 0) < 1 then "nothing left in other" else empty end),
	    (if .other_functions != {host_fn: $c.other} then "other_functions \(.other_functions | tojson), not host_fn()'"'"'s \($c.other) (helper() ran inlined in it)" else empty end)
	  ] | if length == 0 then "classify ok" else .[] end' "$dir/classes.json")
# without debug information (the disassembly method): by the function an
# instruction is in, host_fn() all other
mkdir -p "$dir/dis"
objcopy --strip-debug "$dir/vmlinux" "$dir/dis/vmlinux"
cp "$dir/System.map" "$dir/dis/"
"$classify" "$dir/dis" "$dir/insns.raw" >"$dir/dis/classes.json"
n_host=$(awk '$3 == "host_fn" { s += $2 } END { printf "%.0f", s }' "$dir/insns.raw")
dout=$(jq -r --argjson n_all "$n_all" --argjson n_host "$n_host" '
	[ (if .method != "disassembly" then "method \(.method), not disassembly" else empty end),
	  (if (.classes | add) != $n_all then "the classes add up to \(.classes | add), not \($n_all)" else empty end),
	  (if .other_functions != {host_fn: $n_host} or .classes.other != $n_host then "disassembly: other \(.classes.other), other_functions \(.other_functions | tojson), not host_fn()'"'"'s \($n_host)" else empty end)
	] | .[]' "$dir/dis/classes.json")
[ -z "$dout" ] || out="$out
$dout"
echo "$out"
[ "$out" = "classify ok" ]
