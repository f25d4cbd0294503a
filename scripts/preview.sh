#!/bin/sh
# Render every example mission of the five games and every template (plain,
# with each overlay, in mono) and the built-in tile sheets to SVG and PNG
# under out/preview/, to look at them, and every mission with its tile
# sheets into one PDF booklet.
#
#   scripts/preview.sh            # from the repository root
#   ZMISSION=path/to/zmission scripts/preview.sh   # use a built binary
#   DPI=150 scripts/preview.sh    # sharper PNGs (default 110)
#
# The PNGs and the PDF come from zmission itself. With RSVG=1 the PNGs are
# made from the SVGs by rsvg-convert (librsvg) instead, to compare.
set -eu

cd "$(dirname "$0")/.."
out=out/preview
dpi=${DPI:-110}

mkdir -p "$out"
bin=${ZMISSION:-}
if [ -z "$bin" ]; then
	bin=$out/zmission
	go build -o "$bin" ./cmd/zmission
fi

render() { # render NAME ARGS...: one page, as SVG and PNG
	name=$1
	shift
	# (explicit returns: under "||" the shell does not stop on a failure)
	"$bin" render "$@" -o "$out/$name.svg" || return 1
	if [ "${RSVG:-}" = 1 ]; then
		rsvg-convert --dpi-x "$dpi" --dpi-y "$dpi" "$out/$name.svg" -o "$out/$name.png" || return 1
	else
		"$bin" render --dpi "$dpi" "$@" -o "$out/$name.png" 2>/dev/null || return 1
	fi
	echo "$out/$name.png"
}

for f in $(find examples -name '*.yaml' -not -path '*/collections/*' | sort); do
	base=$(echo "${f#examples/}" | sed 's|/|-|g; s|\.yaml$||')
	if grep -q '^ruleset: colony' "$f"; then
		# A colony scenario: the setup sheet and the Main Objective card.
		render "$base" "$f"
		render "$base-mono" --mono "$f"
		render "$base-landscape" --landscape "$f"
		# Letter for the fewest players, and the Hardcore side when the card has one.
		fewest=$(sed -n 's/^players: *\([0-9]*\).*/\1/p' "$f")
		render "$base-letter-${fewest:-2}p" --page letter --players "${fewest:-2}" "$f"
		if grep -q '^  hardcore:' "$f"; then
			render "$base-hardcore" --side hardcore "$f"
		fi
		render "$base-card" --card --page fit "$f"
		continue
	fi
	if grep -Eq '^ruleset: (facility|survival-infection)' "$f"; then
		# A sheet with no board grid, line of sight or overlays.
		render "$base" "$f"
		render "$base-mono" --mono "$f"
		render "$base-landscape" --landscape "$f"
		continue
	fi
	render "$base" "$f"
	render "$base-mono" --mono --grid "$f"
	render "$base-landscape" --landscape "$f"
	# The overlays; sight from the start token's place (in: ZONE or at: [x, y]).
	line=$(grep -m1 'type: *start' "$f" || true)
	start=$(echo "$line" | sed -n 's/.*in: *\([^ ,}]*\).*/\1/p')
	if [ -z "$start" ]; then
		start=$(echo "$line" | sed -n 's/.*at: *\[ *\([0-9]*\) *, *\([0-9]*\) *\].*/\1,\2/p')
	fi
	if [ -n "$start" ]; then
		render "$base-sight" --overlay "sight=$start" "$f"
	fi
	for ov in movement xenos threat mold; do
		render "$base-$ov" --overlay "$ov" "$f" || echo "preview: no $ov overlay for $f" >&2
	done
done

for set in $("$bin" tiles | sed -n 's/^\([a-z0-9-]*\): .*/\1/p'); do
	"$bin" tiles --tileset "$set" render -o "$out/tiles-$set.svg"
	"$bin" tiles --tileset "$set" render --dpi "$dpi" -o "$out/tiles-$set.png"
	echo "$out/tiles-$set.png"
done

"$bin" render --tiles -o "$out/booklet.pdf" $(find examples -name '*.yaml' -not -path '*/collections/*' | sort)
echo "$out/booklet.pdf"
