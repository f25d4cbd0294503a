package lint

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// randomBoard places 4 random faces of the station set, each from another
// physical tile, on a 2×2 grid with random rotations.
func randomBoard(r *rand.Rand, set *layout.TileSet) string {
	used := map[string]bool{}
	var b strings.Builder
	for i := 0; i < 4; i++ {
		var f *layout.Face
		for f == nil || used[f.ID] || used[f.Other] {
			f = set.Faces[r.Intn(len(set.Faces))]
		}
		used[f.ID] = true
		fmt.Fprintf(&b, "  - {face: %s, at: [%d, %d], rot: %d}\n", f.ID, i%2, i/2, 90*r.Intn(4))
	}
	return b.String()
}

func lintText(t *testing.T, src string) *Result {
	t.Helper()
	return Bytes("random.yaml", []byte(src), Options{Limits: source.DefaultLimits})
}

func errorsOf(r *Result) []validate.Diagnostic {
	var out []validate.Diagnostic
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			out = append(out, d)
		}
	}
	return out
}

// TestRandomKeyBehindLock builds random solvable missions, then locks one
// objective behind a door that only that objective opens, and asserts the
// checks find it and say why.
func TestRandomKeyBehindLock(t *testing.T) {
	set, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewSource(7))
	tried, locked := 0, 0
	for tried < 400 && locked < 25 {
		tried++
		tiles := randomBoard(r, set)
		head := "format: 1\nid: random\ntitle: Random\nruleset: zombicide-invader\nequipment: [oxygen-tank]\ntileset: station\ntiles:\n" + tiles
		probe := lintText(t, head+"tokens: []\n")
		if probe.Scene == nil || len(errorsOf(probe)) > 1 { // only start-missing is allowed
			continue
		}
		b := probe.Scene.Board
		// A start in a corridor, then a room reached from it by exactly one
		// way, a door opening: the lock.
		var corridors []*layout.Zone
		for _, z := range b.Zones {
			if z.Kind == layout.Corridor {
				corridors = append(corridors, z)
			}
		}
		if len(corridors) == 0 {
			continue
		}
		start := corridors[r.Intn(len(corridors))]
		moves := rules.Lookup("zombicide-invader").(rules.BoardGame).Movement(probe.Scene)
		reach := rules.Reachable(moves, len(b.Zones), start.Index, map[string]int{"oxygen": 0})
		ways := map[int][]rules.Move{}
		for _, m := range moves {
			if m.Survivors {
				ways[m.From] = append(ways[m.From], m)
				ways[m.To] = append(ways[m.To], m)
			}
		}
		var rooms []int
		for _, z := range b.Zones {
			if z.Kind == layout.Room && reach[z.Index] && z.Index != start.Index && len(ways[z.Index]) == 1 && ways[z.Index][0].Via == "door" && !z.HasFeature("airlock") {
				rooms = append(rooms, z.Index)
			}
		}
		if len(rooms) == 0 {
			continue
		}
		room := b.Zones[rooms[r.Intn(len(rooms))]]
		m := ways[room.Index][0]
		e := m.Edge
		// The door token stands on the cell edge of the move.
		cell := room.Cells[0]
		tokens := fmt.Sprintf("tokens:\n  - {type: start, at: [%d, %d]}\n  - {type: objective, color: violet, at: [%d, %d]}\n", start.Cells[0].X, start.Cells[0].Y, cell.X, cell.Y)
		door := fmt.Sprintf("  - {type: door, color: %%s, at: [%d, %d], side: %s}\n", e.X, e.Y, e.Dir)
		tail := "objectives:\n  - take: violet\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n"

		open := lintText(t, head+tokens+fmt.Sprintf(door, "neutral")+tail)
		if errs := errorsOf(open); len(errs) > 0 {
			// The neutral door must leave the mission winnable.
			t.Fatalf("solvable mission reported errors: %+v\n%s", errs, head+tokens+fmt.Sprintf(door, "neutral")+tail)
		}
		shut := lintText(t, head+tokens+fmt.Sprintf(door, "violet")+tail)
		// One problem, one report: key-behind-lock, with the objective that
		// needs the key as a note, and no objective-unreachable besides.
		var lock, needs, unreachable bool
		for _, d := range errorsOf(shut) {
			switch d.Rule {
			case "key-behind-lock":
				lock = true
				for _, r := range d.Related {
					needs = needs || r.Message == "the objective that needs it"
				}
			case "objective-unreachable":
				unreachable = true
			}
		}
		if !lock || !needs || unreachable {
			t.Fatalf("locked objective not reported once (key-behind-lock %v, with the objective %v, also unreachable %v): %+v\n%s", lock, needs, unreachable, shut.Diags, head+tokens+fmt.Sprintf(door, "violet")+tail)
		}
		locked++
	}
	if locked < 10 {
		t.Fatalf("only %d random missions could be locked out of %d tried; the generator is too narrow", locked, tried)
	}
}
