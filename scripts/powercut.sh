#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# powercut.sh PROFILE CUTS OUTDIR - crash consistency of one kernel: CUTS
# times, boot PROFILE on a fresh scratch disk running crash-load (fsynced
# creates, big ext3-format files, create storms, truncates and unlinks, with
# data=ordered and data=journal in turn), kill QEMU at a random moment (the
# power cut), boot again running crash-check (the kernel replays the
# journal; every file is listed and its bytes checked; e2fsck -fn), and
# judge the listing against the acks the first boot printed (tools/vp-crash
# judge).  The layouts rotate by pairs of cuts (one data=ordered, one
# data=journal each), in the order LAYOUTS names them ("4k 1k ext4"):
#   4k    the ext3 format, 4 KiB blocks, big files of 1 to 9 MiB
#   1k    the ext3 format, 1 KiB blocks (truncates walk three levels of
#         indirect blocks), big files of 1 to BIG_MB_1K + 1 (73) MiB,
#         about 60 live files, a 2 GiB scratch disk
#   ext4  the bench's ext4 (extents, delayed allocation): big files of 1
#         to BIG_MB_EXT4 + 1 (65) MiB written and fsynced, so that the cut
#         can land in the streaming writeback of a large file, its
#         submission and the conversion of its unwritten extents at
#         completion (data=ordered; data=journal allocates no unwritten
#         extents); about 60 live files, a 2 GiB scratch disk
# The check boot reads the format back (extents, block size), and a disk
# that is not the layout asked for fails the cut.
# so by default cuts 1-2, 7-8, ... are 4k, 3-4, 9-10, ... 1k and 5-6,
# 11-12, ... ext4.  A cut is survived when the check boot is clean, e2fsck
# finds nothing, and every fsync-acknowledged state is on the disk.
#
# OUTDIR/cut-NNN/{load,check}/ keep both runs; OUTDIR/cut-NNN/verdict.json
# the judgement (a cut failed on its data or e2fsck, the first KEEP_DISKS,
# its scratch.img); OUTDIR/summary.json the count:
#   {"profile", "clock", "cuts_tried", "cuts_survived", "cuts_1k_blocks",
#    "cuts_ext4", "not_cut", "journal_replays", "acks_checked", "failed": [...]}
# (not_cut: loads that finished before their cut came, not counted as tried;
# journal_replays: check boots whose mount said "recovery complete")
#
# The acks come on the guest's second serial port (run.sh's serial1.log;
# on arm64 a virtio console, whose writes return only once QEMU has taken
# the bytes, as a UART's do), a channel no kernel message can mix into.
# A cut whose last ack is more than STALL_MAX (10) seconds older than the
# cut fails: the load had hung, and a hang must not pass for a survived cut.
#
# Environment: SEED (1: the cut moments and the loads follow from it),
# CUT_MIN/CUT_MAX (2/20: seconds of load before the cut), LAYOUTS,
# BIG_MB_1K, BIG_MB_EXT4, STALL_MAX, KEEP_DISKS (3: failed cuts' disks
# kept), CLOCK (default tcg, or kvm where it works: correctness, not
# timing), TIMEOUT (600), and run.sh's.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: powercut.sh PROFILE CUTS OUTDIR"
profile=$1 cuts=$2 out=$3
check_profile "$profile"
[[ $cuts =~ ^[1-9][0-9]*$ ]] || die "CUTS must be a positive number, not '$cuts'"
seed=${SEED:-1} cmin=${CUT_MIN:-2} cmax=${CUT_MAX:-20} stall_max=${STALL_MAX:-10} big1k=${BIG_MB_1K:-72}
[[ $seed =~ ^[0-9]+$ && $cmin =~ ^[0-9]+$ && $cmax =~ ^[0-9]+$ && $stall_max =~ ^[0-9]+$ ]] &&
	[ "$cmin" -le "$cmax" ] || die "SEED, CUT_MIN, CUT_MAX, STALL_MAX must be numbers with CUT_MIN <= CUT_MAX"
[[ $big1k =~ ^[1-9][0-9]*$ ]] && [ "$big1k" -le 512 ] ||
	die "BIG_MB_1K must be a number of MiB from 1 to 512 (the 1 KiB-block cuts' scratch disk is 2 GiB), not '$big1k'"
keep=${KEEP_DISKS:-3}
[[ $keep =~ ^[0-9]+$ ]] || die "KEEP_DISKS must be a number of disks, not '$keep'"
bigext4=${BIG_MB_EXT4:-64}
[[ $bigext4 =~ ^[1-9][0-9]*$ ]] && [ "$bigext4" -le 512 ] ||
	die "BIG_MB_EXT4 must be a number of MiB from 1 to 512 (the ext4 cuts' scratch disk is 2 GiB), not '$bigext4'"
read -ra layouts <<<"${LAYOUTS-4k 1k ext4}"
[ ${#layouts[@]} -gt 0 ] || die "LAYOUTS names no layout; valid: 4k 1k ext4"
for l in "${layouts[@]}"; do
	case $l in
	4k | 1k | ext4) ;;
	*) die "unknown layout '$l' in LAYOUTS; valid: 4k 1k ext4" ;;
	esac
done
CLOCK=$(reliability_clock "$profile") || exit 1
export CLOCK TIMEOUT=${TIMEOUT:-600}
# correctness wants concurrency: two vCPUs unless LANE says otherwise
export LANE=${LANE:-2vcpu}
judge=$TOP/tools/vp-crash
make -s -C "$TOP/tools" vp-crash >&2 || die "cannot build tools/vp-crash"
mkdir -p "$out" || die "cannot create $out"
out=$(cd "$out" && pwd)
RANDOM=$seed
tried=0 survived=0 notcut=0 failed=() cutjson=() kept=0
t0=$(date +%s)
for i in $(seq 1 "$cuts"); do
	d=$out/cut-$(printf %03d "$i")
	rm -rf "$d"
	mkdir -p "$d"
	mode=data=ordered
	[ $((i % 2)) = 0 ] && mode=data=journal
	layout=${layouts[(i - 1) / 2 % ${#layouts[@]}]} fs=ext3 blocks=4k
	case $layout in
	4k) lenv= disk=1024M ;;
	1k) lenv=,MKFS_OPTS=-b1024,BIG_MB=$big1k,MAX_FILES=60 disk=2048M blocks=1k ;;
	ext4) fs=ext4 lenv=,FS=ext4,MKFS_OPTS=-b4096,BIG_MB=$bigext4,MAX_FILES=60 disk=2048M ;;
	esac
	after=$((cmin + RANDOM % (cmax - cmin + 1))).$((RANDOM % 10))
	s=$((seed * 1000 + i))
	truncate -s $disk "$d/scratch.img" || die "cannot create $d/scratch.img (disk full?)"
	say "$profile: cut $i/$cuts ($mode, $([ "$layout" = ext4 ] && echo "ext4" || echo "$layout blocks"), load seed $s, power cut ${after}s into the load; elapsed $(elapsed "$t0"))"
	verdict=failed why= replayed=0
	SCRATCH=$d/scratch.img POWERCUT=$after VP_ENV=SEED=$s,MOUNT_OPTS=$mode$lenv \
		"$TOP/scripts/run.sh" "$profile" crash-load "$d/load" 2>"$d/load.err"
	lstat=$(jq -r .status "$d/load/run.json" 2>/dev/null || echo missing)
	# a load that hung before its cut would pass as "cut": the last ack
	# must have come shortly before the power went
	stalled=0
	if [ -f "$d/load/powercut" ] && [ -f "$d/load/serial1.log" ]; then
		stalled=$(( $(date -d "$(cat "$d/load/powercut")" +%s) - $(stat -c %Y "$d/load/serial1.log") ))
	fi
	if [ "$lstat" = ok ]; then
		verdict=not-cut
	elif [ "$lstat" != cut ]; then
		why="load boot: $lstat"
	fi
	if [ -z "$why" ]; then
		SCRATCH=$d/scratch.img VP_ENV=MOUNT_OPTS=$mode,FS=$fs \
			"$TOP/scripts/run.sh" "$profile" crash-check "$d/check" 2>"$d/check.err"
		cstat=$(jq -r .status "$d/check/run.json" 2>/dev/null || echo missing)
		fsck=$(jq -r '.fsck // "missing"' "$d/check/results/integrity.json" 2>/dev/null || echo missing)
		replayed=$(grep -c 'recovery complete' "$d/check/results/mount-dmesg.txt" 2>/dev/null || true)
		# the format the cut boot made, as the check boot found it (a guest
		# image older than the layout would make ext3 where ext4 was asked)
		made=missing
		if [ -f "$d/check/results/mount.txt" ]; then
			made="$(grep -q '^features .*\bextent\b' "$d/check/results/mount.txt" && echo ext4 || echo ext3)/$(
				sed -n 's/^block_size \([14]\)0[29][46]$/\1k/p' "$d/check/results/mount.txt")"
		fi
		jrc=none
		if [ -f "$d/check/results/manifest.txt" ]; then
			jrc=0
			"$judge" judge "$d/load/serial1.log" "$d/check/results/manifest.txt" \
				>"$d/verdict.json" 2>"$d/judge.err" || jrc=$?
		fi
		if [ "$cstat" != ok ]; then why="check boot: $cstat (fsck: $fsck)"
		elif [ "$made" != "$fs/$blocks" ]; then
			why="the disk is $made, not the $fs/$blocks asked for (a guest image older than the harness? make rootfs)"
		elif [ "$fsck" != clean ]; then why="e2fsck: $fsck"
		elif [ "$jrc" = 1 ]; then
			why="data: $(jq -r '"\(.lost) lost, \(.corrupt) corrupt: \(.first_problem)"' "$d/verdict.json")"
		elif [ "$jrc" != 0 ]; then why="no verdict (judge: $(head -c 300 "$d/judge.err" 2>/dev/null || echo "no manifest"))"
		elif [ "$stalled" -gt "$stall_max" ]; then
			why="the load made no progress for ${stalled}s before the cut (a hang?)"
		elif [ "$verdict" != not-cut ]; then verdict=survived
		fi
	fi
	# a cut the judge or e2fsck failed keeps its disk (as the check boot
	# left it, journal replayed) for a look at the files named, the first
	# KEEP_DISKS (3) of them: up to a few hundred MiB each, under build/,
	# left out of the run's archive
	case $why in
	data:* | e2fsck:*) [ $((kept += 1)) -le "$keep" ] || rm -f "$d/scratch.img" ;;
	*) rm -f "$d/scratch.img" ;;
	esac
	cutjson+=("$d/cut.json")
	jq -n --argjson cut "$i" --arg mode "$mode" --arg layout "$blocks" --arg fs "$fs" --argjson seed "$s" --arg after "$after" \
		--arg verdict "$verdict" --arg why "$why" --argjson replayed "${replayed:-0}" --argjson stalled "$stalled" \
		--slurpfile v <(cat "$d/verdict.json" 2>/dev/null || echo null) \
		'{cut: $cut, fs: $fs, mount: $mode, blocks: $layout, seed: $seed, cut_after_s: ($after | tonumber),
		  journal_replayed: ($replayed > 0), last_ack_before_cut_s: $stalled,
		  verdict: (if $why == "" then $verdict else "failed" end), why: $why, judge: $v[0]}' >"$d/cut.json"
	case $verdict:$why in
	survived:) tried=$((tried + 1)) survived=$((survived + 1))
		say "  survived: $(jq -r '"\(.acks) acks, \(.files_checked) files checked, fsck clean"' "$d/verdict.json")$([ "$replayed" -gt 0 ] && echo ", journal replayed")" ;;
	not-cut:) notcut=$((notcut + 1)); say "  the load finished before the cut (not counted)" ;;
	*) tried=$((tried + 1)) failed+=("$i: $why"); warn "cut $i FAILED: $why (see $d)" ;;
	esac
done
clock=$(jq -r .clock "$out"/cut-001/load/run.json 2>/dev/null || echo "$CLOCK")
# the counts from the cuts' own records, in one pass over them
cat "${cutjson[@]}" | jq -s --arg profile "$profile" --arg clock "$clock" \
	--argjson failed "$(json_strings "${failed[@]}")" --argjson tried $tried --argjson survived $survived \
	--argjson notcut $notcut --argjson seed "$seed" \
	'{profile: $profile, clock: $clock, seed: $seed, cuts_tried: $tried, cuts_survived: $survived,
	  cuts_1k_blocks: ([.[] | select(.blocks == "1k" and .verdict != "not-cut")] | length),
	  cuts_ext4: ([.[] | select(.fs == "ext4" and .verdict != "not-cut")] | length),
	  not_cut: $notcut, journal_replays: ([.[] | select(.journal_replayed)] | length),
	  acks_checked: ([.[] | .judge.acks // 0] | add), failed: $failed}' >"$out/summary.json"
say "$profile: $survived of $tried power cuts survived ($(elapsed "$t0")); $out/summary.json"
[ $survived -eq $tried ]
