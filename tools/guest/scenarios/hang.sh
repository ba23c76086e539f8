#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hang: never finishes; the tests use it to check that a hung guest is one
# failed run and not a stuck pipeline.
# Not a long sleep: under icount an idle guest's clock jumps to its next
# timer, so a sleep of a day ends in seconds of host time once little else
# wakes the guest.
echo "hanging on purpose"
exec sleep infinity
