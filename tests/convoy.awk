# SPDX-License-Identifier: GPL-2.0
#
# convoy.awk TRACE - in a fio-write run's trace of scheduler and workqueue
# events (TRACE=events), fio's wakeups by ext4's conversion work: prints
# "LOST RSV_WORKS WOKEN FIO_WAKEUPS", the events the buffer lost, the
# ext4_end_io_rsv_work() items run, fio's wakeups by a worker while it ran
# one, and all of fio's wakeups (tests/boot.sh's check of the completion
# point's batch; results/2026-12-06-writeback-batch/events.json).
/^# entries-in-buffer\/entries-written:/ { split($3, e, "/"); lost = e[2] - e[1] }
/workqueue_execute_start:/ { w[$1] = $NF; if ($NF == "ext4_end_io_rsv_work") r++ }
/workqueue_execute_end:/ { w[$1] = "" }
/sched_wakeup:.*comm=fio / { n++; if (w[$1] == "ext4_end_io_rsv_work") k++ }
END { printf "%d %d %d %d\n", lost, r, k, n }
