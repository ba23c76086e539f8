#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# reliability.sh PROFILE... - 'make reliability': nothing lost, on every
# PROFILE (Documentation/reliability.rst):
#
#   1. integrity: every filesystem workload (short sizes, ext3-truncate
#      also with data=journal, and three ext3-dirty writeback variants) ends with its canary files checked against
#      their sums read back from the disk and a clean e2fsck -fn / fsck.vfat;
#   2. power cuts: CUTS (50) cuts of crash-load, each judged (powercut.sh);
#   3. the debug kernel (DEBUG profile, default "debug": the Server kernel
#      with DEBUG_ATOMIC_SLEEP, lockdep, DEBUG_VM and the stall detectors)
#      runs the whole scenario suite and the readahead stress; any splat
#      fails its run.  With a kprobe on every site of the series' points
#      (scripts/points.sh: a debug kernel with line tables and kprobe
#      events, as the debug profile has), a site that no run reached fails
#      the step too: the debug kernel has checked only what ran;
#   4. the PREEMPT_DYNAMIC kernel (DYNAMIC profile, default
#      "upstream-dynamic", built from the patched tree): booted with each
#      preempt= mode, it reports that mode and switches to every other; and
#      the points act in the modes without preemption: booted preempt=none
#      and preempt=voluntary, a traced reschedule (RESCHED_TRACE,
#      tools/guest/init) in each point the trace can name, on the point's
#      load; booted preempt=full, none there (cond_resched() does nothing
#      in that mode: the trace counts only what the points did).
#
# Results in build/reliability/<stamp>/ (summary.json, summary.md, every
# run's console log); build/reliability/latest points at the last one.
# No PROFILE: steps 3 and 4 alone.
# Environment: CUTS (50; 0 skips step 2), DEBUG (debug; empty skips step 3),
# DYNAMIC (upstream-dynamic; empty skips step 4),
# CLOCK (auto: KVM where it works, else tcg; these runs check correctness,
# not timing), TIMEOUT (900), SEED (1), DEBUG_SCENARIOS (step 3's
# scenarios; default: all of them, below), and powercut.sh's (LAYOUTS,
# KEEP_DISKS, ...).
set -uo pipefail
. "$(dirname "$0")/lib.sh"

for p; do check_profile "$p"; done
cuts=${CUTS:-50} debug=${DEBUG-debug} dynamic=${DYNAMIC-upstream-dynamic}
# no profiles: the debug and dynamic kernels' steps alone
[ $# -gt 0 ] || [ -n "$debug" ] || [ -n "$dynamic" ] ||
	die "no profiles given, DEBUG and DYNAMIC empty: nothing to run; valid profiles: $(profiles_all | tr '\n' ' ')"
[[ $cuts =~ ^[0-9]+$ ]] || die "CUTS must be a number, not '$cuts'"
[ -z "$debug" ] || check_profile "$debug"
[ -z "$dynamic" ] || check_profile "$dynamic"
CLOCK=$(reliability_clock "${1:-$debug}") || exit 1
export CLOCK TIMEOUT=${TIMEOUT:-900}
# correctness wants concurrency: two vCPUs unless LANE says otherwise
export LANE=${LANE:-2vcpu}
for p in "$@" $debug $dynamic; do
	[ -f "$KERNELS/$(profile_kernel "$p")/$(basename "$KIMAGE")" ] ||
		die "no kernel for $p; run 'make kernels ARCH=$ARCH PROFILES=\"$* $debug $dynamic\"'"
done

# the writeback loads as variants (their own sizes): a file past the
# dirty limits on ext4, an fsync through data=journal on 1 KiB blocks,
# many small files and a syncfs
fs_scen="ext3-truncate ext3-truncate:data=journal ext3-rmtree ext3-sparse jbd2-commit mpage-ext2 mpage-vfat dbench fio-write
	ext3-dirty@dd-ext4-256m ext3-dirty@fsync-1k-journal-64m ext3-dirty@sync-4k-ordered-2000f"
all_scen="cyclic-idle hackbench ctxswitch many-threads compile tbench futex-wake mem-pressure pcp-decay $fs_scen crash-load readahead-stress"
all_scen=${DEBUG_SCENARIOS:-$all_scen}
for s in $all_scen; do check_scenario "${s%%:*}"; done
stamp=$(date -u +%Y%m%d-%H%M%S)
dir=$BUILD/reliability/$stamp
mkdir -p "$dir" || die "cannot create $dir"
ln -sfn "$stamp" "$BUILD/reliability/latest"
start=$(date +%s)

# run_scen PROFILE SCEN[:MOUNT_OPTS] OUTDIR: one short run; prints its status
run_scen() {
	local p=$1 s=${2%%:*} mo= env
	[ "$2" != "$s" ] && mo=${2#*:}
	env=$(bench_env smoke "$s")
	[ "$s" = crash-load ] && env="OPS=400,BIG_MB=4"
	[ -n "$mo" ] && env="${env:+$env,}MOUNT_OPTS=$mo"
	VP_ENV=$env PROG=run.sh "$TOP/scripts/run.sh" "$p" "$s" "$3" >/dev/null 2>&1
	jq -r .status "$3/run.json" 2>/dev/null || echo missing
}

# suite PROFILE DIR KIND SCENARIO...: run_scen each SCENARIO into DIR/<name>
# and print {runs, clean, failed}.  A run is clean when its status is ok
# and, for KIND integrity, its integrity.json says fsck clean, canary ok.
suite() {
	local p=$1 base=$2 kind=$3 s o st ok n=0 clean=0 bad=()
	shift 3
	for s; do
		n=$((n + 1))
		o=$base/${s/:/-}
		st=$(run_scen "$p" "$s" "$o")
		ok=$([ "$st" = ok ] && echo 1)
		if [ "$kind" = integrity ]; then
			jq -e '.fsck == "clean" and .canary == "ok"' "$o/results/integrity.json" >/dev/null 2>&1 || ok=
			st="$st $(jq -c '{fsck, canary}' "$o/results/integrity.json" 2>/dev/null)"
		fi
		if [ -n "$ok" ]; then
			clean=$((clean + 1))
			say "  $s: $([ "$kind" = integrity ] && echo "fsck clean, canary intact" || echo "no splat")"
		else
			bad+=("$s: $st")
			warn "$p $s: $st (see $o)"
		fi
	done
	jq -n --argjson n $n --argjson clean $clean --argjson failed "$(json_strings "${bad[@]}")" \
		'{runs: $n, clean: $clean, failed: $failed}'
}

for p; do
	say "$p: integrity after every filesystem workload (elapsed $(elapsed "$start"))"
	mkdir -p "$dir/$p/powercut" || die "cannot create $dir/$p"
	suite "$p" "$dir/$p/integrity" integrity $fs_scen |
		jq '{workloads: .runs, clean, failed}' >"$dir/$p/integrity.json"
	if [ "$cuts" -gt 0 ]; then
		say "$p: $cuts power cuts (elapsed $(elapsed "$start"))"
		PROG=powercut.sh "$TOP/scripts/powercut.sh" "$p" "$cuts" "$dir/$p/powercut" ||
			warn "$p: not every power cut was survived (or powercut.sh failed)"
		[ -s "$dir/$p/powercut/summary.json" ] ||
			echo '{"cuts_tried": 0, "cuts_survived": 0, "failed": ["powercut.sh wrote no summary"]}' \
				>"$dir/$p/powercut/summary.json"
	fi
done

# points_setup PROFILE: print the kernel parameter that puts a kprobe on
# every point (and write the sites, placed, to $dir/PROFILE-sites.json), or nothing
# when PROFILE's kernel cannot count them (no line tables or kprobe events,
# or built without the points)
points_setup() {
	local k w
	k=$KERNELS/$(profile_kernel "$1") w=$(work_for_profile "$1")
	if ! grep -qx 'CONFIG_DEBUG_INFO=y' "$k/.config" || ! grep -qx 'CONFIG_KPROBE_EVENTS=y' "$k/.config"; then
		warn "$1: no line tables or kprobe events in its kernel: the points' hits are not counted"
		return 0
	fi
	[[ " $(profile_without "$1") " != *" points "* ]] || return 0
	PROG=points.sh "$TOP/scripts/points.sh" kprobes "$k/vmlinux" "$w" "$dir/$1-sites.json" ||
		die "cannot place the points' kprobes in $1's kernel"
}

if [ -n "$debug" ]; then
	say "$debug: the whole scenario suite on the debug kernel (elapsed $(elapsed "$start"))"
	kp=$(points_setup "$debug") || exit 1
	# the kernel keeps COMMAND_LINE_SIZE (2048 on x86_64 and arm64) and
	# drops the rest: probes cut off would pass for sites not reached
	[ ${#kp} -lt 1500 ] || die "the points' kprobes take ${#kp} bytes of the kernel command line (at most 1500)"
	APPEND="${APPEND:+$APPEND }$kp" suite "$debug" "$dir/$debug" splats $all_scen |
		jq '{runs, clean, splats: (.runs - .clean), failed}' >"$dir/$debug.json"
	if [ -n "$kp" ]; then
		PROG=points.sh "$TOP/scripts/points.sh" hits "$dir/$debug-sites.json" "$dir/$debug"/* >"$dir/$debug-points.json" ||
			die "cannot count the points' hits"
		jq --slurpfile p "$dir/$debug-points.json" '. + {points: ($p[0] | length),
			points_reached: ([$p[0][] | select(.hits > 0)] | length),
			points_not_counted: [$p[0][] | select(.probe == "none") | "\(.file):\(.line) (\(.patch)): no code of its own in this kernel"],
			points_unreached: [$p[0][] | select(.hits == 0 and .probe != "none") | "\(.file):\(.line) (\(.patch))" +
				(if .probe == "test" then ", counted at its test, line \(.probe_line)," else "" end) +
				(if .placed then "" else " no probe in any run" end)]}' \
			"$dir/$debug.json" >"$dir/$debug.json.new" && mv "$dir/$debug.json.new" "$dir/$debug.json"
		say "  points reached: $(jq -r '"\(.points_reached) of \(.points)"' "$dir/$debug.json")"
	fi
fi

# the dynamic kernel's step: its modes, and the points in them
if [ -n "$dynamic" ]; then
	say "$dynamic: every preempt= mode, and the points traced in none, voluntary and full (elapsed $(elapsed "$start"))"
	mkdir -p "$dir/$dynamic" || die "cannot create $dir/$dynamic"
	{
		for m in none voluntary full lazy; do
			o=$dir/$dynamic/mode-$m
			APPEND="${APPEND:+$APPEND }preempt=$m" PROG=run.sh "$TOP/scripts/run.sh" "$dynamic" preempt-mode "$o" >/dev/null 2>&1
			jq -c --arg m "$m" '{mode: $m, boot, dmesg,
				ok: ((.boot | contains("(\($m))")) and (.dmesg | startswith("Dynamic Preempt: \($m);")) and
				     ([.switched | to_entries[] | .key as $k | select(.value | contains("(\($k))"))] | length) == 4)}' \
				"$o/results/preempt.json" 2>/dev/null || jq -nc --arg m "$m" '{mode: $m, ok: false, why: "no preempt.json"}'
		done
	} | jq -s . >"$dir/$dynamic/modes.json"
	# each point's load on the one-vCPU lane (icount, as the boot suite's
	# traced checks), traced; FUNC:MIN, the functions whose reschedules name
	# a point and how many each needs, from scripts/point-loads.tsv, the
	# table the boot suite's lane checks read.  Under preempt=voluntary
	# might_sleep() reschedules too: wake_up_q_sleepable() begins with one,
	# so its count there does not name the point and is not judged.
	specs=()
	while IFS=$'\t' read -r id s env fns; do
		[ -n "$id" ] || continue
		case $env in -) env= ;; bench) env=$(bench_env quick "$s") ;; esac
		specs+=("$id|$s|$env|$fns")
	done < <(grep -v '^#' "$TOP/scripts/point-loads.tsv")
	[ ${#specs[@]} -gt 0 ] || die "no point in $TOP/scripts/point-loads.tsv"
	{
		for m in none voluntary full; do
			for spec in "${specs[@]}"; do
				IFS='|' read -r id s env fns <<<"$spec"
				o=$dir/$dynamic/$m-$id
				CLOCK=icount LANE=1vcpu APPEND="${APPEND:+$APPEND }preempt=$m" VP_ENV="RESCHED_TRACE=1${env:+,$env}" \
					PROG=run.sh "$TOP/scripts/run.sh" "$dynamic" "$s" "$o" >/dev/null 2>&1
				jq -nc --arg m "$m" --arg id "$id" --arg s "$s" --arg fns "$fns" --arg st "$(jq -r .status "$o/run.json" 2>/dev/null || echo missing)" \
					--slurpfile r <(cat "$o/results/resched.json" 2>/dev/null || echo null) \
					'($fns | split(",") | map(split(":") | {key: .[0], value: (.[1] | tonumber)}) | from_entries) as $min |
					 {mode: $m, point: $id, scenario: $s, status: $st, traced: ($r[0] != null and $r[0].entries_lost == 0),
					  at: ($min | with_entries(.value = ($r[0].at[.key] // 0))),
					  not_judged: (if $m == "voluntary" then ["wake_up_q_sleepable"] else [] end)} |
					 .ok = (.status == "ok" and .traced and
						(.not_judged as $nj | .at | to_entries | map(select(.key as $k | $nj | index($k) | not)) |
						 if $m == "full" then all(.value == 0) else all(.value >= $min[.key]) end))'
				say "  preempt=$m $id ($s): $(jq -r '.status' "$o/run.json" 2>/dev/null || echo missing)"
			done
		done
	} | jq -s . >"$dir/$dynamic/points.json"
	jq -n --arg p "$dynamic" --slurpfile modes "$dir/$dynamic/modes.json" --slurpfile pts "$dir/$dynamic/points.json" \
		'{profile: $p, modes: $modes[0], points: $pts[0],
		  failed: ([$modes[0][] | select(.ok | not) | "preempt=\(.mode): boots as \(.boot // "?")"] +
			   [$pts[0][] | select(.ok | not) | "preempt=\(.mode) \(.point) (\(.scenario)): status \(.status), reschedules \(.at | tojson)"])}' \
		>"$dir/$dynamic.json"
fi

# the summary: one row per profile, one for the debug kernel
{
	for p; do
		jq -n --arg p "$p" --slurpfile i "$dir/$p/integrity.json" \
			--slurpfile c <(cat "$dir/$p/powercut/summary.json" 2>/dev/null || echo null) \
			'{profile: $p, integrity: $i[0], powercut: $c[0]}'
	done
} | jq -s --arg clock "$CLOCK" --argjson cuts "$cuts" --arg stamp "$stamp" --arg host "$(uname -n)" \
	--arg cmd "$(knobs="CLOCK=$CLOCK SEED=${SEED:-1} ${DEBUG_SCENARIOS:+DEBUG_SCENARIOS=\"$DEBUG_SCENARIOS\" }${LAYOUTS+LAYOUTS=\"$LAYOUTS\" }TIMEOUT=$TIMEOUT"
		if [ -n "${MAKELEVEL:-}" ]; then echo "${DEBUG+DEBUG=$debug }${DYNAMIC+DYNAMIC=$dynamic }$knobs make reliability ARCH=$ARCH RELIABILITY_PROFILES=\"$*\" CUTS=$cuts";
		else echo "ARCH=$ARCH CUTS=$cuts DEBUG=$debug DYNAMIC=$dynamic $knobs scripts/reliability.sh $*"; fi)" \
	--arg arch "$ARCH" \
	--slurpfile d <(cat "$dir/$debug.json" 2>/dev/null || echo null) --arg debug "$debug" \
	--slurpfile y <(cat "$dir/$dynamic.json" 2>/dev/null || echo null) \
	'{stamp: $stamp, command: $cmd, arch: $arch, clock: $clock, cuts_per_profile: $cuts, host: $host, profiles: .,
	  debug: (if $debug == "" then null else ($d[0] + {profile: $debug}) end), dynamic: $y[0]}' >"$dir/summary.json"
jq -r '
	"# make reliability, \(.stamp) (\(.arch // "x86_64"), clock \(.clock))\n",
	"Command: `\(.command)`\n",
	(if (.profiles | length) == 0 then "No profiles given: integrity and power cuts not checked." else
	"| profile | fs workloads: fsck clean, canary intact | power cuts survived / tried | journal replayed | fsync-acked states checked |",
	"|---|---|---|---|---|",
	(.profiles[] | "| \(.profile) | \(.integrity.clean) / \(.integrity.workloads) | " +
		(if .powercut then "\(.powercut.cuts_survived) / \(.powercut.cuts_tried)" +
			([if (.powercut.cuts_1k_blocks // 0) > 0 then "\(.powercut.cuts_1k_blocks) on 1 KiB blocks" else empty end,
			  if (.powercut.cuts_ext4 // 0) > 0 then "\(.powercut.cuts_ext4) on ext4" else empty end]
			 | if length > 0 then " (" + join(", ") + ")" else "" end) + " | \(.powercut.journal_replays) | \(.powercut.acks_checked)"
		 else "not run | | " end) + " |") end),
	"",
	(if .debug then "Debug kernel (\(.debug.profile)): \(.debug.runs) scenario runs, \(.debug.splats) with a splat, stall or lockup" +
		(if .debug.points then "; \(.debug.points_reached) of the \(.debug.points) sites of the points reached (\(.debug.profile)-points.json)." else "; the points\u0027 hits not counted." end)
	 else "Debug kernel: not run." end),
	"",
	(if .dynamic then "Dynamic kernel (\(.dynamic.profile)): \([.dynamic.modes[] | select(.ok)] | length) of 4 preempt= modes boot and switch; " +
		"points traced on \([.dynamic.points[] | select(.ok)] | length) of \(.dynamic.points | length) loads as the mode says " +
		"(under none and voluntary each point rescheduled as often as required, under full none did; \(.dynamic.profile)/points.json)."
	 else "Dynamic kernel: not run." end),
	"",
	((.profiles[] | .profile as $p | (.integrity.failed[]?, .powercut.failed[]?) | "- FAILED \($p): \(.)"),
	 (.debug.failed[]? | "- FAILED \(.)"),
	 (.dynamic.failed[]? | "- FAILED \(.)"),
	 (.debug.points_unreached[]? | "- NOT REACHED on the debug kernel: \(.)"),
	 (.debug.points_not_counted[]? | "- not counted (no probe possible): \(.)"))
' "$dir/summary.json" >"$dir/summary.md"
cat "$dir/summary.md"
say "reliability: $(elapsed "$start"); $dir/summary.json"
jq -e '([.profiles[] | .integrity.clean == .integrity.workloads and
	(.powercut == null or (.powercut.cuts_survived == .powercut.cuts_tried and (.powercut.failed | length) == 0))] | all) and
	(.debug == null or (.debug.splats == 0 and ((.debug.points_unreached // []) | length) == 0)) and
	(.dynamic == null or (.dynamic.failed | length) == 0)' "$dir/summary.json" >/dev/null
