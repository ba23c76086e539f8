#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# fs-damage: the integrity check's own test.  Mounts a filesystem the way
# every fs workload does (fs_mount writes the canary), damages it on
# purpose, and ends with fs_finish, which must catch it and fail the run:
#   DAMAGE=canary   one byte of a canary file changed (through the fs)
#   DAMAGE=bitmap   a block of a canary file marked free in the block bitmap
#                   behind the filesystem's back (debugfs -w, unmounted):
#                   e2fsck -fn must report it
set -e
. /vp/lib.sh
fs_mount ext3
case ${DAMAGE:-canary} in
canary)
	# the byte at 4096, inverted: a change whatever it was
	b=$(dd if=/mnt/vp-canary/3 bs=1 skip=4096 count=1 status=none | od -An -tu1 | tr -d ' ')
	printf "\\$(printf %03o $((b ^ 255)))" |
		dd of=/mnt/vp-canary/3 bs=1 seek=4096 conv=notrunc,fsync status=none ;;
bitmap)
	blk=$(filefrag -v /mnt/vp-canary/3 | awk '$1 == "0:" { sub(/\.\..*/, "", $4); print $4 }')
	umount /mnt
	debugfs -w -R "freeb $blk" /dev/vdb
	mount -t ext4 /dev/vdb /mnt ;;
*) echo "unknown DAMAGE '$DAMAGE'; valid: canary bitmap"; exit 2 ;;
esac
fs_finish
