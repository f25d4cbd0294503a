#!/bin/sh
# Times every command that reads a board on the worst files the documented
# limits allow (the files of app's BenchmarkWorst), and the sheet of each
# case's tile set (tiles render, SVG and PDF), with the built program
# as an author runs it: one process per command, its start and its
# collector settings included. Prints wall and CPU seconds, peak memory and
# the ratio of wall time to the 1 s target.
#
#   bench/worst.sh
#   CASES="distinct station" bench/worst.sh
set -eu
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT INT TERM
[ -x /usr/bin/time ] || { echo "needs /usr/bin/time (apt-get install -y time)"; exit 3; }

CGO_ENABLED=0 go build -o "$work/zmission" ./cmd/zmission
ZMISSION_WORST_DIR="$work/files" go test -count=1 -run '^TestWorstFiles$' ./app >/dev/null
CASES=${CASES:-spawns spawns-far station copies copies-open distinct distinct-16 sprawl}

printf "%-12s %-9s %8s %8s %8s %6s %s\n" file command wall cpu MB exit ratio
for c in $CASES; do
	m="$work/files/$c/mission.yaml"
	case $c in
	copies*) zone="B/z17~40" ;;
	distinct) zone="F17/f" ;;
	distinct-16 | sprawl) zone="F17/r" ;;
	station) zone="0,0" ;;
	*) zone="Q500/d" ;;
	esac
	cmds="validate analyze graph zones los show render"
	[ -f "$work/files/$c/tiles.yaml" ] && cmds="$cmds sheet sheet-pdf"
	for cmd in $cmds; do
		case $cmd in
		sheet) set -- tiles --tileset "$work/files/$c/tiles.yaml" render -o "$work/sheet.svg" ;;
		sheet-pdf) set -- tiles --tileset "$work/files/$c/tiles.yaml" render -o "$work/sheet.pdf" ;;
		graph) set -- graph --kind all --format json "$m" ;;
		los) set -- los "$m" "$zone" ;;
		render) set -- render --page fit --overlay threat --overlay mold "$m" ;;
		*) set -- "$cmd" "$m" ;;
		esac
		code=0
		/usr/bin/time -f "%e %U %S %M" -o "$work/t" "$work/zmission" --allow-outside "$@" >/dev/null 2>"$work/err" || code=$?
		if [ "$code" -gt 1 ]; then
			cat "$work/err"
			exit 1
		fi
		tail -n 1 "$work/t" | awk -v f="$c" -v n="$cmd" -v x="$code" '{ printf "%-12s %-9s %7.2fs %7.2fs %8.0f %6d %5.2f\n", f, n, $1, $2 + $3, $4 / 1024, x, $1 }'
	done
done
