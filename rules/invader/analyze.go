package invader

import (
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Analyze reports the play order and the metrics a designer wants, with
// the Mold risk.
func (game) Analyze(s *rules.Scene) *rules.Analysis {
	w := NewWorld(s)
	a := w.Play().Analyze()
	a.Mold = moldReport(w)
	e := rules.EstimateOf(a)
	a.Estimate = &e
	return a
}

func moldReport(w *World) *rules.MoldReport {
	i, j, c, ok := w.closestSpawns()
	if !ok {
		return nil
	}
	sp := w.Of(missions.TokSpawn)
	r := &rules.MoldReport{Zones: len(c), Chain: []string{}, Between: [2]string{sp[i].Zone.ID, sp[j].Zone.ID}}
	for _, z := range c {
		r.Chain = append(r.Chain, w.B.Zones[z].ID)
	}
	return r
}
