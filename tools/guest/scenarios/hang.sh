#!/bin/sh
# SPDX-License-Identifier: GPL-2.0
# hang: never finishes; the tests use it to check that a hung guest is one
# failed run and not a stuck pipeline.
echo "hanging on purpose"
sleep 100000
