#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# patch.sh - make the work tree $BUILD/linux: a hard-link copy of the pristine
# tree with the series applied by 'quilt push -a --fuzz=0'.  The pristine tree
# is never written to (patch(1) and quilt replace files, they do not rewrite
# them in place).  The work tree is rebuilt only when the pristine tree, the
# series or a patch changed; a patch that does not apply stops the run with
# its name and quilt's output, and the previous work tree is left untouched.
#
# SERIES=/path/series and PATCHES=/path/patches select another series (the
# tests use this with a deliberately broken copy).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need quilt
src=$(PROG=tree.sh "$TOP/scripts/tree.sh")
series=$(readlink -f "${SERIES:-$TOP/series}")
patches=$(readlink -f "${PATCHES:-$TOP/patches}")
work=$(realpath -m "${WORK:-$BUILD/linux}")
[ -f "$series" ] || die "no series file at $series"
# WITHOUT="group ...": a variant of the series without the patches of
# those groups (configs/profiles/GROUP.group), in its own work tree (for
# profiles such as server-nofs).
if [ -n "${WITHOUT:-}" ]; then
	have=$(series_patches "$series")
	for g in $WITHOUT; do
		check_group "$g"
		while read -r p; do
			grep -qxF -- "$p" <<<"$have" ||
				die "group $g ($(group_file "$g")) names $p, which $series does not have"
		done < <(series_patches "$(group_file "$g")")
	done
	work=$(without_dir "$WITHOUT")/linux
	mkdir -p "${work%/linux}"
	series_without "$series" "$WITHOUT" >"$work.series"
	series=$work.series
fi

key=$( { echo "$src"; cat "$series"; series_patches "$series" |
	while read -r p; do
		[ -f "$patches/$p" ] || die "series names $p, but $patches/$p does not exist"
		cat "$patches/$p"
	done; } | sha256sum | cut -c1-16)
# An up-to-date tree only needs a shared look at it (kernel builds hold the
# lock shared while they read the tree); replacing it needs the lock alone,
# and another run may have made it meanwhile.
current() { [ -f "$work/.vp-series" ] && [ "$(cat "$work/.vp-series")" = "$key" ]; }
lock_shared "$work.lock"
if current; then
	say "work tree $work is up to date"
	exit 0
fi
exec {SHLOCKFD}>&-
lock "$work.lock"
if current; then
	say "work tree $work is up to date (made by another run meanwhile)"
	exit 0
fi

say "copying $src to $work"
rm -rf "$work.new"
cp -al "$src" "$work.new"
rm -f "$work.new/.vp-pristine"
n=$(series_patches "$series" | wc -l)
say "applying $n patches from $series"
log=$work.new/.vp-quilt.log
if [ "$n" -gt 0 ] && ! (cd "$work.new" && QUILT_PATCHES=$patches QUILT_SERIES=$series \
	quilt push -a --fuzz=0 --quiltrc - </dev/null >"$log" 2>&1); then
	bad=$(cd "$work.new" && QUILT_PATCHES=$patches QUILT_SERIES=$series quilt --quiltrc - next 2>/dev/null || true)
	sed 's/^/  quilt: /' "$log" >&2
	die "patch ${bad:-?} does not apply to $src with --fuzz=0 (work tree left in $work.new)"
fi
grep -sc "^Applying patch" "$log" | sed 's/^/==> applied /; s/$/ patches/' >&2 || true
# A patched file whose content did not change since the last work tree
# keeps its old mtime, so that out-of-tree builds stay incremental.
# A file that a patch touched before but no longer does is back to the
# pristine file, with the pristine mtime: give it an inode and mtime of its
# own, or make would keep the object built from the patched version.
patched() { [ -d "$1/.pc" ] && (cd "$1/.pc" && find . -mindepth 2 -type f ! -name .timestamp | cut -d/ -f3- | sort -u); }
if [ -d "$work/.pc" ]; then
	patched "$work.new" >"$work.new/.vp-patched"
	while read -r f; do
		if grep -qxF "$f" "$work.new/.vp-patched"; then
			cmp -s "$work.new/$f" "$work/$f" 2>/dev/null && touch -r "$work/$f" "$work.new/$f"
		elif [ -f "$work.new/$f" ]; then
			cp -p "$work.new/$f" "$work.new/$f.vp-tmp" && touch "$work.new/$f.vp-tmp" &&
				mv "$work.new/$f.vp-tmp" "$work.new/$f"
		fi
	done < <(patched "$work")
	rm -f "$work.new/.vp-patched"
fi
echo "$key" >"$work.new/.vp-series"
rm -rf "$work"
mv "$work.new" "$work"
say "work tree ready: $work"
