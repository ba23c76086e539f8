// SPDX-License-Identifier: GPL-2.0
/*
 * vp-threads - many-threads scheduler test: throughput and wakeup lateness
 *
 * The "many threads" test of the 2007 CFS reports: N threads, started
 * together, each in a loop of W microseconds of CPU work and an S
 * millisecond sleep, for D seconds of wall time.  Reported per thread
 * count: loops per second against the ideal (every sleep exactly S ms),
 * how evenly the loops are spread over the threads, and how late the
 * sleepers wake up (actual sleep minus requested: the timer plus the
 * scheduling latency a sleeper sees).
 *
 * The work is a busy loop of pure user-space arithmetic, calibrated once
 * at start against CLOCK_THREAD_CPUTIME_ID (fastest of 5 trials), so that
 * a thread preempted in the middle of its work still does W us of CPU
 * work, not W us of wall time.  The sleep is clock_nanosleep() on
 * CLOCK_MONOTONIC to an absolute deadline, with the timer slack set to
 * 1 ns so that the lateness is not the default 50 us of slack.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <time.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-threads"
#define MAX_THREADS 4096
#define MAX_SWEEP 64
#define STACK_SIZE (256 * 1024)
#define NSEC 1000000000ULL

static unsigned long long opt_threads = 100, opt_work_us = 100;
static unsigned long long opt_sleep_ms = 10, opt_duration = 5;
static int opt_cpu = -1, opt_quiet;
static const char *opt_json, *opt_cpu_str, *opt_sweep;

static const char help[] =
	PROG " " VP_VERSION " - many-threads scheduler test\n"
	"Usage: " PROG " [options]\n\n"
	"Starts N threads together; each loops W us of CPU work, then an S ms\n"
	"sleep, for D seconds.  Reports per thread count: loops/s, the ideal\n"
	"loops/s (N * 1e6 / (W + 1000 * S)), efficiency (their ratio), loops per\n"
	"thread (min/median/max) and wakeup lateness (actual sleep minus S,\n"
	"avg and max in us).  The work is a busy loop calibrated against\n"
	"CLOCK_THREAD_CPUTIME_ID (CPU time, not wall time); the sleep is\n"
	"clock_nanosleep(CLOCK_MONOTONIC) with a timer slack of 1 ns.\n\n"
	"Options:\n"
	"  -n, --threads=N        number of threads, 1.." VP_STR(MAX_THREADS) " (default: 100)\n"
	"  -w, --work-us=W        CPU work per loop in microseconds (default: 100)\n"
	"  -s, --sleep-ms=S       sleep per loop in milliseconds, >= 1 (default: 10)\n"
	"  -d, --duration=SEC     wall time of each run in seconds (default: 5)\n"
	"  -S, --sweep=N1,N2,...  one run per thread count, in order; overrides\n"
	"                         --threads (default: off)\n"
	"  -c, --cpu=N            pin all threads to CPU N (default: no pinning)\n"
	"  -j, --json[=FILE]      write JSON results to FILE (to stdout without FILE\n"
	"                         or with '-'; no human output then; default: off)\n"
	"  -q, --quiet            suppress human output (default: off)\n"
	"  -h, --help             show this help\n";

/* --sweep=N1,N2,...: 1..MAX_SWEEP thread counts, no empty entries */
static unsigned int sweep[MAX_SWEEP];
static int nsweep;

static void parse_sweep(const char *s)
{
	const char *p = s;
	char tok[32];

	nsweep = 0;
	for (;;) {
		size_t len = strcspn(p, ",");

		if (!len || len >= sizeof(tok))
			usage_error("invalid value for --sweep: '%s' (expected N1,N2,... "
				    "with integers 1..%d)", s, MAX_THREADS);
		if (nsweep == MAX_SWEEP)
			usage_error("too many values for --sweep: '%s' (at most %d)",
				    s, MAX_SWEEP);
		memcpy(tok, p, len);
		tok[len] = '\0';
		sweep[nsweep++] = parse_num("sweep", tok, 1, MAX_THREADS);
		if (!p[len])
			break;
		p += len + 1;
	}
}

struct worker {
	pthread_t tid;
	unsigned long long loops, late_sum_ns, late_max_ns, cpu_ns;
	uint64_t sink;
};

/* Set by run_one() before the start barrier, read by the workers after it. */
static pthread_barrier_t barrier;
static unsigned long long end_ns, work_rounds;

static void *worker(void *arg)
{
	struct worker *w = arg;
	unsigned long long sleep_ns = opt_sleep_ms * 1000000ULL;
	struct timespec ts;
	int err;

	w->sink = (uintptr_t)w | 1;
	barrier_wait(&barrier);
	while (now_ns() < end_ns) {
		unsigned long long deadline, t;

		w->sink = vp_spin(work_rounds, w->sink);
		deadline = now_ns() + sleep_ns;
		ts.tv_sec = deadline / NSEC;
		ts.tv_nsec = deadline % NSEC;
		while ((err = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL)) == EINTR)
			;
		check_pthread(err, "clock_nanosleep");
		t = now_ns();
		t = t > deadline ? t - deadline : 0;
		w->late_sum_ns += t;
		if (t > w->late_max_ns)
			w->late_max_ns = t;
		w->loops++;
	}
	w->cpu_ns = clock_ns(CLOCK_THREAD_CPUTIME_ID);
	return NULL;
}

struct run {
	unsigned int threads;
	unsigned long long elapsed_ns, loops, min, max, late_max_ns;
	double median, late_sum_ns, cpu_ns;
};

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

static void run_one(unsigned int n, struct run *r)
{
	struct worker *ws = calloc(n, sizeof(*ws));
	unsigned long long *loops = calloc(n, sizeof(*loops)), t0;
	pthread_attr_t attr;

	if (!ws || !loops)
		die("calloc", "threads");
	check_pthread(pthread_attr_init(&attr), "pthread_attr_init");
	check_pthread(pthread_attr_setstacksize(&attr, STACK_SIZE), "pthread_attr_setstacksize");
	check_pthread(pthread_barrier_init(&barrier, NULL, n + 1), "pthread_barrier_init");
	for (unsigned int i = 0; i < n; i++)
		check_pthread(pthread_create(&ws[i].tid, &attr, worker, &ws[i]),
			      "pthread_create");
	pthread_attr_destroy(&attr);

	t0 = now_ns();
	end_ns = t0 + opt_duration * NSEC;
	barrier_wait(&barrier);
	for (unsigned int i = 0; i < n; i++)
		check_pthread(pthread_join(ws[i].tid, NULL), "pthread_join");
	memset(r, 0, sizeof(*r));
	r->elapsed_ns = now_ns() - t0;
	pthread_barrier_destroy(&barrier);

	r->threads = n;
	for (unsigned int i = 0; i < n; i++) {
		loops[i] = ws[i].loops;
		r->loops += ws[i].loops;
		r->late_sum_ns += ws[i].late_sum_ns;
		r->cpu_ns += ws[i].cpu_ns;
		if (ws[i].late_max_ns > r->late_max_ns)
			r->late_max_ns = ws[i].late_max_ns;
	}
	qsort(loops, n, sizeof(*loops), cmp_ull);
	r->min = loops[0];
	r->max = loops[n - 1];
	r->median = n % 2 ? loops[n / 2] : (loops[n / 2 - 1] + loops[n / 2]) / 2.0;
	free(loops);
	free(ws);
}

/* The figures of one run, in the same order and names as text and JSON. */
static void print_run(FILE *f, const struct run *r, int json)
{
	double secs = r->elapsed_ns / 1e9;
	double rate = secs > 0 ? r->loops / secs : 0.0;
	double ideal = r->threads * 1e6 / (opt_work_us + 1000.0 * opt_sleep_ms);
	const char *sep = json ? "," : "  ", *eq = json ? "\":" : "=", *q = json ? "\"" : "";

	fprintf(f, "%s%sthreads%s%u", json ? "{" : "", q, eq, r->threads);
	fprintf(f, "%s%sduration_s%s%.6f", sep, q, eq, secs);
	fprintf(f, "%s%sloops%s%llu", sep, q, eq, r->loops);
	fprintf(f, "%s%sloops_per_s%s%.3f", sep, q, eq, rate);
	fprintf(f, "%s%sideal_loops_per_s%s%.3f", sep, q, eq, ideal);
	fprintf(f, "%s%sefficiency%s%.4f", sep, q, eq, rate / ideal);
	fprintf(f, "%s%sloops_min%s%llu", sep, q, eq, r->min);
	fprintf(f, "%s%sloops_median%s%.1f", sep, q, eq, r->median);
	fprintf(f, "%s%sloops_max%s%llu", sep, q, eq, r->max);
	fprintf(f, "%s%slate_avg_us%s%.1f", sep, q, eq,
		r->loops ? r->late_sum_ns / r->loops / 1000 : 0.0);
	fprintf(f, "%s%slate_max_us%s%.1f", sep, q, eq, r->late_max_ns / 1000.0);
	fprintf(f, "%s%scpu_us_per_loop%s%.1f%s", sep, q, eq,
		r->loops ? r->cpu_ns / r->loops / 1000 : 0.0, json ? "}" : "\n");
}

int main(int argc, char **argv)
{
	static struct run runs[MAX_SWEEP];
	const struct utsname *u;
	const char *model;
	cpu_set_t set;
	double rounds_per_us;
	FILE *jf = NULL;
	int c, cpus;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 'n': opt_threads = parse_num("threads", optarg, 1, MAX_THREADS); break;
		case 'w': opt_work_us = parse_num("work-us", optarg, 0, 1000000); break;
		case 's': opt_sleep_ms = parse_num("sleep-ms", optarg, 1, 100000); break;
		case 'd': opt_duration = parse_num("duration", optarg, 1, 86400); break;
		case 'S': parse_sweep(opt_sweep = optarg); break;
		case 'c': opt_cpu = parse_num("cpu", opt_cpu_str = optarg, 0, CPU_SETSIZE - 1); break;
		case 'j': opt_json = optarg ? optarg : "-"; break;
		case 'q': opt_quiet = 1; break;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (!opt_sweep) {
		sweep[0] = opt_threads;
		nsweep = 1;
	}

	if (opt_json)
		jf = json_open(opt_json, &opt_quiet);
	u = vp_uname();
	model = vp_preempt_model();
	if (opt_cpu >= 0) {
		CPU_ZERO(&set);
		CPU_SET(opt_cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0)
			die("sched_setaffinity --cpu", opt_cpu_str);
	}
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		die("sched_getaffinity", "");
	cpus = CPU_COUNT(&set);
	/* inherited by the threads; 0 would mean the default (50 us) */
	if (prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL) < 0)
		die("prctl", "PR_SET_TIMERSLACK");

	vp_mark_start();
	rounds_per_us = vp_spin_rate();
	work_rounds = (unsigned long long)(opt_work_us * rounds_per_us + 0.5);
	if (!opt_quiet) {
		printf("# %s %s  work_us=%llu sleep_ms=%llu duration_s=%llu cpus=%d rounds_per_us=%.3f\n",
		       PROG, VP_VERSION, opt_work_us, opt_sleep_ms, opt_duration, cpus, rounds_per_us);
		printf("# kernel: %s %s\n# preempt: %s\n", u->release, u->version, model);
		fflush(stdout);
	}
	for (int i = 0; i < nsweep; i++) {
		run_one(sweep[i], &runs[i]);
		if (!opt_quiet) {
			print_run(stdout, &runs[i], 0);
			fflush(stdout);
		}
	}
	vp_mark_end();

	if (jf) {
		json_begin(jf, 0);
		fprintf(jf, ",\n \"args\":{\"threads\":%llu,\"work_us\":%llu,\"sleep_ms\":%llu,"
			"\"duration_s\":%llu,\"sweep\":",
			opt_threads, opt_work_us, opt_sleep_ms, opt_duration);
		if (opt_sweep)
			for (int i = 0; i < nsweep; i++)
				fprintf(jf, "%s%u", i ? "," : "[", sweep[i]);
		fprintf(jf, "%s,\"cpu\":", opt_sweep ? "]" : "null");
		if (opt_cpu >= 0)
			fprintf(jf, "%d},\n", opt_cpu);
		else
			fprintf(jf, "null},\n");
		fprintf(jf, " \"cpus\":%d,\"rounds_per_us\":%.3f,\n \"runs\":[",
			cpus, rounds_per_us);
		for (int i = 0; i < nsweep; i++) {
			fprintf(jf, "%s\n  ", i ? "," : "");
			print_run(jf, &runs[i], 1);
		}
		fprintf(jf, "]");
		json_end(jf, opt_json);
	}
	if (fflush(stdout) == EOF)
		die("write", "stdout");
	return 0;
}
