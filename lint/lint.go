// Package lint runs one file through every step of the flow (read, parse,
// schema, structure, board, game rules) and returns its diagnostics, each
// located at line:col. It is the one place that strings the steps together;
// the steps themselves live in source, missions, schema, layout and rules.
package lint

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Options for linting.
type Options struct {
	Limits source.Limits
	Rules  rules.Options // check options from configuration; nil = defaults
	// AllowOutside lets a mission's tileset: path lead out of the tree
	// being checked (see reach.go); off, such a path is refused unread.
	AllowOutside bool
	// Root, when set, is the folder tree a document's tile set and
	// collection files must stay in, in place of the repository or working
	// folder reach.go finds (a language server's workspace).
	Root string
	// Open, when set, gives the text of files the caller holds open (an
	// editor's unsaved buffers) by absolute path: a tile set or collection
	// found there is read from it, not from the disk.
	Open func(abs string) ([]byte, bool)
	// Config, when set, is applied before the findings are capped, so
	// that the cap counts what is shown, not findings switched off (the
	// caller may apply it again: it changes nothing the second time).
	Config *validate.Config
	// Boards, when set, keeps the last board built and gives it again for
	// the same tiles (layout.BuildCache): the editor's session lints the
	// whole mission at every edit, and most edits leave the tiles alone.
	Boards *layout.BuildCache
}

// Kind of document a file holds.
type Kind string

const (
	KindMission Kind = "mission"
	KindTileset Kind = "tileset"
	KindOther   Kind = "other" // a YAML or JSON document that is neither
	// KindCompanion: a file a game's documents lean on (a colony
	// collection), checked on its own; Result.Noun says what it is.
	KindCompanion Kind = "companion"
)

// Result of linting one file.
type Result struct {
	File  string
	Kind  Kind
	Diags []validate.Diagnostic
	// Doc and Mission are set when the file was read and (for Mission)
	// passed the schema; commands that go on to build a board use them.
	Doc     *missions.Doc
	Mission *missions.Mission
	Scene   *rules.Scene // the placed board, when it could be built
	// Model is the document of a game not played on tiles (board kinds
	// graph, hub, none), when it could be read; Mission and Scene stay nil.
	Model rules.Model
	// Noun is what a KindCompanion file is called ("collection").
	Noun string

	complete bool          // every check ran (nothing stopped the file early)
	lines    *source.Lines // the file's lines, for where findings end; see linesOf
	text     []byte        // the file's text, indexed into lines when a finding needs its end
}

// Path lints the file at path.
func Path(path string, o Options) *Result {
	data, p := source.ReadFile(path, o.Limits)
	if p != nil {
		return &Result{File: path, Kind: KindMission, Diags: []validate.Diagnostic{fromProblem(path, *p)}}
	}
	return Bytes(path, data, o)
}

// Bytes lints data as if read from file.
func Bytes(file string, data []byte, o Options) *Result {
	r := check(file, data, o)
	r.suppress(data) // the last step: it judges what the others found
	if o.Config != nil {
		r.Diags = o.Config.Apply(r.Diags)
	}
	r.cap()
	return r
}

// check runs every step but inline suppression.
func check(file string, data []byte, o Options) *Result {
	r := &Result{File: file, Kind: KindMission, text: data}
	if data == nil {
		r.text = []byte{} // no text is still a text, of no lines
	}
	root, probs := source.Parse(file, data, o.Limits)
	if len(probs) > 0 {
		// A half-written mission is checked as one; a file showing none of
		// our keys (empty, a second YAML document of something else) is
		// left out of a folder walk.
		if ours.Classify(file, data) == ours.None {
			r.Kind = KindOther
		}
		r.add(file, probs)
		return r
	}
	r.checkRoot(root, o)
	r.addEnds(root)
	return r
}

// checkRoot runs every step after parsing on the document root.
func (r *Result) checkRoot(root *source.Node, o Options) *Result {
	file := r.File
	unfinished := false
	switch ours.ClassifyNode(file, root) {
	case ours.Tileset:
		r.Kind = KindTileset
		lintTileset(r, root)
		return r
	case ours.Collection:
		if r.companion(root) {
			return r
		}
	case ours.Mission:
	default:
		// Not ours: a folder walk leaves the file out; named on purpose, it
		// says why it is not checked, or, with a mission's format and id,
		// is checked as one still to be given its ruleset.
		r.Kind = KindOther
		if root.Kind != source.Object {
			break // missions.FromNode words what the document is instead
		}
		if ours.Unfinished(root) {
			unfinished = true
			break
		}
		r.Diags = append(r.Diags, validate.Diagnostic{File: file, Line: root.Pos.Line, Col: root.Pos.Col, Severity: validate.Error, Rule: "not-mission",
			Message: "this does not look like a mission or a tile set: it has no ruleset: naming a game, no $schema naming one of zmission's schemas, and no faces: of a tile set",
			Hint:    "folder walks pass over such files; a mission names its game, e.g. ruleset: zombicide-invader"})
		return r
	}
	doc, probs := missions.FromNode(file, root)
	if len(probs) > 0 || r.Kind == KindOther && !unfinished {
		r.add(file, probs)
		return r
	}
	r.Doc = doc
	if g := modelGame(root); g != nil {
		r.model(g, o)
		validate.Sort(r.Diags)
		return r
	}
	next, st := r.schema(schema.Mission, root, doc.Pos, doc.KeyPos)
	if next == nil {
		r.skipped(boardChecks, st)
		return r
	}
	m, err := (&missions.Doc{File: file, Root: next}).Decode()
	if err != nil {
		// A value the schema let through that the Go type cannot hold (a
		// whole number too large for an int): located, in the author's words.
		d := validate.Diagnostic{File: file, Line: 1, Col: 1, Severity: validate.Error, Rule: "schema", Message: err.Error()}
		var de *source.DecodeError
		if errors.As(err, &de) {
			d.Line, d.Col = max(de.Pos.Line, 1), max(de.Pos.Col, 1)
		}
		r.Diags = append(r.Diags, d)
		r.skipped(boardChecks, stop{at: source.Pos{Line: d.Line, Col: d.Col}, why: "this value cannot be read"})
		return r
	}
	r.Mission = m
	shape := structure(doc, m)
	r.Diags = append(r.Diags, shape...)
	if hasErrors(shape) {
		validate.Sort(shape)
		first := shape[0]
		r.skipped(boardChecks, stop{at: source.Pos{Line: first.Line, Col: first.Col}, why: "the tokens and objectives above must be fixed first"})
	} else {
		r.board(o)
	}
	validate.Sort(r.Diags)
	return r
}

// boardChecks names what a mission's skipped stage leaves out.
const boardChecks = "the board and the game's checks"

// maxFindings bounds what one file can print: a generated or hostile file
// with thousands of tokens says all it needs to in the first few hundred.
const maxFindings = 500

func (r *Result) cap() {
	if len(r.Diags) <= maxFindings {
		return
	}
	extra := len(r.Diags) - maxFindings
	r.Diags = append(r.Diags[:maxFindings], validate.Diagnostic{File: r.File, Line: 1, Col: 1, Severity: validate.Info, Rule: "findings-truncated",
		Message: fmt.Sprintf("%d more findings not shown", extra), Hint: "fix the ones above first"})
}

func hasErrors(ds []validate.Diagnostic) bool {
	for _, d := range ds {
		if d.Severity == validate.Error {
			return true
		}
	}
	return false
}

func (r *Result) add(file string, probs []source.Problem) {
	for _, p := range probs {
		d := fromProblem(file, p)
		// A problem at a key or a value found while reading covers it:
		// its end is read from the text, there being no tree.
		if key, ok := problemCovers[p.Code]; ok && file == r.File && r.linesOf() != nil {
			if end := r.linesOf().EndAt(p.Pos, key); end.Line > 0 {
				d.EndLine, d.EndCol = end.Line, end.Col
			}
		}
		r.Diags = append(r.Diags, d)
	}
}

// problemCovers names the reading problems that are about one key (true)
// or one value (false), rather than the file or a place in it.
var problemCovers = map[string]bool{
	source.CodeDuplicateKey: true,
	source.CodeKeyType:      true,
	source.CodeNumber:       false,
	source.CodeTag:          false,
	source.CodeTooDeep:      false,
}

func fromProblem(file string, p source.Problem) validate.Diagnostic {
	pos := p.Pos
	if pos.Line < 1 {
		pos = source.Pos{Line: 1, Col: 1}
	}
	sev := validate.Error
	if c := validate.Lookup(p.Code); c != nil {
		sev = c.Severity
	}
	return validate.Diagnostic{File: file, Line: pos.Line, Col: max(pos.Col, 1), Severity: sev, Rule: p.Code, Message: p.Message}
}

// schema validates root against a named schema and returns the tree the
// later stages may read: root itself when it passed, root without the
// parts they never read when only those failed (see passable), or nil, with
// what stops them.
func (r *Result) schema(name string, root *source.Node, pos, keyPos func(string) source.Pos) (*source.Node, stop) {
	if schema.Valid(name, root) {
		return root, stop{}
	}
	vs, err := schema.Validate(name, root)
	if err != nil {
		r.Diags = append(r.Diags, validate.Diagnostic{File: r.File, Line: 1, Col: 1, Severity: validate.Error, Rule: "internal", Message: err.Error()})
		return nil, stop{why: "the schema could not be checked"}
	}
	next, blocker := passable(name, root, vs)
	vs = withoutFollowOns(vs)
	var st stop
	if next == nil {
		st.why = partWhy(blocker.part)
		if blocker.v.Kind == "unknown" || blocker.v.Kind == "key" {
			st.at = keyPos(blocker.v.Path)
		} else {
			st.at = pos(blocker.v.Path)
		}
	}
	// A file that breaks the schema thousands of times (a list of 100,000
	// numbers) says all it needs to in the first few dozen findings.
	const most = 50
	if len(vs) > most {
		extra := len(vs) - most
		vs = vs[:most]
		defer func() {
			r.Diags = append(r.Diags, validate.Diagnostic{File: r.File, Line: 1, Col: 1, Severity: validate.Error, Rule: "schema",
				Message: fmt.Sprintf("%d more schema errors not shown", extra)})
		}()
	}
	for _, v := range vs {
		var at, end source.Pos
		switch v.Kind {
		case "unknown", "key":
			at = keyPos(v.Path)
			end = r.end(root, v.Path, true, at)
		case "missing":
			at = pos(v.Path) // the mapping that lacks it: its start alone
		default:
			at = pos(v.Path)
			end = r.end(root, v.Path, false, at)
		}
		msg := v.Message
		if where := describe(v.Path); where != "" && v.Kind != "unknown" && v.Kind != "key" {
			msg = where + ": " + msg
		}
		r.Diags = append(r.Diags, validate.Diagnostic{File: r.File, Line: max(at.Line, 1), Col: max(at.Col, 1), EndLine: end.Line, EndCol: end.Col, Severity: validate.Error, Rule: "schema", Message: msg,
			Pointer: v.Path, Key: v.Kind == "unknown" || v.Kind == "key"})
	}
	validate.Sort(r.Diags)
	return next, st
}

// withoutFollowOns drops what a wrong type: causes beside it: the schema
// allows each key of a token (color, first, side...) only with the types
// that have it, so "type: spwan" would also make every other key of that
// token "not apply". One typo is one finding: the type's, with its "did
// you mean".
func withoutFollowOns(vs []schema.Violation) []schema.Violation {
	badType := map[string]bool{} // the mappings whose type: is wrong
	for _, v := range vs {
		if parent, ok := strings.CutSuffix(v.Path, "/type"); ok && v.Kind == "value" {
			badType[parent] = true
		}
	}
	if len(badType) == 0 {
		return vs
	}
	out := vs[:0:0]
	for _, v := range vs {
		parent := v.Path[:max(strings.LastIndexByte(v.Path, '/'), 0)]
		if v.Kind == "unknown" && badType[parent] && strings.HasSuffix(v.Message, "does not apply here") {
			continue
		}
		out = append(out, v)
	}
	return out
}

// describe names a JSON pointer the way an author reads it, counting list
// items from 1 as every message and the editor do: /tokens/3/side is
// "tokens #4.side", the fourth token.
func describe(ptr string) string {
	if ptr == "" {
		return ""
	}
	var b strings.Builder
	for _, t := range strings.Split(ptr[1:], "/") {
		t = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
		if t != "" && strings.Trim(t, "0123456789") == "" {
			if n, err := strconv.Atoi(t); err == nil && n < math.MaxInt {
				t = strconv.Itoa(n + 1)
			}
			b.WriteString(" #" + t)
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

// linesOf is the file's lines, indexed at the first finding that needs
// where it ends: a file with none (most of a folder) never pays for them.
// Nil for a result made without the file's text.
func (r *Result) linesOf() *source.Lines {
	if r.lines == nil && r.text != nil {
		r.lines = source.NewLines(r.text)
	}
	return r.lines
}

// end is where a finding that starts at at ends: the end of the key or
// value ptr names, when that is what it starts at (a pointer to something
// absent locates its parent, and the finding then gives its start alone).
func (r *Result) end(root *source.Node, ptr string, key bool, at source.Pos) source.Pos {
	if r.linesOf() == nil || at.Line < 1 {
		return source.Pos{}
	}
	start, end := r.linesOf().Span(root, ptr, key)
	if start != at || end.Line < 1 || (end.Line == start.Line && end.Col <= start.Col) {
		return source.Pos{}
	}
	return end
}
