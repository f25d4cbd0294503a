#!/bin/sh
# Runs every benchmark in the repository and prints each result next to its
# target, with the ratio measured / target (below 1 is within target).
# With several runs of a benchmark (-count), its time is the median of
# the runs with their 95th percentile beside it (the nearest rank: of
# five runs, the slowest), and the ratio is the median's.
#
#   bench/run.sh                 all benchmarks, as 'go test' runs them
#   bench/run.sh -cpu 1          on one core
#   bench/run.sh -count 5        several runs of each
#
# Extra arguments go to 'go test'. The exit status is go test's.
set -u
cd "$(dirname "$0")/.." || exit 3
raw=$(mktemp) || exit 3
trap 'rm -f "$raw"' EXIT INT TERM

go test -run '^$' -bench . -benchmem "$@" ./... >"$raw" 2>&1
status=$?

awk '
BEGIN {
	# Targets per operation, in nanoseconds; "none" means measured only.
	target["BenchmarkBuild6"] = 1e6
	target["BenchmarkBuild400"] = 100e6
	target["BenchmarkGraphs6"] = 1e6
	target["BenchmarkGraphs400"] = 100e6
	target["BenchmarkRender6"] = 50e6
	target["BenchmarkRender400"] = 1e9
	target["BenchmarkRender6PDF"] = 200e6
	target["BenchmarkRender6PNG"] = 1e9
	target["BenchmarkRender400PDF"] = 5e9
	target["BenchmarkRender400PNG"] = 5e9
	# One drawn page printed as the site prints each mission (two one-page
	# PDFs and a PNG at 100 dpi): 120 ms of CPU per mission in all, so that
	# 1,000 missions take a minute on 2 cores.
	target["BenchmarkPrintPagePDF"] = 35e6
	target["BenchmarkPrintPagePNG100"] = 50e6
	# zmission site on generated collections of every game (app): from
	# scratch 60 ms a mission (1,000 in a minute on 2 cores), a rebuild
	# after one change or none in 3 s at any size (bench/site.sh sizes).
	target["BenchmarkSite/scratch/10"] = 0.6e9
	target["BenchmarkSite/scratch/100"] = 6e9
	target["BenchmarkSite/scratch/300"] = 18e9
	target["BenchmarkSite/change/10"] = 3e9
	target["BenchmarkSite/change/100"] = 3e9
	target["BenchmarkSite/change/300"] = 3e9
	target["BenchmarkSite/unchanged/10"] = 3e9
	target["BenchmarkSite/unchanged/100"] = 3e9
	target["BenchmarkSite/unchanged/300"] = 3e9
	target["BenchmarkSurvivalLint"] = 100e6
	target["BenchmarkSurvivalAnalyze"] = 2e9
	target["BenchmarkEdit"] = 100e6
	target["BenchmarkEdit400"] = "none"
	target["BenchmarkApply"] = "none"
	# The whole lint of one file, per game and board size (lint/bench_test.go):
	# a typical mission in 0.3 ms, a 20x20-tile board in 60 ms, the largest
	# board the limits allow (1,024 tiles, 4,096 tokens, 1,000 Spawn Zones) in 1 s.
	target["BenchmarkLint/invader/6"] = 0.3e6
	target["BenchmarkLint/classic/6"] = 0.3e6
	target["BenchmarkLint/invader/400"] = 60e6
	target["BenchmarkLint/classic/400"] = 60e6
	target["BenchmarkLint"] = "none"
	# One whole game of the playtest (rules/invader): 1,000 games a second
	# a core with the careful group on the examples, 1,000 games of a
	# 20x20-tile board in 10 s; the strong group is measured only.
	target["BenchmarkPlay/first-contact/careful"] = 1e6
	target["BenchmarkPlay/violet-lockdown/careful"] = 1e6
	target["BenchmarkPlay/first-contact/strong"] = "none"
	target["BenchmarkPlay/violet-lockdown/strong"] = "none"
	target["BenchmarkPlay400"] = 10e6
	target["BenchmarkLintWorst"] = 1e9
	# Every board command on the worst files the limits allow (app): 4,094
	# Spawn Zones side by side, the same with the mold-distance threshold at
	# its bound, a 16x16 face of 256 zones placed 1,024 times, the largest
	# board that validates (720 faces of 16x16 zones), and 1,024 station
	# tiles with 4,096 tokens. Each command within 1 s (bench/worst.sh
	# times the built program on the same files).
	target["BenchmarkWorst"] = 1e9
	target["BenchmarkParseYAML"] = "none"
	target["BenchmarkParseJSON"] = "none"
	# A whole colony scenario through lint (schema, collections, checks).
	target["BenchmarkColonySmall"] = 10e6
	target["BenchmarkColonyMedium"] = 50e6
	target["BenchmarkColonyLarge"] = 500e6
	target["BenchmarkLintFacility12"] = 1e6
	target["BenchmarkLintFacility30"] = 1e6
	target["BenchmarkLintFacility60"] = 1e6
	target["BenchmarkLintFacility60JSON"] = 1e6
	target["BenchmarkLintFacility240"] = "none"
	# A folder of 400 typical missions in process (app): 0.3 ms of CPU per
	# file on the 2 cores a CI runner has is 60 ms of wall time per folder.
	target["BenchmarkValidateFolder"] = 60e6
	# zmission lsp: from a change arriving to its diagnostics published, the
	# default debounce included: the 6-tile example in 20 ms, a 20x20-tile
	# board in 100 ms; 10,000 edits report the live heap (flat: the same MB).
	target["BenchmarkLSPDiagnostics6"] = 20e6
	target["BenchmarkLSPDiagnostics400"] = 100e6
	target["BenchmarkLSPEdits10000"] = "none"
	# zmission edit in Chromium (with ZMISSION_BROWSER_TESTS=1; bench/editor.sh):
	# from the arrow key to the map drawn again, its ms/edit metric.
	target["BenchmarkBrowserEdit6"] = 30e6
	target["BenchmarkBrowserEdit400"] = 100e6
	target["BenchmarkModelFacility60"] = "none"
	target["BenchmarkAnalyzeFacility60"] = "none"
	printf "%-34s %-28s %12s %12s %12s %10s %10s %8s\n", "benchmark", "package", "time/op", "p95", "B/op", "allocs/op", "target", "ratio"
}
function human(ns) {
	if (ns >= 1e9) return sprintf("%.2fs", ns / 1e9)
	if (ns >= 1e6) return sprintf("%.2fms", ns / 1e6)
	if (ns >= 1e3) return sprintf("%.1fµs", ns / 1e3)
	return sprintf("%.0fns", ns)
}
/^pkg: / { pkg = $2; sub(/^github.com\/zmission\/zmission\/?/, "", pkg); if (pkg == "") pkg = "." }
/^Benchmark/ {
	name = $1
	sub(/-[0-9]+$/, "", name)          # the GOMAXPROCS suffix
	base = name
	sub(/\/.*/, "", base)              # sub-benchmarks share their parent target
	ns = ""; bytes = "-"; allocs = "-"
	for (i = 2; i <= NF; i++) {
		if ($i == "ns/op") ns = $(i - 1)
		if ($i == "B/op") bytes = $(i - 1)
		if ($i == "allocs/op") allocs = $(i - 1)
		if ($i == "ms/edit") edit = $(i - 1)
	}
	if (edit != "") { ns = edit * 1e6; edit = "" } # the page time, not the DevTools round trips
	if (ns == "") next
	id = name SUBSEP pkg
	if (!(id in runs)) { order[++nb] = id; names[id] = name; pkgs[id] = pkg; bases[id] = base }
	runs[id] = runs[id] " " ns; mem[id] = bytes; allocs_[id] = allocs
}
function sorted(list, a,   k, i, j, t) {
	k = split(list, a, " ")
	for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] + 0 < a[i] + 0) { t = a[i]; a[i] = a[j]; a[j] = t }
	return k
}
END {
	for (o = 1; o <= nb; o++) {
		id = order[o]; name = names[id]
		k = sorted(runs[id], a)
		med = a[int((k + 1) / 2)]
		r = int((k * 95 + 99) / 100); p = a[r < 1 ? 1 : r]
		t = "-"; ratio = "-"
		key = (name in target) ? name : bases[id]   # a sub-benchmark may have its own target
		if (key in target) {
			t = target[key]
			if (t != "none") { ratio = sprintf("%.3f", med / t); t = human(t) }
		}
		printf "%-34s %-28s %12s %12s %12s %10s %10s %8s\n", name, pkgs[id], human(med), human(p), mem[id], allocs_[id], t, ratio
	}
}
' "$raw"

if [ "$status" -ne 0 ]; then
	echo "go test failed (exit $status):" >&2
	grep -v -e '^Benchmark' -e '^goos:' -e '^goarch:' -e '^pkg:' -e '^cpu:' -e '^PASS' -e '^ok ' "$raw" >&2
fi
exit "$status"
