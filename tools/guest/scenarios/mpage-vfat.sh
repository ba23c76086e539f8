#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
#
# mpage-vfat: mpage-ext2 on vfat (fat_writepages(), fat_readahead()).
# Knobs: those of mpage-ext2 except FS.
FS=vfat exec /vp/scenarios/mpage-ext2.sh
