package invader_test

import (
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

var sightOptions = []rules.SightOptions{{}, {EnhancedSenses: true}}

// exampleMission is one Invader mission of examples/ with its tile set.
type exampleMission struct {
	file string // relative to examples/
	set  *layout.TileSet
	m    *missions.Mission
}

// examples lints every Invader mission under examples/.
func examples(t *testing.T) []exampleMission {
	t.Helper()
	var out []exampleMission
	root := filepath.Join("..", "..", "examples")
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		switch filepath.Ext(path) {
		case ".yaml", ".yml", ".json":
		default:
			return nil
		}
		r := lint.Path(path, lintOpts)
		if r.Kind != lint.KindMission || r.Mission == nil || r.Mission.Ruleset != invader.Ruleset {
			return nil
		}
		if r.Scene == nil {
			t.Errorf("%s: the example builds no board: %v", path, r.Diags)
			return nil
		}
		set, err := lint.Tileset(path, r.Mission, lintOpts.Limits)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			return nil
		}
		name, _ := filepath.Rel(root, path)
		out = append(out, exampleMission{filepath.ToSlash(name), set, r.Mission})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no Zombicide: Invader mission under examples/")
	}
	return out
}

func TestGraphPropertiesExamples(t *testing.T) {
	for _, ex := range examples(t) {
		t.Run(ex.file, func(t *testing.T) {
			s := scene(ex.set, ex.m)
			checkGraphs(t, s)
			checkRotation(t, ex.set, ex.m, s)
		})
	}
}

func TestGraphPropertiesRandom(t *testing.T) {
	station, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	r := rand.New(rand.NewPCG(7, 11))
	sets := []*layout.TileSet{station}
	for range 3 {
		sets = append(sets, darkened(r, station))
	}
	n := 300
	if testing.Short() {
		n = 40
	}
	for i := range n {
		set := sets[i%len(sets)]
		m := randomMission(r, set)
		s := scene(set, m)
		name := fmt.Sprintf("board %d %v", i, m.Tiles)
		checkGraphs(t, s)
		checkRotation(t, set, m, s)
		checkXenoPaths(t, r, s)
		if t.Failed() {
			t.Fatalf("%s failed; tokens %v", name, tokensString(m))
		}
	}
}

// checkGraphs tests what must hold on any board: moves join edge-sharing
// zones once per kind of way, From < To; every zone sees itself at range 0;
// sight is symmetric and the sight graph is LOS from every zone.
func checkGraphs(t *testing.T, s *rules.Scene) {
	t.Helper()
	w := invader.NewWorld(s)
	b := w.B
	adjacent := map[[2]int]bool{}
	for _, a := range b.Adjacent() {
		adjacent[[2]int{a.A, a.B}] = true
	}
	vias := []string{"opening", "marking", "door", "hatch", "mold"}
	seen := map[string]bool{}
	for _, m := range w.Movement() {
		ms := moveString(w, m)
		if m.From >= m.To {
			t.Errorf("move %s: From %d is not below To %d", ms, m.From, m.To)
		}
		if !adjacent[[2]int{m.From, m.To}] {
			t.Errorf("move %s joins zones that share no edge", ms)
		}
		e := m.Edge
		za, zb := b.ZoneAt(e.X, e.Y), b.ZoneAt(e.X+layout.DX[e.Dir], e.Y+layout.DY[e.Dir])
		if za == nil || zb == nil || za.Index != m.From || zb.Index != m.To || b.Edge(e.X, e.Y, e.Dir) != e.Kind {
			t.Errorf("move %s: its edge %+v is not between its zones", ms, e)
		}
		if !slices.Contains(vias, m.Via) {
			t.Errorf("move %s: unknown way %q", ms, m.Via)
		}
		if !slices.IsSorted(m.Requires) || len(slices.Compact(slices.Clone(m.Requires))) != len(m.Requires) {
			t.Errorf("move %s: requirements not sorted and unique", ms)
		}
		if !m.Survivors || !m.Xenos {
			t.Errorf("move %s: Survivors (with keys) and Xenos take every way", ms)
		}
		outside := b.Zones[m.From].Kind == layout.Exterior || b.Zones[m.To].Kind == layout.Exterior
		if outside != slices.Contains(m.Requires, invader.NeedOxygen) {
			t.Errorf("move %s: oxygen is needed exactly where a step touches the exterior", ms)
		}
		key := fmt.Sprint(m.From, m.To, m.Via, m.Requires)
		if seen[key] {
			t.Errorf("move %s listed twice", ms)
		}
		seen[key] = true
	}
	for _, o := range sightOptions {
		los := make([]map[int]int, len(b.Zones))
		for z := range b.Zones {
			l := w.LOS(z, o)
			if len(l) == 0 || l[0] != (rules.Seen{Zone: z, Range: 0}) {
				t.Errorf("%+v: LOS(%s) does not start with itself at range 0: %v", o, b.Zones[z].ID, l)
			}
			los[z] = map[int]int{}
			for _, sn := range l {
				if _, dup := los[z][sn.Zone]; dup {
					t.Errorf("%+v: LOS(%s) lists %s twice", o, b.Zones[z].ID, b.Zones[sn.Zone].ID)
				}
				if sn.Zone != z && sn.Range < 1 {
					t.Errorf("%+v: LOS(%s) sees %s at range %d", o, b.Zones[z].ID, b.Zones[sn.Zone].ID, sn.Range)
				}
				los[z][sn.Zone] = sn.Range
			}
		}
		lines := 0
		for a := range los {
			for z, r := range los[a] {
				if back, ok := los[z][a]; !ok || back != r {
					t.Errorf("%+v: %s sees %s at range %d, but the other way: %d (seen: %v)", o, b.Zones[a].ID, b.Zones[z].ID, r, back, ok)
				}
				if z > a {
					lines++
				}
			}
		}
		sight := w.Sight(o)
		if len(sight) != lines {
			t.Errorf("%+v: Sight has %d lines, LOS %d pairs", o, len(sight), lines)
		}
		for _, l := range sight {
			if r, ok := los[int(l.From)][int(l.To)]; !ok || r != int(l.Range) || l.From >= l.To {
				t.Errorf("%+v: Sight line %+v does not match LOS", o, l)
			}
		}
	}
}

// rotate turns a whole mission 90° clockwise: the tile at [c, r] goes to
// [R-1-r, c] turned 90° more, a token on cell (x, y) to (H-1-y, x), a door
// side turns with it. Tokens placed by zone are pinned to the cell they were
// placed on, so a door named by zone keeps its edge.
func rotate(m *missions.Mission, s *rules.Scene) *missions.Mission {
	b := s.Board
	rows := b.H / b.N
	out := *m
	out.Tiles = nil
	for _, t := range m.Tiles {
		out.Tiles = append(out.Tiles, missions.Tile{Face: t.Face, At: [2]int{rows - 1 - t.At[1], t.At[0]}, Rot: (t.Rot + 90) % 360})
	}
	placed := map[int]*rules.Token{}
	for _, t := range s.Tokens {
		placed[t.Index] = t
	}
	out.Tokens = nil
	for i, t := range m.Tokens {
		if p := placed[i]; p != nil {
			t.At = &[2]int{b.H - 1 - p.Cell.Y, p.Cell.X}
			t.In = ""
		}
		if d, ok := rules.Side(t.Side); ok {
			t.Side = d.Rotate(90).String()
		}
		out.Tokens = append(out.Tokens, t)
	}
	return &out
}

// zoneMap matches the zones of board a with those of b, a turned 90°
// clockwise: zone z of a is zone f[z] of b, with the turned cells.
func zoneMap(a, b *layout.Board) ([]int, error) {
	if len(a.Zones) != len(b.Zones) {
		return nil, fmt.Errorf("%d zones, turned %d", len(a.Zones), len(b.Zones))
	}
	f := make([]int, len(a.Zones))
	used := make([]bool, len(b.Zones))
	for _, z := range a.Zones {
		var cells []layout.Point
		for _, c := range z.Cells {
			cells = append(cells, layout.Point{X: a.H - 1 - c.Y, Y: c.X})
		}
		slices.SortFunc(cells, func(p, q layout.Point) int {
			if p.Y != q.Y {
				return p.Y - q.Y
			}
			return p.X - q.X
		})
		zb := b.ZoneAt(cells[0].X, cells[0].Y)
		if zb == nil || !slices.Equal(zb.Cells, cells) || used[zb.Index] {
			return nil, fmt.Errorf("zone %s has no turned twin", z.ID)
		}
		if zb.Kind != z.Kind || !slices.Equal(zb.Features, z.Features) {
			return nil, fmt.Errorf("zone %s: kind or features differ once turned", z.ID)
		}
		used[zb.Index] = true
		f[z.Index] = zb.Index
	}
	return f, nil
}

// checkRotation: turning the whole mission by 90° gives the same movement
// and sight graphs, zones matched by their turned cells, and the same spawn
// order (clockwise stays clockwise).
func checkRotation(t *testing.T, set *layout.TileSet, m *missions.Mission, s *rules.Scene) {
	t.Helper()
	rm := rotate(m, s)
	rs := scene(set, rm)
	if len(rs.Tokens) != len(s.Tokens) {
		t.Errorf("turned: %d tokens placed, not %d", len(rs.Tokens), len(s.Tokens))
		return
	}
	f, err := zoneMap(s.Board, rs.Board)
	if err != nil {
		t.Errorf("turned board: %v", err)
		return
	}
	w, rw := invader.NewWorld(s), invader.NewWorld(rs)
	pair := func(a, b int) string { return fmt.Sprint(min(a, b), max(a, b)) }
	var want, got []string
	for _, mv := range w.Movement() {
		want = append(want, fmt.Sprint(pair(f[mv.From], f[mv.To]), mv.Via, mv.Requires))
	}
	for _, mv := range rw.Movement() {
		got = append(got, fmt.Sprint(pair(mv.From, mv.To), mv.Via, mv.Requires))
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("turned: movement differs\n got: %v\nwant: %v", got, want)
	}
	for _, o := range sightOptions {
		want, got = nil, nil
		for _, l := range w.Sight(o) {
			want = append(want, fmt.Sprint(pair(f[l.From], f[l.To]), l.Range))
		}
		for _, l := range rw.Sight(o) {
			got = append(got, fmt.Sprint(pair(int(l.From), int(l.To)), l.Range))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Errorf("turned %+v: sight differs\n got: %v\nwant: %v", o, got, want)
		}
	}
	order := func(w *invader.World) (out []int) {
		for _, t := range w.SpawnOrder() {
			out = append(out, t.Index)
		}
		return out
	}
	// The spawn order turns around the centre of the board's W×H, which
	// counts the empty rows and columns before the first tile; compare it
	// where the tiles reach row 0 and column 0.
	minCol, minRow := math.MaxInt, math.MaxInt
	for _, t := range s.Board.Tiles {
		minCol, minRow = min(minCol, t.Col), min(minRow, t.Row)
	}
	if minCol > 0 || minRow > 0 {
		return
	}
	// A Spawn Zone token on the very centre has no direction to turn.
	for _, t := range w.Of(missions.TokSpawn) {
		if 2*t.Cell.X+1 == s.Board.W && 2*t.Cell.Y+1 == s.Board.H {
			return
		}
	}
	if a, b := order(w), order(rw); !slices.Equal(a, b) {
		t.Errorf("turned: spawn order %v, was %v", b, a)
	}
}

// checkXenoPaths compares XenoPath with a breadth-first search of its own
// over the moves Xenos can take, for random pairs of zones.
func checkXenoPaths(t *testing.T, r *rand.Rand, s *rules.Scene) {
	t.Helper()
	w := invader.NewWorld(s)
	n := len(w.B.Zones)
	adj := make([]map[int]bool, n)
	for i := range adj {
		adj[i] = map[int]bool{}
	}
	for _, m := range w.Movement() {
		if m.Xenos {
			adj[m.From][m.To], adj[m.To][m.From] = true, true
		}
	}
	for range 5 {
		a, b := r.IntN(n), r.IntN(n)
		dist := map[int]int{b: 0}
		for q := []int{b}; len(q) > 0; q = q[1:] {
			for z := range adj[q[0]] {
				if _, ok := dist[z]; !ok {
					dist[z] = dist[q[0]] + 1
					q = append(q, z)
				}
			}
		}
		path := w.XenoPath(a, b)
		d, ok := dist[a]
		if !ok {
			if path != nil {
				t.Errorf("XenoPath(%d, %d) = %v, but no Xeno way joins them", a, b, path)
			}
			continue
		}
		if len(path) != d+1 || path[0] != a || path[len(path)-1] != b {
			t.Errorf("XenoPath(%d, %d) = %v, want %d moves from %d to %d", a, b, path, d, a, b)
			continue
		}
		for i := 1; i < len(path); i++ {
			if !adj[path[i-1]][path[i]] {
				t.Errorf("XenoPath(%d, %d) = %v: no Xeno move %d-%d", a, b, path, path[i-1], path[i])
			}
		}
		if got := w.XenoDistance([]int{b})[a]; got != d {
			t.Errorf("XenoDistance(%d -> %d) = %d, want %d", a, b, got, d)
		}
	}
}

// randomMission lays 1 to 9 random station faces (at most one face of each
// physical tile), randomly turned, on a random contiguous set of squares of
// a 4×4 tile grid, then adds a start, random doors on door openings (named
// from either side), random Mold tokens and Spawn Zones.
func randomMission(r *rand.Rand, set *layout.TileSet) *missions.Mission {
	n := 1 + r.IntN(9)
	phys := r.Perm(9)
	squares := [][2]int{{r.IntN(3), r.IntN(3)}}
	taken := map[[2]int]bool{squares[0]: true}
	for len(squares) < n {
		s := squares[r.IntN(len(squares))]
		d := r.IntN(4)
		q := [2]int{s[0] + layout.DX[d], s[1] + layout.DY[d]}
		if q[0] < 0 || q[1] < 0 || q[0] > 3 || q[1] > 3 || taken[q] {
			continue
		}
		taken[q] = true
		squares = append(squares, q)
	}
	m := &missions.Mission{Format: 1, ID: "random", Title: "Random", Ruleset: invader.Ruleset}
	for i, sq := range squares {
		face := fmt.Sprintf("%d%c", phys[i]+1, "AB"[r.IntN(2)])
		m.Tiles = append(m.Tiles, missions.Tile{Face: face, At: sq, Rot: 90 * r.IntN(4)})
	}
	b := scene(set, m).Board
	cell := func(z *layout.Zone) *[2]int {
		c := z.Cells[r.IntN(len(z.Cells))]
		return &[2]int{c.X, c.Y}
	}
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokStart, At: cell(b.Zones[r.IntN(len(b.Zones))])})
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			for _, d := range []layout.Dir{layout.E, layout.S} {
				if b.Edge(x, y, d) != layout.EdgeDoor || r.IntN(3) == 0 {
					continue
				}
				cx, cy, side := x, y, d
				if r.IntN(2) == 0 {
					cx, cy, side = x+layout.DX[d], y+layout.DY[d], d.Opposite()
				}
				m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokDoor, At: &[2]int{cx, cy}, Side: side.String(),
					Color: pick("", "neutral", "green", "violet"), State: pick("", "closed", "open", "destroyed")})
			}
		}
	}
	for _, z := range b.Zones {
		if r.IntN(5) == 0 {
			m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokMold, At: cell(z), State: pick("", "active", "inactive")})
		}
	}
	for range r.IntN(5) {
		m.Tokens = append(m.Tokens, missions.Token{Type: missions.TokSpawn, At: cell(b.Zones[r.IntN(len(b.Zones))]), First: r.IntN(4) == 0})
	}
	return m
}

// darkened is a copy of a tile set with some zones made dark.
func darkened(r *rand.Rand, set *layout.TileSet) *layout.TileSet {
	out := *set
	out.Faces = nil
	for _, f := range set.Faces {
		g := *f
		g.Zones = map[string]*layout.ZoneSpec{}
		labels := make([]string, 0, len(f.Zones))
		for l := range f.Zones {
			labels = append(labels, l)
		}
		slices.Sort(labels) // the same darkness for the same seed
		for _, l := range labels {
			spec := *f.Zones[l]
			if r.IntN(6) == 0 {
				spec.Features = append(slices.Clone(spec.Features), "dark")
				slices.Sort(spec.Features)
			}
			g.Zones[l] = &spec
		}
		out.Faces = append(out.Faces, &g)
	}
	return &out
}

func tokensString(m *missions.Mission) string {
	var out []string
	for _, t := range m.Tokens {
		s := t.Type
		if t.At != nil {
			s += fmt.Sprintf("@%d,%d", t.At[0], t.At[1])
		}
		if t.Side != "" {
			s += ":" + t.Side
		}
		if t.Color != "" || t.State != "" {
			s += "(" + t.Color + " " + t.State + ")"
		}
		out = append(out, s)
	}
	return strings.Join(out, " ")
}
