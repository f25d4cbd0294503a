package rules

import (
	"math"
	"slices"

	"github.com/zmission/zmission/missions"
)

// Play is a placed mission read with one game's rules: everything the
// checks and the analysis that games share need. A game builds it from its
// own movement rules and keys, then runs Checks and Analyze.
type Play struct {
	*Scene
	Moves  []Move  // Survivors' and enemies' ways between zones
	Puzzle *Puzzle // keys and their sources, for the solver
	Enemy  string  // what the game calls its enemies: "Xeno", "Zombie"
	// CoreBox is the box counted when a mission names none.
	CoreBox string
	// Extra tokens the rules add beyond those placed (type, colour) -> count.
	Extra map[[2]string]int
	// KeyWhy words a game's own key when it is missing ("an Oxygen Tank,
	// and ..."); "" leaves the generic wording.
	KeyWhy func(k string) string
	// Survivors is the mission's number of Survivors (default 6).
	Survivors int
	// Kit is what each Survivor takes at setup, counted against the boxes'
	// Survivor parts; nil for a game that does not count them.
	Kit []KitPart

	explained map[int]explanation // why each unreachable zone is, once asked
	// The enemies' adjacency, made once per Moves, and the distances to
	// the last zone a path was asked towards: every Spawn Zone's path to
	// the start is one search, not one per Spawn Zone.
	enemyOf  []Move
	enemy    [][]int
	pathTo   int
	pathDist []int
	solved   [2]*Solution // Solve(Puzzle, ordered) for ordered false and true, once asked
	tally    *tally       // the boxes' tokens and the mission's uses, once asked
}

// Solved is Solve of the play's puzzle, worked out once: several checks
// need the same fixpoint. Callers must not change it, nor the puzzle after
// the first call.
//
// With no objective ordered (the most missions), ordered changes nothing
// Solve does (it skips order checks only for an objective with an order),
// so the two questions share one fixpoint.
func (pl *Play) Solved(ordered bool) *Solution {
	i := 0
	if ordered && hasOrder(pl.Mission) {
		i = 1
	}
	if pl.solved[i] == nil {
		pl.solved[i] = Solve(pl.Puzzle, ordered)
	}
	return pl.solved[i]
}

// hasOrder reports whether some objective of m has an order.
func hasOrder(m *missions.Mission) bool {
	for _, o := range m.Objectives {
		if o.Order > 0 {
			return true
		}
	}
	return false
}

// NewPlay fills the parts every game computes the same way.
func NewPlay(s *Scene, moves []Move, enemy, core string) *Play {
	p := &Play{Scene: s, Moves: moves, Enemy: enemy, CoreBox: core, Survivors: 6}
	if s.Mission.Survivors > 0 {
		p.Survivors = s.Mission.Survivors
	}
	p.Puzzle = &Puzzle{Scene: s, Moves: moves, Start: -1}
	if st := s.Of(missions.TokStart); len(st) > 0 {
		p.Puzzle.Start = st[0].Zone.Index
	}
	return p
}

// enemyAdj lists, per zone, the zones an enemy can step to, sorted.
func (p *Play) enemyAdj() [][]int {
	if p.enemy != nil && sameMoves(p.enemyOf, p.Moves) {
		return p.enemy
	}
	adj := CutPerZone(len(p.Board.Zones), func(count func(a, b int)) {
		for i := range p.Moves {
			if m := &p.Moves[i]; m.Xenos {
				count(m.From, m.To)
			}
		}
	})
	for _, m := range p.Moves {
		if !m.Xenos || slices.Contains(adj[m.From], m.To) {
			continue
		}
		adj[m.From] = append(adj[m.From], m.To)
		adj[m.To] = append(adj[m.To], m.From)
	}
	for i := range adj {
		slices.Sort(adj[i])
	}
	p.enemy, p.enemyOf, p.pathDist = adj, p.Moves, nil
	return adj
}

// CutPerZone makes n zones' neighbour lists out of one array: each pair
// that pairs calls count with may be a neighbour of both (a pair counted
// twice is room for a repeat that the caller may skip). A zone without
// one has a nil list. Lists of their own per zone cost a board of
// 184,320 zones as many allocations.
func CutPerZone(n int, pairs func(count func(a, b int))) [][]int {
	deg := make([]int, n)
	total := 0
	pairs(func(a, b int) {
		deg[a]++
		deg[b]++
		total += 2
	})
	all := make([]int, total)
	adj := make([][]int, n)
	at := 0
	for z, d := range deg {
		if d > 0 {
			adj[z] = all[at : at : at+d]
			at += d
		}
	}
	return adj
}

// EnemyDistance is the number of enemy moves from the nearest of the
// sources to every zone; -1 where no enemy can go.
func (p *Play) EnemyDistance(sources []int) []int { return bfs(p.enemyAdj(), sources) }

// EnemyPath is a shortest enemy path from zone a to zone b (both included),
// or nil; among equal paths, the one through lower zone indexes.
func (p *Play) EnemyPath(a, b int) []int {
	adj := p.enemyAdj()
	if p.pathDist == nil || p.pathTo != b {
		p.pathDist, p.pathTo = bfs(adj, []int{b}), b
	}
	dist := p.pathDist
	if a < 0 || a >= len(dist) || dist[a] < 0 {
		return nil
	}
	path := []int{a}
	for cur := a; cur != b; {
		for _, n := range adj[cur] {
			if dist[n] == dist[cur]-1 {
				cur = n
				break
			}
		}
		path = append(path, cur)
	}
	return path
}

// Distances are the steps from the nearest of sources to every zone
// along adj (adjacency lists); -1 where none leads.
func Distances(adj [][]int, sources ...int) []int { return bfs(adj, sources) }

func bfs(adj [][]int, sources []int) []int {
	dist := make([]int, len(adj))
	for i := range dist {
		dist[i] = -1
	}
	q := make([]int, 0, len(adj)) // each zone is queued once at most
	for _, s := range sources {
		if s >= 0 && s < len(adj) && dist[s] < 0 {
			dist[s] = 0
			q = append(q, s)
		}
	}
	for len(q) > 0 {
		z := q[0]
		q = q[1:]
		for _, n := range adj[z] {
			if dist[n] < 0 {
				dist[n] = dist[z] + 1
				q = append(q, n)
			}
		}
	}
	return dist
}

// SpawnOrder is the order Spawn Zones spawn in: from the first one (marked
// first, else the first declared) clockwise around the board's centre.
func SpawnOrder(s *Scene) []*Token {
	sp := s.Of(missions.TokSpawn)
	if len(sp) == 0 {
		return nil
	}
	first := sp[0]
	for _, t := range sp {
		if t.First {
			first = t
			break
		}
	}
	cx, cy := centre(s)
	angle := func(t *Token) float64 {
		// y grows downwards, so a growing atan2 angle turns clockwise on screen.
		return math.Atan2(float64(t.Cell.Y)+0.5-cy, float64(t.Cell.X)+0.5-cx)
	}
	a0 := angle(first)
	turn := func(t *Token) float64 {
		if t == first {
			return -1
		}
		d := angle(t) - a0
		for d < 0 {
			d += 2 * math.Pi
		}
		return d
	}
	out := slices.Clone(sp)
	slices.SortStableFunc(out, func(a, b *Token) int {
		ta, tb := turn(a), turn(b)
		switch {
		case ta < tb:
			return -1
		case ta > tb:
			return 1
		}
		return a.Index - b.Index
	})
	return out
}

// centre is the middle of the placed tiles' bounding box, in cells, so the
// order does not change when the whole board moves on the tile grid.
func centre(s *Scene) (float64, float64) {
	b := s.Board
	if len(b.Tiles) == 0 {
		return float64(b.W) / 2, float64(b.H) / 2
	}
	minC, minR, maxC, maxR := b.Tiles[0].Col, b.Tiles[0].Row, b.Tiles[0].Col, b.Tiles[0].Row
	for _, t := range b.Tiles {
		minC, maxC = min(minC, t.Col), max(maxC, t.Col)
		minR, maxR = min(minR, t.Row), max(maxR, t.Row)
	}
	n := float64(b.N)
	return (float64(minC) + float64(maxC+1)) * n / 2, (float64(minR) + float64(maxR+1)) * n / 2
}

// Checks runs every check games share: start, references, solvability,
// coloured doors, spawns, inventory. The tile set's game is checked before
// the board is built (CheckTileset).
func (p *Play) Checks() []Finding {
	var out []Finding
	out = append(out, p.checkPlayers()...)
	out = append(out, p.checkStart()...)
	out = append(out, p.checkRefs()...)
	out = append(out, p.checkSolvable()...)
	out = append(out, p.checkSpawns()...)
	out = append(out, p.checkRuleEffects()...)
	out = append(out, p.checkInventory()...)
	return out
}

// AfterDestroyed is the play once the enemies have destroyed the doors
// they destroy for certain (Puzzle.Destroyed): those ways are open both
// ways, as a destroyed door is. The play itself is returned when there
// are none. The copy shares the scene, never the cached solutions.
func (pl *Play) AfterDestroyed() *Play {
	if len(pl.Puzzle.Destroyed) == 0 {
		return pl
	}
	return pl.opened(pl.Puzzle.Destroyed)
}

// opened is the play with the doors given destroyed (a subset of
// Puzzle.Destroyed, which the copy's puzzle lists instead).
func (pl *Play) opened(doors map[int]*Token) *Play {
	p := pl.Puzzle
	moves := slices.Clone(pl.Moves)
	for i := range moves {
		if m := &moves[i]; m.OneWay && m.Door >= 0 && doors[m.Door] != nil {
			m.OneWay = false
		}
	}
	q := &Play{Scene: pl.Scene, Moves: moves, Enemy: pl.Enemy, CoreBox: pl.CoreBox, Extra: pl.Extra, KeyWhy: pl.KeyWhy, Survivors: pl.Survivors, Kit: pl.Kit}
	pz := &Puzzle{Scene: p.Scene, Moves: moves, Start: p.Start, Initial: p.Initial, ZoneKeys: p.ZoneKeys, ItemKey: p.ItemKey, Gone: p.Gone, Destroyed: doors}
	q.Puzzle = pz
	return q
}
