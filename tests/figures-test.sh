#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# figures-test.sh [-v] [DOC...] - is every figure that a table quotes found
# in the committed summary of the run the table names?
#
# DOC defaults to README.md and Documentation/*.rst.  Tables: Markdown
# ("|" lines) and reStructuredText simple tables ("=" rules); literal
# blocks (quoted program output) are not tables and are not read.
#
# The run.  A table names its runs in the paragraph just before it, or in
# the paragraphs before that while they introduce it (end in ":"; literal
# blocks between are passed over), or in a parenthesis just after it; a
# row adds any it names; a table right after another shares its runs.  A
# run is named by a reference to results/<run>/ (a link or a path; a
# subdirectory such as results/<run>/final-form/ narrows it to that
# directory).  A README table with figures and no run named fails; a
# Documentation table without one is listed as not checked.
#
# The figures.  Every number in a table's body but for its first column
# (the row's label); not dates, times, link targets, `code`, quoted
# messages ("... for 5230 jiffies": program output, like `code`), the
# number of a CPU (CPU 1), nor numbers glued to a word (p99, ext3, x86_64,
# 2-core).
#
# Traced.  A figure is traced when a number in the run's committed summary
# (every *.json and README.md under its directory) prints as the figure at
# the figure's precision (1.017 stands for 1.0168 or 1.0170, 1.0170 for
# 1.017, 3,821 for 3821, "4.9 ms" or 4.9 under a "ms" header for 4900 µs,
# "3.8%" for a ratio of 1.038 or 0.962), and its context in the JSON has
# what the table says of the figure: the profiles its row label names and
# one of the loads its column header (or else its clause in the cell)
# names.  A figure alone (not an end of a range or a cell that lists runs)
# is not traced to the lo or hi of an interval.  Numbers in README.md
# files have no context: they trace only figures the table says nothing
# of.  A table that names several runs (the README's throughput at a
# glance quotes three) has each figure checked against each of them.
#
# Prints one line per untraced figure (DOC:LINE, the figure, its column,
# the runs looked in), "# SKIP" lines for figures not checked, then a
# "# Totals:" line; exits 1 if a figure is not traced, 0 when every one
# is.  -v also prints every traced figure, where, and with what context.
set -euo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
verbose=0
[ "${1:-}" = -v ] && verbose=1 && shift
case ${1:-} in
-h | --help) sed -n '4,/^set -e/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
esac
if [ $# -eq 0 ]; then
	set -- "$top/README.md" "$top"/Documentation/*.rst
fi
command -v jq >/dev/null || { echo "figures-test.sh: jq is not installed" >&2; exit 2; }
w=$(mktemp -d)
trap 'rm -rf "$w"' EXIT

# The tables' body cells, one per line: DOC, LINE, column header, cell,
# runs named (space-separated; empty: none), row label (the first cell).
# The runs: see the header above.
cells() {
	awk -v doc="$2" '
	function runs(s,   r, out) {
		out = ""
		while (match(s, /results\/[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]-[A-Za-z0-9._-]*(\/[A-Za-z0-9._-]+)*\/?/)) {
			r = substr(s, RSTART, RLENGTH); sub(/\/$/, "", r)
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
	# the runs a paragraph names: the paragraph of prose ending at line i
	function para_runs(i,   out) {
		out = ""
		for (; i >= 1 && kind[i] == "p"; i--) out = out " " runs(L[i])
		return trim(out)
	}
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
		if (L[i] ~ /^\(/) for (; i <= N && kind[i] == "p"; i++) r = r " " runs(L[i])
		return trim(r)
	}
	function emit(i, cell, hdr, label,   r) {
		r = trim(truns " " runs(L[i]))
		printf "%s\t%d\t%s\t%s\t%s\t%s\n", doc, i, trim(hdr), trim(cell), r, trim(label)
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
	{ sub(/\r$/, ""); L[NR] = $0 }
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
			if (L[i] ~ /^(\t|    )/ && (i == 1 || kind[i - 1] == "b" || kind[i - 1] == "l")) { kind[i] = "l"; continue }
			kind[i] = "p"
		}
		for (i = 1; i <= N; i++) {
			if (kind[i] != "t") continue
			for (last = i; last < N && kind[last + 1] == "t"; last++) ;
			truns = table_runs(i, last); truns_at[last] = truns
			if (md(i)) {
				n = split(L[i], f, "|")
				for (k = 2; k < n; k++) hdr[k] = f[k]
				for (j = i + 1; j <= last; j++) {
					if (L[j] ~ /^\|[-: |]+\|?[ \t]*$/) continue
					n = split(L[j], f, "|")
					for (k = 3; k < n; k++) emit(j, f[k], hdr[k], f[2])
				}
			} else {
				rst_cols(L[i])
				for (j = i + 1; j < last && !rule(j); j++)
					for (k = 2; k <= ncol; k++) hdr[k] = (j == i + 1 ? "" : hdr[k] " ") trim(rst_cell(L[j], k))
				for (j++; j < last; j++)
					if (!rule(j)) {
						if (trim(rst_cell(L[j], 1)) != "") label = rst_cell(L[j], 1)
						for (k = 2; k <= ncol; k++) emit(j, rst_cell(L[j], k), hdr[k], label)
					}
			}
			i = last
		}
	}' "$1"
}

# The figures of a cell, clause by clause (split at ", ", "; " and ": "
# outside parentheses): {fig, unit, value, decimals, before: the clause up
# to the figure}, a range giving both ends its unit.
defs='
def num_re: "(?:[0-9]{1,3}(?:,[0-9]{3})+(?![0-9])|[0-9]+)(?:\\.[0-9]+)?";
def unit_re: "(?:x|×|%|\\s?µs|\\s?us|\\s?ms)";
def clean: gsub("\\]\\([^)]*\\)"; "]") | gsub("`[^`]*`"; "") | gsub("\"[^\"]*\""; "") | gsub("\\bCPU ?#?[0-9]+"; "CPU")
	| gsub("[0-9]{4}-[0-9]{2}-[0-9]{2}"; "")
	| gsub("[0-9]{1,2}:[0-9]{2}"; "") | gsub("results/[^ )]*"; "");
def clauses: gsub("(?<s>[,;:]) "; "\(.s)\u0001")
	| reduce (explode[]) as $ch ({d: 0, cur: [], out: []};
		if $ch == 40 then .d += 1 | .cur += [$ch] elif $ch == 41 then .d -= 1 | .cur += [$ch]
		elif $ch == 1 then (if .d <= 0 then .out += [.cur] | .cur = [] else .cur += [32] end)
		else .cur += [$ch] end)
	| .out + [.cur] | map(implode);
def figure($u; $before; $range): {fig: ., unit: ($u // "" | gsub("\\s"; "")), value: (gsub(","; "") | tonumber),
	decimals: (if test("\\.") then (split(".")[1] | length) else 0 end), before: $before, range: $range};
def figures: clean | [clauses[] as $cl
	| $cl | match("(?<![\\w.,#])(?<a>" + num_re + ")(?:\\s?(?:-|–|\\.\\.)\\s?(?<b>" + num_re + "))?(?<u>" + unit_re
		+ ")?(?![\\w]|\\.[0-9]|-[A-Za-z])"; "g")
	| .offset as $o | [.captures[] | {(.name): .string}] | add
	| . as $m | ($m.a | figure($m.u; $cl[:$o]; $m.b != null)), ($m.b // empty | figure($m.u; $cl[:$o]; true))];
'

# 1. the cells, and the runs they name
for doc; do
	[ -f "$doc" ] || { echo "figures-test.sh: no such file: $doc" >&2; exit 2; }
	name=${doc#"$top"/}
	cells "$doc" "$name"
done >"$w/cells.tsv"

# 2. each run's summary, as {REF: {root}, ROOT: {root, values, scenarios,
#    profiles}}, ROOT the deepest directory REF names: every number in its
#    JSON files with its context (the scenario, profile, pair, base and
#    question or goal of the objects around it, the keys on its path), and
#    every number in its README.md files, without context
cut -f5 "$w/cells.tsv" | tr ' ' '\n' | sort -u | grep . >"$w/refs" || true
echo '{}' >"$w/cand.json"
while read -r ref; do
	root=$ref
	while [[ $root == results/*/* && ! -d $top/$root ]]; do root=${root%/*}; done
	[ -d "$top/$root" ] && [[ $root == results/?* ]] || root=
	{
		[ -n "$root" ] && find "$top/$root" -name '*.json' -print0 | xargs -0 -r jq -c '
			[paths(numbers) as $p | {v: getpath($p), ctx: ([range(0; $p | length) as $i | $p[:$i] as $q
				| getpath($q) | objects | (.scenario, .profile, .a, .b, .base, .question, .goal) | strings
				| splits("[ :,;()]+") | select(. != "")] + [$p[] | strings] | unique)}]'
		[ -n "$root" ] && find "$top/$root" -name '*.json' -print0 | xargs -0 -r jq -c '
			[[.. | objects | .scenario | strings] | unique | .[] | {scenario: .}],
			[[.. | objects | (.profile, .a, .b, .base) | strings] | unique | .[] | {profile: .}]'
		[ -n "$root" ] && find "$top/$root" -name README.md -print0 | xargs -0 -r cat |
			jq -R -s -c "$defs"' [figures[] | {v: .value, ctx: []}]'
		true
	} | jq -s -c --arg ref "$ref" --arg root "$root" '(add // []) as $all
		| {($ref): {root: $root}, ($root): {root: $root, values: [$all[] | select(has("v"))] | unique,
			scenarios: [$all[] | .scenario // empty] | unique, profiles: [$all[] | .profile // empty] | unique}}' >"$w/one.json"
	jq -s -c 'add' "$w/cand.json" "$w/one.json" >"$w/cand.new" && mv "$w/cand.new" "$w/cand.json"
done <"$w/refs"

# 3. every figure against the runs its table or row names: one line per
#    figure, "ok", "bad" (not traced) or "skip" (a Documentation table
#    that names no run), then the message.  A number in a run's summary
#    traces a figure when it prints as the figure and its context has what
#    the table says of the figure: the profiles its row label names
#    (Server, Desktop, Lazy, Full, dynamic, and "without" or nofs: the
#    run's Server kernel without a patch, server-nofs or server-notrunc)
#    and one of the loads its column header, or else
#    its clause, names before it (hackbench, ping-pong or context switches:
#    ctxswitch, truncate, jbd2 commit, ...).  A figure of which the table
#    says neither may be any number of the run's summary, README included.
jq -R -r --slurpfile cand "$w/cand.json" "$defs"'
	def matches($v; $f):
		(0.5 * pow(10; -$f.decimals) * (1 + 1e-9) + 1e-12) as $tol
		| [$v] + (if $f.unit == "ms" then [$v / 1000] elif $f.unit == "%" then [$v * 100, ($v - 1) * 100, (1 - $v) * 100] else [] end)
		| any(.[]; (. - $f.value) | fabs <= $tol);
	def aliases: {"ctxswitch": ["ping-pong", "context switch"], "ext3-truncate": ["truncate"],
		"jbd2-commit": ["jbd2 commit", "jbd2"], "fio-write": ["fio"], "ext3-rmtree": ["rmtree", "rm -r"],
		"ext3-sparse": ["sparse"]};
	# the loads a text names, of those the run has
	def loads($run): ascii_downcase as $t
		| [$run.scenarios[] | . as $s | select(any(([$s, ($s | gsub("-"; " "))] + (aliases[$s] // []))[];
			. as $p | $t | test("(^|[^a-z0-9-])" + $p + "($|[^a-z0-9])")))];
	# the profiles a row label names, of those the run has: a list of
	# alternatives per kernel ("without": any Server kernel without a patch
	# the run has, server-nofs or server-notrunc)
	def kernels($run): . as $l
		| ([$l | scan("\\bServer\\b")] | length) as $server
		| ([$l | scan("nofs|\\bwithout\\b")] | length) as $nofs
		| [$run.profiles[] | select(test("^server-no"))] as $nps
		| ($nps | length > 0) as $np
		| [(if $nofs > 0 and $np then $nps else empty end),
		   (if $server - (if $np then $nofs else 0 end) > 0 then ["server"] else empty end),
		   (if test("\\bDesktop\\b") then ["desktop"] else empty end),
		   (if test("\\bLazy\\b") and (test("\\bdynamic\\b") | not) then ["upstream-lazy"] else empty end),
		   (if test("\\bFull\\b") then ["upstream-full"] else empty end),
		   (if test("\\bdynamic\\b|distributions") then ["upstream-dynamic"] else empty end)]
		| map(map(select(IN($run.profiles[]))) | select(length > 0)) | unique;
	split("\t") | {doc: .[0], line: .[1], col: .[2], cell: .[3], label: .[5],
		runs: (.[4] | split(" ") | map(select(. != "") | ($cand[0][.].root // "") as $r
			| if $r == "" then "\(.) (no such run)" else $r end) | unique)}
	| . as $c
	| (.cell | figures | map(if .unit == "" and ($c.col | test("(^|[^A-Za-z])ms([^A-Za-z]|$)")) then .unit = "ms" else . end)) as $figs
	# a figure alone (not an end of a range, not in a cell that lists runs,
	# "441, 470, 471", not under a header that says min, max or range) is a
	# central value: not the lo or hi of an interval
	| (($c.cell | clean | test("^[0-9.,; ]+$") and ($figs | length) > 1)
	   or ($c.col | test("min|max|range|worst|best"; "i"))) as $many
	| $figs[]
	| . as $f
	| (.range or $many) as $ends
	| "\($c.doc):\($c.line): \($f.fig)\($f.unit) (\($c.col))" as $where
	| if ($c.runs | length) == 0 then
		if ($c.doc | test("[.]rst$")) then "skip\t\($where): the table names no run"
		else "bad\t\($where): not traced: the table names no run" end
	  else
		[$c.runs[] | . as $r | $cand[0][$r] // {values: [], scenarios: [], profiles: []} | . as $run
		 | ($c.label | kernels($run)) as $k
		 | ($c.col | loads($run)) as $lc | (if ($lc | length) > 0 then $lc else ($f.before | loads($run)) end) as $ld
		 | select(any($run.values[]; . as $x
			| matches($x.v; $f) and all($k[]; any(.[]; IN($x.ctx[]))) and (($ld | length) == 0 or any($ld[]; IN($x.ctx[])))
			  and ($ends or (any($x.ctx[]; . == "lo" or . == "hi") | not))))
		 | "\($r)\(if ($k + $ld | length) > 0 then " (\(($k | map(join("|"))) + $ld | join(", ")))" else "" end)"] as $found
		| if ($found | length) > 0 then "ok\t\($where) in \($found | join(", "))"
		  else "bad\t\($where): not traced in \($c.runs | join(", "))" end
	  end' "$w/cells.tsv" >"$w/out"

total=$(wc -l <"$w/out")
bad=$(grep -c '^bad' "$w/out" || true)
skip=$(grep -c '^skip' "$w/out" || true)
sed -n 's/^bad\t//p' "$w/out"
sed -n 's/^skip\t/# SKIP /p' "$w/out"
[ "$verbose" = 0 ] || sed -n 's/^ok\t/# ok /p' "$w/out"
echo "# Totals: $total figures in the tables of $# files: $((total - bad - skip)) traced, $bad not traced, $skip not checked (no run named)"
[ "$bad" -eq 0 ]
