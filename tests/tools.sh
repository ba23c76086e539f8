#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/tools.sh - unit tests of the C tools in tools/ and of the library
# they share (tools/vp-common.c): one function per check, each making its
# own inputs.  The rows of tests/check.sh run them one at a time:
#
#   tests/tools.sh FUNCTION [ARGS...]
#
# exits with FUNCTION's status (0: the check passed) and prints what went
# wrong.  The tools must be built (make -C tools); the ones in tools/ come
# first on PATH.  Scratch files go to a directory of their own, which is
# also the current directory.
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
PATH=$ROOT/tools:$PATH
T=$(mktemp -d "${TMPDIR:-/tmp}/vp-tools.XXXXXX")
trap 'rm -rf "$T"' EXIT
cd "$T" || exit 1
MiB=1048576
ISO='^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z$'

# expect_rc RC COMMAND...: COMMAND must exit with RC (stderr kept in $T/err)
expect_rc() {
	local want=$1 rc=0
	shift
	"$@" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq "$want" ] || { echo "exit $rc, expected $want"; cat "$T/err"; return 1; }
}

fsize() { stat -c %s "$1"; }
nfiles() { find "$1" -type f | wc -l; }

# ---- vp-fsload -----------------------------------------------------------
t_fill() {
	vp-fsload --size=2 --json="$T/fill.json" fill "$T/f" >"$T/out" &&
	[ "$(fsize "$T/f")" -eq $((2 * MiB)) ] &&
	jq -e --argjson b $((2 * MiB)) \
		'.tool == "vp-fsload" and .command == "fill" and .results.bytes == $b and .results.usecs > 0' \
		"$T/fill.json" &&
	grep -q '^# vp-fsload 1\.1  command: fill ' "$T/out" &&
	grep -q "^fill  bytes=$((2 * MiB))  usecs=" "$T/out"
}

t_fill_odd_chunk() {
	vp-fsload --quiet --size=1 --chunk=300 --no-fsync fill "$T/odd" &&
	[ "$(fsize "$T/odd")" -eq "$MiB" ] &&
	[ "$(tr -d '\0' <"$T/odd" | wc -c)" -gt $((MiB / 2)) ] &&
	# every 4 KiB block is distinct (no dedup-able data)
	[ "$(split -b 4096 --filter=md5sum "$T/odd" | sort -u | wc -l)" -eq 256 ]
}

t_json_meta() {
	vp-fsload --size=2 --json="$T/fill.json" fill "$T/f" >/dev/null &&
	jq -e --arg r "$(uname -r)" --arg v "$(uname -v)" --arg iso "$ISO" \
		'.sysinfo.release == $r and .sysinfo.version == $v and (.sysinfo.preempt_model | length > 0)
		 and (.start_time | test($iso)) and (.end_time | test($iso))
		 and (.cmdline | startswith("vp-fsload --size=2 --json="))' "$T/fill.json"
}

t_json_stdout() {
	vp-fsload --size=1 --json fill "$T/f2" >"$T/out" && jq -e '.results.bytes == 1048576' "$T/out"
}

t_json_escape() {
	local p="$T/we\"ird\\name	tab"
	vp-fsload --size=1 --json fill "$p" >"$T/out" &&
	jq -e --arg p "$p" '.path == $p and (.cmdline | endswith($p))' "$T/out" && [ -f "$p" ]
}

t_quiet() {
	vp-fsload --quiet --size=1 fill "$T/f3" >"$T/out" && [ ! -s "$T/out" ]
}

t_truncate() {
	vp-fsload --quiet --size=2 fill "$T/f" &&
	vp-fsload --json truncate "$T/f" >"$T/out" && [ "$(fsize "$T/f")" -eq 0 ] &&
	jq -e --argjson b $((2 * MiB)) '.results.size_before == $b and (.results | has("truncate_us") and has("fsync_us"))' "$T/out"
}

# overwrite: the first --size MB change, the file keeps its size and the
# rest of its data; a file shorter than --size, or none, is an error
t_overwrite() {
	local a b
	vp-fsload --quiet --size=4 fill "$T/o" && a=$(md5sum <"$T/o") &&
	vp-fsload --size=2 --json overwrite "$T/o" >"$T/out" && b=$(md5sum <"$T/o") &&
	[ "$a" != "$b" ] && [ "$(fsize "$T/o")" -eq $((4 * MiB)) ] &&
	vp-fsload --quiet --size=4 fill "$T/o2" &&
	cmp -s <(tail -c $((2 * MiB)) "$T/o") <(tail -c $((2 * MiB)) "$T/o2") &&
	! cmp -s <(head -c $((2 * MiB)) "$T/o") <(head -c $((2 * MiB)) "$T/o2") &&
	jq -e --argjson b $((2 * MiB)) '.results.bytes == $b and (.results | has("usecs") and has("fsync_us"))' "$T/out" &&
	! vp-fsload --quiet --size=8 overwrite "$T/o" 2>"$T/err" && grep -q 'fewer than --size=8 MB' "$T/err" &&
	! vp-fsload --quiet overwrite "$T/none" 2>/dev/null
}

t_truncate_to() {
	vp-fsload --quiet --size=1 fill "$T/f4" && vp-fsload --to=1000 truncate "$T/f4" >"$T/out" &&
	[ "$(fsize "$T/f4")" -eq 1000 ] && grep -q "^truncate  size_before=$MiB  truncate_us=" "$T/out"
}

t_sparse() {
	vp-fsload --size=4 --json sparse "$T/s" >"$T/out" &&
	[ "$(fsize "$T/s")" -eq $((4 * MiB)) ] &&
	[ $(($(stat -c '%b * %B' "$T/s"))) -lt $((4 * MiB / 8)) ] &&
	jq -e '.results.blocks == 4' "$T/out"
}

t_mkfiles() {
	vp-fsload --files=250 --per-dir=100 --file-size=100 --json mkfiles "$T/d" >"$T/out" &&
	[ "$(nfiles "$T/d")" -eq 250 ] &&
	[ "$(find "$T/d" -mindepth 1 -type d | wc -l)" -eq 3 ] &&
	[ "$(find "$T/d" -type f ! -size 100c | wc -l)" -eq 0 ] &&
	jq -e '.results.files == 250 and .results.dirs == 3' "$T/out"
}

t_rmfiles() {
	vp-fsload --quiet --files=250 --per-dir=100 --file-size=100 mkfiles "$T/d" &&
	vp-fsload --json rmfiles "$T/d" >"$T/out" &&
	[ -d "$T/d" ] && [ -z "$(ls -A "$T/d")" ] &&
	jq -e '.results.entries == 253' "$T/out"
}

t_read() {
	vp-fsload --quiet --size=3 fill "$T/r" && vp-fsload --chunk=64 --json read "$T/r" >"$T/out" &&
	jq -e --argjson b $((3 * MiB)) '.command == "read" and .results.bytes == $b' "$T/out"
}

t_cpu() {
	vp-fsload --quiet --size=1 fill "$T/r" && vp-fsload --quiet --cpu=0 read "$T/r"
}

t_help() {
	local h c
	h=$(vp-fsload --help) || return 1
	for c in fill overwrite truncate sparse mkfiles rmfiles read \
		'--size=MB.*default: 64' '--chunk=KB.*default: 1024' '--to=BYTES.*default: 0' \
		'--stride=KB.*default: 1024' '--files=N.*default: 1000' \
		'--file-size=BYTES.*default: 4096' '--per-dir=N.*default: 100' \
		'--cpu=N.*default' '--json' '--quiet' '--no-fsync'; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

t_missing_dir() {
	expect_rc 1 vp-fsload read "$T/no/such/dir/file" && grep -q "$T/no/such/dir/file" "$T/err"
}

t_rmfiles_file() {
	: >"$T/r" && expect_rc 1 vp-fsload rmfiles "$T/r"
}

# ---- vp-threads ----------------------------------------------------------
# 4 threads of 50 us work + 5 ms sleep for 1 s
t_thr_run() {
	env -u VP_PREEMPT_MODEL vp-threads --threads=4 --duration=1 --work-us=50 --sleep-ms=5 \
		--json="$T/thr.json" >"$T/out" &&
	jq -e --arg r "$(uname -r)" '
		def abs: if . < 0 then -. else . end;
		.tool == "vp-threads" and .sysinfo.release == $r and (.sysinfo.preempt_model | length > 0)
		and .args == {threads: 4, work_us: 50, sleep_ms: 5, duration_s: 1, sweep: null, cpu: null}
		and (.runs | length) == 1 and .rounds_per_us > 0
		and (.runs[0] | .threads == 4 and .duration_s >= 1 and .duration_s < 5
			and .loops_per_s > 0 and .efficiency > 0 and .efficiency <= 1.2
			and (.ideal_loops_per_s - 4e6 / 5050 | abs) < 0.01
			and (.loops_per_s - .loops / .duration_s | abs) < 0.01 * .loops_per_s
			and .loops_min <= .loops_median and .loops_median <= .loops_max
			and .loops >= 4 * .loops_min and .loops <= 4 * .loops_max
			and .loops_max <= .duration_s * 1000 / 5 + 1
			and .late_avg_us >= 0 and .late_avg_us <= .late_max_us
			and .cpu_us_per_loop >= 25)' "$T/thr.json" &&
	grep -q '^# vp-threads 1\.1  work_us=50 sleep_ms=5 duration_s=1 ' "$T/out" &&
	[ "$(grep -c '^threads=' "$T/out")" -eq 1 ] &&
	grep -Eq '^threads=4  duration_s=[0-9.]+  loops=[0-9]+  loops_per_s=[0-9.]+  ideal_loops_per_s=792\.079  efficiency=[0-9.]+  loops_min=[0-9]+  loops_median=[0-9.]+  loops_max=[0-9]+  late_avg_us=[0-9.]+  late_max_us=[0-9.]+  cpu_us_per_loop=[0-9.]+$' "$T/out"
}

t_thr_sweep() {
	vp-threads --sweep=2,4 --threads=7 --duration=1 --quiet --json="$T/sweep.json" >"$T/out" &&
	[ ! -s "$T/out" ] &&
	jq -e '(.runs | length) == 2 and [.runs[].threads] == [2, 4] and .args.sweep == [2, 4]
		and all(.runs[]; .loops_per_s > 0 and .loops_min <= .loops_median and .loops_median <= .loops_max)' \
		"$T/sweep.json"
}

t_thr_stdout_cpu() {
	VP_PREEMPT_MODEL=lazy vp-threads --threads=3 --duration=1 --cpu=0 --json >"$T/out" &&
	jq -e '.sysinfo.preempt_model == "lazy" and .args.cpu == 0 and .cpus == 1
		and (.runs[0] | .threads == 3 and .loops_median == (.loops_median | floor)
			and .loops_min <= .loops_median and .loops_median <= .loops_max)' "$T/out"
}

t_thr_help() {
	local h c
	h=$(vp-threads --help) || return 1
	for c in '--threads=N.*default: 100' '--work-us=W.*default: 100' \
		'--sleep-ms=S.*default: 10' '--duration=SEC.*default: 5' '--sweep=N1,N2' \
		'--cpu=N.*default' '--json' '--quiet' 'CLOCK_THREAD_CPUTIME_ID'; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

# expect_usage ARGS...: vp-threads ARGS exits 2 and points at --help
expect_usage() {
	expect_rc 2 vp-threads "$@" && grep -q "^Try 'vp-threads --help'" "$T/err"
}

# ---- vp-futex: a broadcast from the waiters' side -----------------------
# 20 waiters, 3 rounds, all on CPU 0: every waiter's latency counted, the
# order statistics ordered, the last waiter of a round after the first
t_fx_run() {
	env -u VP_PREEMPT_MODEL vp-futex --threads=20 --rounds=3 --cpu=0 --json="$T/fx.json" >"$T/out" &&
	jq -e --arg r "$(uname -r)" '
		.tool == "vp-futex" and .sysinfo.release == $r and .threads == 20 and .rounds == 3 and .cpu == 0
		and .waiter_us.median > 0 and .waiter_us.median <= .waiter_us.p90
		and .waiter_us.p90 <= .waiter_us.p99 and .waiter_us.p99 <= .waiter_us.max
		and .first_us > 0 and .first_us <= .last_us and .last_us <= .waiter_us.max
		and .wake_us > 0' "$T/fx.json" &&
	grep -Eq '^20 waiters, 3 rounds: waiter latency median [0-9.]+ us, p90 [0-9.]+, p99 [0-9.]+, max [0-9.]+; first [0-9.]+, last [0-9.]+ \(mean per round\); FUTEX_WAKE [0-9.]+ us$' "$T/out"
}

t_fx_help() {
	local h c
	h=$(vp-futex --help) || return 1
	for c in '--threads=N.*default: 800' '--rounds=R.*default: 10' '--cpu=N.*default' \
		'--json' '--quiet' 'FUTEX_WAKE'; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

# ---- vp-lockfault: the spinlock-and-fault reproducer ---------------------
# 3 threads, 1 s, one fresh page per acquisition: a minor fault each
t_lf_run() {
	env -u VP_PREEMPT_MODEL vp-lockfault --threads=3 --duration=1 --pages=2 \
		--json="$T/lf.json" >"$T/out" &&
	jq -e --arg r "$(uname -r)" '
		def abs: if . < 0 then -. else . end;
		.tool == "vp-lockfault" and .sysinfo.release == $r and (.sysinfo.preempt_model | length > 0)
		and .args == {threads: 3, duration_s: 1, pages: 2, hold_ns: 200, think_us: 5, spins: 100,
			memory: "fault", region_mb: 16}
		and .rounds_per_us > 0
		and (.results | .wall_ns >= 1e9 and .wall_ns < 5e9 and .acquisitions > 100
			and (.acq_per_s - .acquisitions * 1e9 / .wall_ns | abs) < 0.01 * .acq_per_s
			and .faults_per_acq >= 1.9 and .faults_per_acq < 2.5
			and .spin_frac >= 0 and .sleep_frac >= 0 and .spin_frac + .sleep_frac <= 1
			and .hold_avg_us > 0 and .hold_avg_us <= .hold_max_us and .wait_max_us >= 0
			and .nivcsw >= 0 and .nvcsw >= 0)' "$T/lf.json" &&
	grep -q '^# vp-lockfault 1\.1  threads=3 cpus=[0-9]* memory=fault pages=2 hold_ns=200 think_us=5 spins=100 duration_s=1$' "$T/out" &&
	grep -Eq '^acquisitions=[0-9]+  acq_per_s=[0-9.]+  spin_frac=[0-9.]+  sleep_frac=[0-9.]+  sleeps=[0-9]+$' "$T/out" &&
	grep -Eq '^wait_max_us=[0-9.]+  hold_avg_us=[0-9.]+  hold_max_us=[0-9.]+  faults_per_acq=[0-9.]+  nivcsw=[0-9]+  nvcsw=[0-9]+$' "$T/out"
}

# the control: the same pages faulted in before the clock starts
t_lf_prefault() {
	vp-lockfault --threads=2 --duration=1 --memory=prefault --region-mb=4 --json >"$T/out" &&
	jq -e '.args.memory == "prefault" and .results.acquisitions > 100
		and .results.faults_per_acq < 0.05' "$T/out"
}

# a lock held 200 us with nothing to do outside it: four threads mostly
# wait, and past 100 spins they sleep (s_lock's back-off); one thread never
# waits
t_lf_contend() {
	vp-lockfault --threads=4 --duration=1 --hold-ns=200000 --think-us=0 --pages=0 \
		--json="$T/c.json" --quiet &&
	jq -e '.results | .sleeps > 0 and .sleep_frac + .spin_frac > 0.5 and .hold_avg_us >= 150
		and .faults_per_acq < 0.05' "$T/c.json" &&
	vp-lockfault --threads=1 --duration=1 --json="$T/one.json" --quiet &&
	jq -e '.results | .sleeps == 0 and .sleep_frac == 0 and .spin_frac < 0.2' "$T/one.json"
}

# thp: one fault per 2 MB where the kernel has transparent huge pages, a
# clear error where it has none
t_lf_thp() {
	local thp=/sys/kernel/mm/transparent_hugepage/enabled
	if [ -r $thp ] && ! grep -q '\[never\]' $thp; then
		vp-lockfault --threads=2 --duration=1 --memory=thp --json >"$T/out" &&
		jq -e '.args.memory == "thp" and .results.acquisitions > 100
			and .results.faults_per_acq < 0.1' "$T/out"
	else
		expect_rc 1 vp-lockfault --duration=1 --memory=thp &&
			grep -q 'MADV_HUGEPAGE' "$T/err"
	fi
}

t_lf_help() {
	local h c
	h=$(vp-lockfault --help) || return 1
	for c in '--threads=N.*twice the online CPUs' '--duration=SEC.*default: 5' \
		'--pages=P' '--hold-ns=H.*default: 200' '--think-us=T.*default: 5' \
		'--spins=S.*default: 100' '--memory=MODE' 'prefault' 'thp' '--region-mb=M.*default: 16' \
		'--json' '--quiet' "s_lock()"; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

# lf_usage ARGS...: vp-lockfault ARGS exits 2, says MESSAGE, points at --help
lf_usage() {
	local msg=$1
	shift
	expect_rc 2 vp-lockfault "$@" && grep -q -e "$msg" "$T/err" &&
		grep -q "^Try 'vp-lockfault --help'" "$T/err"
}

# ---- vp-crash: the power-cut load and its judge --------------------------
# crash_load DIR ACKS [OPTIONS]: a short load into DIR, acks in ACKS
crash_load() {
	local d=$1 acks=$2
	shift 2
	mkdir -p "$d" && vp-crash --ops=200 --max-files=40 --big-mb=1 --log="$acks" "$@" load "$d"
}
# judged ACKS DIR RC VERDICT: verify DIR, judge it, want exit RC and VERDICT
judged() {
	local rc=0
	vp-crash verify "$2" >"$T/man" || return 1
	vp-crash judge "$1" "$T/man" >"$T/verdict" || rc=$?
	cat "$T/verdict"
	[ $rc -eq "$3" ] && grep -q "\"verdict\":\"$4\"" "$T/verdict"
}
t_crash_intact() {
	crash_load "$T/c1" "$T/c1.acks" --seed=7 || return 1
	grep -q '^vp-crash: start seed=7$' "$T/c1.acks" && grep -q '^vp-crash: done ops=200 ' "$T/c1.acks" &&
		grep -q '^vp-crash: pend f[0-9]* -1$' "$T/c1.acks" &&
		judged "$T/c1.acks" "$T/c1" 0 intact &&
		jq -e '.acks > 200 and .files_checked > 40 and .lost == 0' "$T/verdict"
}
t_crash_same_seed() {
	crash_load "$T/s1" "$T/s1.acks" --seed=9 && crash_load "$T/s2" "$T/s2.acks" --seed=9 &&
		crash_load "$T/s3" "$T/s3.acks" --seed=10 && cmp -s "$T/s1.acks" "$T/s2.acks" &&
		! cmp -s "$T/s1.acks" "$T/s3.acks"
}
t_crash_corrupt() {
	local f
	crash_load "$T/c2" "$T/c2.acks" --seed=8 || return 1
	f=$(find "$T/c2" -type f -size +2k | head -1)
	printf 'X' | dd of="$f" bs=1 seek=1000 conv=notrunc status=none
	judged "$T/c2.acks" "$T/c2" 1 lost && jq -e '.corrupt == 1 and .lost == 0' "$T/verdict" &&
		grep -q "$(basename "$f"): .* content differs" "$T/verdict"
}
t_crash_missing_and_short() {
	local a b
	crash_load "$T/c3" "$T/c3.acks" --seed=11 || return 1
	a=$(ls "$T/c3" | sed -n 1p) b=$(ls "$T/c3" | sed -n 2p)
	rm "$T/c3/$a"
	truncate -s +1 "$T/c3/$b"
	judged "$T/c3.acks" "$T/c3" 1 lost && jq -e '.lost == 2' "$T/verdict"
}
t_crash_pending_either() {
	# an unlink and a truncate that were announced (pend) but not acked:
	# both the old and the new state are legal; a third size is not
	printf 'vp-crash: start seed=1\nvp-crash: ack f100 5\nvp-crash: pend f100 -1\nvp-crash: ack f101 5\nvp-crash: pend f101 2\r\nvp-crash: ack f102 5\nvp-crash: pend f102 2\n' >"$T/c4.log"
	printf 'f100 5 ok\nf101 2 ok\nf102 3 ok\n' >"$T/c4.man"
	vp-crash judge "$T/c4.log" "$T/c4.man" >"$T/verdict"
	[ $? -eq 1 ] && jq -e '.lost == 1 and .files_checked == 3' "$T/verdict" &&
		grep -q 'f102: acked 5 bytes, found 3' "$T/verdict" &&
		printf 'f101 5 ok\nf102 2 ok\n' >"$T/c4.man" &&
		vp-crash judge "$T/c4.log" "$T/c4.man" >/dev/null
}
t_crash_zero_tail() {
	# verify: zeros from byte 1000 to the end of an acked file
	local f
	crash_load "$T/c8" "$T/c8.acks" --seed=12 || return 1
	f=$(find "$T/c8" -type f -size +8k | head -1)
	dd if=/dev/zero of="$f" bs=1 seek=1000 count=$(($(stat -c %s "$f") - 1000)) conv=notrunc status=none
	vp-crash verify "$T/c8" | grep -q "^$(basename "$f") $(stat -c %s "$f") zero-from 1000$" || return 1
	# judge: such a tail is legal only under a pending truncate to its
	# start (or before it, over pattern bytes that are zero) whose block
	# the file ends in: f4's 5000 bytes go past the 4 KiB block of 1000
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 4000\nvp-crash: pend f1 1000\nvp-crash: ack f2 5000\nvp-crash: pend f2 1500\nvp-crash: ack f3 5000\nvp-crash: ack f4 5000\nvp-crash: pend f4 1000\n' >"$T/c8.log"
	printf 'f1 4000 zero-from 1000\nf2 5000 ok\nf3 5000 ok\nf4 5000 ok\n' >"$T/c8.man"
	vp-crash judge "$T/c8.log" "$T/c8.man" >"$T/verdict" &&
		jq -e '.pending_truncate_zeroed_tail == 1 and .corrupt == 0' "$T/verdict" || return 1
	for bad in 'f2 5000 zero-from 1000' 'f3 5000 zero-from 1000' 'f1 4000 bad-at 1200' 'f1 4000 zero-from 1200' 'f4 5000 zero-from 1000'; do
		printf 'f1 4000 ok\nf2 5000 ok\nf3 5000 ok\nf4 5000 ok\n' | sed "s/^${bad%% *} .*/$bad/" >"$T/c8.man"
		expect_rc 1 vp-crash judge "$T/c8.log" "$T/c8.man" || { echo "not caught: $bad"; return 1; }
	done
}
t_crash_block_tail() {
	# verify: zeros from byte 3014 to 3072, the end of its 1 KiB block,
	# the pattern after it (a truncate to 3014 zeroed its block's tail on
	# a 1 KiB-block filesystem before the new size committed)
	local f n sz line k e
	crash_load "$T/c9" "$T/c9.acks" --seed=12 || return 1
	f=$(find "$T/c9" -type f -size +8k | head -1) n=$(basename "$f") sz=$(stat -c %s "$f")
	dd if=/dev/zero of="$f" bs=1 seek=3014 count=58 conv=notrunc status=none
	line=$(vp-crash verify "$T/c9" | grep "^$n ")
	read -r _ _ _ k e <<<"$line"
	[[ $line =~ ^$n\ $sz\ zero-gap\ [0-9]+\ [0-9]+$ ]] && [ "$k" -ge 3014 ] && [ "$k" -lt 3072 ] &&
		[ "$e" -ge 3072 ] || { echo "verify: $line"; return 1; }
	# judge: legal under a pending truncate to 3014, not without one
	printf 'vp-crash: start seed=1\nvp-crash: ack %s %s\nvp-crash: pend %s 3014\n' "$n" "$sz" "$n" >"$T/c9.log"
	echo "$line" >"$T/c9.man"
	vp-crash judge "$T/c9.log" "$T/c9.man" >"$T/verdict" &&
		jq -e '.pending_truncate_zeroed_tail == 1 and .corrupt == 0' "$T/verdict" || return 1
	printf 'vp-crash: start seed=1\nvp-crash: ack %s %s\n' "$n" "$sz" >"$T/c9.log"
	expect_rc 1 vp-crash judge "$T/c9.log" "$T/c9.man" || { echo "not caught: no truncate pending"; return 1; }
	# a truncate to 1500 zeroes no byte past 2048 or 4096; a gap that
	# ends short of a block's end, or past it over pattern bytes that
	# are not zero, is damage
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 5000\nvp-crash: pend f1 3014\nvp-crash: ack f2 5000\nvp-crash: pend f2 1500\n' >"$T/c9.log"
	for bad in 'f2 5000 zero-gap 3014 3072' 'f1 5000 zero-gap 3014 3050' 'f1 5000 zero-gap 3014 3500' \
		'f1 5000 zero-gap 1000 3072' 'f1 5000 zero-gap 3072 4096'; do
		printf 'f1 5000 ok\nf2 5000 ok\n' | sed "s/^${bad%% *} .*/$bad/" >"$T/c9.man"
		expect_rc 1 vp-crash judge "$T/c9.log" "$T/c9.man" || { echo "not caught: $bad"; return 1; }
	done
	printf 'f1 5000 zero-gap 3014 3072\nf2 5000 ok\n' >"$T/c9.man"
	vp-crash judge "$T/c9.log" "$T/c9.man" >"$T/verdict" && jq -e '.pending_truncate_zeroed_tail == 1' "$T/verdict"
}
t_crash_cut_line() {
	# the power cut truncates the last ack line: it promises nothing
	printf 'vp-crash: start seed=1\n[    1.0] kernel says vp-crash: ack f1 4096\nvp-crash: ack f2 40' >"$T/c5.log"
	printf 'f1 4096 ok\n' >"$T/c5.man"
	vp-crash judge "$T/c5.log" "$T/c5.man" >"$T/verdict" && jq -e '.acks == 1 and .files_checked == 1' "$T/verdict"
}
t_crash_garbled() {
	# a mangled line before the last may have been a "pend": no verdict
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 4096\nvp-crash: pe[ 2.0] x\nvp-crash: ack f2 40\n' >"$T/c7.log"
	printf 'f1 4096 ok\nf2 40 ok\n' >"$T/c7.man"
	expect_rc 2 vp-crash judge "$T/c7.log" "$T/c7.man" && grep -q '1 garbled line(s) before the last: cannot judge' "$T/err"
}
t_crash_not_acklog() {
	echo hello >"$T/c6.log"
	: >"$T/c6.man"
	expect_rc 2 vp-crash judge "$T/c6.log" "$T/c6.man" && grep -q "has no 'vp-crash: start' line" "$T/err"
}
t_crash_help() {
	vp-crash --help >"$T/h" || return 1
	for o in --seed --ops --max-files --big-mb --log load verify judge; do
		grep -q -- "$o" "$T/h" || { echo "--help lacks $o"; return 1; }
	done
}

# ---- vp-stats: the bootstrap interval and the verdicts on fixed data -----
# stats_is JQ-FILTER ARGS...: vp-stats ARGS must exit 0 and its JSON satisfy the filter
stats_is() {
	local f=$1 out
	shift
	out=$(vp-stats "$@") || return 1
	jq -e "$f" <<<"$out" >/dev/null || { echo "$out"; return 1; }
}
# the same data and seed give the same figures (the envelope's times aside)
t_stats_same() {
	local a b
	a=$(vp-stats "1 2 3 4 5" "2 3 4" | jq -c 'del(.start_time, .end_time)') &&
	b=$(vp-stats "1 2 3 4 5" "2 3 4" | jq -c 'del(.start_time, .end_time)') &&
	[ -n "$a" ] && [ "$a" = "$b" ]
}

# ---- the library: tools/vp-common.c --------------------------------------
# The envelope every tool's JSON opens with, field by field and typed.
ENVELOPE='.file_version == 1 and (.tool | type == "string") and (.version | test("^[0-9]+[.][0-9]+$"))
	and (.tool as $t | .cmdline | startswith($t)) and (.start_time | test($iso)) and (.end_time | test($iso))
	and (.return_code | type == "number")
	and (.sysinfo | (.sysname, .nodename, .release, .version, .machine, .preempt_model | type == "string")
		and (.realtime | type == "number") and .release == $r and .machine == $m)'

# tool_json TOOL: TOOL's JSON record, from a short run of it
tool_json() {
	case $1 in
	vp-fsload) vp-fsload --size=1 --json fill "$T/lib-f" ;;
	vp-threads) vp-threads --threads=1 --duration=1 --json ;;
	vp-futex) vp-futex --threads=1 --rounds=1 --json ;;
	vp-lockfault) vp-lockfault --threads=1 --duration=1 --region-mb=2 --json ;;
	vp-crash) printf 'vp-crash: start seed=1\nvp-crash: ack f1 5\n' >"$T/lib.log" &&
		printf 'f1 5 ok\n' >"$T/lib.man" && vp-crash judge "$T/lib.log" "$T/lib.man" ;;
	vp-stats) vp-stats "1 2" "1 2" ;;
	esac
}

# every tool's record opens with the same envelope: same fields, same types
t_lib_envelope() {
	local t
	for t in vp-fsload vp-threads vp-futex vp-lockfault vp-crash vp-stats; do
		tool_json $t >"$T/$t.json" || { echo "$t failed"; return 1; }
		jq -e --arg iso "$ISO" --arg r "$(uname -r)" --arg m "$(uname -m)" --arg t $t \
			".tool == \$t and .return_code == 0 and $ENVELOPE" "$T/$t.json" >/dev/null ||
			{ echo "$t's envelope:"; cat "$T/$t.json"; return 1; }
	done
	# one version, one layout: the same envelope fields in the same order
	jq -s -e 'map([(keys_unsorted | .[:8]), .version, .file_version, (.sysinfo | keys_unsorted)]) | unique | length == 1' \
		"$T"/vp-*.json || { echo "the tools' envelopes differ"; return 1; }
}

# the return code in the envelope is the tool's exit status (judge: 1, lost)
t_lib_return_code() {
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 5\n' >"$T/rc.log"
	printf 'f1 4 ok\n' >"$T/rc.man"
	expect_rc 1 vp-crash judge "$T/rc.log" "$T/rc.man" &&
		jq -e '.return_code == 1 and .verdict == "lost"' "$T/out"
}

# lib_driver: tests/vp-common-test.c against the library's source
lib_driver() {
	"${HOSTCC:-gcc}" -std=c11 -O2 -Wall -Wextra -Werror -I"$ROOT/tools" -o "$T/vp-common-test" \
		"$ROOT/tests/vp-common-test.c" "$ROOT/tools/vp-common.c"
}

# quotes, backslashes and every control character come back as they went in
t_lib_escape() {
	local s=$'q"uo"te b\\ack\\slash tab\t nl\n cr\r bell\a esc\e x01\x01 x1f\x1f del\x7f utf-8 \xc2\xb5s'
	lib_driver && "$T/vp-common-test" "$s" "" '\' '"' >"$T/out" &&
	jq -e --arg s "$s" '.strings == [$s, "", "\\", "\""]' "$T/out" >/dev/null &&
	# and in the JSON text they are escapes: one line per record field group
	! grep -q $'\t\|\r\|\a' "$T/out" || { cat -A "$T/out"; return 1; }
}

# forty strings in one record, none overwriting another (no static buffers)
t_lib_many() {
	local a=() i
	for i in $(seq 40); do a+=("string $i: $(printf '%*s' $((i * 200)) '' | tr ' ' "$((i % 10))")"); done
	lib_driver && VP_PREEMPT_MODEL='model "x"' "$T/vp-common-test" "${a[@]}" >"$T/out" &&
	jq -e --args '.strings == $ARGS.positional and .sysinfo.preempt_model == "model \"x\""
		and .cmdline == "vp-common-test " + ($ARGS.positional | join(" "))' "${a[@]}" <"$T/out" >/dev/null ||
		{ head -c 2000 "$T/out"; return 1; }
}

# options, declared by the help text alone (vp_getopt)
LIB_HELP=$'t - a test\n\nOptions:\n  -a, --alpha      no argument\n  -b, --beta=V     an argument\n  -g, --gamma[=V]  an optional one\n  -h, --help       this text\n'

# lib_opts HELP ARGS...: the driver parsing ARGS by HELP
lib_opts() {
	local help=$1
	shift
	VP_TEST_HELP=$help "$T/vp-common-test" "$@"
}

# short and long forms, required and optional arguments, operands after --
t_lib_getopt() {
	lib_driver && lib_opts "$LIB_HELP" -a --alpha -bx --beta=y --beta z -g --gamma=w op1 -- -a >"$T/out" &&
	[ "$(cat "$T/out")" = $'a\na\nb=x\nb=y\nb=z\ng\ng=w\noperand op1\noperand -a' ] ||
		{ cat "$T/out"; return 1; }
	# the last line may end without a newline
	[ "$(lib_opts $'  -a, --alpha\n  -h, --help' -a)" = a ]
}

# --help prints the help text as it is and exits 0; a usage error exits 2
# with getopt's reason and a hint
t_lib_getopt_usage() {
	lib_driver && expect_rc 0 lib_opts "$LIB_HELP" --help &&
	[ "$(cat "$T/out")" = "${LIB_HELP%$'\n'}" ] || { echo "help differs:"; cat "$T/out"; return 1; }
	expect_rc 2 lib_opts "$LIB_HELP" --delta && grep -q "unrecognized option '--delta'" "$T/err" &&
	grep -q "^Try 'vp-common-test --help'" "$T/err" &&
	expect_rc 2 lib_opts "$LIB_HELP" -b && grep -q "requires an argument" "$T/err" &&
	expect_rc 2 lib_opts "$LIB_HELP" --alpha=1 && grep -q "doesn't allow an argument" "$T/err"
}

# a help text that declares an option wrongly is the tool's bug: exit 1,
# naming the line
t_lib_getopt_bad_help() {
	lib_driver || return 1
	expect_rc 1 lib_opts $'  -a --alpha\n  -h, --help\n' &&
		grep -q "bug in the help text: expected '  -X, --NAME': '  -a --alpha'" "$T/err" &&
	expect_rc 1 lib_opts $'  -a, --alpha\n  -a, --again\n  -h, --help\n' &&
		grep -q "declared twice: '  -a, --again'" "$T/err" &&
	expect_rc 1 lib_opts $'  -a, --alpha\n  -b, --alpha=V\n  -h, --help\n' &&
		grep -q "declared twice" "$T/err" &&
	expect_rc 1 lib_opts $'  -a, --alpha:x\n  -h, --help\n' && grep -q "expected '='" "$T/err" &&
	expect_rc 1 lib_opts $'  -a, --alpha\n' && grep -q "no '  -h, --help' line" "$T/err"
}

# every tool parses each option its help lists, in both forms: followed
# by an unknown option, each stops at that one (or takes it as its value),
# never at itself
t_tools_help_options() {
	local t x o n
	for t in vp-fsload vp-threads vp-futex vp-lockfault vp-crash vp-stats; do
		n=0
		while read -r x o; do
			for a in "-$x" "$o"; do
				"$t" "$a" --no-such-option >/dev/null 2>"$T/err" && { echo "$t $a: exit 0"; return 1; }
				! grep -q "unrecognized option '$a'\|invalid option -- '$x'" "$T/err" ||
					{ echo "$t $a:"; cat "$T/err"; return 1; }
			done
			n=$((n + 1))
		done < <("$t" --help | sed -n 's/^  -\([[:alnum:]]\), \(--[a-z0-9-]*\).*/\1 \2/p' | grep -v ' --help$')
		[ $n -ge 3 ] || { echo "$t: only $n options in its help"; return 1; }
	done
}

[ $# -gt 0 ] || { echo "usage: tests/tools.sh FUNCTION [ARGS...]" >&2; exit 2; }
"$@"
