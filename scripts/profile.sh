#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# profile.sh PROFILE... - count the guest's instructions per kernel function
# during a load's timed phase, for each PROFILE's kernel, and rank each later
# kernel's difference from the first.
#
# Each run boots PROFILE with SCENARIO under QEMU's TCG with the project's
# plugin (tools/plugin/vp-insns.c) loaded: an inline counter on every guest
# instruction, so that the count is exact and, under icount, the guest's
# clock and figures are those of an unprofiled run.  The scenario's timed
# phase is cut by two marks (MARK=1: vp-insnmark in lib.sh's lat_start and
# lat_stop, one syslog(2) call each; the plugin's window runs between the
# two executions of the kernel's syslog entry).  Kernel addresses are named
# with the kernel's System.map; user space is counted per address and named
# only in vp-insnmark (its symbols), the rest summed as "[user?]".
#
# Output, under PROFILE_DIR (build/profile)/SCENARIO:
#   PROFILE-N/       the run (run.sh's layout) and insns.json (the plugin's
#                    summary), insns.raw (every address, its count and
#                    function), classes.json (the instructions by what they
#                    are for: classify-insns.sh)
#   profile.json     per run: the window's instructions (total, kernel,
#                    user), the load's own figures, the work it did (UNITS)
#                    and instructions per unit; per profile the median
#                    boot's instructions, classes and functions per unit,
#                    and the spread of its boots; per boot the calls and
#                    class other per function (profile-diff.jq's other_calls)
#   summary.json     profile.json with each profile's 100 largest functions
#   diff.txt, diff.json  each later profile (a) against the first (b): the
#                    ratio of their instructions per unit (value, a over b)
#                    and the difference by class and by function, ranked by
#                    size, with each one's share of it, and the part of
#                    class other that is the same functions called more or
#                    less often (other_calls)
#
# DWARF=1 builds each kernel again with debug information (apart, in
# build/profile/kernels-dwarf/; the code is the same) and classifies every
# instruction by its chain of inlined functions (classify-insns.sh): the
# attribution that names code inlined into its callers.
#
# AGAIN=1 boots nothing: it summarises the runs of an earlier call again
# (the same PROFILEs, SCENARIO and REPEAT), for a changed classification;
# with DWARF=1, runs made without it are classified by the DWARF kernels'
# inline chains (built first if need be), once every counted address but
# one in a thousand is found to start an instruction of the DWARF kernel:
# the same code, if the series has not changed since the runs.
#
# Knobs: SCENARIO (hackbench), REPEAT (1), DWARF (0), AGAIN (0), VP_ENV
# (the scenario's; CALIB_S=0 unless given: the calibration phases are
# outside the window), CLOCK (icount; tcg on the 1vcpu lane only: the
# plugin's counters are exact when the vCPUs share one host thread; kvm is
# refused), LANE, TIMEOUT, TOP_N (25, the diff's rows), PROFILE_DIR, ARCH.
#
# The work a run did, for the per-unit figures: a load that says what it
# wrote (load.json's mb_written: fio-write) counts megabytes written; tbench,
# which runs for a fixed time, the operations its clients completed (the
# counts of its closing table in tbench.txt, lib.sh's tbench_ops: each a
# request and its reply over loopback; user space runs the same
# instructions per operation in every kernel, which a megabyte from its
# rate and its run's whole time does not give; a run longer than 4 s,
# which warms up, is refused); another load that reports a rate (dbench,
# mpage-ext2: mb_per_s) megabytes from its rate and its time, an
# approximation; one run of any other load (hackbench, ctxswitch,
# perf-messaging, ...) is one unit.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: profile.sh PROFILE... (SCENARIO=name, REPEAT=n)"
scenario=${SCENARIO:-hackbench}
repeat=${REPEAT:-1}
[[ $repeat =~ ^[1-9][0-9]*$ ]] || die "REPEAT must be a positive number, not '$repeat'"
topn=${TOP_N:-25}
[[ $topn =~ ^[1-9][0-9]*$ ]] || die "TOP_N must be a positive number, not '$topn'"
check_scenario "$scenario"
for p; do check_profile "$p"; done
# tbench's unit, its operations, leaves out those of its warmup, a fifth of
# a run longer than 4 s (tbench_ops refuses such a run): say so before the
# boots, not after them
if [ "$scenario" = tbench ] && [ "${AGAIN:-0}" = 0 ]; then
	if [[ ,${VP_ENV:-}, =~ .*,DURATION=([^,]*), ]]; then d=${BASH_REMATCH[1]}; else
		d=$(sed -n 's/^knobs .*DURATION=\([0-9]*\).*/\1/p' "$TOP/tools/guest/scenarios/tbench.sh")
	fi
	[[ $d =~ ^[0-9]+$ ]] && [ "$d" -le 4 ] ||
		die "tbench runs of ${d:-?} s warm up for a fifth of it, whose operations (the profile's unit) it does not count: profile it with VP_ENV=DURATION=4 or less"
fi
CLOCK=${CLOCK:-icount}
[ "$CLOCK" != auto ] || CLOCK=icount
export CLOCK
case $CLOCK in
icount) ;;
tcg) [ "${LANE:-1vcpu}" = 1vcpu ] ||
	die "CLOCK=tcg with LANE=${LANE}: multi-threaded TCG would race the plugin's counters; use CLOCK=icount" ;;
*) die "CLOCK=$CLOCK: the profiler is a TCG plugin; use CLOCK=icount (the lane's clock) or CLOCK=tcg" ;;
esac
need jq nm "${CC:-gcc}"
dir=${PROFILE_DIR:-$BUILD/profile}/$scenario
[ "$ARCH" = x86_64 ] || dir=${PROFILE_DIR:-$BUILD/profile}/$scenario-$ARCH

# The plugin, built against the qemu-plugin.h of the installed QEMU's
# source: Debian's QEMU loads plugins but ships neither plugins nor the
# header.  The header comes from the QEMU source package of the host's
# suite (a private apt configuration with a deb-src line for the machine's
# mirror), cached once per QEMU version.
plugin_build() {
	local qv up src hdrdir apt tarball
	qv=$("$QEMU" --version | sed -n '1s/^QEMU emulator version \([0-9.]*\).*/\1/p')
	[ -n "$qv" ] || die "cannot read the version of $QEMU"
	up=${qv%.*}
	hdrdir=$CACHE/qemu-plugin-$up
	if [ ! -f "$hdrdir/qemu-plugin.h" ]; then
		need apt-get tar xz
		lock "$CACHE/qemu-plugin.lock"
		apt=$CACHE/apt-qemu-src
		apt_private "$apt" "deb-src $(debian_mirror) $(debian_suite) main"
		say "fetching qemu-plugin.h from the QEMU source package of $(debian_suite) (about 25 MB, once)"
		apt-get -q "${APTOPT[@]}" update >&2 || die "apt-get update of the $(debian_suite) sources failed (see above)"
		(cd "$apt/dl" && apt-get -q "${APTOPT[@]}" source --download-only qemu >&2) ||
			die "could not download the QEMU source package"
		tarball=$(ls "$apt/dl"/qemu_*.orig.tar.* | head -1)
		src=$(basename "$tarball" | sed 's/^qemu_\([0-9.]*\).*/\1/')
		[ "${src%.*}" = "$up" ] || [ "$src" = "$up" ] ||
			die "the suite's QEMU source is $src, the installed QEMU $qv: the plugin API may differ"
		mkdir -p "$hdrdir.part"
		tar -xf "$tarball" -C "$hdrdir.part" --wildcards --strip-components=3 '*/include/qemu/qemu-plugin.h' ||
			die "no include/qemu/qemu-plugin.h in $tarball"
		rm -rf "$hdrdir" "$apt"
		mv "$hdrdir.part" "$hdrdir"
	fi
	so=$BUILD/plugin/vp-insns-$up.so
	if [ ! -f "$so" ] || [ "$TOP/tools/plugin/vp-insns.c" -nt "$so" ] || [ "$hdrdir/qemu-plugin.h" -nt "$so" ]; then
		mkdir -p "$BUILD/plugin"
		say "building the instruction-count plugin (QEMU $up)"
		"${CC:-gcc}" -shared -fPIC -O2 -g -Wall -Wextra -Werror -I"$hdrdir" \
			-o "$so.part" "$TOP/tools/plugin/vp-insns.c" -lpthread || die "the plugin did not build"
		mv "$so.part" "$so"
	fi
}
# the marked program's symbols: the guest's own vp-insnmark (the host's
# build on x86_64, the static cross build otherwise)
umap_src=$TOP/tools/vp-insnmark
[ "$ARCH" = x86_64 ] || umap_src=$BUILD/tools$ASFX/vp-insnmark
[ "${AGAIN:-0}" = 1 ] || [ -x "$umap_src" ] || die "no $umap_src; run 'make rootfs${ASFX:+ ARCH=$ARCH}'"
case $ARCH in
x86_64) marksym=__x64_sys_syslog ;;
arm64) marksym=__arm64_sys_syslog ;;
esac

# DWARF=1: each kernel again with debug information (configs/profile-dwarf.config
# over the guest base), built apart in $BUILD/profile/kernels$ASFX-dwarf/:
# the same code, and every instruction's inline chain for classify-insns.sh
again=${AGAIN:-0}
case $again in 0 | 1) ;; *) die "AGAIN must be 0 or 1, not '$again'" ;; esac
dwarf=${DWARF:-0}
case $dwarf in 0 | 1) ;; *) die "DWARF must be 0 or 1, not '$dwarf'" ;; esac
kdir_of() {
	if [ "$dwarf" = 1 ]; then
		echo "$BUILD/profile/kernels$ASFX-dwarf/$(profile_kernel "$1")"
	else
		echo "$KERNELS/$(profile_kernel "$1")"
	fi
}
if [ "$dwarf" = 1 ]; then
	base=$BUILD/profile/guest-base$ASFX-dwarf.config
	mkdir -p "$BUILD/profile"
	cat "$GUEST_BASE" "$TOP/configs/profile-dwarf.config" >"$base.tmp"
	if cmp -s "$base.tmp" "$base" 2>/dev/null; then rm -f "$base.tmp"; else mv "$base.tmp" "$base"; fi
	for p; do
		# AGAIN=1 takes a DWARF kernel that is there as it is (its code is
		# checked against the runs' below), and builds only a missing one
		[ "$again" = 1 ] && [ -f "$(kdir_of "$p")/vmlinux" ] && continue
		BASE=$base OUT=$(kdir_of "$p") PROG=kernel.sh "$TOP/scripts/kernel.sh" "$(profile_kernel "$p")" ||
			die "the DWARF kernel of $p did not build"
	done
fi

mkdir -p "$dir"
umap=$dir/umap$ASFX.txt
if [ "$again" = 0 ]; then
	plugin_build
	# the host's copy of the program the guest image was built with (make
	# rootfs installs this build)
	nm "$umap_src" >"$umap"
fi
runs=()
start=$(date +%s)
n=0 total=$(( $# * repeat ))
for p; do
	kp=$(profile_kernel "$p")
	kd=$(kdir_of "$p")
	map=$kd/System.map
	[ -f "$map" ] || die "no $map; run 'make kernels${ASFX:+ ARCH=$ARCH} PROFILES=$kp'"
	mark=$(awk -v s="$marksym" '$3 == s && ($2 == "T" || $2 == "t") { print $1; exit }' "$map")
	[ -n "$mark" ] || die "$map has no $marksym (the marker)"
	for i in $(seq 1 "$repeat"); do
		n=$((n + 1))
		out=$dir/$p-$i
		if [ "$again" = 1 ]; then
			[ -s "$out/insns.json" ] && [ -s "$out/insns.raw" ] ||
				die "AGAIN=1: no profiled run $out; run without AGAIN first"
			runs+=("$out")
			continue
		fi
		env=MARK=1,CALIB_S=0${VP_ENV:+,$VP_ENV}
		say "[$n/$total] $p: $scenario, profiled ($CLOCK, $(elapsed "$start") so far)"
		# run.sh recreates its OUTDIR: the plugin writes beside it (and
		# nothing an earlier, failed attempt left may be taken for its output)
		rm -f "$out.insns.json" "$out.insns.raw"
		KERNEL=$kd/$(basename "$KIMAGE") PLUGIN="file=$so,out=$out.insns.json,raw=$out.insns.raw,kmap=$map,umap=$umap,mark=$mark" \
			VP_ENV=$env PROG=run.sh "$TOP/scripts/run.sh" "$p" "$scenario" "$out" ||
			die "the profiled run of $p failed; see $out/console.log"
		mv "$out.insns.json" "$out/insns.json" && mv "$out.insns.raw" "$out/insns.raw" ||
			die "the plugin wrote no counts for $p (see $out/console.log)"
		marks=$(jq .marks "$out/insns.json")
		[ "$marks" = 2 ] ||
			die "$p: the marker ran $marks times, not 2: something else in the guest called syslog(2); the window is not the load's"
		runs+=("$out")
	done
done

# AGAIN=1 DWARF=1 classifies runs made on the kernels without debug
# information by the DWARF kernels' inline chains.  Debug information moves
# the data behind the text, not the code: the instructions are the same at
# the same addresses (only displacements into the data differ).  Checked:
# the kernel addresses a run counted must start instructions of the DWARF
# kernel's disassembly, but for at most one in a thousand: code the kernel
# patches as it boots (alternatives) and encodings objdump cannot decode
# start instructions where the file's disassembly does not, in both
# kernels alike, while other code would move nearly every address.
# dwarf_matches KDIR RAW...: each RAW against KDIR's disassembly, read once
dwarf_matches() {
	local kd=$1 dis
	shift
	dis=$(vmlinux_dis "$kd") && [ -s "$dis" ] || die "no disassembly of $kd/vmlinux"
	awk 'FNR == NR { if ($1 ~ /^[0-9a-f]+:$/) ins[substr($1, 1, length($1) - 1)] = 1; next }
		FNR == 1 { done_file(); f = FILENAME; n = bad = 0; ex = "" }
		$1 ~ /^[89a-f]/ { n++; if (!($1 in ins)) { bad++; if (bad <= 3) ex = ex " " $1 " (" $3 ")" } }
		function done_file() {
			if (f == "") return
			printf "  %s: %d of %d counted kernel addresses start no instruction of the disassembly%s\n", f, bad, n, (bad ? ", e.g." ex : "") > "/dev/stderr"
			if (!(n > 0 && bad * 1000 <= n)) failed = 1
		}
		END { done_file(); exit failed }' "$dis" "$@"
}
if [ "$dwarf" = 1 ] && [ "$again" = 1 ]; then
	for p; do
		raws=()
		for r in "${runs[@]}"; do
			[ "$(basename "$r" | sed 's/-[0-9]*$//')" = "$p" ] && raws+=("$r/insns.raw")
		done
		dwarf_matches "$(kdir_of "$p")" "${raws[@]}" ||
			die "runs of $p were not counted on the code of $(kdir_of "$p") (see above): profile them with DWARF=1 instead"
	done
fi

# What each counted instruction was for (classify-insns.sh): by its chain
# of inlined functions with DWARF=1, else from the disassembly.
for r in "${runs[@]}"; do
	p=$(basename "$r" | sed 's/-[0-9]*$//')
	PROG=classify-insns.sh "$TOP/scripts/classify-insns.sh" "$(kdir_of "$p")" "$r/insns.raw" >"$r/classes.json" ||
		die "could not classify the instructions of $r"
done

# text_symbols KDIR: {name: 1} of the kernel's text symbols, suffixes cut
text_symbols() {
	awk '$2 ~ /^[tTwW]$/ { n = $3; sub(/\..*/, "", n); print n }' "$1/System.map" | sort -u |
		jq -R -s 'split("\n") | map(select(length > 0) | {key: ., value: 1}) | from_entries'
}

# Of class other by line (classify-insns.sh's other_lines), profile.json
# keeps what profile-diff.jq's inlining can take: the lines where any run
# ran only inlined code (call_site_lines) and the bodies of the functions
# some of the kernels have a symbol for and some not.
for r in "${runs[@]}"; do cat "$r/classes.json"; done |
	jq -s '[.[] | (.call_site_lines // {}) | keys[]] | unique | map({key: ., value: 1}) | from_entries' \
	>"$dir/.sites.json"
# (each profile's symbols, .syms-PROFILE.json, serve the diff below too)
syms=()
for p; do
	text_symbols "$(kdir_of "$p")" >"$dir/.syms-$p.json"
	syms+=("$dir/.syms-$p.json")
done
jq -s 'length as $n | [.[] | keys[]] | group_by(.) | map(select(length < $n) | {key: .[0], value: 1})
	| from_entries' "${syms[@]}" >"$dir/.onesym.json"

# profile.json: per run the totals and the work (a function's symbols of
# one name, static functions of several files, summed as one: the name is
# all classify-insns.sh and the diff see); per profile the figures
# of its median boot (by instructions per unit; of an even number of
# boots the lower middle one: one real boot, so that its classes and
# functions add up, and one boot whose page zeroing or start-up ran long
# does not move it) and the spread of all its boots
for r in "${runs[@]}"; do
	ld=$r/results/load.json
	[ -s "$ld" ] || ld=/dev/null
	ops=0
	if [ -f "$r/results/tbench.txt" ]; then
		ops=$(tbench_ops "$r/results/tbench.txt") || exit 1
	fi
	jq -c --arg run "$(basename "$r")" --arg profile "${r##*/}" --slurpfile load "$ld" \
		--argjson ops "$ops" --slurpfile classes "$r/classes.json" --slurpfile sites "$dir/.sites.json" \
		--slurpfile onesym "$dir/.onesym.json" '
		($load[0].results // {}) as $res
		| (if ($res.mb_written // 0) > 0 then {unit: "MB written", units: $res.mb_written}
		   elif $ops > 0 then {unit: "operation", units: $ops}
		   elif ($res.mb_per_s // 0) > 0 and ($res.usecs // 0) > 0
		   then {unit: "MB", units: ($res.mb_per_s * $res.usecs / 1e6)}
		   else {unit: "run", units: 1} end) as $u
		| {run: $run, profile: ($profile | sub("-[0-9]+$"; "")),
		   insns, kernel_insns, user_insns, unit: $u.unit, units: $u.units,
		   insns_per_unit: (.insns / $u.units), kernel_per_unit: (.kernel_insns / $u.units),
		   load: $res,
		   top_functions: (.functions[:20] | map({f, insns: (.insns / $u.units)})),
		   method: $classes[0].method,
		   classes: ($classes[0].classes | map_values(. / $u.units)),
		   entry_exit_functions: (($classes[0].entry_exit_functions // {}) | map_values(. / $u.units)),
		   inlined_functions: (($classes[0].inlined_functions // {}) | map_values(. / $u.units)),
		   other_functions: (($classes[0].other_functions // {}) | map_values(. / $u.units)),
		   other_lines: (($classes[0].other_lines // {})
			| with_entries((.key | split("@")) as $k
				| select($sites[0][$k[2]] != null or $onesym[0][$k[1] | sub("[.].*$"; "")] != null)
				| .value /= $u.units)),
		   call_site_lines: ($classes[0].call_site_lines // {}),
		   functions: (.functions | group_by(.f) | map({key: .[0].f, value: {insns: (map(.insns) | add / $u.units),
			calls: (map(.calls) | add / $u.units)}}) | from_entries)}' \
		"$r/insns.json"
done | jq -s --arg scenario "$scenario" --arg arch "$ARCH" --arg clock "$CLOCK" --arg lane "${LANE:-1vcpu}" '
	{scenario: $scenario, arch: $arch, clock: $clock, lane: $lane,
	 runs: map(del(.functions, .entry_exit_functions, .inlined_functions, .other_functions,
		.other_lines, .call_site_lines)),
	 profiles: (group_by(.profile) | map(sort_by(.insns_per_unit) | .[(length - 1) / 2 | floor] as $m
		| {key: $m.profile, value: {
		runs: length, unit: $m.unit, median_run: $m.run,
		insns_per_unit: $m.insns_per_unit, kernel_per_unit: $m.kernel_per_unit,
		spread: ((map(.insns_per_unit) | max) / (map(.insns_per_unit) | min) - 1),
		classes: $m.classes, entry_exit_functions: $m.entry_exit_functions,
		inlined_functions: $m.inlined_functions, other_functions: $m.other_functions,
		other_lines: $m.other_lines, call_site_lines: $m.call_site_lines,
		functions: $m.functions,
		boots: map({run, calls: (.functions | map_values(.calls)), other_functions, other_lines})}}) | from_entries)}' \
	>"$dir/profile.json"
rm -f "$dir/.sites.json" "$dir/.onesym.json"

# summary.json: profile.json with each profile's 100 largest functions (the
# summary a results/ directory keeps, compact for its budget; the full lists
# stay in profile.json)
jq -c '.profiles |= map_values(del(.entry_exit_functions, .inlined_functions, .other_functions, .boots,
	.other_lines, .call_site_lines)
		| .functions |= (to_entries | sort_by(-.value.insns) | .[:100] | from_entries))
	| . + {dwarf: ($ENV.DWARF // "0" | . == "1")}' "$dir/profile.json" >"$dir/summary.json"

# each later profile (a) against the first (b): value, a's instructions per
# unit over b's (under icount the inverse of their throughput ratio), and
# the difference by class and by function, ranked (diff.json: one
# comparison per later profile; scripts/profile-diff.jq).  With DWARF
# classes, what the compiler made of the choice to call a function that
# the other kernel inlines (prologues and epilogues, the call, the bodies
# of the functions one of the two has a symbol for and the other ran
# inlined) is taken out of entry_exit and other into "inlining".
a=$1
shift
for b; do
	jq --arg a "$b" --arg b "$a" --argjson topn "$topn" \
		--slurpfile syms_a "$dir/.syms-$b.json" --slurpfile syms_b "$dir/.syms-$a.json" \
		-f "$TOP/scripts/profile-diff.jq" "$dir/profile.json"
done | jq -cs . >"$dir/diff.json"
rm -f "${syms[@]}"
jq -r '.[] | "# \(.scenario) (\(.arch), \(.clock), \(.lane)): instructions per \(.unit), \(.a) - \(.b)",
	"# \(.b) \(.b_per_unit | round), \(.a) \(.a_per_unit | round): \(.diff_per_unit | round) (\(.value * 10000 | round / 10000)x; run-to-run spread \(.b_spread * 1000 | round / 10)%, \(.a_spread * 1000 | round / 10)%)",
	"# class\t\(.b)\t\(.a)\tdiff\tshare",
	(.classes[] | [.class, (.b | round), (.a | round), (.diff | round),
		(if .share == null then "-" else "\(.share * 1000 | round / 10)%" end)] | join("\t")),
	(. as $c | .other_calls | select(. != null) | def pc: if $c.diff_per_unit == 0 then "-" else "\(. / $c.diff_per_unit * 1000 | round / 10)%" end;
		"# other: calls \(.diff | round) (\(.diff | pc)), code \(.code | round) (\(.code | pc)); calls over every pair of boots \(.pairs | if length == 0 then "-" else "\(min | round) to \(max | round)" end) (profile-diff.jq)"),
	"# function\t\(.b)\t\(.a)\tdiff\tshare",
	(.functions[] | [.f, (.b | round), (.a | round), (.diff | round),
		(if .share == null then "-" else "\(.share * 1000 | round / 10)%" end)] | join("\t")), ""' "$dir/diff.json" |
	awk -F'\t' 'NF == 5 { printf "%-42s %14s %14s %11s %7s\n", $1, $2, $3, $4, $5; next } { print }' | tee "$dir/diff.txt"
say "profile: $dir/profile.json ($n runs, $(elapsed "$start"))"
