// Package rules holds what every game shares: the Scene (a mission's tokens
// resolved onto its board), Findings (what a game's checks report, pointing
// into the mission document), and the registry of games. Each game lives in
// its own sub-package (rules/invader, ...) and registers itself.
package rules

import (
	"sort"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

// Finding is one result of a check, located by JSON Pointer into the mission
// document; lint turns it into a diagnostic with line:col.
type Finding struct {
	Rule    string
	Ptr     string // the value it is about
	Key     bool   // point at the key of Ptr rather than its value
	Message string
	Hint    string
	Related []Related
}

// Related is a secondary place that explains a finding.
type Related struct {
	Ptr     string
	Message string
}

// Game is one ruleset's semantics.
type Game interface {
	// Ruleset is the mission's ruleset value, e.g. "zombicide-invader".
	Ruleset() string
	// DefaultTileset is the built-in tile set used when a mission names none.
	DefaultTileset() string
	// Check runs the game's checks on a placed mission.
	Check(s *Scene, opt Options) []Finding
}

// Options tune a game's checks, from configuration.
type Options interface {
	// Int returns a check's integer option, or def.
	Int(rule, key string, def int) int
}

var games = struct {
	sync.RWMutex
	m map[string]Game
}{m: map[string]Game{}}

// Register adds a game; called from the game package's init.
func Register(g Game) {
	games.Lock()
	defer games.Unlock()
	games.m[g.Ruleset()] = g
}

// Lookup returns the game for a ruleset, or nil.
func Lookup(ruleset string) Game {
	games.RLock()
	defer games.RUnlock()
	return games.m[ruleset]
}

// Rulesets lists the registered games of every board kind, sorted.
func Rulesets() []string {
	games.RLock()
	defer games.RUnlock()
	var out []string
	for k := range games.m {
		out = append(out, k)
	}
	out = append(out, modelRulesets()...)
	sort.Strings(out)
	return out
}

// Scene is a mission with its board and its tokens placed on it.
type Scene struct {
	Doc     *missions.Doc
	Mission *missions.Mission
	Board   *layout.Board
	Tokens  []*Token // every token that could be placed, in document order

	moves *movesMemo // the movement graph, once per scene (Place makes it)
	paths *pathsMemo // the enemies' paths, once per scene and game (Place makes it)
}

// movesMemo keeps the moves a game made of a scene: a command asks for
// them several times (its checks, then the graph, the analysis or the
// map, each through a world of its own), and on a board of 262,144 zones
// each time cost a second of CPU. They stand while the scene has the
// board and the tokens they were made from (a copy of a scene with other
// tokens makes its own).
type movesMemo struct {
	mu     sync.Mutex
	board  *layout.Board
	tokens []*Token
	moves  []Move
}

// Moves returns the scene's moves, made by build the first time (per board
// and token list). Callers share them: they must not change them.
func (s *Scene) Moves(build func() []Move) []Move {
	if s.moves == nil {
		return build()
	}
	m := s.moves
	m.mu.Lock()
	defer m.mu.Unlock()
	same := m.board == s.Board && len(m.tokens) == len(s.Tokens) &&
		(len(s.Tokens) == 0 || &m.tokens[0] == &s.Tokens[0])
	if m.moves == nil || !same {
		m.board, m.tokens, m.moves = s.Board, s.Tokens, build()
	}
	return m.moves[:len(m.moves):len(m.moves)] // an append by a caller copies
}

// pathsMemo keeps the paths a game worked out for a scene: the editor's
// map draws them and its state asks the game's again (a classic play built
// anew, the enemies' searches done again). They stand while the scene has
// the board, mission and tokens they were made from.
type pathsMemo struct {
	mu      sync.Mutex
	ruleset string
	board   *layout.Board
	mission *missions.Mission
	tokens  []*Token
	paths   *Paths
}

// PathsOf returns g.Paths(s), worked out the first time for this scene's
// board, mission and tokens. Callers share it: they must not change it.
func (s *Scene) PathsOf(g PathGame) Paths {
	if s.paths == nil {
		return g.Paths(s)
	}
	m := s.paths
	m.mu.Lock()
	defer m.mu.Unlock()
	same := m.ruleset == g.Ruleset() && m.board == s.Board && m.mission == s.Mission &&
		len(m.tokens) == len(s.Tokens) && (len(s.Tokens) == 0 || &m.tokens[0] == &s.Tokens[0])
	if m.paths == nil || !same {
		p := g.Paths(s)
		m.ruleset, m.board, m.mission, m.tokens, m.paths = g.Ruleset(), s.Board, s.Mission, s.Tokens, &p
	}
	p := *m.paths
	p.SpawnOrder = p.SpawnOrder[:len(p.SpawnOrder):len(p.SpawnOrder)] // an append by a caller copies
	p.EnemyPaths = p.EnemyPaths[:len(p.EnemyPaths):len(p.EnemyPaths)]
	p.Threat = p.Threat[:len(p.Threat):len(p.Threat)]
	p.MoldChain = p.MoldChain[:len(p.MoldChain):len(p.MoldChain)]
	return p
}

// Token is a mission token resolved to a board cell and zone.
type Token struct {
	missions.Token
	Index int          // position in mission.tokens
	Cell  layout.Point // the cell it stands in (doors: the cell whose side it is on)
	Zone  *layout.Zone
}

// Ptr is the JSON Pointer of the token in the mission document.
func (t *Token) Ptr() string { return ptrf("/tokens/%d", t.Index) }

// Of returns the placed tokens of one type, in document order.
func (s *Scene) Of(typ string) []*Token {
	var out []*Token
	for _, t := range s.Tokens {
		if t.Type == typ {
			out = append(out, t)
		}
	}
	return out
}

// ByID returns the token with that id, or nil.
func (s *Scene) ByID(id string) *Token {
	for _, t := range s.Tokens {
		if t.ID != "" && t.ID == id {
			return t
		}
	}
	return nil
}
