#!/bin/sh
# The web edition against its budgets: the module's size (gzip), the first
# map after navigation, an edit from the input event to the redrawn map
# (a token moved, a tile turned by R; each with its median and p95),
# the tab's memory over 1,000 edits, and a mission generated in the page
# (p95 on 3×3 tiles), in headless Chromium
# (CHROME=path picks the browser); beside the budgets, the first map on a
# visit after the first (the service worker's cache, Chromium's code cache).
#
#   bench/web.sh
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
export ZMISSION_BROWSER_TESTS=1

go run ./cmd/zmission-web build -o "$work/site" >/dev/null
gz=$(wc -c <"$work/site/zmission.wasm.gz")
raw=$(gzip -dc "$work/site/zmission.wasm.gz" | wc -c)
fonts=$(cat "$work"/site/fonts/*.ttf | gzip -9 | wc -c)
awk -v r="$raw" -v g="$gz" -v f="$fonts" 'BEGIN {
	printf "%-34s %7.2f MB gzip (%.2f MB raw)  target 6.0 MB  ratio %.2f\n", "module size", g / 1e6, r / 1e6, g / 6e6
	printf "%-34s %7.2f MB gzip, fetched when printing\n", "  beside it: the PDF and PNG fonts", f / 1e6
}'

# ratio NAME METRIC TARGET: the benchmark's figure against the target.
go test ./web -run '^$' -bench 'BenchmarkWeb(FirstMap|Edit6|Edit400|Turn6|Turn400)$' -benchtime 5x -count 1 >"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
go test ./web -run '^$' -bench 'BenchmarkWebRepeatMap$' -benchtime 3x -count 1 >>"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
go test ./web -run '^$' -bench 'BenchmarkWebMemory1000$' -benchtime 1x -count 1 >>"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
go test ./web -run '^$' -bench 'BenchmarkWebFirstVisitBytes$' -benchtime 1x -count 1 >>"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
go test ./web -run '^$' -bench 'BenchmarkWebGenerate$' -benchtime 1x -count 1 >>"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
awk '
/^BenchmarkWebFirstMap/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "ms/first-map") printf "%-34s %7.0f ms     target 2000 ms  ratio %.2f\n", "first map, 6-tile example", $i, $i / 2000
	if ($(i+1) == "ms/compiled") c = $i; if ($(i+1) == "ms/go-ready") r = $i; if ($(i+1) == "ms/opened") o = $i }
	printf "%-34s module compiled %.0f ms, Go ready %.0f ms, opened %.0f ms\n", "  its marks", c, r, o }
/^BenchmarkWebRepeatMap/ { for (i = 1; i <= NF; i++) if ($(i+1) == "ms/first-map") printf "%-34s %7.0f ms     (no budget: the cold load is the budget)\n", "first map, a later visit", $i }
/^BenchmarkWeb(Edit|Turn)(6|400)/ { name = $1; sub(/-[0-9]+$/, "", name); sub(/^BenchmarkWeb/, "", name)
	for (i = 1; i <= NF; i++) { if ($(i+1) == "ms/edit") e = $i; if ($(i+1) == "ms/first-5-edits") f = $i; if ($(i+1) == "ms/held-key-edit") h = $i
		if ($(i+1) == "median-ms/edit") md = $i; if ($(i+1) == "p95-ms/edit") p = $i; if ($(i+1) == "MB") mb = $i }
	big = name ~ /400$/; t = big ? 150 : 60
	what = (name ~ /^Turn/ ? "a tile turned, " : "edit, ") (big ? "20x20-tile board" : "6-tile example")
	printf "%-34s %7.1f ms     target %4d ms  ratio %.2f (median %.1f, p95 %.1f ms: ratio %.2f)\n", what, e, t, e / t, md, p, p / t
	if (!big) printf "%-34s first 5 %.1f ms, key held %.1f ms\n", "  beside it", f, h
	if (name == "Edit400") printf "%-34s %7.0f MB     target  300 MB  ratio %.2f\n", "memory, 20x20-tile board", mb, mb / 300 }
/^BenchmarkWebFirstVisitBytes/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "MB-plain") p = $i; if ($(i+1) == "MB-gzip") g = $i }
	printf "%-34s %7.2f MB     target 6.0 MB  ratio %.2f (%.2f MB from a host that compresses)\n", "first visit, host not compressing", p, p / 6, g }
/^BenchmarkWebMemory1000/ { for (i = 1; i <= NF; i++) { if ($(i+1) == "MB-after-100") a = $i; if ($(i+1) == "MB-after-1000") z = $i }
	printf "%-34s %7.0f MB     after 100: %.0f MB (flat: close together)\n", "memory, 1,000 edits of 6-tile", z, a }
/^BenchmarkWebGenerate\// { name = $1; sub(/^BenchmarkWebGenerate\//, "", name); sub(/-[0-9]+$/, "", name)
	for (i = 1; i <= NF; i++) { if ($(i+1) == "p95-ms") p = $i; if ($(i+1) == "median-ms") m = $i; if ($(i+1) == "first-ms") f = $i }
	printf "%-34s %7.1f ms     target  150 ms  ratio %.2f (3x the in-process 50 ms; median %.1f ms, first call %.0f ms)\n", "generate in the page, " name, p, p / 150, m, f }
' "$work/out"
