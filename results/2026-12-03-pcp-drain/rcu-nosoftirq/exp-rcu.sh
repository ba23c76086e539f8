#!/bin/bash
# experiment: data=journal 48 MB truncate on Server, default vs rcutree.use_softirq=0
cd /work/run
out=/work/exp-rcu
K=/work/bench/build/kernels/server/bzImage
for rep in 1 2 3; do
  for v in base nosoftirq; do
    a=""; [ $v = nosoftirq ] && a="rcutree.use_softirq=0"
    echo "== $v $rep $(date +%T)"
    KERNEL=$K APPEND="$a" CLOCK=icount TIMEOUT=900 VP_ENV=$(bash -c '. scripts/lib.sh; bench_env smoke ext3-truncate'),MOUNT_OPTS=data=journal \
      PROG=run.sh scripts/run.sh server ext3-truncate $out/$v/$rep
    jq -c '{status,wall_secs}' $out/$v/$rep/run.json
  done
done
