#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/run.sh [--list] [SUITE...] - the test suites, TAP (kselftest style)
# with one plan, one "# Totals:" line and, last, the line "N passed,
# N failed"; exits non-zero on any failure.  The engine is tests/engine.sh
# (what a table line means), the tables are:
#
#   check  tests/check.sh  'make check': no kernel tree, no build, no boot
#          (the C tools and their library, the knobs' validation, the report
#          from a committed run's figures, bench's time left with stub
#          runs); about a minute and a half on 2 cores
#   boot   tests/boot.sh   fetches the tree, applies the series, resolves
#          the defconfigs the series could move with and without it (three
#          minutes), builds ONE
#          slim kernel (TEST_PROFILE, default server: the model this series
#          restores), the guest image, and boots it about forty times under
#          QEMU (the filesystem workloads with their integrity checks, five
#          power cuts, the compile load, a hang, a panic, Ctrl-C, an
#          interrupted build): about 15 minutes on 2 cores with a warm
#          ccache (14 for a clean clone on 2026-12-03), plus the kernel
#          build (about 10 minutes) and the guest image with a cold one.
#          Checks that need another kernel (the PREEMPT_DYNAMIC modes, the
#          debug kernel) run when that kernel has been built ('make kernels
#          PROFILES="upstream-dynamic debug"') and are skipped otherwise.
#
# Without a SUITE both run, check first ('make test').  --list prints the
# plan and the numbered table (suite, description, what each check needs
# and gives) and runs nothing.
set -euo pipefail
cd "$(dirname "$0")/.."
TOP=$(pwd)
export TOP

list=0 suites=()
for a; do
	case $a in
	--list) list=1 ;;
	check | boot) suites+=("$a") ;;
	*) echo "usage: tests/run.sh [--list] [check] [boot]" >&2; exit 2 ;;
	esac
done
[ ${#suites[@]} -gt 0 ] || suites=(check boot)

T=$(mktemp -d /tmp/vp-test.XXXXXX)
# (a check that timed out may leave its small tmpfs mounted: tests/check.sh)
trap 'umount "$T/full" 2>/dev/null || true; rm -rf "$T"' EXIT
export TMPDIR=$T
# shellcheck disable=SC2034 # the test profile, in the tables' commands
P=${TEST_PROFILE:-server}
# the tests pick their clock and architecture themselves; a user's CLOCK
# or ARCH does not leak in
unset ARCH CLOCK BENCH REPEAT SCENARIOS PROFILES VP_ENV KSRC

. tests/engine.sh
trap 'engine_bail "tests/run.sh: reading the tables failed (line $LINENO)"' ERR
for s in check boot; do
	if [[ " ${suites[*]} " = *" $s "* ]]; then
		engine_suite $s tests/$s.sh
	fi
done
trap - ERR
if [ $list = 1 ]; then
	engine_list
else
	engine_run
fi
