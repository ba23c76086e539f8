#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# points.sh - where the series' voluntary preemption points are, and a
# kprobe on each, so that a run can show which of them it reached.
#
#   points.sh sites [WORK]
#       every site of the points (the patches of configs/profiles/points.group)
#       in the patched tree WORK ($BUILD/linux): one JSON object per line,
#       {patch, file, line, text}, and test_line for a site under a test.  A
#       site is an added "cond_resched();", and the first statement under an
#       added "if (... need_resched() ...)" (a flush or a break that only a
#       due reschedule takes).  Its line is found in WORK by the patch's
#       own lines before it, so later patches to the same file do not move
#       it.
#   points.sh kprobes VMLINUX WORK OUT
#       the kernel parameter that puts a kprobe on every site, on stdout:
#       kprobe_event=p:vp/pN_M,_text+OFF;...  (N the site's number in
#       'sites' order, M its copy: an inlined function has one per copy),
#       and the sites with where each was probed in OUT (JSON lines: the
#       fields of 'sites' and probe_line, probe, copies).  perf probe (or
#       gdb, where perf declines) places each line from VMLINUX's line
#       tables (a kernel built with DEBUG_INFO: the debug profile).  A site
#       with no code of its own (a break that compiles into its test) is
#       probed at its test (the test's last line that can be placed),
#       probe "test": its hits then count the tests, not the breaks.  A
#       site with neither (the compiler merged the test into other code)
#       gets probe "none" and a warning: it is not counted.
#   points.sh hits SITES RUNDIR...
#       the hits of every site in the runs' kprobe_profile files (the guest
#       saves /sys/kernel/tracing/kprobe_profile), SITES being the sites of
#       the kernel the runs booted ('sites', or OUT of 'kprobes'), in the
#       order the probes were numbered: one JSON array, per site
#       {patch, file, line, text, hits, runs: {RUNDIR's name: hits}, placed}
#       (placed: a run had the site's probe; the kernel logs a probe it could
#       not add and boots on).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

usage() { die "usage: points.sh sites [WORK] | kprobes VMLINUX WORK OUT | hits SITES RUNDIR..."; }

# sites WORK: see above
sites() {
	local work=$1 p
	[ -f "$work/.vp-series" ] || die "no patched work tree at $work; run 'make patch' first"
	for p in $(group_patches points); do
		awk -v work="$work" -v patch="$p" '
		function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
		function esc(s) { gsub(/\\/, "\\\\", s); gsub(/"/, "\\\"", s); return s }
		# the line of WORK/file where want[1..nw] stand, in that order: the
		# first such place after the previous site of the patch in the file (two
		# sites can have the same lines before them)
		function locate(file, nw,   path, l, n, r, buf, num, i, j) {
			path = work "/" file
			n = r = 0
			while ((getline l < path) > 0)
				if ((l = trim(l)) != "" || !++r) { buf[++n] = l; num[n] = ++r }
			close(path)
			for (i = nw; i <= n; i++) {
				if (num[i] <= last[file])
					continue
				for (j = 0; j < nw && buf[i - j] == want[nw - j]; j++)
					;
				if (j == nw)
					return last[file] = num[i]
			}
			printf "points.sh: %s: the site \"%s\" is not in %s\n",
				patch, want[nw], path > "/dev/stderr"
			exit 1
		}
		# a site; under a need_resched() test (iftest: the place in seq of
		# the first line of the test), also the line of the test
		function site(iftest,   k, nw, l) {
			nw = 0
			for (k = (nl > 3 ? nl - 3 : 1); k <= nl; k++) want[++nw] = seq[k]
			l = locate(file, nw)
			printf "{\"patch\": \"%s\", \"file\": \"%s\", \"line\": %d, \"text\": \"%s\"%s}\n",
				patch, file, l, esc(seq[nl]), iftest ? ", \"test_line\": " (l - (nl - iftest)) : ""
		}
		/^\+\+\+ / { file = $2; sub(/^b\//, "", file); nl = 0; cond = 0; next }
		/^@@/ { nl = 0; cond = 0; next }
		/^-/ { next }
		/^[ +]/ {
			t = trim(substr($0, 2))
			if (t == "") next
			seq[++nl] = t
			added = substr($0, 1, 1) == "+"
			if (!added) { cond = 0; next }
			if (cond == 2) { cond = 0; site(ifpos); next }
			if (t ~ /^(\} else )?if \(/ && t ~ /need_resched\(\)/) { cond = 1; ifpos = nl }
			if (cond == 1) {
				if (t ~ /\)( \{)?$/) cond = 2
				next
			}
			if (t == "cond_resched();") site(0)
		}' "$TOP/patches/$p" || exit 1
	done
}

# kprobes VMLINUX WORK OUT: see above
kprobes() {
	local vmlinux=$1 work=$2 out=$3 args=() l f l2
	[ -f "$vmlinux" ] || die "no $vmlinux"
	need gdb-multiarch perf nm
	sites "$work" >"$out.sites" || die "cannot find the points in $work"
	nm "$vmlinux" >"$out.nm" || die "nm cannot read $vmlinux"
	# gdb: one session, a breakpoint on every site's line and test line;
	# perf: one call per line
	: >"$out.perf"
	while read -r l; do
		for f in line test_line; do
			[ "$(jq ".$f" <<<"$l")" != null ] || continue
			l2=$(jq -r "\"\\(.file):\\(.$f)\"" <<<"$l")
			args+=(-ex "break $l2")
			perf probe -q -k "$vmlinux" -s "$work" -D "$l2" 2>/dev/null |
				awk -v at="$l2" '/^p:/ { print at, $2 }' >>"$out.perf" || true
		done
	done <"$out.sites"
	gdb-multiarch -q -batch -nx -ex 'set breakpoint pending off' "${args[@]}" \
		-ex 'info breakpoints' "$vmlinux" 2>&1 |
		awk 'match($0, /0x[0-9a-f]+ in [^ ]+ at [^ ]+:[0-9]+$/) {
			split(substr($0, RSTART), w, " "); print w[5], w[1] }' >"$out.gdb"
	awk -v sitesf="$out.sites" -v nmf="$out.nm" -v perff="$out.perf" -v gdbf="$out.gdb" '
		# the low 32 bits of hex h: a kernel address does not fit a
		# double, its offset from _text does (mod 2^32, see rel())
		function hex(h,   i, v) {
			v = 0; h = tolower(h); sub(/^0x/, "", h)
			if (length(h) > 8) h = substr(h, length(h) - 7)
			for (i = 1; i <= length(h); i++)
				v = v * 16 + index("0123456789abcdef", substr(h, i, 1)) - 1
			return v
		}
		# the JSON field k of the record r (numbers and plain strings)
		function field(r, k,   m) {
			if (!match(r, "\"" k "\": (\"[^\"]*\"|[0-9]+)")) return ""
			m = substr(r, RSTART + length(k) + 4, RLENGTH - length(k) - 4)
			gsub(/"/, "", m)
			return m
		}
		function rel(a) { return (a - base + 4294967296) % 4294967296 }
		# place f:ln: its addresses, as offsets from _text, into got[1..];
		# perf first, its lowest address per function (perf gives every
		# start of the line: a cond_resched() line starts twice, at
		# __might_resched() and at the call); where perf has none (the
		# line starts at an address another line shares), gdb, if gdb put
		# the breakpoint on that same line (it moves one to the next line
		# with code)
		function place(f, ln,   n, i, k, sym, off, fn, best) {
			n = 0
			delete best
			for (i = 1; i <= np; i++) {
				if (pat[i] != f ":" ln) continue
				split(paddr[i], k, "+")
				sym = k[1]; off = k[2] + 0	# perf: decimal
				if (sym == "_text") {
					# perf may give _text+OFF for every copy: keep them all
					sym = "_text+" off; sa[sym] = base; best[sym] = off
					continue
				}
				if (!(sym in sa) || (sym in dup)) {
					printf "points.sh: symbol %s: %s in the kernel\n", sym,
						(sym in dup) ? "not unique" : "not found" > "/dev/stderr"
					exit 1
				}
				if (!(sym in best) || off < best[sym]) best[sym] = off
			}
			for (sym in best) got[++n] = rel(sa[sym] + best[sym])
			if (n) return n
			for (i = 1; i <= ng; i++) {
				fn = gat[i]; sub(/:[0-9]+$/, "", fn)
				if (substr(gat[i], length(gat[i]) - length(ln)) != ":" ln) continue
				fn = "/" fn
				if (substr(fn, length(fn) - length(f)) != "/" f) continue
				got[++n] = rel(hex(gaddr[i]))
			}
			return n
		}
		FILENAME == nmf {
			if ($2 ~ /^[tTwW]$/) { if ($3 in sa) dup[$3]; sa[$3] = hex($1) }
			if ($3 == "_text") base = hex($1)
			next
		}
		FILENAME == perff { pat[++np] = $1; paddr[np] = $2; next }
		FILENAME == gdbf { gat[++ng] = $1; gaddr[ng] = $2; next }
		FILENAME == sitesf { site[++ns] = $0; next }
		END {
			for (i = 1; i <= ns; i++) {
				f = field(site[i], "file"); tl = field(site[i], "test_line")
				kind = "line"; pline = field(site[i], "line")
				m = place(f, pline)
				if (!m && tl != "") {
					# no code of its own (a break compiles into its
					# test): count the test instead, at its last line
					# that can be placed (the nearest to the break)
					kind = "test"
					for (pline = field(site[i], "line") - 1; pline >= tl && !m; pline--)
						m = place(f, pline)
					pline++
				}
				if (!m) {
					# the compiler left neither the line nor its
					# test a place of its own: say so, count nothing
					printf "points.sh: warning: %s:%s has no code of its own in this kernel: not counted\n",
						f, field(site[i], "line") > "/dev/stderr"
					sub(/}$/, ", \"probe\": \"none\", \"copies\": 0}", site[i])
					print site[i] > (sitesf ".placed")
					continue
				}
				for (j = 1; j <= m; j++)
					defs = defs (defs == "" ? "" : ";") sprintf("p:vp/p%d_%d,_text+0x%x", i, j - 1, got[j])
				sub(/}$/, sprintf(", \"probe_line\": %d, \"probe\": \"%s\", \"copies\": %d}", pline, kind, m), site[i])
				print site[i] > (sitesf ".placed")
			}
			print "kprobe_event=" defs
		}' "$out.nm" "$out.perf" "$out.gdb" "$out.sites" || die "cannot place the kprobes (perf: $out.perf, gdb: $out.gdb)"
	mv "$out.sites.placed" "$out"
	rm -f "$out.sites" "$out.nm" "$out.perf" "$out.gdb"
}

# hits SITES RUNDIR...: see above
hits() {
	local sites=$1 d
	shift
	[ -s "$sites" ] || die "no sites in '$sites'"
	for d; do
		[ -d "$d" ] || die "no run directory $d"
		# kprobe_profile: "  p1_0    HITS    MISSES" per probe
		awk -v run="$(basename "$d")" '$1 ~ /^p[0-9]+_[0-9]+$/ {
			split(substr($1, 2), a, "_"); h[a[1]] += $2 }
			END { for (n in h) print run, n, h[n] }' "$d/results/kprobe_profile" 2>/dev/null || true
	done | jq -Rn --slurpfile s "$sites" '
		[inputs | split(" ") | {run: .[0], site: (.[1] | tonumber), hits: (.[2] | tonumber)}] as $h |
		[$s | to_entries[] | (.key + 1) as $n |
			.value + {runs: ([$h[] | select(.site == $n) | {key: .run, value: .hits}] | from_entries)} |
			.hits = ([.runs[]] | add // 0) | .placed = (.runs | length > 0)]'
}

[ $# -ge 1 ] || usage
case $1 in
sites) [ $# -le 2 ] || usage; sites "${2:-$BUILD/linux}" ;;
kprobes) [ $# -eq 4 ] || usage; kprobes "$2" "$3" "$4" ;;
hits) [ $# -ge 3 ] || usage; shift; hits "$@" ;;
*) usage ;;
esac
