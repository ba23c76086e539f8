#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# config.sh PROFILE [OUTDIR] - resolve the .config of one profile: the slim
# guest base of ARCH (configs/guest-base.config, or guest-base-arm64.config
# for ARCH=arm64) + configs/profiles/PROFILE.config,
# merged with the kernel's own scripts/kconfig/merge_config.sh on top of
# allnoconfig, in strict mode.  An option that a fragment asks for but the
# resolved .config lacks is an error that names the option, and so is any
# Kconfig warning (lib.sh kconfig_warnings: e.g. an unmet dependency).
#
# BASE=/path/frag.config replaces the base fragment.  ARCH (x86_64, arm64)
# picks the architecture (lib.sh: the kernel's ARCH and CROSS_COMPILE, which
# merge_config.sh's own make calls read from the environment).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: config.sh PROFILE [OUTDIR]"
profile=$(profile_kernel "$1")
out=${2:-$KERNELS/$profile}
work=$(work_for_profile "$profile")
make_variant_tree "$profile"
base=${BASE:-$GUEST_BASE}
[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
# hold the work tree (shared; kernel.sh already does) so that 'make patch'
# cannot replace it while merge_config.sh reads it
lock_shared "$work.lock"

mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/config.log
rc=0
(cd "$work" && export "${KMAKE[@]}" && scripts/kconfig/merge_config.sh -n -s -O "$out" \
	"$base" "$TOP/configs/profiles/$profile.config") >"$log" 2>&1 || rc=$?
kconfig_refuse "$log" "profile $profile ($ARCH)"
if [ $rc -ne 0 ]; then
	bad=$(grep -E '^(WARNING: Value requested for|WARNING: CONFIG_.* differs|Value of .* is redefined)' "$log" |
		sed -E 's/^WARNING: Value requested for ([A-Z0-9_]+).*/\1 (requested, not in the resolved .config)/;
			s/^WARNING: (CONFIG_[A-Z0-9_]+) differs.*/\1 (resolved to another value)/;
			s/^Value of (CONFIG_[A-Z0-9_]+) is redefined.*/\1 (set by both fragments)/' | sort -u)
	[ -n "$bad" ] || bad=$(tail -5 "$log")
	die "profile $profile does not resolve for $ARCH (full log: $log):
$(echo "$bad" | sed 's/^/    /')"
fi
echo "$out/.config"
