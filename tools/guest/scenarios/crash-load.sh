#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# crash-load: the journal-heavy load that 'make reliability' cuts the power
# under (scripts/powercut.sh).  A fresh ext3-format filesystem on the
# scratch disk (FS=ext4: the bench's ext4, extents and delayed allocation),
# mounted by ext4 with MOUNT_OPTS (data=ordered by default, or
# data=journal), and vp-crash's mix of fsynced creates, big files (indirect
# blocks on the ext3 format, extents streamed through writeback on ext4), create storms ended by syncfs, truncates and unlinks in
# /mnt/crash.  Every state that fsync made durable is announced on the
# guest's second serial port, /dev/ttyS1 (arm64: the virtio console
# /dev/hvc0, QEMU's virt machine having one UART) ("vp-crash: ack ..."),
# which the host keeps as serial1.log; the next boot (crash-check) must find
# every announced state on the disk.
#
# Knobs (vp.env): SEED=1, OPS=0 (run until the power is cut), MAX_FILES=300,
# BIG_MB=8, FS=ext3, MOUNT_OPTS, MKFS_OPTS
set -e
. /vp/lib.sh
ack=/dev/ttyS1
[ "$(uname -m)" != aarch64 ] || ack=/dev/hvc0
case ${FS:=ext3} in
ext3 | ext4) ;;
*) echo "crash-load: unknown FS '$FS' (ext3 ext4)"; exit 2 ;;
esac
CANARY_FILES=0 fs_mount "$FS" "${MOUNT_OPTS:-}"
mkdir /mnt/crash
sync
vp-crash --seed="${SEED:-1}" --ops="${OPS:-0}" --max-files="${MAX_FILES:-300}" \
	--big-mb="${BIG_MB:-8}" --log=$ack load /mnt/crash
# reached only with OPS set: a load that ended without a cut
vp-crash verify /mnt/crash >$OUT/manifest.txt
fs_finish
