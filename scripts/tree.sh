#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tree.sh - print the path of the pristine Linux 7.3 tree, fetching it first
# if needed.
#
# KSRC=/path uses a tree of the user's own (checked to be 7.3).  Otherwise the
# tree is Debian's linux-source-7.3 package, pinned by version and sha256,
# fetched through a private apt configuration that adds the suite it lives in
# to the mirror the machine already uses, and unpacked once into $CACHE.  An
# interrupted download or unpack leaves only *.part files that the next run
# removes.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

if [ -n "${KSRC:-}" ]; then
	[ -d "$KSRC" ] || die "KSRC=$KSRC: no such directory"
	check_tree_version "$KSRC"
	cd "$KSRC" && pwd
	exit 0
fi

pristine=$CACHE/linux-${LINUX_DEB_VERSION%%-*}-debian
if [ -f "$pristine/.vp-pristine" ]; then
	echo "$pristine"
	exit 0
fi

need apt-get dpkg-deb sha256sum tar xz
lock "$CACHE/tree.lock"
[ -f "$pristine/.vp-pristine" ] && { echo "$pristine"; exit 0; }

deb=$CACHE/${LINUX_DEB_PKG}_${LINUX_DEB_VERSION}_all.deb
if [ ! -f "$deb" ] || ! echo "$LINUX_DEB_SHA256  $deb" | sha256sum -c --quiet - >/dev/null 2>&1; then
	rm -f "$deb"
	apt=$CACHE/apt
	apt_private "$apt" "deb $(debian_mirror) $LINUX_DEB_SUITE main"
	say "fetching $LINUX_DEB_PKG $LINUX_DEB_VERSION (166 MB) from $LINUX_DEB_SUITE"
	apt-get -q "${APTOPT[@]}" update >&2 ||
		die "apt-get update of $LINUX_DEB_SUITE failed (see above)"
	(cd "$apt/dl" && apt-get -q "${APTOPT[@]}" download "$LINUX_DEB_PKG=$LINUX_DEB_VERSION" >&2) ||
		die "could not download $LINUX_DEB_PKG=$LINUX_DEB_VERSION; is the version still in $LINUX_DEB_SUITE?"
	mv "$apt/dl/"*.deb "$deb.part"
	echo "$LINUX_DEB_SHA256  $deb.part" | sha256sum -c --quiet - >&2 ||
		{ rm -f "$deb.part"; die "sha256 mismatch for $LINUX_DEB_PKG $LINUX_DEB_VERSION"; }
	mv "$deb.part" "$deb"
	rm -rf "$apt"
fi

say "unpacking $(basename "$deb")"
rm -rf "$pristine.part"
mkdir -p "$pristine.part"
dpkg-deb --fsys-tarfile "$deb" |
	tar -xO "./usr/src/$LINUX_DEB_PKG.tar.xz" |
	tar -xJ --strip-components=1 -C "$pristine.part"
check_tree_version "$pristine.part"
touch "$pristine.part/.vp-pristine"
mv "$pristine.part" "$pristine"
echo "$pristine"
