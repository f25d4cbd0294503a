package generate

import "testing"

// TestSpawnFault: a Spawn Zone is refused beside the start or the Exit,
// and on a zone every route to a goal crosses (cut, or a detour of
// ChokeDetour moves or more), and allowed off the route.
func TestSpawnFault(t *testing.T) {
	// 0-1-2-3-4-5-6, a loop 2-7-8-10-4 round 3, and 9 hanging off 7.
	edges := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {2, 7}, {7, 8}, {8, 10}, {10, 4}, {7, 9}}
	adj := make([][]int, 11)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	r := newRouteView(adj, 0, []int{5}, 6, SmallBoard)
	for z, want := range map[int]string{
		1: "moves from the start", 2: "moves from the start",
		5: "moves from the Exit", 4: "moves from the Exit",
		3: "a chokepoint", // taken out, the way round by 7, 8 and 10 is 2 moves longer
		9: "", 8: "",
	} {
		if got := r.spawnFault(z); got != want {
			t.Errorf("zone %d: %q, want %q", z, got, want)
		}
	}
	// With no Objective and no Exit, only the start counts.
	if got := newRouteView(adj, 0, nil, -1, SmallBoard).spawnFault(3); got != "" {
		t.Errorf("zone 3 with no goal: %q", got)
	}
}

// TestSpawnAwaySmall: on a 2×2 board a Spawn Zone may stand 2 moves from
// the start, never beside it.
func TestSpawnAwaySmall(t *testing.T) {
	adj := [][]int{{1}, {0, 2}, {1, 3}, {2}}
	r := newRouteView(adj, 0, nil, -1, 4)
	if r.spawnFault(1) == "" || r.spawnFault(2) != "" {
		t.Errorf("2×2: beside the start %q, 2 moves away %q", r.spawnFault(1), r.spawnFault(2))
	}
	if r := newRouteView(adj, 0, nil, -1, SmallBoard); r.spawnFault(2) == "" {
		t.Error("3×2: a Spawn Zone 2 moves from the start passes")
	}
}
