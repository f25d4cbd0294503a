package lint

import (
	"fmt"
	"path/filepath"
	"sort"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// modelGame is the game of a document whose ruleset is played on no tiles
// (board kinds graph, hub, none), or nil.
func modelGame(root *source.Node) rules.ModelGame {
	f := root.Field("ruleset")
	if f == nil || f.Kind != source.String {
		return nil
	}
	return rules.LookupModel(f.Text)
}

// model checks a document of a game not played on tiles: its own schema,
// then the game reads it into its model and runs its checks.
func (r *Result) model(g rules.ModelGame, o Options) {
	doc := r.Doc
	what := "the " + g.Ruleset() + " checks"
	next, st := r.schema(g.Schema(), doc.Root, doc.Pos, doc.KeyPos)
	if next == nil {
		r.skipped(what, st)
		return
	}
	env := rules.LoadEnv{ReadFile: func(name string) ([]byte, error) { return readBeside(doc.File, name, o) }}
	m, fs := g.Load(&missions.Doc{File: doc.File, Root: next}, env)
	tol, _ := g.(rules.Tolerant)
	var loadErr *rules.Finding
	for i, f := range fs {
		r.finding(f)
		if c := validate.Lookup(f.Rule); loadErr == nil && (c == nil || c.Severity == validate.Error) && (tol == nil || !tol.Tolerates(f.Rule)) {
			loadErr = &fs[i]
		}
	}
	if m != nil {
		r.Model = m
	}
	if m == nil || loadErr != nil {
		var p source.Pos
		if loadErr != nil {
			p = doc.Pos(loadErr.Ptr)
			if loadErr.Key {
				p = doc.KeyPos(loadErr.Ptr)
			}
		}
		r.skipped(what, stop{at: p, why: "the scenario must be read without this error first"})
		return
	}
	fs = g.CheckModel(m, o.Rules)
	r.complete = true
	sort.SliceStable(fs, func(i, j int) bool { return fs[i].Rule < fs[j].Rule })
	for _, f := range fs {
		r.finding(f)
	}
}

// readBeside reads a file a document names, relative to the document's
// folder, with the same limits as the document itself.
func readBeside(file, name string, o Options) ([]byte, error) {
	path := name
	if !filepath.IsAbs(path) && file != "<stdin>" {
		path = filepath.Join(filepath.Dir(file), name)
	}
	if o.Root != "" && !o.AllowOutside {
		if err := checkReach(name, path, o.Root); err != nil {
			return nil, err
		}
	}
	if data, ok := o.open(path); ok {
		return data, nil
	}
	data, p := source.ReadFile(path, o.Limits)
	if p != nil {
		return nil, fmt.Errorf("%s: %s", path, p.Message)
	}
	return data, nil
}

// companion checks a file a game's documents lean on (see
// rules.CompanionGame), and reports whether root was one.
func (r *Result) companion(root *source.Node) bool {
	g, ok := modelGame(root).(rules.CompanionGame)
	if !ok || root.Kind != source.Object {
		return false
	}
	sch, noun, ok := g.Companion(root)
	if !ok {
		return false
	}
	r.Kind, r.Noun = KindCompanion, noun
	doc, _ := missions.FromNode(r.File, root)
	r.Doc = doc
	if next, st := r.schema(sch, root, doc.Pos, doc.KeyPos); next != nil {
		for _, f := range g.CheckCompanion(next) {
			r.finding(f)
		}
		r.complete = true
	} else {
		r.skipped("the "+noun+"'s checks", st)
	}
	validate.Sort(r.Diags)
	return true
}
