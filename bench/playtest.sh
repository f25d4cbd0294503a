#!/bin/sh
# Times 'zmission playtest' on the Zombicide examples the way the budget is
# stated (docs/performance.md, Playtest): CPU per 1,000 games with the
# careful group, and the games a second a core that makes.
#
#   bench/playtest.sh                 1,000 games, 4 and 6 Survivors
#   GAMES=5000 bench/playtest.sh
#
# The figures are CPU time (user + system), so a busy machine slows the
# wall clock more than them; the budget is 1,000 games a second a core.
set -eu
cd "$(dirname "$0")/.."
GAMES=${GAMES:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission

printf '%-40s %9s %9s %14s\n' "run" "cpu s" "wall s" "games/s/core"
for m in examples/invader/first-contact.yaml examples/invader/violet-lockdown.yaml examples/classic/night-shift.yaml examples/classic/blue-line.yaml; do
	for n in 4 6; do
		/usr/bin/time -f "%U %S %e" -o "$work/t" "$work/zmission" playtest --games "$GAMES" --survivors "$n" --no-what-if "$m" >/dev/null
		read -r user sys wall <"$work/t"
		awk -v name="$(basename "$m" .yaml), $n Survivors" -v u="$user" -v s="$sys" -v w="$wall" -v g="$GAMES" \
			'BEGIN { c = u + s; if (c < 0.01) c = 0.01; printf "%-40s %9.2f %9.2f %14.0f\n", name, c, w, g / c }'
	done
done
echo "load: $(uptime | sed 's/.*load average: //')"
