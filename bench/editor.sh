#!/bin/sh
# Times an edit in `zmission edit` as an author feels it: in Chromium, from
# the arrow key's event to the map drawn again and laid out (the request,
# the server's work, the state applied), for the 6-tile Violet Lockdown
# (target 30 ms) and a 20x20-tile board of 60x60 cells (target 100 ms).
# ms/request is the request's part of it.
#
#   bench/editor.sh            50 edits each
#   N=200 bench/editor.sh
#
# Needs Chromium (CHROME=/path/to/chromium when it is not found).
set -eu
cd "$(dirname "$0")/.."
N=${N:-50}
ZMISSION_BROWSER_TESTS=1 go test -run '^$' -bench 'BrowserEdit' -benchtime "${N}x" ./editor/ |
awk '
BEGIN { target["BenchmarkBrowserEdit6"] = 30; target["BenchmarkBrowserEdit400"] = 100 }
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 2; i <= NF; i++) { if ($i == "ms/edit") e = $(i - 1); if ($i == "ms/request") q = $(i - 1) }
	printf "%-26s %8.1f ms/edit  (request %6.1f ms)  target %4d ms  ratio %.2f\n", name, e, q, target[name], e / target[name]
}
/^(ok|FAIL|---)/ { print }
'
