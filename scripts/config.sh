#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# config.sh PROFILE [OUTDIR] - resolve the .config of one profile: the slim
# guest base (configs/guest-base.config) + configs/profiles/PROFILE.config,
# merged with the kernel's own scripts/kconfig/merge_config.sh on top of
# allnoconfig, in strict mode.  An option that a fragment asks for but the
# resolved .config lacks is an error that names the option, and so is any
# Kconfig warning (lib.sh kconfig_warnings: e.g. an unmet dependency).
#
# BASE=/path/frag.config replaces the base fragment; ARCH is passed through.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 1 ] || die "usage: config.sh PROFILE [OUTDIR]"
profile=$1
check_profile "$profile"
profile=$(profile_kernel "$profile")
out=${2:-$BUILD/kernels/$profile}
work=$(work_for_profile "$profile")
make_variant_tree "$profile"
base=${BASE:-$TOP/configs/guest-base.config}
[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
# hold the work tree (shared; kernel.sh already does) so that 'make patch'
# cannot replace it while merge_config.sh reads it
lock_shared "$work.lock"

mkdir -p "$out"
out=$(cd "$out" && pwd)
log=$out/config.log
rc=0
(cd "$work" && scripts/kconfig/merge_config.sh -n -s -O "$out" \
	"$base" "$TOP/configs/profiles/$profile.config") >"$log" 2>&1 || rc=$?
kconfig_refuse "$log" "profile $profile"
if [ $rc -ne 0 ]; then
	bad=$(grep -E '^(WARNING: Value requested for|WARNING: CONFIG_.* differs|Value of .* is redefined)' "$log" |
		sed -E 's/^WARNING: Value requested for ([A-Z0-9_]+).*/\1 (requested, not in the resolved .config)/;
			s/^WARNING: (CONFIG_[A-Z0-9_]+) differs.*/\1 (resolved to another value)/;
			s/^Value of (CONFIG_[A-Z0-9_]+) is redefined.*/\1 (set by both fragments)/' | sort -u)
	[ -n "$bad" ] || bad=$(tail -5 "$log")
	die "profile $profile does not resolve (full log: $log):
$(echo "$bad" | sed 's/^/    /')"
fi
echo "$out/.config"
