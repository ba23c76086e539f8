#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# figures-test.sh [-v] [--top DIR] [DOC...] - is every figure that a table
# quotes found, as what the table says it is, in the committed summaries of
# the one run the table names for it?
# figures-test.sh [--top DIR] --facts RUN... - what each run's summaries
# hold: one line per run, its numbers by statistic and its kernels.
#
# DOC defaults to README.md and Documentation/*.rst; runs (results/<run>/)
# are looked up under DIR (default: the top of this tree).  Tables:
# Markdown ("|" lines) and reStructuredText simple tables ("=" rules) with
# a header; a table of two rules has none (a term and its description,
# prose like a literal block) and is not read, nor are literal blocks.
#
# The run.  A table names its runs in the paragraph just before it, or in
# the paragraphs before that while they introduce it (end in ":"; literal
# blocks between are passed over), or in a parenthesis just after it; a
# row that names runs names its own; a table right after another shares
# its runs.  A run is named by a reference to results/<run>/ (a link or a
# path; a subdirectory such as results/<run>/final-form/ narrows it to that
# directory, and stands for a run named beside it that contains it).  A
# figure is traced in ONE run: the first of those named that has the
# figure's kernel; of several that have it, the one whose directory the
# row names (data=journal: data-journal/).  A second named run that holds
# the figure does not trace it.  A README table with figures and no run
# named fails; a Documentation table without one is listed as not checked.
#
# The summaries.  Only the *.json files under the run's directory: its
# README.md restates figures in prose and is not a source.  Every number in
# them, with what the JSON says of it:
#   kernel     "profile", "kernel" (not a release), "model", a key of
#              "kernels" (its "what" names the model), a ratio's pair; and
#              whether it lacks a patch: a profile named *-no*, before,
#              *-cur, or a run so named (nofs-trunc-1 of profile server,
#              "patch": false)
#   load       "scenario", "experiment", the directories under the run, the
#              keys of a map of things (inspect.json's "functions")
#   statistic  ratio: "value" of an object naming a pair (a and b:
#                questions.json, goals.json; "ratio": "X / Y": ratios.json;
#                "question": "..., X / Y"; a vp-stats result names none),
#                tput_rel.median and max_rel (the profile over the summary's
#                "base"), stretches.json's "ratio" (over the goal); their lo
#                and hi are the interval's ends, quoted only as a range
#              median, min, max: the median, lo and hi of a set of runs
#                (summary.json's max_us, tput, ...; "values" are its runs),
#                *_median, *_worst, all.max
#              run: one run's number: "values"; with_point(s), this_form (the
#                ratio's kernel) and without_point(s), earlier_form (its
#                base); any number of an object with a rep, run or boot
#                (repeats.json, boots.json, timerlat.json, the summary.json
#                of points-lane, jbd2-ext4, point-form, dynamic-points,
#                futex-waiters), whose groups (kernel, load, clock,
#                environment) also give their median, min, max, and counts
#                of runs, of runs ended ok and of the others
#              count: runs, ok, clean, workloads, boots, cuts_*, splats,
#                points_reached, a "status" map's counts, ...
#              value: anything else (inspect.json, drain.json,
#                hotspots.json, bisect.json, debug-points.json, ...)
#   A setting of the run (want, level, seed, threshold_us, vcpus, ...) is
#   not a figure.  Formats read: bench runs (bench.json, report/*.json,
#   repeats.json, hotspots), inspect, bisect, reliability and debug-kernel
#   (summary.json, integrity.json, powercut/, debug*.json, runs.json),
#   points-lane, jbd2-ext4, point-form, dynamic-points, futex-waiters
#   (summary.json, ratios.json), vmstat-decay and arm64-floor (boots.json,
#   stretch-events), dynamic-modes, defconfig-models, mem-pressure
#   (vp-stats results), timerlat; --facts shows what each holds.
#
# The figures.  Every number of a table, header and first column included,
# but dates, times, link targets, `code`, quoted messages, the number of a
# CPU (CPU 1), numbers glued to a word (p99, ext3, 400MB, x86_64), a
# kernel's version (7.3 Lazy), and, in a header or first column, a setting
# (400 MB, 100 Hz, 1 vCPU, 2000 files: what ran, not what was measured;
# a tick rate names the kernel) and a goal's terms (from "goal" on: set
# before the run).  A count of runs there ("(7)", "(6 runs)", "second 5")
# is the number of runs of its row's kernel (of some kernel, in a header).
#
# Traced.  A number of the run's summaries traces a figure when it prints
# as the figure at its precision (1.017 for 1.0168; 3,821 for 3821; "4.9
# ms" or 4.9 under a "ms" header for 4900 µs) and it is what the table says
# the figure is:
#   statistic  by the cell's shape: "M (L..H)" or "L..H (M)" a median, its
#              min and max; "L..H" or "L-H" a min and max; "a, b, c" one
#              figure per run (of three runs or fewer, the min, median and
#              max are the runs); "A of B" or "A / B" a count (of an outcome
#              the cell or header names: finished, clean, survived or hung,
#              failed) and its total; else by the first of the figure's
#              clause, its column's header and its row's label that says
#              median, worst (max, longest) or min (best); else a median of
#              runs, or the one value (one run, a count, a plain value)
#   measure    worst, max, cyclictest or latency: the worst latency (max_us,
#              cyclictest max); traced: a trace's stretch; floor; p99;
#              throughput (files/s, runs/s): a throughput; truncate or fsync
#              under "ms": the load's time; said by the clause, header or
#              label, else by the caption (the last sentence of the
#              paragraph that introduces the table, and a parenthesis after)
#   kernel     the kernel the clause, header or label names: a profile
#              (server-nofs), else Server or PREEMPT_NONE, Desktop or
#              PREEMPT_VOLUNTARY, Lazy, Full, dynamic or distributions (in
#              the mode named, lazy by default); "without", "before", nofs
#              or "Kconfig only": the kernel without the patch at hand, and
#              only then; "with": not that one; "N Hz": that tick rate
#   ratio      a figure under "A ÷ B" (or "A / B", "A over B", "A vs B"
#              naming two kernels), in a column "x" or "ratio" (A: the
#              kernel of the nearest column to its left that names one),
#              with a unit x ("1.02x Lazy's": B after it), in a table with
#              a base row (its cells all a bare 1: its kernel is B; of
#              several, the one of A's model; the 1s are the base itself),
#              or a signed percentage.  The number must be a ratio of A
#              over B: 0.963 does not trace "Server ÷ Lazy" = 1.038.  B not
#              named: the caption's ("relative to X", "the ratio to X"),
#              else any (the summary's base)
#   sign       +3.8% is a ratio of 1.038, -3.8% (or 3.8% slower, less,
#              costs) one of 0.962; an unsigned percentage is a share (97%
#              for 0.97), never a change
#   load       the loads its header names, else its label, else its clause,
#              of those the run has (ping-pong: ctxswitch, rm -r:
#              ext3-rmtree, ...)
#   clock      tcg, icount or kvm where its row or header names one
#
# Prints one line per untraced figure (DOC:LINE, the figure, its column,
# the run looked in and what was looked for), "# SKIP" lines for figures
# not checked, then a "# Totals:" line; exits 1 if a figure is not traced,
# 0 when every one is.  -v also prints every traced figure, where, and the
# number that traces it.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
runs_top=$top
verbose=0 facts=0
while [ $# -gt 0 ]; do
	case $1 in
	-v) verbose=1 ;;
	--top) runs_top=$(cd "${2:?--top needs a directory}" && pwd); shift ;;
	--facts) facts=1 ;;
	-h | --help) sed -n '4,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
	-*) echo "usage: figures-test.sh [-v] [--top DIR] [DOC...] | [--top DIR] --facts RUN..." >&2; exit 2 ;;
	*) break ;;
	esac
	shift
done
command -v jq >/dev/null || { echo "figures-test.sh: jq is not installed" >&2; exit 2; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# The tables' cells, one per line: DOC, LINE, ROLE (head: a header, label:
# a row's first cell, body), COLUMN, its header, the cell, the runs the
# table names, the runs the row names, the row's label, the caption (the
# paragraph before the table, \036, a parenthesis after it), the table's
# first line, its headers (\037 between), the row.
cells_awk=$(cat <<'EOF'
	function runs(s,   r, out) {
		out = ""
		while (match(s, /results\/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]-[A-Za-z0-9._-]*(\/[A-Za-z0-9._-]+)*\/?/)) {
			r = substr(s, RSTART, RLENGTH); sub(/[\/.]+$/, "", r)
			if (index(" " out " ", " " r " ") == 0) out = out (out == "" ? "" : " ") r
			s = substr(s, RSTART + RLENGTH)
		}
		return out
	}
	function trim(s) { gsub(/^[ \t]+|[ \t]+$/, "", s); return s }
	function blank(i) { return L[i] ~ /^[ \t]*$/ }
	function md(i) { return L[i] ~ /^\|/ }
	function rule(i) { return L[i] ~ /^=+( +=+)+[ \t]*$/ }
	function heading(i) { return L[i] ~ /^#/ || L[i] ~ /^[=~^"-][=~^"-][=~^"-]+[ \t]*$/ }
	# the text of the paragraph of prose ending at line i
	function para(i,   out) {
		out = ""
		for (; i >= 1 && kind[i] == "p"; i--) out = trim(L[i]) " " out
		return trim(out)
	}
	# the runs a paragraph names, in the order it names them
	function para_runs(i) { return runs(para(i)) }
	# the runs of a table just before it (only blank lines between), else
	# of the paragraph before it, and of the ones before that while they
	# introduce what follows (end in ":"); else of a parenthesis just after
	function table_runs(first, last,   i, r) {
		for (i = first - 1; i >= 1 && kind[i] == "b"; i--) ;
		if (i >= 1 && kind[i] == "t") return truns_at[i]
		for (; i >= 1 && kind[i] != "t" && kind[i] != "h"; i--)
			if (kind[i] == "p" && (i == N || kind[i + 1] != "p")) {
				r = para_runs(i)
				if (r != "") return r
				if (L[i] !~ /:[ \t]*$/) break
			}
		r = ""
		for (i = last + 1; i <= N && kind[i] == "b"; i++) ;
		if (L[i] ~ /^\(/) for (; i <= N && kind[i] == "p"; i++) r = r " " L[i]
		return runs(r)
	}
	# the caption: the paragraph that introduces the table (the last one
	# before it, literal blocks passed over), and a parenthesis just after
	# it; a table right after another shares its caption
	function caption(first, last,   i, c) {
		for (i = first - 1; i >= 1 && kind[i] == "b"; i--) ;
		if (i >= 1 && kind[i] == "t") return cap_at[i]
		c = ""
		for (; i >= 1 && (kind[i] == "b" || kind[i] == "l"); i--) ;
		if (i >= 1 && kind[i] == "p") c = para(i)
		c = c "\036"
		for (i = last + 1; i <= N && kind[i] == "b"; i++) ;
		if (L[i] ~ /^\(/) { for (; i <= N && kind[i] == "p"; i++) c = c " " trim(L[i]) }
		gsub(/\t/, " ", c)
		return trim(c)
	}
	# one cell: DOC LINE ROLE COLUMN HEADER CELL TABLE-RUNS ROW-RUNS LABEL
	# CAPTION TABLE HEADERS ROW
	function emit(i, role, k, cell, hdr, label, row) {
		printf "%s\t%d\t%s\t%d\t%s\t%s\t%s\t%s\t%s\t%s\t%d\t%s\t%s\n", doc, i, role, k, trim(hdr), trim(cell),
			truns, runs(row), trim(label), cap, tid, hdrs, trim(row)
	}
	# an RST rule: the columns start where its runs of "=" start
	function rst_cols(s,   i) {
		ncol = 0
		for (i = 1; i <= length(s); i++)
			if (substr(s, i, 1) == "=" && (i == 1 || substr(s, i - 1, 1) == " ")) start[++ncol] = i
	}
	function rst_cell(s, k) {
		return k < ncol ? substr(s, start[k], start[k + 1] - start[k]) : substr(s, start[k])
	}
	{ sub(/\r$/, ""); gsub(/\t/, "        "); L[NR] = $0 }
	END {
		N = NR
		# every line: t (table), h (heading), b (blank), l (literal or code), p (prose)
		for (i = 1; i <= N; i++) {
			if (L[i] ~ /^```/) { fence = !fence; kind[i] = "l"; continue }
			if (fence) { kind[i] = "l"; continue }
			if (md(i)) { kind[i] = "t"; continue }
			if (rule(i)) {
				for (j = i + 1; j <= N && !rule(j); j++) kind[j] = "t"
				kind[j] = "t"
				for (j++; j <= N && !rule(j) && !blank(j); j++) kind[j] = "t"
				if (j <= N && rule(j)) kind[j] = "t"
				kind[i] = "t"; i = j; continue
			}
			if (heading(i)) { kind[i] = "h"; if (i > 1 && kind[i - 1] == "p") kind[i - 1] = "h"; continue }
			if (blank(i)) { kind[i] = "b"; continue }
			if (L[i] ~ /^(        |    )/ && (i == 1 || kind[i - 1] == "b" || kind[i - 1] == "l")) { kind[i] = "l"; continue }
			kind[i] = "p"
		}
		for (i = 1; i <= N; i++) {
			if (kind[i] != "t") continue
			for (last = i; last < N && kind[last + 1] == "t"; last++) ;
			truns = table_runs(i, last); truns_at[last] = truns
			cap = caption(i, last); cap_at[last] = cap
			tid = i
			delete hdr
			if (md(i)) {
				n = split(L[i], f, "|")
				hdrs = ""
				for (k = 2; k < n; k++) { hdr[k - 1] = f[k]; hdrs = hdrs (k > 2 ? "\037" : "") trim(f[k]) }
				for (k = 2; k < n; k++) emit(i, "head", k - 1, f[k], f[k], "", L[i])
				for (j = i + 1; j <= last; j++) {
					if (L[j] ~ /^\|[-: |]+\|?[ \t]*$/) continue
					n = split(L[j], f, "|")
					emit(j, "label", 1, f[2], hdr[1], f[2], L[j])
					for (k = 3; k < n; k++) emit(j, "body", k - 1, f[k], hdr[k - 1], f[2], L[j])
				}
			} else {
				# a table of two rules has no header: a term and its
				# description, prose (method.rst's loads); not read
				nr = 0
				for (j = i; j <= last; j++) nr += rule(j)
				if (nr < 3) { i = last; continue }
				rst_cols(L[i])
				for (j = i + 1; j < last && !rule(j); j++)
					for (k = 1; k <= ncol; k++) hdr[k] = (j == i + 1 ? "" : hdr[k] " ") trim(rst_cell(L[j], k))
				hdrs = ""
				for (k = 1; k <= ncol; k++) hdrs = hdrs (k > 1 ? "\037" : "") trim(hdr[k])
				for (k = 1; k <= ncol; k++) emit(i + 1, "head", k, hdr[k], hdr[k], "", "")
				for (j++; j < last; j++)
					if (!rule(j)) {
						if (trim(rst_cell(L[j], 1)) != "") { label = rst_cell(L[j], 1); emit(j, "label", 1, label, hdr[1], label, L[j]) }
						for (k = 2; k <= ncol; k++) emit(j, "body", k, rst_cell(L[j], k), hdr[k], label, L[j])
					}
			}
			i = last
		}
	}
EOF
)
cells() { awk -v doc="$2" "$cells_awk" "$1"; }

# What a name or a text says of a kernel: {mo: model, md: mode, hz, pw,
# tw or w: without the patch at hand}.
lib_kernels=$(cat <<'EOF'
# kernel: what a profile name says of its kernel.  mo: the model
# (server desktop lazy full dynamic, or the name), md: the mode a dynamic
# kernel was booted in, hz: a tick rate other than the default, pw: the
# name marks a kernel without a patch (server-nofs, dynamic-nofs,
# server-notrunc, before), tw: the run's own name does (nofs-trunc-1 of
# profile server)
def without_re: "^(no(?!w$|ne$)[a-z0-9]+|before|without|unfixed|cur)$";
def kernel($p):
	($p | ascii_downcase) as $p
	| ($p | split("-")) as $t
	| {id: $p,
	   mo: (if $p | test("^(upstream-)?lazy$") then "lazy"
		elif $p == "upstream-full" then "full"
		elif $p | test("dynamic") then "dynamic"
		elif $t[0] == "server" or $t[0] == "desktop" then $t[0]
		else $p end),
	   md: (if $p | test("^(server|desktop|full)-dynamic$") then {server: "none", desktop: "voluntary", full: "full"}[$t[0]] else null end),
	   hz: ([$t[] | capture("^hz(?<n>[0-9]+)$").n] | first // null),
	   pw: any($t[]; test(without_re)), tw: false};

# a kernel a text names: a profile name (server-nofs, upstream-lazy), else
# the first model it names (Server or PREEMPT_NONE, Desktop or
# PREEMPT_VOLUNTARY, Lazy, Full; "dynamic" or "distributions": the
# PREEMPT_DYNAMIC kernel, in the mode the text names, lazy by default),
# with "without", "before", "nofs" or "Kconfig only" (a kernel without
# the patch at hand), "with" (the patched one) and "N Hz" (a tick rate
# but the default 250 Hz)
def named_kernel:
	. as $t
	| ($t | [match("(?<![A-Za-z0-9_-])(upstream-(?:lazy|full|dynamic)|(?:server|desktop|full|dynamic)-[a-z0-9]+|server|desktop)(?![A-Za-z0-9_-])"; "g") | .string] | first) as $lit
	| (if $t | test("\\bwithout\\b|\\bbefore\\b|nofs|notrunc|Kconfig only") then true
	   elif $t | test("\\bwith\\b") then false else null end) as $w
	| ([$t | capture("(?<n>[0-9]+) ?Hz").n | select(. != "250")] | first // null) as $hz
	| if $lit != null then kernel($lit) + {w: (if kernel($lit).pw then true else $w end)}
	  elif $t | test("\\bdynamic\\b|distributions|PREEMPT_DYNAMIC") then
		{mo: "dynamic", w: $w, hz: $hz,
		 md: ([$t | match("\\b(Lazy|lazy|Full|full|none|Voluntary|voluntary)\\b") | .string | ascii_downcase] | first // null)}
	  else
		([$t | match("\\b(Server|PREEMPT_NONE|Desktop|PREEMPT_VOLUNTARY|Lazy|PREEMPT_LAZY|Full|PREEMPT(?![_A-Z]))\\b"; "g") | .string] | first) as $m
		| if $m == null then (if $w != null then {mo: null, w: $w, hz: $hz, md: null} else null end)
		  else {mo: {Server: "server", PREEMPT_NONE: "server", Desktop: "desktop", PREEMPT_VOLUNTARY: "desktop",
			     Lazy: "lazy", PREEMPT_LAZY: "lazy", Full: "full", PREEMPT: "full"}[$m], w: $w, hz: $hz, md: null} end
	  end;
# a ratio a text states: "A ÷ B", "A / B", "A over B", "A vs B" where both
# sides name a kernel
def named_ratio:
	[splits(" ?÷ ?| / |/(?=[A-Za-z])| over | vs\\.? ")] as $p
	| if ($p | length) == 2 and ($p[0] | named_kernel) != null and ($p[1] | named_kernel) != null
	  then {num: ($p[0] | named_kernel), den: ($p[1] | named_kernel)} else null end;
# does a kernel a text names ($s) match a kernel of a summary ($f)?  A
# profile named is that profile
def kmatch($s; $f):
	$f != null and ($s.id == null or $s.id == $f.id) and ($s.mo == null or $s.mo == $f.mo) and ($s.hz == $f.hz)
	and (if $s.mo == "dynamic" then ($s.md // "lazy") == ($f.md // "lazy") else true end)
	and (if $s.w == true then ($f.pw or $f.tw) elif $s.w == false then ($f.pw or $f.tw) | not else $f.pw | not end);
EOF
)

# Every number of a run's summaries, with its context (see the header).
lib_facts=$(cat <<'EOF'
# the words of a run's name that are not its profile's, load's or clock's:
# what tells two groups of runs of one profile apart (nofs-trunc-1,
# ext4pt-trunc-1; traced-before-1 and "patch": false)
def name_tags($o; $k):
	[($o.run, $o.group, $o.boot) | strings | ascii_downcase | splits("[^a-z0-9]+") | select(. != "" and (test("^[0-9]+$") | not))]
	- (($k.id // "") | split("-"))
	- [($o.scenario, $o.experiment, $o.clock, $o.mode) | strings | ascii_downcase | splits("[^a-z0-9]+")]
	+ (if ($o.patch | type) == "boolean" then [if $o.patch then "patch" else "nopatch" end] else [] end);

# the pair of kernels a ratio's object names: a and b, "ratio": "X / Y",
# "question": "worst latency, X / Y"; a vp-stats result without them names
# neither
def pair($o; $c):
	def two: capture("(?<a>[A-Za-z0-9_-]+) */ *(?<b>[A-Za-z0-9_-]+)") | {num: kernel(.a), den: kernel(.b)};
	if ($o.a | type) == "string" and ($o.b | type) == "string" then {num: kernel($o.a), den: kernel($o.b)}
	elif ($o.ratio | type) == "string" and ($o.ratio | test("/")) then $o.ratio | two
	elif ($o.question | type) == "string" and ($o.question | test("[A-Za-z0-9_-]+ */ *[A-Za-z0-9_-]+")) then $o.question | two
	elif ($o.stat | type) == "string" and ($o.value | type) == "number" then {num: null, den: null}
	else $c.pair end
	| if . != null and . != $c.pair then .m = (($o.metric // $o.figure // $o.what // "ratio") | tostring) else . end
	| if . != null and ($o.mode | type) == "string" then
		(if .num then .num.md = $o.mode else . end) | (if .den then .den.md = $o.mode else . end)
	  else . end;

# the context an object adds for the numbers inside it
def enter($c; $o):
	(if ($o.profile | type) == "string" then kernel($o.profile)
	 elif ($o.kernel | type) == "string" and ($o.kernel | test("^[0-9]") | not) then kernel($o.kernel)
	 elif ($o.model | type) == "string" then kernel($o.model)
	 else $c.k end) as $k0
	| name_tags($o; $k0) as $tags
	| (if $k0 != null then $k0 + {tw: ($k0.tw or any($tags[]; test(without_re)))} else null end) as $k1
	| (if $k1 != null and ($o.mode | type) == "string" then $k1 + {md: $o.mode} else $k1 end) as $k
	| $c + {k: $k,
		l: ($c.l + [($o.scenario, $o.experiment) | strings | ascii_downcase | sub(" †$"; "")] | unique),
		c: ($o.clock // $c.c), e: ($o.env // $c.e), base: ($o.base // $c.base),
		n: (if ($o.runs | type) == "number" then $o.runs elif ($o.values | type) == "array" then ($o.values | length) else $c.n end),
		pair: pair($o; $c), tags: ($c.tags + $tags)};

# one number: its statistic (a), measure (m), kernel (k) and, for a
# ratio, the kernel below (d)
def count_re: "^(runs|ok|clean|workloads|boots|cuts_tried|cuts_survived|cuts_1k_blocks|cuts_ext4|not_cut|journal_replays|splats|points|points_reached|resolved|differ|total|contaminated|excluded|run_count|wakeup_count|hits|builds|copies|entries|samples|n_a|n_b)$";
def param_re: "^(want|level|seed|resamples|runs_to_resolve|file_version|return_code|ncpu|line|probe_line|test_line|realtime|repeat|guests|vcpus|mem_mb|calib_reruns|calib_bound_us|bound_us|threshold_us|lanes|cuts_per_profile|duration_s)$";
def leaf($c; $o; $key; $v; $arr):
	($c.path[-1] // "" | tostring) as $P
	| ($c.path + [$key] | map(tostring) | join(".")) as $where
	| {v: $v, k: $c.k, d: null, l: $c.l, c: $c.c, n: $c.n, f: ($c.file + ":" + $where)} as $b
	| (if $c.rr != null then ($c.path[$c.rr:] + [$key] | map(tostring) | join(".")) else null end) as $rm
	| if $arr then
		if $key == "values" then $b + {a: "run", m: $P}
		elif $key | test("^(with_points?|this_form)$") then $b + {a: "run", m: ($o.metric // "value"), k: $c.pair.num, n: ($o.n_a // null)}
		elif $key | test("^(without_points?|earlier_form)$") then $b + {a: "run", m: ($o.metric // "value"), k: $c.pair.den, n: ($o.n_b // null)}
		else $b + {a: "value", m: $key} end
	elif $key | test(param_re) then $b + {a: "param", m: $key}
	elif $c.pair != null and ($key | IN("value", "lo", "hi", "n_a", "n_b", "a_worst_us", "b_worst_us")) then
		(($o.metric // $o.figure // $c.pair.m // "ratio") | tostring) as $m
		| if $key == "value" then $b + {a: "ratio", m: $m, k: $c.pair.num, d: $c.pair.den}
		  elif $key == "lo" or $key == "hi" then $b + {a: "ci", m: $m, k: $c.pair.num, d: $c.pair.den}
		  elif $key == "n_a" then $b + {a: "count", m: "runs", k: $c.pair.num}
		  elif $key == "n_b" then $b + {a: "count", m: "runs", k: $c.pair.den}
		  elif $key == "a_worst_us" then $b + {a: "max", m: "max_us", k: $c.pair.num}
		  else $b + {a: "max", m: "max_us", k: $c.pair.den} end
	elif $P == "tput_rel" then
		if $key == "median" then $b + {a: "ratio", m: "tput", d: (if $c.base then kernel($c.base) else null end)}
		else $b + {a: "ci", m: "tput", d: (if $c.base then kernel($c.base) else null end)} end
	elif $key == "max_rel" then $b + {a: "ratio", m: "max_us", d: (if $c.base then kernel($c.base) else null end)}
	elif $key == "ratio" then $b + {a: "ratio", m: "goal", d: {id: "goal", mo: "goal"}}
	elif ($key | IN("median", "lo", "hi")) and ($o | has("median") and has("lo") and has("hi")) then
		$b + {a: {median: "median", lo: "min", hi: "max"}[$key], m: $P}
	elif $P == "all" and ($key | IN("max", "p99", "p999")) then
		$b + {a: "max", m: (if $key == "max" then "max_us" else $key + "_us" end)}
	elif $key | test("_median(_us)?$") then $b + {a: "median", m: ($key | sub("_median"; ""))}
	elif $key | test("_worst$") then $b + {a: "max", m: ($key | sub("_worst$"; ""))}
	elif ($key | test(count_re)) or $P == "status" then $b + {a: "count", m: $key}
	elif $rm != null then $b + {a: "run", m: $rm, rid: $c.rid, ra: $c.ra, rl: $c.rl}
	else $b + {a: "value", m: (if $P != "" and ($P | test("^[0-9]+$") | not) then $P + "." + $key else $key end)} end;

# a run's summary of several runs: the median, min and max of each measure
# over a group of runs (one kernel, load, clock, environment), its count of
# runs and of runs that ended ok
def median: sort | length as $n | if $n % 2 == 1 then .[$n / 2 | floor] else (.[$n / 2 - 1] + .[$n / 2]) / 2 end;
def groups($c_file; $fs):
	$fs | group_by(.rid)[] | . as $g
	| [$g[] | select(.m == "@rec")] as $recs
	| ($recs | length) as $n
	| ($g[0] | del(.rid, .ra, .rl, .s) + {f: ($c_file + ":" + $g[0].ra + "[" + $g[0].rl + "]"), n: $n}) as $b
	| ($b + {a: "count", m: "runs", v: $n}),
	  (if any($recs[]; .s) then ($b + {a: "count", m: "ok", v: ([$recs[].v] | add)}), ($b + {a: "count", m: "failed", v: ($n - ([$recs[].v] | add))}) else empty end),
	  ($g | map(select(.m != "@rec")) | group_by(.m)[] | . as $s | [$s[].v] as $vs
	   | ($b + {m: $s[0].m}) as $bm
	   | ($bm + {a: "median", v: ($vs | median)}), ($bm + {a: "min", v: ($vs | min)}), ($bm + {a: "max", v: ($vs | max)}));

def facts($c):
	if type == "object" then
		. as $o
		| enter($c; $o) as $c
		| keys_unsorted[] as $key | $o[$key] as $v
		| if ($v | type) == "number" then leaf($c; $o; $key; $v; false)
		  elif ($v | type) == "array" and ($v | length) > 0 and all($v[]; type == "number") then $v[] | leaf($c; $o; $key; .; true)
		  elif ($v | type) == "object" or ($v | type) == "array" then
			# a map of kernels ("kernels": {"before": {...}}) names the
			# kernel of what it holds
			# a map of things of one kind ("functions": {"_raw_spin_lock":
			# {...}, ...}) names the thing (as a load; an allocator's
			# _noprof suffix left out)
			$v | facts($c + {path: ($c.path + [$key])}
				+ (if ($c.path[-1] // "") == "kernels" then
					{k: (kernel($key) | if .mo == $key and ($v.what | type) == "string" then .mo = (($v.what | named_kernel).mo // .mo) else . end)}
				   elif ($o | length) > 1 and all($o[]; type == "object" or . == null) and ($v | type) == "object"
				   then {l: ($c.l + [$key | ascii_downcase | sub("_noprof$"; "")])} else {} end))
		  else empty end
	elif type == "array" then
		# an array of runs (objects with a rep, run or boot): each run's
		# figures, then each group's summary
		($c.path | map(tostring) | join(".")) as $ra
		| [to_entries[] | .key as $i | .value
		   | if type == "object" and (has("rep") or has("run") or has("boot")) then
			. as $r | enter($c; $r) as $rc
			| ([$rc.k.id, $rc.k.tw, $rc.k.md, $rc.l, $rc.c, $rc.e, $rc.tags] | tojson) as $rid
			| ([$rc.k.id // empty] + $rc.tags + $rc.l + [$rc.c // empty, $rc.e // empty | select(. != "")] | join(" ")) as $rl
			| facts($c + {path: ($c.path + [$i]), rr: (($c.path | length) + 1), rid: $rid, ra: $ra, rl: $rl}),
			  {v: (if ($r.status // "ok") == "ok" then 1 else 0 end), s: (($r.status | type) == "string"),
			   a: "run", m: "@rec", k: $rc.k, l: $rc.l, c: $rc.c, n: null, rid: $rid, ra: $ra, rl: $rl}
		     else facts($c + {path: ($c.path + [$i])}) end] as $fs
		| ($fs[] | select(.m != "@rec") | del(.rid, .ra, .rl)),
		  groups($c.file; [$fs[] | select(.rid != null and .ra == $ra and .a == "run")])
	else empty end;
EOF
)

# Every figure of the tables, with what the table says of it.
lib_claims=$(cat <<'EOF'
# ---- the figures of a cell ----
def num_re: "(?:[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\\.[0-9]+)?";
def unit_re: "(?:x|×|%|\\s?µs|\\s?us|\\s?ms)";
def clean: gsub("\\]\\([^)]*\\)"; "]") | gsub("``[^`]*``"; "") | gsub("`[^`]*`"; "") | gsub("\"[^\"]*\""; "") | gsub("\\bCPU ?#?[0-9]+"; "CPU")
	| gsub("[0-9]{4}-[0-9]{2}-[0-9]{2}"; "")
	| gsub("[0-9]{1,2}:[0-9]{2}"; "") | gsub("results/[^ )]*"; "")
	| gsub("\\b[0-9]+\\.[0-9]+(?='s| (PREEMPT|dynamic|Lazy|Full|static|kernel))"; "");
# a goal's terms ("goal max(2x Lazy's, 1000 µs)") were set before the run:
# from "goal" on, a label or header says what was wanted, not what was
# measured
def nogoal: gsub("(?i)[,;]?\\s*\\bgoals?\\b.*$"; "");
def clauses: gsub("(?<s>[,;:]) "; "\(.s)\u0001")
	| reduce (explode[]) as $ch ({d: 0, cur: [], out: []};
		if $ch == 40 then .d += 1 | .cur += [$ch] elif $ch == 41 then .d -= 1 | .cur += [$ch]
		elif $ch == 1 then (if .d <= 0 then .out += [.cur] | .cur = [] else .cur += [32] end)
		else .cur += [$ch] end)
	| .out + [.cur] | map(implode);
def figure($u; $sg; $before; $after; $rend):
	{fig: ((if $sg == "−" then "-" else $sg // "" end) + .), unit: ($u // "" | gsub("\\s"; "") | sub("us"; "µs")),
	 value: (gsub(","; "") | tonumber | if $sg == "-" or $sg == "−" then -. else . end), signed: ($sg != null),
	 decimals: (if test("\\.") then (split(".")[1] | length) else 0 end), before: $before, after: $after, rend: $rend};
# every figure of a text, with the clause before and after it, and the
# cell's shape: "N (N..N)" a median and its range, "N..N (N)" a range and
# its median, "N, N, N" one figure per run, "N of N" and "N / N" a count
# and its total
def fig_re: "(?<![\\w.,#+−-])(?<sg>[+−]|-(?=[0-9]))?(?<a>" + num_re + ")(?:\\s?(?:-|–|\\.\\.)\\s?(?<b>" + num_re + "))?(?<u>" + unit_re
	+ ")?(?![\\w]|\\.[0-9]|-[A-Za-z])";
def figures: clean | . as $t
	| [match(fig_re; "g")] as $ms
	| (reduce $ms[] as $m ({s: "", at: 0};
		.s += $t[.at:$m.offset] + (if ($m.captures[2].string // null) != null then "R" else "N" end) | .at = $m.offset + $m.length)
	   | .s + $t[.at:] | gsub("^\\s+|\\s+$"; "")) as $skel
	| (if $skel | test("^N( ?, ?N)+( ?\\(.*\\))?$") then "list"
	   elif $skel | test("^N ?\\(R\\)$") then "mid-range"
	   elif $skel | test("^R ?\\(N\\)$") then "range-mid"
	   elif $skel | test("^R$") then "range"
	   elif $skel | test("N (of|/) ?N|N/N") then "of"
	   else "" end) as $shape
	| [clauses[] as $cl
	   | $cl | [match(fig_re; "g")][]
	   | .offset as $o | (.offset + .length) as $e
	   | [.captures[] | {(.name): .string}] | add
	   | . as $m
	   | ($m.a | figure($m.u; $m.sg; $cl[:$o]; $cl[$e:]; (if $m.b != null then "lo" else null end))),
	     ($m.b // empty | figure($m.u; null; $cl[:$o]; $cl[$e:]; "hi"))]
	| map(. + {shape: $shape})
	# in "N of N" and "N / N", the figure after "of" or "/" is the total
	| map(if .shape == "of" and (.before | test("[0-9] ?(of|/) ?$")) then .rend = "total" else . end);
# the figures of a cell "N of N" or "N / N" that says of what: a count of
# an outcome (finished, clean, survived; hung, failed) and its total
def outcome: if test("(?i)\\b(hung|hang|failed|crashed|lost|splats?)\\b") then "failed"
	elif test("(?i)\\b(finished|survived|clean|intact|ok|passed|reached)\\b") then "ok" else null end;

# ---- what a text says of the statistic and the measure ----
def stat_word:
	if test("(?i)\\bmedians?\\b") then "median"
	elif test("(?i)\\b(worst|max|maximum|longest|highest|peak)\\b") then "max"
	elif test("(?i)\\b(min|minimum|best|lowest)\\b") then "min"
	else null end;
def measure_word($unit):
	if test("(?i)\\btraced\\b") then "traced"
	elif test("(?i)\\bfloors?\\b") then "floor"
	elif test("(?i)\\bp99\\b|99th") then "p99"
	elif test("(?i)throughput|files/s|runs/s|MB/s|ops/s") then "tput"
	elif $unit == "ms" and test("(?i)truncate|fsync") then "time"
	elif test("(?i)\\b(worst|max|maximum|cyclictest)\\b|latenc") then "lat"
	else null end;
def measure_ok($mc):
	if $mc == null then true
	elif $mc == "runs" then test("^(runs|n_a|n_b)$")
	elif $mc == "total" then test("^(runs|workloads|cuts_tried|boots|total|points|n_a|n_b|resolved)$")
	elif $mc == "ok" then test("^(ok|clean|cuts_survived|points_reached)$")
	elif $mc == "failed" then test("^(failed|splats|hang|fail|timeout|crash)")
	elif $mc == "traced" then test("traced_us|max_latency_us")
	elif $mc == "floor" then test("floor")
	elif $mc == "p99" then test("p99(?!9)")
	elif $mc == "tput" then test("^tput|per_s|_ops|tps|bogo")
	elif $mc == "time" then test("truncate_us|fsync_us|load_us|usecs")
	else test("max_us|cyclictest|(^|\\.)max$|worst|^lat$|max_latency") end;

# ---- the loads a text names, of those a run has ----
def aliases: {"ctxswitch": ["ping-pong", "context switch"], "ext3-truncate": ["truncate"],
	"jbd2-commit": ["jbd2 commit", "jbd2"], "fio-write": ["fio"], "ext3-rmtree": ["rmtree", "rm -r"],
	"ext3-sparse": ["sparse"]};
def loads($vocab): ascii_downcase as $t
	| [$vocab[] | . as $s | select(any(([$s, ($s | gsub("-"; " "))] + (aliases[$s] // []))[];
		. as $p | $t | index($p) != null and test("(^|[^a-z0-9-])" + ($p | gsub("(?<c>[.+*?()\\[\\]{}|^$\\\\])"; "\\\\\(.c)")) + "($|[^a-z0-9])")))]
	# the longest name: ext3-truncate@1k-journal-1600m, not ext3-truncate
	| . as $all | map(select(. as $s | all($all[]; . == $s or (index($s) == null))));

# ---- the claims: every figure of a table, with what the table says of it ----
def settings_re: "^\\s?(MB|GB|KB|KiB|MiB|GiB|TB|files?|Hz|vCPUs?|CPUs?|jiffies|clients|threads|blocks?|KB stride)\\b";
def caption_den: [capture("(?:relative to|ratios?(?: of [^,:;()]*)? to|÷) (?<k>[^,.;:()]+)").k | named_kernel | select(. != null)] | first // null;
def left_kernel($hdrs; $col): [range($col - 2; -1; -1) as $i | $hdrs[$i] | named_kernel | select(. != null)] | first // null;
def claims:
	map(split("\t") | {doc: .[0], line: (.[1] | tonumber), role: .[2], col: (.[3] | tonumber), hdr: .[4], cell: .[5],
		truns: (.[6] | split(" ") | map(select(. != ""))), rruns: (.[7] | split(" ") | map(select(. != ""))),
		label: .[8], cap: .[9], tid: (.[10] | tonumber), hdrs: (.[11] | split("\u001f")), row: .[12]})
	| group_by([.doc, .tid])[]
	| . as $table
	# base rows: rows whose every cell is a bare 1 name the kernel the
	# table's ratios are to (models.rst: "Lazy, static  1  1  1  1")
	| [$table | map(select(.role == "body")) | group_by(.line)[]
	   | select(all(.[].cell; test("^\\s*1\\s*$")))
	   | .[0] | {line, k: (.label | nogoal | named_kernel)} | select(.k != null)] as $bases
	| $table[]
	| . as $c
	| ($c.label | nogoal) as $lab
	| ($c.hdr | nogoal) as $hdr
	| ([$c.row, $c.hdr] | join(" ") | [match("\\b(tcg|icount|kvm)\\b") | .string] | first // null) as $clock
	| (if ($c.rruns | length) > 0 then $c.rruns else $c.truns end) as $runs
	| ($c.cap | split("\u001e") | (.[0] | [splits("[.:]\\s+(?=[A-Z(`])")] | map(select(test("\\S"))) | last // "") + " " + (.[1] // "")) as $cap
	| ($c.cell | if $c.role == "body" then . else nogoal end | figures
	   | map(if .unit == "" and ($c.hdr | test("(^|[^A-Za-z])ms([^A-Za-z]|$)")) then .unit = "ms" else . end)) as $figs
	| $figs[] as $f
	| {doc: $c.doc, line: $c.line, role: $c.role, col: $c.hdr, hdr: $hdr, label: $lab, cap: $cap, runs: $runs, clock: $clock,
	   fig: ($f.fig + $f.unit), value: $f.value, unit: $f.unit, decimals: $f.decimals, signed: $f.signed,
	   before: $f.before, after: $f.after} as $b
	| if $c.role != "body" then
		# a header or a first column: a setting (400 MB, 100 Hz,
		# 1 vCPU) names what ran, not what was measured; a count of
		# runs ("(7)", "(6 runs)", "second 5") is the runs' count
		if $f.after | test(settings_re) then empty
		elif ($f.before | test("\\($|second $")) and ($f.after | test("^(\\)| runs?\\)| boots?\\))"))
		     or ($f.before | test("second $")) or ($f.after | test("^ (runs|boots)\\b")) then
			$b + {agg: "count", mc: "runs", k: (if $c.role == "label" then $lab | named_kernel else null end),
			      ltexts: (if $c.role == "head" then [$hdr] else [] end), ratio: false}
		else $b + {agg: "dflt", mc: null, k: ($lab | named_kernel), ltexts: [$hdr, $lab], ratio: false} end
	  elif any($bases[]; .line == $c.line) then
		$b + {base: ($lab | named_kernel), ratio: false}
	  else
		($lab | named_ratio) as $lr | ($hdr | named_ratio) as $hr
		| ($hdr | test("^(x|×|ratio)(\\s|$)")) as $hratio
		| ($f.after | sub("^\\s*"; "") | named_kernel) as $after_k
		| (($f.unit | IN("x", "×")) or $lr != null or $hr != null or $hratio or ($bases | length) > 0
		   or ($f.unit == "%" and ($f.signed or ([$f.before, $f.after] | join(" ") | test("(?i)\\b(more|faster|ahead|gains?|higher|less|slower|behind|costs?|lower|fewer)\\b"))))) as $ratio
		| ($f.before | named_kernel) as $clause_k
		| (if $ratio then
			($lr.num // $hr.num // $clause_k // (if $hratio then null else $hdr | named_kernel end) // ($lab | named_kernel)
			 // (if $hratio then left_kernel($c.hdrs; $c.col) else null end)) as $num
			| {num: $num,
			   den: ($lr.den // $hr.den // (if $hratio then $hdr | sub("^(x|×|ratio)\\s*"; "") | named_kernel else null end)
				// (if $f.unit | IN("x", "×") then $after_k else null end)
				// ([$bases[] | select($num != null and .k.mo == $num.mo) | .k] | first)
				// ($bases[0].k // null) // ($cap | caption_den))}
		   else {k: ($clause_k // ($hdr | named_kernel) // ($lab | named_kernel))} end) as $ks
		| ([[$c.cell, $hdr][] | outcome | select(. != null)] | first // null) as $outcome
		| (if $f.shape == "of" then (if $outcome != null then "count" else "cv" end)
		   elif $ratio then (if $f.rend != null then "ratio-end" else "ratio" end)
		   elif $f.shape == "list" then "run"
		   elif $f.rend == "lo" then "min" elif $f.rend == "hi" then "max"
		   elif $f.shape | IN("mid-range", "range-mid") then "median"
		   else ([[$f.before, $hdr, $lab][] | stat_word | select(. != null)] | first // "dflt") end) as $agg
		| (if $f.shape != "of" or $outcome == null then null
		   elif $f.rend == "total" then "total"
		   else ([[$f.after, $hdr][] | outcome | select(. != null)] | first // null) end) as $of_mc
		| ($of_mc // ([$f.before, $hdr, $lab, (if ($f.unit | IN("ms", "%", "x", "×") | not) and $f.shape != "of" then $cap else empty end)]
		   | map(measure_word($f.unit) | select(. != null)) | first // null)) as $mc
		| (if $f.unit == "%" and ($f.signed | not) then
			([$f.before, $f.after] | join(" ")
			 | if test("(?i)\\b(more|faster|ahead|gains?|higher)\\b") then 1 elif test("(?i)\\b(less|slower|behind|costs?|lower|fewer)\\b") then -1 else null end)
		   else null end) as $pct_sign
		| $b + $ks + {agg: $agg, mc: $mc, ratio: $ratio, ltexts: [$hdr, $lab, $f.before],
			value: (if $pct_sign == -1 then -$f.value else $f.value end), signed: ($f.signed or $pct_sign != null)}
	  end;
EOF
)

# A figure against the summaries of its run.
lib_trace=$(cat <<'EOF'

# ---- tracing ----
# the values of a summary that print as a figure, at its precision (1.017
# stands for 1.0168 or 1.0170; "4.9 ms" or 4.9 under a "ms" header for
# 4900 µs; a signed percentage for a ratio: +3.8% for 1.038, -3.8% for
# 0.962; an unsigned one for a share, 97% for 0.97)
def spans:
	(0.5 * pow(10; -.decimals) * (1 + 1e-9) + 1e-12) as $tol
	| .value as $x
	| if .unit == "ms" then [{lo: (($x - $tol) * 1000), hi: (($x + $tol) * 1000), only: null}]
	  elif .unit == "%" then
		if .signed then [{lo: (1 + ($x - $tol) / 100), hi: (1 + ($x + $tol) / 100), only: "ratio"}]
		else [{lo: (($x - $tol) / 100), hi: (($x + $tol) / 100), only: "share"}, {lo: ($x - $tol), hi: ($x + $tol), only: "pct"}] end
	  else [{lo: ($x - $tol), hi: ($x + $tol), only: null}] end;
def value_ok($spans):
	. as $f
	| any($spans[]; $f.v >= .lo and $f.v <= .hi
		and (.only == null or (.only == "ratio" and ($f.a == "ratio" or $f.a == "ci"))
		     or (.only == "share" and ($f.m | test("share|frac"))) or (.only == "pct" and ($f.m | test("pct")))));
def agg_ok($w; $a; $n): ($n == 1) as $one |
	if $w == "ratio" then $a == "ratio"
	elif $w == "ratio-end" then $a == "ratio" or $a == "ci"
	elif $w == "run" then $a == "run" or ($one and ($a | IN("value", "max", "min", "median")))
		or (($n // 9) <= 3 and ($a == "min" or $a == "max" or ($a == "median" and $n == 3)))
	elif $w == "median" then $a == "median" or ($one and ($a | IN("run", "value", "max", "min")))
	elif $w == "max" then $a == "max" or $a == "value" or ($one and ($a | IN("run", "median", "min")))
	elif $w == "min" then $a == "min" or ($one and ($a | IN("run", "median", "max")))
	elif $w == "count" then $a == "count"
	elif $w == "cv" then $a == "count" or $a == "value"
	else ($a | IN("median", "value", "count")) or ($one and ($a | IN("run", "max", "min"))) end;
def kname: if . == null then "any kernel" else
	(.id // .mo // "a kernel") + (if .md != null and .mo == "dynamic" then " (" + .md + ")" else "" end)
	+ (if .hz != null and .id == null then " " + .hz + " Hz" else "" end)
	+ (if .w == true and ((.id // "") | test("no|before") | not) then " without" elif .w == false then " with" else "" end) end;
def aggname: {dflt: "median or the one value", cv: "count or value", "ratio-end": "ratio or its interval"}[.] // .;

# the run a figure is traced in: of the runs its row (else its table)
# names, a run that another one named contains stands for the narrower
# one; the first that has the figure's kernel, or of several the one whose
# directory the row names (data=journal: data-journal/)
def bind($cand; $runs; $k; $lab):
	[$runs[] | $cand.refs[.] // ("?" + .)] | reduce .[] as $r ([]; if IN(.[]; $r) then . else . + [$r] end)
	| . as $all | map(select(. as $r | all($all[]; . == $r or (startswith($r + "/") | not))))
	| . as $roots
	| [$roots[] | select($k == null or any($cand.runs[.].kernels[]?; kmatch($k; .)))] as $has
	| ([$lab | ascii_downcase | gsub("="; "-") | splits("[ ,;()]+") | select(length >= 4 and test("[a-z]"))]) as $terms
	| if ($has | length) > 1 then ([$has[] | select(. as $r | any($terms[]; . as $t | $r | index($t) != null))] + $has)[0]
	  elif ($has | length) == 1 then $has[0] else $roots[0] // null end;

def trace($cand):
	. as $c
	| "\($c.doc):\($c.line): \($c.fig) (\($c.col))" as $where
	| if ($c.runs | length) == 0 then
		if $c.doc | test("[.]rst$") then "skip\t\($where): the table names no run"
		else "bad\t\($where): not traced: the table names no run" end
	  else
		(if $c.ratio then $c.num else ($c.k // $c.base) end) as $k
		| bind($cand; $c.runs; $k; $c.label) as $root
		| if $root == null or ($root | startswith("?")) then "bad\t\($where): not traced: no such run: \($c.runs | join(", "))"
		  else $cand.runs[$root] as $run
		  | ([($c.ltexts // [])[] | loads($run.vocab) | select(length > 0)] | first // []) as $ld
		  | if $c.base != null then
			# a bare 1 in the row of the kernel the ratios are to: the
			# base itself
			if any($run.kernels[]; kmatch($c.base; .)) then "ok\t\($where) in \($root): the base of the table's ratios (\($c.base | kname))"
			else "bad\t\($where): not traced in \($root): no \($c.base | kname) for the base of the table's ratios" end
		    else
			($c | spans) as $spans
			| ([$spans[].lo] | min) as $lo | ([$spans[].hi] | max) as $hi
			| [$run.facts[]
			 | select(.v >= $lo and .v <= $hi and value_ok($spans) and agg_ok($c.agg; .a; .n)
				and (.m | measure_ok($c.mc))
				and (if $c.ratio then ($c.num == null or kmatch($c.num; .k)) and ($c.den == null or kmatch($c.den; .d))
				     else $k == null or kmatch($k; .k) end)
				and (($ld | length) == 0 or any(.l[]; IN($ld[])))
				and ($c.clock == null or .c == null or .c == $c.clock))] as $hits
			| ((if $c.ratio then "\($c.num | kname) ÷ \($c.den | kname)" else $k | kname end)
			   + ", " + ($c.agg | aggname) + (if $c.mc then " of " + $c.mc else "" end)
			   + (if ($ld | length) > 0 then ", " + ($ld | join("|")) else "" end)
			   + (if $c.clock then ", " + $c.clock else "" end)) as $want
			| if ($hits | length) > 0 then "ok\t\($where) in \($root) (\($want)): \($hits[0].f)"
			  else "bad\t\($where): not traced in \($root) (\($want))" end
		    end
		  end
	  end;
EOF
)

# a run's summaries: {facts, kernels, vocab: its loads}
lib_run=$(cat <<'EOF'
	[inputs | input_filename as $fn | ($fn | ltrimstr($root + "/")) as $file
	 | ($file | split("/") | .[:-1] | map(select(. != "report"))) as $dirs
	 | facts({path: [], l: $dirs, tags: [], k: null, pair: null, file: $file, n: null, base: null, c: null, e: null})
	 | del(.rid, .ra, .rl)]
	| . as $fs
	| ([$fs[].k | select(. != null)] | unique) as $ks
	| {facts: $fs, kernels: $ks, vocab: ([$fs[].l[]] | unique - [$ks[].id])}
EOF
)
run_facts() {
	find "$runs_top/$1" -name '*.json' -print0 | sort -z |
		xargs -0 -r jq -n -c --arg root "$runs_top/$1" "$lib_kernels $lib_facts $lib_run"
}

# the run a reference names: the deepest directory of it that exists
resolve() {
	local root=$1
	while [[ $root == results/*/* && ! -d $runs_top/$root ]]; do root=${root%/*}; done
	[ -d "$runs_top/$root" ] && [[ $root == results/?* ]] && echo "$root"
}

if [ "$facts" = 1 ]; then
	[ $# -gt 0 ] || { echo "figures-test.sh: --facts needs a run" >&2; exit 2; }
	for ref; do
		ref=${ref#"$runs_top"/}
		root=$(resolve "${ref%/}") || { echo "figures-test.sh: no such run: $ref" >&2; exit 2; }
		run_facts "$root" | jq -r --arg root "$root" '"\($root): \(.facts | length) numbers (\([.facts | group_by(.a)[] | "\(length) \(.[0].a)"] | join(", "))), kernels: \([.kernels[] | .id + (if .md then "@" + .md else "" end) + (if .tw then " (a run without)" else "" end)] | unique | join(" "))"'
	done
	exit 0
fi

if [ $# -eq 0 ]; then
	set -- "$top/README.md" "$top"/Documentation/*.rst
fi

# 1. the cells, and what they say of their figures
for doc; do
	[ -f "$doc" ] || { echo "figures-test.sh: no such file: $doc" >&2; exit 2; }
	name=$(cd "$(dirname "$doc")" && pwd)/$(basename "$doc")
	cells "$doc" "${name#"$top"/}"
done >"$w/cells.tsv"
jq -R -n -c "$lib_kernels $lib_claims"'[inputs] | [claims]' "$w/cells.tsv" >"$w/claims.json"

# 2. the runs they name, and each run's summaries (a run at a time per CPU)
jq -r '[.[].runs[]] | unique[]' "$w/claims.json" >"$w/refs"
while read -r ref; do
	root=$(resolve "$ref") || continue
	printf '%s\t%s\n' "$ref" "$root"
done <"$w/refs" >"$w/roots"
mkdir "$w/runs"
cut -f2 "$w/roots" | sort -u | awk '{ print NR "\t" $0 }' >"$w/runs.tsv"
export runs_top lib_kernels lib_facts lib_run w
export -f run_facts
# shellcheck disable=SC2016 # expanded by the bash that xargs runs
tr '\t\n' '\0\0' <"$w/runs.tsv" |
	xargs -0 -r -n 2 -P "$(nproc 2>/dev/null || echo 2)" bash -c 'run_facts "$2" >"$w/runs/$1.json"' _
{
	jq -R -c 'split("\t") | {refs: {(.[0]): .[1]}}' "$w/roots"
	while IFS=$'\t' read -r n root; do
		jq -c --arg root "$root" '{runs: {($root): .}}' "$w/runs/$n.json"
	done <"$w/runs.tsv"
} | jq -s -c 'reduce .[] as $x ({refs: {}, runs: {}}; .refs += ($x.refs // {}) | .runs += ($x.runs // {}))' >"$w/cand.json"

# 3. every figure against its run: "ok", "bad" (not traced) or "skip" (a
#    Documentation table that names no run), then the message
jq -r -n --slurpfile cand "$w/cand.json" --slurpfile claims "$w/claims.json" "$lib_kernels $lib_claims $lib_trace"'
	$cand[0] as $cand | $claims[0][] | trace($cand)' >"$w/out"

total=$(wc -l <"$w/out")
bad=$(grep -c '^bad' "$w/out" || true)
skip=$(grep -c '^skip' "$w/out" || true)
sed -n 's/^bad\t//p' "$w/out"
sed -n 's/^skip\t/# SKIP /p' "$w/out"
[ "$verbose" = 0 ] || sed -n 's/^ok\t/# ok /p' "$w/out"
echo "# Totals: $total figures in the tables of $# files: $((total - bad - skip)) traced, $bad not traced, $skip not checked (no run named)"
[ "$bad" -eq 0 ]
