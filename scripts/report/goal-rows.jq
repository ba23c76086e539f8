# SPDX-License-Identifier: GPL-2.0
# The rows one goal ($g, an entry of goals.json) judges in summary.json:
# per scenario that both profiles ran, their per-repeat figures.
[.[] | select(.profile == $g.a)] as $x
| [.[] | select(.profile == $g.b)] as $y
| $x[] | . as $r
| ($y | map(select(.scenario == $r.scenario)) | first) as $s
| select($s and $r.scenario != "calibrate")
| select($g.scenarios == null or ($r.scenario | IN($g.scenarios[])))
| if $g.what == "tput" then
	select($r.tput and $s.tput and ($s.tput.median // 0) > 0)
	| {scenario: $r.scenario, a: $r.tput.values, b: $s.tput.values, io: $r.io_under_icount}
  elif $g.what == "lockwait" then
	select($r.lockwait and $s.lockwait)
	| {scenario: $r.scenario, a: $r.lockwait.values, b: $s.lockwait.values, io: false,
	   b_median: $s.lockwait.median}
  else
	select($r.max_us.median != null and $s.max_us.median != null)
	| {scenario: $r.scenario, a: $r.max_us.values, b: $s.max_us.values, io: false}
  end
