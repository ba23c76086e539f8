// SPDX-License-Identifier: GPL-2.0
/*
 * vp-insnmark - mark a point of a guest's run for the instruction profiler
 *
 * The profiler (tools/plugin/vp-insns.c, a QEMU TCG plugin) counts the
 * guest's instructions between two executions of one kernel instruction:
 * the entry of the syslog(2) system call, which nothing else in the
 * project's guest calls.  Each vp-insnmark makes exactly one such call
 * (SYSLOG_ACTION_SIZE_BUFFER: it reads nothing and changes nothing).
 *
 * With --spin=N it is also the profiler's known answer: mark, a loop of
 * exactly N iterations of two instructions in the function
 * vp_insnmark_spin() (a decrement and a conditional branch, in assembly, so
 * no compiler can change it), mark.  The program is linked at a fixed
 * address (not position-independent), so that the profiler can name the
 * function from the program's symbol table: it must count 2N instructions
 * there, plus the function's few of entry and return.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-insnmark"
#define SYSLOG_ACTION_SIZE_BUFFER 10

static unsigned long long opt_spin;
static const char *opt_json;
static int opt_quiet;

static const char help[] =
	PROG " " VP_VERSION " - mark a point of a guest's run for the instruction profiler\n"
	"Usage: " PROG " [options]\n\n"
	"Makes one syslog(2) call (SYSLOG_ACTION_SIZE_BUFFER), the profiler's\n"
	"marker.  With --spin, two marks around a loop of N iterations of two\n"
	"instructions in vp_insnmark_spin().\n\n"
	"Options:\n"
	"  -s, --spin=N           mark, N iterations of the loop, mark (1..10^10)\n"
	"  -j, --json[=FILE]      write JSON results to FILE (to stdout without FILE\n"
	"                         or with '-'; no human output then; default: off)\n"
	"  -q, --quiet            suppress human output (default: off)\n"
	"  -h, --help             show this help\n";

/* N > 0 iterations of exactly two instructions */
__attribute__((noinline)) void vp_insnmark_spin(unsigned long long n)
{
#if defined(__x86_64__)
	__asm__ volatile("1: dec %0\n\tjnz 1b" : "+r"(n) : : "cc");
#elif defined(__aarch64__)
	__asm__ volatile("1: subs %0, %0, #1\n\tb.ne 1b" : "+r"(n) : : "cc");
#else
#error "vp_insnmark_spin: x86_64 and arm64 only"
#endif
}

static void mark(void)
{
	/* the return value (the log buffer's size) does not matter */
	syscall(SYS_syslog, SYSLOG_ACTION_SIZE_BUFFER, NULL, 0);
}

int main(int argc, char **argv)
{
	FILE *jf = NULL;
	int c;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 's': opt_spin = parse_num("spin", optarg, 1, 10000000000ULL); break;
		case 'j': opt_json = optarg ? optarg : "-"; break;
		case 'q': opt_quiet = 1; break;
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
	if (opt_json)
		jf = json_open(opt_json, &opt_quiet);

	mark();
	if (opt_spin) {
		vp_insnmark_spin(opt_spin);
		mark();
	}
	vp_mark_end();
	if (!opt_quiet)
		printf("%s: %d mark%s%s\n", PROG, opt_spin ? 2 : 1, opt_spin ? "s" : "",
		       opt_spin ? ", the loop between them" : "");
	if (jf) {
		json_begin(jf, 0);
		fprintf(jf, ",\"marks\":%d,\"spin_iterations\":%llu,\"spin_insns\":%llu",
			opt_spin ? 2 : 1, opt_spin, 2 * opt_spin);
		json_end(jf, opt_json);
	}
	return 0;
}
