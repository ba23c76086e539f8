#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# shell: an interactive root shell on the console ('make boot'); exit to
# power off.
echo "vp: root shell; the scratch disk is /dev/vdb; 'exit' powers off" >/dev/console
exec setsid -c /bin/bash -i </dev/console >/dev/console 2>&1
