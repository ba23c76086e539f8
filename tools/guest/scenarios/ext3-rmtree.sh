#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ext3-rmtree: scheduling latency while a tree of many files on an
# ext3-format filesystem is removed ('rm -r' through vp-fsload rmfiles,
# then syncfs): inode and block freeing, orphan handling and the jbd2
# commit of the whole unlink storm.  The tree (FILES files of FILE_SIZE
# bytes, PER_DIR per directory) is created and synced before the
# measurement.
#
# Knobs (vp.env): FILES=20000 FILE_SIZE=16384 PER_DIR=500 MOUNT_OPTS, and
# those of lib.sh
set -e
. /vp/lib.sh
knobs FILES=20000 FILE_SIZE=16384 PER_DIR=500

fs_mount ext3 "${MOUNT_OPTS:-}"
mkdir /mnt/tree
vp-fsload --json=$OUT/mkfiles.json --files=$FILES --file-size=$FILE_SIZE --per-dir=$PER_DIR mkfiles /mnt/tree
sync

lat_start
vp-fsload --cpu=$CPU --json=$OUT/load.json rmfiles /mnt/tree
lat_stop
fs_finish
