#!/bin/bash
# SPDX-License-Identifier: GPL-2.0
#
# snapshot.sh DEST BENCH_DIR - keep one bench run (or one 'make
# reliability' run: see below), a directory under build/results/, in DEST
# for committing under results/.  A bench run keeps only what a reader
# needs: bench.json and the report's summaries (summary, calibration,
# goals and questions JSON, report.md, the plots); its raw runs go into
# one archive under build/archives/, outside git, with its sha256 in
# DEST/raw.sha256 (see the end of this file).
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -eq 2 ] || die "usage: snapshot.sh DEST BENCH_DIR|RELIABILITY_DIR"
dest=$1 src=$2
mkdir -p "$dest" || die "cannot create $dest"
dest=$(cd "$dest" && pwd)

# A 'make reliability' run (build/reliability/<stamp>/): its summaries, and
# per run the same files as for a bench run; the power cuts' serial1.log
# (the acks) and manifest.txt (the disk after the cut), the judge's input,
# go in xz -9, their console logs are left out (run.json's status has
# their verdict), and so are the cyclictest histograms.
if [ -f "$src/summary.json" ] && jq -e 'has("cuts_per_profile")' "$src/summary.json" >/dev/null; then
	(cd "$src" && find . -maxdepth 3 \( -name 'summary.*' -o -name 'integrity.json' -o -name '*.json' \) \
		-not -path '*/results/*' -print0 | xargs -0 cp --parents -t "$dest")
	find "$src" -name run.json | sort | while read -r r; do
		r=$(dirname "$r")
		d=$dest/${r#"$src/"}
		mkdir -p "$d/results"
		cp "$r/run.json" "$d/"
		[ -f "$r/powercut" ] && cp "$r/powercut" "$d/"
		for f in "$r"/results/*.json "$r"/results/fsck.txt "$r"/results/mount-dmesg.txt; do
			# latency is not what these runs measure: no histograms
			case $f in */cyclictest*.json) continue ;; esac
			[ -f "$f" ] && cp "$f" "$d/results/"
		done
		[ -f "$r/results/manifest.txt" ] && xz -9c "$r/results/manifest.txt" >"$d/results/manifest.txt.xz"
		[ -s "$r/serial1.log" ] && xz -9c "$r/serial1.log" >"$d/serial1.log.xz"
		# a cut's boots: their status says what the console said; keep it small
		case $r in */powercut/*) rm -f "$d/results/meta.json"; continue ;; esac
		xz -9c "$r/console.log" >"$d/console.log.xz"
	done
	find "$src" -name cut.json -o -name verdict.json | while read -r f; do
		mkdir -p "$dest/$(dirname "${f#"$src/"}")" && cp "$f" "$dest/${f#"$src/"}"
	done
	du -sh "$dest" >&2
	exit 0
fi

[ -f "$src/bench.json" ] || die "$src is not a bench run (no bench.json) nor a reliability run"
# A bench run: what a reader needs goes to DEST (bench.json and the
# report's summaries and plots, rebuilt from the run); the raw runs
# (console logs, guest output) become one archive outside git,
# $BUILD/archives/<stamp>.tar.xz, whose sha256 DEST/raw.sha256 records.
stamp=$(jq -r .stamp "$src/bench.json")
mkdir -p "$BUILD/archives"
archive=$BUILD/archives/$stamp.tar.xz
say "archiving the raw runs into $archive"
tar -C "$(dirname "$src")" --exclude='*/scratch.img' --exclude='*/results.img' \
	-cJf "$archive.part" "$(basename "$src")" || die "could not write $archive (disk full?)"
mv "$archive.part" "$archive"
cp "$src/bench.json" "$dest/"
REPORT_DIR=$dest/report.full PROG=report.sh "$TOP/scripts/report.sh" "$src"
rm -rf "$dest/report"
mkdir -p "$dest/report"
for f in summary.json calibration.json goals.json questions.json report.md; do
	cp "$dest/report.full/$f" "$dest/report/"
done
cp "$dest/report.full"/*.png "$dest/report/" 2>/dev/null || true
rm -rf "$dest/report.full"
(cd "$BUILD/archives" && sha256sum "$(basename "$archive")") >"$dest/raw.sha256"
du -sh "$dest" >&2
