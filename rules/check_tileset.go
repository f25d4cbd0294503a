package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

// Terrain is a grid game whose boards have zones no other game has: the
// zone kinds, zone features and edge kinds only it uses. A tile set whose
// file names no rulesets is told by them: exterior and airlocks are
// Zombicide: Invader's, streets classic Zombicide's.
type Terrain interface {
	Terrain() (kinds, features []string, edges []layout.EdgeKind)
}

// Serves tells whether a tile set is drawn for a ruleset. When it is not,
// why says how that is known and other is the game it is drawn for ("" if
// its file names none of the registered games).
func Serves(set *layout.TileSet, ruleset string) (ok bool, why, other string) {
	if len(set.Rulesets) > 0 {
		if slices.Contains(set.Rulesets, ruleset) {
			return true, "", ""
		}
		return false, fmt.Sprintf("its file says so (rulesets: [%s])", strings.Join(set.Rulesets, ", ")), set.Rulesets[0]
	}
	games.RLock()
	var names []string
	for n := range games.m {
		names = append(names, n)
	}
	games.RUnlock()
	sort.Strings(names)
	for _, n := range names {
		t, isT := Lookup(n).(Terrain)
		if n == ruleset || !isT {
			continue
		}
		if what := usesTerrain(set, t); what != "" {
			return false, fmt.Sprintf("%s, which only %s has", what, GameName(n)), n
		}
	}
	return true, "", ""
}

// usesTerrain words the first place (in face order) where the set uses
// terrain of t: "face 1B has street zones (1B/n)"; "" if none.
func usesTerrain(set *layout.TileSet, t Terrain) string {
	kinds, features, edges := t.Terrain()
	for _, f := range set.Faces {
		// The first zone in reading order is looked for only on a face that
		// has one: listing a face's labels in order costs a map.
		for _, l := range labelsIf(f, faceUses(f, kinds, features)) {
			z := f.Zones[l]
			if slices.Contains(kinds, z.Kind) {
				return fmt.Sprintf("face %s has %s zones (%s/%s)", f.ID, z.Kind, f.ID, l)
			}
			for _, ft := range z.Features {
				if slices.Contains(features, ft) {
					return fmt.Sprintf("face %s has an %s (%s/%s)", f.ID, ft, f.ID, l)
				}
			}
		}
		for y, row := range f.Sides {
			for x, sides := range row {
				for _, k := range sides {
					if k != layout.EdgeNone && slices.Contains(edges, k) {
						return fmt.Sprintf("face %s has a %s (at %d,%d)", f.ID, k, x, y)
					}
				}
			}
		}
	}
	return ""
}

// labelsIf is f's labels in reading order if ok, else none.
func labelsIf(f *layout.Face, ok bool) []string {
	if !ok {
		return nil
	}
	return f.Labels()
}

// faceUses reports whether any zone of f has one of the kinds or features.
func faceUses(f *layout.Face, kinds, features []string) bool {
	for _, z := range f.Zones {
		if z == nil {
			continue
		}
		if slices.Contains(kinds, z.Kind) {
			return true
		}
		for _, ft := range z.Features {
			if slices.Contains(features, ft) {
				return true
			}
		}
	}
	return false
}

// CheckTileset: the tile set is drawn for the mission's game. A set of
// another game gives a board whose every other finding follows from this
// one (faces it lacks, tokens off its tiles, streets ending in walls), so
// the caller builds no board after it.
func CheckTileset(set *layout.TileSet, m *missions.Mission) []Finding {
	if set == nil {
		return nil
	}
	ok, why, other := Serves(set, m.Ruleset)
	if ok {
		return nil
	}
	ptr := "/tileset"
	if m.Tileset == "" {
		ptr = "/ruleset"
	}
	game := GameName(m.Ruleset)
	var fits []string
	for _, n := range layout.BuiltinNames() {
		if s, err := layout.Builtin(n); err == nil {
			if ok, _, _ := Serves(s, m.Ruleset); ok {
				fits = append(fits, n)
			}
		}
	}
	hint := fmt.Sprintf("use a tile set for %s", game)
	if len(fits) > 0 {
		hint += fmt.Sprintf(" (built in: %s)", strings.Join(fits, ", "))
	}
	what := "another game"
	if other != "" && Lookup(other) != nil {
		what = GameName(other)
		hint += fmt.Sprintf(", or write the mission for %s (ruleset: %s)", what, other)
	}
	return []Finding{{Rule: "tileset-ruleset", Ptr: ptr,
		Message: fmt.Sprintf("the tile set %s is drawn for %s, not for %s: %s", set.Name, what, game, why),
		Hint:    hint}}
}
