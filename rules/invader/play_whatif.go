package invader

import (
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// Changes are the what-if changes of the mission (playtest.Varied): each
// Spawn Zone left out, each door the other way (gridplay.Changes).
func (m *model) Changes(limit int) ([]playtest.Change, int) {
	return gridplay.Changes(m.w.Scene, limit, func(sc *rules.Scene) (playtest.Model, error) { return NewModel(sc, m.decks) })
}
