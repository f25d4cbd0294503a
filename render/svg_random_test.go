package render

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

var tokenColours = []string{"red", "blue", "green", "violet", "white", "yellow", "orange", "neutral", ""}

// randomScene lays cols x rows random faces of the built-in station set
// (one square in holes left empty when holes > 0, any rotation, both faces
// of a tile allowed: the board is built anyway) and scatters n random
// tokens and doors.
func randomScene(t testing.TB, r *rand.Rand, cols, rows, n, holes int) *rules.Scene {
	t.Helper()
	set, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	var tiles []layout.Placement
	for row := range rows {
		for col := range cols {
			if holes > 0 && cols*rows > 1 && r.IntN(holes) == 0 {
				continue
			}
			f := set.Faces[r.IntN(len(set.Faces))]
			tiles = append(tiles, layout.Placement{Face: f.ID, Col: col, Row: row, Rot: 90 * r.IntN(4)})
		}
	}
	b, _ := layout.Build(set, tiles)
	m := &missions.Mission{Format: 1, ID: "random", Title: fmt.Sprintf("Random %dx%d", cols, rows), Ruleset: "zombicide-invader",
		Briefing:   "Random words & <marks> to wrap " + string(bytes.Repeat([]byte("word "), r.IntN(80))),
		Objectives: []missions.Objective{{Take: "red"}, {Exit: "all", Order: 2}, {Survive: 3, Text: "Hold out."}},
		Rules:      []missions.Rule{{When: &missions.Trigger{Take: "violet"}, Then: []missions.Effect{{Open: "violet"}, {Activate: "violet"}}}}}
	s := &rules.Scene{Mission: m, Board: b}
	var cells []layout.Point
	for y := range b.H {
		for x := range b.W {
			if b.ZoneAt(x, y) != nil {
				cells = append(cells, layout.Point{X: x, Y: y})
			}
		}
	}
	if len(cells) == 0 {
		return s
	}
	types := []string{"start", "spawn", "objective", "exit", "mold", "noise", "sentry-gun", "bot", "car", "strange"}
	for i := range n {
		c := cells[r.IntN(len(cells))]
		tok := missions.Token{Type: types[r.IntN(len(types))], Color: tokenColours[r.IntN(len(tokenColours))], First: r.IntN(4) == 0}
		switch tok.Type {
		case "mold":
			tok.State = []string{"active", "inactive"}[r.IntN(2)]
		case "car":
			tok.Kind = []string{"police", "pimpmobile", ""}[r.IntN(3)]
		}
		tok = rules.Defaults(tok)
		s.Tokens = append(s.Tokens, &rules.Token{Token: tok, Index: i, Cell: c, Zone: b.ZoneAt(c.X, c.Y)})
	}
	// Doors on some door openings, in every state and colour.
	used := map[rules.EdgeKey]bool{}
	for _, c := range cells {
		for d := layout.N; d <= layout.W; d++ {
			k := rules.KeyOf(c.X, c.Y, d)
			if b.Edge(c.X, c.Y, d) != layout.EdgeDoor || used[k] || r.IntN(2) == 0 {
				continue
			}
			used[k] = true
			tok := rules.Defaults(missions.Token{Type: "door", Side: d.String(), Color: tokenColours[r.IntN(len(tokenColours))],
				State: []string{"closed", "open", "destroyed", ""}[r.IntN(4)]})
			s.Tokens = append(s.Tokens, &rules.Token{Token: tok, Index: len(s.Tokens), Cell: c, Zone: b.ZoneAt(c.X, c.Y)})
		}
	}
	return s
}

// TestRandomBoards draws random boards with random tokens, every overlay
// and every page option, and checks the output is well-formed and laid out
// without overlaps.
func TestRandomBoards(t *testing.T) {
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	if g == nil {
		t.Fatal("the invader game is not registered")
	}
	r := rand.New(rand.NewPCG(7, 11))
	pages := []string{"a4", "letter", "a3", "fit"}
	for i := range 40 {
		s := randomScene(t, r, 1+r.IntN(4), 1+r.IntN(4), r.IntN(30), 8)
		o := Options{Page: pages[r.IntN(len(pages))], Landscape: r.IntN(2) == 0, Margin: float64(r.IntN(25)),
			Grid: r.IntN(2) == 0, Mono: r.IntN(2) == 0, Sight: rules.SightOptions{EnhancedSenses: r.IntN(2) == 0}}
		for _, spec := range []string{"movement", "xenos", "threat", "mold"} {
			if r.IntN(2) == 0 {
				ov, err := ParseOverlay(spec, s.Board, g)
				if err != nil {
					t.Fatal(err)
				}
				o.Overlays = append(o.Overlays, ov)
			}
		}
		if len(s.Board.Zones) > 0 {
			z := s.Board.Zones[r.IntN(len(s.Board.Zones))]
			ov, err := ParseOverlay("sight="+z.ID, s.Board, g)
			if err != nil {
				t.Fatalf("sight=%s: %v", z.ID, err)
			}
			o.Overlays = append(o.Overlays, ov)
		}
		name := fmt.Sprintf("board %d (%dx%d cells, %d tokens, %+v)", i, s.Board.W, s.Board.H, len(s.Tokens), o)
		var buf bytes.Buffer
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Fatalf("%s: panic: %v", name, p)
				}
			}()
			if err := SVG(&buf, s, g, o); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}()
		checkSVG(t, buf.Bytes())
		if o.Mono {
			greyOnly(t, name, buf.Bytes())
		}
		a := newArt(s.Board, style{}, s, nil, false)
		a.placeLabels()
		checkLayout(t, name, a)
	}
}

// FuzzRender draws boards from random seeds; `go test -fuzz FuzzRender`
// explores more of them.
func FuzzRender(f *testing.F) {
	f.Add(uint64(1), uint8(2), uint8(2), uint8(5))
	f.Add(uint64(99), uint8(4), uint8(1), uint8(40))
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	f.Fuzz(func(t *testing.T, seed uint64, cols, rows, n uint8) {
		r := rand.New(rand.NewPCG(seed, 3))
		s := randomScene(t, r, 1+int(cols%5), 1+int(rows%5), int(n%60), 6)
		o := Options{Mono: seed%2 == 0, Grid: seed%3 == 0}
		for _, spec := range []string{"movement", "xenos", "threat", "mold"} {
			ov, err := ParseOverlay(spec, s.Board, g)
			if err != nil {
				t.Fatal(err)
			}
			o.Overlays = append(o.Overlays, ov)
		}
		var buf bytes.Buffer
		if err := SVG(&buf, s, g, o); err != nil {
			t.Fatal(err)
		}
		checkSVG(t, buf.Bytes())
	})
}
