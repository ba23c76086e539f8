#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# kernels.sh PROFILE... - build the kernels one after another (never two at
# once: each build uses every core), after checking every name first.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -gt 0 ] || die "no profiles given; valid profiles: $(profiles_all | tr '\n' ' ')"
# Profiles that boot another profile's kernel add that kernel, once.
kernels=()
for p; do
	check_profile "$p"
	k=$(profile_kernel "$p")
	[[ " ${kernels[*]} " == *" $k "* ]] || kernels+=("$k")
done
i=0
for k in "${kernels[@]}"; do
	i=$((i + 1))
	say "kernel $i/${#kernels[@]}: $k"
	PROG=kernel.sh "$TOP/scripts/kernel.sh" "$k"
done
