/* SPDX-License-Identifier: GPL-2.0 */
/*
 * vp-common.h - helpers shared by the guest tools (vp-fsload, vp-threads)
 *
 * Option errors, number parsing, clocks and JSON string escaping.  The
 * including file defines PROG (the program name used in messages) and
 * its feature macros (_GNU_SOURCE) before including this header.  All
 * helpers are static (and may go unused): each tool gets its own copy.
 */
#ifndef VP_COMMON_H
#define VP_COMMON_H

#ifndef PROG
#error "define PROG before including vp-common.h"
#endif

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Print "PROG: <message>" and a --help hint to stderr, exit 2. */
static __attribute__((unused)) void usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", PROG);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s --help' for more information.\n", PROG);
	exit(2);
}

/* Value @s of option --@opt: a decimal integer in @min..@max, or exit 2. */
static __attribute__((unused)) unsigned long long parse_num(const char *opt, const char *s,
				    unsigned long long min, unsigned long long max)
{
	unsigned long long v;
	char *end;

	errno = 0;
	v = isdigit((unsigned char)s[0]) ? strtoull(s, &end, 10) : 0;
	if (!isdigit((unsigned char)s[0]) || errno || *end || v < min || v > max)
		usage_error("invalid value for --%s: '%s' (expected integer %llu..%llu)",
			    opt, s, min, max);
	return v;
}

/* Append " ARG" for each of argv[1..argc-1] to @buf, truncating at @len. */
static __attribute__((unused)) void join_args(char *buf, size_t len, int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		size_t l = strlen(buf);

		snprintf(buf + l, len - l, " %s", argv[i]);
	}
}

static __attribute__((unused)) unsigned long long now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

/* Current UTC time as "YYYY-MM-DDTHH:MM:SSZ". */
static __attribute__((unused)) void iso_now(char *buf, size_t len)
{
	time_t t = time(NULL);
	struct tm tm;

	gmtime_r(&t, &tm);
	strftime(buf, len, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

/*
 * JSON string literal for @s, in one of a few rotating static buffers:
 * up to 6 results may be used at once (e.g. in one printf).
 */
static __attribute__((unused)) const char *jstr(const char *s)
{
	static char bufs[6][6 * 4096 + 3];
	static int n;
	char *b = bufs[n++ % 6], *p = b;

	*p++ = '"';
	for (; *s && p - b < 6 * 4096 - 6; s++) {
		unsigned char c = *s;

		if (c == '"' || c == '\\')
			p += sprintf(p, "\\%c", c);
		else if (c < 0x20)
			p += sprintf(p, "\\u%04x", c);
		else
			*p++ = c;
	}
	strcpy(p, "\"");
	return b;
}

#endif /* VP_COMMON_H */
