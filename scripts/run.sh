#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# run.sh PROFILE SCENARIO OUTDIR - boot the PROFILE kernel under QEMU with
# /vp/scenarios/SCENARIO.sh as the guest's job (SCENARIO may be a variant,
# NAME@WORDS: NAME's script with the knobs of lib.sh variant_env, then
# VP_ENV's), and leave in OUTDIR:
#   console.log   the serial console, always kept
#   serial1.log   what the guest wrote to its second serial port, /dev/ttyS1
#                 (arm64: its virtio console, /dev/hvc0; vp-crash's acks: a
#                 channel the kernel's messages cannot mix into)
#   results/      what the guest wrote (meta.json, the tools' JSON, logs)
#   run.json      profile, scenario, arch, clock, lane, status, wall time, QEMU
#                 command, a hung boot's vCPUs (below), and the boot's calibration: the worst latency of
#                 its calibration phases before and after the load (the
#                 guest's calib-pre.json and calib-post.json), its floor (the
#                 larger) and, on the 1vcpu lane, whether the floor is over
#                 CALIB_BOUND_US ("contaminated": the platform, not the
#                 kernel, set the figures of this boot; bench.sh reruns it
#                 and the report leaves it out).  On the 2vcpu lane the
#                 floor is the emulator's and no boot is contaminated.
#   hang-registers.txt  if QEMU was still running 20 and 15 s before the
#                 timeout: its monitor's "info registers -a", twice; run.json's
#                 "hang" has each vCPU's instruction pointer and, named with
#                 the kernel's System.map, its function (a boot that hung
#                 says where its vCPUs were)
# Status is "ok", or a failure named after what was seen: "hang" (the boot
# timeout expired), one of lib.sh's console_status verdicts ("panic",
# "oops", "kasan", "lockdep", "atomic-sleep", "rcu-stall", "soft-lockup",
# "hung-task", "warning"), "no-results" or "scenario-failed".  The exit code
# is 0 for ok and 1 for any failure, so a caller can go on with the next run.
#
# Environment: ARCH=x86_64|arm64 (lib.sh; arm64: the kernel of
# build/kernels-arm64 and build/rootfs-arm64.img on qemu-system-aarch64's
# virt machine, -cpu max, PL011 console), CLOCK=kvm|tcg|icount (resolved by
# clock.sh; default auto),
# TIMEOUT=seconds (600), VP_ENV=K=V,K=V for the scenario, LANE (1vcpu: one
# vCPU that the load and cyclictest share, the calibrated latency lane;
# 2vcpu: two vCPUs, cyclictest on CPU 1), CALIB_BOUND_US (50), MEM (1024),
# SCRATCH_MB (2048), APPEND (extra kernel parameters, after the profile's
# own "# Boot:" ones), KERNEL (another bzImage or Image, run under PROFILE's name),
# SCRATCH (an existing image to use as the scratch disk, kept afterwards:
# 'make reliability' boots twice on one disk), POWERCUT=SECS (kill QEMU,
# a power cut, SECS seconds after serial1.log shows "vp-crash: start";
# the run's status is then "cut", and that is a success), PLUGIN (a TCG
# plugin and its arguments, for QEMU's -plugin: scripts/profile.sh).
# A profile with a "# Kernel: other" line boots the other profile's kernel.
set -uo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 3 ] || die "usage: run.sh PROFILE SCENARIO OUTDIR"
profile=$1 scenario=$2 out=$3
check_profile "$profile"
check_scenario "$scenario"
# NAME@VARIANT: NAME's script, with the variant's knobs before VP_ENV's
script=${scenario%%@*}
if [ "$script" != "$scenario" ]; then
	venv=$(variant_env "$scenario") || exit 1
	VP_ENV=$venv${VP_ENV:+,$VP_ENV}
fi
timeout=${TIMEOUT:-600}
[[ $timeout =~ ^[1-9][0-9]*$ ]] || die "TIMEOUT must be a number of seconds, not '$timeout'"
lane=${LANE:-1vcpu}
case $lane in
1vcpu) smp=1 ;;
2vcpu) smp=2 ;;
*) die "unknown LANE '$lane'; valid: 1vcpu 2vcpu" ;;
esac
bound=${CALIB_BOUND_US:-50}
[[ $bound =~ ^[1-9][0-9]*$ ]] || die "CALIB_BOUND_US must be a number of microseconds, not '$bound'"
check_env_arch "${VP_ENV:-}"
kprofile=$(profile_kernel "$profile")
kernel=${KERNEL:-$KERNELS/$kprofile/$(basename "$KIMAGE")}
rootfs=$ROOTFS
amake=
[ "$ARCH" = x86_64 ] || amake=" ARCH=$ARCH"
[ -f "$kernel" ] || die "no kernel for $profile; run 'make kernels$amake PROFILES=$kprofile'"
[ -f "$rootfs" ] || die "no guest image; run 'make rootfs$amake'"
need "$QEMU" timeout tar socat
clock=$(PROG=clock.sh "$TOP/scripts/clock.sh" "$profile") || exit 1

rm -rf "$out"
mkdir -p "$out/results"
out=$(cd "$out" && pwd)
res=$out/results.img
if [ -n "${SCRATCH:-}" ]; then
	[ -f "$SCRATCH" ] || die "SCRATCH=$SCRATCH: no such disk image"
	scratch=$SCRATCH keep_scratch=1
else
	scratch=$out/scratch.img keep_scratch=
	truncate -s "${SCRATCH_MB:-2048}M" "$scratch" ||
		die "cannot create the scratch disk in $out (disk full?)"
fi
truncate -s 64M "$res" || die "cannot create the results disk in $out (disk full?)"
[[ ${POWERCUT:-0} =~ ^[0-9]+(\.[0-9]+)?$ ]] || die "POWERCUT must be a number of seconds, not '$POWERCUT'"

case $clock in
kvm) accel=(-accel kvm -cpu host) ;;
tcg) accel=(-accel tcg,thread=multi -cpu max) ;;
icount) accel=(-accel tcg -cpu max -icount shift=0,sleep=off -rtc clock=vm) ;;
*) die "unknown clock '$clock'; valid clocks: kvm tcg icount" ;;
esac
# arm64: QEMU's virt machine, booted from the Image with a device tree.  Its
# one PL011 UART is the console (QEMU 7.2's virt has no second one for the
# guest), so the guest's second channel is a virtio console there
# (/dev/hvc0, on virtio-mmio: the disks keep their PCI order).
machine=() second=(-serial "file:$out/serial1.log")
if [ "$ARCH" = arm64 ]; then
	machine=(-M virt)
	[ "$clock" != kvm ] || machine=(-M virt,gic-version=host)
	second=(-chardev "file,id=vp1,path=$out/serial1.log" -device virtio-serial-device
		-device virtconsole,chardev=vp1)
fi
qemu=("$QEMU" "${machine[@]}" "${accel[@]}" -smp "$smp" -m "${MEM:-1024}"
	-nographic -no-reboot -kernel "$kernel"
	-append "console=$CONSOLE root=/dev/vda rw init=/vp/init panic=-1 vp.scenario=$script vp.env=${VP_ENV:-} $(profile_boot "$profile") ${APPEND:-}"
	-drive "file=$rootfs,format=raw,if=virtio,snapshot=on"
	-drive "file=$scratch,format=raw,if=virtio,cache=unsafe"
	-drive "file=$res,format=raw,if=virtio"
	-serial mon:stdio "${second[@]}")
# a second monitor, on a socket, for the registers of a boot that hangs
# (a short path: a socket's name has at most 107 bytes)
mon=$(mktemp -u "${TMPDIR:-/tmp}/vp-mon.XXXXXX")
qemu+=(-monitor "unix:$mon,server=on,wait=off")
# PLUGIN: a TCG plugin and its arguments (QEMU's -plugin file=...,ARG=...;
# scripts/profile.sh's instruction counter)
if [ -n "${PLUGIN:-}" ]; then
	[ "$clock" != kvm ] || die "PLUGIN needs TCG (CLOCK=icount or tcg), not kvm"
	qemu+=(-plugin "$PLUGIN")
fi

start=$(date +%s)
if [ -n "${INTERACTIVE:-}" ]; then
	# 'make boot': the console is the terminal, and also kept in console.log
	"${qemu[@]}" 2>&1 | tee "$out/console.log"
	rm -f "$mon"
	exit 0
fi
cleanup() {
	rm -f "$res" "$mon"
	[ -n "$keep_scratch" ] || rm -f "$scratch"
}
qpid= wpid= hpid=
for sig in INT TERM; do
	trap "for w in \$wpid \$hpid; do pkill -P \$w; kill \$w; done 2>/dev/null;
		[ -z \"\$qpid\" ] || { kill \$qpid; wait \$qpid; } 2>/dev/null; cleanup; resignal $sig" $sig
done
timeout --kill-after=10 "$timeout" "${qemu[@]}" </dev/null >"$out/console.log" 2>&1 &
qpid=$!
if [ -n "${POWERCUT:-}" ]; then
	# the power cut: SIGKILL to QEMU (the child of timeout), no warning.
	# The load announces itself on the second serial port (serial1.log).
	(
		until grep -aq 'vp-crash: start' "$out/serial1.log" 2>/dev/null; do
			kill -0 $qpid 2>/dev/null || exit 0
			sleep 0.2
		done
		sleep "$POWERCUT"
		kill -0 $qpid 2>/dev/null || exit 0
		date -u +%FT%T.%NZ >"$out/powercut"
		pkill -KILL -P $qpid
	) &
	wpid=$!
fi
# Before the timeout kills a boot that hangs: where its vCPUs are, twice,
# 5 s apart (a vCPU that spins moves; one that waits does not).
(
	t=$((timeout > 30 ? timeout - 20 : timeout / 2))
	for w in "$t" 5; do
		sleep "$w"
		kill -0 $qpid 2>/dev/null || exit 0
		{
			echo "# $(date -u +%FT%TZ)"
			# the registers, without the monitor's banner, prompts and echo
			echo 'info registers -a' | socat -t 3 - "UNIX-CONNECT:$mon" 2>&1 | tr -d '\r' |
				sed 's/\x1b\[[0-9;]*[A-Za-z]//g; s/(qemu) *//g; /info registers/d; /^QEMU .* monitor/d; /^ *$/d'
		} >>"$out/hang-registers.txt"
	done
) 2>/dev/null &
hpid=$!
# (not a job of this shell, and its stderr closed: killing it below
# reports nothing)
disown $hpid
wait $qpid
rc=$?
[ -z "$wpid" ] || { pkill -P $wpid; kill $wpid; wait $wpid; } 2>/dev/null
{ pkill -P $hpid; kill $hpid; } 2>/dev/null
trap - INT TERM
secs=$(( $(date +%s) - start ))

tar -xf "$res" -C "$out/results" 2>/dev/null
cleanup

# What the console says decides first: a kernel problem is a failed run even
# if the scenario finished.
c=$out/console.log
status=$(console_status "$c")
if [ "$status" != ok ]; then :
elif [ -f "$out/powercut" ]; then status=cut
elif [ $rc -eq 124 ] || [ $rc -eq 137 ]; then status=hang
elif [ ! -f "$out/results/rc" ]; then status=no-results
elif [ "$(cat "$out/results/rc")" != 0 ]; then status=scenario-failed
fi
if [ ! -f "$out/powercut" ] && { [ $rc -eq 124 ] || [ $rc -eq 137 ]; }; then
	# a hang is still a hang even if a message explains it
	[ $status = ok ] || status="hang:$status"
	[ $status = hang:hang ] && status=hang
fi

# A hung boot's vCPUs: each sample's instruction pointer per CPU (x86_64:
# RIP, arm64: PC) and the kernel function it is in (System.map's nearest
# text symbol at or below it; null in user space or without a map).
hang=null
if [ -s "$out/hang-registers.txt" ]; then
	map=$(dirname "$kernel")/System.map
	[ -f "$map" ] || map=/dev/null
	hang=$(awk '
		FNR == NR { if ($2 ~ /^[tTwW]$/) { a[++n] = tolower($1); s[n] = $3 }; next }
		/^# / { sample++ }
		/^CPU#[0-9]+/ { cpu = substr($1, 5) + 0 }
		match($0, /(RIP|^ ?PC)=[0-9a-fA-F]+/) {
			v = substr($0, RSTART, RLENGTH); sub(/.*=/, "", v); v = tolower(sprintf("%16s", v)); gsub(/ /, "0", v)
			lo = 1; hi = n; f = 0
			while (lo <= hi) { m = int((lo + hi) / 2); if (a[m] <= v) { f = m; lo = m + 1 } else hi = m - 1 }
			sym = "null"
			if (f && substr(v, 1, 4) == substr(a[f], 1, 4)) sym = sprintf("\"%s\"", s[f])
			printf "{\"sample\": %d, \"cpu\": %d, \"pc\": \"0x%s\", \"function\": %s}\n", sample, cpu, v, sym
		}' <(sort "$map") "$out/hang-registers.txt" | jq -cs '{samples: .}') || hang=null
fi

# The boot's calibration phases (tools/guest/lib.sh calibrate), if it ran them.
pre=$out/results/calib-pre.json post=$out/results/calib-post.json
[ -s "$pre" ] || pre=/dev/null
[ -s "$post" ] || post=/dev/null
calib=$(jq -c -n --slurpfile pre "$pre" --slurpfile post "$post" --argjson bound "$bound" --arg lane "$lane" '
	def worst($c): if ($c | length) > 0 then $c[0].thread["0"].max else null end;
	if ($pre | length) + ($post | length) == 0 then null
	else {pre_max_us: worst($pre), post_max_us: worst($post),
		floor_us: ([worst($pre), worst($post)] | map(select(. != null)) | max),
		bound_us: $bound} | . + {contaminated: ($lane == "1vcpu" and .floor_us > $bound)} end' 2>/dev/null) || calib=null

jq -n --arg profile "$profile" --arg scenario "$scenario" --arg arch "$ARCH" --arg clock "$clock" \
	--arg lane "$lane" --argjson vcpus "$smp" --argjson calibration "$calib" --argjson hang "$hang" \
	--arg status "$status" --argjson secs "$secs" --argjson qemu_rc "$rc" \
	--arg env "${VP_ENV:-}" --arg host "$(uname -n)" --arg start "$(date -u -d @"$start" +%FT%TZ)" \
	--args '{profile: $profile, scenario: $scenario, arch: $arch, clock: $clock, lane: $lane, vcpus: $vcpus,
		calibration: $calibration, status: $status} + (if $hang then {hang: $hang} else {} end) + {
		wall_secs: $secs, qemu_rc: $qemu_rc, env: $env, start: $start,
		qemu: $ARGS.positional}' -- "${qemu[@]}" >"$out/run.json"
if [ "$status" = ok ] || [ "$status" = cut ]; then
	exit 0
fi
echo "$PROG: $profile/$scenario failed: $status after ${secs}s (console: $c)" >&2
exit 1
