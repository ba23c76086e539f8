// SPDX-License-Identifier: GPL-2.0
/*
 * vp-crash - journal-heavy load for power-cut tests, and its verifier
 *
 *   vp-crash [--seed=N] [--ops=N] [--max-files=N] [--big-mb=N] [--log=PATH] load DIR
 *   vp-crash verify DIR           > MANIFEST
 *   vp-crash judge ACKLOG MANIFEST
 *
 * load: an endless (or --ops long) mix of small-file creates, big-file
 * creates (indirect blocks on an ext3-format filesystem), storms of creates
 * ended by one syncfs(), truncates and unlinks.  File fN holds a pattern
 * that depends only on N and the byte offset, so any prefix can be checked
 * without a record of what was written.  Every durable state is announced
 * on --log (the serial console) only after fsync()/syncfs() returned:
 *
 *   vp-crash: ack fN SIZE     fN has SIZE bytes (SIZE -1: fN is gone)
 *   vp-crash: pend fN SIZE    fN is about to become SIZE; until the next
 *                             ack of fN either state is legal
 *
 * and the log is drained (fsync, tcdrain) after each line, so a line the
 * host read is a promise the disk must keep, however the power is cut.
 *
 * The log should be a channel of its own (the guest's second serial port):
 * a kernel message mixed into a "pend" line would hide a legal state.
 *
 * verify: one line per file of DIR: "fN SIZE ok", "fN SIZE zero-from K"
 * (the pattern up to byte K, zeros from there to the end), "fN SIZE
 * zero-gap K E" (the pattern up to K, zeros up to E, the pattern from E
 * to the end) or "fN SIZE bad-at K" (K the first byte that is not the
 * pattern; the file fits none of these forms).
 *
 * judge: replay the ack log (lines without "vp-crash: " are ignored, and so
 * is a last line that does not end right after its size: cut short by the
 * power cut; an unparsable line before the last is a garbled log, exit 2) against the manifest.  An acked file that is
 * missing, has a size no ack or pend allows, or holds a wrong byte is lost
 * data.  One exception, ext4's in data=ordered: a truncate
 * to N announced (pend) but not acknowledged may leave the old size with
 * zeros from N to the end of N's block (the partial block's tail, zeroed
 * in place) and the old bytes after it.  Prints a JSON verdict; exit 0 if nothing was lost, 1 if something
 * was, 2 on bad input.
 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <dirent.h>
#include <fcntl.h>
#include <getopt.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-crash"
#define KiB 1024ULL
#define MiB (1024ULL * 1024)

static unsigned long long opt_seed = 1, opt_ops, opt_max_files = 300, opt_big_mb = 8;
static const char *opt_log;

static const char help[] =
	"Usage: " PROG " [OPTION]... load DIR\n"
	"       " PROG " verify DIR\n"
	"       " PROG " judge ACKLOG MANIFEST\n"
	"Journal-heavy load for power-cut tests, and its verifier.\n\n"
	"Commands:\n"
	"  load DIR     create, fsync, truncate and unlink files in DIR, announcing\n"
	"               every durable state on --log after fsync returned (see below)\n"
	"  verify DIR   print \"NAME SIZE ok\", \"NAME SIZE zero-from K\",\n"
	"               \"NAME SIZE zero-gap K E\" or \"NAME SIZE bad-at K\" for\n"
	"               every file in DIR\n"
	"  judge ACKLOG MANIFEST  check a manifest (from verify, after the cut)\n"
	"               against the acks; JSON verdict; exit 1 if acked data was lost\n\n"
	"Options (load):\n"
	"  -s, --seed=N       random sequence of operations (1)\n"
	"  -o, --ops=N        stop after N operations (0: run until killed)\n"
	"  -m, --max-files=N  files kept at most; unlinks keep the count below (300)\n"
	"  -b, --big-mb=N     largest big file in MiB (8)\n"
	"  -l, --log=PATH     where acks go, drained line by line (stdout)\n"
	"  -h, --help         this help\n\n"
	"Ack lines: \"vp-crash: ack NAME SIZE\" (SIZE -1: removed) and\n"
	"\"vp-crash: pend NAME SIZE\" (either state legal until NAME's next ack).\n";

/* Word @idx (bytes 8*idx..8*idx+7) of file fN: splitmix64 of (N, idx). */
static uint64_t pattern_word(uint64_t n, uint64_t idx)
{
	uint64_t z = n * 0x9e3779b97f4a7c15ULL + idx + 1;

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Compare (@check) or fill @buf with bytes @off..@off+@len-1 of fN. */
static int pattern(unsigned char *buf, size_t len, uint64_t n, uint64_t off, int check)
{
	uint64_t w = pattern_word(n, off >> 3);

	for (size_t i = 0; i < len; i++, off++) {
		unsigned char b;

		if (!(off & 7))
			w = pattern_word(n, off >> 3);
		b = w >> ((off & 7) * 8);
		if (check && buf[i] != b)
			return 0;
		buf[i] = b;
	}
	return 1;
}

/* xorshift64*: the operation sequence, reproducible from --seed */
static uint64_t rng_state;
static uint64_t rnd(uint64_t below)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (rng_state * 0x2545f4914f6cdd1dULL) % (below ? below : 1);
}

static int log_fd = 1, log_tty;

static void announce(const char *what, uint64_t n, long long size)
{
	char line[96];
	int len = snprintf(line, sizeof(line), "vp-crash: %s f%llu %lld\n", what,
			   (unsigned long long)n, size);

	if (write(log_fd, line, len) != len)
		die("write", opt_log ? opt_log : "stdout");
	if (log_tty)
		tcdrain(log_fd);
	else
		fsync(log_fd);
}

static struct { uint64_t n; uint64_t size; } *live;
static size_t nlive;
static int dir_fd;
static uint64_t next_n;

static void write_file(const char *dir, uint64_t n, uint64_t size, int do_fsync)
{
	static unsigned char buf[MiB];
	char name[32];
	int fd;

	snprintf(name, sizeof(name), "f%llu", (unsigned long long)n);
	fd = openat(dir_fd, name, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	if (fd < 0)
		die("create", dir);
	for (uint64_t off = 0; off < size; off += sizeof(buf)) {
		size_t len = size - off < sizeof(buf) ? size - off : sizeof(buf);

		pattern(buf, len, n, off, 0);
		if (write(fd, buf, len) != (ssize_t)len)
			die("write", name);
	}
	if (do_fsync && fsync(fd) < 0)
		die("fsync", name);
	if (close(fd) < 0)
		die("close", name);
	live[nlive].n = n;
	live[nlive].size = size;
	nlive++;
}

static void cmd_load(const char *dir)
{
	unsigned long long ops = 0;

	dir_fd = open(dir, O_RDONLY | O_DIRECTORY);
	if (dir_fd < 0)
		die("open", dir);
	live = calloc(opt_max_files + 128, sizeof(*live));
	if (!live)
		die("calloc", "");
	if (opt_log) {
		log_fd = open(opt_log, O_WRONLY | O_APPEND | O_CREAT | O_NOCTTY, 0644);
		if (log_fd < 0)
			die("open", opt_log);
	}
	log_tty = isatty(log_fd);
	rng_state = opt_seed * 0x9e3779b97f4a7c15ULL | 1;
	dprintf(log_fd, "vp-crash: start seed=%llu\n", opt_seed);

	for (ops = 0; !opt_ops || ops < opt_ops; ops++) {
		uint64_t r = rnd(100), n, size;
		size_t i;

		if (nlive >= opt_max_files || (nlive > opt_max_files / 2 && r < 20)) {
			/* unlink: the name may vanish from here on */
			char name[32];

			i = rnd(nlive);
			snprintf(name, sizeof(name), "f%llu", (unsigned long long)live[i].n);
			announce("pend", live[i].n, -1);
			if (unlinkat(dir_fd, name, 0) < 0)
				die("unlink", name);
			if (fsync(dir_fd) < 0)
				die("fsync", dir);
			announce("ack", live[i].n, -1);
			live[i] = live[--nlive];
		} else if (r < 45) {
			/* small file, fsync'ed on its own */
			n = next_n++;
			write_file(dir, n, 1 + rnd(64 * KiB), 1);
			if (fsync(dir_fd) < 0)
				die("fsync", dir);
			announce("ack", n, live[nlive - 1].size);
		} else if (r < 55) {
			/* big file: indirect and double-indirect blocks on ext3 */
			n = next_n++;
			write_file(dir, n, MiB + rnd(opt_big_mb * MiB), 1);
			if (fsync(dir_fd) < 0)
				die("fsync", dir);
			announce("ack", n, live[nlive - 1].size);
		} else if (r < 65 && nlive + 64 < opt_max_files + 128) {
			/* storm: 64 files, no fsync, then one syncfs() commits them all */
			size_t first = nlive;

			for (int k = 0; k < 64; k++)
				write_file(dir, next_n++, 4 * KiB, 0);
			if (syncfs(dir_fd) < 0)
				die("syncfs", dir);
			for (i = first; i < nlive; i++)
				announce("ack", live[i].n, live[i].size);
		} else if (nlive) {
			/* truncate to a random shorter size (frees indirect blocks) */
			char name[32];
			int fd;

			i = rnd(nlive);
			size = live[i].size ? rnd(live[i].size) : 0;
			snprintf(name, sizeof(name), "f%llu", (unsigned long long)live[i].n);
			announce("pend", live[i].n, size);
			fd = openat(dir_fd, name, O_WRONLY);
			if (fd < 0)
				die("open", name);
			if (ftruncate(fd, size) < 0 || fsync(fd) < 0)
				die("truncate", name);
			close(fd);
			live[i].size = size;
			announce("ack", live[i].n, size);
		}
	}
	dprintf(log_fd, "vp-crash: done ops=%llu files=%zu\n", ops, nlive);
}

static void cmd_verify(const char *dir)
{
	static unsigned char buf[MiB];
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		die("opendir", dir);
	dir_fd = dirfd(d);
	while ((de = readdir(d))) {
		/*
		 * The file's bytes as runs: the pattern up to bad_at (phase
		 * 0), then zeros (phase 1) up to gap_end, the first byte
		 * that is not zero, then the pattern to the end (phase 2) or
		 * not (phase 3).
		 */
		unsigned long long n, off = 0, bad_at = ~0ULL, gap_end = 0;
		int fd, phase = 0;
		uint64_t w = 0;
		char tail;
		ssize_t got;

		if (sscanf(de->d_name, "f%llu%c", &n, &tail) != 1)
			continue;
		fd = openat(dir_fd, de->d_name, O_RDONLY);
		if (fd < 0)
			die("open", de->d_name);
		while ((got = read(fd, buf, sizeof(buf))) > 0) {
			for (ssize_t i = 0; i < got; i++, off++) {
				int is_pattern;

				if (phase == 3)
					continue;
				if (phase == 1 && !buf[i])
					continue;
				if (!(off & 7) || !i || phase == 1)
					w = pattern_word(n, off >> 3);
				is_pattern = buf[i] == (unsigned char)(w >> ((off & 7) * 8));
				if (phase == 0 && !is_pattern) {
					bad_at = off;
					phase = buf[i] ? 3 : 1;
				} else if (phase == 1) {
					gap_end = off;
					phase = is_pattern ? 2 : 3;
				} else if (phase == 2 && !is_pattern) {
					phase = 3;
				}
			}
		}
		if (got < 0)
			die("read", de->d_name);
		close(fd);
		if (phase == 0)
			printf("f%llu %llu ok\n", n, off);
		else if (phase == 1)
			printf("f%llu %llu zero-from %llu\n", n, off, bad_at);
		else if (phase == 2)
			printf("f%llu %llu zero-gap %llu %llu\n", n, off, bad_at, gap_end);
		else
			printf("f%llu %llu bad-at %llu\n", n, off, bad_at);
	}
	closedir(d);
}

/* True if fN's pattern is zero in every byte of [@from, @to). */
static int pattern_zero(uint64_t n, unsigned long long from, unsigned long long to)
{
	for (unsigned long long off = from; off < to; off++)
		if ((unsigned char)(pattern_word(n, off >> 3) >> ((off & 7) * 8)))
			return 0;
	return 1;
}

/*
 * Could a truncate of fN to @size that did not commit have left what the
 * manifest says: zeros from @from (the first byte that is not the
 * pattern) to @end, the pattern from @end to @file_size (@end ==
 * @file_size: zeros to the end)?  ext4 zeroes the rest of @size's block in
 * place, so the zeros start at @size (the pattern may be zero itself up
 * to @from) and end where the block does (the pattern may be zero itself
 * from there to @end), for a block size the harness formats with: 1, 2
 * or 4 KiB.  Zeros to the end of the file are that only where the file
 * ends in that block.
 */
static int block_tail_zeroed(uint64_t n, unsigned long long size, unsigned long long from,
			     unsigned long long end, unsigned long long file_size)
{
	if (size > from || !pattern_zero(n, size, from))
		return 0;
	for (unsigned long long bs = KiB; bs <= 4 * KiB; bs *= 2) {
		unsigned long long block_end = (size + bs - 1) / bs * bs;

		if (end == file_size) {
			if (file_size <= block_end)
				return 1;
		} else if (from < block_end && block_end <= end && pattern_zero(n, block_end, end)) {
			return 1;
		}
	}
	return 0;
}

/* judge: per file, the last acked size and the sizes pending since */
struct state {
	unsigned long long n;
	long long acked;	/* -2: never acked */
	long long pend[4];
	int npend;		/* > 4: too many to keep, any state is legal */
};

static struct state *states;
static size_t nstates, capstates;

static struct state *state_of(unsigned long long n)
{
	for (size_t i = nstates; i-- > 0;)	/* recent files are looked up most */
		if (states[i].n == n)
			return &states[i];
	if (nstates == capstates) {
		capstates = capstates ? 2 * capstates : 1024;
		states = realloc(states, capstates * sizeof(*states));
		if (!states)
			die("realloc", "");
	}
	states[nstates] = (struct state){ .n = n, .acked = -2 };
	return &states[nstates++];
}

static void cmd_judge(const char *acklog, const char *manifest)
{
	unsigned long long acks = 0, checked = 0, lost = 0, corrupt = 0, unacked = 0, unacked_bad = 0;
	unsigned long long n, garbled = 0, tails = 0;
	long long size;
	char line[512], what[8], okbad[16], first[256] = "";
	FILE *f = fopen(acklog, "r");
	int started = 0, pending_garble = 0;

	if (!f)
		die("open", acklog);
	while (fgets(line, sizeof(line), f)) {
		char *p = strstr(line, "vp-crash: ");
		struct state *s;
		char end;

		if (!p)
			continue;
		/* a line that did not parse was garbled, unless it was the last */
		garbled += pending_garble;
		pending_garble = 0;
		if (!strncmp(p, "vp-crash: start", 15) || !strncmp(p, "vp-crash: done", 14)) {
			started = 1;
			continue;
		}
		if (sscanf(p, "vp-crash: %7s f%llu %lld%c", what, &n, &size, &end) != 4 ||
		    (end != '\n' && end != '\r') ||
		    (strcmp(what, "ack") && strcmp(what, "pend"))) {
			pending_garble = 1;	/* or cut short by the power cut */
			continue;
		}
		s = state_of(n);
		if (!strcmp(what, "ack")) {
			s->acked = size;
			s->npend = 0;
			acks++;
		} else if (s->npend < 4) {
			s->pend[s->npend++] = size;
		} else {
			s->npend = 5;
		}
	}
	fclose(f);
	if (garbled) {
		/* a lost "pend" would make a legal state look like lost data */
		fprintf(stderr, "%s: %s: %llu garbled line(s) before the last: cannot judge\n",
			PROG, acklog, garbled);
		exit(2);
	}
	if (!started) {
		fprintf(stderr, "%s: %s has no 'vp-crash: start' line: not an ack log\n", PROG, acklog);
		exit(2);
	}

	/* mark what the manifest holds: seen[i] = size, or -1; bad[i]: 0 ok,
	 * 1 a byte that is neither the pattern nor part of a zeroed tail, 2 a
	 * tail of zeros from zero_from[i] on (gap_end[i]: the size), 3 zeros
	 * from zero_from[i] to gap_end[i] and the pattern from there */
	long long *seen = malloc((nstates + 1) * sizeof(*seen));
	unsigned long long *zero_from = calloc(nstates + 1, sizeof(*zero_from));
	unsigned long long *gap_end = calloc(nstates + 1, sizeof(*gap_end));
	int *bad = calloc(nstates + 1, sizeof(*bad));

	if (!seen || !bad || !zero_from || !gap_end)
		die("malloc", "");
	for (size_t i = 0; i < nstates; i++)
		seen[i] = -1;
	f = fopen(manifest, "r");
	if (!f)
		die("open", manifest);
	while (fgets(line, sizeof(line), f)) {
		unsigned long long sz, at = 0, end = 0;
		int fields = sscanf(line, "f%llu %llu %15s %llu %llu", &n, &sz, okbad, &at, &end), kind;
		size_t i;

		if (fields == 3 && !strcmp(okbad, "ok"))
			kind = 0;
		else if (fields == 4 && !strcmp(okbad, "bad-at"))
			kind = 1;
		else if (fields == 4 && !strcmp(okbad, "zero-from"))
			kind = 2, end = sz;
		else if (fields == 5 && !strcmp(okbad, "zero-gap") && at < end && end < sz)
			kind = 3;
		else {
			fprintf(stderr, "%s: %s: not a manifest line: %s", PROG, manifest, line);
			exit(2);
		}
		for (i = 0; i < nstates && states[i].n != n; i++)
			;
		if (i == nstates || states[i].acked == -2) {
			unacked++;
			unacked_bad += kind != 0;
			continue;
		}
		seen[i] = sz;
		bad[i] = kind;
		zero_from[i] = at;
		gap_end[i] = end;
	}
	fclose(f);

	for (size_t i = 0; i < nstates; i++) {
		struct state *s = &states[i];
		int allowed = s->acked == seen[i];

		if (s->acked == -2)
			continue;
		checked++;
		allowed |= s->npend > 4;
		for (int k = 0; k < s->npend && k < 4; k++)
			allowed |= s->pend[k] == seen[i];
		if (!allowed) {
			lost++;
			if (!first[0])
				snprintf(first, sizeof(first), "f%llu: acked %lld bytes, found %lld",
					 s->n, s->acked, seen[i]);
		} else if (seen[i] >= 0 && bad[i]) {
			/*
			 * A truncate to N that had not committed may leave the
			 * old size with the tail of the block past N already
			 * zeroed (ext4_block_truncate_page(): in data=ordered
			 * the zeroed block can reach the disk before the
			 * transaction with the new size commits).  Zeros from
			 * a pending truncate's N to the end of N's block, and
			 * the old bytes after it where the file goes on past
			 * that block, are that (block_tail_zeroed()); anything
			 * else is damage.
			 */
			int zeroed_tail = 0;

			for (int k = 0; k < s->npend && k < 4 && bad[i] != 1; k++)
				zeroed_tail |= s->pend[k] >= 0 &&
					       block_tail_zeroed(s->n, s->pend[k], zero_from[i], gap_end[i], seen[i]);
			if (zeroed_tail) {
				tails++;
				continue;
			}
			corrupt++;
			if (!first[0])
				snprintf(first, sizeof(first), "f%llu: %lld bytes, content differs from byte %llu%s",
					 s->n, seen[i], zero_from[i],
					 bad[i] == 2 ? " on (zeros)" : bad[i] == 3 ? " (zeros, then the pattern again)" : "");
		}
	}
	json_begin(stdout, lost || corrupt ? 1 : 0);
	printf(",\n \"acks\":%llu,\"files_checked\":%llu,"
	       "\"lost\":%llu,\"corrupt\":%llu,\"pending_truncate_zeroed_tail\":%llu,"
	       "\"unacked_present\":%llu,\"unacked_bad\":%llu,\"first_problem\":",
	       acks, checked, lost, corrupt, tails, unacked, unacked_bad);
	json_str(stdout, first);
	printf(",\"verdict\":\"%s\"", lost || corrupt ? "lost" : "intact");
	json_end(stdout, "stdout");
	free(seen);
	free(bad);
	free(zero_from);
	free(gap_end);
	exit(lost || corrupt ? 1 : 0);
}

int main(int argc, char **argv)
{
	const char *cmd;
	int c, nargs;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 's': opt_seed = parse_num("seed", optarg, 0, UINT64_MAX); break;
		case 'o': opt_ops = parse_num("ops", optarg, 0, 1ULL << 40); break;
		case 'm': opt_max_files = parse_num("max-files", optarg, 2, 1000000); break;
		case 'b': opt_big_mb = parse_num("big-mb", optarg, 1, 4096); break;
		case 'l': opt_log = optarg; break;
		}
	}
	if (optind >= argc)
		usage_error("expected a command: load, verify or judge");
	cmd = argv[optind];
	nargs = argc - optind - 1;
	if (!strcmp(cmd, "load") || !strcmp(cmd, "verify")) {
		if (nargs != 1)
			usage_error("%s takes one DIR, got %d argument(s)", cmd, nargs);
		if (!strcmp(cmd, "load"))
			cmd_load(argv[optind + 1]);
		else
			cmd_verify(argv[optind + 1]);
	} else if (!strcmp(cmd, "judge")) {
		if (nargs != 2)
			usage_error("judge takes ACKLOG MANIFEST, got %d argument(s)", nargs);
		cmd_judge(argv[optind + 1], argv[optind + 2]);
	} else {
		usage_error("unknown command '%s'", cmd);
	}
	if (fflush(stdout) == EOF)
		die("write", "stdout");
	return 0;
}
