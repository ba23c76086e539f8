# SPDX-License-Identifier: GPL-2.0
# stretches.json from goals.json: the stretches a calibrated run shows,
# ranked, with what 'make hotspots' named for each ($hs: an object keyed
# "PROFILE-SCENARIO", from the run's hotspots/*/hotspots.json).
#   over the goal: every judged worst-latency row (a calibrated run's)
#     whose worst case is over its threshold, the largest ratio first;
#   shared: then every load on which every reference kernel of the latency
#     goals (upstream-full, upstream-lazy: real-time tasks preempt at once
#     on both) had a worst case over $shared_us (1000 µs): a stretch no
#     preemption model removes (interrupts off, a spinlock held), named by
#     the reference kernel with the smaller worst, the longest first.
def hot($p; $s): $hs["\($p)-\($s)"] // null;
[.[] | select(.what == "lat" and .judged)] as $lat
| ([$lat[] | select(.value > 1)]
   | sort_by(-.value, .scenario, .a)
   | map({kind: "over the goal", profile: .a, scenario, worst_us: .a_worst_us, threshold_us,
	ratio: .value, verdict, hotspots: hot(.a; .scenario)}))
+ ([$lat[] | {profile: .b, scenario, worst_us: .b_worst_us}]
   | group_by(.scenario) | map(min_by(.worst_us)) | map(select(.worst_us > $shared_us))
   | sort_by(-.worst_us, .scenario)
   | map(. + {kind: "shared", threshold_us: null, ratio: null, verdict: null,
	hotspots: hot(.profile; .scenario)}))
