# SPDX-License-Identifier: GPL-2.0
# calibration.json from summary.json (input), results.json ($res) and the
# reference kernels of pairs.json ($pairs).
include "stats";

. as $sum
| ($res[0].bench) as $b
| ($b.calib_bound_us // 50) as $bound
| ($b.lane // "2vcpu") as $lane
| ($res[0].runs) as $runs
| [$b.profiles[] as $p
	| ($sum | map(select(.profile == $p and .scenario == "calibrate")) | first) as $c
	| [$runs[] | select(.profile == $p)] as $pr
	| {profile: $p,
	   calibrate_max_us: ($c.all.max // null), calibrate_p999_us: ($c.all.p999 // null),
	   calibrate_samples: ($c.all.samples // 0),
	   boot_floor_max_us: ([$pr[] | select(.excluded | not) | .calibration.floor_us | select(. != null)] | max),
	   boots: ($pr | length),
	   contaminated: ([$pr[] | select(.calibration.contaminated == true)] | length),
	   excluded: ([$pr[] | select(.excluded and (.rerun_of | not))] | length)}
	| . + {floor_us: ([.calibrate_max_us, .boot_floor_max_us] | map(select(. != null)) | max)}] as $k
| [(if $lane != "1vcpu" then "the \($lane) lane: under icount its worst latencies are the emulator's" else empty end),
   ($k[] | select(.floor_us == null) | "\(.profile): no calibration measured"),
   ($k[] | select(.floor_us != null and .floor_us >= $bound) | "\(.profile): floor \(.floor_us) us >= \($bound) us")] as $why
| {calibrated: ($why | length == 0), why: $why, lane: $lane, clock: $b.clock, bound_us: $bound,
   kernels: $k, reference_kernels: $pairs[0].reference,
   boots: {total: ($runs | length),
	   contaminated: ([$runs[] | select(.calibration.contaminated == true)] | length),
	   excluded: ([$runs[] | select(.excluded and (.rerun_of | not))] | length)},
   reference: [$sum | group_by(.scenario)[] | select(.[0].scenario != "calibrate")
	| {scenario: .[0].scenario}
	  + ([.[] | select(.profile | IN($pairs[0].reference[])) | {(.profile): .all.max}] | add // {})]}
