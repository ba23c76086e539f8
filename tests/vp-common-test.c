// SPDX-License-Identifier: GPL-2.0
/*
 * vp-common-test - a record of the tools' library (tools/vp-common.c) for
 * its unit tests (tests/tools.sh): the envelope, then every argument as a
 * string of "strings", in order.
 */
#define _GNU_SOURCE
#include <stdio.h>

#include "vp-common.h"

int main(int argc, char **argv)
{
	vp_init("vp-common-test", argc, argv);
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
