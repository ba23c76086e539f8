#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernel.sh PROFILE - build one slim guest kernel out of tree in
# $BUILD/kernels/PROFILE (ARCH=arm64: $BUILD/kernels-arm64/PROFILE, cross-
# compiled), or OUT=dir (bzImage or Image, vmlinux, the resolved .config
# and build.log).  The build is skipped when its inputs (series, fragments)
# are unchanged since the last successful build.  ccache is used when
# present.  BASE=fragment replaces the guest base fragment (config.sh).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: kernel.sh PROFILE"
profile=$1
k=$(profile_kernel "$profile")
[ "$k" = "$profile" ] || exec "$0" "$k"
need make gcc flex bison bc
[ -z "$CROSS" ] || need "${CROSS}gcc"
image=$(basename "$KIMAGE")
if [ -n "${OUT:-}" ]; then
	out=$(realpath -m "$OUT")
else
	out=$(kernel_out "$profile")
fi
work=$(work_for_profile "$profile")
make_variant_tree "$profile"
lock "$BUILD/kernels/.lock"
# hold the work tree (shared) so that 'make patch' cannot replace it mid-build
[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
lock_shared "$work.lock"

key=$(cat "$work/.vp-series" "${BASE:-$GUEST_BASE}" \
	"$TOP/configs/profiles/$profile.config" 2>/dev/null | sha256sum | cut -c1-16)
if [ -f "$out/$image" ] && [ "$(cat "$out/.vp-key" 2>/dev/null)" = "$key" ]; then
	say "kernel $profile is up to date ($out/$image)"
	exit 0
fi
rm -f "$out/.vp-key" "$out/$image"

"$TOP/scripts/config.sh" "$profile" "$out" >/dev/null

cc=${CROSS}gcc
if command -v ccache >/dev/null 2>&1; then
	export CCACHE_DIR=${CCACHE_DIR:-$CACHE/ccache}
	# the real path: make hands the compiler resolved paths, and a
	# BASEDIR behind a symlink would match none of them (no hits)
	CCACHE_BASEDIR=$(cd "$work" && pwd -P)
	export CCACHE_BASEDIR
	export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-5G}
	export CCACHE_NOHASHDIR=1
	# The prefix map only makes __FILE__ relative; ignoring it lets work
	# trees at other paths (a fresh clone, the without-fs tree) share hits.
	export CCACHE_IGNOREOPTIONS='-fmacro-prefix-map=*'
	cc="ccache $cc"
fi
jobs=${JOBS:-$(nproc)}
say "building kernel $profile for $ARCH (make -j$jobs, CC='$cc'); log: $out/build.log"
start=$(date +%s)
# a calling 'make -s' must not silence the kernel build: its log is the progress
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -C "$work" O="$out" "${KMAKE[@]}" -j"$jobs" CC="$cc" \
	KBUILD_BUILD_USER=vp KBUILD_BUILD_HOST=vp "$image" >"$out/build.log" 2>&1 &
pid=$!
for sig in INT TERM; do
	trap "set +e; kill \$pid 2>/dev/null; wait \$pid 2>/dev/null; resignal $sig" $sig
done
while kill -0 $pid 2>/dev/null; do
	sleep 15
	n=$(grep -c -E '^  (CC|AS|LD|AR)' "$out/build.log" || true)
	printf '    %s  %-18s %6s objects  %s\n' "$(elapsed "$start")" "$profile" "$n" \
		"$(tail -1 "$out/build.log" | cut -c1-60)" >&2
done
if ! wait $pid; then
	grep -E -B2 -A3 'error|Error' "$out/build.log" | tail -30 >&2
	die "kernel $profile failed to build after $(elapsed "$start") (log: $out/build.log)"
fi
cp "$out/$KIMAGE" "$out/$image"
echo "$key" >"$out/.vp-key"
say "kernel $profile built in $(elapsed "$start"): $out/$image ($(make -s -C "$work" O="$out" "${KMAKE[@]}" kernelrelease))"
