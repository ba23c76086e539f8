/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vp-common.h - the library every tool of tools/ links (vp-common.c)
 *
 * One version, one way to fail, number parsing, clocks, and one JSON
 * envelope, modelled on rt-tests' (rt_write_json() in src/lib/rt-utils.c):
 *
 *   {"file_version":1,"tool":"vp-fsload","version":"1.1","cmdline":"...",
 *    "start_time":"2026-12-04T10:00:00Z","end_time":"...","return_code":0,
 *    "sysinfo":{"sysname":"Linux","nodename":"...","release":"7.3.4-vp",
 *     "version":"#1 SMP ...","machine":"x86_64","realtime":0,
 *     "preempt_model":"none"},
 *    ...the tool's own fields...}
 *
 * sysinfo has the fields of cyclictest's, so one query reads the kernel
 * of either (.sysinfo.release), plus the preemption model.  Strings go
 * straight to the stream (json_str()): no static buffers.
 *
 * Call vp_init() first in main(): it names the program in messages and
 * records the command line and the start time.  Define _GNU_SOURCE
 * before any include, as every tool does (clocks and pthread barriers are
 * POSIX, not ISO C).
 */
#ifndef VP_COMMON_H
#define VP_COMMON_H

#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>
#include <sys/utsname.h>

/* The version of every tool, and of the envelope's layout. */
#define VP_VERSION "1.1"
#define VP_JSON_FILE_VERSION 1

/* Name the program (@prog) and record its command line and start time. */
void vp_init(const char *prog, int argc, char **argv);

/* "PROG: <message>" and a --help hint on stderr, exit 2. */
void usage_error(const char *fmt, ...)
	__attribute__((noreturn, format(printf, 1, 2)));
/* "PROG: WHAT ARG: strerror(errno)" on stderr (no ARG if empty), exit 1. */
void die(const char *what, const char *arg) __attribute__((noreturn));

/*
 * Options, with the --help text as their one source.  Each line of @help
 * that starts with "  -X, --NAME" declares the option -X, --NAME: followed
 * by "=ARG" it takes an argument, by "[=ARG]" an optional one (--NAME=ARG
 * or -XARG), else none.  vp_getopt() returns the next option's X, with
 * optarg set, or -1 after the last (optind then indexes the operands).  It
 * handles -h, --help (prints @help, exits 0) and every usage error itself
 * (getopt's message and a --help hint on stderr, exit 2).  A malformed or
 * duplicate declaration is the tool's bug: it exits 1 naming the line.
 */
int vp_getopt(int argc, char **argv, const char *help);

/* A macro's value as a string literal, for help texts: VP_STR(MAX_THREADS). */
#define VP_STR(x) VP_STR_(x)
#define VP_STR_(x) #x

/* Value @s of option --@opt: a decimal integer in @min..@max, or exit 2. */
unsigned long long parse_num(const char *opt, const char *s,
			     unsigned long long min, unsigned long long max);

/* CLOCK_MONOTONIC in nanoseconds. */
unsigned long long now_ns(void);
/* @id (CLOCK_THREAD_CPUTIME_ID, ...) in nanoseconds. */
unsigned long long clock_ns(clockid_t id);

/* A pthread_* return value @err: if not 0, die(@what) with it as errno. */
void check_pthread(int err, const char *what);
/* pthread_barrier_wait(@b), or die. */
void barrier_wait(pthread_barrier_t *b);

/*
 * CPU work: @n rounds of xorshift64 from @x, a dependent chain the compiler
 * keeps; vp_spin_rate() is rounds per microsecond of this thread's CPU time
 * (CLOCK_THREAD_CPUTIME_ID, which does not advance while it is preempted):
 * rounds doubled until one pass takes 5 ms, then the fastest of 5 passes.
 */
uint64_t vp_spin(unsigned long long n, uint64_t x);
double vp_spin_rate(void);

/*
 * The envelope's start_time is vp_init()'s unless vp_mark_start() moves it
 * to where the work begins; its end_time is vp_mark_end()'s, or the time
 * json_begin() is called.
 */
void vp_mark_start(void);
void vp_mark_end(void);

/* uname(2) of the running kernel (exits 1 if it fails). */
const struct utsname *vp_uname(void);
/*
 * The preemption model: $VP_PREEMPT_MODEL if set (the guest init derives
 * it from the kernel's config), else the mode in force from debugfs, else
 * a guess from uname -v.
 */
const char *vp_preempt_model(void);

/* Write @s to @f as a JSON string literal, quotes included. */
void json_str(FILE *f, const char *s);
/*
 * The stream for --json[=PATH]: stdout for NULL or "-", else PATH (or exit
 * 1).  On stdout *@quiet is set, so that the text report stays off it and
 * stdout stays valid JSON.
 */
FILE *json_open(const char *path, int *quiet);
/*
 * Open the record: "{" and the envelope's fields; the tool then adds its
 * own, each after a comma (",\"key\":value"), and calls json_end().
 */
void json_begin(FILE *f, int return_code);
/*
 * Close the record ("}"), flush it and close @f unless it is stdout; exit 1
 * naming @path if the write failed.
 */
void json_end(FILE *f, const char *path);

#endif /* VP_COMMON_H */
