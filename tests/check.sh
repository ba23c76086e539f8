# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=bash
#
# tests/check.sh - the fast suite, 'make check': the table of the checks
# that need no kernel tree, no kernel build and no boot (the C tools and
# their library, the knobs' validation, the report from a committed run's
# figures, bench's time left with stub runs).  Read by tests/run.sh;
# tests/engine.sh says what a line means.  $T is the suite's scratch
# directory, $P the test profile, $TOP the top of the tree.

# ---- the C tools and their library ---------------------------------------
check gives=tools "the C tools and their library build (make -C tools)" \
	"make -s -C tools" 0 '' 300
check "the C tools build static for arm64 too (STATIC=1 CC=aarch64-linux-gnu-gcc, in a copy)" \
	"cp -r tools $T/tools-arm64 && make -s -C $T/tools-arm64 clean && make -s -C $T/tools-arm64 STATIC=1 CC=aarch64-linux-gnu-gcc &&
	 file $T/tools-arm64/vp-fsload $T/tools-arm64/vp-threads $T/tools-arm64/vp-futex $T/tools-arm64/vp-lockfault $T/tools-arm64/vp-crash $T/tools-arm64/vp-stats |
	 grep -c 'ARM aarch64.*statically linked'" 0 '^6$' 300

# unit DESCRIPTION FUNCTION [ARGS...]: a unit test of tests/tools.sh passes
unit() {
	local desc=$1
	shift
	check needs=tools "$desc" "tests/tools.sh $(printf '%q ' "$@")" 0 '' 60
}
unit "vp-fsload: fill writes exactly size MiB, JSON and text report the bytes" t_fill
unit "vp-fsload: fill with chunk not dividing size: exact size, non-zero distinct blocks" t_fill_odd_chunk
unit "vp-fsload: JSON has sysinfo (release, version, preempt_model), start_time, end_time, cmdline" t_json_meta
unit "vp-fsload: --json without FILE writes pure JSON to stdout" t_json_stdout
unit "vp-fsload: JSON strings are escaped (quote, backslash, tab in path)" t_json_escape
unit "vp-fsload: --quiet prints nothing" t_quiet
unit "vp-fsload: truncate leaves size 0 and reports size_before" t_truncate
unit "vp-fsload: overwrite changes the first --size MB in place, keeps the size; a short or missing file is an error" t_overwrite
unit "vp-fsload: truncate --to=1000 sets size 1000" t_truncate_to
unit "vp-fsload: sparse file allocates far less than its apparent size" t_sparse
unit "vp-fsload: mkfiles creates exactly N files over per-dir subdirectories" t_mkfiles
unit "vp-fsload: rmfiles empties the directory and counts entries" t_rmfiles
unit "vp-fsload: read reports the file's byte count" t_read
unit "vp-fsload: --cpu=0 pins and runs" t_cpu
unit "vp-fsload: --help exits 0 and lists every command and default" t_help
unit "vp-fsload: unknown command exits 2" expect_rc 2 vp-fsload frobnicate x
unit "vp-fsload: --size=abc exits 2" expect_rc 2 vp-fsload --size=abc fill x
unit "vp-fsload: --size=-1 exits 2" expect_rc 2 vp-fsload --size=-1 fill x
unit "vp-fsload: --size=0 exits 2" expect_rc 2 vp-fsload --size=0 fill x
unit "vp-fsload: --chunk=12k exits 2" expect_rc 2 vp-fsload --chunk=12k fill x
unit "vp-fsload: --stride=2 (below 4 KiB block) exits 2" expect_rc 2 vp-fsload --stride=2 sparse x
unit "vp-fsload: unknown option exits 2" expect_rc 2 vp-fsload --bogus fill x
unit "vp-fsload: missing PATH exits 2" expect_rc 2 vp-fsload fill
unit "vp-fsload: read in missing directory exits 1 naming the path" t_missing_dir
unit "vp-fsload: truncate of missing file exits 1" expect_rc 1 vp-fsload truncate nonexistent
unit "vp-fsload: rmfiles on a regular file exits 1" t_rmfiles_file

unit "vp-threads: 4 threads, 1 s: JSON and text figures consistent and bounded" t_thr_run
unit "vp-threads --sweep=2,4: two runs, 2 and 4 threads, --quiet prints nothing" t_thr_sweep
unit "vp-threads --json to stdout, --cpu=0, VP_PREEMPT_MODEL, odd-count median" t_thr_stdout_cpu
unit "vp-threads --help exits 0 and lists every option and default" t_thr_help
unit "vp-threads --threads=0 exits 2" expect_usage --threads=0
unit "vp-threads --threads=abc exits 2" expect_usage --threads=abc
unit "vp-threads --threads=4097 exits 2" expect_usage --threads=4097
unit "vp-threads --sweep=10,,20 exits 2" expect_usage --sweep=10,,20
unit "vp-threads --sweep=10, exits 2" expect_usage --sweep=10,
unit "vp-threads --sleep-ms=0 exits 2" expect_usage --sleep-ms=0
unit "vp-threads unknown option exits 2" expect_usage --bogus
unit "vp-threads stray argument exits 2" expect_usage 10
unit "vp-threads --json into a missing directory exits 1" expect_rc 1 vp-threads --threads=1 --duration=1 --json=no/dir/x.json
unit "vp-futex: 20 waiters, 3 rounds on CPU 0: every waiter timed, the statistics ordered, JSON and text" t_fx_run
unit "vp-futex --help exits 0 and lists every option and default" t_fx_help
unit "vp-futex --threads=0 exits 2" expect_rc 2 vp-futex --threads=0
unit "vp-futex --rounds=1001 exits 2" expect_rc 2 vp-futex --rounds=1001
unit "vp-futex stray argument exits 2" expect_rc 2 vp-futex 10
unit "vp-lockfault: 3 threads, 2 pages: a fault per page, JSON and text consistent" t_lf_run
unit "vp-lockfault --memory=prefault: no fault in the lock (the control)" t_lf_prefault
unit "vp-lockfault: a long hold makes waiters spin then sleep; one thread never waits" t_lf_contend
unit "vp-lockfault --memory=thp: a fault per 2 MB, or a clear error without THP" t_lf_thp
unit "vp-lockfault --help exits 0 and lists every option and default" t_lf_help
unit "vp-lockfault --memory=bogus exits 2" lf_usage "invalid value for --memory" --memory=bogus
unit "vp-lockfault --region-mb=3 exits 2" lf_usage "a multiple of 2" --region-mb=3
unit "vp-lockfault --pages=513 exits 2" lf_usage "pages" --pages=513
unit "vp-lockfault --threads=0 exits 2" lf_usage "threads" --threads=0
unit "vp-lockfault stray argument exits 2" lf_usage "unexpected argument" 4

unit "vp-crash load: 200 ops, every fsynced file verifies intact" t_crash_intact
unit "vp-crash load: the same --seed gives the same operations, another seed others" t_crash_same_seed
unit "vp-crash judge: one changed byte in an acked file is reported, exit 1" t_crash_corrupt
unit "vp-crash judge: an acked file missing, another one byte longer: 2 lost" t_crash_missing_and_short
unit "vp-crash judge: a pending unlink/truncate allows either state, not a third" t_crash_pending_either
unit "vp-crash verify/judge: a zeroed tail is legal only under a pending truncate to its start, in the block the file ends in" t_crash_zero_tail
unit "vp-crash verify/judge: zeros to the end of a truncate's block, the old bytes after, are legal only under that truncate" t_crash_block_tail
unit "vp-crash judge: a line cut by the power cut is ignored, a kernel prefix is not" t_crash_cut_line
unit "vp-crash judge: a garbled line before the last exits 2 (no verdict)" t_crash_garbled
unit "vp-crash judge: a file that is not an ack log exits 2" t_crash_not_acklog
unit "vp-crash: no command exits 2" expect_rc 2 vp-crash
unit "vp-crash: unknown command exits 2" expect_rc 2 vp-crash fly /tmp
unit "vp-crash: --max-files=1 exits 2" expect_rc 2 vp-crash --max-files=1 load /tmp
unit "vp-crash --help exits 0 and lists every option" t_crash_help

unit "vp-stats: equal repeats give a zero-width interval at the ratio" \
	stats_is '.value == 2 and .lo == 2 and .hi == 2 and .n_a == 3 and .n_b == 3' "10 10 10" "5,5,5"
# Maxima of 3 repeats: a resample's max is one of the three values, and
# the smallest comes with probability (1/3)^3 = 3.7%, so the 95% interval
# runs from min(A)/max(B) to max(A)/min(B) exactly.
unit "vp-stats --stat=max: the interval of three maxima is min/max .. max/min" \
	stats_is '.value == 2 and .lo == 1 and .hi == 4' --stat=max "100 200 150" "50 100 75"
unit "vp-stats: a floor and a scale make the threshold max(K * B, F)" \
	stats_is '.value == 0.75 and .verdict == "met"' --stat=max --scale=1.5 --floor=200 --want=1 --goal=le "100 150 120" "50 60 70"
unit "vp-stats: a latency wholly over the threshold is missed" \
	stats_is '.verdict == "missed" and .lo > 1' --stat=max --scale=2 --floor=1000 --want=1 --goal=le "5615 4916 5200" "600 700 500"
unit "vp-stats: an interval across the threshold is not resolved, with more runs named" \
	stats_is '.verdict == "not resolved" and .lo < 1.03 and .hi > 1.03 and .runs_to_resolve > 3' --want=1.03 --goal=ge "1.02 1.05 1.06" "1 1.01 0.99"
unit "vp-stats: the same data and seed give the same interval" t_stats_same
unit "vp-stats: an unknown --stat exits 2" expect_rc 2 vp-stats --stat=mean 1 1
unit "vp-stats: a value that is not a number exits 2" expect_rc 2 vp-stats "1 x" 1
unit "vp-stats: --want without --goal exits 2" expect_rc 2 vp-stats --want=1 1 1
unit "vp-stats: a zero denominator without a floor exits 2" expect_rc 2 vp-stats 1 0

unit "the tools' library: every tool's JSON opens with the same envelope, each field typed" t_lib_envelope
unit "the tools' library: the envelope's return_code is the tool's exit status" t_lib_return_code
unit "the tools' library: quotes, backslashes and control characters are escaped and come back intact" t_lib_escape
unit "the tools' library: forty long strings in one record, none overwriting another" t_lib_many
unit "the tools' library: options from the help text, short and long, arguments and operands" t_lib_getopt
unit "the tools' library: --help prints the help text, a usage error exits 2 with a hint" t_lib_getopt_usage
unit "the tools' library: a help text that declares an option wrongly exits 1 naming the line" t_lib_getopt_bad_help
unit "every tool: each option its help lists is parsed, with its short form" t_tools_help_options

# ---- the knobs: every one has a default, unknown values are refused ------
# A fake 6.1 tree.
mkdir -p "$T/linux-6.1"
printf 'VERSION = 6\nPATCHLEVEL = 1\nSUBLEVEL = 0\n' >"$T/linux-6.1/Makefile"
check "make help lists every knob with its valid values" \
	"make -s help" 0 'CLOCK += auto +\(auto kvm tcg icount\)'
check "server-nofs boots its own kernel while the points group has a patch, and server's once the group is empty" \
	"mkdir -p $T/top && cp -r configs series $T/top/ && sed -i '/^[^#]/d' $T/top/configs/profiles/points.group &&
	 echo \"\$(. scripts/lib.sh; group_patches points | wc -l) \$(. scripts/lib.sh; profile_kernel server-nofs) \$(TOP=$T/top; . scripts/lib.sh; profile_kernel server-nofs)\"" \
	0 '^[1-9][0-9]* server-nofs server$'
check "a second build of server-nofs keeps its kernel: the link in kernels/ is refreshed, not the directory it points to (lib.sh kernel_out)" \
	"BUILD=$T/kb bash -c '. scripts/lib.sh; d=\$(kernel_out server-nofs) && mkdir -p \$d && touch \$d/bzImage &&
	 [ \"\$(kernel_out server-nofs)\" = \"\$d\" ] && echo \$(ls \$BUILD/kernels/server-nofs/) \$(readlink \$BUILD/kernels/server-nofs)'" \
	0 '^bzImage \.\./without-points/kernels/server-nofs$'
check "an unknown clock is refused with the valid ones" \
	"CLOCK=sundial scripts/clock.sh" nz "unknown CLOCK 'sundial'; valid: auto kvm tcg icount"
check "an unknown ARCH is refused with the valid ones (make and the scripts)" \
	"{ make -s help ARCH=sparc; ARCH=sparc scripts/run.sh $P probe $T/arch; } 2>&1 | tr '\n' ' '; exit \${PIPESTATUS[0]}" nz \
	"Makefile.*unknown ARCH 'sparc'; valid: x86_64 arm64.*run.sh: error: unknown ARCH 'sparc'; valid: x86_64 arm64"
check "TIMERLAT is refused on arm64 with the reason (no rtla in the arm64 image yet)" \
	"ARCH=arm64 VP_ENV=TIMERLAT=1 scripts/run.sh $P cyclic-idle $T/tl" nz \
	"TIMERLAT is not available on ARCH=arm64 yet"
check "a scenario variant's words become its knobs, in order (lib.sh variant_env)" \
	"bash -c '. scripts/lib.sh && variant_env ext3-rmtree@4k-writeback-big-500f'" 0 \
	'^MKFS_OPTS=-b4096,MOUNT_OPTS=data=writeback,FILES=16,FILE_SIZE=104857600,PER_DIR=16,FILES=500$'
check "an unknown variant word is refused with the valid words" \
	"scripts/run.sh $P ext3-truncate@9k $T/v" nz "unknown variant word '9k'; words: 1k 2k 4k ordered journal writeback"
check "a variant word the scenario has no use for is refused, naming it" \
	"scripts/run.sh $P hackbench@journal $T/v" nz "hackbench has no journal data mode .'journal'."
check "BENCH=fs: the calibration and 15 layout variants, every one valid" \
	"bash -c '. scripts/lib.sh && s=\$(bench_scenarios fs) && for x in \$s; do check_scenario \$x; done && echo \$(wc -w <<<\"\$s\") \$(grep -o @ <<<\"\$s\" | wc -l)'" 0 '^16 15$'
check "BENCH=writeback: the calibration and 15 ext3-dirty variants, every one valid" \
	"bash -c '. scripts/lib.sh && s=\$(bench_scenarios writeback) && for x in \$s; do check_scenario \$x; done && echo \$(wc -w <<<\"\$s\") \$(grep -o ext3-dirty@ <<<\"\$s\" | wc -l) \$(tr \" \" \"\\n\" <<<\"\$s\" | sort -u | wc -l)'" 0 '^16 15 16$'
check "ext3-dirty's variant words set knobs its guest script reads (MODE, FS)" \
	"bash -c '. scripts/lib.sh && variant_env ext3-dirty@fsync-ext4-1k && grep -E \"^knobs MODE=dd .*FS=ext3\" tools/guest/scenarios/ext3-dirty.sh'" 0 \
	'^MODE=fsync,FS=ext4,MKFS_OPTS=-b1024$'
check "a writeback mode on a scenario without one is refused, naming it" \
	"scripts/run.sh $P hackbench@sync $T/v" nz "hackbench has no writeback mode .'sync'; ext3-dirty has."
check "powercut.sh refuses an unknown layout, an empty LAYOUTS, a BIG_MB_EXT4 past the disk and a KEEP_DISKS not a number, before any boot" \
	"for e in LAYOUTS=2k 'LAYOUTS=' BIG_MB_EXT4=600 KEEP_DISKS=all; do env \"\$e\" scripts/powercut.sh $P 1 $T/pc 2>&1; echo \"rc=\$?\"; done | tr '\\n' ' '; test ! -e $T/pc/cut-001" 0 \
	"unknown layout '2k' in LAYOUTS; valid: 4k 1k ext4 rc=1 .*LAYOUTS names no layout; valid: 4k 1k ext4 rc=1 .*BIG_MB_EXT4 must be a number of MiB from 1 to 512 .* rc=1 .*KEEP_DISKS must be a number of disks, not 'all' rc=1 $"
check "an unknown BENCH size is refused with the valid ones" \
	"BENCH=huge scripts/bench.sh $P" nz "unknown BENCH 'huge'; valid: quick full smoke fs writeback"
check "a GUESTS that is not a number is refused" \
	"GUESTS=two scripts/bench.sh $P" nz "GUESTS must be a positive number or auto, not 'two'"
check "an unknown LANE is refused with the valid ones (bench and run)" \
	"LANE=3vcpu scripts/bench.sh $P; LANE=3vcpu scripts/run.sh $P probe $T/lane" nz "unknown LANE '3vcpu'; valid: 1vcpu 2vcpu"
check "an unknown scenario is refused with the valid ones" \
	"scripts/run.sh $P nosuch $T/nosuch" nz "unknown scenario 'nosuch'; valid scenarios: .*ext3-truncate"
check "a TIMEOUT that is not a number is refused" \
	"TIMEOUT=soon scripts/run.sh $P probe $T/soon" nz "TIMEOUT must be a number of seconds, not 'soon'"
check "a KSRC that is not 7.3 is refused" \
	"make -s tree KSRC=$T/linux-6.1" nz "is Linux 6\.1; this series is for Linux 7\.3 only"
check "a KSRC that does not exist is refused" \
	"make -s tree KSRC=$T/nonexistent" nz "KSRC=.*: no such directory"

# ---- the harness's own logic on fixed input ------------------------------
printf '[    1.0] x\n[    2.5] BUG: sleeping function called from invalid context at fs/ext4/indirect.c:900\n' >"$T/c-atomic.log"
printf '[    3.1] WARNING: possible circular locking dependency detected\n' >"$T/c-lockdep.log"
printf '[    3.1] BUG: KASAN: slab-use-after-free in ext4_free_branches+0x1c/0x200\n' >"$T/c-kasan.log"
printf '[   30.0] watchdog: BUG: soft lockup - CPU#1 stuck for 22s! [vp-fsload:212]\n' >"$T/c-lockup.log"
printf 'vp| BUG: a line of the scenario'"'"'s own log\n[    1.0] ok\n' >"$T/c-clean.log"
check "a debug kernel's splat in the console fails the run, named by kind" \
	". scripts/lib.sh; for k in atomic lockdep kasan lockup clean; do echo \"\$k=\$(console_status $T/c-\$k.log)\"; done | tr '\n' ' '" \
	0 '^atomic=atomic-sleep lockdep=lockdep kasan=kasan lockup=soft-lockup clean=ok $'
# A committed bench run's figures (run.json, cyclictest and load JSON of
# every run; results/2026-12-02-bench-quick has its summary).
mkdir -p "$T/fixtures"
tar -xJf tests/fixtures/2026-12-02-bench-quick.tar.xz -C "$T/fixtures"
# The goals table, judged on a committed run whose figures are known: on
# 2026-12-02, server was 1.016x upstream-lazy on ctxswitch with a tight
# interval (the 1.03x goal missed) and 1.014x on hackbench with an interval
# across 1.03 (not resolved); the run was on two vCPUs, so its worst
# latencies are not judged.
check needs=tools gives=fixture-report "the report judges the series' goals with intervals (fixture: the run of results/2026-12-02-bench-quick)" \
	"REPORT_DIR=$T/goals scripts/report.sh $T/fixtures/2026-12-02-bench-quick >/dev/null &&
	 echo \"\$(jq -r '.[] | select(.goal | startswith(\"server vs upstream-lazy\")) | \"\\(.scenario) \\(.value * 1000 | round) \\(.lo < .value and .value < .hi) \\(.verdict)\"' $T/goals/goals.json | tr '\\n' ';')\" \
	      \"lat=\$(jq -r '[.[] | select(.what == \"lat\") | .verdict] | unique | join(\",\")' $T/goals/goals.json)\" \
	      \"html=\$(grep -c 'server vs upstream-lazy: throughput &gt;= 1.03x on hackbench and ctxswitch</td><td>0/2<' $T/goals/index.html)\"" \
	0 '^ctxswitch 1016 true missed;hackbench 1014 true not resolved; lat=not judged html=1$' 120
# A committed run keeps bench.json and the report's summaries, not the
# report: 'make report RUN=results/<run>' renders it from them.  The
# fixture's run, kept by snapshot.sh (its archive under a scratch BUILD),
# renders the report computed from its runs (the check above's), but for
# the plots that need the runs (histograms, the many-threads curve) and
# the line that says where the data is, which names the archive.
check needs=tools,fixture-report "a committed run's report is rendered from its summaries, as computed from its runs" \
	"BUILD=$T/sb scripts/snapshot.sh $T/rc $T/fixtures/2026-12-02-bench-quick >/dev/null 2>&1 &&
	 REPORT_DIR=$T/rc-out scripts/report.sh $T/rc >/dev/null 2>&1 &&
	 f() { grep -v -e '^Guests: ' -e 'hist[.]png' -e 'many-threads[.]png' \"\$1\"; } &&
	 echo \"diff=\$(diff <(f $T/goals/report.md) <(f $T/rc-out/report.md) | wc -l) goals=\$(grep -c '^| server vs upstream-lazy' $T/rc-out/report.md) archive=\$(grep -c \"archive \$(jq -r .stamp $T/rc/bench.json).tar.xz\" $T/rc-out/report.md)\"" \
	0 '^diff=0 goals=[1-9][0-9]* archive=1$' 120
check "make report of a directory that is not a run is a clear error" \
	"mkdir -p $T/notarun && echo '{}' >$T/notarun/bench.json &&
	 a=\$(scripts/report.sh $T/notarun 2>&1); ra=\$?; b=\$(scripts/report.sh $T/nosuch 2>&1); rb=\$?;
	 echo \"[\$a] [\$b] rc=\$ra,\$rb\"" \
	0 '^\[report.sh: error: .*/notarun has neither its runs \(runs/\) nor a committed summary .*\] \[report.sh: error: no such run: .*/nosuch\] rc=[1-9][0-9]*,[1-9][0-9]*$'
# Either set-up command of the README works first on a fresh machine:
# 'make test' and 'make check' install the packages exactly as 'make bench'
# does, before their first check (make -n: the commands, nothing run).
check "make bench, make test, make check and every target that fetches, builds or boots run the deps step first, with the same package list" \
	"for t in bench test check tree patch configs defconfigs defconfig-models kernels rootfs boot stretches hotspots profile inspect reliability selftests bisect mbox; do env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -n \$t 2>/dev/null | head -1; done | sort | uniq -c |
	 awk '{ print \"targets=\" \$1, \"deps=\" (\$0 ~ / scripts\\/deps[.]sh /) }' | tr '\n' ' '" \
	0 '^targets=19 deps=1 $'
# ... and that step installs every command the scripts and tests ask for
# (need): a fresh machine with only make found git missing (make mbox).
check "every command the scripts need comes from make deps' packages or the base system (tests/deps-test.sh)" \
	"bash tests/deps-test.sh" \
	0 '^commands=[1-9][0-9]* unlisted=$'
check "deps-test.sh catches a package missing from the list (git and jq's, with only quilt listed)" \
	"DEPS=quilt bash tests/deps-test.sh" \
	0 '^commands=[1-9][0-9]* unlisted=.*git\(git\).*jq\(jq\)'
check "make's default PROFILES are scripts/lib.sh's DEFAULT_PROFILES, which mbox.sh reads too" \
	"echo \"make=[\$(make -s help | sed -n 's/^  PROFILES   = //p')] lib=[\$(. scripts/lib.sh && echo \$DEFAULT_PROFILES)] mbox=\$(grep -c 'PROFILES:-\$DEFAULT_PROFILES' scripts/mbox.sh)\"" \
	0 '^make=\[([a-z -]+)\] lib=\[\1\] mbox=1$'
# The ranking of stretches (scripts/report/stretches.jq) on made-up goal
# rows: a throughput row, a row under its threshold and a row of an
# uncalibrated run (not judged) stay out; the rest come largest ratio
# first, the traced one with its function; then the load on which both
# reference kernels stayed over 1000 us, named by the smaller (shared).
cat >"$T/stretch-goals.json" <<'J'
[{"what":"lat","judged":true,"value":0.8,"a":"server","scenario":"s1","a_worst_us":800,"threshold_us":1000,"verdict":"met","b":"upstream-lazy","b_worst_us":1200},
 {"what":"lat","judged":true,"value":0.5,"a":"desktop","scenario":"s1","a_worst_us":900,"threshold_us":1800,"verdict":"met","b":"upstream-full","b_worst_us":1500},
 {"what":"lat","judged":true,"value":2.5,"a":"desktop","scenario":"s2","a_worst_us":500,"threshold_us":200,"verdict":"missed","b":"upstream-full","b_worst_us":100},
 {"what":"lat","judged":false,"value":9,"a":"server","scenario":"s3","a_worst_us":9000,"threshold_us":1000,"verdict":"not judged","b":"upstream-lazy","b_worst_us":5000},
 {"what":"tput","judged":true,"value":1.5,"a":"server","scenario":"s4"},
 {"what":"lat","judged":true,"value":5.4,"a":"server","scenario":"s5","a_worst_us":5400,"threshold_us":1000,"verdict":"missed","b":"upstream-lazy","b_worst_us":500},
 {"what":"lat","judged":true,"value":0.1,"a":"desktop","scenario":"s5","a_worst_us":50,"threshold_us":1500,"verdict":"met","b":"upstream-full","b_worst_us":1000}]
J
check "the stretches are ranked: judged rows over the goal, then shared ones, with the traced function (stretches.jq)" \
	"jq -r --argjson shared_us 1000 --argjson hs '{\"server-s5\":{\"traced_us\":6000,\"caller\":{\"function\":\"f()\",\"us\":5000}}}' \
		-f scripts/report/stretches.jq $T/stretch-goals.json |
	 jq -r 'map(\"\\(.kind)/\\(.profile)/\\(.scenario)/\\(.worst_us)/\\(.hotspots.caller.function // \"-\")\") | join(\" \")'" \
	0 '^over the goal/server/s5/5400/f\(\) over the goal/desktop/s2/500/- shared/upstream-lazy/s1/1200/-$'
check "every stretch a task held the CPU is ranked from trace events, and each wakeup of cyclictest's real-time thread (stretch-events.sh)" \
	"mkdir -p $T/se && cp tests/fixtures/stretch-events/trace.txt $T/se/ && scripts/stretch-events.sh $T/se >/dev/null &&
	 jq -r '[(.runs[] | \"run/\\(.task)/\\(.us)/\\(.work | join(\",\"))/\\(.longest_irq.us // 0)\"), (.wakeups[] | \"wakeup/\\(.task)/\\(.us)\")] | join(\" \")' $T/se/stretch-events.json" \
	0 '^run/kworker/0:1/75/vmstat_update,lru_add_drain_per_cpu/10 run/jbd2/vda-8/31//0 wakeup/kworker/0:1/50 wakeup/jbd2/vda-8/30$'
check "stretch-events.sh on a run without trace events is a clear error" \
	"mkdir -p $T/se-none && scripts/stretch-events.sh $T/se-none" 1 'no trace in'
have root-tmpfs "[ \"\$(id -u)\" = 0 ] && d=\$(mktemp -d) && mount -t tmpfs -o size=64k vp-probe \$d && umount \$d && rmdir \$d" \
	"needs root to mount a small tmpfs"
check needs=tools,root-tmpfs "a full disk under the report is a clear error, and leaves no half-written report" \
	"mkdir -p $T/full && mount -t tmpfs -o size=64k vp-full $T/full || exit 9;
	 REPORT_DIR=$T/full/report scripts/report.sh $T/fixtures/2026-12-02-bench-quick 2>$T/full.err; rc=\$?; cat $T/full.err;
	 echo \"message=\$(grep -c 'could not write the report .*disk full' $T/full.err) left=\$(ls -A $T/full | wc -l)\"; umount $T/full; exit \$rc" \
	nz '^message=1 left=0$' 120

# The time left on bench's progress lines: six stub runs of a short load
# two at a time, then six of one that takes six times as long alone
# (tests/bench-eta.sh, no QEMU; an elapsed/finished rate shows 60 s of 34).
check "make bench's time left holds when the slow loads come last (stub runs): within 30%" \
	"tests/bench-eta.sh" 0 '^eta ok' 180

# Every figure the tables of README.md and Documentation/*.rst quote is in
# the committed summary of the run they name (tests/figures-test.sh).
check "every figure in the tables of README.md and Documentation is in the summary of the run it names" \
	"bash tests/figures-test.sh" 0 ' 0 not traced, 0 not checked' 120

# ---- figures-test.sh binds (issue #34) ------------------------------------
# tests/fixtures/figures/: two hand-made runs (results/2026-01-01-fig-a/,
# -fig-b/: summary.json and questions.json; fig-a's README.md restates a
# figure its summaries do not hold) and tables that quote them.  good.md
# quotes each kind of figure as it is; each other table quotes one figure
# wrongly (a mistake the test passed before issue #34), and the test must
# fail on that figure (line 7) and no other.
check "figures-test.sh traces each kind of figure of a well-formed table (fixture: good.md)" \
	"bash tests/figures-test.sh --top tests/fixtures/figures tests/fixtures/figures/good.md" \
	0 ': 18 traced, 0 not traced, 0 not checked' 60
# fig_mutation NAME FIGURE WHAT: the table NAME.md quotes FIGURE wrongly
fig_mutation() {
	check "figures-test.sh fails $3 (fixture: $1.md)" \
		"out=\$(bash tests/figures-test.sh --top tests/fixtures/figures tests/fixtures/figures/$1.md); rc=\$?;
		 printf '%s\\n' \"\$out\" | sed 's/^/|/' | tr -d '\\n'; exit \$rc" \
		1 "^\|tests/fixtures/figures/$1[.]md:7: $2 \([^)]*\): not traced in results/2026-01-01-fig-a .*\|# Totals: 1 figures .* 0 traced, 1 not traced" 60
}
fig_mutation worst-is-median 150 "the median quoted where the table says worst"
fig_mutation ratio-inverted '0[.]963' "a ratio inverted: Lazy ÷ Server's 0.963 quoted as Server ÷ Lazy"
fig_mutation sign-flipped '-3[.]8%' "a sign flipped: -3.8% for Server ÷ Lazy's +3.8%"
fig_mutation readme-only 250 "a figure only in the run's README.md (prose is not a summary)"
fig_mutation second-run 400 "a figure found only in the second run the table names"
fig_mutation kernel-swapped 200 "Server's worst quoted as Lazy's"
# Every committed run's summaries are read, whatever their format.
check "figures-test.sh reads numbers from the summaries of every committed run (--facts)" \
	"echo \"\$(bash tests/figures-test.sh --facts results/*/ | grep -c '^results/[^:]*: [1-9][0-9]* numbers') of \$(ls -d results/*/ | wc -l)\"" \
	0 '^([0-9]+) of \1$' 120
# ---- end of figures-test.sh's cases ---------------------------------------

# The boot suite's lane bounds (tests/lane-bounds.tsv): each lies between
# the committed runs with its point and without it, and the check fails a
# bound raised past the runs without the point, or a row whose runs are
# swapped (the point's figures taken for the kernel without it).
check "every lane bound of the boot suite lies between the committed runs with its point and without it" \
	"tests/lane-bounds.sh >$T/lb.out 2>&1; rc=\$?; tr '\\n' '|' <$T/lb.out; exit \$rc" \
	0 '^([a-z0-9-]+: with max [0-9]+ [^|]*: ok\|)+$' 60
check "a lane bound above the runs without its point fails (fio-write's bound raised to 1000 us)" \
	"sed 's/^fio-lat\t600\t/fio-lat\t1000\t/' tests/lane-bounds.tsv >$T/lb-raised.tsv && tests/lane-bounds.sh $T/lb-raised.tsv" \
	1 '^fio-lat: with max [0-9]+ .* < bound 1000 < without min 901 .*: FAIL$' 60
check "a lane bound whose runs are swapped fails (the point's figures as the kernel's without it)" \
	"awk -F'\t' -v OFS='\t' '/^#/ { print; next } { print \$1, \$2, \$5, \$6, \$3, \$4 }' tests/lane-bounds.tsv >$T/lb-swapped.tsv &&
	 tests/lane-bounds.sh $T/lb-swapped.tsv | grep -c ': FAIL$'; exit \${PIPESTATUS[0]}" \
	1 "^$(grep -c '^[a-z]' tests/lane-bounds.tsv)\$" 60

# make profile's diff (scripts/profile-diff.jq) on a hand-made profile.json
# (tests/fixtures/profile-diff/): with DWARF classes, "inlining" takes what
# the compiler made of calling a function the other kernel ran inlined:
# f's prologues (no symbol in srv, which ran it inlined; h's stay: srv
# has h neither as a symbol nor inlined) and srv's k's (dyn ran k
# inlined); of class other, dyn's 12 on x.c:5, where srv ran only v
# inlined (v: a symbol in dyn), not its 16 on x.c:7, where srv inlined w,
# which neither kernel has a symbol for; and the bodies of u and k where
# the other kernel has no copy in that symbol: dyn's 6 of u and 5 of k in
# n, srv's 8 of k out of line and 2 of u in k, not the copies of u in q
# that both have, nor dyn's 4 of h.  Without DWARF's maps the classes
# are left as they are.
profile_diff() {
	echo "jq --arg a $1 --arg b $2 --argjson topn 5 --slurpfile syms_a tests/fixtures/profile-diff/syms-dyn.json \
		--slurpfile syms_b tests/fixtures/profile-diff/syms-srv.json -f scripts/profile-diff.jq tests/fixtures/profile-diff/profile.json |
	 jq -r '[.classes[] | \"\\(.class)=\\(.a)-\\(.b)\"] | join(\" \")'"
}
check "the profile diff moves the prologues and calls of what the other kernel inlines, only those, to inlining (fixture)" \
	"$(profile_diff dyn srv)" 0 '^inlining=123-40 spinlock=50-0 entry_exit=200-170 other=977-980$' 30
check "the profile diff of runs without DWARF leaves their classes as they are (fixture)" \
	"$(profile_diff dyn-dis srv-dis)" 0 '^other=1300-1190 spinlock=50-0$' 30
# other_calls: m, called 12 times in dyn at 11 instructions of class other
# a call (its 12 on x.c:5 moved to inlining) and 10 times in srv at 10
# (its insns, 200 and 150, are not other's), is 2 calls at 10.5: 21 (22
# if the moved 12 stayed m's, or with dyn's weight alone; 20 with srv's
# alone); s, inlined at some sites in both kernels, 2 calls more at 10:
# 20.  Of the 160, the calls part is 41; other's difference is -3, so
# the code's part is -44.  Left to the code: n, which srv never called,
# k, which dyn ran without a call, q and t.isra.0, which srv also ran
# inlined (t by its name without the clone suffix), and r, which dyn
# did.  dyn's boot against srv's two (m called 10 and 8 times, its moved
# 12 taken from the boot too): 41 and 62.  Profiles without
# other_functions have none.
check "the profile diff names the part of other that is the same functions called more or less often (fixture)" \
	"for p in 'dyn srv' 'dyn-dis srv-dis'; do jq --arg a \${p% *} --arg b \${p#* } --argjson topn 5 \
		--slurpfile syms_a tests/fixtures/profile-diff/syms-dyn.json --slurpfile syms_b tests/fixtures/profile-diff/syms-srv.json \
		-f scripts/profile-diff.jq tests/fixtures/profile-diff/profile.json |
	 jq -r -c '.other_calls | if . == null then \"none\" else \"\\(.diff) \\(.share) \\(.code) \\([.functions[].f] | join(\",\")) \\(.pairs)\" end'; done | tr '\\n' ' '" \
	0 '^41 0[.]25625 -44 m,s \[41,62\] none $' 30

# make profile's unit for tbench: the operations of tbench's closing table
# (tests/fixtures/tbench.txt, a profiled run's output), not the per-second
# progress lines above it nor a number after the table's end; refused: a
# run cut before the table or its Throughput line, and one that warmed up
# (its table leaves the warmup's operations out).
check "tbench's unit is the sum of its operations table (lib.sh tbench_ops); a cut run or a warmup is refused (fixture)" \
	". scripts/lib.sh; f=tests/fixtures/tbench.txt; sed '/^Throughput/i\\ Extra 1000 0 0' \$f >$T/tb-extra.txt &&
	 sed 's/minimum warmup 0 secs/minimum warmup 2 secs/' \$f >$T/tb-warm.txt && head -14 \$f >$T/tb-cut.txt &&
	 for x in \$f $T/tb-extra.txt $T/tb-warm.txt $T/tb-cut.txt; do (tbench_ops \$x) 2>&1 | grep -o '^[0-9]*\$\\|warmed up\\|no table'; done | tr '\\n' ," \
	0 '^110661,110661,warmed up,no table,$' 30
check "make profile refuses a tbench run that would warm up (its default 10 s) before it boots anything" \
	"out=\$(SCENARIO=tbench PROFILE_DIR=$T/tb-profile scripts/profile.sh server 2>&1); rc=\$?;
	 echo \"\$out left=\$(ls $T/tb-profile 2>/dev/null | wc -l)\"; exit \$rc" \
	1 '^profile.sh: error: tbench runs of 10 s warm up .*DURATION=4 or less left=0$' 30

# The points' traced loads (scripts/point-loads.tsv): each row is a lane
# check of the boot suite (at=@ID; lane_bound refuses a row whose scenario
# is not its own), and each function it requires reschedules in is one the
# series' patches name, and each at=@ID of the boot suite has its row
# (tests/point-loads-test.sh); a renamed function or a deleted row fails.
check "every row of scripts/point-loads.tsv is a boot-suite lane check, each function it traces named by a patch" \
	"tests/point-loads-test.sh" 0 '^[1-9][0-9]* rows$' 30
check "a row of point-loads.tsv whose function no patch names fails (ext4_finish_io_end_bios renamed)" \
	"sed 's/ext4_finish_io_end_bios/ext4_finish_io_end_renamed/' scripts/point-loads.tsv >$T/pl-renamed.tsv &&
	 tests/point-loads-test.sh $T/pl-renamed.tsv | tr '\\n' ' '; exit \${PIPESTATUS[0]}" \
	1 '^writeback: ext4_finish_io_end_renamed in no patch [0-9]+ rows $' 30
check "a lane check whose row of point-loads.tsv is gone fails (futex's row deleted)" \
	"grep -v '^futex' scripts/point-loads.tsv >$T/pl-nofutex.tsv &&
	 tests/point-loads-test.sh $T/pl-nofutex.tsv | tr '\\n' ' '; exit \${PIPESTATUS[0]}" \
	1 '^at=@futex: no row [0-9]+ rows $' 30

# make profile's classes (scripts/classify-insns.sh) on a fixture kernel
# built with debug information (tests/classify-test.sh, x86_64 code), and
# the test failing when a rule is taken out of a copy of the script.
have x86-host "[ \"\$(uname -m)\" = x86_64 ]" "the fixture kernel is x86_64 code"
check needs=x86-host "classify-insns.sh names a fixture kernel's instructions by inline chain, macro line and brace, adding up" \
	"tests/classify-test.sh $T/classify" 0 '^classify ok$' 60
# classify_cut NAME SED: a copy of the script changed by SED, in $T
classify_cut() {
	echo "mkdir -p $T/classify-$1 && cp scripts/lib.sh $T/classify-$1/ &&
	 sed '$2' scripts/classify-insns.sh >$T/classify-$1/classify-insns.sh &&
	 chmod +x $T/classify-$1/classify-insns.sh && tests/classify-test.sh $T/classify-$1/run $T/classify-$1/classify-insns.sh"
}
check needs=x86-host "classify-test.sh fails when the classes lose the macro-line rule (preempt_disable()'s line)" \
	"$(classify_cut line '/preempt_(disable|enable)(_notrace|_no_resched)?|preempt_check_resched/d')" \
	1 "^no instruction of preempt_disable\\(\\)'s line classed\$" 60
check needs=x86-host "classify-test.sh fails when only the innermost frame of a chain can name the class" \
	"$(classify_cut inner 's/if (c == \"\") c = class_of(\$0) }/if (c == \"\" \&\& fr == 1) c = class_of(\$0) }/')" \
	1 "^cond_resched_might_sleep [0-9]+: not gfp_blocks" 60
check needs=x86-host "classify-test.sh fails when class other is counted by address, not by function" \
	"$(classify_cut other-by-address 's/of\[s\[a\]\] += n\[a\]/of[a] += n[a]/')" \
	1 "^other_functions [{].*[}]: no host_fn\\(\\)" 60
check needs=x86-host "classify-test.sh fails when the lines a chain's calls were inlined at cannot name the class" \
	"$(classify_cut site '/c = site_class(ln\[i\])/d')" \
	1 "^preempt_count [0-9]+: not irqs_off\\(\\)'s [0-9]+ instructions" 60
check needs=x86-host "classify-test.sh fails when a function's opening line is not its prologue" \
	"$(classify_cut opening '/# its opening line$/d')" \
	1 "^entry_exit_functions.kstyle [0-9]+: not the [0-9]+ instructions on the line of its name" 60
check needs=x86-host "classify-test.sh fails when other's lines are kept without the symbol they ran in" \
	"$(classify_cut lines-nosym 's/ol\[s\[a\] \"@\" f\[1\]/ol[f[1]/')" \
	1 "^other_lines by function " 60
check needs=x86-host "classify-test.sh fails when other's lines name the symbol for the innermost function" \
	"$(classify_cut lines-noinner 's/\"@\" f\[1\] \"@\"/\"@\" s[a] \"@\"/')" \
	1 "^other_lines .*: none of helper\\(\\)'s lines inlined in host_fn\\(\\)" 60
check needs=x86-host "classify-test.sh fails when a line with code of its own counts as a call site" \
	"$(classify_cut sites-all 's/if (!(l in own)) printf/printf/')" \
	1 "^call_site_lines .*: not touch\\(\\) inlined on its line" 60
check needs=x86-host "classify-test.sh fails when other's lines are not taken relative to the source tree" \
	"$(classify_cut srctree 's/index(fl, srctree \"\/\") == 1/0/')" \
	1 "^other_lines .*: lines not relative to the source tree" 60
check needs=x86-host "classify-test.sh fails when the \"..\" of a line's path are not resolved" \
	"$(classify_cut dotdot '/part\[i\] == \"\.\.\"/d')" \
	1 "^other_lines .*: lines not relative to the source tree" 60
check needs=x86-host "classify-test.sh fails when a statement on a function's first line is taken for its prologue" \
	"$(classify_cut one-line 's/ \&\& t !~ \/;\/ / /')" \
	1 "^one_line\\(\\), defined on one line: [1-9]" 60

# A run that the series, a changelog, a fragment, README.md or
# Documentation names is committed (a renamed or dropped run is caught).
check "every results/ run that series, patches, configs, README.md and Documentation name exists" \
	"grep -rohE 'results/[0-9]{4}-[0-9]{2}-[0-9]{2}-[A-Za-z0-9-]+' series patches configs README.md Documentation |
	 sort -u | while read -r d; do [ -d \"\$d\" ] || { echo \"missing: \$d\"; exit 1; }; done" 0 '' 30
