#!/bin/sh
# The budgets of zmission generate at the full count: every mission of
# each game, size, difficulty and player count (SEEDS seeds, default
# 1000) passes every check, 99% of the seeds give distinct boards, no
# mission of a game played on tiles, at any size, difficulty and length,
# falls below the quality floor (generate.Floor), the variety a user
# would notice over VARIETY seeds a game (default 300: token mixes,
# mission types, route lengths, tiles used, Spawn Zone distances; the
# target, 30 distinct token mixes a game), and the
# CPU time one mission takes on one core, its 95th percentile and worst,
# per game and size (budgets: 50 ms for 3×3 tiles, 200 ms for the largest
# board the core box allows), and with the difficulty reached by
# playtest (budget: 2 s a mission).
#
#   bench/generate.sh
#   SEEDS=100 VARIETY=100 bench/generate.sh
#   (SIZESEEDS, LENGTHSEEDS, LENGTHPLAYSEEDS: the seeds of the by-size
#   benchmark and of the length bands)
set -eu
cd "$(dirname "$0")/.."
SEEDS=${SEEDS:-1000}
VARIETY=${VARIETY:-300}
echo "correctness and variety, $SEEDS seeds a case:"
status=0
ZMISSION_GENERATE_SEEDS=$SEEDS go test -count=1 -timeout 0 -v \
	-run '^(TestGeneratedMissionsPass|TestSeedsGiveDistinctBoards|TestQualityFloor)$' ./generate >"${TMPDIR:-/tmp}/zmission-generate.$$" 2>&1 || status=1
# Each case: how many missions were written and how many requests refused
# (a board too small for the difficulty, named); then the verdict.
awk '/^=== RUN   Test(GeneratedMissionsPass|QualityFloor)\// { c = $3; sub(/^Test[A-Za-z]+\//, "", c) }
	/written, .* refused/ { printf "  %-44s %s %s %s %s", c, $2, $3, $4, $5; if ($0 ~ /below the floor/) { sub(/.*below the floor: /, ""); printf "  below the floor: %s", $0 } printf "\n" }
	/^(--- FAIL|FAIL|ok|PASS)/ || /_test.go:[0-9]+: (seed|[0-9]+ of)/' "${TMPDIR:-/tmp}/zmission-generate.$$"
rm -f "${TMPDIR:-/tmp}/zmission-generate.$$"
echo
echo "expressive range, $VARIETY seeds a game (the default request):"
ZMISSION_VARIETY_SEEDS=$VARIETY go test -count=1 -timeout 0 -v -run '^TestExpressiveRange$' ./generate |
	awk '/variety_test.go:[0-9]+: / { sub(/^.*variety_test.go:[0-9]+: /, "  "); gsub(/; /, "\n    "); print }
		/^(--- FAIL|FAIL)/ || /variety_test.go:[0-9]+: .*want/ { print; bad = 1 }
		END { exit bad }' || status=1
echo
echo "CPU time a mission, $SEEDS seeds × 3 difficulties a size (median, p95 and worst, ms):"
ZMISSION_GENERATE_SEEDS=$SEEDS go test -count=1 -timeout 0 -run '^$' \
	-bench '^BenchmarkGenerateP95$' -benchtime 1x ./generate |
	awk '/^BenchmarkGenerateP95\// {
		name = $1; sub(/^BenchmarkGenerateP95\//, "", name); sub(/-[0-9]+$/, "", name)
		for (i = 2; i < NF; i++) { if ($(i+1) == "p95-cpu-ms") p95 = $i; if ($(i+1) == "max-cpu-ms") mx = $i; if ($(i+1) == "median-cpu-ms") md = $i }
		budget = (name ~ /3x3$/) ? 50 : 200
		printf "  %-26s median %6.1f  p95 %6.1f  worst %6.1f  budget %3d  ratio %.2f\n", name, md, p95, mx, budget, p95 / budget
	}'
echo
echo "CPU time a mission with the difficulty reached by playtest (the default), $SEEDS missions a game (median, p95 and worst, ms):"
ZMISSION_GENERATE_SEEDS=$SEEDS go test -count=1 -timeout 0 -run '^$' \
	-bench '^BenchmarkGeneratePlaytestP95$' -benchtime 1x ./generate |
	awk '/^BenchmarkGeneratePlaytestP95\// {
		name = $1; sub(/^BenchmarkGeneratePlaytestP95\//, "", name); sub(/-[0-9]+$/, "", name)
		for (i = 2; i < NF; i++) { if ($(i+1) == "p95-cpu-ms") p95 = $i; if ($(i+1) == "max-cpu-ms") mx = $i; if ($(i+1) == "median-cpu-ms") md = $i }
		printf "  %-26s median %6.1f  p95 %6.1f  worst %6.1f  budget 2000  ratio %.2f\n", name, md, p95, mx, p95 / 2000
	}'
echo
echo "CPU time a mission by playtest by board size, ${SIZESEEDS:-20} seeds × 3 difficulties a size (median, p95 and worst, ms; median a tile):"
ZMISSION_GENERATE_SEEDS=${SIZESEEDS:-20} go test -count=1 -timeout 0 -run '^$' \
	-bench '^BenchmarkGeneratePlaytestSizes$' -benchtime 1x ./generate |
	awk '/^BenchmarkGeneratePlaytestSizes\// {
		name = $1; sub(/^BenchmarkGeneratePlaytestSizes\//, "", name); sub(/-[0-9]+$/, "", name)
		for (i = 2; i < NF; i++) { if ($(i+1) == "p95-cpu-ms") p95 = $i; if ($(i+1) == "max-cpu-ms") mx = $i; if ($(i+1) == "median-cpu-ms") md = $i; if ($(i+1) == "median-cpu-ms/tile") pt = $i }
		printf "  %-30s median %6.1f  p95 %6.1f  worst %6.1f  a tile %5.1f  budget 2000  ratio %.2f\n", name, md, p95, mx, pt, p95 / 2000
	}'
echo
echo "length bands, every game × difficulty × length (${LENGTHSEEDS:-50} seeds a case by the formula, ${LENGTHPLAYSEEDS:-4} by playtest; 90% in the band):"
ZMISSION_LENGTH_SEEDS=${LENGTHSEEDS:-50} ZMISSION_LENGTH_PLAYTEST_SEEDS=${LENGTHPLAYSEEDS:-4} go test -count=1 -timeout 0 -v \
	-run '^TestLengthBands(Playtest)?$' ./generate |
	awk '/length_test.go:[0-9]+: / { sub(/^.*length_test.go:[0-9]+: /, "  "); print } /^(--- FAIL|FAIL)/ { print; bad = 1 } END { exit bad }' || status=1
exit $status
