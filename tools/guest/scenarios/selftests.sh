#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# selftests: the kernel's own selftests (kselftest) of the 7.3 tree for
# what the series touches, as a correctness check of each kernel: the
# preemption models change where the scheduler may switch tasks, and the
# points reschedule inside a futex broadcast, so the futex, rseq and sched
# selftests must pass on Server and Desktop as they do on 7.3's own
# models.  scripts/selftests.sh builds them on the host (make install of
# tools/testing/selftests, out of tree) and hands them in as an ext4 image
# on the scratch disk (/dev/vdb, a copy per boot: the tests run in place);
# this mounts it and runs its run_kselftest.sh.  kselftest.tap has the
# runner's TAP output (every test's own output as "# " lines),
# verdicts.txt one line per test (verdict, COLLECTION:TEST, directive),
# load.json the counts: ok, not_ok (failed or timed out), skip, xfail, the
# tests that gave a verdict and the plan, and the guest time of the run
# (usecs).  No latency measurement: what counts is each test's verdict.
#
# Knobs (vp.env): SELFTESTS_TIMEOUT (kselftest's per-test timeout in
# seconds, run_kselftest.sh -o; empty: each collection's settings file,
# 45 s unless it says otherwise, 0 none), SELFTESTS (what to run,
# separated by +: COLLECTION:TEST or a whole COLLECTION; empty: all),
# RSEQ_REPS (the repetitions of each of rseq's parameter tests,
# run_param_test.sh, -r; empty: its own 1000, which take hours under
# emulation: about 2,000 runs of param_test)
set -e
. /vp/lib.sh
knobs SELFTESTS_TIMEOUT= SELFTESTS= RSEQ_REPS=

# The runner writes every test's output to /dev/stdout, which the guest's
# devtmpfs (no udev) does not have: it would be a file of its own.
for f in stdin:0 stdout:1 stderr:2; do
	[ -e /dev/${f%:*} ] || ln -s /proc/self/fd/${f#*:} /dev/${f%:*}
done
[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd
mkdir -p /mnt
mount -t ext4 -o noatime /dev/vdb /mnt
[ -x /mnt/run_kselftest.sh ] || { echo "selftests: no run_kselftest.sh on /dev/vdb" >&2; exit 1; }
cp /mnt/kselftest-list.txt $OUT/
set -- -f
[ -z "$SELFTESTS_TIMEOUT" ] || set -- "$@" -o "$SELFTESTS_TIMEOUT"
for t in $(echo "$SELFTESTS" | tr + ' '); do
	case $t in
	*:*) set -- "$@" -t "$t" ;;
	*) set -- "$@" -c "$t" ;;
	esac
done
# kselftest hands KSELFTEST_<TEST>_ARGS to the test (run_param_test.sh
# passes them on to param_test, after its own -r)
[ -z "$RSEQ_REPS" ] || export KSELFTEST_RUN_PARAM_TEST_SH_ARGS="-r $RSEQ_REPS"
# -f: a failed test is a verdict to report, not a failed scenario; a
# non-zero exit is the runner's own failure (an unknown test, say).  The
# runner writes the verdicts to stdout and reopens /dev/stdout for the
# tests' output (and its own notes): all must append, or one overwrites
# the other.
: >$OUT/kselftest.tap
rc=0 t0=$(now_us)
/mnt/run_kselftest.sh "$@" >>$OUT/kselftest.tap 2>&1 || rc=$?
usecs=$(($(now_us) - t0))
umount /mnt
# The verdicts of the top-level tests, one a line in verdicts.txt (ok, not
# ok, skip or xfail, COLLECTION:TEST, the directive): the runner heads
# test N with "# selftests: DIR: NAME" and ends it with "[not ]ok N
# selftests: DIR: NAME [# directive]", which follows the test's output on
# the same line when that did not end with a newline (a test's own TAP
# lines are "# " lines).
awk -v out=$OUT/verdicts.txt '
/^# selftests: / { n++; desc = substr($0, 3); done = 0; next }
n && !done {
	key = "ok " n " " desc
	i = index($0, key)
	if (!i) next
	rest = substr($0, i + length(key))
	if (rest != "" && rest !~ /^ +#/) next
	v = substr($0, 1, i - 1) ~ /not $/ ? "not ok" : "ok"
	d = rest
	sub(/^ *# */, "", d)
	if (v == "ok" && d ~ /^SKIP/) v = "skip"
	if (v == "ok" && d ~ /^XFAIL/) v = "xfail"
	name = desc
	sub(/^selftests: /, "", name)
	sub(/: /, ":", name)
	print v "\t" name "\t" d >out
	done = 1
}' $OUT/kselftest.tap
: >>$OUT/verdicts.txt
count() { cut -f1 $OUT/verdicts.txt | grep -cx "$1" || true; }
ok=$(count ok) not_ok=$(count "not ok") skip=$(count skip) xfail=$(count xfail)
tests=$(wc -l <$OUT/verdicts.txt)
plan=$(sed -n 's/^1\.\.\([0-9][0-9]*\)$/\1/p' $OUT/kselftest.tap | head -1)
load_json selftests ok="$ok" not_ok="$not_ok" skip="$skip" xfail="$xfail" \
	tests="$tests" plan="${plan:-0}" usecs="$usecs" runner_rc="$rc"
cat $OUT/load.json
cat $OUT/verdicts.txt
grep '^# Totals' $OUT/kselftest.tap || true
[ "$rc" = 0 ] || { echo "selftests: run_kselftest.sh exited $rc" >&2; exit 1; }
[ "${plan:-0}" -gt 0 ] && [ "$tests" = "$plan" ] ||
	{ echo "selftests: $tests verdicts for a plan of ${plan:-no} tests" >&2; exit 1; }
