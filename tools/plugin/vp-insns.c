// SPDX-License-Identifier: GPL-2.0
/*
 * vp-insns - a QEMU TCG plugin that counts the guest's executed
 * instructions per address and per function, in a window between two
 * executions of a marker instruction.
 *
 * Every guest instruction gets an inline counter (an add in the translated
 * code, no helper call), kept per guest virtual address.  What is counted
 * is what icount counts: each instruction executed, a faulting one once
 * more when it is retried, and each iteration of a repeated string
 * instruction (rep movs, rep stos) as one.  The guest's own clock under
 * icount is unchanged by the plugin.  The inline adds are not atomic: the
 * counts are exact when the vCPUs run on one host thread (icount, or TCG
 * with thread=single), not under multi-threaded TCG with several vCPUs.
 * The processes of a system guest share user-space addresses, so user
 * space is counted per address but named only where a map names it (a
 * non-PIE program).
 *
 * Arguments (-plugin vp-insns.so,ARG=VALUE,...):
 *   out=FILE     JSON summary (required)
 *   raw=FILE     every counted address: "%016x count function" ("-": no
 *                map names it), ascending
 *   kmap=FILE    a System.map for kernel addresses (bit 63 set)
 *   umap=FILE    an nm listing for user addresses (repeatable)
 *                (of both, the text symbols: T t W w; an address below
 *                the first or at or past _etext/_end is named by none)
 *   mark=ADDR    hex address of the marker instruction: the window runs
 *                from its START-th execution to its STOP-th; without a
 *                mark, from the start to the end of the run
 *   start=N stop=N  (default 1 and 2)
 *
 * The summary: {"marks", "window_complete", "insns", "kernel_insns",
 * "user_insns", "addresses", "functions": [{"f", "insns", "calls"}...]}
 * with functions sorted by instructions, "calls" being the executions of
 * the function's first instruction (a loop that starts there counts each
 * pass).  Addresses no map names are summed as "[kernel?]" (outside the
 * kernel's text: modules, BPF), "[user?]" when a user map was given and
 * "[user]" when none was.  Of symbols at one address (aliases), the last
 * by name takes the count.
 *
 * Built against the qemu-plugin.h of the QEMU it is loaded into
 * (scripts/profile.sh fetches it from the QEMU source package).
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

struct slot {
	uint64_t addr;
	uint64_t count;		/* the inline counter */
	uint64_t base;		/* count at the window's start */
	uint64_t end;		/* count at the window's end */
};

#define CHUNK 65536
static struct slot **chunks;
static size_t nslots, nchunks;
static struct slot **table;	/* open addressing, keyed by addr */
static size_t tsize;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static uint64_t mark_addr;
static int have_mark;
static unsigned long marks, mark_start = 1, mark_stop = 2;
static int window_open, window_closed;
static size_t nslots_at_stop;
static const char *out_path, *raw_path;

struct sym {
	uint64_t addr;
	char *name;
	int end;		/* an end-of-text marker: nothing is attributed to it */
};
struct symtab {
	struct sym *s;
	size_t n, cap;
};
static struct symtab ksyms, usyms;

static uint64_t hash(uint64_t a)
{
	a ^= a >> 33;
	a *= 0xff51afd7ed558ccdULL;
	a ^= a >> 33;
	return a;
}

static struct slot *slot_new(uint64_t addr)
{
	struct slot *s;

	if (nslots == nchunks * CHUNK) {
		struct slot **c = realloc(chunks, (nchunks + 1) * sizeof(*chunks));

		if (!c || !(c[nchunks] = calloc(CHUNK, sizeof(struct slot)))) {
			fprintf(stderr, "vp-insns: out of memory\n");
			abort();
		}
		chunks = c;
		nchunks++;
	}
	s = &chunks[nslots / CHUNK][nslots % CHUNK];
	nslots++;
	s->addr = addr;
	return s;
}

static void table_put(struct slot *s)
{
	size_t i = hash(s->addr) & (tsize - 1);

	while (table[i])
		i = (i + 1) & (tsize - 1);
	table[i] = s;
}

static struct slot *slot_get(uint64_t addr)
{
	size_t i;

	if (nslots * 2 >= tsize) {
		struct slot **old = table;
		size_t osize = tsize, j;

		tsize = tsize ? tsize * 2 : 1 << 16;
		table = calloc(tsize, sizeof(*table));
		if (!table) {
			fprintf(stderr, "vp-insns: out of memory\n");
			abort();
		}
		for (j = 0; j < osize; j++)
			if (old[j])
				table_put(old[j]);
		free(old);
	}
	for (i = hash(addr) & (tsize - 1); table[i]; i = (i + 1) & (tsize - 1))
		if (table[i]->addr == addr)
			return table[i];
	table[i] = slot_new(addr);
	return table[i];
}

static void snapshot(int which)
{
	size_t i;

	for (i = 0; i < nslots; i++) {
		struct slot *s = &chunks[i / CHUNK][i % CHUNK];

		if (which == 0)
			s->base = s->count;
		else
			s->end = s->count;
	}
}

static void on_mark(unsigned int vcpu, void *udata)
{
	(void)vcpu;
	(void)udata;
	pthread_mutex_lock(&lock);
	marks++;
	if (marks == mark_start) {
		snapshot(0);
		window_open = 1;
	}
	if (marks == mark_stop && window_open) {
		snapshot(1);
		nslots_at_stop = nslots;
		window_closed = 1;
	}
	pthread_mutex_unlock(&lock);
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
	size_t n = qemu_plugin_tb_n_insns(tb), i;

	(void)id;
	pthread_mutex_lock(&lock);
	for (i = 0; i < n; i++) {
		struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
		uint64_t va = qemu_plugin_insn_vaddr(insn);
		struct slot *s = slot_get(va);

		qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64,
							   &s->count, 1);
		if (have_mark && va == mark_addr)
			qemu_plugin_register_vcpu_insn_exec_cb(insn, on_mark,
							       QEMU_PLUGIN_CB_NO_REGS, NULL);
	}
	pthread_mutex_unlock(&lock);
}

/* the window's count at slot i */
static uint64_t delta(size_t i)
{
	const struct slot *s = &chunks[i / CHUNK][i % CHUNK];

	if (!have_mark)
		return s->count;
	if (!window_open)
		return 0;
	if (!window_closed)
		return s->count - s->base;
	return i < nslots_at_stop ? s->end - s->base : 0;
}

/* by address, then by name: which alias takes an address does not depend on qsort */
static int sym_cmp(const void *a, const void *b)
{
	const struct sym *x = a, *y = b;

	if (x->addr != y->addr)
		return x->addr < y->addr ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int is_end_marker(const char *name)
{
	return !strcmp(name, "_etext") || !strcmp(name, "etext") || !strcmp(name, "__etext") ||
	       !strcmp(name, "_end") || !strcmp(name, "end") || !strcmp(name, "__end");
}

/* System.map or nm output: "ADDR TYPE NAME"; the text symbols and the end markers */
static int load_map(struct symtab *t, const char *path)
{
	FILE *f = fopen(path, "r");
	char line[1024], name[900], type;
	unsigned long long a;
	int end;

	if (!f) {
		fprintf(stderr, "vp-insns: cannot open map %s\n", path);
		return -1;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %899s", &a, &type, name) != 3)
			continue;
		end = is_end_marker(name);
		if (!end && !strchr("TtWw", type))
			continue;
		if (t->n == t->cap) {
			t->cap = t->cap ? t->cap * 2 : 4096;
			t->s = realloc(t->s, t->cap * sizeof(*t->s));
			if (!t->s) {
				fclose(f);
				return -1;
			}
		}
		t->s[t->n].addr = a;
		t->s[t->n].name = strdup(name);
		t->s[t->n].end = end;
		t->n++;
	}
	fclose(f);
	qsort(t->s, t->n, sizeof(*t->s), sym_cmp);
	return 0;
}

/* the symbol at or below addr, or NULL */
static const struct sym *lookup(const struct symtab *t, uint64_t addr)
{
	size_t lo = 0, hi = t->n;

	if (!t->n || addr < t->s[0].addr)
		return NULL;
	while (hi - lo > 1) {
		size_t mid = (lo + hi) / 2;

		if (t->s[mid].addr <= addr)
			lo = mid;
		else
			hi = mid;
	}
	return t->s[lo].end ? NULL : &t->s[lo];
}

struct fn {
	const char *name;
	uint64_t insns, calls;
};

static int fn_cmp(const void *a, const void *b)
{
	const struct fn *x = a, *y = b;

	if (x->insns != y->insns)
		return x->insns > y->insns ? -1 : 1;
	return strcmp(x->name, y->name);
}

static int slot_addr_cmp(const void *a, const void *b)
{
	const struct slot *x = *(struct slot *const *)a, *y = *(struct slot *const *)b;

	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static void write_json_string(FILE *f, const char *s)
{
	fputc('"', f);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\')
			fputc('\\', f);
		if ((unsigned char)*s >= 0x20)
			fputc(*s, f);
	}
	fputc('"', f);
}

static void on_exit_cb(qemu_plugin_id_t id, void *udata)
{
	struct slot **by_addr;
	struct fn *fns;
	size_t nfn = 0, i, nsym;
	uint64_t total = 0, kern = 0, user = 0, other_k = 0, other_u = 0, unmapped_u = 0;
	FILE *f;

	(void)id;
	(void)udata;
	pthread_mutex_lock(&lock);
	by_addr = malloc((nslots + 1) * sizeof(*by_addr));
	nsym = ksyms.n + usyms.n;
	fns = calloc(nsym + 1, sizeof(*fns));
	if (!by_addr || !fns) {
		fprintf(stderr, "vp-insns: out of memory at exit\n");
		pthread_mutex_unlock(&lock);
		return;
	}
	for (i = 0; i < nslots; i++) {
		by_addr[i] = &chunks[i / CHUNK][i % CHUNK];
		by_addr[i]->base = delta(i);	/* reuse: the window's count */
	}
	qsort(by_addr, nslots, sizeof(*by_addr), slot_addr_cmp);

	if (raw_path) {
		f = fopen(raw_path, "w");
		if (f) {
			for (i = 0; i < nslots; i++) {
				uint64_t a = by_addr[i]->addr;
				const struct sym *s;

				if (!by_addr[i]->base)
					continue;
				s = lookup((a >> 63) ? &ksyms : &usyms, a);
				fprintf(f, "%016" PRIx64 " %" PRIu64 " %s\n", a, by_addr[i]->base,
					s ? s->name : "-");
			}
			fclose(f);
		} else {
			fprintf(stderr, "vp-insns: cannot write %s\n", raw_path);
		}
	}

	/* one fn per symbol, indexed like ksyms then usyms */
	for (i = 0; i < ksyms.n; i++)
		fns[i].name = ksyms.s[i].name;
	for (i = 0; i < usyms.n; i++)
		fns[ksyms.n + i].name = usyms.s[i].name;
	for (i = 0; i < nslots; i++) {
		uint64_t a = by_addr[i]->addr, c = by_addr[i]->base;
		int is_kernel = (a >> 63) & 1;
		const struct symtab *t = is_kernel ? &ksyms : &usyms;
		const struct sym *s;

		if (!c)
			continue;
		total += c;
		if (is_kernel)
			kern += c;
		else
			user += c;
		s = lookup(t, a);
		if (!s) {
			if (is_kernel)
				other_k += c;
			else if (usyms.n)
				other_u += c;
			else
				unmapped_u += c;
			continue;
		}
		{
			size_t k = (size_t)(s - t->s) + (is_kernel ? 0 : ksyms.n);

			fns[k].insns += c;
			if (a == s->addr)
				fns[k].calls += c;
		}
	}
	/* of symbols sharing an address (aliases), only the last by name was given any */
	qsort(fns, nsym, sizeof(*fns), fn_cmp);
	while (nfn < nsym && fns[nfn].insns)
		nfn++;

	f = fopen(out_path, "w");
	if (!f) {
		fprintf(stderr, "vp-insns: cannot write %s\n", out_path);
		pthread_mutex_unlock(&lock);
		return;
	}
	fprintf(f, "{\"marks\": %lu, \"window_complete\": %s, \"insns\": %" PRIu64
		", \"kernel_insns\": %" PRIu64 ", \"user_insns\": %" PRIu64
		", \"addresses\": %zu,\n \"functions\": [",
		marks, !have_mark || window_closed ? "true" : "false", total, kern, user, nslots);
	for (i = 0; i < nfn; i++) {
		fprintf(f, "%s\n  {\"f\": ", i ? "," : "");
		write_json_string(f, fns[i].name);
		fprintf(f, ", \"insns\": %" PRIu64 ", \"calls\": %" PRIu64 "}", fns[i].insns,
			fns[i].calls);
	}
	if (other_k)
		fprintf(f, "%s\n  {\"f\": \"[kernel?]\", \"insns\": %" PRIu64 ", \"calls\": 0}",
			nfn++ ? "," : "", other_k);
	if (other_u)
		fprintf(f, "%s\n  {\"f\": \"[user?]\", \"insns\": %" PRIu64 ", \"calls\": 0}",
			nfn++ ? "," : "", other_u);
	if (unmapped_u)
		fprintf(f, "%s\n  {\"f\": \"[user]\", \"insns\": %" PRIu64 ", \"calls\": 0}",
			nfn++ ? "," : "", unmapped_u);
	fprintf(f, "\n]}\n");
	fclose(f);
	pthread_mutex_unlock(&lock);
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info,
					   int argc, char **argv)
{
	int i;

	(void)info;
	for (i = 0; i < argc; i++) {
		char *eq = strchr(argv[i], '=');
		const char *v = eq ? eq + 1 : "";
		size_t k = eq ? (size_t)(eq - argv[i]) : strlen(argv[i]);

		if (k == 3 && !strncmp(argv[i], "out", k)) {
			out_path = strdup(v);
		} else if (k == 3 && !strncmp(argv[i], "raw", k)) {
			raw_path = strdup(v);
		} else if (k == 4 && !strncmp(argv[i], "kmap", k)) {
			if (load_map(&ksyms, v))
				return -1;
		} else if (k == 4 && !strncmp(argv[i], "umap", k)) {
			if (load_map(&usyms, v))
				return -1;
		} else if (k == 4 && !strncmp(argv[i], "mark", k)) {
			char *e;

			mark_addr = strtoull(v, &e, 16);
			if (!*v || *e) {
				fprintf(stderr, "vp-insns: mark=%s is not a hex address\n", v);
				return -1;
			}
			have_mark = 1;
		} else if (k == 5 && !strncmp(argv[i], "start", k)) {
			mark_start = strtoul(v, NULL, 10);
		} else if (k == 4 && !strncmp(argv[i], "stop", k)) {
			mark_stop = strtoul(v, NULL, 10);
		} else {
			fprintf(stderr, "vp-insns: unknown argument '%s' (out= raw= kmap= umap= mark= start= stop=)\n",
				argv[i]);
			return -1;
		}
	}
	if (!out_path) {
		fprintf(stderr, "vp-insns: out=FILE is required\n");
		return -1;
	}
	if (!mark_start || mark_stop <= mark_start) {
		fprintf(stderr, "vp-insns: need 0 < start < stop\n");
		return -1;
	}
	qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
	qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
	return 0;
}
