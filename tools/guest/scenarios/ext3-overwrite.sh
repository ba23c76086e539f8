#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ext3-overwrite: scheduling latency while a large file on an ext3-format
# filesystem is overwritten in place and fsynced.  Its blocks stay
# allocated, so what runs is the writeback of SIZE_MB of dirty page cache
# (ext4_writepages() on the indirect-block format) and, with
# MOUNT_OPTS=data=journal, the journalling of every data block by jbd2:
# the overwrite-and-fsync pattern of databases.  The file is written and
# synced before the measurement; the overwrite runs pinned to CPU beside
# cyclictest.
#
# Knobs (vp.env): SIZE_MB=400, MOUNT_OPTS, MKFS_OPTS (-b1024: the 2004
# ext3 layout), and those of lib.sh
set -e
. /vp/lib.sh
knobs SIZE_MB=400

fs_mount ext3 "${MOUNT_OPTS:-}"
vp-fsload --json=$OUT/fill.json --size=$SIZE_MB fill /mnt/big
sync

lat_start
vp-fsload --cpu=$CPU --json=$OUT/load.json --size=$SIZE_MB overwrite /mnt/big
lat_stop
fs_finish
