#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# rootfs.sh - the guest disk image $BUILD/rootfs.img: a minimal Debian
# (mmdebstrap --variant=minbase, the host's suite and mirror) with the
# benchmark tools, plus this project's guest init, scenarios and C tools,
# made into an ext4 image with 'mkfs.ext4 -d' (no loop mounts).  The Debian
# part is cached in $CACHE by its package list; the project's files are laid
# on top every time (a few seconds).
#
# ARCH=arm64: $BUILD/rootfs-arm64.img, the same Debian packages for arm64
# (mmdebstrap --architectures=arm64: the packages' scripts run under
# qemu-user through binfmt_misc, which this script registers if it can),
# the C tools cross-compiled static (aarch64-linux-gnu-gcc).  It has no rtla
# of the 7.3 tree yet (that needs libtracefs for arm64 on the host), so
# TIMERLAT is refused on arm64 (lib.sh check_env_arch).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need mmdebstrap mkfs.ext4 make gcc
[ -z "$CROSS" ] || need "${CROSS}gcc" arch-test
# What the scenarios run in the guest.
pkgs=rt-tests,stress-ng,fio,dbench,e2fsprogs,dosfstools,trace-cmd,rtla,procps,util-linux,kmod,psmisc
# The server loads: PostgreSQL (pgbench), perf bench, and iproute2 for the
# loopback device tbench talks over.
pkgs=$pkgs,postgresql,linux-perf,iproute2
# The compile load (scenario compile): gcc and make in the guest, and the
# source of a real C project: Lua, from Debian's lua5.4 source package.
pkgs=$pkgs,gcc,make,libc6-dev
# The readahead stress (scenario readahead-stress): a squashfs image, whose
# ->readahead expands the request.
pkgs=$pkgs,squashfs-tools
src_pkg=lua5.4
suite=${SUITE:-$(debian_suite)}
key=$(echo "$suite $pkgs" | sha256sum | cut -c1-12)
base=$CACHE/rootfs-$suite$ASFX-$key
# foreign: can the host run the guest's binaries (qemu-user through
# binfmt_misc)?  If not, mount binfmt_misc and enable qemu-aarch64 (both
# from 'make deps': qemu-user-static, binfmt-support), then ask again.
foreign_ok() {
	arch-test "$DEB_ARCH" >/dev/null 2>&1 && return 0
	say "registering qemu-user for $DEB_ARCH binaries (binfmt_misc)"
	[ -e /proc/sys/fs/binfmt_misc/register ] ||
		mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc >&2 || true
	update-binfmts --enable "qemu-${HOST_ARCH}" >&2 || true
	arch-test "$DEB_ARCH" >/dev/null 2>&1
}

lock "$CACHE/rootfs.lock"
if [ ! -f "$base/.vp-done" ]; then
	[ "$(id -u)" = 0 ] || die "building the Debian guest tree needs root (mmdebstrap); run as root"
	[ "$DEB_ARCH" = "$(dpkg --print-architecture)" ] || foreign_ok ||
		die "this host cannot run $DEB_ARCH binaries, which mmdebstrap needs for the guest tree: 'make deps' installs qemu-user-static and binfmt-support; binfmt_misc must be mountable"
	rm -rf "$base.part"
	say "mmdebstrap $suite $DEB_ARCH minbase + $pkgs (about a minute natively, several under qemu-user)"
	mmdebstrap --variant=minbase --architectures="$DEB_ARCH" --include="$pkgs" \
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

# the C tools: the host's build for x86_64 guests; for another
# architecture a static cross build in a copy (tools/ keeps the host's)
tools=$TOP/tools
if [ -n "$CROSS" ]; then
	tools=$BUILD/tools$ASFX
	mkdir -p "$tools"
	cp "$TOP"/tools/Makefile "$TOP"/tools/*.[ch] "$tools/"
	say "building guest tools for $ARCH (static, ${CROSS}gcc)"
	make -s -C "$tools" STATIC=1 CC="${CROSS}gcc" >&2
else
	say "building guest tools"
	make -s -C "$tools" >&2
fi

# rtla from the 7.3 tree's tools/tracing/rtla (Debian's rtla is older than
# the kernel it would trace), built once per tree against the host's
# libtracefs; the guest has the same Debian libraries (its rtla package
# depends on them).  Its /usr/local/bin/rtla comes first in PATH.  A
# cross-built guest has none (arm64: not yet).
rtla=
if [ -z "$CROSS" ]; then
	need pkg-config
	ktree=$(PROG=tree.sh "$TOP/scripts/tree.sh") || exit 1
	rtla=$CACHE/rtla-$(echo "$ktree" | sha256sum | cut -c1-12)
fi
if [ -n "$rtla" ] && [ ! -x "$rtla/rtla" ]; then
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

img=$ROOTFS
tree=$BUILD/rootfs$ASFX.d
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
make -s -C "$tools" DESTDIR="$tree" install ${CROSS:+STATIC=1 CC="${CROSS}gcc"} >&2
[ -z "$rtla" ] || install -m 755 "$rtla/rtla" "$tree/usr/local/bin/rtla"
rm -f "$img.part"
# the guest runs with snapshot=on: the image is never written by a boot
mkfs.ext4 -q -F -L vp-root -d "$tree" "$img.part" 1536M
rm -rf "$tree"
mv "$img.part" "$img"
say "guest image ready: $img"
