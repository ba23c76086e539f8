#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# tests/mbox-test.sh - 'make mbox' makes mail that 'git am' applies to
# Linux 7.3, with the same result as the quilt series.
#
# It runs 'make mbox' and 'make patch', makes a git repository of the
# pristine tree with one commit "Linux <version>" (once: it is kept in
# $CACHE/git/, keyed by the tree, so that later runs take seconds), applies
# build/mbox/series.mbox with 'git am --empty=drop' in a throwaway clone,
# and checks that every patch became one commit with its subject, that
# every file the series touches equals the quilt-applied work tree's
# (build/linux), and that the tree's scripts/checkpatch.pl --strict finds
# no error and no warning but "does MAINTAINERS need updating?" for new
# files.
#
# The clone shares the cached repository's objects and checks out only
# the files the series touches, not the 90,000 others.
#
# Prints one line saying what it checked and exits 0, or exits 1 with the
# reason.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/lib.sh
PROG="mbox-test.sh"

need git make quilt perl
tmp=$(mktemp -d "${TMPDIR:-/tmp}/vp-mbox-test.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
start=$(date +%s)

make -s mbox >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; die "make mbox failed"; }
make -s patch >>"$tmp/make.log" 2>&1 || { cat "$tmp/make.log" >&2; die "make patch failed"; }
mbox=$BUILD/mbox/series.mbox
[ -s "$mbox" ] || die "make mbox wrote no $mbox"
src=$(PROG=tree.sh scripts/tree.sh)
version=$(sed -n 's/^VERSION = //p; s/^PATCHLEVEL = //p; s/^SUBLEVEL = //p' "$src/Makefile" | head -3 | paste -sd.)
version=${version%.0}
mapfile -t series < <(series_patches "$TOP/series")
N=${#series[@]}

# the messages: 0 is the cover letter, 1..N the patches in series order
git mailsplit -o"$tmp" "$mbox" >/dev/null
msgs=("$tmp"/[0-9][0-9][0-9][0-9])
[ ${#msgs[@]} -eq $((N + 1)) ] || die "$mbox has ${#msgs[@]} messages, not the cover letter and $N patches"
for i in $(seq 0 "$N"); do
	grep -q "^Subject: \[PATCH $i/$N\] " "$tmp/$(printf %04d $((i + 1)))" ||
		die "message $((i + 1)) of $mbox is not [PATCH $i/$N]"
done

# The repository: the pristine tree as it is, in one commit whose
# identity and date are fixed (the project, the tree's Makefile's mtime),
# so that its id depends only on the tree.  Every file is added (-f: the
# tree's .gitignore files must not hide one); loose objects are compressed
# at level 1, the cheapest that still compresses.
repo=$CACHE/git/linux-$(stat -c '%n %i %Y' "$src" "$src/Makefile" | sha256sum | cut -c1-16)
ident=$(sed -n '1,/^$/s/^From: //p' "$TOP/patches/${series[0]}" | head -1)
name=${ident% <*} email=${ident##*<} email=${email%>}
if [ ! -f "$repo/.vp-done" ]; then
	lock "$repo.lock"
	if [ ! -f "$repo/.vp-done" ]; then
		rm -rf "$repo" "$repo.part"
		mkdir -p "$repo.part"
		git -C "$repo.part" init -q --bare
		# no automatic gc: a repack of 90,000 objects is minutes of CPU
		git -C "$repo.part" config gc.auto 0
		when="@$(stat -c %Y "$src/Makefile") +0000"
		( cd "$src" && export GIT_DIR=$repo.part GIT_WORK_TREE=$src GIT_INDEX_FILE=$repo.part/index
		  nice -n 19 git -c core.looseCompression=1 add -A -f -- . ':!.vp-pristine'
		  GIT_AUTHOR_NAME=$name GIT_AUTHOR_EMAIL=$email GIT_AUTHOR_DATE=$when \
		  GIT_COMMITTER_NAME=$name GIT_COMMITTER_EMAIL=$email GIT_COMMITTER_DATE=$when \
			git commit -q -m "Linux $version" ) ||
			die "could not make a git repository of $src in $repo.part"
		echo "$src" >"$repo.part/.vp-done"
		mv "$repo.part" "$repo"
		# repositories of trees that are gone (a tree unpacked again) go too
		for r in "$CACHE"/git/linux-*/.vp-done; do
			[ -d "$(cat "$r")" ] || rm -rf "${r%/.vp-done}" "${r%/.vp-done}.lock"
		done
	fi
	exec {LOCKFD}>&-
fi
base=$(git -C "$repo" rev-parse HEAD)

# a throwaway clone with the index of the whole tree and, in its work
# tree, only the files the series touches
clone=$tmp/clone
git clone -q --shared --no-checkout "$repo" "$clone"
gitc() { git -C "$clone" -c gc.auto=0 -c user.name="$name" -c user.email="$email" "$@"; }
gitc read-tree HEAD
mapfile -t touched < <(sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "$mbox" | sort -u)
existing=()
for f in "${touched[@]}"; do
	gitc cat-file -e "HEAD:$f" 2>/dev/null && existing+=("$f")
done
[ ${#existing[@]} -eq 0 ] || gitc checkout -q HEAD -- "${existing[@]}"
if ! gitc am -q --empty=drop "$mbox" >"$tmp/am.log" 2>&1; then
	sed 's/^/  git am: /' "$tmp/am.log" >&2
	die "git am of $mbox onto \"Linux $version\" ($repo) failed"
fi

# every patch one commit, in series order, with the message's subject
gitc log --reverse --format=%s "$base..HEAD" >"$tmp/got"
for i in $(seq 1 "$N"); do
	git mailinfo -k "$tmp/msg" "$tmp/patch" <"$tmp/$(printf %04d $((i + 1)))" |
		sed -n 's/^Subject: \[PATCH [0-9]*\/[0-9]*\] //p'
done >"$tmp/want"
diff -u "$tmp/want" "$tmp/got" >&2 || die "git am made other commits than the $N patches (above: - wanted, + made)"

# the result equals the quilt-applied tree, file by file
work=$BUILD/linux
for f in "${touched[@]}"; do
	gitc show "HEAD:$f" >"$tmp/file" 2>/dev/null || die "$f is not in the tree after git am"
	cmp -s "$tmp/file" "$work/$f" || die "$f after git am differs from $work/$f (make patch)"
done
[ -z "$(gitc diff --name-only HEAD -- "${touched[@]}")" ] ||
	die "git am left the work tree of $clone different from its last commit"

# checkpatch of the tree, strict, on every patch.  The changelogs cite
# mainline commits (Fixes:, the commits a patch reverts or answers) that a
# repository holding one commit, the release, cannot look up: checkpatch's
# UNKNOWN_COMMIT_ID is left out, its other checks of a citation's form
# (GIT_COMMIT_ID) are not.  checkpatch exits non-zero on any finding, so
# its verdict is read from its output, which must have one: its totals, or
# "no obvious style problems".
cp=0
for i in $(seq 1 "$N"); do
	m=$tmp/$(printf %04d $((i + 1)))
	(cd "$src" && perl scripts/checkpatch.pl --strict --showfile --ignore UNKNOWN_COMMIT_ID "$m") >"$tmp/cp.log" 2>&1 || true
	grep -qE '^total: [0-9]+ errors, [0-9]+ warnings|has no obvious style problems' "$tmp/cp.log" ||
		die "checkpatch.pl gave no verdict on [PATCH $i/$N] (${series[$((i - 1))]}):
$(sed 's/^/  /' "$tmp/cp.log")"
	bad=$(grep -E '(ERROR|WARNING|CHECK):' "$tmp/cp.log" |
		grep -v 'WARNING: added, moved or deleted file(s), does MAINTAINERS need updating?' || true)
	[ -z "$bad" ] || die "checkpatch.pl --strict on [PATCH $i/$N] (${series[$((i - 1))]}):
$bad"
	cp=$((cp + $(grep -c 'MAINTAINERS need updating' "$tmp/cp.log" || true)))
done

echo "mbox: [PATCH 0/$N]..[PATCH $N/$N] applied by git am to Linux $version (${base:0:12}), ${#touched[@]} files equal to make patch's, checkpatch --strict clean ($cp MAINTAINERS notes for new files) in $(elapsed "$start")"
