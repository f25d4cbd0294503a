package rules

import "slices"

// Analysis is what `zmission analyze` reports about a mission: the play
// order, whether each victory condition can be met, the routes, spawns,
// Mold risk and inventory. Games fill it; the app prints it as text or JSON.
type Analysis struct {
	Title       string           `json:"title"`
	Enemy       string           `json:"enemy"` // Xeno, Zombie
	Ruleset     string           `json:"ruleset"`
	Tiles       int              `json:"tiles"`
	Cells       [2]int           `json:"cells"` // width, height
	Zones       int              `json:"zones"`
	Start       string           `json:"start,omitempty"`
	Spheres     []SphereReport   `json:"spheres"`
	Objectives  []ObjectiveState `json:"objectives"`
	Routes      []Route          `json:"routes"`
	Spawns      []SpawnReport    `json:"spawns"`
	ExtraSpawns int              `json:"extra_spawns"`
	Mold        *MoldReport      `json:"mold,omitempty"`
	Inventory   []InventoryLine  `json:"inventory"`
	// Sections holds what a game adds (classic: buildings, streets).
	Sections []Section `json:"sections,omitempty"`
	// Estimate is the difficulty and playing time read from the rest
	// (EstimateOf), set by the game once its own parts are in.
	Estimate *Estimate `json:"estimate,omitempty"`
}

// SphereReport is one step of the play order, in words.
type SphereReport struct {
	Index  int      `json:"index"`
	Opened []Gain   `json:"opened_by"` // keys that opened it
	Zones  []string `json:"zones"`     // zones first reachable
	Taken  []string `json:"taken"`     // objective tokens taken
	Fired  []string `json:"fired"`     // special rules that fired
	// Credits: which of the keys opened which zones, when a step has
	// several (each zone credited to the key it needed).
	Credits []Credit `json:"credits,omitempty"`
}

// Credit is the zones one key (or several keys together) made reachable.
type Credit struct {
	Opened []Gain   `json:"opened_by"`
	Zones  []string `json:"zones"`
}

// ObjectiveState says whether a victory condition can be met, and when.
type ObjectiveState struct {
	Number int    `json:"number"`
	Text   string `json:"text"`
	Met    bool   `json:"met"`
	Sphere int    `json:"sphere"` // -1 when never
	Note   string `json:"note,omitempty"`
}

// Route is the shortest way to something the mission needs.
type Route struct {
	To    string   `json:"to"`
	From  string   `json:"from"`
	Moves int      `json:"moves"` // -1 when unreachable
	Path  []string `json:"path"`
	// SpawnDistance is the fewest enemy moves from an active Spawn Zone to
	// any zone of the route: how close danger comes.
	SpawnDistance int `json:"spawn_distance"`
}

// SpawnReport is one Spawn Zone in spawning order.
type SpawnReport struct {
	Order   int    `json:"order"`
	Color   string `json:"color"`
	At      [2]int `json:"at"`
	Zone    string `json:"zone"`
	ToStart int    `json:"moves_to_start"` // enemy moves; -1 = never
	Active  string `json:"active"`         // "always", "sphere N", "never"
}

// MoldReport is the shortest Mold chain between two Spawn Zones.
type MoldReport struct {
	Zones   int       `json:"zones"` // Active Mold zones still needed
	Chain   []string  `json:"chain"`
	Between [2]string `json:"between"`
}

// InventoryLine is one count of the inventory.
type InventoryLine struct {
	What  string `json:"what"`
	Used  int    `json:"used"`
	Owned int    `json:"owned"`
}

// Section is a titled list a game adds to the analysis.
type Section struct {
	Title string   `json:"title"`
	Lines []string `json:"lines"`
}

// Analyzer is a game that can analyse a mission.
type Analyzer interface {
	Analyze(s *Scene) *Analysis
}

// ShortestPath is a shortest Survivor path from zone a to zone b with keys,
// both ends included, or nil. Ties go to lower zone indexes.
func ShortestPath(moves []Move, n, a, b int, keys map[string]int) []int {
	return shortestPath(usableAdj(moves, n, keys), a, b)
}

// usableAdj lists, per zone, the zones a Survivor holding keys can move
// to from it, sorted.
func usableAdj(moves []Move, n int, keys map[string]int) [][]int {
	adj := make([][]int, n)
	for i := range moves {
		if m := &moves[i]; usable(m, keys) {
			if m.Leaving(m.From) {
				adj[m.From] = append(adj[m.From], m.To)
			}
			if m.Leaving(m.To) {
				adj[m.To] = append(adj[m.To], m.From)
			}
		}
	}
	for _, ns := range adj {
		slices.Sort(ns)
	}
	return adj
}

// shortestPath is ShortestPath over an adjacency made by usableAdj.
func shortestPath(adj [][]int, a, b int) []int {
	n := len(adj)
	prev := make([]int, n)
	for i := range prev {
		prev[i] = -2
	}
	prev[a] = -1
	q := []int{a}
	for len(q) > 0 && prev[b] == -2 {
		z := q[0]
		q = q[1:]
		for _, o := range adj[z] {
			if prev[o] == -2 {
				prev[o] = z
				q = append(q, o)
			}
		}
	}
	if prev[b] == -2 {
		return nil
	}
	var path []int
	for z := b; z != -1; z = prev[z] {
		path = append(path, z)
	}
	for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
		path[i], path[j] = path[j], path[i]
	}
	return path
}
