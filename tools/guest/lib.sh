# SPDX-License-Identifier: GPL-2.0
#
# Sourced by the guest scenarios: start and stop the latency measurement
# around a load.
#
#   lat_start   the calibration phase "pre" (calibrate), then cyclictest
#               (SCHED_FIFO 95, INTERVAL_US) pinned to CPU, its histogram
#               up to HIST_US; with TRACE=wakeup_rt also the kernel's
#               wakeup_rt latency tracer with function tracing, for
#               'make hotspots'
#   lat_stop    stop both, then the calibration phase "post"; $OUT gets
#               cyclictest.json/.txt, calib-pre.json, calib-post.json and
#               trace.txt
#
# CPU defaults to the guest's last CPU: CPU 0 on the one-vCPU latency lane
# (the load and cyclictest share it), CPU 1 on two vCPUs.
#
# A second instrument, rtla timerlat (the 7.3 tree's), beside cyclictest on
# CPU with TIMERLAT: 1 gives its histogram and summary (timerlat.txt: the
# timer IRQ's latency and the timerlat thread's, apart); a number N > 1
# runs its auto-analysis instead, which stops at the first thread latency
# over N us and names what delayed it (timerlat-auto.txt).
#
# TRACE=events records trace events instead of a latency tracer (the
# nop tracer, no function tracing): TRACE_EVENTS, by default the
# scheduler's switches and wakeups, interrupts, softirqs and workqueue
# items (separated by spaces, or by + in vp.env, whose values have no
# spaces), the whole of what is measured, into trace.txt; every stretch a
# task ran on CPU is in it, whether or not cyclictest woke inside it
# (scripts/stretch-events.sh ranks them).
#
# Knobs (vp.env): CPU INTERVAL_US=1000 HIST_US=20000
# TRACE=(empty|wakeup_rt|events) TRACE_FUNCTIONS=1 TRACE_EVENTS CALIB_S=2
# (seconds of each calibration phase; 0: none) TIMERLAT=0 MARK=0 (1: the
# profiler's marks around the load, insn_mark)

# knobs NAME=DEFAULT...: each NAME keeps the value vp.env gave it, or
# takes DEFAULT when that is unset or empty.
knobs() {
	for kv; do
		case ${kv%%=*} in
		'' | [0-9]* | *[!A-Za-z0-9_]*) echo "knobs: bad knob '$kv'" >&2; exit 2 ;;
		esac
		eval "[ -n \"\${${kv%%=*}:-}\" ] || ${kv%%=*}=\${kv#*=}"
	done
}

knobs CPU=$(($(nproc) - 1)) INTERVAL_US=1000 HIST_US=20000 TRACE= CALIB_S=2 \
	TRACE_FUNCTIONS=1 TIMERLAT=0 MARK=0 TRACE_EVENTS="sched/sched_switch sched/sched_wakeup \
irq/irq_handler_entry irq/irq_handler_exit irq/softirq_entry irq/softirq_exit \
workqueue/workqueue_execute_start workqueue/workqueue_execute_end"
TRACE_EVENTS=$(echo "$TRACE_EVENTS" | tr + ' ')
TL_PID=
T=/sys/kernel/tracing

# calibrate NAME: the lane's floor at this moment.  A load that no
# preemption model delays: two threads of pure user-space work (200 ms
# between 1 ms sleeps) on CPU, with cyclictest on CPU for CALIB_S seconds.
# Every model preempts user space when the timer interrupt returns to it,
# so what cyclictest sees here beyond a few microseconds is the platform
# (the emulator, the host), not the kernel.  The host judges the result
# ($OUT/calib-NAME.json, cyclictest's JSON): a boot whose floor is too
# high is rerun.  Dirty data is written first, so that the filesystem's
# background work does not land in the phase.
calibrate() {
	[ "$CALIB_S" != 0 ] || return 0
	sync
	vp-threads --threads=2 --work-us=200000 --sleep-ms=1 --duration=$((CALIB_S + 2)) \
		--cpu="$CPU" --quiet >/dev/null &
	hog=$!
	sleep 1
	cyclictest -m -q -p95 -i"$INTERVAL_US" -t1 -a"$CPU" -h"$HIST_US" -D"$CALIB_S" \
		--json=$OUT/calib-$1.json >$OUT/calib-$1.txt
	wait $hog
}
# trace_on, trace_off: with TRACE, the latency tracer around what is
# measured (lat_start/lat_stop; the calibrate scenario's main phase), its
# worst trace into $OUT/trace.txt.  TRACE_FUNCTIONS=0 leaves function
# tracing off: only the wakeup's stack (what the CPU was running) and the
# switch are kept, and the stretch is not inflated by the tracing.
trace_on() {
	[ -n "$TRACE" ] || return 0
	echo 0 >$T/tracing_on
	echo 65536 >$T/buffer_size_kb
	if [ "$TRACE" = events ]; then
		echo nop >$T/current_tracer
		echo >$T/trace
		for e in $TRACE_EVENTS; do
			echo 1 >$T/events/$e/enable || { echo "no trace event $e" >&2; return 1; }
		done
		echo 1 >$T/tracing_on
		return 0
	fi
	echo "$TRACE" >$T/current_tracer || { echo "no tracer $TRACE" >&2; return 1; }
	echo "$TRACE_FUNCTIONS" >$T/options/function-trace 2>/dev/null
	echo 0 >$T/tracing_max_latency
	echo 1 >$T/tracing_on
}
trace_off() {
	[ -n "$TRACE" ] || return 0
	echo 0 >$T/tracing_on
	if [ "$TRACE" = events ]; then
		for e in $TRACE_EVENTS; do echo 0 >$T/events/$e/enable; done
	else
		cat $T/tracing_max_latency >$OUT/trace_max_latency
	fi
	cat $T/trace >$OUT/trace.txt
	echo nop >$T/current_tracer
}
# insn_mark: with MARK=1, one mark for the instruction profiler
# (scripts/profile.sh) where the load's timed phase begins and ends: the
# plugin counts the guest's instructions between the two.
insn_mark() {
	[ "$MARK" != 1 ] || vp-insnmark --quiet
}
lat_start() {
	calibrate pre
	trace_on
	cyclictest -m -q -p95 -i"$INTERVAL_US" -t1 -a"$CPU" -h"$HIST_US" \
		--json=$OUT/cyclictest.json >$OUT/cyclictest.txt &
	LAT_PID=$!
	if [ "$TIMERLAT" = 1 ]; then
		rtla timerlat hist -c "$CPU" -p "$INTERVAL_US" -P f:95 -E "$HIST_US" \
			>$OUT/timerlat.txt 2>&1 &
		TL_PID=$!
	elif [ "$TIMERLAT" -gt 1 ] 2>/dev/null; then
		rtla timerlat top -q -c "$CPU" -p "$INTERVAL_US" -P f:95 -a "$TIMERLAT" \
			>$OUT/timerlat-auto.txt 2>&1 &
		TL_PID=$!
	fi
	sleep 1
	insn_mark
}

lat_stop() {
	insn_mark
	sleep 1
	kill -INT $LAT_PID
	wait $LAT_PID
	if [ -n "$TL_PID" ]; then
		kill -INT $TL_PID 2>/dev/null
		wait $TL_PID
		TL_PID=
	fi
	trace_off
	calibrate post
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
	mount_record
	FS_TYPE=$1
	canary_write
}

# mount_record: $OUT/mount.txt, what the scratch disk at /mnt is: its
# /proc/mounts line, its block size and, for the ext formats, its features
# (which layout a run measured, or which a power cut's boot had made).
mount_record() {
	awk '$2 == "/mnt"' /proc/mounts >$OUT/mount.txt
	echo "block_size $(stat -f -c %S /mnt)" >>$OUT/mount.txt
	case $(awk '{ print $3; exit }' $OUT/mount.txt) in
	ext*) dumpe2fs -h /dev/vdb 2>/dev/null | sed -n 's/^Filesystem features: */features /p' >>$OUT/mount.txt ;;
	esac
}

# Nothing lost (Documentation/reliability.rst).  canary_write, called by
# fs_mount: CANARY_FILES (8) files of CANARY_KB (128) KiB of random data in
# /mnt/vp-canary, each fsynced, and their sha256 sums in $OUT.  fs_finish,
# called after the workload instead of a bare umount: drop the page cache so
# the canary is read back from the disk, compare the sums, unmount, and run
# the read-only fsck of the filesystem (e2fsck -fn, fsck.vfat -n).  The
# verdict goes to $OUT/integrity.json, and any difference fails the scenario.
canary_write() {
	[ "${CANARY_FILES:-8}" != 0 ] || return 0
	mkdir /mnt/vp-canary
	i=0
	while [ $i -lt "${CANARY_FILES:-8}" ]; do
		dd if=/dev/urandom of=/mnt/vp-canary/$i bs=1024 count="${CANARY_KB:-128}" \
			conv=fsync status=none
		i=$((i + 1))
	done
	sync -f /mnt/vp-canary
	(cd /mnt/vp-canary && sha256sum -- *) >$OUT/canary.sha256
}

fs_finish() {
	sync
	echo 3 >/proc/sys/vm/drop_caches
	canary=ok
	if [ -s $OUT/canary.sha256 ]; then
		(cd /mnt/vp-canary && sha256sum -c --quiet $OUT/canary.sha256) >$OUT/canary-check.txt 2>&1 ||
			canary=bad
	else
		canary=none
		: >$OUT/canary.sha256
	fi
	umount /mnt
	fsck_rc=0
	case $FS_TYPE in
	vfat) fsck.vfat -n /dev/vdb >$OUT/fsck.txt 2>&1 || fsck_rc=$? ;;
	*) e2fsck -fn /dev/vdb >$OUT/fsck.txt 2>&1 || fsck_rc=$? ;;
	esac
	printf '{"fs": "%s", "canary_files": %d, "canary": "%s", "fsck_rc": %d, "fsck": "%s"}\n' \
		"$FS_TYPE" "$(wc -l <$OUT/canary.sha256)" "$canary" "$fsck_rc" \
		"$([ $fsck_rc = 0 ] && echo clean || echo errors)" >$OUT/integrity.json
	cat $OUT/integrity.json
	[ $canary != bad ] || { echo "fs_finish: canary differs after the workload:"; cat $OUT/canary-check.txt; return 1; }
	[ $fsck_rc = 0 ] || { echo "fs_finish: fsck found errors (rc $fsck_rc):"; tail -20 $OUT/fsck.txt; return 1; }
}

# now_us: the guest's monotonic-enough wall clock in microseconds.
now_us() { echo $(( $(date +%s%N) / 1000 )); }

# timed VAR CMD...: run CMD; VAR gets its wall time in microseconds.
timed() {
	_timed_var=$1 _timed_t0=$(now_us)
	shift
	"$@"
	eval "$_timed_var=\$((\$(now_us) - _timed_t0))"
}

# load_json NAME K=V...: $OUT/load.json with the load's figures (numbers).
load_json() {
	name=$1
	shift
	r=
	for kv; do r="$r\"${kv%%=*}\": ${kv#*=}, "; done
	printf '{"load": "%s", "results": {%s}}\n' "$name" "${r%, }" >$OUT/load.json
}
