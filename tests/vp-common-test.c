// SPDX-License-Identifier: GPL-2.0
/*
 * vp-common-test - the tools' library (tools/vp-common.c) for its unit
 * tests (tests/tools.sh).  A record: the envelope, then every argument as a
 * string of "strings", in order.  With $VP_TEST_HELP set, that is a help
 * text and the arguments are parsed by it (vp_getopt()): one line per
 * option, "X" or "X=ARG", then "operand ARG" per operand.
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

#include "vp-common.h"

int main(int argc, char **argv)
{
	const char *help = getenv("VP_TEST_HELP");
	int c;

	vp_init("vp-common-test", argc, argv);
	if (help) {
		while ((c = vp_getopt(argc, argv, help)) != -1) {
			if (optarg)
				printf("%c=%s\n", c, optarg);
			else
				printf("%c\n", c);
		}
		for (int i = optind; i < argc; i++)
			printf("operand %s\n", argv[i]);
		return 0;
	}
	json_begin(stdout, 0);
	printf(",\n \"strings\":[");
	for (int i = 1; i < argc; i++) {
		if (i > 1)
			putchar(',');
		json_str(stdout, argv[i]);
	}
	printf("]");
	json_end(stdout, "stdout");
	return 0;
}
