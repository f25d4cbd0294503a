#!/bin/sh
# Times a whole folder the way CI checks one: 'zmission validate' on 2,000
# missions (YAML, then the same missions as JSON) against ajv-cli checking
# only the JSON Schema of the same JSON files, and against the earlier
# release (BASE, a commit: built from a worktree of it, in turn with this
# checkout), and prints files/s, CPU per file, the ratios of CPU to ajv's
# and to the earlier release's, start-up (median and p95), and peak memory.
#
#   bench/folder.sh            2,000 files, 3 interleaved rounds
#   N=500 ROUNDS=1 bench/folder.sh
#   BASE=v1.2.0 bench/folder.sh    another earlier release; BASE= skips it
#
# The default BASE, 95be5a5, is the last commit before the wave that
# brought the recogniser of our files and the schema's plain words.
# ajv-cli comes from npm into a temporary folder (it needs node and npm).
# The machine's load is printed with the figures: read ratios of runs made
# in turn, not times, on a machine others share.
set -eu
cd "$(dirname "$0")/.."
N=${N:-2000}
ROUNDS=${ROUNDS:-3}
BASE=${BASE-95be5a5}
work=$(mktemp -d)
cleanup() {
	[ -d "$work/base-src" ] && git worktree remove --force "$work/base-src" >/dev/null 2>&1
	rm -rf "$work"
}
trap cleanup EXIT INT TERM

# Built as releases are: static, without C (a cgo build starts about 2 ms later).
CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission
if [ -n "$BASE" ]; then
	git worktree add --detach "$work/base-src" "$BASE" >/dev/null 2>&1 || { echo "cannot check out BASE=$BASE"; exit 3; }
	(cd "$work/base-src" && CGO_ENABLED=0 go build -o "$work/zmission-base" ./cmd/zmission)
fi
load0=$(cut -d' ' -f1-3 /proc/loadavg)
go run ./bench/corpus -n "$N" -o "$work/yaml"
go run ./bench/corpus -n "$N" -json -o "$work/json"
echo "installing ajv-cli into $work/ajv ..."
npm install --silent --no-audit --no-fund --prefix "$work/ajv" ajv-cli@5 ajv-formats >/dev/null 2>&1
ajv="$work/ajv/node_modules/.bin/ajv"

# run NAME CMD...: one timed run; appends "NAME wall user sys maxrss_kb" to $work/times.
run() {
	name=$1
	shift
	/usr/bin/time -f "$name %e %U %S %M" -a -o "$work/times" "$@" >/dev/null 2>&1 || {
		echo "$name failed:"
		"$@" 2>&1 | tail -5
		exit 1
	}
}

[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 3; }
: >"$work/times"
i=0
while [ "$i" -lt "$ROUNDS" ]; do
	run zmission-yaml "$work/zmission" validate "$work/yaml"
	[ -z "$BASE" ] || run base-yaml "$work/zmission-base" validate "$work/yaml"
	run zmission-json "$work/zmission" validate "$work/json"
	[ -z "$BASE" ] || run base-json "$work/zmission-base" validate "$work/json"
	run ajv-json "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats -s schema/mission.schema.json -d "$work/json/*.json"
	i=$((i + 1))
done

# Start-up: 'zmission version' and a one-file validate, 50 runs each,
# each timed alone: the median and the 95th percentile, in ms.
startup() {
	python3 - "$@" <<'PY'
import subprocess, sys, time
t = []
for _ in range(50):
    a = time.perf_counter_ns()
    subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t.append((time.perf_counter_ns() - a) / 1e6)
t.sort()
print("%.1f %.1f" % (t[len(t) // 2], t[-(-len(t) * 95 // 100) - 1]))
PY
}
one=$(ls "$work/yaml" | head -n 1)
v_ms=$(startup "$work/zmission" version)
f_ms=$(startup "$work/zmission" validate "$work/yaml/$one")
load1=$(cut -d' ' -f1-3 /proc/loadavg)

awk -v n="$N" -v v_ms="$v_ms" -v f_ms="$f_ms" -v cores="$(nproc)" -v base="$BASE" -v load0="$load0" -v load1="$load1" '
{ wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " ($3 + $4); rss[$1] = rss[$1] " " $5 }
function sorted(list, a,   k, i, j, t) {
	k = split(list, a, " ")
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return k
}
function median(list,   a, k) { k = sorted(list, a); return a[int((k + 1) / 2)] }
# p95: the nearest rank; of three rounds, the slowest.
function p95(list,   a, k, r) { k = sorted(list, a); r = int((k * 95 + 99) / 100); return a[r < 1 ? 1 : r] }
END {
	printf "%d files, %d cores, load average %s at the start, %s at the end; medians of the rounds (p95: the nearest rank)\n\n", n, cores, load0, load1
	printf "%-14s %9s %9s %10s %13s %11s %11s %13s\n", "run", "wall s", "p95 s", "files/s", "CPU ms/file", "peak MB", "CPU vs ajv", "CPU vs base"
	a = median(cpu["ajv-json"])
	split("zmission-yaml base-yaml zmission-json base-json ajv-json", names, " ")
	for (i = 1; i <= 5; i++) {
		r = names[i]
		if (!(r in wall)) continue
		w = median(wall[r]); c = median(cpu[r]); m = median(rss[r])
		b = ""
		if (r ~ /^zmission-/) { br = r; sub(/^zmission-/, "base-", br); if (br in cpu) b = sprintf("%12.2fx", c / median(cpu[br])) }
		printf "%-14s %9.2f %9.2f %10.0f %13.3f %11.1f %10.2fx %13s\n", r, w, p95(wall[r]), n / w, 1000 * c / n, m / 1024, c / a, b
	}
	if (base != "") printf "\nbase: %s, built from a worktree of that commit, run in turn with this checkout\n", base
	split(v_ms, v, " "); split(f_ms, f, " ")
	printf "start-up (50 runs each): zmission version median %.1f p95 %.1f ms, one-file validate median %.1f p95 %.1f ms\n", v[1], v[2], f[1], f[2]
}' "$work/times"
