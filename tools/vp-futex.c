// SPDX-License-Identifier: GPL-2.0
/*
 * vp-futex - a futex broadcast seen from the waiters' side
 *
 * 'perf bench futex wake' times the waker: how long its FUTEX_WAKE takes
 * to wake every thread.  What a broadcast is for is the waiters: how long
 * after the waker started does each of them run?  N threads block in
 * FUTEX_WAIT on one private futex; once every one of them sleeps in the
 * kernel (its /proc state is S), the waker takes the time and wakes them
 * all in one FUTEX_WAKE; each waiter takes the time as it returns.  The
 * waker then sleeps until the last waiter has run.  R rounds.
 *
 * Reported: each waiter's latency (its return minus the waker's start)
 * over all rounds (median, 90th and 99th percentile, max), the mean over
 * rounds of the first and of the last waiter's latency (the last: when
 * the broadcast is complete), and the waker's FUTEX_WAKE call (mean).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <linux/futex.h>
#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-futex"
#define MAX_THREADS 4096
#define MAX_ROUNDS 1000
#define STACK_SIZE (64 * 1024)

static unsigned long long opt_threads = 800, opt_rounds = 10;
static int opt_cpu = -1, opt_quiet;
static const char *opt_json;

static const char help[] =
	PROG " " VP_VERSION " - a futex broadcast seen from the waiters' side\n"
	"Usage: " PROG " [options]\n\n"
	"N threads block in FUTEX_WAIT on one private futex; when all of them\n"
	"sleep, one FUTEX_WAKE wakes them all.  Reports each waiter's latency\n"
	"(from the waker's start to the waiter's return; median, p90, p99, max\n"
	"over all rounds), the mean first and last waiter's latency per round,\n"
	"and the mean time of the waker's FUTEX_WAKE call, in microseconds.\n\n"
	"Options:\n"
	"  -n, --threads=N        waiters, 1.." VP_STR(MAX_THREADS) " (default: 800)\n"
	"  -r, --rounds=R         broadcasts, 1.." VP_STR(MAX_ROUNDS) " (default: 10)\n"
	"  -c, --cpu=N            pin the waker and the waiters to CPU N (default: no pinning)\n"
	"  -j, --json[=FILE]      write JSON results to FILE (to stdout without FILE\n"
	"                         or with '-'; no human output then; default: off)\n"
	"  -q, --quiet            suppress human output (default: off)\n"
	"  -h, --help             show this help\n";

static uint32_t word;		/* the futex: the round being waited for */
static uint32_t done_word;	/* the waker sleeps on it until a round is done */
static atomic_uint woken;	/* waiters that have run in this round */
static unsigned long long t_start; /* the waker's start of this round */
static unsigned long long *lat;	/* [round * threads + waiter], ns */
static pid_t *tids;

static long futex(uint32_t *uaddr, int op, uint32_t val)
{
	return syscall(SYS_futex, uaddr, op | FUTEX_PRIVATE_FLAG, val, NULL, NULL, 0);
}

static void pin(void)
{
	cpu_set_t set;

	if (opt_cpu < 0)
		return;
	CPU_ZERO(&set);
	CPU_SET(opt_cpu, &set);
	if (sched_setaffinity(0, sizeof(set), &set))
		die("sched_setaffinity", "");
}

static void *waiter(void *arg)
{
	unsigned long i = (uintptr_t)arg;
	uint32_t r;

	pin();
	tids[i] = gettid();
	for (r = 0; r < opt_rounds; r++) {
		while (__atomic_load_n(&word, __ATOMIC_ACQUIRE) == r)
			if (futex(&word, FUTEX_WAIT, r) && errno != EAGAIN && errno != EINTR)
				die("futex wait", "");
		lat[r * opt_threads + i] = now_ns() - __atomic_load_n(&t_start, __ATOMIC_ACQUIRE);
		if (atomic_fetch_add(&woken, 1) + 1 == opt_threads) {
			__atomic_store_n(&done_word, r + 1, __ATOMIC_RELEASE);
			futex(&done_word, FUTEX_WAKE, 1);
		}
	}
	return NULL;
}

/* Is thread @tid asleep ('S' in /proc/self/task/TID/stat)? */
static int asleep(pid_t tid)
{
	char path[64], buf[256], *p;
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/self/task/%d/stat", tid);
	f = fopen(path, "r");
	if (!f)
		die("open", path);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = '\0';
	p = strrchr(buf, ')');
	return p && p[1] == ' ' && p[2] == 'S';
}

static int cmp_ull(const void *a, const void *b)
{
	unsigned long long x = *(const unsigned long long *)a;
	unsigned long long y = *(const unsigned long long *)b;

	return x < y ? -1 : x > y;
}

int main(int argc, char **argv)
{
	unsigned long long n, i, r, wake_ns = 0, first_ns = 0, last_ns = 0, *all;
	pthread_attr_t attr;
	pthread_t *th;
	FILE *jf = NULL;
	int c;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 'n': opt_threads = parse_num("threads", optarg, 1, MAX_THREADS); break;
		case 'r': opt_rounds = parse_num("rounds", optarg, 1, MAX_ROUNDS); break;
		case 'c': opt_cpu = parse_num("cpu", optarg, 0, CPU_SETSIZE - 1); break;
		case 'j': opt_json = optarg ? optarg : "-"; break;
		case 'q': opt_quiet = 1; break;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (opt_json)
		jf = json_open(opt_json, &opt_quiet);
	n = opt_threads;
	lat = calloc(n * opt_rounds, sizeof(*lat));
	all = calloc(n * opt_rounds, sizeof(*all));
	tids = calloc(n, sizeof(*tids));
	th = calloc(n, sizeof(*th));
	if (!lat || !all || !tids || !th)
		die("calloc", "");
	pin();
	check_pthread(pthread_attr_init(&attr), "pthread_attr_init");
	check_pthread(pthread_attr_setstacksize(&attr, STACK_SIZE), "pthread_attr_setstacksize");
	for (i = 0; i < n; i++)
		check_pthread(pthread_create(&th[i], &attr, waiter, (void *)(uintptr_t)i),
			      "pthread_create");
	vp_mark_start();
	for (r = 0; r < opt_rounds; r++) {
		unsigned long long t;
		struct timespec ms = { 0, 1000000 };

		/* every waiter asleep in FUTEX_WAIT on round r */
		for (i = 0; i < n; i++)
			while (!__atomic_load_n(&tids[i], __ATOMIC_ACQUIRE) || !asleep(tids[i]))
				nanosleep(&ms, NULL);
		atomic_store(&woken, 0);
		t = now_ns();
		__atomic_store_n(&t_start, t, __ATOMIC_RELEASE);
		__atomic_store_n(&word, r + 1, __ATOMIC_RELEASE);
		if (futex(&word, FUTEX_WAKE, INT_MAX) < 0)
			die("futex wake", "");
		wake_ns += now_ns() - t;
		while (__atomic_load_n(&done_word, __ATOMIC_ACQUIRE) != r + 1)
			if (futex(&done_word, FUTEX_WAIT, r) && errno != EAGAIN && errno != EINTR)
				die("futex wait", "");
		memcpy(all, lat + r * n, n * sizeof(*all));
		qsort(all, n, sizeof(*all), cmp_ull);
		first_ns += all[0];
		last_ns += all[n - 1];
	}
	vp_mark_end();
	for (i = 0; i < n; i++)
		check_pthread(pthread_join(th[i], NULL), "pthread_join");
	memcpy(all, lat, n * opt_rounds * sizeof(*all));
	qsort(all, n * opt_rounds, sizeof(*all), cmp_ull);

#define PCT(p) (all[(n * opt_rounds - 1) * (p) / 100] / 1000.0)
	if (!opt_quiet)
		printf("%llu waiters, %llu rounds: waiter latency median %.1f us, p90 %.1f, "
		       "p99 %.1f, max %.1f; first %.1f, last %.1f (mean per round); "
		       "FUTEX_WAKE %.1f us\n", n, opt_rounds, PCT(50), PCT(90), PCT(99),
		       PCT(100), first_ns / 1e3 / opt_rounds, last_ns / 1e3 / opt_rounds,
		       wake_ns / 1e3 / opt_rounds);
	if (jf) {
		json_begin(jf, 0);
		fprintf(jf, ",\"threads\":%llu,\"rounds\":%llu,\"cpu\":%d", n, opt_rounds, opt_cpu);
		fprintf(jf, ",\"waiter_us\":{\"median\":%.1f,\"p90\":%.1f,\"p99\":%.1f,\"max\":%.1f}",
			PCT(50), PCT(90), PCT(99), PCT(100));
		fprintf(jf, ",\"first_us\":%.1f,\"last_us\":%.1f,\"wake_us\":%.1f",
			first_ns / 1e3 / opt_rounds, last_ns / 1e3 / opt_rounds,
			wake_ns / 1e3 / opt_rounds);
		json_end(jf, opt_json);
	}
	return 0;
}
