#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# mbox.sh - the series as mail, in build/mbox/ (OUT=dir elsewhere):
#
#   0000-cover-letter.patch  the cover letter, [PATCH 0/N]
#   series.mbox              the cover letter and the patches in series
#                            order, [PATCH 1/N] .. [PATCH N/N], threaded
#                            under it: 'git am --empty=drop series.mbox'
#                            in a Linux 7.3 repository applies it
#
# The patches keep their own headers (From:, Date:, changelog, diffstat);
# only the [PATCH n/N] prefix of the subject is set from the series order.
# The cover letter's tables come from the newest committed run under
# results/ on the calibrated one-vCPU lane that ran every kernel of
# PROFILES (by default lib.sh's DEFAULT_PROFILES; a run that compared
# two of them does not make the cover letter), its diffstat is git's, from
# 'git am' of the patches onto the pristine copies of the files they touch
# (which checks that every patch applies).
#
# SERIES=/path/series and PATCHES=/path/patches as in patch.sh.
set -euo pipefail
. "$(dirname "$0")/lib.sh"

need git jq
src=$(PROG=tree.sh "$TOP/scripts/tree.sh")
series=$(readlink -f "${SERIES:-$TOP/series}")
patches=$(readlink -f "${PATCHES:-$TOP/patches}")
out=${OUT:-$BUILD/mbox}
mapfile -t all < <(series_patches "$series")
N=${#all[@]}
[ "$N" -gt 0 ] || die "the series $series names no patch"

# the project as author and committer, as in the patches' From: lines
ident=$(sed -n '1,/^$/s/^From: //p' "$patches/${all[0]}" | head -1)
[ -n "$ident" ] || die "${all[0]} has no From: line"
name=${ident% <*} email=${ident##*<} email=${email%>}
key=$(cat "$series" "${all[@]/#/$patches/}" | sha256sum | cut -c1-12)
msgid() { echo "<vp-$KVER_WANT-$key-$1@${email#*@}>"; }
# the cover letter's date: the commit the harness and results are at
date=$(git -C "$TOP" log -1 --format=%cD 2>/dev/null || date -R)

tmp=$(mktemp -d "${TMPDIR:-/tmp}/vp-mbox.XXXXXX")
trap 'rm -rf "$tmp"' EXIT

# mail PATCH N: the patch as message N of the thread
mail() {
	local f=$patches/$1 h
	[ -f "$f" ] || die "series names $1, but $f does not exist"
	# awk reads the whole file: grep -q behind a pipe may exit first and
	# fail the pipeline (pipefail) with the writer's SIGPIPE
	for h in From: Date: Subject:; do
		awk -v h="$h" 'index($0, h " ") == 1 { f = 1; exit } /^$/ { exit } END { exit !f }' "$f" ||
			die "$1: no '$h' line in its header; a patch needs a mail header (From:, Date:, Subject:, then the changelog)"
	done
	grep -q '^Signed-off-by: ' "$f" || die "$1: no Signed-off-by: line"
	awk '/^---$/ { c = 1 } c && /^diff --git / { d = 1 } END { exit !d }' "$f" ||
		die "$1: no '---' line before its diff (the changelog must end there)"
	head -1 "$f" | grep -q '^From ' || echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	awk -v n="$2" -v N="$N" -v id="$(msgid "$2")" -v parent="$(msgid 0)" '
		hdr && /^$/ {
			print "Message-ID: " id
			print "In-Reply-To: " parent
			print "References: " parent
			hdr = 0
		}
		hdr && /^(Message-ID|In-Reply-To|References):/ { skip = 1; next }
		hdr && skip && /^[ \t]/ { next }
		hdr { skip = 0 }
		hdr && /^Subject: / {
			sub(/^Subject: *(\[[^]]*\] *)?/, "")
			$0 = "Subject: [PATCH " n "/" N "] " $0
		}
		{ print }
		NR == 1 { hdr = 1 }
	' "$f"
}

say "writing the $N patches of $series as mail"
for i in $(seq 1 "$N"); do
	mail "${all[$((i - 1))]}" "$i"
done >"$tmp/patches.mbox"
# the subjects, unfolded, for the cover letter's list
git mailsplit -o"$tmp" "$tmp/patches.mbox" >/dev/null
subjects=$(for i in $(seq 1 "$N"); do
	git mailinfo "$tmp/msg" "$tmp/patch" <"$tmp/$(printf %04d "$i")" | sed -n "s/^Subject: /  [$i\/$N] /p"
done | fold -s -w 72 | sed 's/ *$//; /^  \[/!s/^/         /')

# git's diffstat, and a check that every patch applies: the pristine copies
# of the touched files in a small repository, 'git am' on top
gitq() { git -C "$tmp/repo" -c user.name="$name" -c user.email="$email" "$@"; }
mkdir -p "$tmp/repo"
gitq init -q
sed -n 's|^diff --git a/\([^ ]*\) b/.*|\1|p' "${all[@]/#/$patches/}" | sort -u |
	while read -r p; do
		[ -e "$src/$p" ] || continue
		mkdir -p "$tmp/repo/$(dirname "$p")"
		cp "$src/$p" "$tmp/repo/$p"
	done
gitq add -A
GIT_AUTHOR_DATE="$date" GIT_COMMITTER_DATE="$date" gitq commit -q --allow-empty -m "Linux $KVER_WANT (the files the series touches)"
gitq am -q --whitespace=error-all "$tmp/patches.mbox" >"$tmp/am.log" 2>&1 || {
	sed 's/^/  git am: /' "$tmp/am.log" >&2
	die "the series does not apply with git am to the pristine files of $src"
}
[ "$(gitq rev-list --count HEAD)" = $((N + 1)) ] || die "git am applied $(( $(gitq rev-list --count HEAD) - 1 )) of $N patches"
diffstat=$(gitq diff --stat=72 --summary HEAD~"$N" HEAD)

# The newest committed run on the calibrated one-vCPU lane: its
# report/calibration.json (or its summary.json) says calibrated and 1vcpu,
# and its bench.json lists every kernel of $want.
want=${PROFILES:-$DEFAULT_PROFILES}
calibrated_run() {
	local d c t
	for d in "$TOP"/results/*/; do
		d=${d%/}
		c=
		for c in "$d/report/calibration.json" "$d/summary.json" ""; do
			[ -n "$c" ] && [ -f "$c" ] &&
				jq -e 'type == "object" and .calibrated == true and .lane == "1vcpu"' "$c" >/dev/null 2>&1 && break
		done
		[ -n "$c" ] || continue
		jq -e --arg want "$want" '($want | split(" ") | map(select(. != ""))) - .profiles == []' \
			"$d/bench.json" >/dev/null 2>&1 || continue
		# committed: git knows it; newest: its last commit (the name where git is not there)
		if git -C "$TOP" rev-parse --git-dir >/dev/null 2>&1; then
			git -C "$TOP" ls-files --error-unmatch "$c" >/dev/null 2>&1 || continue
			t=$(git -C "$TOP" log -1 --format=%ct -- "$d")
		else
			t=0
		fi
		echo "$t $(basename "$d")"
	done | sort -k1,1n -k2,2 | tail -1 | cut -d' ' -f2
}
run=$(calibrated_run)
[ -n "$run" ] || die "no committed run under results/ is calibrated on the 1vcpu lane (report/calibration.json) with every kernel of PROFILES ($want)"
R=$TOP/results/$run
for f in report/calibration.json report/summary.json report/questions.json report/goals.json bench.json; do
	[ -f "$R/$f" ] || die "results/$run is the newest calibrated 1vcpu run, but has no $f to make the cover letter's tables from"
done
say "cover letter tables from results/$run"

# what the run was
runinfo=$(jq -r --slurpfile cal "$R/report/calibration.json" --slurpfile sum "$R/report/summary.json" '
	"Run: results/'"$run"'/ (" + .stamp + "), " + (.host.ncpu | tostring) + "-CPU " + .host.cpu + " host, " + .host.qemu + ".",
	"Kernels: " + ([$sum[0][].kernel] | unique | join(", ")) + ", profiles " + (.profiles | join(", ")) + ".",
	"Clock: " + $cal[0].clock + ".  Lane: " + $cal[0].lane + " (" + (.vcpus | tostring) + " vCPU that the load and cyclictest share, " + (.guests | tostring) + " guest at a time).",
	"Calibrated: " + (if $cal[0].calibrated then "yes" else "no" end) + ", every kernel'"'"'s floor " + ([$cal[0].kernels[].floor_us] | "\(min)-\(max)") + " us (bound " + ($cal[0].bound_us | tostring) + " us), " + ([$cal[0].kernels[].contaminated] | add | tostring) + " boots rerun, " + ([$cal[0].kernels[].excluded] | add | tostring) + " excluded; " + (.repeat | tostring) + " repeats of every load, kernels interleaved.",
	"Command:"' "$R/bench.json" | fold -s -w 72 | sed 's/ *$//')
# the command, wrapped with backslashes as a shell would take it
runinfo+=$'\n\n'$(jq -r .command "$R/bench.json" | fold -s -w 64 |
	sed 's/ *$//; $!s/$/ \\/; 1s/^/  /; 1!s/^/      /')
# what each kernel is: its profile's "# Help:" line
runinfo+=$'\n\nThe kernels (the profiles of the harness):\n\n'$(for p in $(jq -r '.profiles[]' "$R/bench.json"); do
	[ -f "$TOP/configs/profiles/$p.config" ] || continue
	echo "$p: $(profile_header "$p" Help)" | fold -s -w 70 | sed 's/ *$//; 1s/^/  /; 1!s/^/    /'
done)

# where each patch's own measurements are: the results/ directories its
# one-line comment in the series file names (the changelogs carry the
# figures, not the paths)
figs=$(awk -v N="$N" '
	/^#/ { c = $0; next }
	/^[[:space:]]*$/ { next }
	{ i++; r = ""; t = c
	  while (match(t, /results\/[^ ,;)]*/)) { r = r (r == "" ? "" : ", ") substr(t, RSTART, RLENGTH); t = substr(t, RSTART + RLENGTH) }
	  printf "  [%d/%d] %s\n", i, N, (r == "" ? "(no measurement of its own)" : r); c = "" }' "$series")

# table: tab-separated rows as a text table, the first column left-aligned,
# the others right-aligned, indented by two
table() {
	awk -F'\t' '
		{ for (i = 1; i <= NF; i++) { c[NR, i] = $i; if (length($i) > w[i]) w[i] = length($i) }
		  if (NF > nf) nf = NF }
		END { for (r = 1; r <= NR; r++) {
			line = sprintf("  %-" w[1] "s", c[r, 1])
			for (i = 2; i <= nf; i++) line = line sprintf("  %" w[i] "s", c[r, i])
			print line } }'
}

# worst latency, us: loads x kernels
latency=$(jq -r --slurpfile b "$R/bench.json" '
	. as $s | ($b[0].profiles) as $p
	| (["load"] + $p),
	  (($b[0].scenarios)[] as $sc
	   | [$sc] + [$p[] as $k | ($s[] | select(.scenario == $sc and .profile == $k) | .all.max // "-" | tostring) // "-"])
	| @tsv' "$R/report/summary.json" | table)

# throughput ratios (medians of the repeats): loads x the report's questions
tput=$(jq -r --slurpfile s "$R/report/summary.json" --slurpfile b "$R/bench.json" '
	def f3: (. * 1000 | round) as $n | "\($n / 1000 | floor).\("00\($n % 1000)"[-3:])";
	[.[] | select(.what == "tput")] as $q
	| ([$s[0][] | select(.io_under_icount) | .scenario] | unique) as $io
	| ($b[0].scenarios - ($b[0].scenarios - [$q[].rows[].scenario])) as $sc
	| (["load"] + [$q[] | .a + "/" + .b]),
	  ($sc[] as $x | [$x + (if ($io | index($x)) then " (i/o)" else "" end)]
	   + [$q[] | ([.rows[] | select(.scenario == $x) | .value | f3] | first) // "-"])
	| @tsv' "$R/report/questions.json" | table)

# the series' goals, judged with their intervals
goals=$(jq -r '
	def r: (. * 1000 | round) as $n | "\($n / 1000 | floor).\("00\($n % 1000)"[-3:])";
	. as $all | reduce .[].goal as $t ([]; if index([$t]) then . else . + [$t] end)
	| .[] as $t | [$all[] | select(.goal == $t)] as $g
	| "  " + $t,
	  (["met", "missed", "not resolved", "not judged"][] as $v
	   | [$g[] | select(.verdict == $v) | "\(.scenario) \(.value | r) [\(.lo | r)..\(.hi | r)]"]
	   | select(length > 0) | "    " + $v + ": " + join(", "))' "$R/report/goals.json" |
	fold -s -w 72 | sed 's/ *$//; /^ /!s/^/      /')

# the cover letter
{
	echo "From 0000000000000000000000000000000000000000 Mon Sep 17 00:00:00 2001"
	echo "From: $ident"
	echo "Date: $date"
	echo "Subject: [PATCH 0/$N] sched: Offer the Server and Desktop preemption models again"
	echo "Message-ID: $(msgid 0)"
	echo
	cat <<EOF
Since 7.0, commit 7dadeaa6e851 ("sched: Further restrict the preemption
modes") leaves the architectures that select ARCH_HAS_PREEMPT_LAZY (x86,
arm64, loongarch, powerpc, riscv, s390) with the Lazy, Full and RT
models only: No Forced Preemption (Server) depends on ARCH_NO_PREEMPT,
Voluntary Kernel Preemption (Desktop) on !ARCH_HAS_PREEMPT_LAZY, and a
PREEMPT_DYNAMIC kernel refuses preempt=none and preempt=voluntary.  This
series offers the two models again, statically and at boot, with the
voluntary preemption points that they turned out to need.

Upstream restricted the models because Lazy is to replace them, and
because it wants no more "sprinkling of cond_resched()" and, in the end,
no cond_resched() at all.  The series keeps that direction where it
costs nothing: Lazy stays the default, no defconfig changes its model,
and the points are no-ops in the preemptible models.  What it gives
back is a choice for the users Lazy does not serve.  A static Server or
Desktop build carries no preempt_count bookkeeping and uses
non-preemptible RCU (the sched patch that offers the models has the
instruction counts).  And server workloads that regress under Lazy, like
the PostgreSQL throughput regression reported on LKML in April 2026 on
a 96-vCPU arm64 server and bisected to 7dadeaa6e851, get a way back in
the kernel instead of a change to the application.

The series first fixes what broke while the models could not be built.
On x86_64 without PREEMPT_COUNT, PREEMPT_NEED_RESCHED is bit 63 (since
commit 3b0e2a22d408) while the preempt_count accessors are 32-bit, so
cond_resched() never rescheduled and a static Server kernel hung in
zap_pte_range(); the x86/preempt patch uses bit 31 there, as 32-bit x86
always did.  HAS_SEPARATE_PREEMPT_RESCHED_BITS stops depending on
PREEMPT_COUNT, so that arm64 and s390 keep their layout without a
Kconfig warning.  The x86 and powerpc defconfigs lose the
CONFIG_PREEMPT_VOLUNTARY=y lines that 7.0 made inert and that would
otherwise take effect again.  The fixes come first so that every prefix
of the series builds and boots.

The sched patches then make PREEMPT_NONE and PREEMPT_VOLUNTARY
selectable again where the architecture has PREEMPT_LAZY and accept
preempt=none and preempt=voluntary there.  Every default is kept: Lazy
stays the default where the architecture supports it, and elsewhere the
choice gains "default PREEMPT_VOLUNTARY if !ARCH_NO_PREEMPT", without
which arm's multi_v7_defconfig and the mips and sparc defconfigs would
move from Voluntary to None.  Every architecture's default
defconfig and every defconfig that names a preemption model, 129 in
all, resolve to the same model with and without the series (each
resolved in both trees, Kconfig only: results/2026-12-06-defconfig-models/
in the voluntary-preempt repository; its 'make test' resolves the
defaults and every defconfig that names an entry the series makes
visible).  The
configs patch adds server.config and desktop.config for "make
x86_64_defconfig server.config" and "make ARCH=arm64 defconfig
desktop.config", which build the models statically, without
preempt_count.

The mm, jbd2, ext4, inet and futex patches are voluntary preemption
points where a task woken under the restored models waited for a long
stretch of kernel work: the page allocator's scaled pcp drain and its
high decay, a large readahead (the page cache filling the window, then
ext4 building its bios), jbd2's walks of the revoke table and ext4's
return of freed blocks to mballoc in the commit of a large truncate,
ext4's writeback of a large file (the submission of a mapped extent,
folio after folio, and the deferred completion that ends the writeback
of every folio of the io_ends an unwritten-extent conversion queued;
on a file without extents, the ext3 format's, the bio's completion ends
every folio in the disk's interrupt, which no point reaches: its length
follows what the queue had in flight, max_sectors_kb and nr_requests,
and the series leaves both alone),
the first connect()'s fill of the 256 KiB port-perturbation table, and
the wakeups of a futex broadcast to hundreds of waiters.  The points
have one form: cond_resched(), called on every pass, so that
DEBUG_ATOMIC_SLEEP's __might_resched() sees the point whether or not a
reschedule is due (but in ext4's deferred completion, which calls it
once 32 pages have ended: called after every folio, it let a task in
fsync() waiting for the next one preempt the worker each time); it is
empty in static Lazy and Full builds and returns at once in
PREEMPT_DYNAMIC's lazy and full modes.  Where work in flight must be
finished first (starting the readahead's I/O, submitting
ext4's bio), that work is done only under need_resched() &&
!preempt_model_preemptible(), tested in that order, so that a
PREEMPT_DYNAMIC kernel tests its model only when a reschedule is due.
The pcp drain, where nothing may sleep, stops the drain instead when
the model does not preempt and a reschedule is due
(and the zone is above its high watermark), and leaves the rest to the
next free and the vmstat worker.  Each changelog has the trace that
found its stretch and its measurements, and the two pcp patches say why
CONFIG_PCP_BATCH_SCALE_MAX is not the answer.  The futex changelog also
has the broadcast's waiters: with the point the first of 800 runs after
85 us instead of 1.75 ms and the median one a quarter sooner, the last
one 3-4% later.

A debug kernel of the series before its writeback points
(DEBUG_ATOMIC_SLEEP, lockdep, DEBUG_VM, transparent huge pages) ran the
harness's 19 scenarios and a readahead stress on squashfs (whose
->readahead expands the request) and ext4's large folios, with a kprobe
on each of the points' 15 sites: on x86_64 every site reached, on arm64
all but the pcp drain's stop, which that build gives no line of its own
to probe; no report of any kind on either
(results/2026-12-06-debug-kernel/ of the harness).  The debug kernel of
the whole series then ran the loads that write (streaming writes, dbench,
the truncate, the jbd2 commit, the writeback of a file past the dirty
limits, an fsync through data=journal, the syncfs of 2000 ext3-format
files) on x86_64 and arm64: both writeback points reached on each, no
report (results/2026-12-07-writeback-reliability/).

The three sched/preempt patches after them are for the PREEMPT_DYNAMIC
kernel that distributions ship, booted preempt=none: in that mode it
still called two out-of-line accessors wherever spin_needbreak() asked
for the model, tested every allocation's flags for a might_resched()
that does nothing, and, where the modes are static keys (arm64), called
that might_resched() at every might_sleep().  preempt_model_preemptible()
becomes one load, might_alloc() tests the voluntary mode's static key
first, and might_resched() tests that key inline (which helps the lazy
and full modes as much).  Their changelogs have the instruction counts
before and after; what such a kernel booted none still executes more
than a static Server build (the preempt count, preemptible RCU, the lock
functions' calls; on arm64 1.8-2.1 times as much as on x86_64 on
hackbench, perf messaging and ctxswitch) is fixed when it is built, not
by the boot parameter (Documentation/models.rst of the harness has the
attribution; the x86_64 counts were taken on kernels without
JUMP_LABEL).  might_alloc() (sched/mm.h, no MAINTAINERS entry) is mm's:
Cc linux-mm on the second.

The last patch appends "-vp" to the release of kernels built from the
series, so that benchmark reports say which kernels carry it; it is not
meant to be merged.

$subjects

Measurements
============

Slim guest kernels (x86_64) under QEMU; worst latency is cyclictest's
(SCHED_FIFO 95, 1 ms period) on the CPU of the load.  Figures from the
voluntary-preempt harness's newest run on its calibrated lane (its
kernels are the series as it was then: its README names it).  The
figures in the readahead, jbd2, ext4 and futex changelogs were measured
with those points in an earlier form, which called cond_resched() only
when need_resched() was set (and, for readahead, had no point in
page_cache_ra_order() or after a folio already in the page cache); the
present form reschedules at the same places.  What its call on every
pass costs is measured apart: on Server against the earlier form
(results/2026-12-06-point-form/), and on the PREEMPT_DYNAMIC kernel in
lazy and full mode with and without the points
(results/2026-12-06-dynamic-points/); the harness's
Documentation/fs-points.rst ("The points' form") has both.

$runinfo

Worst latency, us (max over every sample of every repeat):

$latency

Throughput, ratio of the medians of the repeats ("i/o": I/O-bound, its
rate under the icount clock is not the kernel's):

$tput

The series' goals, with 95% bootstrap intervals (throughput: the ratio;
worst latency: the worst case over the goal's bound, at most 1 to meet
it):

$goals

Reproduce
=========

In the voluntary-preempt repository (the series, its configurations and
the harness), as root on Debian:

  make bench      # fetch 7.3, apply the series, build the kernels, boot,
                  # benchmark and report (build/report/)
  make bisect     # build every prefix of the series
  make reliability  # fsck, power cuts and a lockdep/DEBUG_ATOMIC_SLEEP
                    # kernel through every workload
  make mbox       # this mail

and the run above with its command.  Every run records its clock, lane
and calibration beside its figures.  The runs behind each patch's own
figures, with their commands:

$figs

Base
====

Applies to Linux $KVER_WANT ('git am --empty=drop' skips this letter); made
and checked on ${LINUX_DEB_VERSION%%-*} as Debian's $LINUX_DEB_PKG $LINUX_DEB_VERSION
ships it (the package's sha256 begins ${LINUX_DEB_SHA256:0:16}).

EOF
	echo "$diffstat"
	echo
} >"$tmp/cover"

mkdir -p "$out"
rm -f "$out/0000-cover-letter.patch" "$out/series.mbox"
cp "$tmp/cover" "$out/0000-cover-letter.patch"
cat "$tmp/cover" "$tmp/patches.mbox" >"$out/series.mbox"
say "wrote $out/0000-cover-letter.patch and $out/series.mbox ([PATCH 0/$N] .. [PATCH $N/$N], from results/$run)"
echo "$out/series.mbox"
