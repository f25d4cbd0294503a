package invader

import (
	"slices"

	"github.com/zmission/zmission/rules"
)

// XenoDistance is the number of Xeno moves from the nearest of the sources
// to every zone; -1 where no Xeno can go.
func (w *World) XenoDistance(sources []int) []int { return w.Play().EnemyDistance(sources) }

// XenoPath is a shortest Xeno path from zone a to zone b, or nil.
func (w *World) XenoPath(a, b int) []int { return w.Play().EnemyPath(a, b) }

// SpawnOrder is the spawning order, clockwise from the first Spawn Zone.
func (w *World) SpawnOrder() []*rules.Token { return rules.SpawnOrder(w.Scene) }

// touching lists, per zone, the zones sharing an edge with it (whatever
// stands on the edge), sorted; computed once per World.
func (w *World) touching() [][]int {
	if w.touch == nil {
		w.touch = rules.CutPerZone(len(w.B.Zones), func(count func(a, b int)) {
			for _, adj := range w.B.Adjacent() {
				count(adj.A, adj.B)
			}
		})
		for _, adj := range w.B.Adjacent() {
			w.touch[adj.A] = append(w.touch[adj.A], adj.B)
			w.touch[adj.B] = append(w.touch[adj.B], adj.A)
		}
		for i := range w.touch {
			slices.Sort(w.touch[i])
		}
	}
	return w.touch
}
