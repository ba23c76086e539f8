# SPDX-License-Identifier: GPL-2.0
# One record of results.json: run.json ($run) with the rep number and the
# run's directory ($rep, $dir), its cyclictest figures ($ct: percentiles
# from the histogram, a sample beyond its range counting as the maximum),
# the load's own figures ($load) and rtla timerlat's ($timerlat).  The
# QEMU command line names the build directory of the machine that ran it:
# it becomes $BUILD, so that no machine's path is in the report.
include "stats";

$run[0] + {rep: ($rep | capture("^(?<n>[0-9]+)").n | tonumber), dir: $dir,
	rerun_of: ($rep | test("[.]contaminated-")),
	excluded: ($run[0].calibration.contaminated == true)}
+ (if ($ct | length) > 0 then
	($ct[0].thread["0"]) as $t
	| {lat: {cycles: $t.cycles, min: $t.min, avg: $t.avg, max: $t.max,
		p99: pct($t.histogram // {}; $t.cycles; 0.99; $t.max),
		p999: pct($t.histogram // {}; $t.cycles; 0.999; $t.max)},
	   hist: ($t.histogram // {}),
	   kernel: $ct[0].sysinfo.release}
   else {} end)
+ (if ($load | length) > 0 then {load: $load[0].results} else {} end)
+ (if $timerlat then {timerlat: $timerlat} else {} end)
| if .qemu then
	([.qemu[] | strings | capture("(?<p>/[^=:,]*)/results/[^/,]+/runs/").p] | first) as $build
	| if $build then .qemu |= map(if type == "string" then split($build) | join("$BUILD") else . end) else . end
  else . end
