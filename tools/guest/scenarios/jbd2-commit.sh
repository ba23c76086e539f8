#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# jbd2-commit: scheduling latency while jbd2 commits transactions with many
# metadata buffers.  On ext4 with a long commit interval (MOUNT_OPTS,
# default commit=60) FILES empty files are created, chmod'ed and unlinked;
# each phase ends in syncfs, which commits everything the phase dirtied in
# one transaction.  With a small journal (MKFS_OPTS="-J size=4") the same
# load also forces checkpointing.
#
# Knobs (vp.env): FILES=20000 PER_DIR=1000 MOUNT_OPTS=commit=60 MKFS_OPTS,
# and those of lib.sh
set -e
. /vp/lib.sh
knobs FILES=20000 PER_DIR=1000

fs_mount ext4 "${MOUNT_OPTS:-commit=60}"
mkdir /mnt/meta
lat_start
t0=$(now_us)
taskset -c "$CPU" vp-fsload --json=$OUT/create.json --files=$FILES --file-size=0 --per-dir=$PER_DIR mkfiles /mnt/meta
t1=$(now_us)
taskset -c "$CPU" chmod -R g+w /mnt/meta
taskset -c "$CPU" sync -f /mnt/meta
t2=$(now_us)
taskset -c "$CPU" vp-fsload --json=$OUT/unlink.json rmfiles /mnt/meta
t3=$(now_us)
lat_stop
load_json jbd2-commit usecs=$((t3 - t0)) create_us=$((t1 - t0)) chmod_us=$((t2 - t1)) unlink_us=$((t3 - t2)) \
	files_per_s=$((FILES * 3 * 1000000 / (t3 - t0)))
fs_finish
