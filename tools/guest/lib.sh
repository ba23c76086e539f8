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
