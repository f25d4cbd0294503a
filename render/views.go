package render

import (
	"io"
	"sort"
	"sync"

	"github.com/zmission/zmission/rules"
)

// ModelView draws a game not played on tiles (board kinds graph, hub and
// none): its terminal view, its analysis as text, and its printable page.
// Each such game registers one from a file of this package, so the page
// frame and the drawing helpers stay shared.
type ModelView interface {
	// Show writes the terminal view (zmission show).
	Show(w io.Writer, m rules.Model) error
	// Analysis writes the game's analysis (rules.ModelAnalyzer) as text.
	Analysis(w io.Writer, a any) error
	// Page draws the printable page as one self-contained SVG.
	Page(w io.Writer, m rules.Model, o ModelOptions) error
	// Overlays lists the overlay names Page accepts, for --overlay.
	Overlays() []string
}

// ModelOptions say how the page of a game not played on tiles is drawn.
// The page fields mean what they mean in Options.
type ModelOptions struct {
	Page      string
	Landscape bool
	Margin    float64
	Mono      bool
	Overlays  []string // names from ModelView.Overlays, in the order given
	// Players draws the setup for this many players (0: the scenario's
	// own choice, or every count it allows).
	Players int
	// Side of a two-sided objective: "normal" (default) or "hardcore".
	Side string
	// PlayerVersion leaves out what players must not know at setup
	// (--spoilers off).
	PlayerVersion bool
	// Card draws the scenario's card (e.g. a Main Objective at poker
	// size) instead of the setup sheet.
	Card bool
}

var views = struct {
	sync.RWMutex
	m map[string]ModelView
}{m: map[string]ModelView{}}

// RegisterView adds the view of a ruleset; called from init.
func RegisterView(ruleset string, v ModelView) {
	views.Lock()
	defer views.Unlock()
	views.m[ruleset] = v
}

// View returns the view of a ruleset, or nil.
func View(ruleset string) ModelView {
	views.RLock()
	defer views.RUnlock()
	return views.m[ruleset]
}

// ViewRulesets lists the rulesets with a view, sorted.
func ViewRulesets() []string {
	views.RLock()
	defer views.RUnlock()
	var out []string
	for k := range views.m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// OptionError is a page option a view cannot honour (an overlay it does not
// draw, a card it does not have): the command line is wrong, not the file.
type OptionError struct{ Msg string }

func (e *OptionError) Error() string { return e.Msg }

// FileError is a page the file itself cannot give, whatever the options
// (a setup that allows no player count): the file's fault, not the
// command line's.
type FileError struct{ Msg string }

func (e *FileError) Error() string { return e.Msg }
