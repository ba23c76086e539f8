#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# pgbench: PostgreSQL (Debian's) on ext4 on the scratch disk, initialised
# at SCALE (pgbench -i), then pgbench with CLIENTS clients (more than the
# vCPUs) for DURATION seconds each: select-only (-S), then simple-update
# (-N), the workload of the published arm64 regression under the lazy
# default.  cyclictest on CPU (lib.sh) runs beside both.  The server runs
# with synchronous_commit=off, so that the load is the backends' CPU work
# and their locks, not the disk's flush latency (which icount does not
# model).  pgbench-*.txt has pgbench's output; load.json has the
# simple-update transactions per second (tps, higher is better), the
# select-only tps (select_tps) and the simple-update latency average and
# 99th percentile in ms (from pgbench's per-transaction log).
#
# Knobs (vp.env): SCALE=2 CLIENTS=8 DURATION=10, and those of lib.sh
set -e
. /vp/lib.sh
knobs SCALE=2 CLIENTS=8 DURATION=10
bin=$(ls -d /usr/lib/postgresql/*/bin | tail -1)
[ -x "$bin/pg_ctl" ] || { echo "no PostgreSQL in the guest image"; exit 1; }
pg() { runuser -u postgres -- "$@"; }

fs_mount ext4
# the data directory on the scratch disk, the socket in /tmp (tmpfs)
sock=/tmp/pg
mkdir -p /mnt/pg $sock
chown postgres /mnt/pg $sock
# The cluster Debian's package created in the image, copied: initdb would
# take a minute of guest time under icount.  Its configuration is in /etc;
# the server gets its settings on the command line.
main=$(ls -d /var/lib/postgresql/*/main 2>/dev/null | tail -1)
if [ -n "$main" ]; then
	cp -a "$main" /mnt/pg/data
	echo 'local all all trust' >/mnt/pg/data/pg_hba.conf
	: >/mnt/pg/data/pg_ident.conf
	: >/mnt/pg/data/postgresql.conf
	chown postgres /mnt/pg/data/*.conf
else
	pg "$bin/initdb" -D /mnt/pg/data -A trust -E UTF8 --locale=C >$OUT/initdb.txt 2>&1
fi
pg "$bin/pg_ctl" -D /mnt/pg/data -l /mnt/pg/postgres.log -w -t 300 start \
	-o "-c listen_addresses='' -k $sock -c shared_buffers=64MB \
	    -c max_connections=$((CLIENTS + 10)) -c synchronous_commit=off" >/dev/null ||
	{ cat /mnt/pg/postgres.log; exit 1; }
pgb() { pg "$bin/pgbench" -h $sock -U postgres "$@"; }
pgb -i -q -s "$SCALE" postgres >$OUT/pgbench-init.txt 2>&1
pg "$bin/psql" -h $sock -U postgres -qc checkpoint postgres

lat_start
t0=$(now_us)
pgb -c "$CLIENTS" -T "$DURATION" -S postgres >$OUT/pgbench-select.txt 2>&1
(cd /mnt/pg && pgb -c "$CLIENTS" -T "$DURATION" -N -l --log-prefix=/mnt/pg/tx postgres) \
	>$OUT/pgbench-update.txt 2>&1
t1=$(now_us)
lat_stop
pg "$bin/pg_ctl" -D /mnt/pg/data -w -m fast stop >/dev/null
mv /mnt/pg/postgres.log $OUT/
cat $OUT/pgbench-select.txt $OUT/pgbench-update.txt | grep -E '^(tps|latency|number of transactions actually)'
tps() { sed -n 's/^tps = \([0-9.]*\) .*/\1/p' "$1" | head -1; }
sel=$(tps $OUT/pgbench-select.txt) upd=$(tps $OUT/pgbench-update.txt)
[ -n "$sel" ] && [ -n "$upd" ] || { echo "no 'tps =' line in pgbench's output"; exit 1; }
# per-transaction log: client tx latency_us script epoch_s epoch_us
cat /mnt/pg/tx.* | awk '{ print $3 }' | sort -n >$OUT/tx-latency.txt
rm -f /mnt/pg/tx.*
pct() { awk -v p="$1" '{ v[NR] = $1 } END { i = int(NR * p / 100); if (i < 1) i = 1; printf "%.3f", NR ? v[i] / 1000 : 0 }' $OUT/tx-latency.txt; }
avg=$(awk '{ s += $1 } END { printf "%.3f", NR ? s / NR / 1000 : 0 }' $OUT/tx-latency.txt)
load_json pgbench usecs=$((t1 - t0)) tps="$upd" select_tps="$sel" \
	transactions="$(wc -l <$OUT/tx-latency.txt)" lat_avg_ms="$avg" lat_p99_ms="$(pct 99)"
rm -f $OUT/tx-latency.txt
fs_finish
