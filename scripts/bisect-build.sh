#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# bisect-build.sh - check that every patch of the series builds on its own:
# for each prefix of the series (patch 1, patches 1-2, ...) make a work tree
# with exactly that prefix applied and build a slim kernel from it.  The
# profile is PROFILE (default server) where that prefix can resolve it, and
# upstream-lazy before the patch that makes it selectable (a prefix that
# cannot offer the model still has to build).  With a warm ccache each
# step rebuilds only what its patch touched.
#
# Trees and kernels: $BUILD/bisect/ ($BUILD/bisect-arm64/ for ARCH=arm64).
# Output: one line per prefix, and
# bisect.json there, with the architecture.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

want=${PROFILE:-server}
check_profile "$want"
series=$TOP/series
mapfile -t all < <(series_patches "$series")
[ ${#all[@]} -gt 0 ] || die "the series is empty"
dir=$BUILD/bisect$ASFX
mkdir -p "$dir"
results=()
start=$(date +%s)
for i in $(seq 1 ${#all[@]}); do
	printf '%s\n' "${all[@]:0:$i}" >"$dir/series-$i"
	p=${all[$((i - 1))]}
	say "[$i/${#all[@]}] $p (elapsed $(elapsed "$start"))"
	SERIES=$dir/series-$i WORK=$dir/linux PROG=patch.sh "$TOP/scripts/patch.sh"
	profile=$want
	if ! WORK=$dir/linux PROG=config.sh "$TOP/scripts/config.sh" "$want" "$dir/cfg-$i" >/dev/null 2>&1; then
		profile=upstream-lazy
		say "$want does not resolve before this patch; building $profile"
	fi
	t0=$(date +%s)
	if WORK=$dir/linux OUT=$dir/kernel-$profile PROG=kernel.sh "$TOP/scripts/kernel.sh" "$profile"; then
		status=ok
	else
		status=failed
	fi
	results+=("$(jq -cn --argjson n "$i" --arg patch "$p" --arg profile "$profile" --arg status "$status" --arg arch "$ARCH" \
		--argjson secs $(( $(date +%s) - t0 )) '{arch: $arch, n: $n, patch: $patch, profile: $profile, status: $status, build_secs: $secs}')")
	echo "$i $p $profile $status"
	[ $status = ok ] || break
done
printf '%s\n' "${results[@]}" | jq -s '.' >"$dir/bisect.json"
! grep -q '"status":"failed"' <<<"${results[*]}" || die "a prefix of the series does not build (see above; $dir/bisect.json)"
say "every prefix of the series builds ($dir/bisect.json)"
