#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# defconfig.sh ARCH NAME [OUTDIR] - resolve a real-hardware configuration the
# way a user of the patched tree does:
#
#   make x86_64_defconfig NAME.config          (ARCH x86_64)
#   make ARCH=arm64 defconfig NAME.config      (ARCH arm64, cross compiler)
#
# NAME.config is the series' kernel/configs/NAME.config (server, desktop);
# FRAGMENT=/path/x.config resolves another fragment the same way (the
# kernel's %.config rule: merge_config.sh -m, then olddefconfig).  Then
# every line of the fragment is checked against the resolved .config: an
# option set to y/m/value must resolve to exactly that, and one the fragment
# says "is not set" must be absent or not set (and must exist in Kconfig, so
# that a misspelt promise cannot pass).  Any difference is an error naming
# the options, and so is any Kconfig warning on the way (lib.sh
# kconfig_warnings).  Prints the resolved .config's path.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || die "usage: defconfig.sh x86_64|arm64 NAME [OUTDIR]"
arch=$1 name=$2
case $arch in
x86_64) karch=x86 def=x86_64_defconfig cross= ;;
arm64) karch=arm64 def=defconfig cross=aarch64-linux-gnu- ;;
*) die "unknown ARCH '$arch'; valid: x86_64 arm64" ;;
esac
work=${WORK:-$BUILD/linux}
[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
frag=${FRAGMENT:-$work/kernel/configs/$name.config}
[ -f "$frag" ] || die "no fragment $frag (valid names: $(cd "$work/kernel/configs" && ls server.config desktop.config 2>/dev/null | sed 's/\.config$//' | tr '\n' ' '))"
[ -z "$cross" ] || need "${cross}gcc"
need make gcc flex bison
out=${3:-$BUILD/defconfigs/$arch-$name}
mkdir -p "$out"
out=$(cd "$out" && pwd)
lock_shared "$work.lock"

log=$out/defconfig.log
kmake() { env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$work" O="$out" ARCH=$karch CROSS_COMPILE=$cross "$@"; }
{
	kmake "$def" &&
		(cd "$work" && scripts/kconfig/merge_config.sh -m -O "$out" "$out/.config" "$frag") &&
		kmake olddefconfig
} >"$log" 2>&1 || die "$arch $name does not resolve (log: $log):
$(tail -5 "$log" | sed 's/^/    /')"

kconfig_refuse "$log" "$arch $name"

bad=$(grep -E '^(CONFIG_[A-Z0-9_]+=.*|# CONFIG_[A-Z0-9_]+ is not set)$' "$frag" | while read -r line; do
	sym=$(sed -E 's/^# (CONFIG_[A-Z0-9_]+) is not set$/\1/; s/=.*//' <<<"$line")
	got=$(grep -E "^($sym=|# $sym is not set$)" "$out/.config" || true)
	case $line in
	"# "*)
		grep -rqE "^(menu)?config ${sym#CONFIG_}\$" --include='Kconfig*' "$work" ||
			{ echo "$sym (no such option in Kconfig)"; continue; }
		[ -z "$got" ] || [ "$got" = "$line" ] || echo "$sym (wanted not set, resolved ${got#*=})" ;;
	*) [ "$got" = "$line" ] || echo "$sym (wanted ${line#*=}, resolved ${got:-not set})" ;;
	esac
done)
[ -z "$bad" ] || die "$arch $name: the resolved .config breaks the fragment's promises ($frag):
$(echo "$bad" | sed 's/^/    /')"
echo "$out/.config"
