#!/bin/sh
# Times an edit in `zmission edit` in Chromium, from
# the arrow key's event to the map drawn again and laid out (the request,
# the server's work, the state applied), each key pressed on a page at
# rest, for the 6-tile Violet Lockdown (target 30 ms) and a 20x20-tile
# board of 60x60 cells (target 100 ms): a token moved by the arrow keys,
# then a tile turned by R. Each with its median and 95th percentile (p95:
# one slow edit in twenty is what an author feels; a mean hides it), of
# the edit and of the edit to its frame painted; beside it the request's
# part and edits with a key held down; then the page's memory over 1,000
# edits.
#
#   bench/editor.sh            50 edits each
#   N=200 bench/editor.sh
#
# Needs Chromium (CHROME=/path/to/chromium when it is not found).
set -eu
cd "$(dirname "$0")/.."
N=${N:-50}
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM
ZMISSION_BROWSER_TESTS=1 go test -run '^$' -bench 'Browser(Edit|Turn)(6|400)$' -benchtime "${N}x" ./editor/ >"$out" 2>&1 || { cat "$out"; exit 1; }
ZMISSION_BROWSER_TESTS=1 go test -run '^$' -bench 'BrowserMemory1000' -benchtime 1x ./editor/ >>"$out" 2>&1 || { cat "$out"; exit 1; }
awk '
BEGIN { target["BenchmarkBrowserEdit6"] = 30; target["BenchmarkBrowserEdit400"] = 100; target["BenchmarkBrowserTurn6"] = 30; target["BenchmarkBrowserTurn400"] = 100 }
/^BenchmarkBrowserMemory1000/ {
	for (i = 2; i <= NF; i++) { if ($i == "MB-after-100") a = $(i - 1); if ($i == "MB-after-1000") z = $(i - 1)
		if ($i == "nodes-after-100") na = $(i - 1); if ($i == "nodes-after-1000") nz = $(i - 1); if ($i == "listeners-added") l = $(i - 1) }
	printf "%-26s %8.2f MB after 1,000 edits, %.2f MB after 100; DOM nodes %d and %d, listeners added %d (flat: close together)\n", "page memory (JS heap)", z, a, nz, na, l
	next
}
/^Benchmark/ {
	name = $1; sub(/-[0-9]+$/, "", name)
	for (i = 2; i <= NF; i++) { if ($i == "ms/edit") e = $(i - 1); if ($i == "ms/request") q = $(i - 1); if ($i == "ms/frame") f = $(i - 1); if ($i == "ms/held-key-edit") h = $(i - 1)
		if ($i == "median-ms/edit") me = $(i - 1); if ($i == "p95-ms/edit") pe = $(i - 1); if ($i == "median-ms/frame") mf = $(i - 1); if ($i == "p95-ms/frame") pf = $(i - 1) }
	printf "%-26s %8.1f ms/edit  target %4d ms  ratio %.2f   (request %.1f, to the frame painted %.1f, key held %.1f ms)\n", name, e, target[name], e / target[name], q, f, h
	printf "%-26s median %.1f p95 %.1f ms; to the frame painted median %.1f p95 %.1f ms  (p95 to the frame against the target: %.2f)\n", "", me, pe, mf, pf, pf / target[name]
}
/^(ok|FAIL|---)/ { print }
' "$out"
