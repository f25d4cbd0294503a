#!/bin/sh
# Peak memory of 'zmission validate' over a folder of many small missions.
# Memory must not grow with the number of files: the target is 100 MB for
# 20,000 missions. Prints the peak resident set size and its ratio to the
# target (below 1 is within target).
#
#   bench/validate-memory.sh            20,000 missions
#   bench/validate-memory.sh 5000       another count
#   FORMAT=json bench/validate-memory.sh
#   ZMISSION=/tmp/old/zmission bench/validate-memory.sh   another build, to compare
#
# Needs GNU time (/usr/bin/time, Debian package 'time').
set -u
cd "$(dirname "$0")/.." || exit 3
n=${1:-20000}
format=${FORMAT:-text}
target_kb=$((100 * 1024))
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install time)" >&2; exit 3; }

work=$(mktemp -d) || exit 3
trap 'rm -rf "$work"' EXIT INT TERM
bin=${ZMISSION:-}
if [ -z "$bin" ]; then
	bin="$work/zmission"
	CGO_ENABLED=0 go build -o "$bin" ./cmd/zmission || exit 3
fi

# Small missions of both games, each a copy of an example (two clean, one
# with two errors, so findings are printed too) under its own name, spread
# over folders of 500 as a real collection would be.
mkdir -p "$work/m"
i=0
while [ "$i" -lt "$n" ]; do
	d="$work/m/$((i / 500))"
	[ -d "$d" ] || mkdir "$d"
	for src in examples/invader/first-contact.yaml examples/classic/blue-line.yaml testdata/broken/key-behind-lock.yaml; do
		[ "$i" -lt "$n" ] || break
		cp "$src" "$d/m$i.yaml"
		i=$((i + 1))
	done
done

/usr/bin/time -f '%M %e' -o "$work/time" "$bin" validate --format "$format" "$work/m" >"$work/out" 2>"$work/err"
status=$?
# GNU time puts "Command exited with non-zero status 1" first when there
# are findings; the figures are on the last line.
set -- $(tail -n 1 "$work/time")
kb=$1 secs=$2
printf '%-34s %10s %10s %12s %10s %8s\n' "measure" "files" "time" "peak RSS" "target" "ratio"
awk -v n="$n" -v s="$secs" -v kb="$kb" -v t="$target_kb" -v f="$format" 'BEGIN { printf "%-34s %10d %9ss %9.1f MB %7d MB %8.3f\n", "validate --format " f, n, s, kb / 1024, t / 1024, kb / t }'
if [ "$status" -gt 1 ]; then
	echo "validate failed (exit $status):" >&2
	head -5 "$work/err" >&2
	exit "$status"
fi
