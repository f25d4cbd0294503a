#!/bin/sh
# Times and weighs 'zmission site' against its targets: 1,000 typical
# missions from scratch in 60 s on 2 cores (60 ms a mission), a rebuild
# after one mission changed in 3 s, the site in 150 MB. The sites are
# built as they are published: with their address (--base-url), so with
# their sitemap, feed and link-preview pictures.
#
#   bench/site.sh            both parts below
#   bench/site.sh sizes      BenchmarkSite (app) on generated collections of
#                            every game at 10, 100 and 300 missions: from
#                            scratch, after one change, unchanged; each size
#                            against its target and against the smallest size
#                            (a loop over pages inside a loop over pages
#                            shows there as growth)
#   bench/site.sh whole      the built binary on N typical missions
#                            (bench/corpus), 1,000 unless N=... says
#   N=200 bench/site.sh whole
#
# The machine's load average is printed with the figures: on a shared
# machine, wall time stretches with it (CPU time much less).
set -eu
cd "$(dirname "$0")/.."
what=${1:-all}
N=${N:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) on $(nproc) cores"

if [ "$what" = all ] || [ "$what" = sizes ]; then
	go test -run '^$' -bench '^BenchmarkSite$' -benchtime "${BENCHTIME:-1x}" ./app/ >"$work/bench" 2>&1 || { cat "$work/bench"; exit 1; }
	awk '
	/^BenchmarkSite\// {
		split($1, p, "/"); kind = p[2]; n = p[3]; sub(/-[0-9]+$/, "", n)
		for (i = 2; i <= NF; i++) {
			if ($i == "ns/op") ns = $(i - 1)
			if ($i == "ms/mission") ms = $(i - 1)
			if ($i == "cpu-ms/mission") cpu = $(i - 1)
			if ($i == "MB/1000-missions") mb = $(i - 1)
		}
		# From scratch: 60 ms a mission; a rebuild: 3 s whatever the size.
		if (kind == "scratch") { t = 60 * n; what = ms / 60 } else { t = 3000; what = ns / 1e6 / 3000 }
		if (!(kind in first)) { first[kind] = ns; firstN[kind] = n }
		grow = (kind == "scratch") ? sprintf("%.2f× per mission", (ns / n) / (first[kind] / firstN[kind])) : sprintf("%.2f× per build", ns / first[kind])
		printf "site %-9s %4d missions %9.2f s  %7.1f ms/mission  %7.1f cpu-ms/mission  target %6.1f s  ratio %.2f  vs %d: %s\n", kind, n, ns / 1e9, ms, cpu, t / 1000, what, firstN[kind], grow
		if (kind == "scratch" && mb != "") printf "site size    %4d missions %7.1f MB for 1,000 of them  target 150 MB  ratio %.2f\n", n, mb, mb / 150
		mb = ""
	}' "$work/bench"
fi

if [ "$what" = all ] || [ "$what" = whole ]; then
	[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 3; }
	CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission
	go run ./bench/corpus -n "$N" -o "$work/missions"

	# timed NAME TARGET_S CMD...: runs CMD once, prints its wall and CPU
	# time and the ratio to the target.
	timed() {
		name=$1 target=$2
		shift 2
		/usr/bin/time -f "%e %U %S %M" -o "$work/t" "$@" >/dev/null 2>"$work/err" || { cat "$work/err"; exit 1; }
		awk -v n="$name" -v t="$target" '{ printf "%-34s %7.2f s wall  %7.2f s CPU  %6.0f MB  target %5.1f s  ratio %.2f\n", n, $1, $2 + $3, $4 / 1024, t, $1 / t }' "$work/t"
	}

	url=https://club.example.org/missions/
	timed "site, $N missions, from scratch" 60 "$work/zmission" site -q --base-url "$url" -o "$work/public" "$work/missions"
	timed "site, unchanged" 3 "$work/zmission" site -q --base-url "$url" -o "$work/public" "$work/missions"
	one=$(find "$work/missions" -name '*.yaml' | sort | head -n 1)
	sed -i 's/^title: \(.*\)$/title: \1 (changed)/' "$one"
	timed "site, one mission changed" 3 "$work/zmission" site -q --base-url "$url" -o "$work/public" "$work/missions"
	# The bytes published (du would count whole disk blocks).
	bytes=$(find "$work/public" -type f -printf '%s\n' | awk '{ s += $1 } END { print s }')
	echo "pages: $(find "$work/public" -name index.html | wc -l), files: $(find "$work/public" -type f | wc -l)"
	awk -v b="$bytes" -v n="$N" 'BEGIN { mb = b / 1e6; printf "%-34s %7.1f MB (%.1f MB for 1,000)  target 150 MB for 1,000  ratio %.2f\n", "site, size", mb, mb / n * 1000, mb / n * 1000 / 150 }'
	for kind in pdf svg png html yaml zip; do
		find "$work/public" -type f -name "*.$kind" -printf '%s\n' | awk -v k="$kind" '{ s += $1 } END { if (s) printf "  %-5s %7.1f MB\n", k, s / 1e6 }'
	done
fi
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg) at the end"
