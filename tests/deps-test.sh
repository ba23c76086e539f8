#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps-test.sh - does 'make deps' install every command the harness needs?
# Every command a script or test asks for with need (scripts/lib.sh) must
# come from a package of the Makefile's DEPS, from a package those depend
# on, or from Debian's base system (priority required, or essential: what
# a minimal Debian has).  A fresh machine found 'git' missing this way
# (make mbox's test).  Prints "commands=N unlisted=" and the commands
# whose package is none of those, with the package; run after 'make deps'
# (make check does), on a Debian machine.  DEPS=... overrides the list
# (the mutation check in tests/check.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
deps=${DEPS:-$(make -s --no-print-directory -n deps 2>/dev/null | sed -n 's/.*scripts\/deps\.sh //p' | head -1)}
[ -n "$deps" ] || { echo "deps-test.sh: no package list from 'make -n deps'" >&2; exit 2; }

# the commands: every word after "need" where need is the command, the
# variables the scripts use spelled out for both architectures
cmds=$(grep -hE '(^|[;&|{]|then|else|do)[[:space:]]*need [^(]' scripts/*.sh tests/*.sh |
	sed -E 's/.*need //; s/[;|&#].*//' | tr ' ' '\n' | tr -d '"' | grep -v '^$' |
	sed -E 's/^\$\{CC:-gcc\}$/gcc/; s/^\$QEMU$/qemu-system-x86_64\nqemu-system-aarch64/;
		s/^\$\{(CROSS|cross)\}(.*)$/\2\naarch64-linux-gnu-\2/' | grep -v '\$' | sort -u)

# the packages that may provide them: DEPS and, from the installed
# packages' own records (dpkg's database, no network), everything they
# depend on (alternatives and virtual packages included), and the base system
allowed=$(dpkg-query -W -f='${Package}\t${Priority}\t${Essential}\t${Depends}, ${Pre-Depends}\t${Provides}\n' |
	awk -F'\t' -v deps="$deps" '
		{
			p = $1; pri[p] = $2; ess[p] = $3; dep[p] = $4
			n = split($5, pv, /, */)
			for (i = 1; i <= n; i++) { v = pv[i]; sub(/ .*/, "", v); if (v != "") prov[v] = prov[v] " " p }
		}
		END {
			n = split(deps, q, " ")
			for (i = 1; i <= n; i++) want[q[i]] = 1
			for (p in pri) if (pri[p] == "required" || ess[p] == "yes") want[p] = 1
			do {
				added = 0
				for (p in want) {
					if (done[p]) continue
					done[p] = 1
					m = split(prov[p], pp, " ")
					for (j = 1; j <= m; j++) if (!(pp[j] in want)) { want[pp[j]] = 1; added = 1 }
					k = split(dep[p], d, /[,|] */)
					for (j = 1; j <= k; j++) {
						x = d[j]; sub(/^ +/, "", x); sub(/[ :(].*/, "", x)
						if (x != "" && !(x in want)) { want[x] = 1; added = 1 }
					}
				}
			} while (added)
			for (p in want) print p
		}' | sort -u)

# each command's package, from dpkg's file lists (one pass over them): the
# path as found, as resolved, and either without /usr (merged /usr)
declare -A path_of
paths=
n=0 bad=
for c in $cmds; do
	n=$((n + 1))
	p=$(command -v "$c" 2>/dev/null) || { bad="$bad $c(not-installed)"; continue; }
	r=$(readlink -f "$p")
	path_of[$c]="$p $r ${p#/usr} ${r#/usr}"
	paths="$paths $p $r ${p#/usr} ${r#/usr}"
done
owners=$(tr ' ' '\n' <<<"$paths" | grep -v '^$' | sort -u |
	awk 'FNR == NR { want[$0] = 1; next }
	     ($0 in want) { f = FILENAME; sub(/.*\//, "", f); sub(/\.list$/, "", f); sub(/:.*/, "", f); print $0, f }' \
		- /var/lib/dpkg/info/*.list)
for c in "${!path_of[@]}"; do
	pkg=
	for f in ${path_of[$c]}; do
		pkg=$(awk -v f="$f" '$1 == f { print $2; exit }' <<<"$owners")
		[ -z "$pkg" ] || break
	done
	if [ -z "$pkg" ]; then
		bad="$bad $c(no-package)"
	elif ! grep -qxF "$pkg" <<<"$allowed"; then
		bad="$bad $c($pkg)"
	fi
done
echo "commands=$n unlisted=$(tr ' ' '\n' <<<"$bad" | grep -v '^$' | sort | tr '\n' ' ' | sed 's/ $//')"
