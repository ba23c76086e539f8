#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
# Unit tests for the guest tools in tools/ (TAP output, kselftest style).
# Usage: bash tests/tools.sh
set -u

ROOT=$(cd "$(dirname "$0")/.." && pwd)
BIN=$ROOT/tools/vp-fsload
TBIN=$ROOT/tools/vp-threads
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
MiB=1048576
n=0 pass=0 fail=0

echo "TAP version 13"
echo "1..$(grep -c '^check ' "$0")"

# check DESCRIPTION COMMAND...: run COMMAND, ok if it exits 0
check() {
	local desc=$1 out
	shift
	n=$((n + 1))
	if out=$("$@" 2>&1); then
		echo "ok $n $desc"
		pass=$((pass + 1))
	else
		echo "not ok $n $desc"
		[ -n "$out" ] && printf '%s\n' "$out" | sed 's/^/# /'
		fail=$((fail + 1))
	fi
}

# expect_rc RC COMMAND...: COMMAND must exit with RC (stderr kept in $T/err)
expect_rc() {
	local want=$1 rc=0
	shift
	"$@" >"$T/out" 2>"$T/err" || rc=$?
	[ "$rc" -eq "$want" ] || { echo "exit $rc, expected $want"; cat "$T/err"; return 1; }
}

fsize() { stat -c %s "$1"; }
nfiles() { find "$1" -type f | wc -l; }

if ! out=$(make -C "$ROOT/tools" 2>&1); then
	printf '%s\n' "$out" | sed 's/^/# /'
	echo "Bail out! make -C tools failed"
	exit 1
fi

t_fill() {
	"$BIN" --size=2 --json="$T/fill.json" fill "$T/f" >"$T/out" &&
	[ "$(fsize "$T/f")" -eq $((2 * MiB)) ] &&
	jq -e --argjson b $((2 * MiB)) \
		'.tool == "vp-fsload" and .command == "fill" and .results.bytes == $b and .results.usecs > 0' \
		"$T/fill.json" &&
	grep -q '^# vp-fsload 1.0  command: fill ' "$T/out" &&
	grep -q "^fill  bytes=$((2 * MiB))  usecs=" "$T/out"
}

t_fill_odd_chunk() {
	"$BIN" --quiet --size=1 --chunk=300 --no-fsync fill "$T/odd" &&
	[ "$(fsize "$T/odd")" -eq "$MiB" ] &&
	[ "$(tr -d '\0' <"$T/odd" | wc -c)" -gt $((MiB / 2)) ] &&
	# every 4 KiB block is distinct (no dedup-able data)
	[ "$(split -b 4096 --filter=md5sum "$T/odd" | sort -u | wc -l)" -eq 256 ]
}

t_json_meta() {
	jq -e --arg r "$(uname -r)" --arg v "$(uname -v)" \
		'.kernel.release == $r and .kernel.version == $v and (.preempt_model | length > 0)
		 and (.start | test("^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:]{8}Z$"))
		 and (.cmdline | startswith("vp-fsload --size=2 --json="))' "$T/fill.json"
}

t_json_stdout() {
	"$BIN" --size=1 --json fill "$T/f2" >"$T/out" && jq -e '.results.bytes == 1048576' "$T/out"
}

t_json_escape() {
	local p="$T/we\"ird\\name	tab"
	"$BIN" --size=1 --json fill "$p" >"$T/out" &&
	jq -e --arg p "$p" '.path == $p and (.cmdline | endswith($p))' "$T/out" && [ -f "$p" ]
}

t_quiet() {
	"$BIN" --quiet --size=1 fill "$T/f3" >"$T/out" && [ ! -s "$T/out" ]
}

t_truncate() {
	"$BIN" --json truncate "$T/f" >"$T/out" && [ "$(fsize "$T/f")" -eq 0 ] &&
	jq -e --argjson b $((2 * MiB)) '.results.size_before == $b and (.results | has("truncate_us") and has("fsync_us"))' "$T/out"
}

t_truncate_to() {
	"$BIN" --quiet --size=1 fill "$T/f4" && "$BIN" --to=1000 truncate "$T/f4" >"$T/out" &&
	[ "$(fsize "$T/f4")" -eq 1000 ] && grep -q "^truncate  size_before=$MiB  truncate_us=" "$T/out"
}

t_sparse() {
	"$BIN" --size=4 --json sparse "$T/s" >"$T/out" &&
	[ "$(fsize "$T/s")" -eq $((4 * MiB)) ] &&
	[ $(($(stat -c '%b * %B' "$T/s"))) -lt $((4 * MiB / 8)) ] &&
	jq -e '.results.blocks == 4' "$T/out"
}

t_mkfiles() {
	"$BIN" --files=250 --per-dir=100 --file-size=100 --json mkfiles "$T/d" >"$T/out" &&
	[ "$(nfiles "$T/d")" -eq 250 ] &&
	[ "$(find "$T/d" -mindepth 1 -type d | wc -l)" -eq 3 ] &&
	[ "$(find "$T/d" -type f ! -size 100c | wc -l)" -eq 0 ] &&
	jq -e '.results.files == 250 and .results.dirs == 3' "$T/out"
}

t_rmfiles() {
	"$BIN" --json rmfiles "$T/d" >"$T/out" &&
	[ -d "$T/d" ] && [ -z "$(ls -A "$T/d")" ] &&
	jq -e '.results.entries == 253' "$T/out"
}

t_read() {
	"$BIN" --quiet --size=3 fill "$T/r" && "$BIN" --chunk=64 --json read "$T/r" >"$T/out" &&
	jq -e --argjson b $((3 * MiB)) '.command == "read" and .results.bytes == $b' "$T/out"
}

t_help() {
	local h c
	h=$("$BIN" --help) || return 1
	for c in fill truncate sparse mkfiles rmfiles read \
		'--size=MB.*default: 64' '--chunk=KB.*default: 1024' '--to=BYTES.*default: 0' \
		'--stride=KB.*default: 1024' '--files=N.*default: 1000' \
		'--file-size=BYTES.*default: 4096' '--per-dir=N.*default: 100' \
		'--cpu=N.*default' '--json' '--quiet' '--no-fsync'; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

t_missing_dir() {
	expect_rc 1 "$BIN" read "$T/no/such/dir/file" && grep -q "$T/no/such/dir/file" "$T/err"
}

# vp-threads: 4 threads of 50 us work + 5 ms sleep for 1 s
t_thr_run() {
	env -u VP_PREEMPT_MODEL "$TBIN" --threads=4 --duration=1 --work-us=50 --sleep-ms=5 \
		--json="$T/thr.json" >"$T/out" &&
	jq -e --arg r "$(uname -r)" '
		def abs: if . < 0 then -. else . end;
		.tool == "vp-threads" and .kernel == $r and .preempt_model == null
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
	grep -q '^# vp-threads 1.0  work_us=50 sleep_ms=5 duration_s=1 ' "$T/out" &&
	[ "$(grep -c '^threads=' "$T/out")" -eq 1 ] &&
	grep -Eq '^threads=4  duration_s=[0-9.]+  loops=[0-9]+  loops_per_s=[0-9.]+  ideal_loops_per_s=792\.079  efficiency=[0-9.]+  loops_min=[0-9]+  loops_median=[0-9.]+  loops_max=[0-9]+  late_avg_us=[0-9.]+  late_max_us=[0-9.]+  cpu_us_per_loop=[0-9.]+$' "$T/out"
}

t_thr_sweep() {
	"$TBIN" --sweep=2,4 --threads=7 --duration=1 --quiet --json="$T/sweep.json" >"$T/out" &&
	[ ! -s "$T/out" ] &&
	jq -e '(.runs | length) == 2 and [.runs[].threads] == [2, 4] and .args.sweep == [2, 4]
		and all(.runs[]; .loops_per_s > 0 and .loops_min <= .loops_median and .loops_median <= .loops_max)' \
		"$T/sweep.json"
}

t_thr_stdout_cpu() {
	VP_PREEMPT_MODEL=lazy "$TBIN" --threads=3 --duration=1 --cpu=0 --json >"$T/out" &&
	jq -e '.preempt_model == "lazy" and .args.cpu == 0 and .cpus == 1
		and (.runs[0] | .threads == 3 and .loops_median == (.loops_median | floor)
			and .loops_min <= .loops_median and .loops_median <= .loops_max)' "$T/out"
}

t_thr_help() {
	local h c
	h=$("$TBIN" --help) || return 1
	for c in '--threads=N.*default: 100' '--work-us=W.*default: 100' \
		'--sleep-ms=S.*default: 10' '--duration=SEC.*default: 5' '--sweep=N1,N2' \
		'--cpu=N.*default' '--json' '--quiet' 'CLOCK_THREAD_CPUTIME_ID'; do
		grep -q -e "$c" <<<"$h" || { echo "help lacks: $c"; return 1; }
	done
}

# expect_usage ARGS...: vp-threads ARGS exits 2 and points at --help
expect_usage() {
	expect_rc 2 "$TBIN" "$@" && grep -q "^Try 'vp-threads --help'" "$T/err"
}

check "fill writes exactly size MiB, JSON and text report the bytes" t_fill
check "fill with chunk not dividing size: exact size, non-zero distinct blocks" t_fill_odd_chunk
check "JSON has kernel, preempt_model, start, cmdline" t_json_meta
check "--json without FILE writes pure JSON to stdout" t_json_stdout
check "JSON strings are escaped (quote, backslash, tab in path)" t_json_escape
check "--quiet prints nothing" t_quiet
check "truncate leaves size 0 and reports size_before" t_truncate
check "truncate --to=1000 sets size 1000" t_truncate_to
check "sparse file allocates far less than its apparent size" t_sparse
check "mkfiles creates exactly N files over per-dir subdirectories" t_mkfiles
check "rmfiles empties the directory and counts entries" t_rmfiles
check "read reports the file's byte count" t_read
check "--cpu=0 pins and runs" "$BIN" --quiet --cpu=0 read "$T/r"
check "--help exits 0 and lists every command and default" t_help
check "unknown command exits 2" expect_rc 2 "$BIN" frobnicate "$T/x"
check "--size=abc exits 2" expect_rc 2 "$BIN" --size=abc fill "$T/x"
check "--size=-1 exits 2" expect_rc 2 "$BIN" --size=-1 fill "$T/x"
check "--size=0 exits 2" expect_rc 2 "$BIN" --size=0 fill "$T/x"
check "--chunk=12k exits 2" expect_rc 2 "$BIN" --chunk=12k fill "$T/x"
check "--stride=2 (below 4 KiB block) exits 2" expect_rc 2 "$BIN" --stride=2 sparse "$T/x"
check "unknown option exits 2" expect_rc 2 "$BIN" --bogus fill "$T/x"
check "missing PATH exits 2" expect_rc 2 "$BIN" fill
check "read in missing directory exits 1 naming the path" t_missing_dir
check "truncate of missing file exits 1" expect_rc 1 "$BIN" truncate "$T/nonexistent"
check "rmfiles on a regular file exits 1" expect_rc 1 "$BIN" rmfiles "$T/r"

check "vp-threads: 4 threads, 1 s: JSON and text figures consistent and bounded" t_thr_run
check "vp-threads --sweep=2,4: two runs, 2 and 4 threads, --quiet prints nothing" t_thr_sweep
check "vp-threads --json to stdout, --cpu=0, VP_PREEMPT_MODEL, odd-count median" t_thr_stdout_cpu
check "vp-threads --help exits 0 and lists every option and default" t_thr_help
check "vp-threads --threads=0 exits 2" expect_usage --threads=0
check "vp-threads --threads=abc exits 2" expect_usage --threads=abc
check "vp-threads --threads=4097 exits 2" expect_usage --threads=4097
check "vp-threads --sweep=10,,20 exits 2" expect_usage --sweep=10,,20
check "vp-threads --sweep=10, exits 2" expect_usage --sweep=10,
check "vp-threads --sleep-ms=0 exits 2" expect_usage --sleep-ms=0
check "vp-threads unknown option exits 2" expect_usage --bogus
check "vp-threads stray argument exits 2" expect_usage 10
check "vp-threads --json into a missing directory exits 1" expect_rc 1 "$TBIN" --threads=1 --duration=1 --json="$T/no/dir/x.json"
# ---- vp-crash: the power-cut load and its judge ------------------------
CBIN=$ROOT/tools/vp-crash
# crash_load DIR ACKS [OPTIONS]: a short load into DIR, acks in ACKS
crash_load() {
	local d=$1 acks=$2
	shift 2
	mkdir -p "$d" && "$CBIN" --ops=200 --max-files=40 --big-mb=1 --log="$acks" "$@" load "$d"
}
# judged ACKS DIR RC VERDICT: verify DIR, judge it, want exit RC and VERDICT
judged() {
	local rc=0
	"$CBIN" verify "$2" >"$T/man" || return 1
	"$CBIN" judge "$1" "$T/man" >"$T/verdict" || rc=$?
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
	"$CBIN" judge "$T/c4.log" "$T/c4.man" >"$T/verdict"
	[ $? -eq 1 ] && jq -e '.lost == 1 and .files_checked == 3' "$T/verdict" &&
		grep -q 'f102: acked 5 bytes, found 3' "$T/verdict" &&
		printf 'f101 5 ok\nf102 2 ok\n' >"$T/c4.man" &&
		"$CBIN" judge "$T/c4.log" "$T/c4.man" >/dev/null
}
t_crash_zero_tail() {
	# verify: zeros from byte 1000 to the end of an acked file
	local f
	crash_load "$T/c8" "$T/c8.acks" --seed=12 || return 1
	f=$(find "$T/c8" -type f -size +8k | head -1)
	dd if=/dev/zero of="$f" bs=1 seek=1000 count=$(($(stat -c %s "$f") - 1000)) conv=notrunc status=none
	"$CBIN" verify "$T/c8" | grep -q "^$(basename "$f") $(stat -c %s "$f") zero-from 1000$" || return 1
	# judge: such a tail is legal only under a pending truncate to <= its start
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 5000\nvp-crash: pend f1 1000\nvp-crash: ack f2 5000\nvp-crash: pend f2 1500\nvp-crash: ack f3 5000\n' >"$T/c8.log"
	printf 'f1 5000 zero-from 1000\nf2 5000 ok\nf3 5000 ok\n' >"$T/c8.man"
	"$CBIN" judge "$T/c8.log" "$T/c8.man" >"$T/verdict" &&
		jq -e '.pending_truncate_zeroed_tail == 1 and .corrupt == 0' "$T/verdict" || return 1
	for bad in 'f2 5000 zero-from 1000' 'f3 5000 zero-from 1000' 'f1 5000 bad-at 1200'; do
		printf 'f1 5000 ok\nf2 5000 ok\nf3 5000 ok\n' | sed "s/^${bad%% *} .*/$bad/" >"$T/c8.man"
		expect_rc 1 "$CBIN" judge "$T/c8.log" "$T/c8.man" || { echo "not caught: $bad"; return 1; }
	done
}
t_crash_cut_line() {
	# the power cut truncates the last ack line: it promises nothing
	printf 'vp-crash: start seed=1\n[    1.0] kernel says vp-crash: ack f1 4096\nvp-crash: ack f2 40' >"$T/c5.log"
	printf 'f1 4096 ok\n' >"$T/c5.man"
	"$CBIN" judge "$T/c5.log" "$T/c5.man" >"$T/verdict" && jq -e '.acks == 1 and .files_checked == 1' "$T/verdict"
}
t_crash_garbled() {
	# a mangled line before the last may have been a "pend": no verdict
	printf 'vp-crash: start seed=1\nvp-crash: ack f1 4096\nvp-crash: pe[ 2.0] x\nvp-crash: ack f2 40\n' >"$T/c7.log"
	printf 'f1 4096 ok\nf2 40 ok\n' >"$T/c7.man"
	expect_rc 2 "$CBIN" judge "$T/c7.log" "$T/c7.man" && grep -q '1 garbled line(s) before the last: cannot judge' "$T/err"
}
t_crash_not_acklog() {
	echo hello >"$T/c6.log"
	: >"$T/c6.man"
	expect_rc 2 "$CBIN" judge "$T/c6.log" "$T/c6.man" && grep -q "has no 'vp-crash: start' line" "$T/err"
}
t_crash_help() {
	"$CBIN" --help >"$T/h" || return 1
	for o in --seed --ops --max-files --big-mb --log load verify judge; do
		grep -q -- "$o" "$T/h" || { echo "--help lacks $o"; return 1; }
	done
}
check "vp-crash load: 200 ops, every fsynced file verifies intact" t_crash_intact
check "vp-crash load: the same --seed gives the same operations, another seed others" t_crash_same_seed
check "vp-crash judge: one changed byte in an acked file is reported, exit 1" t_crash_corrupt
check "vp-crash judge: an acked file missing, another one byte longer: 2 lost" t_crash_missing_and_short
check "vp-crash judge: a pending unlink/truncate allows either state, not a third" t_crash_pending_either
check "vp-crash verify/judge: a zeroed tail is legal only under a pending truncate to its start or before" t_crash_zero_tail
check "vp-crash judge: a line cut by the power cut is ignored, a kernel prefix is not" t_crash_cut_line
check "vp-crash judge: a garbled line before the last exits 2 (no verdict)" t_crash_garbled
check "vp-crash judge: a file that is not an ack log exits 2" t_crash_not_acklog
check "vp-crash: no command exits 2" expect_rc 2 "$CBIN"
check "vp-crash: unknown command exits 2" expect_rc 2 "$CBIN" fly /tmp
check "vp-crash: --max-files=1 exits 2" expect_rc 2 "$CBIN" --max-files=1 load /tmp
check "vp-crash --help exits 0 and lists every option" t_crash_help

# vp-stats: the bootstrap interval and the verdicts on fixed data.
SBIN=$ROOT/tools/vp-stats
# stats_is JQ-FILTER ARGS...: vp-stats ARGS must exit 0 and its JSON satisfy the filter
stats_is() {
	local f=$1 out
	shift
	out=$("$SBIN" "$@") || return 1
	jq -e "$f" <<<"$out" >/dev/null || { echo "$out"; return 1; }
}
check "vp-stats: equal repeats give a zero-width interval at the ratio" \
	stats_is '.value == 2 and .lo == 2 and .hi == 2 and .n_a == 3 and .n_b == 3' "10 10 10" "5,5,5"
# Maxima of 3 repeats: a resample's max is one of the three values, and
# the smallest comes with probability (1/3)^3 = 3.7%, so the 95% interval
# runs from min(A)/max(B) to max(A)/min(B) exactly.
check "vp-stats --stat=max: the interval of three maxima is min/max .. max/min" \
	stats_is '.value == 2 and .lo == 1 and .hi == 4' --stat=max "100 200 150" "50 100 75"
check "vp-stats: a floor and a scale make the threshold max(K * B, F)" \
	stats_is '.value == 0.75 and .verdict == "met"' --stat=max --scale=1.5 --floor=200 --want=1 --goal=le "100 150 120" "50 60 70"
check "vp-stats: a latency wholly over the threshold is missed" \
	stats_is '.verdict == "missed" and .lo > 1' --stat=max --scale=2 --floor=1000 --want=1 --goal=le "5615 4916 5200" "600 700 500"
check "vp-stats: an interval across the threshold is not resolved, with more runs named" \
	stats_is '.verdict == "not resolved" and .lo < 1.03 and .hi > 1.03 and .runs_to_resolve > 3' --want=1.03 --goal=ge "1.02 1.05 1.06" "1 1.01 0.99"
check "vp-stats: the same data and seed give the same interval" \
	bash -c '[ "$("$0" "1 2 3 4 5" "2 3 4")" = "$("$0" "1 2 3 4 5" "2 3 4")" ]' "$SBIN"
check "vp-stats: an unknown --stat exits 2" expect_rc 2 "$SBIN" --stat=mean 1 1
check "vp-stats: a value that is not a number exits 2" expect_rc 2 "$SBIN" "1 x" 1
check "vp-stats: --want without --goal exits 2" expect_rc 2 "$SBIN" --want=1 1 1
check "vp-stats: a zero denominator without a floor exits 2" expect_rc 2 "$SBIN" 1 0

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
