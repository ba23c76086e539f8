#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# panic: crashes the kernel (sysrq c); the tests use it to check that a
# guest that panics is one failed run, reported as such, and not a hang.
echo "panicking on purpose"
sync
echo c >/proc/sysrq-trigger
