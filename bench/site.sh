#!/bin/sh
# Times 'zmission site' on a collection of typical missions: a build from
# scratch, then a rebuild after one mission changed, against the targets
# (1,000 missions from scratch <= 60 s on 2 cores; one change <= 3 s).
#
#   bench/site.sh            1,000 missions
#   N=200 bench/site.sh
set -eu
cd "$(dirname "$0")/.."
N=${N:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 3; }

CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission
go run ./bench/corpus -n "$N" -o "$work/missions"

# timed NAME TARGET_S CMD...: runs CMD once, prints its wall and CPU time
# and the ratio to the target.
timed() {
	name=$1 target=$2
	shift 2
	/usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; exit 1; }
	awk -v n="$name" -v t="$target" '{ printf "%-34s %7.2f s wall  %7.2f s CPU  %6.0f MB  target %5.1f s  ratio %.2f\n", n, $1, $2 + $3, $4 / 1024, t, $1 / t }' "$work/t"
}

timed "site, $N missions, from scratch" 60 "$work/zmission" site -q -o "$work/public" "$work/missions"
timed "site, unchanged" 3 "$work/zmission" site -q -o "$work/public" "$work/missions"
one=$(find "$work/missions" -name '*.yaml' | sort | head -n 1)
sed -i 's/^title: \(.*\)$/title: \1 (changed)/' "$one"
timed "site, one mission changed" 3 "$work/zmission" site -q -o "$work/public" "$work/missions"
echo "pages: $(find "$work/public" -name index.html | wc -l), files: $(find "$work/public" -type f | wc -l), size: $(du -sh "$work/public" | cut -f1)"
