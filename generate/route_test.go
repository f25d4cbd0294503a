package generate

import "testing"

// TestSpawnFault: a Spawn Zone is refused beside the start or the Exit
// (fewer than SpawnAway moves), and on a zone every route to a goal
// crosses, and allowed off the route or where a way round is left; near tells the zones the placement avoids while it can.
func TestSpawnFault(t *testing.T) {
	// 0-1-2-3-4-5-6-7, a loop 3-8-9-10-5 round 4, 11 hanging off 8, and
	// 12-13 off the start.
	edges := [][2]int{{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 5}, {5, 6}, {6, 7}, {3, 8}, {8, 9}, {9, 10}, {10, 5}, {8, 11}, {0, 12}, {12, 13}}
	adj := make([][]int, 14)
	for _, e := range edges {
		adj[e[0]] = append(adj[e[0]], e[1])
		adj[e[1]] = append(adj[e[1]], e[0])
	}
	r := newRouteView(adj, 0, []int{6}, 7)
	for z, want := range map[int]string{
		1: "moves from the start", 12: "moves from the start", 13: "", // 2 moves away: allowed, not preferred
		6: "moves from the Exit", 2: "a chokepoint",
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
	if r.nearEnd(13, SpawnPrefer) || !r.nearEnd(5, SpawnPrefer) {
		t.Error("nearEnd counts from the start, or misses the Exit")
	}
	// With no Objective and no Exit, only the start counts.
	if got := newRouteView(adj, 0, nil, -1).spawnFault(2); got != "" {
		t.Errorf("zone 2 with no goal: %q", got)
	}
}
