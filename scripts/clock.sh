#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# clock.sh [PROFILE] - resolve CLOCK (auto|kvm|tcg|icount) to the clock runs
# use, and print it.  'auto' is kvm only when a probe boot with -accel kvm of
# the PROFILE kernel actually reaches init and comes back (a /dev/kvm that
# exists is not enough: Documentation/method.rst, "Clocks"), and icount
# otherwise.  The probe's answer is kept in $BUILD/clock-probe for an hour
# (clock-probe-arm64 for ARCH=arm64).  KVM runs a guest of the host's own architecture only: an
# arm64 guest on an x86_64 host is emulated (icount or tcg).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

clock=${CLOCK:-auto}
case $clock in
kvm)
	[ "$(uname -m)" = "$HOST_ARCH" ] ||
		die "CLOCK=kvm cannot run an $ARCH guest on this $(uname -m) host; use CLOCK=icount or tcg"
	echo kvm; exit 0 ;;
tcg | icount) echo "$clock"; exit 0 ;;
auto) ;;
*) die "unknown CLOCK '$clock'; valid: auto kvm tcg icount" ;;
esac

probe=$BUILD/clock-probe$ASFX
if [ -f "$probe" ] && [ -n "$(find "$probe" -mmin -60)" ]; then
	cat "$probe"
	exit 0
fi
answer=icount
if [ -r /dev/kvm ] && [ -w /dev/kvm ] && [ "$(uname -m)" = "$HOST_ARCH" ]; then
	say "probing KVM with a test boot"
	if CLOCK=kvm TIMEOUT=60 PROG=kvm-probe "$TOP/scripts/run.sh" "${1:-upstream-lazy}" probe \
		"$BUILD/kvm-probe$ASFX" >/dev/null 2>&1; then
		answer=kvm
	else
		say "KVM does not work here ($(jq -r .status "$BUILD/kvm-probe$ASFX/run.json" 2>/dev/null)); using the icount clock"
	fi
fi
mkdir -p "$BUILD"
echo $answer >"$probe"
echo $answer
