package render

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

func overlap(a, b rect) bool {
	const tol = 0.5
	return a.x1 < b.x2-tol && b.x1 < a.x2-tol && a.y1 < b.y2-tol && b.y1 < a.y2-tol
}

func (p tokenPlace) box() rect {
	return rect{p.x - p.size/2, p.y - p.size/2, p.x + p.size/2, p.y + p.size/2}
}

func (l labelBox) box() rect { return rect{l.x - l.w/2, l.y - l.h/2, l.x + l.w/2, l.y + l.h/2} }

// checkLayout checks what a reader relies on: every label sits in its own
// zone and covers no token, and tokens stay inside their cell without
// covering each other.
func checkLayout(t *testing.T, name string, a *art) {
	t.Helper()
	b := a.b
	for zi, l := range a.labels {
		x, y := int(math.Floor(l.x/cell)), int(math.Floor(l.y/cell))
		if z := b.ZoneAt(x, y); z == nil || z.Index != zi {
			t.Errorf("%s: the label of %s is at %v,%v, in cell %d,%d of another zone", name, b.Zones[zi].ID, l.x, l.y, x, y)
		}
		for i, p := range a.places {
			if overlap(l.box(), p.box()) {
				t.Errorf("%s: the label of %s covers the %s token at %d,%d", name, b.Zones[zi].ID, a.tokens[i].Type, a.tokens[i].Cell.X, a.tokens[i].Cell.Y)
			}
		}
	}
	for i, p := range a.places {
		c := a.tokens[i].Cell
		cb := rect{float64(c.X) * cell, float64(c.Y) * cell, float64(c.X+1) * cell, float64(c.Y+1) * cell}
		if pb := p.box(); pb.x1 < cb.x1 || pb.y1 < cb.y1 || pb.x2 > cb.x2 || pb.y2 > cb.y2 {
			t.Errorf("%s: token %d (%s) sticks out of its cell %d,%d: %+v", name, i, a.tokens[i].Type, c.X, c.Y, pb)
		}
		if p.size < 8 {
			t.Errorf("%s: token %d is only %v units wide", name, i, p.size)
		}
		for j := i + 1; j < len(a.places); j++ {
			if overlap(p.box(), a.places[j].box()) {
				t.Errorf("%s: tokens %d and %d overlap in cell %d,%d", name, i, j, c.X, c.Y)
			}
		}
	}
}

func TestExampleLayouts(t *testing.T) {
	for _, f := range exampleFiles(t) {
		s, g := missionScene(t, f)
		for _, graph := range []bool{false, true} {
			a := newArt(s.Board, style{}, s, nil, false)
			a.graph = graph
			if graph {
				d := &overlayData{scene: s, game: g}
				if pg, ok := g.(rules.PathGame); ok {
					p := pg.Paths(s)
					d.paths = &p
				}
				for _, ov := range allOverlays(t, s, g) {
					if _, err := a.overlay(ov, d); err != nil {
						t.Fatal(err)
					}
				}
			}
			a.placeLabels()
			checkLayout(t, f, a)
		}
	}
}

func TestLabelOfAnLShapedZone(t *testing.T) {
	// 4B/b of the first example is an L of three cells; its centroid lies
	// in the corner cell's far corner, outside the zone's middle. The label
	// goes where the zone is widest: inside the L, clear of its walls.
	s, _ := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	z := s.Board.Zone("4B/b")
	if z == nil || len(z.Cells) != 3 {
		t.Fatalf("4B/b is not the three-cell zone this test expects: %+v", z)
	}
	a := newArt(s.Board, style{}, s, nil, false)
	a.placeLabels()
	l := a.labels[z.Index]
	in := false
	for _, c := range z.Cells {
		box := rect{float64(c.X) * cell, float64(c.Y) * cell, float64(c.X+1) * cell, float64(c.Y+1) * cell}
		if l.x > box.x1 && l.x < box.x2 && l.y > box.y1 && l.y < box.y2 {
			in = true
		}
	}
	if !in {
		t.Errorf("label of 4B/b at %v,%v is outside its cells %v", l.x, l.y, z.Cells)
	}
}

func TestPoleOfInaccessibility(t *testing.T) {
	// An L of five cells: a row of three and a column going down two more
	// from its west end. Its centroid (cell 1,1) lies in the other room; the
	// label must be in the L, at least as clear of the walls as any cell
	// centre of the L.
	set := &layout.TileSet{Name: "t", Size: 3, Faces: []*layout.Face{lFace()}}
	b, probs := layout.Build(set, []layout.Placement{{Face: "L"}})
	if len(probs) > 0 {
		t.Fatalf("%+v", probs)
	}
	a := newArt(b, style{}, nil, nil, true)
	a.placeLabels()
	z := b.ZoneAt(0, 0)
	l := a.labels[z.Index]
	if cx, cy := int(l.x/cell), int(l.y/cell); b.ZoneAt(cx, cy) != z {
		t.Fatalf("label at %v,%v is not in the L", l.x, l.y)
	}
	obs := a.obstacles()
	hw, hh := l.w/2, l.h/2
	at := func(x, y float64) float64 {
		m, _ := a.clearance(obs, layout.Point{X: int(x / cell), Y: int(y / cell)}, x, y, hw, hh, -1)
		return m
	}
	best := at(l.x, l.y)
	for _, c := range z.Cells {
		x, y := cellCentre(c.X, c.Y)
		if s := at(x, y); s > best+1e-9 {
			t.Errorf("cell centre %d,%d is clearer (%v) than the label's place (%v)", c.X, c.Y, s, best)
		}
	}
	// Brute force over a fine grid finds nothing clearer either, beyond
	// what the sampling step can miss.
	slack := (cell / labelSamples / 2) / math.Min(hw, hh)
	for y := 1.0; y < 3*cell; y += 3 {
		for x := 1.0; x < 3*cell; x += 3 {
			if b.ZoneAt(int(x/cell), int(y/cell)) != z {
				continue
			}
			if s := at(x, y); s > best+slack+1e-9 {
				t.Errorf("%v,%v is clearer (%v) than the label's place %v,%v (%v)", x, y, s, l.x, l.y, best)
			}
		}
	}
}

// lFace is a 3x3 face: an L-shaped room a, and room b filling the rest.
func lFace() *layout.Face {
	grid := [][]string{{"a", "a", "a"}, {"a", "b", "b"}, {"a", "b", "b"}}
	f := &layout.Face{ID: "L", Grid: grid, Zones: map[string]*layout.ZoneSpec{"a": {Kind: layout.Room}, "b": {Kind: layout.Room}}}
	f.Sides = make([][][4]layout.EdgeKind, 3)
	for y := range 3 {
		f.Sides[y] = make([][4]layout.EdgeKind, 3)
		for x := range 3 {
			for d := layout.N; d <= layout.W; d++ {
				nx, ny := x+layout.DX[d], y+layout.DY[d]
				if nx < 0 || ny < 0 || nx > 2 || ny > 2 || grid[ny][nx] != grid[y][x] {
					f.Sides[y][x][d] = layout.EdgeWall
				}
			}
		}
	}
	return f
}
