package gridplay

import (
	"fmt"
	"slices"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/rules"
)

// Changes are a grid mission's what-if changes (playtest.Varied): each
// Spawn Zone left out, each door the other way (a closed door open, an
// open one closed), one at a time, the first limit of them, each read by
// model into the game's Model; of is how many the mission has.
func Changes(s *rules.Scene, limit int, model func(*rules.Scene) (playtest.Model, error)) ([]playtest.Change, int) {
	var out []playtest.Change
	of := 0
	for _, t := range s.Tokens {
		if t.Type == missions.TokSpawn || t.Type == missions.TokDoor {
			of++
		}
		if len(out) >= limit {
			continue
		}
		var name string
		mis := *s.Mission
		mis.Tokens = slices.Clone(s.Mission.Tokens)
		switch t.Type {
		case missions.TokSpawn:
			name = fmt.Sprintf("without the %s Spawn Zone at %s (%d,%d)", orRed(t.Color), t.Zone.ID, t.Cell.X, t.Cell.Y)
			mis.Tokens = slices.Delete(mis.Tokens, t.Index, t.Index+1)
		case missions.TokDoor:
			tok := &mis.Tokens[t.Index]
			if tok.State == "" || tok.State == "closed" {
				tok.State = "open"
				name = fmt.Sprintf("with the door at %d,%d:%s open", t.Cell.X, t.Cell.Y, t.Side)
			} else {
				tok.State = "closed"
				name = fmt.Sprintf("with the door at %d,%d:%s closed", t.Cell.X, t.Cell.Y, t.Side)
			}
		default:
			continue
		}
		sc, _ := rules.Place(nil, &mis, s.Board)
		if sc == nil {
			continue
		}
		cm, err := model(sc)
		if err != nil {
			continue // the change leaves nothing to play
		}
		out = append(out, playtest.Change{Name: name, Model: cm})
	}
	return out, of
}

func orRed(c string) string {
	if c == "" {
		return "red"
	}
	return c
}
