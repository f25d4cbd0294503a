package editor

import (
	"fmt"
	"github.com/zmission/zmission/ours"
	"path/filepath"
	"strings"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/validate"
)

// snapshot is one version of the file with everything worked out from it.
type snapshot struct {
	data        []byte
	version     string
	kind        lint.Kind
	res         *lint.Result
	diags       []validate.Diagnostic
	tilesetFile string // the mission's own tile-set file; "" for a built-in set
	game        rules.BoardGame
	svg         string          // the map; "" when the board could not be built (drawn says which)
	tree        func() *svgTree // svg read as lines, for the patch to the next map; nil with no map
	drawn       bool
	drawErr     string
	analysis    *rules.Analysis
	tileset     *tilesetView // tile-set mode
	rev         int
}

// revision names this snapshot for the pages: its version and number.
func (s *snapshot) revision() string { return fmt.Sprintf("%s.%d", s.version, s.rev) }

// ok tells whether this version can be shown: a board for a mission, a
// tile set that was read for a tile-set file.
func (s *snapshot) ok() bool {
	if s.kind == lint.KindTileset {
		return s.tileset != nil && s.tileset.set != nil
	}
	return s.res != nil && (s.res.Scene != nil || s.res.Model != nil) && s.drawn
}

// mapOptions is how the editor draws the mission page: just big enough,
// board on the left and the page's text beside it.
var mapOptions = render.Options{Page: "fit"}

func (s *Session) snapshotOf(data []byte) (snap *snapshot) {
	snap = &snapshot{data: data, version: Version(data), kind: lint.KindMission}
	defer func() {
		if p := recover(); p != nil {
			snap.diags = append(snap.diags, validate.Diagnostic{File: s.path, Line: 1, Col: 1, Severity: validate.Error, Rule: "internal",
				Message: fmt.Sprintf("internal error: %v", p), Hint: "this is a bug in zmission; please report it with this file"})
			snap.svg, snap.drawn = "", false
		}
	}()
	res := lint.Bytes(s.path, data, s.o.Lint)
	snap.res, snap.kind = res, res.Kind
	if res.Kind == lint.KindOther && ours.UnfinishedFile(s.path, data) {
		// Opened on purpose, a mission still to be given its ruleset is
		// one: its findings say what it lacks (see ours.Unfinished).
		snap.kind = lint.KindMission
	}
	snap.diags = res.Diags
	if s.o.Findings != nil {
		snap.diags = s.o.Findings(snap.diags)
	}
	validate.Sort(snap.diags)
	if res.Kind == lint.KindTileset {
		snap.tileset = s.tilesetOf(data)
		return snap
	}
	if res.Mission != nil {
		snap.tilesetFile = tilesetFile(s.path, res.Mission.Tileset)
	}
	if res.Model != nil {
		// A game not played on tiles: its sheet, as render draws it.
		var buf strings.Builder
		if v := render.View(res.Model.Ruleset()); v == nil {
			snap.drawErr = "no sheet for the " + res.Model.Ruleset() + " ruleset"
		} else if err := v.Page(&buf, res.Model, render.ModelOptions{Page: "fit"}); err != nil {
			snap.drawErr = err.Error()
		} else {
			snap.svg, snap.drawn = buf.String(), true
		}
		return snap
	}
	if res.Scene == nil {
		return snap
	}
	g, _ := rules.Lookup(res.Mission.Ruleset).(rules.BoardGame)
	snap.game = g
	// The map is drawn while the mission is analysed: both only read the
	// scene, and on a big board each takes tens of milliseconds.
	drawn := make(chan any, 1)
	go func() {
		defer func() { drawn <- recover() }()
		// The map is about as large as the last one: a buffer of that size
		// spares growing it a dozen times (a megabyte on a big board); a
		// strings.Builder gives the page's text without another copy.
		var buf strings.Builder
		buf.Grow(int(s.svgSize.Load()) + 4096)
		o := mapOptions
		o.Labels = &s.labels
		if err := render.SVG(&buf, res.Scene, g, o); err != nil {
			snap.drawErr = err.Error()
		} else {
			svg := buf.String()
			snap.svg, snap.drawn = svg, true
			s.svgSize.Store(int64(len(svg)))
			// The map is read as lines for its patch while the page's
			// state is made: on a big board that is a millisecond or two
			// off the edit's answer.
			snap.tree = sync.OnceValue(func() *svgTree { return parseSVG(svg) })
			go snap.tree()
		}
	}()
	func() {
		defer func() {
			if p := <-drawn; p != nil {
				panic(p) // told as an internal error, as before
			}
		}()
		if an, ok := rules.Lookup(res.Mission.Ruleset).(rules.Analyzer); ok {
			snap.analysis = an.Analyze(res.Scene)
		}
	}()
	return snap
}

// tilesetFile is the tile-set file a mission reads, resolved as lint does;
// "" for a built-in set.
func tilesetFile(mission, name string) string {
	if !strings.ContainsAny(name, `/\.`) {
		return ""
	}
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(filepath.Dir(mission), name)
}

// board is the snapshot's board, or nil.
func (s *snapshot) board() *layout.Board {
	if s == nil || s.res == nil || s.res.Scene == nil {
		return nil
	}
	return s.res.Scene.Board
}

// opContext is what operations need to know of this version's board.
func (s *snapshot) opContext() opContext {
	b := s.board()
	if b == nil || b.Set == nil {
		return opContext{}
	}
	c := opContext{N: b.N, Faces: map[string]bool{}}
	for _, f := range b.Set.Faces {
		c.Faces[f.ID] = true
	}
	return c
}

// structural counts the findings that mean the file no longer has the
// shape of a mission: an operation may not add one.
func structural(ds []validate.Diagnostic) (n int, first *validate.Diagnostic) {
	for i, d := range ds {
		switch d.Rule {
		case "syntax", "schema", "objective-shape", "token-place", "duplicate-id", "duplicate-key", "root-type", "internal":
			if first == nil {
				first = &ds[i]
			}
			n++
		}
	}
	return n, first
}
