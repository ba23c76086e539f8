#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# deps.sh PACKAGE... - install the Debian packages of the list that are
# missing.  As root it runs apt-get; otherwise it prints the exact command and
# fails.  Nothing is done when everything is there.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

missing=()
for p; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" != 0 ]; then
	echo "$PROG: missing Debian packages: ${missing[*]}" >&2
	echo "$PROG: run as root:  apt-get update && apt-get install -y ${missing[*]}" >&2
	exit 1
fi
say "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get install -y -q "${missing[@]}" >&2 ||
	{ apt-get update -q >&2 && apt-get install -y -q "${missing[@]}" >&2; } ||
	die "apt-get could not install: ${missing[*]}"
