# SPDX-License-Identifier: GPL-2.0
#
# profile-diff.jq - one comparison of make profile's diff.json: profile $a
# against profile $b of a profile.json (scripts/profile.sh), with
# $syms_a[0] and $syms_b[0] the kernels' text symbols ({name: 1}, clone
# suffixes cut) and $topn the function rows kept.
#
# inlining: with DWARF classes, what the compiler made of its choice to
# call a function that the other kernel inlines, in one class, for the
# functions one of the two kernels has a symbol for and the other ran
# inlined (by the name without a clone suffix: $Q below).  Out of
# entry_exit: the prologues and epilogues of their calls.  Out of other
# ("other_lines", by symbol, innermost function and line): a kernel's
# instructions on a line where the other kernel ran one of them inlined
# and no instruction of the line's own (its "call_site_lines": the call
# and its arguments, where the kernel with the symbol calls it); and
# their bodies where the other kernel has no copy of that body in that
# symbol: the out-of-line copy, and the copies inlined into the callers
# from which the other kernel calls it (constants those callers pass
# fold its tests away), where copies inlined into the same function in
# both kernels stay in other.  The class is a net of both kernels' terms
# and bounds nothing: a body that runs more often in one kernel carries
# that too, and a function both kernels have a symbol for, inlined at
# some sites in one, stays where it was.  The instructions taken from
# other are taken from their symbols' other_functions too (the median
# boot's, and each boot's against the other kernel's median boot).
# Without DWARF (no such maps) the profile is left as it is.
def base: sub("[.].*$"; "");
# inlined_in($syms_a; $syms_b; $A; $B): {name: 1}, the functions one of
# the two kernels has a symbol for and the other ran inlined
def inlined_in($syms_a; $syms_b; $A; $B):
	[(($A.inlined_functions // {}) | to_entries[] | select(.value > 0) | .key | base
	  | select($syms_a[.] == null and $syms_b[.] != null)),
	 (($B.inlined_functions // {}) | to_entries[] | select(.value > 0) | .key | base
	  | select($syms_b[.] == null and $syms_a[.] != null))]
	| map({key: ., value: 1}) | from_entries;
# copies($p): {"symbol@function": 1} of the bodies a profile ran
def copies($p): ($p.other_lines // {}) | keys | map(split("@") | {key: "\(.[0] | base)@\(.[1] | base)", value: 1})
	| from_entries;
def moved_lines($p; $syms; $q; $other; $oc):
	(($other.call_site_lines // {}) | map_values(map(base) | map(select($q[.] != null and $syms[.] != null)))
	 | with_entries(select(.value != []))) as $cs
	| [($p.other_lines // {}) | to_entries[] | (.key | split("@")) as $k
	   | select(($q[$k[1] | base] != null and $oc["\($k[0] | base)@\($k[1] | base)"] == null) or $cs[$k[2]] != null)
	   | {f: $k[0], n: .value}]
	| group_by(.f) | map({key: .[0].f, value: (map(.n) | add)}) | from_entries;
def less($m): with_entries(.value -= ($m[.key] // 0));
def inlined($syms; $syms_other; $q; $other):
	. as $p
	| ([($p.entry_exit_functions // {}) | to_entries[]
	  | select($syms_other[.key] == null and (($other.inlined_functions // {})[.key] // 0) > 0) | .value] | add // 0) as $i
	| copies($other) as $oc
	| moved_lines($p; $syms; $q; $other; $oc) as $m | ([$m[]] | add // 0) as $j
	| if $i > 0 then .classes.entry_exit -= $i else . end
	| if $i + $j > 0 then .classes.inlining = $i + $j else . end
	| if $j > 0 then .classes.other -= $j | .other_functions |= (if . == null then . else less($m) end) else . end
	| .boots |= (if . == null then . else
		map(moved_lines(.; $syms; $q; $other; $oc) as $bm | .other_functions |= less($bm)) end);
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
# both kernels stays in the calls part.  What the "inlining" class above
# took from other is not in either part.  The sum is signed, so it bounds
# nothing.  The medians of a and
# b are one boot each, and boots differ in how often the same code runs
# (an allocator's bulk paths): pairs, the calls part of every boot of a
# against every boot of b, shows whether its sign holds.  null for
# profiles without other_functions.
def calls_part($ca; $oa; $cb; $ob; $ia; $ib):
	[$ca | to_entries[] | .key as $f | .value as $xa | ($cb[$f] // 0) as $xb
	| ($f | base) as $n
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
| inlined_in($syms_a[0]; $syms_b[0]; $PA; $PB) as $Q
| ($PA | inlined($syms_a[0]; $syms_b[0]; $Q; $PB)) as $A
| ($PB | inlined($syms_b[0]; $syms_a[0]; $Q; $PA)) as $B
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
