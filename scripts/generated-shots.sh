#!/bin/sh
# The pictures docs/generate.md shows: five generated missions a game, the
# default request with seeds 1 to 5 (as `zmission generate` makes them
# with no other option), printed by `zmission render` to PNG.
#
#   scripts/generated-shots.sh
set -eu
cd "$(dirname "$0")/.."
bin=${TMPDIR:-/tmp}/zmission-shots.$$
tmp=${TMPDIR:-/tmp}/zmission-shots-missions.$$
go build -o "$bin" ./cmd/zmission
mkdir -p docs/generated "$tmp"
for game in zombicide-invader zombicide-classic facility; do
	for seed in 1 2 3 4 5; do
		"$bin" generate --ruleset "$game" --seed "$seed" --force -o "$tmp/$game-$seed.yaml" >/dev/null
		"$bin" render "$tmp/$game-$seed.yaml" --format png --dpi 70 -o "docs/generated/$game-$seed.png"
	done
done
rm -rf "$bin" "$tmp"
