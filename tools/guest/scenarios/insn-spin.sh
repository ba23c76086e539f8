#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# insn-spin: the instruction profiler's known answer (scripts/profile.sh,
# tests/boot.sh).  vp-insnmark marks, runs SPIN iterations of a loop of
# two instructions in vp_insnmark_spin(), and marks again: the profiler
# must find 2 x SPIN instructions in that function.  No latency
# measurement (the load is the loop alone).
#
# Knobs (vp.env): SPIN=10000000
set -e
. /vp/lib.sh
knobs SPIN=10000000
vp-insnmark --spin="$SPIN" --json=$OUT/insnmark.json
load_json insn-spin spin_iterations="$SPIN" spin_insns=$((2 * SPIN))
