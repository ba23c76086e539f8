#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# ext3-truncate: scheduling latency while a large ext3-format file is
# truncated (Documentation/method.rst; the 2004 ext3_free_branches case, today
# fs/ext4/indirect.c).
#
# mkfs.ext3 on the scratch disk (/dev/vdb), mounted by the ext4 driver; a
# SIZE_MB file written and synced; then 'truncate to 0' pinned to CPU while
# cyclictest runs on the same CPU (see lib.sh for its knobs).
#
# With COLD=1 the page cache is dropped before the truncate and only the
# indirect blocks are read back (filefrag): the truncate then does no
# page-cache work and no I/O, and what is left is ext4_free_branches()
# walking the block pointers, the 2004 ext3 case in its pure form.
#
# MOUNT_OPTS=data=journal (or data=ordered, the default) makes it the
# revoke-heavy jbd2 case: the freed indirect blocks are metadata, revoked
# in the journal.
#
# Knobs (vp.env): SIZE_MB=400, COLD=0, MOUNT_OPTS, and those of lib.sh
set -e
. /vp/lib.sh
knobs SIZE_MB=400 COLD=0

fs_mount ext3 "${MOUNT_OPTS:-}"
vp-fsload --json=$OUT/fill.json --size=$SIZE_MB fill /mnt/big
sync
if [ "$COLD" = 1 ]; then
	echo 3 >/proc/sys/vm/drop_caches
	filefrag /mnt/big
fi

lat_start
vp-fsload --cpu=$CPU --json=$OUT/load.json truncate /mnt/big
lat_stop
fs_finish
