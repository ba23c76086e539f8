# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# tests/engine.sh - the engine of the test suites, sourced by tests/run.sh;
# in the style of the kernel's tools/tracing/rtla/tests/engine.sh.
#
# A suite is a table of lines (tests/check.sh, tests/boot.sh):
#
#   check [needs=A,B] [gives=C] "description" "command" expected-exit output-regex [timeout]
#
# expected-exit is a number or "nz" (any failure).  The command runs under
# bash -c in the top directory with a timeout in seconds (default 300) and
# must exit as expected and print something that matches output-regex
# (grep -E on stdout and stderr together; '' matches anything).
#
# needs= says what the check uses, and so what must come before it: a
# product that an earlier check gives= (a product comes when its check
# passes), or a condition a table declares with
#
#   have NAME "shell test" "why the checks that need it are skipped"
#
# A check whose product did not come, or whose condition does not hold, is
# skipped and says why.  A need that neither an earlier check nor a 'have'
# provides is an error of the table: checks are ordered by what their
# needs= write down, not by what happens to come first.
#
# The tables are read first (engine_suite): their checks are only
# recorded, so that the plan comes first, as in kselftest.  engine_list
# prints the numbered table; engine_run runs it and prints TAP:
#
#   TAP version 13
#   1..N
#   ok N description # 12s
#   not ok N description         (then the command, its exit and output as # lines)
#   ok N description # SKIP why
#   # Totals: pass:N fail:N xfail:0 xpass:0 skip:N error:0
#   N passed, N failed

E_SUITE=() E_DESC=() E_CMD=() E_WANT=() E_RE=() E_TMO=() E_NEEDS=() E_GIVES=()
declare -A E_GIVER=() E_HAVE=() E_WHY=() E_HELD=()
E_STATUS=()
e_suite=

# engine_bail MESSAGE: a table that cannot be run (nothing of it ran: the
# output still ends with the summary line, one failure)
engine_bail() {
	echo "Bail out! $*"
	echo "0 passed, 1 failed"
	exit 2
}

# engine_suite NAME FILE: read the table FILE as suite NAME
engine_suite() {
	e_suite=$1
	# shellcheck source=/dev/null
	. "$2"
}

have() {
	[ $# -eq 3 ] || engine_bail "have $1: expected NAME TEST WHY"
	E_HAVE[$1]=$2
	E_WHY[$1]=$3
}

check() {
	local needs='' gives='' n
	while [[ ${1:-} =~ ^(needs|gives)= ]]; do
		case $1 in
		needs=*) needs=${1#needs=} ;;
		gives=*) gives=${1#gives=} ;;
		esac
		shift
	done
	[ $# -eq 4 ] || [ $# -eq 5 ] ||
		engine_bail "check '${1:-}': expected DESCRIPTION COMMAND EXIT REGEX [TIMEOUT], got $# fields"
	[[ $3 =~ ^([0-9]+|nz)$ ]] || engine_bail "check '$1': expected exit '$3' is not a number or nz"
	for n in ${needs//,/ }; do
		[ -n "${E_GIVER[$n]:-}${E_HAVE[$n]:-}" ] ||
			engine_bail "check '$1' needs $n, which no earlier check gives and no 'have' declares"
	done
	if [ -n "$gives" ]; then
		[ -z "${E_GIVER[$gives]:-}" ] || engine_bail "check '$1' gives $gives, which check ${E_GIVER[$gives]} gives already"
		E_GIVER[$gives]=$((${#E_DESC[@]} + 1))
	fi
	E_SUITE+=("$e_suite") E_DESC+=("$1") E_CMD+=("$2") E_WANT+=("$3") E_RE+=("$4")
	E_TMO+=("${5:-300}") E_NEEDS+=("${needs//,/ }") E_GIVES+=("$gives")
}

# engine_list: the plan and the numbered table, nothing run
engine_list() {
	local i deps
	echo "1..${#E_DESC[@]}"
	for i in "${!E_DESC[@]}"; do
		deps=${E_NEEDS[i]:+needs ${E_NEEDS[i]// /, }}
		deps+=${E_GIVES[i]:+${deps:+; }gives ${E_GIVES[i]}}
		printf '%3d %-5s %s%s\n' $((i + 1)) "${E_SUITE[i]}" "${E_DESC[i]}" "${deps:+  [$deps]}"
	done
}

# e_why_skip N: set why to the reason check N cannot run (empty if it can)
e_why_skip() {
	local n g
	why=
	for n in ${E_NEEDS[$1]}; do
		if [ -n "${E_HAVE[$n]:-}" ]; then
			if [ -z "${E_HELD[$n]:-}" ]; then
				E_HELD[$n]=no
				if bash -c "${E_HAVE[$n]}" >/dev/null 2>&1; then E_HELD[$n]=yes; fi
			fi
			[ "${E_HELD[$n]}" = yes ] || { why=${E_WHY[$n]}; return; }
		else
			g=${E_GIVER[$n]}
			[ "${E_STATUS[g - 1]}" = pass ] ||
				{ why="needs $n, which check $g did not give (${E_STATUS[g - 1]})"; return; }
		fi
	done
}

# engine_run: run every check, TAP on stdout; exit 1 if one failed
engine_run() {
	local i n desc want out rc ok why t0 pass=0 fail=0 skip=0
	echo "TAP version 13"
	echo "1..${#E_DESC[@]}"
	for i in "${!E_DESC[@]}"; do
		n=$((i + 1)) desc=${E_DESC[i]} want=${E_WANT[i]}
		e_why_skip "$i"
		if [ -n "$why" ]; then
			echo "ok $n $desc # SKIP $why"
			E_STATUS[i]=skip skip=$((skip + 1))
			continue
		fi
		t0=$(date +%s) rc=0
		out=$(timeout --kill-after=10 "${E_TMO[i]}" bash -c "${E_CMD[i]}" 2>&1) || rc=$?
		ok=1
		if [ "$want" = nz ]; then [ $rc -ne 0 ] || ok=0; else [ $rc -eq "$want" ] || ok=0; fi
		grep -qE -- "${E_RE[i]}" <<<"$out" || ok=0
		if [ $ok = 1 ]; then
			echo "ok $n $desc # $(($(date +%s) - t0))s"
			E_STATUS[i]=pass pass=$((pass + 1))
		else
			echo "not ok $n $desc"
			echo "# command: ${E_CMD[i]}" | sed '2,$s/^/# /'
			[ $rc -ne 124 ] || echo "# timed out after ${E_TMO[i]}s"
			echo "# exit $rc (wanted $want), output should match: ${E_RE[i]}"
			tail -n 25 <<<"$out" | sed 's/^/#   /'
			E_STATUS[i]=fail fail=$((fail + 1))
		fi
	done
	echo "# Totals: pass:$pass fail:$fail xfail:0 xpass:0 skip:$skip error:0"
	echo "$pass passed, $fail failed"
	[ $fail -eq 0 ]
}
