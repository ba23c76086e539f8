# SPDX-License-Identifier: GPL-2.0
# summary.json from results.json: median and spread per profile and
# scenario, profiles in bench order.  Throughput: the load's own rate where
# it has one (MB/s, switches/s, files/s, loops/s, builds/h, TPS,
# acquisitions/s, broadcasts/s), else runs per second (1e6 / the load's
# usecs), so that higher is better everywhere;
# "rel" is relative to the base profile ($pairs[0].base when it ran, else
# the first profile) in the same scenario.
include "stats";

def spread: {median: median, lo: min, hi: max, values: .};
def rate: if .mb_per_s then {metric: "MB/s", v: .mb_per_s}
	elif .switches_per_s then {metric: "switches/s", v: .switches_per_s}
	elif .files_per_s then {metric: "files/s", v: .files_per_s}
	elif .loops_per_s_at_max then {metric: "loops/s", v: .loops_per_s_at_max}
	elif .builds_per_h then {metric: "builds/h", v: .builds_per_h}
	elif .tps then {metric: "TPS", v: .tps}
	elif .acq_per_s then {metric: "acquisitions/s", v: .acq_per_s}
	elif .wake_us then {metric: "broadcasts/s", v: (1e6 / .wake_us)}
	elif ((.usecs // .truncate_us) // 0) > 0 then {metric: "runs/s", v: (1e6 / (.usecs // .truncate_us))}
	else null end;
.bench as $b
| ($b.profiles | if index($pairs[0].base) then $pairs[0].base else .[0] end) as $base
| [.runs | group_by([.scenario, .profile])[]
| ([.[] | select(.calibration.contaminated == true)] | length) as $contaminated
| ([.[] | select(.excluded and (.rerun_of | not))] | length) as $excluded
| [.[] | select(.excluded | not)]
| select(length > 0)
| {scenario: .[0].scenario, profile: .[0].profile, clock: .[0].clock, lane: (.[0].lane // "2vcpu"),
   kernel: ([.[].kernel | select(.)] | first),
   runs: length, ok: ([.[] | select(.status == "ok")] | length),
   contaminated: $contaminated, excluded: $excluded,
   floor_us: ([.[] | .calibration.floor_us | select(. != null)] | max),
   all: pooled([.[] | select(.lat)]),
   timerlat: ([.[] | .timerlat | select(.)] | if length > 0 then
	{runs: length, irq_max: (map(.irq_max) | max), thr_max: (map(.thr_max) | max),
	 usr_max: (map(.usr_max) | max)} else null end),
   failures: [.[] | select(.status != "ok") | "\(.rep): \(.status)"],
   max_us: ([.[] | select(.lat) | .lat.max] | spread),
   p99_us: ([.[] | select(.lat) | .lat.p99] | spread),
   p999_us: ([.[] | select(.lat) | .lat.p999] | spread),
   avg_us: ([.[] | select(.lat) | .lat.avg] | spread),
   load_us: ([.[] | select(.load) | (.load.truncate_us // .load.usecs)] | spread),
   lockwait: ([.[] | select(.status == "ok") | .load.wait_frac? | select(. != null)]
	| if length > 0 then spread else null end),
   tput: ([.[] | select(.status == "ok" and .load) | .load | rate | select(.)] as $r
	| if ($r | length) > 0 then {metric: $r[0].metric} + ([$r[].v] | spread) else null end)}]
| . as $all
| map(. as $x | ($all | map(select(.scenario == $x.scenario and .profile == $base)) | first) as $bs
	| . + {base: $base,
	   tput_rel: (if $x.tput and $bs.tput and ($bs.tput.median // 0) > 0 then
		{median: ($x.tput.median / $bs.tput.median), lo: ($x.tput.lo / $bs.tput.median),
		 hi: ($x.tput.hi / $bs.tput.median)} else null end),
	   max_rel: (if $x.max_us.median and ($bs.max_us.median // 0) > 0 then
		($x.max_us.median / $bs.max_us.median) else null end)})
| map(. + {io_under_icount: (.clock == "icount" and (.scenario | test("^(dbench|fio-write|mpage-|ext3-overwrite|ext3-dirty)")))})
| sort_by(.scenario, (.profile as $p | $b.profiles | index($p)))
