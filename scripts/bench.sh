#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bench.sh PROFILE... - run the benchmark suite on the built kernels and
# write the report.  Every scenario runs REPEAT times per profile, profiles
# interleaved (rep 1 of every profile, then rep 2, ...), so that a slow
# phase of the host does not land on one kernel only.  A failed run (hang,
# panic, stall) is recorded with its console log and the suite goes on.
#
# EXTRA_ENV=K=V,... is added to every scenario's knobs (MOUNT_OPTS=data=journal).
#
# ARCH=x86_64|arm64 (lib.sh) picks the guests' architecture: the kernels of
# build/kernels-arm64 and the arm64 image for arm64; bench.json and every
# run.json record it.
#
# LANE=1vcpu|2vcpu is the guests' shape (run.sh).  1vcpu, the default, is
# the calibrated latency lane: one vCPU that the load and cyclictest share.
# On two vCPUs under icount QEMU runs the vCPUs in turn on one host thread,
# so a vCPU spins on a lock that the descheduled one holds, or stands still,
# and the worst latencies are the emulator's (Documentation/method.rst).
# Every boot of a latency load runs a calibration phase before and after
# it (tools/guest/lib.sh); on the 1vcpu lane a boot whose floor is over
# CALIB_BOUND_US (50) is "contaminated" (the host's hand, e.g. a kernel
# build beside the bench), kept as <rep>.contaminated-N and rerun, up to
# CALIB_RERUNS (2) times; a boot still contaminated then is excluded from
# the figures, and the report counts both.
#
# GUESTS=N runs up to N guests at a time.  The default (auto) is 1 on the
# 1vcpu lane (nothing beside the measured guest) and under kvm and tcg
# (whose figures are host time); on the 2vcpu lane under icount, one guest
# per host CPU (QEMU runs an icount guest's vCPUs in turn on one host
# thread, and counts its time in instructions).  Scenarios that use the scratch disk
# (lib.sh disk_scenario) always run alone: while an icount guest waits for
# the host's I/O its clock jumps from timer to timer, so a busier host lets
# more guest time, and more background work (writeback, journal commits,
# RCU callbacks), pass inside the measurement.  Runs next to each other in
# the queue are one scenario on different kernels.
#
# Results: $BUILD/results/<date>-<time>/ (bench.json, runs/<profile>/
# <scenario>/<rep>/...), $BUILD/results/latest pointing at it, and the report
# in $BUILD/report/.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || die "no profiles given; valid profiles: $(profiles_all | tr '\n' ' ')"
for p; do check_profile "$p"; done

# Per BENCH size: scenarios (lib.sh bench_scenarios) and repeats; the
# scenarios' knobs are scripts/bench-env.tsv's (lib.sh bench_env).
def_scen=$(bench_scenarios "${BENCH:-quick}") || exit 1
case ${BENCH:-quick} in
quick) def_rep=3 ;;
full) def_rep=5 ;;
smoke) def_rep=1 ;;
fs | writeback) def_rep=2 ;;
esac
scenarios=${SCENARIOS:-$def_scen}
repeat=${REPEAT:-$def_rep}
[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "REPEAT must be a positive number, not '$repeat'"
for s in $scenarios; do check_scenario "$s"; done
lane=${LANE:-1vcpu}
case $lane in
1vcpu | 2vcpu) ;;
*) die "unknown LANE '$lane'; valid: 1vcpu 2vcpu" ;;
esac
reruns=${CALIB_RERUNS:-2}
[[ $reruns =~ ^[0-9]+$ ]] || die "CALIB_RERUNS must be a number, not '$reruns'"
[[ ${CALIB_BOUND_US:-50} =~ ^[1-9][0-9]*$ ]] || die "CALIB_BOUND_US must be a number of microseconds, not '$CALIB_BOUND_US'"
check_env_arch "${EXTRA_ENV:-}"
[[ ${GUESTS:-auto} =~ ^([1-9][0-9]*|auto)$ ]] || die "GUESTS must be a positive number or auto, not '$GUESTS'"
[[ ${MEM:-1024} =~ ^[1-9][0-9]*$ ]] && [ "${MEM:-1024}" -ge 192 ] ||
	die "MEM must be the guest's memory in MiB, at least 192, not '$MEM'"
clock=$(PROG=clock.sh "$TOP/scripts/clock.sh" "$1")
lanes=${GUESTS:-auto}
if [ "$lanes" = auto ]; then
	lanes=1
	[ "$clock" != icount ] || [ "$lane" != 2vcpu ] || lanes=$(nproc)
fi
[[ $lanes =~ ^[1-9][0-9]*$ ]] || die "GUESTS must be a positive number or auto, not '$lanes'"

stamp=$(date -u +%Y%m%d-%H%M%S)
dir=$BUILD/results/$stamp
mkdir -p "$dir/runs"
jq -n --arg stamp "$stamp" --arg clock "$clock" --arg bench "${BENCH:-quick}" \
	--argjson repeat "$repeat" --argjson lanes "$lanes" --arg lane "$lane" --argjson reruns "$reruns" \
	--argjson bound "${CALIB_BOUND_US:-50}" --arg scenarios "$scenarios" --arg profiles "$*" \
	--arg host "$(uname -n)" --arg hostkernel "$(uname -r)" --arg cpu "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2- | sed 's/^ //')" \
	--argjson ncpu "$(nproc)" --argjson mem "${MEM:-1024}" --arg qemu "$("$QEMU" --version | head -1)" --arg arch "$ARCH" \
	--arg cmd "$(knobs="$([ "$ARCH" = x86_64 ] || echo "ARCH=$ARCH ")CLOCK=${CLOCK:-auto} BENCH=${BENCH:-quick} REPEAT=$repeat SCENARIOS=\"$scenarios\" TIMEOUT=${TIMEOUT:-600} LANE=$lane GUESTS=$lanes$([ "${MEM:-1024}" = 1024 ] || echo " MEM=$MEM")${EXTRA_ENV:+ EXTRA_ENV=$EXTRA_ENV}"
		if [ -n "${MAKELEVEL:-}" ]; then echo "make bench PROFILES=\"$*\" $knobs"; else echo "$knobs scripts/bench.sh $*"; fi)" \
	'{stamp: $stamp, command: $cmd, arch: $arch, clock: $clock, lane: $lane, vcpus: (if $lane == "2vcpu" then 2 else 1 end),
	  mem_mb: $mem, calib_bound_us: $bound, calib_reruns: $reruns, bench: $bench, repeat: $repeat, guests: $lanes,
	  scenarios: ($scenarios | split(" ")), profiles: ($profiles | split(" ")),
	  host: {name: $host, kernel: $hostkernel, cpu: $cpu, ncpu: $ncpu, qemu: $qemu}}' >"$dir/bench.json"
ln -sfn "$stamp" "$BUILD/results/latest"

total=$(( repeat * $(wc -w <<<"$scenarios") * $# ))
say "bench: $# profiles x $(wc -w <<<"$scenarios") scenarios x $repeat repeats = $total runs, $ARCH, clock $clock, lane $lane, up to $lanes guest(s) at a time; results in $dir"
[ "$lane" != 1vcpu ] || [ "$lanes" = 1 ] ||
	warn "GUESTS=$lanes on the calibrated lane: guests beside each other raise each other's floor"
start=$(date +%s)
n=0 failed=0 running=0 finished=0
# Background runs do not get the terminal's ^C (a non-interactive shell
# starts them with SIGINT ignored): pass it on as TERM, which run.sh
# handles by stopping QEMU and removing its disks.
trap 'trap - INT TERM; kill -TERM $(jobs -p) 2>/dev/null; wait; say "bench: stopped; finished runs are in $dir"; exit 130' INT TERM
# The queue, in order: "scenario profile repeat" per run.
queue=()
for rep in $(seq 1 "$repeat"); do for s in $scenarios; do for p; do queue+=("$s $p $rep"); done; done; done
# Seconds left, for the progress lines: every run not yet finished at the
# mean wall time of its scenario's finished runs, shared by the lanes
# unless it runs alone.  The disk loads come last and run alone, so a plain
# elapsed/finished rate promised half the time.  A scenario not seen yet is
# taken from the newest earlier run of the same BENCH, clock and lanes
# (results/ or build/results/), scaled by how this run compares with it on
# the scenarios seen so far; without one, at the mean of all finished runs.
prior=$(for b in "$TOP"/results/*/bench.json "$BUILD"/results/*/bench.json; do
	[ -f "$b" ] && [ ! -L "$(dirname "$b")" ] && [ "$(dirname "$b")" != "$dir" ] && [ -d "$(dirname "$b")/runs" ] || continue
	jq -r --arg b "${BENCH:-quick}" --arg c "$clock" --argjson l "$lanes" \
		'select(.bench == $b and .clock == $c and .lanes == $l) | .stamp' "$b" 2>/dev/null |
		sed "s|\$| $(dirname "$b")|"
done | sort | tail -1 | cut -d' ' -f2-)
prior_runs=
[ -z "$prior" ] || [ ! -d "$prior/runs" ] || prior_runs=$(find "$prior/runs" -name run.json -print0 |
	xargs -0 -r jq -r '"P \(.scenario) \(.wall_secs)"' 2>/dev/null || true)
eta_secs() {
	{
		echo "$prior_runs"
		find "$dir/runs" -name run.json -print0 | xargs -0 -r jq -r '"D \(.scenario) \(.wall_secs)"' 2>/dev/null
		for q in "${queue[@]:$finished}"; do
			s=${q%% *}
			if disk_scenario "$s"; then echo "Q $s 1"; else echo "Q $s $lanes"; fi
		done
	} | awk '
		$1 == "P" { ps[$2] += $3; pn[$2]++ }
		$1 == "D" { ds[$2] += $3; dn[$2]++; all += $3; alln++ }
		$1 == "Q" { q[++nq] = $2; qd[nq] = $3 }
		END {
			if (!alln) exit
			for (s in dn) if (s in pn) { seen += ds[s] / dn[s]; was += ps[s] / pn[s] }
			speed = was ? seen / was : 1
			for (i = 1; i <= nq; i++) {
				s = q[i]
				if (s in dn) w = ds[s] / dn[s]
				else if (s in pn) w = ps[s] / pn[s] * speed
				else w = all / alln
				left += w / qd[i]
			}
			printf "%d", left + 0.5
		}'
}
# run_one SCENARIO PROFILE REP: one run, and on the 1vcpu lane its reruns
# while its calibration says the boot was contaminated.
run_one() {
	local s=$1 p=$2 rep=$3 d=$dir/runs/$2/$1/$3 try=0 rc pid=
	# a ^C reaches this subshell too (the process group's): stop the run either way
	trap '[ -z "$pid" ] || kill -TERM $pid 2>/dev/null; wait; exit 143' INT TERM
	while :; do
		rc=0
		CLOCK=$clock LANE=$lane VP_ENV=$(bench_env "${BENCH:-quick}" "$s")${EXTRA_ENV:+,$EXTRA_ENV} PROG=run.sh \
			"$TOP/scripts/run.sh" "$p" "$s" "$d" &
		pid=$!
		wait $pid || rc=$?
		pid=
		[ "$lane" = 1vcpu ] &&
			[ "$(jq -r '.calibration.contaminated // false' "$d/run.json" 2>/dev/null)" = true ] || return $rc
		if [ $try -ge "$reruns" ]; then
			warn "$p $s repeat $rep: floor $(jq .calibration.floor_us "$d/run.json") us after $try rerun(s): excluded from the figures"
			return $rc
		fi
		try=$((try + 1))
		mv "$d" "$d.contaminated-$try"
		warn "$p $s repeat $rep: calibration floor $(jq .calibration.floor_us "$d.contaminated-$try/run.json") us > ${CALIB_BOUND_US:-50} us (contaminated): rerun $try/$reruns"
	done
}
reap() {
	local rc=0
	wait -n || rc=$?
	running=$((running - 1)) finished=$((finished + 1))
	[ $rc -eq 0 ] || failed=$((failed + 1))
}
for q in "${queue[@]}"; do
	read -r s p rep <<<"$q"
	alone=
	! disk_scenario "$s" || alone=1
	while [ $running -ge "$lanes" ] || { [ -n "$alone" ] && [ $running -gt 0 ]; }; do reap; done
	n=$((n + 1))
	eta=""
	left=
	[ $finished -eq 0 ] || left=$(eta_secs || true)
	if [ -n "$left" ]; then
		if [ "$left" -ge 120 ]; then eta=", about $(( (left + 59) / 60 )) min left"
		else eta=", about $left s left"; fi
	fi
	say "[$n/$total] $p  $s  repeat $rep/$repeat  (elapsed $(elapsed "$start")$eta)"
	run_one "$s" "$p" "$rep" &
	running=$((running + 1))
	[ -z "$alone" ] || reap
done
while [ $running -gt 0 ]; do reap; done
trap - INT TERM
say "bench: $total runs in $(elapsed "$start"), $failed failed"
"$TOP/scripts/report.sh" "$dir"
