#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# crash-check: the boot after a power cut (scripts/powercut.sh).  Mounts the
# scratch disk as crash-load left it, so that the kernel replays the
# journal, lists every file of /mnt/crash with its size and whether its
# bytes are vp-crash's pattern ($OUT/manifest.txt, judged on the host
# against the acks of the cut boot), unmounts, and runs e2fsck -fn.
# $OUT/mount.txt (lib.sh mount_record): the mount and the filesystem's
# features (which format the cut boot made).
#
# Knobs (vp.env): MOUNT_OPTS, FS (as for crash-load)
set -e
. /vp/lib.sh
mkdir -p /mnt
mount -t ext4 ${MOUNT_OPTS:+-o "$MOUNT_OPTS"} /dev/vdb /mnt
mount_record
dmesg | grep -E 'EXT4-fs|jbd2' >$OUT/mount-dmesg.txt || true
vp-crash verify /mnt/crash >$OUT/manifest.txt
echo "files: $(wc -l <$OUT/manifest.txt)"
FS_TYPE=${FS:-ext3}
: >$OUT/canary.sha256
fs_finish
