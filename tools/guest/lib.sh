# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the guest scenarios: start and stop the latency measurement
# around a load.
#
#   lat_start   cyclictest (SCHED_FIFO 95, INTERVAL_US) pinned to CPU, its
#               histogram up to HIST_US; with TRACE=wakeup_rt also the
#               kernel's wakeup_rt latency tracer with function tracing, for
#               'make hotspots'
#   lat_stop    stop both; $OUT gets cyclictest.json/.txt and trace.txt
#
# Knobs (vp.env): CPU=1 INTERVAL_US=1000 HIST_US=20000 TRACE=(empty|wakeup_rt)
CPU=${CPU:-1}
INTERVAL_US=${INTERVAL_US:-1000}
HIST_US=${HIST_US:-20000}
TRACE=${TRACE:-}
T=/sys/kernel/tracing

lat_start() {
	if [ -n "$TRACE" ]; then
		echo 0 >$T/tracing_on
		echo 65536 >$T/buffer_size_kb
		echo "$TRACE" >$T/current_tracer || { echo "no tracer $TRACE" >&2; return 1; }
		echo 1 >$T/options/function-trace 2>/dev/null
		echo 0 >$T/tracing_max_latency
		echo 1 >$T/tracing_on
	fi
	cyclictest -m -q -p95 -i"$INTERVAL_US" -t1 -a"$CPU" -h"$HIST_US" \
		--json=$OUT/cyclictest.json >$OUT/cyclictest.txt &
	LAT_PID=$!
	sleep 1
}

lat_stop() {
	sleep 1
	kill -INT $LAT_PID
	wait $LAT_PID
	if [ -n "$TRACE" ]; then
		echo 0 >$T/tracing_on
		cat $T/tracing_max_latency >$OUT/trace_max_latency
		cat $T/trace >$OUT/trace.txt
		echo nop >$T/current_tracer
	fi
}

# fs_mount FS [OPTS]: a fresh filesystem on the scratch disk (/dev/vdb) at
# /mnt.  FS: ext2, ext3 (the ext3 on-disk format, mounted by ext4 as every
# 7.3 kernel does), ext4, vfat.  MKFS_OPTS (vp.env) go to mkfs.
fs_mount() {
	case $1 in
	ext2 | ext3 | ext4) mkfs.$1 -q -F ${MKFS_OPTS:-} /dev/vdb ;;
	vfat) mkfs.vfat ${MKFS_OPTS:-} /dev/vdb >/dev/null ;;
	*) echo "fs_mount: unknown filesystem $1" >&2; return 1 ;;
	esac
	mkdir -p /mnt
	fstype=$1
	[ "$1" = ext3 ] && fstype=ext4
	mount -t "$fstype" ${2:+-o "$2"} /dev/vdb /mnt
	grep ' /mnt ' /proc/mounts >$OUT/mount.txt
}

# now_us: the guest's monotonic-enough wall clock in microseconds.
now_us() { echo $(( $(date +%s%N) / 1000 )); }

# load_json NAME K=V...: $OUT/load.json with the load's figures (numbers).
load_json() {
	name=$1
	shift
	r=
	for kv; do r="$r\"${kv%%=*}\": ${kv#*=}, "; done
	printf '{"load": "%s", "results": {%s}}\n' "$name" "${r%, }" >$OUT/load.json
}
