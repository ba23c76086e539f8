// SPDX-License-Identifier: GPL-2.0
/*
 * vp-lockfault - a user-space spinlock whose holder takes a page fault
 *
 * The mechanism given for PostgreSQL's pgbench regression under the lazy
 * preemption default: a backend holding one of its user-space spinlocks
 * takes a minor page fault inside the critical section, is preempted in
 * the kernel, and the other backends spin on the lock until it runs
 * again.  This tool reproduces that shape without a database:
 *
 * N threads (more than the CPUs) loop: take a test-and-test-and-set
 * spinlock, first-touch P fresh pages of anonymous memory of their own
 * (P minor faults per acquisition), do H ns of work, release, then T us
 * of work outside the lock.  Waiting follows PostgreSQL's s_lock(): spin
 * with a CPU pause up to S times, then sleep, starting at 1 ms and
 * growing by a random factor of 1-2 up to 1 s, reset once the lock is
 * taken.
 *
 * --memory chooses what the holder touches: 'fault' (fresh pages: a
 * minor fault each; a thread's region is given back with MADV_DONTNEED
 * outside the lock when used up), 'prefault' (the same pages, faulted in
 * before the run: no fault in the lock, the control), 'thp' (fresh pages
 * in a region madvised MADV_HUGEPAGE: one fault per 2 MB, the published
 * mitigation; fails if the kernel has no transparent huge pages).
 *
 * Reported: acquisitions/s, the fraction of the threads' time spent
 * spinning and sleeping on the lock, the longest wait and the longest
 * hold, minor faults per acquisition, and the threads' involuntary
 * context switches (getrusage RUSAGE_THREAD).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-lockfault"
#define MAX_THREADS 1024
#define PAGE 4096UL
#define HUGE (2UL << 20)
#define MIN_DELAY_NS 1000000ULL		/* s_lock.c: MIN_DELAY_USEC */
#define MAX_DELAY_NS 1000000000ULL	/* s_lock.c: MAX_DELAY_USEC */

enum memory_mode { MEM_FAULT, MEM_PREFAULT, MEM_THP };
static const char *const memory_names[] = { "fault", "prefault", "thp" };

static unsigned long long opt_threads, opt_duration = 5, opt_pages = 1;
static unsigned long long opt_hold_ns = 200, opt_think_us = 5, opt_spins = 100;
static unsigned long long opt_region_mb = 16;
static enum memory_mode opt_memory = MEM_FAULT;
static int opt_quiet;
static const char *opt_json;

static const char help[] =
	PROG " " VP_VERSION " - a user-space spinlock whose holder takes a page fault\n"
	"Usage: " PROG " [options]\n\n"
	"N threads loop: take a test-and-test-and-set spinlock, first-touch P\n"
	"fresh pages (a minor fault each), H ns of work, release, T us of work.\n"
	"A waiter spins up to S times with a CPU pause, then sleeps 1 ms, growing\n"
	"by a random factor of 1-2 up to 1 s (PostgreSQL's s_lock()).  Reports\n"
	"acquisitions/s, the share of the threads' time spent spinning and\n"
	"sleeping on the lock, the longest wait and hold (us), minor faults per\n"
	"acquisition and involuntary context switches.\n\n"
	"Options:\n"
	"  -n, --threads=N     threads, 1.." VP_STR(MAX_THREADS) " (default: twice the online CPUs)\n"
	"  -d, --duration=SEC  wall time of the run, 1..3600 (default: 5)\n"
	"  -p, --pages=P       pages first-touched per acquisition, 0..512 (default: 1)\n"
	"  -H, --hold-ns=H     work inside the lock, ns (default: 200)\n"
	"  -t, --think-us=T    work outside the lock, us (default: 5)\n"
	"  -s, --spins=S       spins before the first sleep, 1..100000 (default: 100)\n"
	"  -m, --memory=MODE   fault: fresh pages; prefault: faulted in before the\n"
	"                      run (no fault in the lock); thp: fresh pages in a\n"
	"                      MADV_HUGEPAGE region (default: fault)\n"
	"  -r, --region-mb=M   memory per thread in MB, even, 2..4096 (default: 16)\n"
	"  -j, --json[=FILE]   write JSON results to FILE (to stdout without FILE\n"
	"                      or with '-'; no human output then; default: off)\n"
	"  -q, --quiet         suppress human output (default: off)\n"
	"  -h, --help          show this help\n";

static inline void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("isb" ::: "memory");	/* as PostgreSQL's SPIN_DELAY */
#else
	__asm__ __volatile__("" ::: "memory");
#endif
}

static atomic_int lock;
/*
 * ready: every region is set up (prefaulted); go: end_ns is set and the
 * main thread has read the fault counters.
 */
static pthread_barrier_t ready, go;
static unsigned long long end_ns, hold_rounds, think_rounds;

struct worker {
	pthread_t tid;
	unsigned char *region;
	size_t region_len, cursor;
	unsigned long long acq, spin_ns, sleep_ns, sleeps, wait_max_ns;
	unsigned long long hold_ns, hold_max_ns, nivcsw, nvcsw;
	uint64_t sink, rnd;
	int madvise_errno;
};

static unsigned long long region_bytes(void)
{
	return opt_region_mb << 20;
}

/* The thread's memory: 2 MB aligned, so that 'thp' can use huge pages. */
static void region_setup(struct worker *w)
{
	size_t len = region_bytes();
	unsigned char *p = mmap(NULL, len + HUGE, PROT_READ | PROT_WRITE,
				MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		die("mmap", "");
	w->region = (unsigned char *)(((uintptr_t)p + HUGE - 1) & ~(HUGE - 1));
	w->region_len = len;
	if (opt_memory == MEM_THP && madvise(w->region, len, MADV_HUGEPAGE))
		die("madvise MADV_HUGEPAGE (no transparent huge pages in this kernel?)", "");
	if (opt_memory == MEM_PREFAULT)
		for (size_t off = 0; off < len; off += PAGE)
			w->region[off] = 1;
}

/* Room for the next acquisition's pages; fresh modes give the region back. */
static void region_next(struct worker *w)
{
	if (w->cursor + opt_pages * PAGE <= w->region_len)
		return;
	w->cursor = 0;
	if (opt_memory != MEM_PREFAULT &&
	    madvise(w->region, w->region_len, MADV_DONTNEED))
		w->madvise_errno = errno;
}

static uint64_t xorshift(uint64_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 7;
	*s ^= *s << 17;
	return *s;
}

static void lock_acquire(struct worker *w)
{
	unsigned long long t0 = now_ns(), slept = 0, delay = 0, spins = 0;

	while (atomic_load_explicit(&lock, memory_order_relaxed) ||
	       atomic_exchange_explicit(&lock, 1, memory_order_acquire)) {
		cpu_relax();
		if (++spins < opt_spins)
			continue;
		/* s_lock.c: sleep, then grow the delay by a factor of 1-2 */
		if (!delay)
			delay = MIN_DELAY_NS;
		struct timespec ts = { delay / 1000000000ULL, delay % 1000000000ULL };
		unsigned long long s0 = now_ns();

		nanosleep(&ts, NULL);
		slept += now_ns() - s0;
		w->sleeps++;
		delay += delay * (xorshift(&w->rnd) % 1000) / 1000;
		if (delay > MAX_DELAY_NS)
			delay = MIN_DELAY_NS;
		spins = 0;
	}
	unsigned long long wait = now_ns() - t0;

	w->sleep_ns += slept;
	w->spin_ns += wait - slept;
	if (wait > w->wait_max_ns)
		w->wait_max_ns = wait;
}

static void *worker(void *arg)
{
	struct worker *w = arg;
	struct rusage ru;

	region_setup(w);
	w->sink = (uintptr_t)w | 1;
	w->rnd = (uintptr_t)w * 0x9e3779b97f4a7c15ULL | 1;
	barrier_wait(&ready);
	barrier_wait(&go);
	while (now_ns() < end_ns) {
		region_next(w);
		lock_acquire(w);
		unsigned long long h0 = now_ns();

		for (unsigned long long i = 0; i < opt_pages; i++)
			w->region[w->cursor + i * PAGE] = (unsigned char)w->acq;
		w->sink = vp_spin(hold_rounds, w->sink);
		unsigned long long held = now_ns() - h0;

		atomic_store_explicit(&lock, 0, memory_order_release);
		w->cursor += opt_pages * PAGE;
		w->acq++;
		w->hold_ns += held;
		if (held > w->hold_max_ns)
			w->hold_max_ns = held;
		w->sink = vp_spin(think_rounds, w->sink);
	}
	if (getrusage(RUSAGE_THREAD, &ru))
		die("getrusage", "");
	w->nivcsw = ru.ru_nivcsw;
	w->nvcsw = ru.ru_nvcsw;
	return NULL;
}

struct result {
	unsigned long long acq, spin_ns, sleep_ns, sleeps, wait_max_ns, hold_ns;
	unsigned long long hold_max_ns, nivcsw, nvcsw, minflt, wall_ns;
	double acq_per_s, spin_frac, sleep_frac, faults_per_acq, hold_avg_us;
};

static void print_text(const struct result *r, int cpus, double rounds)
{
	printf("# %s %s  threads=%llu cpus=%d memory=%s pages=%llu hold_ns=%llu "
	       "think_us=%llu spins=%llu duration_s=%llu\n",
	       PROG, VP_VERSION, opt_threads, cpus, memory_names[opt_memory],
	       opt_pages, opt_hold_ns, opt_think_us, opt_spins, opt_duration);
	printf("# kernel %s  preempt %s  rounds_per_us=%.3f\n",
	       vp_uname()->release, vp_preempt_model(), rounds);
	printf("acquisitions=%llu  acq_per_s=%.1f  spin_frac=%.4f  sleep_frac=%.4f  "
	       "sleeps=%llu\n", r->acq, r->acq_per_s, r->spin_frac, r->sleep_frac,
	       r->sleeps);
	printf("wait_max_us=%.1f  hold_avg_us=%.3f  hold_max_us=%.1f  "
	       "faults_per_acq=%.3f  nivcsw=%llu  nvcsw=%llu\n",
	       r->wait_max_ns / 1e3, r->hold_avg_us,
	       r->hold_max_ns / 1e3, r->faults_per_acq, r->nivcsw, r->nvcsw);
}

int main(int argc, char **argv)
{
	struct worker *w;
	struct result r = { 0 };
	struct rusage ru0, ru1;
	double rounds;
	FILE *jf = NULL;
	int c, cpus;

	vp_init(PROG, argc, argv);
	cpus = sysconf(_SC_NPROCESSORS_ONLN);
	if (cpus < 1)
		cpus = 1;
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 'n':
			opt_threads = parse_num("threads", optarg, 1, MAX_THREADS);
			break;
		case 'd':
			opt_duration = parse_num("duration", optarg, 1, 3600);
			break;
		case 'p':
			opt_pages = parse_num("pages", optarg, 0, 512);
			break;
		case 'H':
			opt_hold_ns = parse_num("hold-ns", optarg, 0, 1000000000ULL);
			break;
		case 't':
			opt_think_us = parse_num("think-us", optarg, 0, 1000000000ULL);
			break;
		case 's':
			opt_spins = parse_num("spins", optarg, 1, 100000);
			break;
		case 'm':
			for (opt_memory = 0; opt_memory < 3; opt_memory++)
				if (!strcmp(optarg, memory_names[opt_memory]))
					break;
			if (opt_memory == 3)
				usage_error("invalid value for --memory: '%s' (expected "
					    "fault, prefault or thp)", optarg);
			break;
		case 'r':
			opt_region_mb = parse_num("region-mb", optarg, 2, 4096);
			if (opt_region_mb % 2)
				usage_error("invalid value for --region-mb: '%s' (expected "
					    "a multiple of 2)", optarg);
			break;
		case 'j':
			opt_json = optarg ? optarg : "-";
			break;
		case 'q':
			opt_quiet = 1;
			break;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (!opt_threads)
		opt_threads = cpus > MAX_THREADS / 2 ? MAX_THREADS : 2 * cpus;
	if (opt_json)
		jf = json_open(opt_json, &opt_quiet);

	rounds = vp_spin_rate();
	hold_rounds = (unsigned long long)(rounds * opt_hold_ns / 1000);
	think_rounds = (unsigned long long)(rounds * opt_think_us);
	w = calloc(opt_threads, sizeof(*w));
	if (!w)
		die("calloc", "");
	check_pthread(pthread_barrier_init(&ready, NULL, opt_threads + 1),
		      "pthread_barrier_init");
	check_pthread(pthread_barrier_init(&go, NULL, opt_threads + 1),
		      "pthread_barrier_init");
	for (unsigned long long i = 0; i < opt_threads; i++)
		check_pthread(pthread_create(&w[i].tid, NULL, worker, &w[i]),
			      "pthread_create");
	/* every region is set up (prefaulted) before the clock starts */
	barrier_wait(&ready);
	if (getrusage(RUSAGE_SELF, &ru0))
		die("getrusage", "");
	vp_mark_start();
	unsigned long long t0 = now_ns();

	end_ns = t0 + opt_duration * 1000000000ULL;
	barrier_wait(&go);
	for (unsigned long long i = 0; i < opt_threads; i++)
		check_pthread(pthread_join(w[i].tid, NULL), "pthread_join");
	r.wall_ns = now_ns() - t0;
	vp_mark_end();
	if (getrusage(RUSAGE_SELF, &ru1))
		die("getrusage", "");

	for (unsigned long long i = 0; i < opt_threads; i++) {
		if (w[i].madvise_errno) {
			errno = w[i].madvise_errno;
			die("madvise MADV_DONTNEED", "");
		}
		r.acq += w[i].acq;
		r.spin_ns += w[i].spin_ns;
		r.sleep_ns += w[i].sleep_ns;
		r.sleeps += w[i].sleeps;
		r.hold_ns += w[i].hold_ns;
		r.nivcsw += w[i].nivcsw;
		r.nvcsw += w[i].nvcsw;
		if (w[i].wait_max_ns > r.wait_max_ns)
			r.wait_max_ns = w[i].wait_max_ns;
		if (w[i].hold_max_ns > r.hold_max_ns)
			r.hold_max_ns = w[i].hold_max_ns;
	}
	/* the regions were set up before ru0: these are the run's faults */
	r.minflt = ru1.ru_minflt - ru0.ru_minflt;
	r.acq_per_s = r.acq * 1e9 / r.wall_ns;
	r.spin_frac = (double)r.spin_ns / (r.wall_ns * (double)opt_threads);
	r.sleep_frac = (double)r.sleep_ns / (r.wall_ns * (double)opt_threads);
	r.faults_per_acq = r.acq ? (double)r.minflt / r.acq : 0;
	r.hold_avg_us = r.acq ? r.hold_ns / 1e3 / r.acq : 0;

	if (!opt_quiet)
		print_text(&r, cpus, rounds);
	if (jf) {
		json_begin(jf, 0);
		fprintf(jf, ",\n \"args\":{\"threads\":%llu,\"duration_s\":%llu,\"pages\":%llu,"
			"\"hold_ns\":%llu,\"think_us\":%llu,\"spins\":%llu,\"memory\":",
			opt_threads, opt_duration, opt_pages, opt_hold_ns, opt_think_us,
			opt_spins);
		json_str(jf, memory_names[opt_memory]);
		fprintf(jf, ",\"region_mb\":%llu},\n \"cpus\":%d,\"rounds_per_us\":%.3f,\n"
			" \"results\":{\"wall_ns\":%llu,\"acquisitions\":%llu,\"acq_per_s\":%.1f,"
			"\"spin_frac\":%.6f,\"sleep_frac\":%.6f,\"sleeps\":%llu,"
			"\"wait_max_us\":%.1f,\"hold_avg_us\":%.3f,\"hold_max_us\":%.1f,"
			"\"minflt\":%llu,\"faults_per_acq\":%.4f,\"nivcsw\":%llu,\"nvcsw\":%llu}",
			opt_region_mb, cpus, rounds, r.wall_ns, r.acq, r.acq_per_s,
			r.spin_frac, r.sleep_frac, r.sleeps, r.wait_max_ns / 1e3,
			r.hold_avg_us, r.hold_max_ns / 1e3,
			r.minflt, r.faults_per_acq, r.nivcsw, r.nvcsw);
		json_end(jf, opt_json);
	}
	if (fflush(stdout) == EOF)
		die("write", "stdout");
	return 0;
}
