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
// board, overlays on and off, mono and colour) is byte for byte the page
// drawn without one: the label places and the board's fills and edges.
func TestLabelCacheSamePage(t *testing.T) {
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	r := rand.New(rand.NewPCG(5, 8))
	var c LabelCache
	var s *rules.Scene
	reused, fixedReused, piecesReused := 0, 0, 0
	for i := range 120 {
		switch k := r.IntN(15); {
		case s == nil || k == 0:
			s = randomScene(t, r, 1+r.IntN(3), 1+r.IntN(3), r.IntN(25), 6)
		case k == 1:
			s = grown(t, r, s)
		case k == 2:
			s = piled(r, s)
		case k == 3 || k == 4:
			s = turned(t, r, s)
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
		kept := map[any]bool{}
		for _, p := range c.pieces {
			kept[pieceID(p)] = true
		}
		if f := c.fixed; f != nil && f.b == s.Board && f.st.mono == o.Mono && f.groups[groupFills].ok && f.groups[groupEdges].ok {
			fixedReused++ // the fills and edges come from the page before
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
		for _, p := range c.pieces {
			if kept[pieceID(p)] {
				piecesReused++ // a badge or label written as the page before wrote it
			}
		}
	}
	if piecesReused == 0 {
		t.Fatal("no tile badge or label was ever taken from the cache")
	}
	// Most steps change a token or two: most zones keep their place.
	if reused == 0 {
		t.Fatal("no label place was ever taken from the cache")
	}
	if fixedReused == 0 {
		t.Fatal("no board's fills and edges were ever taken from the cache")
	}
	t.Logf("%d label places taken from the cache; fills and edges %d times; %d badges and labels", reused, fixedReused, piecesReused)
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

// grown is s on a board with one more tile, right of the others: the
// zones that were there keep their cells, and the board is wider.
func grown(t *testing.T, r *rand.Rand, s *rules.Scene) *rules.Scene {
	set := s.Board.Set
	var tiles []layout.Placement
	last := 0
	for _, p := range s.Board.Tiles {
		tiles = append(tiles, layout.Placement{Face: p.Face, Col: p.Col, Row: p.Row, Rot: p.Rot})
		last = max(last, p.Col)
	}
	f := set.Faces[r.IntN(len(set.Faces))]
	tiles = append(tiles, layout.Placement{Face: f.ID, Col: last + 1, Row: 0, Rot: 90 * r.IntN(4)})
	b, _ := layout.Build(set, tiles)
	if b == nil || b.W <= s.Board.W {
		t.Fatalf("the board did not grow: %d cells wide, %d before", b.W, s.Board.W)
	}
	next := *s
	next.Board = b
	next.Tokens = nil
	for _, tok := range s.Tokens {
		c := *tok
		c.Zone = b.ZoneAt(c.Cell.X, c.Cell.Y)
		next.Tokens = append(next.Tokens, &c)
	}
	return &next
}

// pieceID names the memory a piece's text is kept in: the same after a
// page only when the piece was taken from the cache.
func pieceID(p piece) any {
	switch {
	case len(p.parts) > 0:
		return &p.parts[0]
	case len(p.text) > 0:
		return &p.text[0]
	}
	return nil
}

// turned is s with one tile turned a quarter, as the editor's R key
// turns it: the zones on it change, and a zone it shares with its
// neighbours keeps its id with other cells.
func turned(t *testing.T, r *rand.Rand, s *rules.Scene) *rules.Scene {
	var tiles []layout.Placement
	for _, p := range s.Board.Tiles {
		tiles = append(tiles, layout.Placement{Face: p.Face, Col: p.Col, Row: p.Row, Rot: p.Rot})
	}
	if len(tiles) == 0 {
		return s
	}
	i := r.IntN(len(tiles))
	tiles[i].Rot = (tiles[i].Rot + 90) % 360
	b, _ := layout.Build(s.Board.Set, tiles)
	if b == nil {
		t.Fatal("a turned tile's board was not built")
	}
	next := *s
	next.Board = b
	next.Tokens = nil
	for _, tok := range s.Tokens {
		if z := b.ZoneAt(tok.Cell.X, tok.Cell.Y); z != nil {
			c := *tok
			c.Zone = z
			next.Tokens = append(next.Tokens, &c)
		}
	}
	return &next
}

// piled is s with six more tokens in one cell: their boxes fill it and
// may stand out of it, which changes how far obstacles reach.
func piled(r *rand.Rand, s *rules.Scene) *rules.Scene {
	next := *s
	next.Tokens = append([]*rules.Token(nil), s.Tokens...)
	b := s.Board
	if len(b.Zones) == 0 {
		return &next
	}
	z := b.Zones[r.IntN(len(b.Zones))]
	c := z.Cells[r.IntN(len(z.Cells))]
	for range 6 {
		tok := rules.Defaults(rules.Token{}.Token)
		tok.Type = []string{"noise", "objective", "spawn", "start", "exit"}[r.IntN(5)]
		tok.Color = "blue"
		next.Tokens = append(next.Tokens, &rules.Token{Token: tok, Index: len(next.Tokens), Cell: c, Zone: z})
	}
	return &next
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
	// A token with a cell of the board beside it, moved there.
	movedOne := false
	for _, t := range moved.Tokens {
		if t.Type == "door" {
			continue
		}
		for _, dx := range []int{1, -1} {
			if z := s.Board.ZoneAt(t.Cell.X+dx, t.Cell.Y); z != nil {
				t.Cell.X, t.Zone = t.Cell.X+dx, z
				movedOne = true
				break
			}
		}
		if movedOne {
			break
		}
	}
	var a, c bytes.Buffer
	if err := SVG(&a, s, g, Options{Page: "fit"}); err != nil {
		b.Fatal(err)
	}
	if err := SVG(&c, &moved, g, Options{Page: "fit"}); err != nil {
		b.Fatal(err)
	}
	if !movedOne || bytes.Equal(a.Bytes(), c.Bytes()) {
		b.Fatal("the two versions of the board draw the same page: no token moved")
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

// TestLabelSearchReadsItsRegion: what a zone's label search answers
// depends only on the obstacles in the cells it says it read (the zone's
// bounding box grown by the rings it reports): with every other cell
// emptied, or filled with an obstacle over the whole board, the answer is
// the same. That, with the zone's cells, the label's size, the board's
// size and the obstacles' reach in the key, is what lets LabelCache reuse
// a place.
func TestLabelSearchReadsItsRegion(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 14))
	checked := 0
	for i := range 30 {
		s := randomScene(t, r, 1+r.IntN(3), 1+r.IntN(3), r.IntN(30), 6)
		if i%3 == 0 {
			s = piled(r, s)
		}
		a := newArt(s.Board, style{}, s, nil, false)
		b := a.b
		obs := a.obstacles()
		whole := rect{0, 0, float64(b.W) * cell, float64(b.H) * cell}
		for _, z := range b.Zones {
			l := a.labelText(z)
			x, y, best, rings := a.poleRings(z, obs, l.w/2, l.h/2)
			x0, y0, x1, y1 := region(z, rings, b.W, b.H)
			for _, fill := range [][]rect{nil, {whole}} {
				other := obstacleMap{at: make([][]rect, len(obs.at)), reach: obs.reach}
				for cy := range b.H {
					for cx := range b.W {
						if cx >= x0 && cx <= x1 && cy >= y0 && cy <= y1 {
							other.at[cy*b.W+cx] = obs.at[cy*b.W+cx]
						} else {
							other.at[cy*b.W+cx] = fill
						}
					}
				}
				ox, oy, obest, _ := a.poleRings(z, other, l.w/2, l.h/2)
				if ox != x || oy != y || obest != best {
					t.Fatalf("scene %d, zone %s: the search said it read %d rings, but obstacles beyond them changed its answer from (%v, %v, %v) to (%v, %v, %v)",
						i, z.ID, rings, x, y, best, ox, oy, obest)
				}
			}
			checked++
		}
	}
	t.Logf("%d zones checked", checked)
}
