// SPDX-License-Identifier: GPL-2.0
/*
 * vp-stats - a ratio of two kernels' figures with a bootstrap interval,
 * and the verdict on a goal
 *
 * The bench runs every (kernel, load) a few times.  A goal compares two
 * kernels: "Server's throughput >= 1.03x Lazy's" (the ratio of the medians
 * of the repeats) or "Desktop's worst latency <= max(1.5x Full's, 200 us)"
 * (the ratio of the maxima of the repeats, against a threshold that has a
 * floor).  One ratio of a few repeats cannot carry a verdict by itself;
 * its interval can.
 *
 * The interval is a percentile bootstrap over the repeats: each resample
 * draws n_A repeats of A and n_B repeats of B with replacement, computes
 * the statistic of each and their ratio; the interval holds the central
 * LEVEL of the resampled ratios.  The random numbers are xorshift64* from
 * a fixed seed, so the same figures always give the same interval.
 *
 * With a goal (--want=W and --goal=ge|le) the verdict is "met" when the
 * whole interval is on the right side of W, "missed" when it is wholly on
 * the wrong side, and "not resolved" otherwise; then runs_to_resolve
 * estimates the repeats per kernel that would settle it, taking the
 * interval to narrow as 1/sqrt(n) around the same ratio (null when the
 * ratio is W itself).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vp-common.h"

#define PROG "vp-stats"
#define MAX_VALUES 4096

enum stat { STAT_MEDIAN, STAT_MAX };

static enum stat opt_stat = STAT_MEDIAN;
static double opt_scale = 1.0, opt_floor = 0.0, opt_level = 0.95, opt_want = NAN;
static unsigned long long opt_resamples = 10000, opt_seed = 1;
static int opt_goal; /* 0: none, 1: ge, -1: le */

static const char help[] =
	PROG " " VP_VERSION " - a ratio of two kernels' figures, its bootstrap interval,\n"
	"and the verdict on a goal\n\n"
	"Usage: " PROG " [options] A_VALUES B_VALUES\n\n"
	"A_VALUES and B_VALUES: one figure per repeat, separated by spaces or\n"
	"commas (\"1.5 2 2.5\").  The ratio is stat(A) / max(SCALE * stat(B), FLOOR);\n"
	"the interval is a percentile bootstrap over the repeats (each resample\n"
	"draws the repeats of A and of B with replacement).  Prints one JSON\n"
	"object: the tools' common header, then stat, value, lo, hi, level, n_a,\n"
	"n_b, resamples, seed and, with a goal, want, goal, verdict (met, missed,\n"
	"not resolved) and runs_to_resolve.\n\n"
	"Options:\n"
	"  -s, --stat=median|max  statistic of each kernel's repeats (default: median)\n"
	"  -k, --scale=K          multiply B's statistic by K (default: 1)\n"
	"  -f, --floor=F          the denominator is at least F (default: 0)\n"
	"  -l, --level=L          interval's coverage, 0.5..0.999 (default: 0.95)\n"
	"  -r, --resamples=N      bootstrap resamples, 100..1000000 (default: 10000)\n"
	"  -S, --seed=S           random seed, >= 1 (default: 1)\n"
	"  -w, --want=W           the goal's threshold for the ratio\n"
	"  -g, --goal=ge|le       the ratio should be >= W (ge) or <= W (le)\n"
	"  -h, --help             this text\n\n"
	"Exit status: 0, or 2 for a usage error.\n";

static double parse_double(const char *opt, const char *s, double min, double max)
{
	char *end;
	double v = strtod(s, &end);

	if (end == s || *end || !isfinite(v) || v < min || v > max)
		usage_error("invalid value for --%s: '%s' (expected a number %g..%g)",
			    opt, s, min, max);
	return v;
}

/* Parse "1 2.5,3" into @v (at most MAX_VALUES); returns the count. */
static size_t parse_values(const char *what, const char *s, double *v)
{
	size_t n = 0;

	while (*s) {
		char *end;

		if (*s == ' ' || *s == ',' || *s == '\t' || *s == '\n') {
			s++;
			continue;
		}
		if (n == MAX_VALUES)
			usage_error("%s: more than %d values", what, MAX_VALUES);
		v[n] = strtod(s, &end);
		if (end == s || !isfinite(v[n]) || v[n] < 0)
			usage_error("%s: '%s' is not a list of numbers >= 0", what, s);
		n++;
		s = end;
	}
	if (!n)
		usage_error("%s: no values", what);
	return n;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* The statistic of @n values; @tmp has room for @n (the input is kept). */
static double stat_of(const double *v, size_t n, double *tmp)
{
	double m = v[0];

	if (opt_stat == STAT_MAX) {
		for (size_t i = 1; i < n; i++)
			if (v[i] > m)
				m = v[i];
		return m;
	}
	memcpy(tmp, v, n * sizeof(*v));
	qsort(tmp, n, sizeof(*tmp), cmp_double);
	return n % 2 ? tmp[n / 2] : (tmp[n / 2 - 1] + tmp[n / 2]) / 2;
}

static uint64_t rng_state;

/* xorshift64*: small, fast and the same everywhere. */
static uint64_t rng_next(void)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return rng_state * 0x2545F4914F6CDD1DULL;
}

/* A uniform index below @n (the modulo bias is below 2^-50 here). */
static size_t rng_below(size_t n)
{
	return (rng_next() >> 11) % n;
}

static double ratio(double a, double b)
{
	double d = opt_scale * b;

	if (d < opt_floor)
		d = opt_floor;
	return d > 0 ? a / d : NAN;
}

/* Nearest-rank percentile @q of the sorted @v[n]. */
static double percentile(const double *v, size_t n, double q)
{
	size_t k = (size_t)ceil(q * n);

	if (k < 1)
		k = 1;
	if (k > n)
		k = n;
	return v[k - 1];
}

static void print_num(const char *sep, const char *key, double v)
{
	if (isfinite(v))
		printf("%s\"%s\": %.6g", sep, key, v);
	else
		printf("%s\"%s\": null", sep, key);
}

int main(int argc, char **argv)
{
	static double a[MAX_VALUES], b[MAX_VALUES], ra[MAX_VALUES], rb[MAX_VALUES], tmp[MAX_VALUES];
	double value, lo, hi, *boot;
	size_t na, nb;
	int c;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 's':
			if (!strcmp(optarg, "median"))
				opt_stat = STAT_MEDIAN;
			else if (!strcmp(optarg, "max"))
				opt_stat = STAT_MAX;
			else
				usage_error("invalid value for --stat: '%s' (valid: median max)", optarg);
			break;
		case 'k': opt_scale = parse_double("scale", optarg, 1e-9, 1e9); break;
		case 'f': opt_floor = parse_double("floor", optarg, 0, 1e18); break;
		case 'l': opt_level = parse_double("level", optarg, 0.5, 0.999); break;
		case 'r': opt_resamples = parse_num("resamples", optarg, 100, 1000000); break;
		case 'S': opt_seed = parse_num("seed", optarg, 1, UINT64_MAX); break;
		case 'w': opt_want = parse_double("want", optarg, 0, 1e18); break;
		case 'g':
			if (!strcmp(optarg, "ge"))
				opt_goal = 1;
			else if (!strcmp(optarg, "le"))
				opt_goal = -1;
			else
				usage_error("invalid value for --goal: '%s' (valid: ge le)", optarg);
			break;
		}
	}
	if (argc - optind != 2)
		usage_error("expected A_VALUES and B_VALUES, got %d argument(s)", argc - optind);
	if (!opt_goal != isnan(opt_want))
		usage_error("--want and --goal go together");
	na = parse_values("A_VALUES", argv[optind], a);
	nb = parse_values("B_VALUES", argv[optind + 1], b);

	value = ratio(stat_of(a, na, tmp), stat_of(b, nb, tmp));
	if (isnan(value))
		usage_error("B's statistic is 0 and there is no --floor: no ratio");

	boot = malloc(opt_resamples * sizeof(*boot));
	if (!boot)
		die("malloc", "resamples");
	rng_state = opt_seed;
	for (unsigned long long r = 0; r < opt_resamples; r++) {
		for (size_t i = 0; i < na; i++)
			ra[i] = a[rng_below(na)];
		for (size_t i = 0; i < nb; i++)
			rb[i] = b[rng_below(nb)];
		boot[r] = ratio(stat_of(ra, na, tmp), stat_of(rb, nb, tmp));
		if (isnan(boot[r]))	/* a resample of B's zeros: no ratio */
			boot[r] = INFINITY;
	}
	qsort(boot, opt_resamples, sizeof(*boot), cmp_double);
	lo = percentile(boot, opt_resamples, (1 - opt_level) / 2);
	hi = percentile(boot, opt_resamples, 1 - (1 - opt_level) / 2);
	free(boot);

	json_begin(stdout, 0);
	printf(",\n \"stat\": \"%s\"", opt_stat == STAT_MAX ? "max" : "median");
	print_num(", ", "value", value);
	print_num(", ", "lo", lo);
	print_num(", ", "hi", hi);
	printf(", \"level\": %g, \"n_a\": %zu, \"n_b\": %zu, \"resamples\": %llu, \"seed\": %llu",
	       opt_level, na, nb, opt_resamples, opt_seed);
	if (opt_goal) {
		int met = opt_goal > 0 ? lo >= opt_want : hi <= opt_want;
		int missed = opt_goal > 0 ? hi < opt_want : lo > opt_want;
		size_t n = na < nb ? na : nb;

		print_num(", ", "want", opt_want);
		printf(", \"goal\": \"%s\", \"verdict\": \"%s\", ", opt_goal > 0 ? "ge" : "le",
		       met ? "met" : missed ? "missed" : "not resolved");
		if (met || missed) {
			printf("\"runs_to_resolve\": %zu", n);
		} else if (value == opt_want || !isfinite(hi - lo)) {
			printf("\"runs_to_resolve\": null");
		} else {
			double half = (hi - lo) / 2, dist = fabs(value - opt_want);

			double m = ceil(n * (half / dist) * (half / dist));

			printf("\"runs_to_resolve\": %.0f", m > n ? m : n + 1);
		}
	}
	json_end(stdout, "stdout");
	return 0;
}
