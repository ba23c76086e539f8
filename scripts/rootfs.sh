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
# The compile load (scenario compile): gcc and make in the guest, and the
# source of a real C project: Lua, from Debian's lua5.4 source package.
pkgs=$pkgs,gcc,make,libc6-dev
src_pkg=lua5.4
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

# the compile load's source, fetched once (apt-get source, through a private
# apt configuration with a deb-src line for the host's mirror and suite)
srcdir=$CACHE/src
src=$(ls "$srcdir/$src_pkg"_*.orig.tar.* 2>/dev/null | tail -1 || true)
if [ -z "$src" ]; then
	need apt-get
	apt=$CACHE/apt-src
	apt_private "$apt" "deb-src $(debian_mirror) $suite main"
	say "fetching the source of $src_pkg (the compile load) from $suite"
	apt-get -q "${APTOPT[@]}" update >&2 || die "apt-get update of the $suite sources failed (see above)"
	(cd "$apt/dl" && apt-get -q "${APTOPT[@]}" source --download-only "$src_pkg" >&2) ||
		die "could not download the source of $src_pkg from $suite"
	mkdir -p "$srcdir"
	for f in "$apt/dl/$src_pkg"_*.orig.tar.*; do mv "$f" "$srcdir/"; done
	rm -rf "$apt"
	src=$(ls "$srcdir/$src_pkg"_*.orig.tar.* | tail -1)
fi

say "building guest tools"
make -s -C "$TOP/tools" >&2

# rtla from the 7.3 tree's tools/tracing/rtla (Debian's rtla is older than
# the kernel it would trace), built once per tree against the host's
# libtracefs; the guest has the same Debian libraries (its rtla package
# depends on them).  Its /usr/local/bin/rtla comes first in PATH.
need pkg-config
ktree=$(PROG=tree.sh "$TOP/scripts/tree.sh") || exit 1
rtla=$CACHE/rtla-$(echo "$ktree" | sha256sum | cut -c1-12)
if [ ! -x "$rtla/rtla" ]; then
	say "building rtla from $ktree/tools/tracing/rtla"
	rm -rf "$rtla.part"
	mkdir -p "$rtla.part"
	cp -a "$ktree/tools" "$rtla.part/"
	chmod -R u+w "$rtla.part"
	make -s -C "$rtla.part/tools/tracing/rtla" >"$rtla.part/build.log" 2>&1 ||
		{ tail -20 "$rtla.part/build.log" >&2; die "rtla failed to build (log: $rtla.part/build.log)"; }
	mkdir -p "$rtla"
	cp "$rtla.part/tools/tracing/rtla/rtla" "$rtla/"
	rm -rf "$rtla.part"
fi

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
mkdir -p "$tree/vp/src"
cp "$src" "$tree/vp/src/"
make -s -C "$TOP/tools" DESTDIR="$tree" install >&2
install -m 755 "$rtla/rtla" "$tree/usr/local/bin/rtla"
rm -f "$img.part"
# the guest runs with snapshot=on: the image is never written by a boot
mkfs.ext4 -q -F -L vp-root -d "$tree" "$img.part" 1536M
rm -rf "$tree"
mv "$img.part" "$img"
say "guest image ready: $img"
