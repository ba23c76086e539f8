# SPDX-License-Identifier: GPL-2.0
# Common helpers for the voluntary-preempt harness; sourced, not run.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)}
BUILD=${BUILD:-$TOP/build}
CACHE=${CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/voluntary-preempt}

# The tree this series is for.
KVER_WANT=7.3
LINUX_DEB_PKG=linux-source-7.3
LINUX_DEB_VERSION=7.3.4-1~bpo13+1
LINUX_DEB_SUITE=trixie-backports
LINUX_DEB_SHA256=703e369ddd4cce971452f5a593ee55df3a5c10c83caf0fa0df039633ed181ee3

PROG=${PROG:-$(basename "$0")}

die() { echo "$PROG: error: $*" >&2; exit 1; }
warn() { echo "$PROG: warning: $*" >&2; }
say() { echo "==> $*" >&2; }

# The guests' architecture, the ARCH knob: x86_64 (the default) or arm64,
# cross-compiled (gcc-aarch64-linux-gnu) and booted on QEMU's arm64 virt
# machine.  What the architecture decides is set here, once:
#   KMAKE    the kernel's own make variables (ARCH=, CROSS_COMPILE=), given
#            on the command line of every kernel make, so that the harness's
#            ARCH in the environment never reaches the kernel's Makefile
#   CROSS    the cross toolchain's prefix ("" for the native build)
#   DEB_ARCH Debian's name of the architecture (the guest tree's packages)
#   KIMAGE   the boot image in a kernel's build directory
#   ASFX     "" for x86_64, "-arm64" for arm64: the suffix of every product
#            an architecture has its own of (build/kernels-arm64,
#            build/rootfs-arm64.img, ...), so that the x86_64 layout stays
#   KERNELS  where the slim kernels go ($BUILD/kernels$ASFX)
#   GUEST_BASE  the slim guest base fragment
#   ROOTFS   the guest image;  QEMU the emulator;  CONSOLE the serial console
#   HOST_ARCH  the host's name for the architecture (uname -m): KVM runs a
#            guest only where the two agree
ARCH=${ARCH:-x86_64}
ARCHS="x86_64 arm64"
case $ARCH in
x86_64)
	CROSS= DEB_ARCH=amd64
	KMAKE=(ARCH=x86) KIMAGE=arch/x86/boot/bzImage ASFX=
	GUEST_BASE=$TOP/configs/guest-base.config
	QEMU=qemu-system-x86_64 CONSOLE=ttyS0 HOST_ARCH=x86_64 ;;
arm64)
	CROSS=aarch64-linux-gnu- DEB_ARCH=arm64
	KMAKE=(ARCH=arm64 CROSS_COMPILE=$CROSS) KIMAGE=arch/arm64/boot/Image ASFX=-arm64
	GUEST_BASE=$TOP/configs/guest-base-arm64.config
	QEMU=qemu-system-aarch64 CONSOLE=ttyAMA0 HOST_ARCH=aarch64 ;;
*) die "unknown ARCH '$ARCH'; valid: $ARCHS" ;;
esac
KERNELS=$BUILD/kernels$ASFX
ROOTFS=$BUILD/rootfs$ASFX.img

# check_env_arch K=V,...: refuse scenario knobs the architecture's guest
# cannot honour.  The arm64 image has no rtla of the 7.3 tree yet (rootfs.sh),
# so TIMERLAT is refused there rather than run with Debian's older rtla.
check_env_arch() {
	[ "$ARCH" = arm64 ] || return 0
	[[ ,$1, =~ ,TIMERLAT=([^,]*), ]] || return 0
	[ "${BASH_REMATCH[1]}" = 0 ] ||
		die "TIMERLAT is not available on ARCH=arm64 yet: the arm64 guest image has no rtla built from the 7.3 tree (use cyclictest alone, or ARCH=x86_64)"
}

# Elapsed time as m:ss since $1 (seconds since the epoch).
elapsed() { local s=$(( $(date +%s) - $1 )); printf '%d:%02d' $((s / 60)) $((s % 60)); }

need() {
	local t
	for t; do
		command -v "$t" >/dev/null 2>&1 ||
			die "'$t' is not installed; run 'make deps' (as root) first"
	done
}

# resignal SIG: after a trap's cleanup, die of SIG itself, so that a calling
# shell loop (bench.sh, kernels.sh) sees its child killed by the Ctrl-C and
# stops too, instead of taking the exit code for a handled signal and going
# on with the next step
resignal() { trap - "$1"; kill -"$1" $$; }

# Take an exclusive lock on $1 for the rest of the script, so that two make
# runs at once wait for each other instead of corrupting a cache.
lock() {
	mkdir -p "$(dirname "$1")"
	exec {LOCKFD}>"$1"
	if ! flock -n "$LOCKFD"; then
		say "waiting for another run holding $1"
		flock "$LOCKFD"
	fi
}

# lock_shared FILE: hold FILE's lock shared for the rest of the script
# (readers of a work tree; patch.sh replaces it under the lock alone).
lock_shared() {
	mkdir -p "$(dirname "$1")"
	exec {SHLOCKFD}>"$1"
	if ! flock -s -n "$SHLOCKFD"; then
		say "waiting for another run holding $1"
		flock -s "$SHLOCKFD"
	fi
}

# The patches a series file names, one per line.
series_patches() {
	sed 's/#.*//; s/[[:space:]].*//' "$1" | grep . || true
}

# The profiles are the files configs/profiles/<name>.config.
profiles_all() {
	local f
	for f in "$TOP"/configs/profiles/*.config; do
		basename "$f" .config
	done
}

# The kernels 'make bench' builds and compares when PROFILES is not given
# (the Makefile reads this line): 7.3 as shipped (static Lazy, the
# PREEMPT_DYNAMIC kernel distributions ship, static Full), this series'
# Server and Desktop, and Server without its voluntary preemption points.
DEFAULT_PROFILES="upstream-lazy upstream-dynamic upstream-full server desktop server-nofs"

# The report's summaries (scripts/report.sh writes them beside the report;
# a committed run keeps them under report/, and the report is rendered
# again from them).
REPORT_SUMMARIES="summary.json calibration.json goals.json questions.json stretches.json"

check_profile() {
	[ -f "$TOP/configs/profiles/$1.config" ] ||
		die "unknown profile '$1'; valid profiles: $(profiles_all | tr '\n' ' ')"
}

# The scenarios are the guest scripts tools/guest/scenarios/<name>.sh.
check_scenario() {
	local base=${1%%@*}
	[ -f "$TOP/tools/guest/scenarios/$base.sh" ] ||
		die "unknown scenario '$base'; valid scenarios: $(cd "$TOP/tools/guest/scenarios" && ls *.sh | sed 's/\.sh$//' | tr '\n' ' ')"
	[[ $1 != *@* ]] || variant_env "$1" >/dev/null
}

# A scenario can be run in a variant, NAME@VARIANT: NAME's guest script with
# the knobs the variant's '-'-separated words name, so that a layout has
# one name wherever it runs (bench, run.sh, hotspots) and its runs stay
# apart in the results and the report.  The words:
#   1k 2k 4k                    the block size (MKFS_OPTS=-bN; ext2, ext3, ext4 loads)
#   ordered journal writeback   the data mode (MOUNT_OPTS=data=MODE; ext3 loads)
#   <N>m                        SIZE_MB=N
#   <N>f                        FILES=N
#   big                         16 files of 100 MB, 16 per directory (ext3-rmtree:
#                               the unlink of many large files)
#   dd fsync sync               how the dirty pages are made and written back
#                               (MODE=; ext3-dirty)
#   ext4                        the bench's ext4 instead of the ext3 on-disk
#                               format (FS=ext4; ext3-dirty)
# variant_env NAME@VARIANT prints the knobs (K=V,...), or dies naming the
# word it does not know and the ones it does.
VARIANT_WORDS="1k 2k 4k ordered journal writeback dd fsync sync ext4 <N>m <N>f big"
variant_env() {
	local base=${1%%@*} v=${1#*@} w env=() fs
	[[ $1 == *@?* ]] || die "scenario '$1': a variant is NAME@WORD-WORD...; words: $VARIANT_WORDS"
	case $base in
	ext3-*) fs=ext3 ;;
	jbd2-*) fs=ext4 ;;
	mpage-ext2) fs=ext2 ;;
	*) fs=other ;;
	esac
	for w in ${v//-/ }; do
		case $w in
		1k | 2k | 4k)
			[ "$fs" != other ] || die "scenario '$1': $base has no block size to choose ('$w')"
			env+=("MKFS_OPTS=-b$((${w%k} * 1024))") ;;
		ordered | journal | writeback)
			[ "$fs" = ext3 ] || die "scenario '$1': $base has no journal data mode ('$w')"
			env+=("MOUNT_OPTS=data=$w") ;;
		[1-9]*m) [[ $w =~ ^[1-9][0-9]*m$ ]] || die "scenario '$1': '$w' is not a size (<N>m)"
			env+=("SIZE_MB=${w%m}") ;;
		[1-9]*f) [[ $w =~ ^[1-9][0-9]*f$ ]] || die "scenario '$1': '$w' is not a file count (<N>f)"
			env+=("FILES=${w%f}") ;;
		big) env+=("FILES=16" "FILE_SIZE=104857600" "PER_DIR=16") ;;
		dd | fsync | sync)
			[ "$base" = ext3-dirty ] || die "scenario '$1': $base has no writeback mode ('$w'; ext3-dirty has)"
			env+=("MODE=$w") ;;
		ext4)
			[ "$base" = ext3-dirty ] || die "scenario '$1': $base has no choice of filesystem ('$w'; ext3-dirty has)"
			env+=("FS=ext4") ;;
		*) die "scenario '$1': unknown variant word '$w'; words: $VARIANT_WORDS" ;;
		esac
	done
	(IFS=,; echo "${env[*]}")
}

# vmlinux_dis KDIR: the path of KDIR's vmlinux disassembly (objdump -d
# --no-show-raw-insn), made once per build of it (inspect-vmlinux.sh,
# classify-insns.sh).
vmlinux_dis() {
	local dis=$1/vmlinux.dis
	[ -f "$1/vmlinux" ] || die "no $1/vmlinux"
	if [ ! -s "$dis" ] || [ "$dis" -ot "$1/vmlinux" ]; then
		say "disassembling $1/vmlinux (once per build)"
		"${CROSS}objdump" -d --no-show-raw-insn "$1/vmlinux" >"$dis.part" && mv "$dis.part" "$dis" ||
			die "objdump of $1/vmlinux failed"
	fi
	echo "$dis"
}

# tsk_ti_preempt KDIR: where an arm64 build of KDIR keeps the preempt count
# in task_struct (asm-offsets.h's TSK_TI_PREEMPT; preempt-count.awk's off).
tsk_ti_preempt() {
	local off h=$1/include/generated/asm-offsets.h
	off=$(awk '$1 == "#define" && $2 == "TSK_TI_PREEMPT" {print $3}' "$h")
	[[ $off =~ ^[0-9]+$ ]] || die "no TSK_TI_PREEMPT in $h"
	echo "$off"
}

# tbench_ops FILE: the operations tbench's clients completed, the counts of
# the closing table of its output (profile.sh's unit for tbench), summed.
# Refused: an output without the table and the Throughput line after it (a
# run cut short), and a run that warmed up (dbench's warmup is a fifth of
# its time in whole seconds, and the table leaves out the warmup's
# operations, whose instructions the profile counts).
tbench_ops() {
	local state n w
	read -r state n w < <(awk '{ sub(/\r$/, "") }
		/minimum warmup [0-9]+ secs/ { w = $0; sub(/.*minimum warmup /, "", w); sub(/ secs.*/, "", w) }
		/^ Operation +Count/ { t = 1; n = 0; next } t && /^ -+$/ { next }
		t && NF >= 2 && $2 ~ /^[0-9]+$/ { n += $2; next } t { t = 0; done = 1 }
		done && /^Throughput / { ok = 1 }
		END { printf "%s %d %s\n", ok ? "ok" : "cut", n, w == "" ? "-" : w }' "$1")
	[ "$state" = ok ] && [ "$n" -gt 0 ] || die "$1: no table of tbench's operations with its Throughput line after it (a run cut short?)"
	[ "$w" != - ] || die "$1: no 'minimum warmup' line: not the output of dbench 4's tbench"
	[ "$w" = 0 ] || die "$1: tbench warmed up for $w s, whose operations its table leaves out (a fifth of a run's time: profile it with VP_ENV=DURATION=4 or less)"
	echo "$n"
}

# Refuse a tree whose top Makefile is not $KVER_WANT.
check_tree_version() {
	local mk=$1/Makefile v p
	[ -f "$mk" ] || die "$1 is not a kernel tree (no Makefile)"
	v=$(sed -n 's/^VERSION = //p' "$mk" | head -1)
	p=$(sed -n 's/^PATCHLEVEL = //p' "$mk" | head -1)
	[ "$v.$p" = "$KVER_WANT" ] ||
		die "$1 is Linux $v.$p; this series is for Linux $KVER_WANT only (KSRC=/path/to/linux-$KVER_WANT)"
}

# The Debian mirror the machine's own apt sources use (no host name in the repo).
debian_mirror() {
	local m
	m=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null |
		awk '/^URIs:/ { for (i = 2; i <= NF; i++) if ($i ~ /\/debian\/?$/) { print $i; exit } }')
	[ -n "$m" ] || m=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
		awk '$1 == "deb" { for (i = 2; i <= NF; i++) if ($i ~ /^https?:.*\/debian\/?$/) { print $i; exit } }')
	[ -n "$m" ] || die "no Debian mirror found in /etc/apt/sources.list{,.d}"
	echo "${m%/}"
}

# apt_private DIR LINE: a private apt configuration in DIR (fresh) whose only
# source is LINE ("deb URL SUITE main" or "deb-src ..."), signed by
# Debian's archive key; sets the array APTOPT to use it with apt-get.  It
# leaves the machine's own apt state alone and needs no lock.
apt_private() {
	rm -rf "$1"
	mkdir -p "$1/lists/partial" "$1/archives/partial" "$1/dl"
	echo "${2%% *} [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] ${2#* }" >"$1/sources.list"
	APTOPT=(-o "Dir::Etc::SourceList=$1/sources.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$1/lists" -o "Dir::Cache::Archives=$1/archives"
		-o APT::Get::List-Cleanup=0 -o Debug::NoLocking=1 -o APT::Sandbox::User=root)
}

debian_suite() {
	. /etc/os-release
	echo "${VERSION_CODENAME:?no VERSION_CODENAME in /etc/os-release}"
}

# A header line "# NAME: value" of a profile's fragment.
profile_header() {
	sed -n "s/^# $2:[[:space:]]*//p" "$TOP/configs/profiles/$1.config" | head -1
}

# Groups of patches a profile leaves out: its fragment's "# Without: a b"
# line.  A group is configs/profiles/NAME.group, the names of its patches
# one a line ('#' starts a comment), e.g. points.group: the series'
# voluntary preemption points.
profile_without() {
	profile_header "$1" Without
}

group_file() {
	echo "$TOP/configs/profiles/$1.group"
}

check_group() {
	[ -f "$(group_file "$1")" ] ||
		die "unknown group '$1'; valid groups: $(cd "$TOP/configs/profiles" && ls -- *.group 2>/dev/null | sed 's/\.group$//' | tr '\n' ' ')"
}

# The profile whose kernel a profile boots: its "# Kernel: other" line (a
# PREEMPT_DYNAMIC kernel booted in another mode); for a profile whose
# "# Without:" groups hold no patch today, the profile with the same
# fragment and the whole series (server-nofs would be server if
# points.group were empty: one build, not two); else itself.  An unknown
# profile is an error (check_profile).
profile_kernel() {
	local k q
	check_profile "$1"
	k=$(profile_header "$1" Kernel)
	if [ -n "$k" ]; then
		[ -f "$TOP/configs/profiles/$k.config" ] || die "profile $1 names an unknown kernel profile '$k'"
		[ -z "$(profile_header "$k" Kernel)" ] || die "profile $1: kernel profile $k itself borrows a kernel"
		echo "$k"
		return
	fi
	k=$(profile_without "$1")
	for q in $k; do check_group "$q"; done
	if [ -n "$k" ] && [ -z "$(group_patches "$k")" ]; then
		for q in $(profiles_all); do
			[ "$q" != "$1" ] && [ -z "$(profile_header "$q" Kernel)$(profile_without "$q")" ] &&
				cmp -s <(grep -v '^#' "$TOP/configs/profiles/$1.config") \
					<(grep -v '^#' "$TOP/configs/profiles/$q.config") &&
				{ echo "$q"; return; }
		done
	fi
	echo "$1"
}

# The patches of the groups named in $1 (space-separated) that the series
# ($2, default $TOP/series) has, in series order.
group_patches() {
	local g names
	for g in $1; do check_group "$g"; done
	names=$(for g in $1; do series_patches "$(group_file "$g")"; done)
	[ -z "$names" ] || series_patches "${2:-$TOP/series}" | grep -xF -- "$names" || true
}

# Extra kernel parameters a profile boots with: its "# Boot: ..." line.
profile_boot() {
	profile_header "$1" Boot
}

# The work tree a profile builds from.  A tree without some groups lives in
# $BUILD/without-GROUPS/linux and its kernels in $BUILD/without-GROUPS/kernels,
# the same layout as $BUILD/linux and $BUILD/kernels: ccache then sees the
# same relative paths and the variant build hits the full series' objects
# for every file the left-out patches do not touch.
# without_dir "GROUP ...": that directory for a list of left-out groups.
without_dir() {
	echo "$BUILD/without-$(echo "$1" | tr ' ' '-')"
}
variant_dir() {
	local w
	w=$(profile_without "$1")
	[ -z "$w" ] || without_dir "$w"
}
work_for_profile() {
	local v
	v=$(variant_dir "$1")
	if [ -n "$v" ]; then echo "$v/linux"; else echo "${WORK:-$BUILD/linux}"; fi
}

# kernel_out PROFILE: the directory PROFILE's kernel is built in.  A
# variant's kernel (variant_dir) is built beside its work tree and found
# through the link $KERNELS/PROFILE, which this makes or refreshes.  The
# link is handled as a link, never as the directory it points to: a
# second build must not remove that directory and the kernel in it.
kernel_out() {
	local v link dir
	v=$(variant_dir "$1") link=$KERNELS/$1
	[ -n "$v" ] || { echo "$link"; return; }
	dir=$v/kernels$ASFX/$1
	# a link where the kernel belongs (left by an older kernel.sh) goes
	[ ! -L "$dir" ] || rm -f "$dir"
	mkdir -p "$v/kernels$ASFX" "$KERNELS" || die "cannot create $v/kernels$ASFX"
	[ -L "$link" ] || rm -rf "$link"
	ln -sfn "../$(basename "$v")/kernels$ASFX/$1" "$link" || die "cannot link $link"
	echo "$dir"
}

# Make (or refresh) the work tree of a profile that leaves groups out.
make_variant_tree() {
	local without
	without=$(profile_without "$1")
	[ -z "$without" ] || WITHOUT=$without PROG=patch.sh "$TOP/scripts/patch.sh"
}

# Print the series ($1) without the patches of the groups named in $2.
series_without() {
	awk -v drop="$(group_patches "$2" "$1" | tr '\n' ' ')" -v groups="$2" '
		BEGIN { n = split(drop, d, " "); for (i = 1; i <= n; i++) out[d[i]] = 1 }
		/^[[:space:]]*#/ || /^[[:space:]]*$/ { print; next }
		{ if ($1 in out) print "# (left out: " groups ") " $0; else print }
	' "$1"
}

# reliability_clock PROFILE: the clock for correctness runs (make reliability,
# powercut.sh): CLOCK if it names one, else KVM where a probe boot works and
# tcg (fast, real time) otherwise; icount would only make them slower.
reliability_clock() {
	case ${CLOCK:-auto} in
	auto) [ "$(PROG=clock.sh CLOCK=auto "$TOP/scripts/clock.sh" "$1" 2>/dev/null)" = kvm ] && echo kvm || echo tcg ;;
	kvm | tcg | icount) echo "$CLOCK" ;;
	*) die "unknown CLOCK '$CLOCK'; valid: auto kvm tcg icount" ;;
	esac
}

# json_strings STRING...: a JSON array of the STRINGs that are not empty
# (one line each), for lists of failures kept in a bash array.
json_strings() { printf '%s\n' "$@" | jq -R . | jq -sc 'map(select(. != ""))'; }

# console_status LOG: what a guest's console log says went wrong, as one
# word ("ok" if nothing): the first match in this order.  A debug kernel's
# checks (DEBUG_ATOMIC_SLEEP, lockdep, KASAN, the lockup, hung-task and RCU
# stall detectors) each print one of these; any of them fails the run.
# Lines the guest's init writes ("vp: ", "vp| ") are not the kernel's.
console_status() {
	local c
	# the guest's own lines ("vp| " echoes the scenario's log) do not count
	c=$(grep -av '^vp[|:] ' "$1")
	if grep -aqE 'Kernel panic|kernel BUG at' <<<"$c"; then echo panic
	elif grep -aqE 'BUG: KASAN: ' <<<"$c"; then echo kasan
	elif grep -aqE 'Oops|general protection fault|BUG: (unable|kernel NULL)' <<<"$c"; then echo oops
	elif grep -aqE 'WARNING: (possible (circular|recursive|irq lock)|inconsistent lock state|suspicious RCU usage|bad unlock balance|held lock freed|lock held when returning|Nested lock was not taken|.* lock order detected)|turning off the locking correctness validator' <<<"$c"; then echo lockdep
	elif grep -aqE 'BUG: (sleeping function called from invalid context|scheduling while atomic)' <<<"$c"; then echo atomic-sleep
	elif grep -aqE 'rcu: INFO: .* (detected|self-detected) stall|rcu_.* kthread starved' <<<"$c"; then echo rcu-stall
	elif grep -aqE 'BUG: soft lockup|hard LOCKUP|BUG: workqueue lockup' <<<"$c"; then echo soft-lockup
	elif grep -aqE 'INFO: task .* blocked for more than' <<<"$c"; then echo hung-task
	elif grep -aqE 'WARNING: CPU: |BUG: ' <<<"$c"; then echo warning
	else echo ok
	fi
}

# disk_scenario SCENARIO: true for the scenarios that work on the scratch
# disk (filesystem loads); bench.sh runs them one guest at a time.
disk_scenario() {
	[[ $1 =~ ^(dbench|fio-write|ext3-|jbd2-|mpage-|crash-|fs-damage|readahead-stress) ]]
}

# The scenarios of a BENCH size, in order: bench_scenarios quick|full|smoke|fs|writeback.
# quick is sized for emulation (icount runs at a few % of native speed);
# full for a real machine with KVM; smoke checks the plumbing.  fs is the
# layout sweep of the filesystem places the 2004 series touched (ext3's
# truncate, the jbd commit, mpage), as scenario variants (variant_env):
# the ext3 on-disk format with 1, 2 and 4 KiB blocks (1 KiB: four times
# the block pointers, a three-level indirect tree at 1.6 GB), the three
# data modes, files up to 1.6 GB (the scratch disk is SCRATCH_MB, 2048):
# truncate, 'rm -r' of many small files, the unlink of many large files,
# overwrite-and-fsync, and the mpage readers and writers on ext2 and vfat.
# A sweep finds the stretches; a point is then measured with repeats of
# its own.  writeback is the sweep of buffered writeback (ext3-dirty): a
# file larger than the dirty limits written without fsync (dd), one
# fsynced (fsync), many small files and a syncfs (sync), on the bench's
# ext4 and on the ext3 format with 1 and 4 KiB blocks in data=ordered and
# data=journal.
bench_scenarios() {
	local lat="calibrate cyclic-idle ext3-truncate ext3-rmtree ext3-sparse jbd2-commit mpage-ext2 mpage-vfat"
	local tput="hackbench ctxswitch many-threads compile dbench fio-write"
	local server="pgbench lockfault tbench perf-messaging"
	case $1 in
	quick) echo "calibrate hackbench ctxswitch many-threads compile dbench fio-write $server ext3-truncate jbd2-commit" ;;
	full) echo "$tput $server $lat" ;;
	smoke) echo "ext3-truncate" ;;
	fs) echo calibrate \
		ext3-truncate@{1k-ordered,1k-journal,1k-writeback,2k-ordered,4k-ordered,4k-journal}-1600m \
		ext3-rmtree@{1k-ordered,4k-journal}-20000f ext3-rmtree@{1k,4k}-ordered-big \
		ext3-overwrite@{1k-ordered-800m,1k-journal-400m,4k-writeback-800m} \
		mpage-ext2@1k-800m mpage-vfat@800m ;;
	writeback) echo calibrate \
		ext3-dirty@{dd,fsync,sync}-ext4 \
		ext3-dirty@{dd,fsync,sync}-{1k,4k}-ordered \
		ext3-dirty@{dd,fsync,sync}-{1k,4k}-journal ;;
	*) die "unknown BENCH '$1'; valid: quick full smoke fs writeback" ;;
	esac
}

# bench_env quick|full|smoke|fs|writeback SCENARIO: the scenario knobs (vp.env) of a
# BENCH size, from the table scripts/bench-env.tsv; a variant (NAME@WORDS)
# carries its own (variant_env).
bench_env() {
	local pat env
	case $2 in *@*) echo ""; return ;; esac
	while IFS=$'\t' read -r pat env; do
		case $pat in '#'* | '') continue ;; esac
		# shellcheck disable=SC2254 # the table's patterns are patterns
		case $1:$2 in $pat) echo "$env"; return ;; esac
	done <"$TOP/scripts/bench-env.tsv"
	echo ""
}

# kconfig_warnings LOG: the Kconfig warnings in the output of a configuration
# step, one line per warning naming its symbol: a select that overrides a
# "depends on" (WARNING: unmet direct dependencies detected for SYM) and
# conf's "FILE:LINE:warning: ..." lines.  Empty when there are none.  Every
# configuration the harness resolves treats them as errors.
kconfig_warnings() {
	grep -E '^WARNING: unmet direct dependencies detected for |:[0-9]+:warning: |^warning: ' "$1" |
		sed -E 's/^WARNING: unmet direct dependencies detected for ([A-Za-z0-9_]+).*/CONFIG_\1 (unmet direct dependencies: selected against its "depends on")/' |
		sort -u || true
}

# kconfig_refuse LOG WHAT: stop, naming every Kconfig warning in LOG, if
# there is one.
kconfig_refuse() {
	local kw
	kw=$(kconfig_warnings "$1")
	[ -z "$kw" ] || die "$2: Kconfig warned, and warnings are errors here (log: $1):
$(echo "$kw" | sed 's/^/    /')"
}
