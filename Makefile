# SPDX-License-Identifier: GPL-2.0
#
# voluntary-preempt: tree -> patch -> config -> kernels -> rootfs -> boot ->
# bench -> report, and the test suite.  'make help' lists targets and knobs.

# ---- knobs (each has a default; unknown values are refused) -------------
# The guests' architecture: x86_64, or arm64 (cross-built slim kernels in
# build/kernels-arm64/, an arm64 Debian image build/rootfs-arm64.img, booted
# on qemu-system-aarch64's virt machine; no rtla there, so no TIMERLAT).
ARCH ?= x86_64
VALID_ARCHS := x86_64 arm64
ifneq ($(filter-out $(VALID_ARCHS),$(ARCH))$(words $(ARCH)),1)
$(error unknown ARCH '$(ARCH)'; valid: $(VALID_ARCHS))
endif
# Kernels to build and benchmark: names of configs/profiles/*.config; by
# default the six of DEFAULT_PROFILES in scripts/lib.sh (mbox.sh reads it too).
# (Each slim kernel takes 8-10 minutes to build on 2 cores, cold: a first
# make bench took 95 minutes here, a later one 52; results/2026-12-03-bench-cold.)
PROFILES ?= $(shell sed -n 's/^DEFAULT_PROFILES="\(.*\)"$$/\1/p' scripts/lib.sh)
# Clock for guest runs: auto (KVM if a probe boot works, else icount),
# kvm (real time), tcg (multi-threaded TCG, real time, noisy) or icount
# (deterministic guest time: instruction count).
CLOCK ?= auto
# Benchmark size: quick (fits this 2-core machine), full (real hardware),
# smoke (one short run per kernel: checks the plumbing) or fs (the
# filesystem layout sweep: ext3 block sizes, data modes, large files).
BENCH ?= quick
# Repeats of every measurement (profiles interleaved); empty = BENCH's default.
REPEAT ?=
# Scenarios to run (tools/guest/scenarios/*.sh), each optionally a variant
# NAME@WORDS (ext3-truncate@1k-journal-1600m; scripts/lib.sh variant_env);
# empty = BENCH's default.
SCENARIOS ?=
# The guests' shape.  1vcpu: one vCPU that the load and cyclictest share,
# the calibrated latency lane every latency figure comes from.  2vcpu: two
# vCPUs, for cross-CPU behaviour; under icount its worst latencies are the
# emulator's, not the kernel's (Documentation/method.rst), and the report
# does not judge them.
LANE ?= 1vcpu
# Guests run at a time; auto = 1 on the 1vcpu lane and under kvm or tcg,
# one per host CPU on the 2vcpu lane under icount (disk loads always alone).
GUESTS ?= auto
# Each guest's memory in MiB (mem-pressure wants a small guest: MEM=256).
MEM ?= 1024
# A boot whose calibration floor (worst latency under a load no model
# delays) is over this many us is contaminated and rerun up to CALIB_RERUNS
# times (1vcpu lane).  A kernel build or a second bench on the same host
# spoils the figures: run benches alone.
CALIB_BOUND_US ?= 50
CALIB_RERUNS ?= 2
# Seconds one guest boot may take before it counts as a hang.
TIMEOUT ?= 900
# Your own Linux 7.3 tree instead of Debian's linux-source-7.3 (optional).
KSRC ?=
# One kernel for 'make boot' and 'make hotspots'.
PROFILE ?= upstream-lazy
# One scenario for 'make hotspots'.
SCENARIO ?= ext3-truncate
# What 'make hotspots' traces: wakeup_rt (the worst wakeup of cyclictest,
# with the functions that ran) or events (every stretch a task held the
# CPU, from the scheduler's events: for stretches cyclictest catches only
# in some runs).
HOTSPOTS_TRACE ?= wakeup_rt
# Kernels that 'make reliability' checks (the debug kernel is added to them).
RELIABILITY_PROFILES ?= server desktop upstream-lazy
# Power cuts per profile in 'make reliability'.
CUTS ?= 50
# The debug kernel and the PREEMPT_DYNAMIC kernel of 'make reliability'
# (empty: its step is skipped).
DEBUG ?= debug
DYNAMIC ?= upstream-dynamic
# Where downloads, the pristine tree, ccache and the Debian guest tree live.
CACHE ?= $(HOME)/.cache/voluntary-preempt

export ARCH PROFILES CLOCK BENCH REPEAT SCENARIOS LANE GUESTS MEM CALIB_BOUND_US CALIB_RERUNS TIMEOUT KSRC CACHE CUTS DEBUG_SCENARIOS HOTSPOTS_TRACE

S := scripts
ALL_PROFILES := $(basename $(notdir $(wildcard configs/profiles/*.config)))

.PHONY: help deps tree patch configs defconfigs defconfig-models kernels rootfs boot bench report stretches hotspots profile selftests inspect bisect mbox reliability check test clean distclean

help:
	@echo 'voluntary-preempt - Server and Desktop preemption models for Linux 7.3'
	@echo
	@echo 'Targets:'
	@echo '  bench      everything below, then the benchmark suite and the report (the main job)'
	@echo '  check      the fast tests: tools, knobs, report; no kernel, no boot (TAP, about 1.5 minutes)'
	@echo '  test       check, then the boot suite: one kernel, ~40 boots (TAP; ends with "N passed, N failed")'
	@echo '  deps       install the Debian packages needed (as root; otherwise prints the command)'
	@echo '  tree       fetch and unpack the pristine Linux 7.3 tree into CACHE (or check KSRC)'
	@echo '  patch      build/linux: a copy of the tree with the series applied (quilt, no fuzz)'
	@echo '  configs    resolve every profile'"'"'s .config and check no option was dropped'
	@echo '  defconfigs resolve the series'"'"' server and desktop configs for x86_64 and arm64 (checked)'
	@echo '  defconfig-models  does the series change any in-tree defconfig'"'"'s preemption model? (Kconfig only,'
	@echo '             with and without the series; each arch'"'"'s default and those naming an entry it makes visible,'
	@echo '             ALL=1: every arch/*/configs/*_defconfig)'
	@echo '  kernels    build the PROFILES kernels into build/kernels/<profile>/ (arm64: build/kernels-arm64/)'
	@echo '  rootfs     build the Debian guest image build/rootfs.img (arm64: build/rootfs-arm64.img)'
	@echo '  boot       boot PROFILE with a shell on the serial console (Ctrl-a x quits)'
	@echo '  reliability  fsck and canaries after every fs workload, CUTS power cuts per kernel,'
	@echo '             the debug kernel through every scenario with each point counted, and the'
	@echo '             PREEMPT_DYNAMIC kernel in every mode with its points traced'
	@echo '             (RELIABILITY_PROFILES; empty: the debug and dynamic kernels alone)'
	@echo '  report     rebuild the report of the last bench run, or of RUN=results/<run> (a committed'
	@echo '             run: rendered from its summaries into build/report/)'
	@echo '  hotspots   name the kernel code behind the worst latency of PROFILE running SCENARIO (on LANE)'
	@echo '  stretches  rank the last bench run'"'"'s stretches over the goal and trace the STRETCHES largest'
	@echo '             (make hotspots on the run'"'"'s lane; the report names their functions)'
	@echo '  profile    count the guest'"'"'s instructions per kernel function in SCENARIO'"'"'s timed phase'
	@echo '             (hackbench) for each PROFILES kernel (server server-dynamic), REPEAT times (1),'
	@echo '             and rank each later one'"'"'s difference from the first (a TCG plugin; icount, tcg);'
	@echo '             DWARF=1: kernels rebuilt with debug information, instructions classed by inline chain'
	@echo '  inspect    does each PROFILES kernel touch the preempt count? (objdump of vmlinux; x86_64:'
	@echo '             __preempt_count, arm64: thread_info through sp_el0)'
	@echo '  selftests  the tree'"'"'s futex, rseq and sched selftests in the guest on each PROFILES kernel'
	@echo '             (upstream-lazy server desktop server-dynamic); a test that fails where the first'
	@echo '             kernel passes is a regression (TARGETS, SELFTESTS_TIMEOUT; build/selftests/)'
	@echo '  bisect     build every prefix of the series (each patch builds on its own; PROFILE)'
	@echo '  mbox       build/mbox/: the series as mail (cover letter, [PATCH 0/N]..[PATCH N/N] mbox for git am;'
	@echo '             the cover letter'"'"'s tables from the newest committed calibrated run of every PROFILES kernel)'
	@echo '  clean      remove build/ (kernels, work tree, results); keeps CACHE'
	@echo '  distclean  also remove CACHE (downloads, pristine tree, ccache, guest tree)'
	@echo
	@echo 'Knobs (current value):'
	@echo '  ARCH       = $(ARCH)   ($(VALID_ARCHS); arm64: cross-built, qemu-system-aarch64 -M virt)'
	@echo '  PROFILES   = $(PROFILES)'
	@echo '               valid: $(ALL_PROFILES)'
	@echo '  CLOCK      = $(CLOCK)   (auto kvm tcg icount)'
	@echo '  BENCH      = $(BENCH)   (quick full smoke fs writeback; fs: the filesystem layout sweep,'
	@echo '               15 variants; writeback: dd, fsync and syncfs on ext4 and four ext3 layouts)'
	@echo '  REPEAT     = $(REPEAT)   (empty: 3 for quick, 5 for full, 2 for fs and writeback)'
	@echo '  SCENARIOS  = $(SCENARIOS)   (empty: the BENCH default; NAME@WORDS runs a variant,'
	@echo '               words: 1k 2k 4k (block size) ordered journal writeback (data mode) <N>m (MB) <N>f (files) big'
	@echo '               dd fsync sync (writeback mode) ext4 (the filesystem; ext3-dirty))'
	@echo '  LANE       = $(LANE)   (1vcpu 2vcpu; 1vcpu: the calibrated latency lane)'
	@echo '  GUESTS     = $(GUESTS)   (guests at a time; auto: 1, or one per CPU on 2vcpu under icount)'
	@echo '  MEM        = $(MEM)   (each guest'"'"'s memory in MiB)'
	@echo '  CALIB_BOUND_US = $(CALIB_BOUND_US)   (a boot whose calibration floor is higher is rerun)'
	@echo '  CALIB_RERUNS   = $(CALIB_RERUNS)   (reruns of a contaminated boot before it is excluded)'
	@echo '               Benchmark alone: a kernel build or a second bench on this host spoils the figures.'
	@echo '  TIMEOUT    = $(TIMEOUT)   (seconds per guest boot)'
	@echo '  KSRC       = $(KSRC)   (empty: Debian linux-source-7.3)'
	@echo '  RELIABILITY_PROFILES = $(RELIABILITY_PROFILES)'
	@echo '  CUTS       = $(CUTS)   (power cuts per kernel in reliability)'
	@echo '  DEBUG      = $(DEBUG)   (the debug kernel of reliability; empty: skipped)'
	@echo '  DYNAMIC    = $(DYNAMIC)   (the PREEMPT_DYNAMIC kernel of reliability; empty: skipped)'
	@echo '  DEBUG_SCENARIOS = $(DEBUG_SCENARIOS)   (what the debug kernel runs in reliability; empty: every scenario)'
	@echo '  PROFILE    = $(PROFILE)   (for boot, hotspots)'
	@echo '  SCENARIO   = $(SCENARIO)   (for hotspots, profile; tools/guest/scenarios/*.sh)'
	@echo '  HOTSPOTS_TRACE = $(HOTSPOTS_TRACE)   (wakeup_rt events; events: every stretch a task held the CPU)'
	@echo '  CACHE      = $(CACHE)'

# arm64 lane: the cross compiler, QEMU for arm64, and what runs the arm64
# guest tree's package scripts on this host (qemu-user through binfmt_misc)
DEPS := quilt qemu-system-x86 qemu-utils mmdebstrap ccache gnuplot-nox jq \
	build-essential gcc-aarch64-linux-gnu qemu-system-arm qemu-user-static binfmt-support arch-test \
	flex bison bc cpio kmod libelf-dev libssl-dev dwarves \
	xz-utils e2fsprogs rsync file util-linux coreutils pkg-config libtracefs-dev libtraceevent-dev \
	gdb-multiarch linux-perf git socat
deps:
	@PROG="make deps" $(S)/deps.sh $(DEPS)

# every target that fetches, builds or boots installs what it needs first
tree: deps
	@$(S)/tree.sh >/dev/null

patch: tree
	@$(S)/patch.sh

configs: patch
	@set -e; for p in $(ALL_PROFILES); do \
		$(S)/config.sh $$p build/configs/$$p >/dev/null; echo "==> $$p resolves: build/configs/$$p/.config"; done

defconfigs: patch
	@set -e; for a in x86_64 arm64; do for n in server desktop; do \
		c=$$($(S)/defconfig.sh $$a $$n); echo "==> $$a $$n: $$c ($$(grep -E '^CONFIG_(PREEMPT(_NONE|_VOLUNTARY|_LAZY|_DYNAMIC)?|HZ)=' $$c | sed 's/^CONFIG_//' | tr '\n' ' '))"; \
	done; done

defconfig-models: patch
	@$(S)/defconfig-models.sh $(if $(filter 1,$(ALL)),--all)

kernels: patch
	@$(S)/kernels.sh $(PROFILES)

rootfs: deps
	@$(S)/rootfs.sh

boot: patch rootfs
	@$(S)/kernels.sh $(PROFILE)
	@$(S)/boot.sh $(PROFILE)

bench: deps patch rootfs
	@$(S)/kernels.sh $(PROFILES)
	@$(S)/bench.sh $(PROFILES)

report:
	@$(S)/report.sh $(RUN)

stretches: rootfs
	@$(S)/stretches.sh

hotspots: patch rootfs
	@$(S)/kernels.sh $(PROFILE)
	@$(S)/hotspots.sh $(PROFILE) $(SCENARIO)

# 'make profile': each later kernel's instructions against the first's; by
# default static Server and the distribution kernel booted preempt=none.
PROFILE_KERNELS = $(if $(filter command line environment,$(origin PROFILES)),$(PROFILES),server server-dynamic)
PROFILE_SCENARIO = $(if $(filter command line environment,$(origin SCENARIO)),$(SCENARIO),hackbench)
profile: deps patch rootfs
	@$(S)/kernels.sh $(PROFILE_KERNELS)
	@SCENARIO=$(PROFILE_SCENARIO) $(S)/profile.sh $(PROFILE_KERNELS)

inspect: patch
	@$(S)/kernels.sh $(PROFILES)
	@$(S)/inspect-vmlinux.sh $(PROFILES)

reliability: deps patch rootfs
	@$(S)/kernels.sh $(RELIABILITY_PROFILES) $(DEBUG) $(DYNAMIC)
	@DEBUG='$(DEBUG)' DYNAMIC='$(DYNAMIC)' $(S)/reliability.sh $(RELIABILITY_PROFILES)

# 'make selftests': the 7.3 tree's own futex, rseq and sched selftests
# (TARGETS) in the guest on each PROFILES kernel, each against the first
# (default: upstream-lazy server desktop server-dynamic); a test failing
# where the first passes fails the target (scripts/selftests.sh, about 10
# minutes a kernel under icount).  Two vCPUs and 2400 s a boot unless
# LANE or TIMEOUT are given (the defaults above are the latency lane's).
SELFTESTS_PROFILES = $(if $(filter command line environment,$(origin PROFILES)),$(PROFILES),upstream-lazy server desktop server-dynamic)
selftests: deps patch rootfs
	@$(S)/kernels.sh $(SELFTESTS_PROFILES)
	@LANE=$(if $(filter command line environment,$(origin LANE)),$(LANE),2vcpu) \
		TIMEOUT=$(if $(filter command line environment,$(origin TIMEOUT)),$(TIMEOUT),2400) \
		$(S)/selftests.sh $(SELFTESTS_PROFILES)

bisect: tree
	@PROFILE=$(if $(filter command line,$(origin PROFILE)),$(PROFILE),server) $(S)/bisect-build.sh

mbox: tree
	@$(S)/mbox.sh >/dev/null

# Like bench, the tests install what they need first: either of the two
# commands the README gives works first on a fresh machine.
check: deps
	@tests/run.sh check

test: deps
	@tests/run.sh check boot

clean:
	rm -rf build
distclean: clean
	chmod -R u+w $(CACHE) 2>/dev/null; rm -rf $(CACHE)
