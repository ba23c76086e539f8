// SPDX-License-Identifier: GPL-2.0
/*
 * vp-common.c - the library every tool of tools/ links: see vp-common.h
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "vp-common.h"

static const char *prog = "vp";
static char *cmdline;
static char start_time[32], end_time[32];

#define VP_MAX_OPTS 32

/* The options of the help text vp_getopt() last parsed. */
static const char *opts_help;
static struct option opts_long[VP_MAX_OPTS + 1];
static char opts_names[VP_MAX_OPTS][32];
static char opts_short[3 * VP_MAX_OPTS + 1];

/* A declaration the tool got wrong: its line, and exit 1. */
static void __attribute__((noreturn)) bad_option_line(const char *line, const char *why)
{
	fprintf(stderr, "%s: bug in the help text: %s: '%.*s'\n", prog, why,
		(int)strcspn(line, "\n"), line);
	exit(1);
}

/* Parse @help's "  -X, --NAME[[=]ARG]" lines into opts_long and opts_short. */
static void parse_options(const char *help)
{
	const char *line, *next;
	int n = 0;
	char *sp = opts_short;

	for (line = help; line; line = next) {
		const char *q = line + 8; /* the NAME of "  -X, --NAME" */
		int has_arg = no_argument;
		size_t len;

		next = strchr(line, '\n');
		if (next)
			next++;
		if (strncmp(line, "  -", 3))
			continue;
		if (!isalnum((unsigned char)line[3]) || strncmp(line + 4, ", --", 4))
			bad_option_line(line, "expected '  -X, --NAME'");
		len = strspn(q, "abcdefghijklmnopqrstuvwxyz0123456789-");
		if (!len || len >= sizeof(opts_names[0]))
			bad_option_line(line, "no option name, or too long");
		if (q[len] == '=')
			has_arg = required_argument;
		else if (!strncmp(q + len, "[=", 2))
			has_arg = optional_argument;
		else if (q[len] != ' ' && q[len] != '\n' && q[len] != '\0')
			bad_option_line(line, "expected '=', '[=', a space or the end after the name");
		if (n == VP_MAX_OPTS)
			bad_option_line(line, "more than " VP_STR(VP_MAX_OPTS) " options");
		for (int i = 0; i < n; i++)
			if (opts_long[i].val == line[3] ||
			    (strlen(opts_names[i]) == len && !strncmp(opts_names[i], q, len)))
				bad_option_line(line, "declared twice");
		memcpy(opts_names[n], q, len);
		opts_names[n][len] = '\0';
		opts_long[n] = (struct option){ opts_names[n], has_arg, NULL, line[3] };
		*sp++ = line[3];
		if (has_arg != no_argument)
			*sp++ = ':';
		if (has_arg == optional_argument)
			*sp++ = ':';
		n++;
	}
	opts_long[n] = (struct option){ NULL, 0, NULL, 0 };
	*sp = '\0';
	if (!strchr(opts_short, 'h'))
		bad_option_line(help, "no '  -h, --help' line");
	opts_help = help;
}

int vp_getopt(int argc, char **argv, const char *help)
{
	int c;

	if (opts_help != help)
		parse_options(help);
	c = getopt_long(argc, argv, opts_short, opts_long, NULL);
	if (c == 'h') {
		fputs(help, stdout);
		exit(0);
	}
	if (c == '?' || c == ':') {
		/* getopt_long printed the reason */
		fprintf(stderr, "Try '%s --help' for more information.\n", prog);
		exit(2);
	}
	return c;
}

/* Current UTC time as "YYYY-MM-DDTHH:MM:SSZ". */
static void iso_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

void vp_init(const char *name, int argc, char **argv)
{
	size_t len = strlen(name) + 1;
	char *p;

	prog = name;
	for (int i = 1; i < argc; i++)
		len += strlen(argv[i]) + 1;
	cmdline = malloc(len);
	if (!cmdline)
		die("malloc", "command line");
	p = stpcpy(cmdline, name);
	for (int i = 1; i < argc; i++) {
		*p++ = ' ';
		p = stpcpy(p, argv[i]);
	}
	iso_now(start_time, sizeof(start_time));
}

void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", prog);
	exit(2);
}

void die(const char *what, const char *arg)
{
	fprintf(stderr, "%s: %s%s%s: %s\n", prog, what, *arg ? " " : "", arg,
		strerror(errno));
	exit(1);
}

unsigned long long parse_num(const char *opt, const char *s,
			     unsigned long long min, unsigned long long max)
{
	unsigned long long v = 0;
	char *end = NULL;

	errno = 0;
	if (isdigit((unsigned char)s[0]))
		v = strtoull(s, &end, 10);
	if (!isdigit((unsigned char)s[0]) || errno || *end || v < min || v > max)
		usage_error("invalid value for --%s: '%s' (expected integer %llu..%llu)",
			    opt, s, min, max);
	return v;
}

unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void vp_mark_start(void)
{
	iso_now(start_time, sizeof(start_time));
}

void vp_mark_end(void)
{
	iso_now(end_time, sizeof(end_time));
}

const struct utsname *vp_uname(void)
{
	static struct utsname u;
	static int done;

	if (!done && uname(&u) < 0)
		die("uname", "");
	done = 1;
	return &u;
}

/* debugfs says e.g. "none voluntary full (lazy)": the mode in brackets */
static int model_from_debugfs(char *buf, size_t len)
{
	FILE *f = fopen("/sys/kernel/debug/sched/preempt", "r");
	char line[256], *l = NULL, *r = NULL;

	if (!f)
		return 0;
	if (fgets(line, sizeof(line), f))
		l = strchr(line, '(');
	fclose(f);
	if (l)
		r = strchr(++l, ')');
	if (!r || r == l || (size_t)(r - l) >= len)
		return 0;
	memcpy(buf, l, r - l);
	buf[r - l] = '\0';
	return 1;
}

const char *vp_preempt_model(void)
{
	static char model[64];
	const char *env = getenv("VP_PREEMPT_MODEL"), *v;
	size_t vl;

	if (model[0])
		return model;
	if (env && *env) {
		snprintf(model, sizeof(model), "%s", env);
		return model;
	}
	if (model_from_debugfs(model, sizeof(model)))
		return model;
	/* uname -v says "PREEMPT" for both the lazy and the full model */
	v = vp_uname()->version;
	vl = strlen(v);
	if (strstr(v, "PREEMPT_RT"))
		return "rt";
	if (strstr(v, "PREEMPT_LAZY"))
		return "lazy-or-full";
	if (strstr(v, "PREEMPT_DYNAMIC"))
		return "dynamic";
	if (strstr(v, " PREEMPT ") || (vl >= 7 && !strcmp(v + vl - 7, "PREEMPT")))
		return "lazy-or-full";
	return "none-or-voluntary";
}

/* 1 on a PREEMPT_RT kernel (/sys/kernel/realtime), as rt-tests says it */
static int rt_kernel(void)
{
	FILE *f = fopen("/sys/kernel/realtime", "r");
	int rt = 0;

	if (f) {
		rt = fgetc(f) == '1';
		fclose(f);
	}
	return rt;
}

void json_str(FILE *f, const char *s)
{
	putc('"', f);
	for (; *s; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			fprintf(f, "\\%c", c);
		else if (c < 0x20)
			fprintf(f, "\\u%04x", c);
		else
			putc(c, f);
	}
	putc('"', f);
}

FILE *json_open(const char *path, int *quiet)
{
	FILE *f;

	if (!path || !strcmp(path, "-")) {
		*quiet = 1;
		return stdout;
	}
	f = fopen(path, "w");
	if (!f)
		die("open", path);
	return f;
}

/* ,"KEY":"VALUE" */
static void json_kv(FILE *f, const char *key, const char *val)
{
	fprintf(f, ",\"%s\":", key);
	json_str(f, val);
}

void json_begin(FILE *f, int return_code)
{
	const struct utsname *u = vp_uname();

	if (!end_time[0])
		vp_mark_end();
	fprintf(f, "{\"file_version\":%d", VP_JSON_FILE_VERSION);
	json_kv(f, "tool", prog);
	json_kv(f, "version", VP_VERSION);
	json_kv(f, "cmdline", cmdline ? cmdline : prog);
	fprintf(f, ",\n \"start_time\":\"%s\",\"end_time\":\"%s\",\"return_code\":%d,\n"
		" \"sysinfo\":{\"sysname\":", start_time, end_time, return_code);
	json_str(f, u->sysname);
	json_kv(f, "nodename", u->nodename);
	json_kv(f, "release", u->release);
	json_kv(f, "version", u->version);
	json_kv(f, "machine", u->machine);
	fprintf(f, ",\"realtime\":%d", rt_kernel());
	json_kv(f, "preempt_model", vp_preempt_model());
	fprintf(f, "}");
}

void json_end(FILE *f, const char *path)
{
	fprintf(f, "}\n");
	if (fflush(f) == EOF || ferror(f) || (f != stdout && fclose(f) == EOF))
		die("write", path ? path : "stdout");
}

unsigned long long clock_ns(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

void check_pthread(int err, const char *what)
{
	if (err) {
		errno = err;
		die(what, "");
	}
}

void barrier_wait(pthread_barrier_t *b)
{
	int err = pthread_barrier_wait(b);

	if (err && err != PTHREAD_BARRIER_SERIAL_THREAD)
		check_pthread(err, "pthread_barrier_wait");
}

uint64_t vp_spin(unsigned long long n, uint64_t x)
{
	while (n--) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
	}
	return x;
}

static volatile uint64_t spin_sink;

double vp_spin_rate(void)
{
	unsigned long long n = 1024, t, best = ~0ULL;
	uint64_t x = 0x9e3779b97f4a7c15ULL;

	for (;;) {
		t = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		spin_sink = x = vp_spin(n, x);
		t = clock_ns(CLOCK_THREAD_CPUTIME_ID) - t;
		if (t >= 5000000 || n >= 1ULL << 40)
			break;
		n *= 2;
	}
	for (int i = 0; i < 5; i++) {
		t = clock_ns(CLOCK_THREAD_CPUTIME_ID);
		spin_sink = x = vp_spin(n, x);
		t = clock_ns(CLOCK_THREAD_CPUTIME_ID) - t;
		if (t < best)
			best = t;
	}
	return best ? n * 1000.0 / best : (double)n;
}
