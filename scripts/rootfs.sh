#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rootfs.sh - the guest disk image $BUILD/rootfs.img: a minimal Debian
# (mmdebstrap --variant=minbase, the host's suite and mirror) with the
# benchmark tools, plus this project's guest init, scenarios and C tools,
# made into an ext4 image with 'mkfs.ext4 -d' (no loop mounts).  The Debian
# part is cached in $CACHE by its package list; the project's files are laid
# on top every time (a few seconds).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need mmdebstrap mkfs.ext4 make gcc
# What the scenarios run in the guest.
pkgs=rt-tests,stress-ng,fio,dbench,e2fsprogs,dosfstools,trace-cmd,rtla,procps,util-linux,kmod,psmisc
suite=${SUITE:-$(debian_suite)}
key=$(echo "$suite $pkgs" | sha256sum | cut -c1-12)
base=$CACHE/rootfs-$suite-$key

lock "$CACHE/rootfs.lock"
if [ ! -f "$base/.vp-done" ]; then
	[ "$(id -u)" = 0 ] || die "building the Debian guest tree needs root (mmdebstrap); run as root"
	rm -rf "$base.part"
	say "mmdebstrap $suite minbase + $pkgs (about a minute)"
	mmdebstrap --variant=minbase --include="$pkgs" \
		--dpkgopt='path-exclude=/usr/share/{doc,man,locale,info}/*' \
		"$suite" "$base.part" "$(debian_mirror)" >&2 ||
		die "mmdebstrap failed (see above)"
	touch "$base.part/.vp-done"
	mv "$base.part" "$base"
fi

say "building guest tools"
make -s -C "$TOP/tools" >&2

img=$BUILD/rootfs.img
tree=$BUILD/rootfs.d
rm -rf "$tree"
mkdir -p "$BUILD"
cp -al "$base" "$tree"
rm -f "$tree/.vp-done"
rm -rf "$tree/vp"
mkdir -p "$tree/vp/scenarios" "$tree/usr/local/bin"
install -m 755 "$TOP/tools/guest/init" "$tree/vp/init"
install -m 644 "$TOP/tools/guest/lib.sh" "$tree/vp/lib.sh"
install -m 755 "$TOP"/tools/guest/scenarios/*.sh "$tree/vp/scenarios/"
make -s -C "$TOP/tools" DESTDIR="$tree" install >&2
rm -f "$img.part"
# the guest runs with snapshot=on: the image is never written by a boot
mkfs.ext4 -q -F -L vp-root -d "$tree" "$img.part" 1536M
rm -rf "$tree"
mv "$img.part" "$img"
say "guest image ready: $img"
