// SPDX-License-Identifier: GPL-2.0
/*
 * vp-fsload - filesystem workload generator for latency benchmarking
 *
 * Runs one timed filesystem operation (large write, truncate, sparse
 * write, many small files, recursive remove, sequential read) so that a
 * concurrently running cyclictest can observe the scheduling latency it
 * causes.  Results are printed as a human-readable line and optionally
 * as a JSON object.
 */
#define _GNU_SOURCE
#define _FILE_OFFSET_BITS 64
#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <getopt.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "vp-common.h"

#define PROG "vp-fsload"
#define MiB (1024ULL * 1024)
#define BLK 4096

static unsigned long long opt_size = 64, opt_chunk = 1024, opt_to = 0;
static unsigned long long opt_stride = 1024, opt_files = 1000;
static unsigned long long opt_file_size = 4096, opt_per_dir = 100;
static int opt_cpu = -1, opt_quiet, opt_no_fsync;
static const char *opt_json, *opt_cpu_str;

static const char help[] =
	PROG " " VP_VERSION " - filesystem workload generator\n"
	"Usage: " PROG " [options] COMMAND PATH\n\n"
	"Commands:\n"
	"  fill PATH      write --size MB of data in --chunk KB writes, fsync\n"
	"  overwrite PATH write --size MB over an existing file's first --size MB\n"
	"                 (no truncation: its blocks stay allocated), fsync\n"
	"  truncate PATH  ftruncate existing file to --to bytes, fsync\n"
	"  sparse PATH    write one 4 KiB block every --stride KB up to --size MB, fsync\n"
	"  mkfiles PATH   create --files files of --file-size bytes in dir PATH, syncfs\n"
	"  rmfiles PATH   remove everything below directory PATH, syncfs\n"
	"  read PATH      drop PATH from page cache, read it in --chunk KB reads\n\n"
	"Options:\n"
	"  -s, --size=MB          file size for fill/overwrite/sparse (default: 64)\n"
	"  -k, --chunk=KB         write/read size for fill/overwrite/read (default: 1024)\n"
	"  -t, --to=BYTES         target size for truncate (default: 0)\n"
	"  -S, --stride=KB        block spacing for sparse, >= 4 (default: 1024)\n"
	"  -n, --files=N          number of files for mkfiles (default: 1000)\n"
	"  -f, --file-size=BYTES  size of each mkfiles file (default: 4096)\n"
	"  -d, --per-dir=N        files per subdirectory for mkfiles (default: 100)\n"
	"  -F, --no-fsync         skip fsync in fill/overwrite/truncate/sparse (default: off)\n"
	"  -c, --cpu=N            pin to CPU N before the work (default: no pinning)\n"
	"  -j, --json[=FILE]      write JSON results to FILE (to stdout without FILE\n"
	"                         or with '-'; no human output then; default: off)\n"
	"  -q, --quiet            suppress human output (default: off)\n"
	"  -h, --help             show this help\n";

/* Results: ordered key=value list, printed as text and as JSON. */
static struct { const char *key; char val[32]; } results[8];
static int nresults;

static void res_u(const char *key, unsigned long long v)
{
	results[nresults].key = key;
	snprintf(results[nresults++].val, sizeof(results[0].val), "%llu", v);
}

/* Add usecs plus a per-second rate of @count (divided by @div). */
static void res_time(unsigned long long ns, const char *rate_key, double count, double div)
{
	res_u("usecs", ns / 1000);
	results[nresults].key = rate_key;
	snprintf(results[nresults++].val, sizeof(results[0].val), "%.3f",
		 ns ? count / div / (ns / 1e9) : 0.0);
}

static void fill_pattern(unsigned char *buf, size_t len, uint64_t seed)
{
	uint64_t x = seed | 1;

	for (size_t i = 0; i < len; i++) {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		buf[i] = (unsigned char)(x >> 24);
	}
}

static void write_all(int fd, const unsigned char *buf, size_t len, const char *path)
{
	while (len) {
		ssize_t n = write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("write", path);
		buf += n;
		len -= n;
	}
}

static void *xmalloc(size_t len)
{
	void *p = malloc(len ? len : 1);

	if (!p)
		die("malloc", "buffer");
	return p;
}

static int xopen(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0644);

	if (fd < 0)
		die("open", path);
	return fd;
}

static void xclose(int fd, const char *path)
{
	if (close(fd) < 0)
		die("close", path);
}

static unsigned long long do_fsync(int fd, const char *path)
{
	unsigned long long t0 = now_ns();

	if (!opt_no_fsync && fsync(fd) < 0)
		die("fsync", path);
	return opt_no_fsync ? 0 : now_ns() - t0;
}

/*
 * Write --size MB from offset 0 and fsync: a new file (fill, O_TRUNC), or
 * the blocks an existing file already has (overwrite, with other data:
 * @seed differs, so every block changes).
 */
static void write_file(const char *path, int flags, uint64_t seed)
{
	size_t chunk = opt_chunk * 1024;
	unsigned long long total = opt_size * MiB, done = 0, t0, fs;
	unsigned char *buf = xmalloc(chunk);
	int fd;

	fill_pattern(buf, chunk, seed);
	t0 = now_ns();
	fd = xopen(path, flags);
	for (uint64_t i = 0; done < total; i++) {
		size_t n = total - done < chunk ? total - done : chunk;

		/* stamp chunk index into every 4 KiB block: no two blocks equal */
		for (size_t off = 0; off + 8 <= n; off += BLK) {
			uint64_t stamp = (i * 0x9e3779b97f4a7c15ULL) ^ off ^
					 ~(seed ^ 0x9e3779b97f4a7c15ULL);

			memcpy(buf + off, &stamp, 8);
		}
		write_all(fd, buf, n, path);
		done += n;
	}
	fs = do_fsync(fd, path);
	t0 = now_ns() - t0;
	xclose(fd, path);
	free(buf);
	res_u("bytes", total);
	res_time(t0, "mb_per_s", total, MiB);
	res_u("fsync_us", fs / 1000);
}

static void cmd_fill(const char *path)
{
	write_file(path, O_WRONLY | O_CREAT | O_TRUNC, 0x9e3779b97f4a7c15ULL);
}

static void cmd_overwrite(const char *path)
{
	struct stat st;

	if (stat(path, &st) < 0)
		die("stat", path);
	if ((unsigned long long)st.st_size < opt_size * MiB) {
		fprintf(stderr, "%s: overwrite: %s has %lld bytes, fewer than --size=%llu MB\n",
			PROG, path, (long long)st.st_size, opt_size);
		exit(1);
	}
	write_file(path, O_WRONLY, 0x6a09e667f3bcc909ULL);
}

static void cmd_truncate(const char *path)
{
	unsigned long long t0, tr, fs;
	struct stat st;
	int fd = xopen(path, O_WRONLY);

	if (fstat(fd, &st) < 0)
		die("stat", path);
	t0 = now_ns();
	if (ftruncate(fd, (off_t)opt_to) < 0)
		die("ftruncate", path);
	tr = now_ns() - t0;
	fs = do_fsync(fd, path);
	xclose(fd, path);
	res_u("size_before", st.st_size);
	res_u("truncate_us", tr / 1000);
	res_u("fsync_us", fs / 1000);
}

static void cmd_sparse(const char *path)
{
	unsigned long long total = opt_size * MiB, stride = opt_stride * 1024;
	unsigned long long blocks = 0, t0;
	unsigned char buf[BLK];
	int fd;

	fill_pattern(buf, sizeof(buf), 12345);
	t0 = now_ns();
	fd = xopen(path, O_WRONLY | O_CREAT | O_TRUNC);
	for (unsigned long long off = 0; off + BLK <= total; off += stride, blocks++)
		if (pwrite(fd, buf, BLK, (off_t)off) != BLK)
			die("pwrite", path);	/* a short 4 KiB write means ENOSPC */
	if (ftruncate(fd, (off_t)total) < 0)
		die("ftruncate", path);
	do_fsync(fd, path);
	t0 = now_ns() - t0;
	xclose(fd, path);
	res_u("blocks", blocks);
	res_u("bytes", total);
	res_u("usecs", t0 / 1000);
}

static void cmd_mkfiles(const char *path)
{
	unsigned char *buf = xmalloc(opt_file_size);
	unsigned long long t0, dirs = 0;
	char name[4200];
	int fd;

	fill_pattern(buf, opt_file_size, 4242);
	t0 = now_ns();
	if (mkdir(path, 0755) < 0 && errno != EEXIST)
		die("mkdir", path);
	for (unsigned long long i = 0; i < opt_files; i++) {
		if (i % opt_per_dir == 0) {
			snprintf(name, sizeof(name), "%s/d%06llu", path, dirs++);
			if (mkdir(name, 0755) < 0 && errno != EEXIST)
				die("mkdir", name);
		}
		snprintf(name, sizeof(name), "%s/d%06llu/f%08llu", path, dirs - 1, i);
		fd = xopen(name, O_WRONLY | O_CREAT | O_TRUNC);
		write_all(fd, buf, opt_file_size, name);
		xclose(fd, name);
	}
	fd = xopen(path, O_RDONLY | O_DIRECTORY);
	if (syncfs(fd) < 0)
		die("syncfs", path);
	t0 = now_ns() - t0;
	close(fd);
	free(buf);
	res_u("files", opt_files);
	res_u("dirs", dirs);
	res_time(t0, "files_per_s", opt_files, 1);
}

static unsigned long long rm_count;

static int rm_entry(const char *fpath, const struct stat *sb, int type, struct FTW *ftw)
{
	(void)sb;
	if (type == FTW_DNR || type == FTW_NS)
		die("access", fpath);
	if (ftw->level == 0) {	/* keep PATH itself: it may be a mount point */
		errno = ENOTDIR;
		if (type != FTW_DP)
			die("rmfiles", fpath);
		return 0;
	}
	if ((type == FTW_DP ? rmdir(fpath) : unlink(fpath)) < 0)
		die(type == FTW_DP ? "rmdir" : "unlink", fpath);
	rm_count++;
	return 0;
}

static void cmd_rmfiles(const char *path)
{
	unsigned long long t0 = now_ns();
	int fd;

	if (nftw(path, rm_entry, 64, FTW_DEPTH | FTW_PHYS) < 0)
		die("nftw", path);
	fd = xopen(path, O_RDONLY | O_DIRECTORY);
	if (syncfs(fd) < 0)
		die("syncfs", path);
	t0 = now_ns() - t0;
	close(fd);
	res_u("entries", rm_count);
	res_time(t0, "entries_per_s", rm_count, 1);
}

static void cmd_read(const char *path)
{
	size_t chunk = opt_chunk * 1024;
	unsigned char *buf = xmalloc(chunk);
	unsigned long long total = 0, t0;
	int fd = xopen(path, O_RDONLY), err;
	ssize_t n;

	fdatasync(fd);	/* dirty pages would survive DONTNEED */
	err = posix_fadvise(fd, 0, 0, POSIX_FADV_DONTNEED);
	if (err) {
		errno = err;
		die("posix_fadvise", path);
	}
	t0 = now_ns();
	while ((n = read(fd, buf, chunk)) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			die("read", path);
		total += n;
	}
	t0 = now_ns() - t0;
	close(fd);
	free(buf);
	res_u("bytes", total);
	res_time(t0, "mb_per_s", total, MiB);
}

static const struct {
	const char *name;
	void (*fn)(const char *path);
} commands[] = {
	{ "fill", cmd_fill }, { "overwrite", cmd_overwrite }, { "truncate", cmd_truncate },
	{ "sparse", cmd_sparse }, { "mkfiles", cmd_mkfiles },
	{ "rmfiles", cmd_rmfiles }, { "read", cmd_read },
};

int main(int argc, char **argv)
{
	const struct utsname *u;
	const char *cmd, *path, *model;
	void (*fn)(const char *) = NULL;
	FILE *jf = NULL;
	int c;

	vp_init(PROG, argc, argv);
	while ((c = vp_getopt(argc, argv, help)) != -1) {
		switch (c) {
		case 's': opt_size = parse_num("size", optarg, 1, 1ULL << 24); break;
		case 'k': opt_chunk = parse_num("chunk", optarg, 1, 1ULL << 20); break;
		case 't': opt_to = parse_num("to", optarg, 0, INT64_MAX); break;
		case 'S': opt_stride = parse_num("stride", optarg, 4, 1ULL << 30); break;
		case 'n': opt_files = parse_num("files", optarg, 1, 1ULL << 32); break;
		case 'f': opt_file_size = parse_num("file-size", optarg, 0, 1ULL << 30); break;
		case 'd': opt_per_dir = parse_num("per-dir", optarg, 1, 1ULL << 32); break;
		case 'F': opt_no_fsync = 1; break;
		case 'c': opt_cpu = parse_num("cpu", opt_cpu_str = optarg, 0, CPU_SETSIZE - 1); break;
		case 'j': opt_json = optarg ? optarg : "-"; break;
		case 'q': opt_quiet = 1; break;
		}
	}
	if (argc - optind != 2)
		usage_error("expected COMMAND PATH, got %d argument(s)", argc - optind);
	cmd = argv[optind];
	path = argv[optind + 1];
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(cmd, commands[i].name))
			fn = commands[i].fn;
	if (!fn)
		usage_error("unknown command '%s'", cmd);

	if (opt_json)
		jf = json_open(opt_json, &opt_quiet);
	u = vp_uname();
	model = vp_preempt_model();
	if (opt_cpu >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(opt_cpu, &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0)
			die("sched_setaffinity --cpu", opt_cpu_str);
	}

	vp_mark_start();
	fn(path);
	vp_mark_end();

	if (!opt_quiet) {
		printf("# %s %s  command: %s %s\n", PROG, VP_VERSION, cmd, path);
		printf("# kernel: %s %s\n# preempt: %s\n", u->release, u->version, model);
		printf("%s", cmd);
		for (int i = 0; i < nresults; i++)
			printf("  %s=%s", results[i].key, results[i].val);
		printf("\n");
	}
	if (jf) {
		json_begin(jf, 0);
		fprintf(jf, ",\n \"command\":");
		json_str(jf, cmd);
		fprintf(jf, ",\"path\":");
		json_str(jf, path);
		fprintf(jf, ",\n \"results\":{");
		for (int i = 0; i < nresults; i++)
			fprintf(jf, "%s\"%s\":%s", i ? "," : "", results[i].key, results[i].val);
		fprintf(jf, "}");
		json_end(jf, opt_json);
	}
	if (fflush(stdout) == EOF)
		die("write", "stdout");
	return 0;
}
