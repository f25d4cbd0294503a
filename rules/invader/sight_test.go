package invader_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

// One case per Line of Sight rule: what a zone sees, every zone with its
// range. The missions in testdata/board draw each board in their header.
var losCases = []struct {
	rule     string
	file     string
	from     string
	enhanced bool
	want     string
}{
	// Corridors: straight lines through markings, up to a wall or the board
	// edge; no diagonals.
	{"corridor line through markings, stopped by a wall", "line.yaml", "line/a", false,
		"line/a:0 line/b:1 line/c:2 line/d:3 line/f:1"},
	{"no diagonals: f is diagonal to b", "line.yaml", "line/b", false,
		"line/a:1 line/b:0 line/c:1 line/d:2"},
	{"a wall on one side, rooms on the other", "line.yaml", "line/e", false,
		"line/e:0"},
	{"a corridor column sees up its line only", "line.yaml", "line/f", false,
		"line/a:1 line/f:0"},
	{"the board edge (a square with no tile) stops sight", "edge.yaml", "low1/a", false,
		"low1/a:0 low1/b:1"},
	{"the board edge, from the other side", "edge.yaml", "low2/a", false,
		"low2/a:0 low2/b:1"},

	// Rooms: 1 Zone; through a corridor, 1 Zone into the opposite room.
	{"room: the adjacent rooms through openings", "rooms.yaml", "rooms/q", false,
		"rooms/p:1 rooms/q:0 rooms/s:1"},
	{"room: not the room beyond the next one", "rooms.yaml", "rooms/s", false,
		"rooms/q:1 rooms/s:0"},
	{"room -> corridor -> 1 Zone into the opposite room", "rooms.yaml", "rooms/p", false,
		"rooms/c:1 rooms/p:0 rooms/q:1 rooms/u:2"},
	{"the opposite room sees back", "rooms.yaml", "rooms/u", false,
		"rooms/c:1 rooms/p:2 rooms/u:0 rooms/x:1"},
	{"corridor: 1 Zone into rooms, not the room behind", "rooms.yaml", "rooms/c", false,
		"rooms/c:0 rooms/p:1 rooms/u:1"},

	// Doors and walls.
	{"closed door blocks; open, destroyed, and no token do not", "doors.yaml", "doors/c", false,
		"doors/b:1 doors/c:0 doors/d:1 doors/e:1"},
	{"behind a closed door", "doors.yaml", "doors/a", false,
		"doors/a:0"},
	{"behind an open door", "doors.yaml", "doors/b", false,
		"doors/b:0 doors/c:1"},
	{"behind a full wall", "doors.yaml", "doors/f", false,
		"doors/f:0"},

	// Airlocks: the hatch always blocks sight.
	{"airlock: not through the hatch", "airlock.yaml", "5B/l", false,
		"5B/c:1 5B/l:0"},
	{"exterior: not through the hatch", "airlock.yaml", "5B/v", false,
		"5B/v:0 5B/x:1"},
	{"corridor into the airlock and the rooms beside it", "airlock.yaml", "5B/c", false,
		"5B/a:1 5B/b:1 5B/c:0 5B/l:1"},

	// Exterior zones see like corridors.
	{"exterior: straight lines through markings", "exterior.yaml", "8B/a", false,
		"8B/a:0 8B/b:1 8B/c:1 8B/d:1 8B/e:2"},
	{"exterior: another zone", "exterior.yaml", "8B/c", false,
		"8B/a:1 8B/b:2 8B/c:0 8B/d:1 8B/e:1"},

	// Mold.
	{"Active Mold counts as a room: seen, not seen through", "line-mold.yaml", "line/a", false,
		"line/a:0 line/b:1 line/f:1"},
	{"from Active Mold: out along the corridor, 1 Zone through its opened wall", "line-mold.yaml", "line/b", false,
		"line/a:1 line/b:0 line/c:1 line/d:2 line/r:1"},
	{"into Active Mold through its opened wall, no farther", "line-mold.yaml", "line/r", false,
		"line/b:1 line/r:0"},
	{"Inactive Mold counts as a corridor: the rooms on both sides see each other", "rooms-inactive.yaml", "rooms/s", false,
		"rooms/p:2 rooms/q:1 rooms/s:0"},
	{"Inactive Mold, the other side", "rooms-inactive.yaml", "rooms/p", false,
		"rooms/c:1 rooms/p:0 rooms/q:1 rooms/s:2 rooms/u:2"},
	{"Inactive Mold: its wall to the corridor is an opening", "rooms-inactive.yaml", "rooms/c", false,
		"rooms/c:0 rooms/p:1 rooms/q:1 rooms/u:1"},
	{"without Mold, the closed door blocks", "mold-walls-none.yaml", "moldx/c", false,
		"moldx/c:0"},
	{"Mold removes the zone's door", "mold-walls.yaml", "moldx/c", false,
		"moldx/c:0 moldx/m:1"},
	{"Mold opens the zone's walls, except to the exterior", "mold-walls.yaml", "moldx/m", false,
		"moldx/c:1 moldx/m:0 moldx/n:1 moldx/z:1"},
	{"the exterior does not see into the Mold zone", "mold-walls.yaml", "moldx/e", false,
		"moldx/e:0"},
	{"Mold in an Airlock: its walls open, the hatch still blocks", "airlock-mold.yaml", "5B/l", false,
		"5B/a:1 5B/b:1 5B/c:1 5B/l:0"},

	// Darkness and Enhanced senses.
	{"a dark zone blocks sight", "dark.yaml", "dark/a", false,
		"dark/a:0 dark/b:1"},
	{"a dark zone sees nothing", "dark.yaml", "dark/k", false,
		"dark/k:0"},
	{"Enhanced senses ignore darkness", "dark.yaml", "dark/a", true,
		"dark/a:0 dark/b:1 dark/d:3 dark/e:4 dark/k:2"},
	{"Enhanced senses from a dark zone", "dark.yaml", "dark/k", true,
		"dark/a:2 dark/b:1 dark/d:1 dark/e:2 dark/k:0"},
	{"corridor: 1 Zone into the rooms", "dark.yaml", "dark/f", false,
		"dark/f:0 dark/p:1"},
	{"Enhanced senses: 2 Zones into the rooms", "dark.yaml", "dark/f", true,
		"dark/f:0 dark/p:1 dark/q:2"},
	{"room: 1 Zone", "dark.yaml", "dark/q", false,
		"dark/p:1 dark/q:0 dark/r:1"},
	{"Enhanced senses from a room: 2 Zones of rooms, corridors beyond", "dark.yaml", "dark/q", true,
		"dark/f:2 dark/p:1 dark/q:0 dark/r:1 dark/s:2"},
}

func TestLOS(t *testing.T) {
	for _, c := range losCases {
		t.Run(c.rule, func(t *testing.T) {
			w := mission(t, c.file)
			from := zone(t, w, c.from)
			seen := w.LOS(from, rules.SightOptions{EnhancedSenses: c.enhanced})
			if got, want := seenString(w, seen), sortWords(c.want); got != want {
				t.Errorf("%s: LOS(%s, enhanced=%v)\n got: %s\nwant: %s", c.file, c.from, c.enhanced, got, want)
			}
			if len(seen) == 0 || seen[0].Zone != from || seen[0].Range != 0 {
				t.Errorf("LOS(%s) does not start with the zone itself at range 0: %v", c.from, seen)
			}
			for i := 1; i < len(seen); i++ {
				p, q := seen[i-1], seen[i]
				if p.Range > q.Range || p.Range == q.Range && p.Zone >= q.Zone {
					t.Errorf("LOS(%s) is not sorted by range, then zone: %v", c.from, seen)
					break
				}
			}
		})
	}
}

// TestSightMatchesLOS: the sight graph is LOS from every zone, each pair
// once.
func TestSightMatchesLOS(t *testing.T) {
	for _, file := range []string{"line.yaml", "rooms.yaml", "doors.yaml", "airlock.yaml", "mold-walls.yaml", "dark.yaml", "edge.yaml"} {
		w := mission(t, file)
		for _, o := range []rules.SightOptions{{}, {EnhancedSenses: true}} {
			want := map[[2]int]int{}
			for z := range w.B.Zones {
				for _, s := range w.LOS(z, o) {
					if s.Zone > z {
						want[[2]int{z, s.Zone}] = s.Range
					}
				}
			}
			got := w.Sight(o)
			if len(got) != len(want) {
				t.Errorf("%s %+v: Sight has %d lines, LOS gives %d", file, o, len(got), len(want))
			}
			for i, l := range got {
				if r, ok := want[[2]int{int(l.From), int(l.To)}]; !ok || r != int(l.Range) {
					t.Errorf("%s %+v: Sight line %+v is not in LOS", file, o, l)
				}
				if i > 0 && (got[i-1].From > l.From || got[i-1].From == l.From && got[i-1].To >= l.To) {
					t.Errorf("%s: Sight is not sorted at %d", file, i)
				}
			}
		}
	}
}

// TestSightGraphReservesLittle: the sight graph sizes its list from the
// lines found so far, never past four times what it holds. The star's
// first zone (the whole top row) sees every column, where the other zones
// see little: a guess from it alone was n² lines.
func TestSightGraphReservesLittle(t *testing.T) {
	label := func(i int) string { return string(rune('a'+i/26)) + string(rune('a'+i%26)) }
	var ts strings.Builder
	ts.WriteString("format: 1\nname: star\nsize: 16\nfaces:\n  S:\n    grid:\n")
	for y := range 16 {
		ts.WriteString("      -")
		for x := range 16 {
			if y == 0 {
				ts.WriteString(" top")
			} else {
				ts.WriteString(" " + label(y*16+x))
			}
		}
		ts.WriteString("\n")
	}
	ts.WriteString("    zones:\n      top: corridor\n")
	for i := 16; i < 256; i++ {
		fmt.Fprintf(&ts, "      %s: corridor\n", label(i))
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "star.yaml"), []byte(ts.String()), 0o644)
	m := "format: 1\nid: star\ntitle: Star\nruleset: zombicide-invader\ntileset: ./star.yaml\ntiles:\n  - {face: S, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 0]}\n  - {type: exit, at: [5, 5]}\nobjectives:\n  - exit: all\n"
	path := filepath.Join(dir, "m.yaml")
	os.WriteFile(path, []byte(m), 0o644)
	r := lint.Path(path, lintOpts)
	if r.Scene == nil {
		t.Fatalf("no board: %v", r.Diags)
	}
	w := invader.NewWorld(r.Scene)
	sight := w.Sight(rules.SightOptions{})
	if w.B.Zones[0].ID != "S/top" || len(sight) < 1000 {
		t.Fatalf("zone 0 is %s, %d lines", w.B.Zones[0].ID, len(sight))
	}
	if cap(sight) > 4*len(sight) {
		t.Errorf("%d lines in a list of %d", len(sight), cap(sight))
	}
}
