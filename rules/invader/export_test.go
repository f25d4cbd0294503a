package invader

import "github.com/zmission/zmission/layout"

// MoldNear exposes the bounded Mold search to the tests of this package.
func (w *World) MoldNear(a, limit int) []int {
	near := make([]int, len(w.B.Zones))
	for z := range near {
		near[z] = -1
	}
	w.moldNear(a, limit, func(z, d int) { near[z] = d })
	return near
}

// ClosestSpawns exposes the first closest pair of Spawn Zone tokens.
func (w *World) ClosestSpawns() (i, j int, chain []int, ok bool) { return w.closestSpawns() }

// Touching exposes the zones edge-sharing zone z.
func (w *World) Touching(z int) []int { return w.touching()[z] }

// StepOf exposes how a cell edge between zones a and b can be crossed.
func (w *World) StepOf(a, b int, e layout.CellEdge) (Step, bool) { return w.step(a, b, e) }
