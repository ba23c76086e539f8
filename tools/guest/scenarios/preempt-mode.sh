#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# preempt-mode: report the preemption mode in force (PREEMPT_DYNAMIC
# kernels: /sys/kernel/debug/sched/preempt; boot with preempt=MODE), then
# switch through every mode the file offers and read each back.  Writes
# $OUT/preempt.json.
set -e
F=/sys/kernel/debug/sched/preempt
[ -r $F ] || { echo "no $F: not a PREEMPT_DYNAMIC kernel"; exit 1; }
boot=$(cat $F)
switched=""
for m in $(sed 's/[()]//g' $F); do
	echo "$m" >$F
	switched="$switched\"$m\": \"$(cat $F)\", "
done
cat >$OUT/preempt.json <<EOT
{"boot": "$boot", "cmdline": "$(cat /proc/cmdline)",
 "dmesg": "$(dmesg | grep -o 'Dynamic Preempt: .*' | tr '\n' ';')",
 "switched": {${switched%, }}}
EOT
cat $OUT/preempt.json
