package editor

import (
	"sync"

	"github.com/zmission/zmission/rules"
)

// Balance is the form view's "Played out" answer for a game not played
// on tiles whose documents can be played out (Survival Infection's whole
// games, a colony scenario's plays): the figures the game's play checks
// read, for the last version that could be read, so a flag beside them is
// the finding in Issues. Unavailable says why there are none; Figures is
// then empty. The game's own value is sent as it is: its JSON is the one
// 'zmission analyze --format json' prints under games / plays.
type Balance struct {
	Version     string `json:"version"`
	Ruleset     string `json:"ruleset,omitempty"`
	Unavailable string `json:"unavailable,omitempty"`
	Figures     any    `json:"figures,omitempty"`
}

// balanceCache keeps the last answer: a version's games never change, and
// the page asks again for a version it already has after an undo.
type balanceCache struct {
	mu      sync.Mutex
	version string
	reply   Reply
}

// balance plays out the last good version, once per version. The page
// asks only when typing has paused (balance.js), and the answer runs
// outside s.mu, so an edit is never held by it.
func (s *Session) balance() Reply {
	s.mu.Lock()
	good := s.good
	s.mu.Unlock()
	if good == nil || good.res == nil || good.res.Model == nil {
		return errorReply(StatusStale, "there is no scenario or setup to play out yet", "")
	}
	c := &s.balanced
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.version == good.version && c.reply.Body != nil {
		return c.reply
	}
	m := good.res.Model
	out := Balance{Version: good.version, Ruleset: m.Ruleset()}
	if g, ok := rules.LookupModel(m.Ruleset()).(rules.ModelPlayOut); ok {
		out.Figures = g.PlayOutModel(m)
	}
	if out.Figures == nil {
		out.Unavailable = "zmission does not play this game out yet"
	}
	c.version, c.reply = good.version, jsonReply(StatusOK, out)
	return c.reply
}
