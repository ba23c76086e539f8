#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mem-pressure: does the pcp drain's early stop (the series' mm patch) leave
# the allocator short when memory is?  The stop leaves pages on a CPU's
# pcp list above its high mark until a later free or the vmstat worker
# drains them; under pressure those pages are missing from the zone.
#
# Meant for a small guest (MEM=256).  A memory hog, stress-ng --vm with
# VM_WORKERS workers touching VM_PCT% of the available memory between them
# (stress-ng takes no more than is available),
# runs beside a truncate loop on every CPU: write a SIZE_MB ext3-format
# file, fsync, truncate it to 0 (freeing its page cache through the pcp
# lists), again, for DURATION seconds; cyclictest on the last CPU as in
# every scenario.  The kernel's own counters say whether the allocator
# ran short: the /proc/vmstat deltas of direct reclaim (allocstall_*,
# pgscan_direct, pgsteal_direct), compaction stalls and failures, OOM
# kills, and the console's "page allocation failure" and "invoked
# oom-killer" reports.  The filesystem's integrity is checked at the end
# as after every fs workload.
#
# Knobs (vp.env): SIZE_MB=48 DURATION=30 VM_WORKERS=(CPUs) VM_PCT=100, and
# those of lib.sh
set -e
. /vp/lib.sh
knobs SIZE_MB=48 DURATION=30 VM_WORKERS=$(nproc) VM_PCT=100
ncpu=$(nproc)

counters='allocstall_dma allocstall_dma32 allocstall_normal allocstall_movable
pgscan_direct pgsteal_direct compact_stall compact_fail oom_kill'
# snap NAME: the counters above (0 for one this kernel lacks) and the
# memory summary, into $OUT/{vmstat,meminfo}-NAME.txt
snap() {
	awk -v list="$counters" 'BEGIN {n = split(list, c)} {v[$1] = $2}
		END {for (i = 1; i <= n; i++) print c[i], v[c[i]] + 0}' /proc/vmstat >$OUT/vmstat-$1.txt
	grep -E "^(MemTotal|MemFree|MemAvailable|Cached):" /proc/meminfo >$OUT/meminfo-$1.txt
}

fs_mount ext3 "${MOUNT_OPTS:-}"
dmesg >$OUT/dmesg-pre.txt
snap pre

lat_start
t0=$(now_us)
end=$(($(date +%s) + DURATION))
c=0 pids=
while [ $c -lt $ncpu ]; do
	(
		n=0
		while [ "$(date +%s)" -lt $end ]; do
			vp-fsload --cpu=$c --quiet --size="$SIZE_MB" fill /mnt/f$c
			vp-fsload --cpu=$c --quiet truncate /mnt/f$c
			n=$((n + 1))
		done
		echo $n >$OUT/rounds.$c
	) &
	pids="$pids $!"
	c=$((c + 1))
done
stress-ng --vm "$VM_WORKERS" --vm-bytes "$VM_PCT%" --timeout "${DURATION}s" \
	--metrics-brief >$OUT/stress-ng.txt 2>&1 || echo "stress-ng: exit $?" >>$OUT/stress-ng.txt
# not a bare wait: cyclictest (lat_start) runs until lat_stop
wait $pids
t1=$(now_us)
lat_stop

snap post
dmesg >$OUT/dmesg-post.txt
cat $OUT/stress-ng.txt
rounds=$(cat $OUT/rounds.* | awk '{s += $1} END {print s + 0}')
# the report lines the run added to the kernel log
new=$OUT/dmesg-new.txt
awk 'NR == FNR {seen[$0] = 1; next} !($0 in seen)' $OUT/dmesg-pre.txt $OUT/dmesg-post.txt >$new
allocfail=$(grep -c 'page allocation failure' $new || true)
oomcalls=$(grep -c 'invoked oom-killer' $new || true)
# the counters' deltas, one "NAME DELTA" a line; the allocstall_* zones summed
awk 'NR == FNR {pre[$1] = $2; next} {print $1, $2 - pre[$1]}' \
	$OUT/vmstat-pre.txt $OUT/vmstat-post.txt >$OUT/vmstat-delta.txt
delta() { awk -v c="$1" '$1 == c {print $2}' $OUT/vmstat-delta.txt; }
stalls=$(awk '$1 ~ /^allocstall_/ {s += $2} END {print s + 0}' $OUT/vmstat-delta.txt)
bogo=$(awk '$4 == "vm" && $5 ~ /^[0-9]+$/ {print $5}' $OUT/stress-ng.txt)
fs_finish
cat >$OUT/load.json <<EOT
{"load": "mem-pressure",
 "args": {"size_mb": $SIZE_MB, "duration_s": $DURATION, "vm_workers": $VM_WORKERS, "vm_pct": $VM_PCT,
	  "mem_total_kb": $(awk '$1 == "MemTotal:" {print $2}' /proc/meminfo)},
 "results": {"usecs": $((t1 - t0)), "truncate_rounds": $rounds,
	     "allocstall": $stalls, "pgscan_direct": $(delta pgscan_direct),
	     "pgsteal_direct": $(delta pgsteal_direct), "compact_stall": $(delta compact_stall),
	     "compact_fail": $(delta compact_fail), "oom_kill": $(delta oom_kill),
	     "alloc_failure_reports": $allocfail, "oom_killer_invocations": $oomcalls,
	     "vm_bogo_ops": ${bogo:-null}}}
EOT
cat $OUT/load.json
