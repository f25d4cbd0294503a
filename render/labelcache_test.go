package render

import (
	"bytes"
	"io"
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// TestLabelCacheSamePage: a page drawn with a LabelCache that has seen
// other versions of the board (tokens moved, added, taken away, another
// board, overlays on and off) is byte for byte the page drawn without one.
func TestLabelCacheSamePage(t *testing.T) {
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	r := rand.New(rand.NewPCG(5, 8))
	var c LabelCache
	var s *rules.Scene
	reused := 0
	for i := range 120 {
		switch {
		case s == nil || r.IntN(15) == 0:
			s = randomScene(t, r, 1+r.IntN(3), 1+r.IntN(3), r.IntN(25), 6)
		default:
			s = changeTokens(r, s)
		}
		o := Options{Page: "fit", Mono: r.IntN(4) == 0}
		if r.IntN(4) == 0 {
			ov, err := ParseOverlay([]string{"movement", "threat", "xenos"}[r.IntN(3)], s.Board, g)
			if err != nil {
				t.Fatal(err)
			}
			o.Overlays = append(o.Overlays, ov)
		}
		var want, got bytes.Buffer
		if err := SVG(&want, s, g, o); err != nil {
			t.Fatal(err)
		}
		before := map[*labelPlace]bool{}
		for _, p := range c.last {
			before[p] = true
		}
		o.Labels = &c
		if err := SVG(&got, s, g, o); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(want.Bytes(), got.Bytes()) {
			t.Fatalf("step %d (%d tokens): the page drawn with the cache differs from the page drawn without it:\n%s", i, len(s.Tokens), firstDiff(want.Bytes(), got.Bytes()))
		}
		for _, p := range c.last {
			if before[p] {
				reused++
			}
		}
	}
	// Most steps change a token or two: most zones keep their place.
	if reused == 0 {
		t.Fatal("no label place was ever taken from the cache")
	}
	t.Logf("%d label places taken from the cache", reused)
}

// TestLabelCacheKeepsOneDrawing: what a cache keeps is the places of the
// last page drawn, not of every page ever drawn.
func TestLabelCacheKeepsOneDrawing(t *testing.T) {
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	r := rand.New(rand.NewPCG(2, 9))
	var c LabelCache
	for range 10 {
		s := randomScene(t, r, 2, 2, 10, 0)
		var out bytes.Buffer
		if err := SVG(&out, s, g, Options{Page: "fit", Labels: &c}); err != nil {
			t.Fatal(err)
		}
		if len(c.last) > len(s.Board.Zones) {
			t.Fatalf("the cache holds %d places for a board of %d zones", len(c.last), len(s.Board.Zones))
		}
	}
}

// changeTokens is s with one token moved to a random cell, added or taken
// away.
func changeTokens(r *rand.Rand, s *rules.Scene) *rules.Scene {
	b := s.Board
	var cells []layout.Point
	for y := range b.H {
		for x := range b.W {
			if b.ZoneAt(x, y) != nil {
				cells = append(cells, layout.Point{X: x, Y: y})
			}
		}
	}
	next := *s
	next.Tokens = nil
	for _, t := range s.Tokens {
		c := *t
		next.Tokens = append(next.Tokens, &c)
	}
	if len(cells) == 0 {
		return &next
	}
	var movable []int
	for i, t := range next.Tokens {
		if t.Type != "door" {
			movable = append(movable, i)
		}
	}
	switch k := r.IntN(3); {
	case k == 0 && len(movable) > 0:
		t := next.Tokens[movable[r.IntN(len(movable))]]
		t.Cell = cells[r.IntN(len(cells))]
		t.Zone = b.ZoneAt(t.Cell.X, t.Cell.Y)
	case k == 1 && len(movable) > 0:
		i := movable[r.IntN(len(movable))]
		next.Tokens = append(next.Tokens[:i], next.Tokens[i+1:]...)
		for j, t := range next.Tokens {
			t.Index = j
		}
	default:
		c := cells[r.IntN(len(cells))]
		tok := rules.Defaults(rules.Token{}.Token)
		tok.Type = []string{"noise", "objective", "spawn", "start"}[r.IntN(4)]
		tok.Color = "red"
		next.Tokens = append(next.Tokens, &rules.Token{Token: tok, Index: len(next.Tokens), Cell: c, Zone: b.ZoneAt(c.X, c.Y)})
	}
	return &next
}

// BenchmarkRedraw400 draws the 20×20-tile board again after one token
// moved, as the editor does at each edit: with the label places of the
// page before (LabelCache) and, in NoCache, without.
func BenchmarkRedraw400(b *testing.B) {
	benchmarkRedraw(b, true)
}

func BenchmarkRedraw400NoCache(b *testing.B) {
	benchmarkRedraw(b, false)
}

func benchmarkRedraw(b *testing.B, cached bool) {
	s := bigScene(b)
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	// Two versions of the board: its first token one cell to the right.
	moved := *s
	moved.Tokens = nil
	for _, tok := range s.Tokens {
		c := *tok
		moved.Tokens = append(moved.Tokens, &c)
	}
	var t *rules.Token
	for _, tok := range moved.Tokens {
		if tok.Type != "door" {
			t = tok
			break
		}
	}
	for x := t.Cell.X + 1; x < s.Board.W; x++ {
		if z := s.Board.ZoneAt(x, t.Cell.Y); z != nil {
			t.Cell.X, t.Zone = x, z
			break
		}
	}
	o := Options{Page: "fit", Margin: DefaultMargin}
	if cached {
		o.Labels = &LabelCache{}
	}
	b.ReportAllocs()
	for i := 0; b.Loop(); i++ {
		sc := s
		if i%2 == 1 {
			sc = &moved
		}
		if err := SVG(io.Discard, sc, g, o); err != nil {
			b.Fatal(err)
		}
	}
}
