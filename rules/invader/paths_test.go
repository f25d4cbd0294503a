package invader_test

import (
	"fmt"
	"slices"
	"testing"
)

// Spawn tokens in the four corners of the 6×6 station board.
const (
	spawnNW = "{type: spawn, at: [0, 0]}"
	spawnNE = "{type: spawn, at: [5, 0]}"
	spawnSE = "{type: spawn, at: [5, 5]}"
	spawnSW = "{type: spawn, at: [0, 5]}"
)

func TestSpawnOrder(t *testing.T) {
	first := func(tok string) string { return tok[:len(tok)-1] + ", first: true}" }
	cases := []struct {
		name   string
		tokens []string
		want   []int // token indexes: the added spawns come first
	}{
		{"from the first declared, clockwise", []string{spawnNW, spawnNE, spawnSE, spawnSW}, []int{0, 1, 2, 3}},
		{"declared in any order", []string{spawnSW, spawnNE, spawnNW, spawnSE}, []int{0, 2, 1, 3}},
		{"from the one marked first", []string{spawnNW, spawnNE, first(spawnSE), spawnSW}, []int{2, 3, 0, 1}},
		{"first in the south-west", []string{first(spawnSW), spawnSE, spawnNE, spawnNW}, []int{0, 3, 2, 1}},
		{"one Spawn Zone", []string{spawnNE}, []int{0}},
		{"none", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := missionWith(t, "station4.yaml", c.tokens...)
			var got []int
			for _, tok := range w.SpawnOrder() {
				got = append(got, tok.Index)
			}
			if !slices.Equal(got, c.want) {
				t.Errorf("SpawnOrder = %v, want %v", got, c.want)
			}
		})
	}
}

func TestXenoPath(t *testing.T) {
	cases := []struct {
		file, from, to string
		want           string // zone ids; "" = no path
	}{
		{"rooms.yaml", "rooms/p", "rooms/x", "rooms/p rooms/c rooms/u rooms/x"},
		{"rooms.yaml", "rooms/s", "rooms/x", "rooms/s rooms/q rooms/p rooms/c rooms/u rooms/x"},
		{"rooms.yaml", "rooms/c", "rooms/c", "rooms/c"},
		{"moves.yaml", "moves/p", "moves/r", ""},                        // walls stop Xenos
		{"moves.yaml", "moves/p", "moves/q", "moves/p moves/q"},         // the closed violet door too is a way
		{"moves.yaml", "moves/d", "moves/r", "moves/d moves/c moves/r"}, // through the closed neutral door
		{"airlock.yaml", "5B/x", "5B/c", "5B/x 5B/v 5B/l 5B/c"},         // Xenos need no oxygen
		{"exterior.yaml", "8B/a", "8B/e", "8B/a 8B/b 8B/e"},             // equal routes: lower zones first
		{"exterior.yaml", "8B/e", "8B/a", "8B/e 8B/b 8B/a"},
		{"mold-walls.yaml", "moldx/n", "moldx/z", "moldx/n moldx/m moldx/z"}, // through the walls Mold opened
		{"mold-walls-none.yaml", "moldx/n", "moldx/z", ""},
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s %s-%s", c.file, c.from, c.to), func(t *testing.T) {
			w := mission(t, c.file)
			a, b := zone(t, w, c.from), zone(t, w, c.to)
			path := w.XenoPath(a, b)
			if got := ids(w, path); got != c.want {
				t.Errorf("XenoPath = %q, want %q", got, c.want)
			}
			dist := w.XenoDistance([]int{b})
			if path == nil {
				if dist[a] != -1 {
					t.Errorf("no path, but XenoDistance = %d", dist[a])
				}
				return
			}
			if dist[a] != len(path)-1 {
				t.Errorf("path of %d moves, XenoDistance = %d", len(path)-1, dist[a])
			}
		})
	}
}

func TestMoldChain(t *testing.T) {
	spawnA := "{type: spawn, at: [0, 0]}" // line/a
	spawnE := "{type: spawn, at: [4, 0]}" // line/e
	cases := []struct {
		name   string
		file   string
		tokens []string
		from   string
		to     string
		want   string
		ok     bool
	}{
		// a's neighbours are b and f; e's are d and r; r touches a only at a
		// corner, but b along an edge (through a wall: walls do not matter).
		{"walls do not matter, corners do not count", "line.yaml", []string{spawnA, spawnE},
			"line/a", "line/e", "line/b line/r", true},
		{"Active Mold costs nothing", "line.yaml", []string{spawnA, spawnE, "{type: mold, in: line/r}"},
			"line/a", "line/e", "line/b", true},
		{"Inactive Mold does not count", "line.yaml", []string{spawnA, spawnE, "{type: mold, state: inactive, in: line/r}"},
			"line/a", "line/e", "line/b line/r", true},
		{"already linked", "line.yaml", []string{spawnA, spawnE, "{type: mold, in: line/r}", "{type: mold, in: line/b}"},
			"line/a", "line/e", "", true},
		{"either way round", "line.yaml", []string{spawnA, spawnE},
			"line/e", "line/a", "line/r line/b", true},
		{"no Mold outside", "exterior.yaml", []string{"{type: spawn, in: 8B/a}", "{type: spawn, in: 8B/e}"},
			"8B/a", "8B/e", "", false},
		{"an exterior Spawn Zone's station neighbour", "airlock.yaml", []string{"{type: spawn, in: 5B/x}", "{type: spawn, in: 5B/c}"},
			"5B/x", "5B/c", "5B/a", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w := missionWith(t, c.file, c.tokens...)
			chain, ok := w.MoldChain(zone(t, w, c.from), zone(t, w, c.to))
			if got := ids(w, chain); got != c.want || ok != c.ok {
				t.Errorf("MoldChain = %q, %v; want %q, %v", got, ok, c.want, c.ok)
			}
		})
	}
}
