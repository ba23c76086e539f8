#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ext3-sparse: scheduling latency while a large sparse ext3-format file is
# truncated: one 4 KiB block every STRIDE_KB up to SIZE_MB, so the truncate
# walks many indirect blocks that are mostly holes (ext4_free_branches()
# and ext4_free_data() over sparse block maps).
#
# Knobs (vp.env): SIZE_MB=4096 STRIDE_KB=64 MOUNT_OPTS, and those of lib.sh
set -e
. /vp/lib.sh
knobs SIZE_MB=4096 STRIDE_KB=64

fs_mount ext3 "${MOUNT_OPTS:-}"
vp-fsload --json=$OUT/sparse.json --size=$SIZE_MB --stride=$STRIDE_KB sparse /mnt/sparse
sync

lat_start
vp-fsload --cpu=$CPU --json=$OUT/load.json truncate /mnt/sparse
lat_stop
fs_finish
