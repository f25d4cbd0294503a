package lint

import (
	"errors"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Tileset finds the tile set a mission uses: a built-in name, or a file
// relative to the mission's folder, which must stay inside the tree being
// checked (see reach.go). The error is worded for the author.
func Tileset(file string, m *missions.Mission, lim source.Limits) (*layout.TileSet, error) {
	return tileset(file, m, Options{Limits: lim})
}

func tileset(file string, m *missions.Mission, o Options) (*layout.TileSet, error) {
	name := m.Tileset
	if name == "" {
		if g := rules.Lookup(m.Ruleset); g != nil {
			name = g.DefaultTileset()
		}
	}
	if name == "" {
		return nil, fmt.Errorf("no tile set: add 'tileset: station' (or a file of your own)")
	}
	if !strings.ContainsAny(name, `/\.`) {
		set, err := layout.Builtin(name)
		if err != nil {
			guess := ""
			if h := typo.Hint(name, layout.BuiltinNames()); h != "" {
				guess = " (" + h + ")"
			}
			return nil, fmt.Errorf("no built-in tile set %s%s; built-in sets: %s (a file path needs a '/' or an extension, e.g. ./tiles.yaml)", source.Quote(name), guess, strings.Join(layout.BuiltinNames(), ", "))
		}
		return set, nil
	}
	path := name
	if !filepath.IsAbs(path) && file != "<stdin>" {
		path = filepath.Join(filepath.Dir(file), name)
	}
	if !o.AllowOutside {
		if err := checkReach(name, path, o.reachRoot(file)); err != nil {
			return nil, err
		}
	}
	if data, ok := o.open(path); ok {
		return tilesetBytes(path, data, o.Limits)
	}
	return TilesetFile(path, o.Limits)
}

// open returns the caller's text of path, when it holds the file open.
func (o Options) open(path string) ([]byte, bool) {
	if o.Open == nil {
		return nil, false
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, false
	}
	return o.Open(abs)
}

// reachRoot is Root when set, else the tree reach.go finds for file.
func (o Options) reachRoot(file string) string {
	if o.Root != "" {
		return o.Root
	}
	return reachRoot(file)
}

// TilesetFile reads a user's tile set, checking it fully; the error sums up
// its problems and says how to see them all. A folder of missions sharing
// one tile-set file reads and checks it once per run: the result is kept
// while the file's size and modification time stay the same.
func TilesetFile(path string, lim source.Limits) (*layout.TileSet, error) {
	st, err := os.Stat(path)
	if err != nil || !st.Mode().IsRegular() {
		return tilesetFile(path, lim)
	}
	key := tilesetKey{filepath.Clean(path), st.Size(), st.ModTime().UnixNano(), lim}
	v, _ := tilesets.LoadOrStore(key, &tilesetEntry{})
	c := v.(*tilesetEntry)
	c.once.Do(func() { c.set, c.err = tilesetFile(path, lim) })
	return c.set, c.err
}

// tilesetKey names one version of a tile-set file.
type tilesetKey struct {
	abs       string
	size, mod int64
	lim       source.Limits
}

type tilesetEntry struct {
	once sync.Once
	set  *layout.TileSet
	err  error
}

// tilesets holds the tile-set files read in this run, shared by the files
// checked in parallel; a tile set is never changed once read.
var tilesets sync.Map

func tilesetFile(path string, lim source.Limits) (*layout.TileSet, error) {
	data, p := source.ReadFile(path, lim)
	if p != nil {
		return nil, fmt.Errorf("tile set %s: %s", path, p.Message)
	}
	return tilesetBytes(path, data, lim)
}

// tilesetBytes reads a tile set from data, as tilesetFile does from path.
func tilesetBytes(path string, data []byte, lim source.Limits) (*layout.TileSet, error) {
	r := &Result{File: path, Kind: KindTileset}
	root, probs := source.Parse(path, data, lim)
	if len(probs) > 0 {
		r.add(path, probs)
		return nil, tilesetErr(path, r.Diags)
	}
	pos := func(ptr string) source.Pos { v, _ := source.Locate(root, ptr); return v }
	keyPos := func(ptr string) source.Pos { _, k := source.Locate(root, ptr); return k }
	next, _ := r.schema(schema.Tileset, root, pos, keyPos)
	if next == nil || hasErrors(r.Diags) {
		return nil, tilesetErr(path, r.Diags)
	}
	set, probs := layout.ParseTileSet(path, next)
	r.add(path, probs)
	for _, d := range r.Diags {
		if d.Severity == validate.Error {
			return nil, tilesetErr(path, r.Diags)
		}
	}
	return set, nil
}

func tilesetErr(path string, ds []validate.Diagnostic) error {
	validate.Sort(ds)
	d := ds[0]
	more := ""
	if len(ds) > 1 {
		more = fmt.Sprintf(" (and %d more; run 'zmission validate %s')", len(ds)-1, path)
	}
	return fmt.Errorf("tile set %s:%d:%d: %s%s", path, d.Line, d.Col, d.Message, more)
}

// board builds the board and places the tokens, then runs the game's checks.
func (r *Result) board(o Options) {
	doc, m := r.Doc, r.Mission
	if rules.Lookup(m.Ruleset) == nil {
		// The schema admits only rulesets with a game (a test holds the
		// two together), so this is a bug, not the author's mistake.
		r.finding(rules.Finding{Rule: "internal", Ptr: "/ruleset",
			Message: fmt.Sprintf("no game is registered for the ruleset %s", m.Ruleset)})
		return
	}
	if len(m.Tiles) == 0 {
		if g := rules.Lookup(m.Ruleset); g != nil {
			r.finding(rules.Finding{Rule: "no-tiles", Ptr: "", Message: "the mission places no tiles", Hint: "add a tiles: list, e.g. '- {face: 1A, at: [0, 0]}'"})
		}
		return
	}
	set, err := tileset(doc.File, m, o)
	if err != nil {
		f := rules.Finding{Rule: "tileset", Ptr: "/tileset", Message: err.Error()}
		var out *OutsideError
		if errors.As(err, &out) {
			f.Hint = out.Hint()
		}
		r.finding(f)
		r.skipped(boardChecks, stop{at: doc.Pos("/tileset"), why: "the tile set could not be loaded"})
		return
	}
	place := make([]layout.Placement, len(m.Tiles))
	for i, t := range m.Tiles {
		place[i] = layout.Placement{Face: t.Face, Col: t.At[0], Row: t.At[1], Rot: t.Rot}
	}
	if fs := rules.CheckTileset(set, m); len(fs) > 0 {
		// Every finding on a board of another game's tiles would follow
		// from this one, so none is reported; the board is still built,
		// so that zones, graph and los show what the author is fixing.
		for _, f := range fs {
			r.finding(f)
		}
		r.skipped(boardChecks, stop{at: doc.Pos(fs[0].Ptr), why: "the tile set is another game's"})
		if b, _ := o.Boards.Build(set, place); b != nil {
			r.Scene, _ = rules.Place(doc, m, b)
		}
		return
	}
	b, probs := o.Boards.Build(set, place)
	for _, p := range probs {
		f := rules.Finding{Rule: p.Code, Message: p.Message, Hint: p.Hint}
		switch {
		case p.Tile < 0:
			f.Ptr = "/tiles"
			f.Key = true
		case p.Field != "":
			f.Ptr = fmt.Sprintf("/tiles/%d/%s", p.Tile, p.Field)
		default:
			f.Ptr = fmt.Sprintf("/tiles/%d", p.Tile)
		}
		r.finding(f)
	}
	scene, fs := rules.Place(doc, m, b)
	r.Scene = scene
	for _, f := range fs {
		r.finding(f)
	}
	if g := rules.Lookup(m.Ruleset); g != nil {
		fs := g.Check(scene, o.Rules)
		// A stable sort by rule has one result whichever sort makes it;
		// sort.SliceStable's swaps through reflection were 1.4% of an edit
		// of a 20x20 board in the editor's module.
		slices.SortStableFunc(fs, func(a, b rules.Finding) int { return strings.Compare(a.Rule, b.Rule) })
		for _, f := range fs {
			r.finding(f)
		}
		r.complete = true
	}
}

// finding turns a rules finding into a located diagnostic.
func (r *Result) finding(f rules.Finding) {
	doc := r.Doc
	at := doc.Pos(f.Ptr)
	if f.Key {
		at = doc.KeyPos(f.Ptr)
	}
	sev := validate.Error
	if c := validate.Lookup(f.Rule); c != nil {
		sev = c.Severity
	}
	d := validate.Diagnostic{File: r.File, Line: max(at.Line, 1), Col: max(at.Col, 1), Severity: sev, Rule: f.Rule, Message: f.Message, Hint: f.Hint,
		Pointer: f.Ptr, Key: f.Key}
	if end := r.end(doc.Root, f.Ptr, f.Key, at); end.Line > 0 {
		d.EndLine, d.EndCol = end.Line, end.Col
	}
	for _, rel := range f.Related {
		p := doc.Pos(rel.Ptr)
		d.Related = append(d.Related, validate.Related{File: r.File, Line: max(p.Line, 1), Col: max(p.Col, 1), Message: rel.Message})
	}
	r.Diags = append(r.Diags, d)
}

// TilesetWith finds the tile set m uses as a check with o would: through
// o's open buffers, inside o's root.
func TilesetWith(file string, m *missions.Mission, o Options) (*layout.TileSet, error) {
	return tileset(file, m, o)
}
