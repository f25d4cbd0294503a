package generate

import "testing"

// TestSpawnFault: a Spawn Zone is refused beside the start (fewer than
// SpawnAway moves), and on a zone every route to a goal
// crosses, and allowed off the route or where a way round is left; near tells the zones the placement avoids while it can.
func TestSpawnFault(t *testing.T) {
	// 0-1-2-3-4-5-6-7, a loop 3-8-9-10-5 round 4, 11 hanging off 8,
	// 12-13 off the start and 14 off the Exit.
	edges := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {3, 8}, {8, 9}, {9, 10}, {10, 5}, {8, 11}, {0, 12}, {12, 13}, {7, 14}}
	adj := make([][]int, 15)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	r := newRouteView(adj, 0, []int{6}, 7)
	for z, want := range map[int]string{
		1: "moves from the start", 12: "moves from the start", 13: "", // 2 moves away: allowed, not preferred
		6: "a chokepoint", 2: "a chokepoint",
		14: "", // beside the Exit: the placement's last resort
		4:  "", // taken out, the way round by 8, 9 and 10 is left
		11: "", 9: "",
	} {
		if got := r.spawnFault(z); got != want {
			t.Errorf("zone %d: %q, want %q", z, got, want)
		}
	}
	for z, want := range map[int]bool{13: true, 5: true, 11: false, 9: false} {
		if got := r.near(z, SpawnPrefer); got != want {
			t.Errorf("zone %d near an end: %v, want %v", z, got, want)
		}
	}
	if r.nearEnd(13, SpawnPrefer) || !r.nearEnd(5, SpawnPrefer) || !r.nearEnd(14, SpawnAway) {
		t.Error("nearEnd counts from the start, or misses the Exit")
	}
	// With no Objective and no Exit, only the start counts.
	if got := newRouteView(adj, 0, nil, -1).spawnFault(2); got != "" {
		t.Errorf("zone 2 with no goal: %q", got)
	}
}
