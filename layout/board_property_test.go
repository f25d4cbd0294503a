package layout

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomFace makes an n x n face of 1-4 edge-connected zones of random
// kinds, with random edges between zones and on the border.
func randomFace(r *rand.Rand, id string, n int) *Face {
	grid := make([][]int, n)
	for y := range grid {
		grid[y] = slices.Repeat([]int{-1}, n)
	}
	// Grow regions from seeds so every label is edge-connected.
	seeds := 1 + r.IntN(4)
	var front []Point
	for k := 0; k < seeds; k++ {
		x, y := r.IntN(n), r.IntN(n)
		if grid[y][x] < 0 {
			grid[y][x] = k
			front = append(front, Point{x, y})
		}
	}
	for len(front) > 0 {
		i := r.IntN(len(front))
		p := front[i]
		d := Dir(r.IntN(4))
		nx, ny := p.X+DX[d], p.Y+DY[d]
		if nx >= 0 && ny >= 0 && nx < n && ny < n && grid[ny][nx] < 0 {
			grid[ny][nx] = grid[p.Y][p.X]
			front = append(front, Point{nx, ny})
			continue
		}
		full := true
		for d := N; d <= W; d++ {
			nx, ny := p.X+DX[d], p.Y+DY[d]
			if nx >= 0 && ny >= 0 && nx < n && ny < n && grid[ny][nx] < 0 {
				full = false
			}
		}
		if full {
			front = slices.Delete(front, i, i+1)
		}
	}
	rows := make([]string, n)
	used := map[int]bool{}
	for y := range grid {
		for _, l := range grid[y] {
			rows[y] += string(rune('a' + l))
			used[l] = true
		}
	}
	var zones string
	kinds := []string{"room", "room:airlock", "room:security", "corridor", "exterior", "street"}
	for l := range 4 {
		if used[l] {
			zones += fmt.Sprintf(" %c=%s", 'a'+l, kinds[r.IntN(len(kinds))])
		}
	}
	f := handFace(id, "", rows, zones)
	pick := []EdgeKind{EdgeNone, EdgeWall, EdgeOpening, EdgeDoor, EdgeMarking, EdgeHatch}
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				inside := nx >= 0 && ny >= 0 && nx < n && ny < n
				switch {
				case !inside && r.IntN(3) == 0:
					handEdge(f, x, y, d, pick[r.IntN(len(pick))])
				case inside && grid[ny][nx] != grid[y][x] && (d == E || d == S) && r.IntN(2) == 0:
					handEdge(f, x, y, d, pick[1+r.IntN(len(pick)-1)])
				}
			}
		}
	}
	return f
}

func randomBoard(r *rand.Rand) (*TileSet, []Placement) {
	n := 1 + r.IntN(4)
	var faces []*Face
	for i := range 2 + r.IntN(4) {
		faces = append(faces, randomFace(r, fmt.Sprintf("%dA", i), n))
	}
	faces[0].Other = faces[1].ID
	var tiles []Placement
	for range 1 + r.IntN(8) {
		tiles = append(tiles, Placement{
			Face: faces[r.IntN(len(faces))].ID,
			Col:  r.IntN(4), Row: r.IntN(3), Rot: 90 * r.IntN(4),
		})
	}
	return handSet(n, faces...), tiles
}

// turnPlacements turns the whole board a quarter clockwise: tile [c, r]
// goes to [rows-1-r, c] and turns 90 degrees more.
func turnPlacements(tiles []Placement) []Placement {
	rows := 0
	for _, t := range tiles {
		rows = max(rows, t.Row+1)
	}
	out := make([]Placement, len(tiles))
	for i, t := range tiles {
		out[i] = Placement{Face: t.Face, Col: rows - 1 - t.Row, Row: t.Col, Rot: (t.Rot + 90) % 360}
	}
	return out
}

func TestBoardProperties(t *testing.T) {
	for seed := range uint64(400) {
		r := rand.New(rand.NewPCG(seed, 7))
		set, tiles := randomBoard(r)
		b, probs := Build(set, tiles)
		name := fmt.Sprintf("seed %d: %+v", seed, tiles)
		checkInvariants(t, name, b)
		turned, tprobs := Build(set, turnPlacements(tiles))
		checkInvariants(t, name+" turned", turned)
		checkTurned(t, name, b, turned)
		a, c := handCodes(probs), handCodes(tprobs)
		slices.Sort(a)
		slices.Sort(c)
		if !slices.Equal(a, c) {
			t.Errorf("%s: problems %v, turned %v", name, a, c)
		}
		if t.Failed() {
			return
		}
	}
}

// checkInvariants: every covered cell is in exactly one zone, zones are
// edge-connected, edges agree from both sides, and nothing separates a zone
// from itself as "none" towards another zone.
func checkInvariants(t *testing.T, name string, b *Board) {
	t.Helper()
	count := map[Point]int{}
	for zi, z := range b.Zones {
		if z.Index != zi || len(z.Cells) == 0 || b.Zone(z.ID) != z {
			t.Errorf("%s: zone %d is malformed: %+v", name, zi, z)
			return
		}
		seen := map[Point]bool{z.Cells[0]: true}
		queue := []Point{z.Cells[0]}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			for d := N; d <= W; d++ {
				q := Point{p.X + DX[d], p.Y + DY[d]}
				if !seen[q] && b.ZoneAt(q.X, q.Y) == z {
					seen[q] = true
					queue = append(queue, q)
				}
			}
		}
		if len(seen) != len(z.Cells) {
			t.Errorf("%s: zone %s is not edge-connected (%d of %d cells reached)", name, z.ID, len(seen), len(z.Cells))
		}
		for i, p := range z.Cells {
			count[p]++
			if b.Cell(p.X, p.Y).Zone != zi {
				t.Errorf("%s: cell %v listed in %s but belongs to zone %d", name, p, z.ID, b.Cell(p.X, p.Y).Zone)
			}
			if i > 0 && (p.Y < z.Cells[i-1].Y || p.Y == z.Cells[i-1].Y && p.X <= z.Cells[i-1].X) {
				t.Errorf("%s: cells of %s not in reading order", name, z.ID)
			}
		}
		if zi > 0 {
			p, q := b.Zones[zi-1].Cells[0], z.Cells[0]
			if q.Y < p.Y || q.Y == p.Y && q.X <= p.X {
				t.Errorf("%s: zones not in reading order of their first cell", name)
			}
		}
	}
	pairs := map[[2]int]int{}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			c := b.Cell(x, y)
			covered := c.Tile >= 0
			if covered != (c.Zone >= 0) || covered && count[Point{x, y}] != 1 || !covered && count[Point{x, y}] != 0 {
				t.Errorf("%s: cell %d,%d: tile %d zone %d, in %d zone lists", name, x, y, c.Tile, c.Zone, count[Point{x, y}])
			}
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				k := b.Edge(x, y, d)
				nc := b.Cell(nx, ny)
				if nc == nil || nc.Tile < 0 || !covered {
					if k != EdgeBoard {
						t.Errorf("%s: edge %d,%d %s towards nothing is %s", name, x, y, d, k)
					}
					continue
				}
				if back := b.Edge(nx, ny, d.Opposite()); back != k {
					t.Errorf("%s: edge %d,%d %s is %s, seen from the other side %s", name, x, y, d, k, back)
				}
				if k == EdgeBoard {
					t.Errorf("%s: board edge between two covered cells at %d,%d %s", name, x, y, d)
				}
				if nc.Zone != c.Zone {
					if k == EdgeNone {
						t.Errorf("%s: nothing between zones %d and %d at %d,%d %s", name, c.Zone, nc.Zone, x, y, d)
					}
					if d == E || d == S {
						pairs[[2]int{min(c.Zone, nc.Zone), max(c.Zone, nc.Zone)}]++
					}
					ka, kb := b.Zones[c.Zone].Kind, b.Zones[nc.Zone].Kind
					if isStation(ka) && kb == Exterior && k != EdgeWall && k != EdgeHatch {
						t.Errorf("%s: %s between %s and the exterior at %d,%d %s", name, k, ka, x, y, d)
					}
				}
			}
		}
	}
	adj := b.Adjacent()
	if len(adj) != len(pairs) {
		t.Errorf("%s: %d adjacencies, want %d", name, len(adj), len(pairs))
	}
	for i, a := range adj {
		if a.A >= a.B || pairs[[2]int{a.A, a.B}] != len(a.Edges) || i > 0 && (adj[i-1].A > a.A || adj[i-1].A == a.A && adj[i-1].B >= a.B) {
			t.Errorf("%s: adjacency %+v", name, a)
		}
		for _, e := range a.Edges {
			if b.Cell(e.X, e.Y).Zone != a.A || b.ZoneAt(e.X+DX[e.Dir], e.Y+DY[e.Dir]).Index != a.B || b.Edge(e.X, e.Y, e.Dir) != e.Kind {
				t.Errorf("%s: adjacency %d-%d edge %+v", name, a.A, a.B, e)
			}
		}
	}
}

// checkTurned compares a board with the same board turned a quarter
// clockwise: cell (x, y) becomes (H-1-y, x), side d becomes d+90. Empty
// rows at the top of b turn into empty columns on the right, which the
// turned board's bounding box leaves out.
func checkTurned(t *testing.T, name string, b, turned *Board) {
	t.Helper()
	if turned.W > b.H || turned.H != b.W || len(turned.Zones) != len(b.Zones) {
		t.Errorf("%s: turned board %dx%d with %d zones, was %dx%d with %d", name,
			turned.W, turned.H, len(turned.Zones), b.W, b.H, len(b.Zones))
		return
	}
	match := make([]int, len(b.Zones)) // zone of b -> zone of turned
	for i := range match {
		match[i] = -1
	}
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			c, tc := b.Cell(x, y), turned.Cell(b.H-1-y, x)
			if tc == nil {
				tc = &Cell{Zone: -1, Tile: -1}
			}
			if c.Label != tc.Label || (c.Zone < 0) != (tc.Zone < 0) {
				t.Errorf("%s: cell %d,%d differs when turned", name, x, y)
				return
			}
			if c.Zone >= 0 {
				if match[c.Zone] < 0 {
					match[c.Zone] = tc.Zone
				} else if match[c.Zone] != tc.Zone {
					t.Errorf("%s: zone %s splits when turned", name, b.Zones[c.Zone].ID)
				}
			}
			for d := N; d <= W; d++ {
				if k, tk := b.Edge(x, y, d), turned.Edge(b.H-1-y, x, d.Rotate(90)); k != tk {
					t.Errorf("%s: edge %d,%d %s is %s, turned %s", name, x, y, d, k, tk)
				}
			}
		}
	}
	for zi, z := range b.Zones {
		tz := turned.Zones[match[zi]]
		if len(tz.Cells) != len(z.Cells) || tz.Kind != z.Kind || !slices.Equal(tz.Features, z.Features) {
			t.Errorf("%s: zone %s (%d cells) turned into %s (%d cells)", name, z.ID, len(z.Cells), tz.ID, len(tz.Cells))
		}
	}
	// The adjacency graphs are the same under the zone matching.
	type pair struct{ a, b, n int }
	var want, got []pair
	for _, a := range b.Adjacent() {
		x, y := match[a.A], match[a.B]
		want = append(want, pair{min(x, y), max(x, y), len(a.Edges)})
	}
	for _, a := range turned.Adjacent() {
		got = append(got, pair{a.A, a.B, len(a.Edges)})
	}
	cmp := func(p, q pair) int {
		if p.a != q.a {
			return p.a - q.a
		}
		return p.b - q.b
	}
	slices.SortFunc(want, cmp)
	if !slices.Equal(want, got) {
		t.Errorf("%s: adjacency %v, turned %v", name, want, got)
	}
}

// Random boards of the built-in sets keep the same properties.
func TestBuiltinBoardProperties(t *testing.T) {
	for _, name := range BuiltinNames() {
		set, err := Builtin(name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for seed := range uint64(100) {
			r := rand.New(rand.NewPCG(seed, 11))
			var tiles []Placement
			for range 1 + r.IntN(9) {
				f := set.Faces[r.IntN(len(set.Faces))]
				tiles = append(tiles, Placement{Face: f.ID, Col: r.IntN(4), Row: r.IntN(3), Rot: 90 * r.IntN(4)})
			}
			b, _ := Build(set, tiles)
			label := fmt.Sprintf("%s seed %d: %+v", name, seed, tiles)
			checkInvariants(t, label, b)
			turned, _ := Build(set, turnPlacements(tiles))
			checkTurned(t, label, b, turned)
			if t.Failed() {
				return
			}
		}
	}
}
