package rules

import (
	"sort"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
)

// Kind is the shape of a game's board. The core knows kinds, never games:
// lint, the commands and render ask a ruleset for its kind and the parts
// that kind supplies.
type Kind string

const (
	// KindGrid: tiles cut into cells and zones (layout.Board); the game is
	// a Game and its mission is a missions.Mission placed as a Scene.
	KindGrid Kind = "grid"
	// KindGraph: rooms on slots joined by corridors (a facility).
	KindGraph Kind = "graph"
	// KindHub: a fixed hub and its locations (a colony).
	KindHub Kind = "hub"
	// KindNone: no board at all, a setup of cards, chips and dice.
	KindNone Kind = "none"
)

// Model is a document of a game not played on tiles, read into that game's
// own board or setup. Each ModelGame defines its concrete type; the core
// only passes it between the game, render and the commands.
type Model interface {
	// Ruleset is the document's ruleset, which picks its game and view.
	Ruleset() string
	// Title is the scenario's title, for headings and status lines.
	Title() string
}

// ModelGame is a game whose document is not tiles and tokens on cells
// (kinds graph, hub and none). Its document has the common head (format,
// id, title, ruleset) and the rest is the game's own, described by its own
// JSON Schema.
type ModelGame interface {
	// Ruleset is the document's ruleset value, e.g. "facility".
	Ruleset() string
	// Kind is its board kind: KindGraph, KindHub or KindNone.
	Kind() Kind
	// Schema names the embedded JSON Schema its documents are checked
	// against (see schema.Names), before Load.
	Schema() string
	// Load reads a document that passed the schema into the game's model.
	// Findings point into the document; a nil Model means it could not be
	// read far enough to check or draw (the findings say why).
	Load(doc *missions.Doc, env LoadEnv) (Model, []Finding)
	// CheckModel runs the game's checks on a loaded model.
	CheckModel(m Model, opt Options) []Finding
}

// Tolerant is a ModelGame some of whose Load findings leave the model
// whole: Load left out only the part such a finding is about (a variant's
// change to a card the deck lacks), so the checks still run on the rest
// and one run shows every independent finding.
type Tolerant interface {
	// Tolerates reports whether findings of the check rule leave the
	// model whole.
	Tolerates(rule string) bool
}

// LoadEnv is what a game may use while loading: the only way it reads
// another file (a custom catalogue or collection named in the document),
// so limits and where a document may reach are enforced in one place.
type LoadEnv struct {
	// ReadFile reads a file named in the document, relative to it. The
	// error is worded for the author.
	ReadFile func(name string) ([]byte, error)
}

// CompanionGame is a ModelGame whose documents can lean on files of
// another kind (the colony game's collections). Such a file has the game's
// ruleset but is not one of its documents; named on the command line or
// found in a folder, it is checked on its own: the schema it names, then
// CheckCompanion.
type CompanionGame interface {
	// Companion tells whether root is such a file, and if so the schema it
	// is checked against and what an author calls it ("collection").
	Companion(root *source.Node) (schema, noun string, ok bool)
	// CheckCompanion reads a companion file that passed its schema as the
	// game's documents would, and reports what keeps them from using it.
	CheckCompanion(root *source.Node) []Finding
}

// ModelAnalyzer is a ModelGame with an analysis (zmission analyze): a
// value that prints as JSON as it is, and as text through render.
type ModelAnalyzer interface {
	AnalyzeModel(m Model, o AnalyzeOptions) any
}

// ModelPlayOut is a ModelGame whose documents are played out by
// simulation. PlayOutModel is the figures its play checks read (the same
// games and seed, so a flag shown beside them is the finding's), a value
// that prints as JSON as it is; nil when m is not the game's. The editor's
// form view shows it.
type ModelPlayOut interface {
	PlayOutModel(m Model) any
}

// AnalyzeOptions tune an analysis.
type AnalyzeOptions struct {
	// Seed of any simulation (0: the game's default seed); printed with
	// its results so that a run can be repeated.
	Seed int64
	// Runs of any simulation (0: the game's default).
	Runs int
}

// Node is one place of a graph or hub board, as `zmission zones` lists it.
type Node struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Name     string   `json:"name,omitempty"`
	Features []string `json:"features"`
	// X, Y place it for drawings (graph --format dot), in board units.
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// Link is one way between two nodes, as `zmission graph` lists it.
type Link struct {
	From     string   `json:"from"`
	To       string   `json:"to"`
	Via      string   `json:"via"`
	Requires []string `json:"requires"`
	// Note is what else matters about it (a noise number, a door's state).
	Note string `json:"note,omitempty"`
}

// GraphModel is a Model with a board of places and ways between them
// (kinds graph and hub): `zones` and `graph` print it.
type GraphModel interface {
	Model
	Nodes() []Node
	Links() []Link
}

var modelGames = map[string]ModelGame{}

// RegisterModel adds a game not played on tiles; called from its
// package's init.
func RegisterModel(g ModelGame) {
	games.Lock()
	defer games.Unlock()
	modelGames[g.Ruleset()] = g
}

// LookupModel returns the model game of a ruleset, or nil.
func LookupModel(ruleset string) ModelGame {
	games.RLock()
	defer games.RUnlock()
	return modelGames[ruleset]
}

// KindOf is the board kind of a ruleset, "" when no game is registered
// for it.
func KindOf(ruleset string) Kind {
	if Lookup(ruleset) != nil {
		return KindGrid
	}
	if g := LookupModel(ruleset); g != nil {
		return g.Kind()
	}
	return ""
}

// modelRulesets lists the model games' rulesets, sorted; Rulesets adds them.
func modelRulesets() []string {
	var out []string
	for k := range modelGames {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
