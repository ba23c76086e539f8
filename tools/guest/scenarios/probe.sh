#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# probe: boot to init and back; used to check that an accelerator works.
uname -a
cat /proc/cmdline
