#!/bin/sh
# Times a whole folder the way CI checks one: 'zmission validate' on 2,000
# missions (YAML, then the same missions as JSON) against ajv-cli checking
# only the JSON Schema of the same JSON files, and prints files/s, CPU per
# file, the ratio of CPU to ajv's, start-up, and peak memory.
#
#   bench/folder.sh            2,000 files, 3 interleaved rounds
#   N=500 ROUNDS=1 bench/folder.sh
#
# ajv-cli comes from npm into a temporary folder (it needs node and npm).
set -eu
cd "$(dirname "$0")/.."
N=${N:-2000}
ROUNDS=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM

# Built as releases are: static, without C (a cgo build starts about 2 ms later).
CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission
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
	run zmission-json "$work/zmission" validate "$work/json"
	run ajv-json "$ajv" validate --spec=draft2020 --strict=false -c ajv-formats -s schema/mission.schema.json -d "$work/json/*.json"
	i=$((i + 1))
done

# Start-up: 'zmission version' and a one-file validate, 50 runs each.
startup() {
	start=$(date +%s%N)
	j=0
	while [ "$j" -lt 50 ]; do "$@" >/dev/null 2>&1; j=$((j + 1)); done
	end=$(date +%s%N)
	echo "$(((end - start) / 50000))"
}
one=$(ls "$work/yaml" | head -n 1)
v_us=$(startup "$work/zmission" version)
f_us=$(startup "$work/zmission" validate "$work/yaml/$one")

awk -v n="$N" -v v_us="$v_us" -v f_us="$f_us" -v cores="$(nproc)" '
{ wall[$1] = wall[$1] " " $2; cpu[$1] = cpu[$1] " " ($3 + $4); rss[$1] = rss[$1] " " $5 }
function median(list,   a, k, i, j, t) {
	k = split(list, a, " ")
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
	return a[int((k + 1) / 2)]
}
END {
	printf "%d files, %d cores, medians of the rounds\n\n", n, cores
	printf "%-14s %9s %10s %13s %11s %12s\n", "run", "wall s", "files/s", "CPU ms/file", "peak MB", "CPU vs ajv"
	a = median(cpu["ajv-json"])
	for (r in wall) order[++k] = r
	split("zmission-yaml zmission-json ajv-json", names, " ")
	for (i = 1; i <= 3; i++) {
		r = names[i]
		w = median(wall[r]); c = median(cpu[r]); m = median(rss[r])
		printf "%-14s %9.2f %10.0f %13.3f %11.1f %11.2fx\n", r, w, n / w, 1000 * c / n, m / 1024, c / a
	}
	printf "\nstart-up: zmission version %.1f ms, one-file validate %.1f ms (mean of 50 runs)\n", v_us / 1000, f_us / 1000
}' "$work/times"
