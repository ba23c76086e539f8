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
#
# other_calls: class other's difference split in two.  A function's
# instructions of class other (by its symbol, code inlined into it
# included) are its calls c times p, its instructions of class other a
# call, and c_a p_a - c_b p_b = (c_a - c_b) (p_a + p_b) / 2 + (c_a + c_b)
# / 2 (p_a - p_b) (the midpoint weights the two kernels' p alike): the
# first term, summed over the functions both kernels called, is the
# calls part (diff, share; the functions with the largest, with their
# calls), the rest of other's difference the code's (code, code_share).
# A function only one kernel called (inlined in the other, or a clone,
# .constprop.0 and the like, of that name in one kernel only) or ran
# without a call is left to the code's part, and so is a loop that runs
# longer per call, unless it starts at the function's first instruction
# (each pass counts as a call), and a function that one kernel ran
# inlined somewhere and the other did not (inlined_functions, with DWARF,
# by the name without its clone suffix; in the median boots): its calls
# differ where the compiler inlined it, and the caller that holds it then
# is longer, in the code's part too.  A function inlined at some sites in
# both kernels stays in the calls part.  The "inlining" class above takes
# only the prologues of a function the other kernel has no symbol for,
# so the prologues of one inlined at some sites stay in entry_exit.  The
# sum is signed, so it bounds nothing.  The medians of a and
# b are one boot each, and boots differ in how often the same code runs
# (an allocator's bulk paths): pairs, the calls part of every boot of a
# against every boot of b, shows whether its sign holds.  null for
# profiles without other_functions.
def calls_part($ca; $oa; $cb; $ob; $ia; $ib):
	[$ca | to_entries[] | .key as $f | .value as $xa | ($cb[$f] // 0) as $xb
	| ($f | sub("[.].*$"; "")) as $n
	| select($xa > 0 and $xb > 0 and (($oa[$f] // 0) > 0 or ($ob[$f] // 0) > 0)
		and ((($ia[$n] // 0) > 0) == (($ib[$n] // 0) > 0)))
	| {f: $f, a_calls: $xa, b_calls: $xb,
	   diff: (($xa - $xb) * (($oa[$f] // 0) / $xa + ($ob[$f] // 0) / $xb) / 2)}];
def other_calls($A; $B):
	if $A.other_functions == null or $B.other_functions == null then null
	else ($A.inlined_functions // {}) as $ia | ($B.inlined_functions // {}) as $ib
	| calls_part($A.functions | map_values(.calls); $A.other_functions;
			$B.functions | map_values(.calls); $B.other_functions; $ia; $ib)
	| (map(.diff) | add // 0) as $c
	| {diff: $c, code: (($A.classes.other // 0) - ($B.classes.other // 0) - $c),
	   functions: (sort_by(-(.diff | fabs)) | .[:5]),
	   pairs: ([$A.boots[]? as $x | $B.boots[]? as $y
		| calls_part($x.calls; $x.other_functions // {}; $y.calls; $y.other_functions // {}; $ia; $ib)
		| map(.diff) | add // 0] | sort)} end;
.profiles[$a] as $PA | .profiles[$b] as $PB
| ($PA | .classes = inlined($PA; $syms_b[0]; $PB)) as $A
| ($PB | .classes = inlined($PB; $syms_a[0]; $PA)) as $B
| ($A.insns_per_unit - $B.insns_per_unit) as $d
| ([$A.functions, $B.functions] | map(keys) | add | unique) as $fs
| {scenario, arch, clock, lane, a: $a, b: $b, unit: $A.unit,
   value: ($A.insns_per_unit / $B.insns_per_unit),
   a_per_unit: $A.insns_per_unit, b_per_unit: $B.insns_per_unit, diff_per_unit: $d,
   a_spread: $A.spread, b_spread: $B.spread,
   other_calls: (other_calls($A; $B) | if . == null then . else
	. + {share: (if $d != 0 then .diff / $d else null end),
	     code_share: (if $d != 0 then .code / $d else null end)} end),
   classes: ([$A.classes, $B.classes] | map(keys) | add | unique
	| map({class: ., a: ($A.classes[.] // 0), b: ($B.classes[.] // 0)}
		| . + {diff: (.a - .b)} | . + {share: (if $d != 0 then .diff / $d else null end)})
	| sort_by(-(.diff | fabs))),
   functions: ([$fs[] | {f: ., a: ($A.functions[.].insns // 0), b: ($B.functions[.].insns // 0),
		a_calls: ($A.functions[.].calls // 0), b_calls: ($B.functions[.].calls // 0)}
	| . + {diff: (.a - .b)} | . + {share: (if $d != 0 then .diff / $d else null end)}]
	| sort_by(-(.diff | fabs)))[:$topn]}
