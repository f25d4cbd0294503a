package invader

// MoldNear exposes the bounded Mold search to the tests of this package.
func (w *World) MoldNear(a, limit int) []int { return w.moldNear(a, limit) }

// Touching exposes the zones edge-sharing zone z.
func (w *World) Touching(z int) []int { return w.touching()[z] }
