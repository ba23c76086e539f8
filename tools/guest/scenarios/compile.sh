#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# compile: scheduling latency while gcc builds a real C project, the 2004
# report's 'make -j' load, and the build's own time.  The project is Lua
# (Debian's lua5.4 source package, /vp/src, put there by 'make rootfs'):
# 34 C files compiled and linked into lua and luac by its own Makefile
# ('make posix').  It is unpacked in /tmp (tmpfs) so that the load is the
# compiler, fork/exec and the page cache, not the emulated disk.
#
# Knobs (vp.env): JOBS=4 (make -j), BUILDS=1 (clean builds in a row),
# OPT=-O2 (gcc's optimisation level, added after Lua's own -O2: BENCH=quick
# uses -O0: less guest time under icount, the same make/fork/exec/cc1
# load), and those of lib.sh
set -e
. /vp/lib.sh
knobs JOBS=4 BUILDS=1 OPT=-O2
case $OPT in -O[0-3s]) ;; *) echo "OPT must be -O0..-O3 or -Os, not '$OPT'"; exit 1 ;; esac

src=$(ls /vp/src/*.orig.tar.* | head -1)
mkdir -p /tmp/cc
tar -xf "$src" -C /tmp/cc --strip-components=1
cd /tmp/cc
echo "source: $(basename "$src"), gcc $(gcc -dumpversion), make -j$JOBS posix MYCFLAGS=$OPT, $BUILDS build(s)"
lat_start
t0=$(now_us)
i=0
while [ $i -lt "$BUILDS" ]; do
	make -s clean >/dev/null
	make -s -j"$JOBS" posix MYCFLAGS="$OPT" >$OUT/make.log 2>&1
	i=$((i + 1))
done
t1=$(now_us)
lat_stop
# the result must work: a compiler or make failure is a failed run
[ "$(src/lua -e 'print(6 * 7)')" = 42 ] || { echo "the built lua does not run"; exit 1; }
load_json compile usecs=$((t1 - t0)) builds="$BUILDS" jobs="$JOBS" opt="\"$OPT\"" build_us=$(((t1 - t0) / BUILDS)) \
	builds_per_h="$(awk -v b="$BUILDS" -v us=$((t1 - t0)) 'BEGIN { printf "%.3f", b * 3600e6 / us }')"
