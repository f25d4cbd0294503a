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
	return a
}

func moldReport(w *World) *rules.MoldReport {
	sp := w.Of(missions.TokSpawn)
	var best *rules.MoldReport
	for i := range sp {
		for j := i + 1; j < len(sp); j++ {
			if sp[i].Zone.Index == sp[j].Zone.Index {
				continue
			}
			c, ok := w.MoldChain(sp[i].Zone.Index, sp[j].Zone.Index)
			if !ok || (best != nil && len(c) >= best.Zones) {
				continue
			}
			best = &rules.MoldReport{Zones: len(c), Chain: []string{}, Between: [2]string{sp[i].Zone.ID, sp[j].Zone.ID}}
			for _, z := range c {
				best.Chain = append(best.Chain, w.B.Zones[z].ID)
			}
		}
	}
	return best
}
