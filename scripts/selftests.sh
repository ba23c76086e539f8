#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# selftests.sh BASELINE [PROFILE...] - the kernel's own selftests for what
# the series touches, run in the guest on every PROFILE kernel and
# compared with the first, the baseline (upstream-lazy: 7.3 as shipped).
#
# Why: the series offers preemption models 7.3 does not have and adds
# reschedule points (a futex broadcast among them); the tree's own tests
# of futexes, restartable sequences and the scheduler's user-space
# interfaces check that those still behave on Server and Desktop as on
# 7.3's models.  A test that passes on the baseline and fails on another
# kernel is a regression; so is a boot that fails (a hang, a panic, a
# warning on the console: run.sh's status) where the baseline's did not.
#
#   1. build: the 7.3 work tree's UAPI headers (make headers_install, O=
#      $BUILD/selftests/ARCH/obj) and its selftests for TARGETS (make -C
#      tools/testing/selftests O=... install, into .../install), each
#      target built alone first so that one that fails is named.  Nothing
#      is written into the work tree or the pristine tree (checked);
#   2. the installed selftests (run_kselftest.sh, kselftest-list.txt) as
#      an ext4 image, selftests.img (mke2fs -d);
#   3. each PROFILE boots (scripts/run.sh) with a copy of that image as
#      its scratch disk and the guest scenario selftests, which runs them
#      (results/kselftest.tap: kselftest's TAP, every test's output as
#      "# " lines);
#   4. summary.json: per profile the boot's status, wall and guest time and
#      counts (ok, not ok, skip, xfail); per test its verdict on each
#      profile; the failures, and the regressions with the failing
#      test's output; a table on stdout.  Exit 1 if there is a regression,
#      or if the baseline's own boot failed (nothing to compare against).
#
# Everything is in $BUILD/selftests/ARCH/ (runs/PROFILE/: each boot's
# run.sh directory).  ARCH=arm64 cross-compiles them (${CROSS}gcc; the
# arm64 guest image has Debian's arm64 libraries) and boots the kernels
# of build/kernels-arm64.  TARGETS=mm is refused: its Makefile writes its
# probe of the host's libraries (local_config.mk) into its source
# directory, and five of its programs need libnuma-dev and libcap-dev.
#
# A guest image older than the scenario ('make rootfs' lays tools/guest/
# into it) is not rebuilt here: the boots then use a copy of it with the
# scenario and tools/guest/lib.sh written in (debugfs), kept in
# $BUILD/selftests/ARCH/guest/ and handed to run.sh as its BUILD (the
# kernel as KERNEL).
#
# Environment: TARGETS ("futex rseq sched": collections of
# tools/testing/selftests), SELFTESTS_TIMEOUT (kselftest's per-test
# timeout in guest seconds, run_kselftest.sh -o, 180; the settings files'
# 45 s are a native machine's; empty: theirs), SELFTESTS (a subset: the
# scenario's knob, COLLECTION:TEST or COLLECTION separated by +), RSEQ_REPS
# (repetitions of each run of rseq's param_test in run_param_test.sh, 10:
# about 45 guest seconds on two vCPUs under icount; its own 1000 take
# hours there), TIMEOUT (seconds per boot, 2400), CLOCK (auto: KVM where
# it works, else icount, whose guest time follows the instructions run:
# the per-test timeouts do not depend on the host's load, while tcg's
# real time ran run_param_test.sh past 180 s), LANE (2vcpu: the SMP
# paths), MEM, VP_ENV (more scenario knobs), JOBS (make -j; nproc),
# SELFTESTS_OUT (where runs/ and summary.json go instead: a test's own
# directory), NO_RUN=1 (no build, no boot: summarise the runs of the last
# call again).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: selftests.sh BASELINE-PROFILE [PROFILE...]"
for p; do check_profile "$p"; done
[ -z "$(printf '%s\n' "$@" | sort | uniq -d)" ] || die "a profile is given twice: $*"
targets=${TARGETS:-futex rseq sched}
[[ $targets =~ ^[a-z0-9_/\ -]+$ ]] || die "TARGETS must be selftests collections (e.g. 'futex rseq sched'), not '$targets'"
ksft_timeout=${SELFTESTS_TIMEOUT-180}
[[ $ksft_timeout =~ ^[0-9]*$ ]] || die "SELFTESTS_TIMEOUT must be a number of seconds, not '$ksft_timeout'"
subset=${SELFTESTS:-}
[[ $subset =~ ^[a-z0-9_/:.+-]*$ ]] || die "SELFTESTS must be COLLECTION:TEST or COLLECTION, separated by +, not '$subset'"
reps=${RSEQ_REPS:-10}
[[ $reps =~ ^[1-9][0-9]*$ ]] || die "RSEQ_REPS must be a number, not '$reps'"
export TIMEOUT=${TIMEOUT:-2400}
export LANE=${LANE:-2vcpu}
need jq
sdir=$BUILD/selftests/$ARCH
mkdir -p "$sdir"
sdir=$(cd "$sdir" && pwd -P)
obj=$sdir/obj inst=$sdir/install img=$sdir/selftests.img
out=${SELFTESTS_OUT:-$sdir}
mkdir -p "$out"
out=$(cd "$out" && pwd -P)
lock "$sdir/.lock"

# ---- 1. build -----------------------------------------------------------
# a make above this one (make selftests -s) must not reach the tree's makes
kmake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make "$@"; }
ksft() {
	kmake -C "$st" O="$obj" "${xmake[@]}" KSFT_INSTALL_PATH="$inst" -j"${JOBS:-$(nproc)}" "$@"
}
build() {
	local start stamp key t c written
	start=$(date +%s)
	need make "${CROSS}gcc" rsync
	tree=${WORK:-$BUILD/linux}
	[ -f "$tree/.vp-series" ] || die "no patched work tree at $tree; run 'make patch' first"
	tree=$(cd "$tree" && pwd -P)
	st=$tree/tools/testing/selftests
	# the tree is read, never written: 'make patch' must not replace it meanwhile
	lock_shared "$tree.lock"
	# the harness's ARCH (x86_64) is not the kernel's (KMAKE, on every
	# command line); a cross build must not take the host's libraries
	# from the host's pkg-config
	xmake=("${KMAKE[@]}")
	[ -z "$CROSS" ] || xmake+=(PKG_CONFIG="${CROSS}pkg-config")
	stamp=$sdir/.build-start
	touch "$stamp"
	key=$(cat "$tree/.vp-series")
	if [ "$(cat "$obj/.vp-headers" 2>/dev/null)" != "$key" ]; then
		say "installing the UAPI headers of $tree into $obj/usr ($ARCH)"
		rm -rf "$obj"
		mkdir -p "$obj"
		kmake -C "$tree" O="$obj" "${xmake[@]}" headers_install >"$sdir/headers.log" 2>&1 ||
			{ tail -20 "$sdir/headers.log" >&2; die "make headers_install failed (log: $sdir/headers.log)"; }
		echo "$key" >"$obj/.vp-headers"
	fi
	: >"$sdir/build.log"
	for t in $targets; do
		[ -f "$st/$t/Makefile" ] || die "no selftests target '$t' in $st"
		# mm's Makefile probes the host's libraries (liburing) into files
		# in its source directory: check_config.sh writes local_config.mk
		# and local_config.h_gen where it runs
		[ "$t" != mm ] ||
			die "TARGETS=mm: its Makefile writes local_config.mk and local_config.h_gen into $st/mm (check_config.sh runs in the source directory), and the tree is never written"
		say "building selftests: $t ($ARCH)"
		{ echo "==== $t"; ksft TARGETS="$t" FORCE_TARGETS=1 all; } >>"$sdir/build.log" 2>&1 || {
			grep -E 'error|Error' "$sdir/build.log" | tail -15 >&2
			die "selftests target '$t' does not build for $ARCH (log: $sdir/build.log)"
		}
	done
	rm -rf "$inst"
	{ echo "==== install"; ksft TARGETS="$targets" install; } >>"$sdir/build.log" 2>&1 ||
		{ tail -20 "$sdir/build.log" >&2; die "selftests install failed (log: $sdir/build.log)"; }
	# the work tree is a hard-link copy of the pristine one: a file
	# written in place would show in both, a new one in the work tree
	# (sed reads find's whole list: head would leave find to die of
	# SIGPIPE on a long one, and pipefail end the script without a word)
	written=$(find "$tree" -newer "$stamp" 2>/dev/null | sed -n 1,5p)
	[ -z "$written" ] || die "the selftests build wrote into the tree (it must not):
$written"
	# Every test of the run list must be installed.  sched's Makefile
	# installs its TEST_PROGS (cs_prctl_test) from the source directory,
	# where an out-of-tree build never puts it: that one comes from the
	# build directory.
	while IFS=: read -r c t; do
		[ -e "$inst/$c/$t" ] && continue
		[ -x "$obj/kselftest/$c/$t" ] ||
			die "selftest $c:$t was neither built nor installed (log: $sdir/build.log)"
		cp -a "$obj/kselftest/$c/$t" "$inst/$c/"
	done <"$inst/kselftest-list.txt"
	say "built $(wc -l <"$inst/kselftest-list.txt") selftests of $targets in $(elapsed "$start") ($inst)"

	# ---- 2. the scratch disk ------------------------------------------
	need mke2fs
	rm -f "$img"
	mke2fs -q -F -t ext4 -L vp-selftests -E root_owner=0:0 -d "$inst" "$img" \
		"$(($(du -sm "$inst" | cut -f1) * 2 + 32))M" >/dev/null || die "mke2fs -d of $inst failed"
	series_key=$key
}

# ---- 3. the boots ---------------------------------------------------------
# has IMAGE: does the guest image IMAGE hold the tree's scenario and lib.sh?
has() {
	cmp -s <(debugfs -R "cat /vp/scenarios/selftests.sh" "$1" 2>/dev/null) "$TOP/tools/guest/scenarios/selftests.sh" &&
		cmp -s <(debugfs -R "cat /vp/lib.sh" "$1" 2>/dev/null) "$TOP/tools/guest/lib.sh"
}
# guest_build: the BUILD for run.sh: the harness's, or a directory with a
# copy of the guest image that has the scenario (and the lib.sh it was
# written against) when the image is older than them
guest_build() {
	local gdir=$sdir/guest groot key
	if has "$ROOTFS"; then
		echo "$BUILD"
		return
	fi
	groot=$gdir/$(basename "$ROOTFS")
	key=$({ stat -c '%s %Y' "$ROOTFS"; cat "$TOP/tools/guest/scenarios/selftests.sh" "$TOP/tools/guest/lib.sh"; } |
		sha256sum | cut -c1-16)
	if [ ! -f "$groot" ] || [ "$(cat "$gdir/.vp-key" 2>/dev/null)" != "$key" ]; then
		say "$ROOTFS has no selftests scenario yet ('make rootfs' adds it): the boots use a copy with it, $groot"
		mkdir -p "$gdir"
		rm -f "$gdir/.vp-key" "$groot"
		cp --sparse=always "$ROOTFS" "$groot.part"
		debugfs -w -f - "$groot.part" >"$gdir/debugfs.log" 2>&1 <<-EOT
			rm /vp/scenarios/selftests.sh
			write $TOP/tools/guest/scenarios/selftests.sh /vp/scenarios/selftests.sh
			sif /vp/scenarios/selftests.sh mode 0100755
			rm /vp/lib.sh
			write $TOP/tools/guest/lib.sh /vp/lib.sh
			sif /vp/lib.sh mode 0100644
		EOT
		has "$groot.part" || die "could not write the scenario into $groot.part (log: $gdir/debugfs.log)"
		mv "$groot.part" "$groot"
		echo "$key" >"$gdir/.vp-key"
	fi
	echo "$gdir"
}
boots() {
	local p k t0 gbuild clock venv
	need debugfs
	for p; do
		k=$KERNELS/$(profile_kernel "$p")/$(basename "$KIMAGE")
		[ -f "$k" ] || die "no kernel for $p; run 'make kernels ARCH=$ARCH PROFILES=\"$*\"'"
	done
	[ -f "$ROOTFS" ] || die "no guest image; run 'make rootfs ARCH=$ARCH'"
	gbuild=$(guest_build)
	clock=$(PROG=clock.sh "$TOP/scripts/clock.sh" "$1") || exit 1
	venv=RSEQ_REPS=$reps${ksft_timeout:+,SELFTESTS_TIMEOUT=$ksft_timeout}${subset:+,SELFTESTS=$subset}${VP_ENV:+,$VP_ENV}
	rm -rf "$out/runs"
	mkdir -p "$out/runs"
	jq -n --arg targets "$targets" --arg timeout "$ksft_timeout" --argjson reps "$reps" \
		--arg subset "$subset" --arg lane "$LANE" --arg clock "$clock" --arg env "$venv" \
		--arg series "$series_key" --arg start "$(date -u +%FT%TZ)" '
		{targets: ($targets | split(" ") | map(select(. != ""))), selftests: $subset,
		 selftests_timeout: (if $timeout == "" then "settings" else ($timeout | tonumber) end),
		 rseq_reps: $reps, clock: $clock, lane: $lane, vp_env: $env, series_key: $series,
		 start: $start}' >"$out/runs/settings.json"
	for p; do
		k=$KERNELS/$(profile_kernel "$p")/$(basename "$KIMAGE")
		say "$p: selftests in the guest ($clock, $LANE, per-test timeout ${ksft_timeout:-from the settings files}${ksft_timeout:+ s})"
		# the scratch disk is written (the tests' files): a copy per boot
		cp --sparse=always "$img" "$out/runs/$p.img"
		t0=$(date +%s)
		BUILD=$gbuild KERNEL=$k CLOCK=$clock SCRATCH=$out/runs/$p.img VP_ENV=$venv \
			PROG=run.sh "$TOP/scripts/run.sh" "$p" selftests "$out/runs/$p" >/dev/null || true
		rm -f "$out/runs/$p.img"
		say "$p: $(jq -r .status "$out/runs/$p/run.json" 2>/dev/null || echo no-run) in $(elapsed "$t0")"
	done
}

if [ "${NO_RUN:-0}" != 1 ]; then
	build
	boots "$@"
fi
[ -f "$out/runs/settings.json" ] || die "no runs to summarise in $out/runs"

# ---- 4. the summary -------------------------------------------------------
# tap_tests FILE: the top-level verdicts of a kselftest TAP file as a JSON
# array: test ("COLLECTION:TEST"), verdict (ok, not ok, skip, xfail), the
# directive ("TIMEOUT 180 seconds", "exit=1"), the subtests that failed
# (the test's own "not ok" lines) and, for a failure, the last lines of
# its output.  The runner heads test N with "# selftests: DIR: NAME" and
# ends it with "[not ]ok N selftests: DIR: NAME [# directive]", on the
# line of the test's last output when that did not end with a newline.
tap_tests() {
	jq -R -s '
		reduce (split("\n")[]) as $l ({n: 0, done: true, out: [], tests: []};
			if ($l | startswith("# selftests: ")) then
				.n += 1 | .desc = $l[2:] | .out = [$l] | .done = false
			elif .done then .
			else
				"^(?<pre>.*?)(?<no>not )?ok \(.n) \(.desc | gsub("(?<c>[.*+?()\\[\\]{}|^$\\\\])"; "\\\(.c)"))(?: +# *(?<dir>.*))?$" as $re
				| ([$l | capture($re)] | .[0]) as $m
				| if $m == null then .out += [$l]
				else ($m.dir // "") as $d
					| (if $m.no then "not ok" elif ($d | test("^SKIP")) then "skip"
					   elif ($d | test("^XFAIL")) then "xfail" else "ok" end) as $v
					| .out += (if $m.pre != "" then [$m.pre] else [] end)
					| .tests += [{test: (.desc | sub("^selftests: "; "") | sub(": "; ":")),
						verdict: $v, directive: $d,
						failed_subtests: [.out[] | select(test("^#( #)* not ok ")) | sub("^[# ]+"; "")],
						output: (if $v == "not ok" then .out[-60:] else [] end)}]
					| .done = true | .out = []
				end
			end)
		| .tests' "$1"
}
runs=()
for p; do
	d=$out/runs/$p tap=$d/results/kselftest.tap
	tests='[]'
	[ ! -s "$tap" ] || tests=$(tap_tests "$tap")
	runs+=("$(jq -n --arg profile "$p" --argjson tests "$tests" \
		--slurpfile run <(cat "$d/run.json" 2>/dev/null || echo '{}') \
		--slurpfile load <(cat "$d/results/load.json" 2>/dev/null || echo '{}') '
		{profile: $profile, status: ($run[0].status // "no-run"), clock: $run[0].clock,
		 vcpus: $run[0].vcpus, wall_secs: $run[0].wall_secs,
		 guest_secs: (($load[0].results.usecs // 0) / 1e6 | floor),
		 counts: (reduce $tests[] as $t ({ok: 0, "not ok": 0, skip: 0, xfail: 0}; .[$t.verdict] += 1)),
		 tests: $tests}')")
done
printf '%s\n' "${runs[@]}" | jq -s --arg arch "$ARCH" --slurpfile settings "$out/runs/settings.json" '
	.[0] as $base
	| (reduce (.[].tests[].test) as $t ([]; if index([$t]) then . else . + [$t] end)) as $names
	| {arch: $arch} + $settings[0] + {baseline: $base.profile,
	   profiles: map(del(.tests)),
	   tests: [$names[] as $n | {test: $n, verdicts: (map({key: .profile,
		value: ((.tests[] | select(.test == $n) | .verdict) // "missing")}) | from_entries)}],
	   failures: [.[] | .profile as $p | .tests[] | select(.verdict == "not ok") | {profile: $p} + .],
	   regressions: (
		[.[1:][] | select(.status != "ok" and $base.status == "ok")
		 | {profile, test: "(boot)", verdict: .status, baseline: "ok", directive: "", failed_subtests: [],
		    output: ["the boot ended \(.status): runs/\(.profile)/console.log"]}]
		+ [.[1:][] as $r | $base.tests[] | select(.verdict == "ok") | .test as $n
		   | (($r.tests[] | select(.test == $n)) // {test: $n, verdict: "missing", directive: "",
			failed_subtests: [], output: []}) as $t
		   | select($t.verdict == "not ok" or ($t.verdict == "missing" and $r.status == "ok"))
		   | {profile: $r.profile, baseline: "ok"} + $t])}' >"$out/summary.json.part"
mv "$out/summary.json.part" "$out/summary.json"

# the table: a row per test, a column per profile, then each boot's
# status, counts and times
{
	printf '%s' test
	printf '\t%s' "$@"
	echo
	jq -r --args '(.tests[] | [.test] + [$ARGS.positional[] as $p | .verdicts[$p] // "-"]),
		["(boot)"] + [.profiles[].status],
		["(ok/not ok/skip)"] + [.profiles[].counts | "\(.ok)/\(.["not ok"])/\(.skip)"],
		["(wall/guest secs)"] + [.profiles[] | "\(.wall_secs // "-")/\(.guest_secs)"] | @tsv' -- "$@" <"$out/summary.json"
} | awk -F'\t' '{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) } }
	NF > n { n = NF }
	END { for (r = 1; r <= NR; r++) for (i = 1; i <= n; i++) printf(i < n ? "%-" w[i] "s  " : "%s\n", c[r, i]) }'
echo "summary: $out/summary.json"

base_status=$(jq -r '.profiles[0].status' "$out/summary.json")
[ "$base_status" = ok ] ||
	die "the baseline $1's boot ended '$base_status' (console: $out/runs/$1/console.log): nothing to compare against"
nreg=$(jq '.regressions | length' "$out/summary.json")
[ "$nreg" -gt 0 ] || exit 0
echo
echo "REGRESSIONS: $nreg (not ok here, ok on the baseline $1)"
jq -r '.regressions[] | "--- \(.profile): \(.test): \(.verdict)\(if .directive != "" then " # \(.directive)" else "" end)",
	(.failed_subtests[] | "    failed: \(.)"), (.output[-25:][] | "    \(.)")' "$out/summary.json"
exit 1
