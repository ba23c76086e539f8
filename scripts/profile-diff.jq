# SPDX-License-Identifier: GPL-2.0
#
# profile-diff.jq - one comparison of make profile's diff.json: profile $a
# against profile $b of a profile.json (scripts/profile.sh), with
# $syms_a[0] and $syms_b[0] the kernels' text symbols ({name: 1}, clone
# suffixes cut) and $topn the function rows kept.
#
# inlining: with DWARF classes, the prologues and epilogues of the calls
# of a function that the other kernel has no symbol for and ran inlined
# (its "inlined_functions") are moved out of entry_exit: the compiler's
# choice to call what the other kernel inlines.  A function only one
# kernel has at all (no symbol and never inlined in the other) stays in
# entry_exit, and one both kernels call out of line, also inlined at some
# sites in one, does too: the class is a lower bound of what inlining
# moves.  Without DWARF (no such maps) the classes are left as they are.
def inlined($p; $syms; $other):
	([($p.entry_exit_functions // {}) | to_entries[]
	  | select($syms[.key] == null and (($other.inlined_functions // {})[.key] // 0) > 0) | .value] | add // 0) as $i
	| if $i == 0 then $p.classes
	  else $p.classes | .entry_exit = ((.entry_exit // 0) - $i) | .inlining = $i end;
.profiles[$a] as $PA | .profiles[$b] as $PB
| ($PA | .classes = inlined($PA; $syms_b[0]; $PB)) as $A
| ($PB | .classes = inlined($PB; $syms_a[0]; $PA)) as $B
| ($A.insns_per_unit - $B.insns_per_unit) as $d
| ([$A.functions, $B.functions] | map(keys) | add | unique) as $fs
| {scenario, arch, clock, lane, a: $a, b: $b, unit: $A.unit,
   value: ($A.insns_per_unit / $B.insns_per_unit),
   a_per_unit: $A.insns_per_unit, b_per_unit: $B.insns_per_unit, diff_per_unit: $d,
   a_spread: $A.spread, b_spread: $B.spread,
   classes: ([$A.classes, $B.classes] | map(keys) | add | unique
	| map({class: ., a: ($A.classes[.] // 0), b: ($B.classes[.] // 0)}
		| . + {diff: (.a - .b)} | . + {share: (if $d != 0 then .diff / $d else null end)})
	| sort_by(-(.diff | fabs))),
   functions: ([$fs[] | {f: ., a: ($A.functions[.].insns // 0), b: ($B.functions[.].insns // 0),
		a_calls: ($A.functions[.].calls // 0), b_calls: ($B.functions[.].calls // 0)}
	| . + {diff: (.a - .b)} | . + {share: (if $d != 0 then .diff / $d else null end)}]
	| sort_by(-(.diff | fabs)))[:$topn]}
