#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# boot.sh PROFILE - boot one kernel with a root shell on the serial console,
# for a person to look around (the scratch disk is /dev/vdb).  Ctrl-a x quits
# QEMU.  CLOCK as for the benchmarks.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 1 ] || die "usage: boot.sh PROFILE"
check_profile "$1"
TIMEOUT=${BOOT_TIMEOUT:-86400} INTERACTIVE=1 exec "$TOP/scripts/run.sh" "$1" shell "$BUILD/boot/$1"
