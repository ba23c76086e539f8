# SPDX-License-Identifier: GPL-2.0
# jq helpers of the report (jq -L scripts/report, include "stats").

def median: sort | if length == 0 then null elif length % 2 == 1 then .[length / 2 | floor]
	else (.[length / 2 - 1] + .[length / 2]) / 2 end;

# pct(histogram; samples; q; max): the q-quantile of a cyclictest
# histogram ({"us": count}); samples beyond its range count as the maximum.
def pct($h; $n; $q; $max):
	[$h | to_entries[] | {k: (.key | tonumber), v: .value}] | sort_by(.k) as $b
	| reduce $b[] as $e ({c: 0, r: null};
		if .r == null then (.c += $e.v) | (if .c >= $q * $n then .r = $e.k else . end) else . end)
	| (.r // $max);

# pooled(runs): max, p99.9 and p99 over all samples of all the runs
# (records with .lat and .hist), their histograms summed.
def pooled($runs):
	if ($runs | length) == 0 then null else
	(reduce ($runs[] | .hist // {} | to_entries[]) as $e ({}; .[$e.key] += $e.value)) as $h
	| ([$runs[].lat.cycles] | add) as $n
	| ([$runs[].lat.max] | max) as $max
	| {samples: $n, runs: ($runs | length), max: $max,
	   p999: pct($h; $n; 0.999; $max), p99: pct($h; $n; 0.99; $max)} end;
