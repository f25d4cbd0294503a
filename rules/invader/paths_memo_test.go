package invader_test

import (
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

// TestScenePathsKept: a scene's paths, kept for the map and the editor's
// state, are those the game works out afresh; asked again they are the
// same ones, handed out so that an append copies them; and a copy of the
// scene with other tokens, or another mission, gets its own.
func TestScenePathsKept(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	g := rules.Lookup(invader.Ruleset).(rules.PathGame)
	r := rand.New(rand.NewPCG(45, 3))
	changed, shared := 0, 0
	for range 50 {
		m := randomMission(r, station)
		s := scene(station, m)
		a := s.PathsOf(g)
		if want := g.Paths(scene(station, m)); !reflect.DeepEqual(a, want) {
			t.Fatalf("%v: kept paths %+v, afresh %+v", m.Tiles, a, want)
		}
		b := s.PathsOf(g)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("%v: the paths asked again changed", m.Tiles)
		}
		if len(a.Threat) > 0 {
			if &a.Threat[0] != &b.Threat[0] {
				t.Fatalf("%v: the scene's paths were worked out twice", m.Tiles)
			}
			shared++
		}
		for _, p := range []rules.Paths{a, b} {
			if cap(p.SpawnOrder) != len(p.SpawnOrder) || cap(p.EnemyPaths) != len(p.EnemyPaths) || cap(p.Threat) != len(p.Threat) || cap(p.MoldChain) != len(p.MoldChain) {
				t.Fatalf("%v: kept paths a caller's append would write into", m.Tiles)
			}
		}
		// Every zone's wall grown over by Mold: other ways for the Xenos.
		sc := *s
		sc.Tokens = slices.Clone(s.Tokens)
		m2 := *m
		m2.Tokens = slices.Clone(m.Tokens)
		for _, z := range s.Board.Zones {
			if z.Kind != layout.Exterior {
				tok := &rules.Token{Index: len(m2.Tokens), Cell: z.Cells[0], Zone: z}
				tok.Type, tok.State = "mold", "active"
				sc.Tokens = append(sc.Tokens, tok)
				m2.Tokens = append(m2.Tokens, missions.Token{Type: "mold", State: "active", At: &[2]int{z.Cells[0].X, z.Cells[0].Y}})
			}
		}
		got := sc.PathsOf(g)
		if want := g.Paths(scene(station, &m2)); !reflect.DeepEqual(got, want) {
			t.Fatalf("%v: a copy of the scene with Mold everywhere kept the first paths", m.Tiles)
		}
		if !reflect.DeepEqual(got, a) {
			changed++
		}
		// Another mission on the same board and tokens: its own paths.
		sc2 := *s
		sc2.Mission = &m2
		if want := g.Paths(&sc2); !reflect.DeepEqual(sc2.PathsOf(g), want) {
			t.Fatalf("%v: a copy of the scene with another mission kept the first paths", m.Tiles)
		}
		if again := s.PathsOf(g); !reflect.DeepEqual(again, a) {
			t.Fatalf("%v: the first scene's paths changed", m.Tiles)
		}
	}
	if changed < 10 || shared < 10 {
		t.Errorf("Mold everywhere changed the paths of %d boards, %d with a threat: the test shows little", changed, shared)
	}
}
