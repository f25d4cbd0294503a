package missions

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/zmission/zmission/source"
	"go.yaml.in/yaml/v4"
	"go.yaml.in/yaml/v4/plugin/loaderlimits"
)

// Problem codes of Format.
const (
	CodeNotMission = "not-mission" // the document is a tile set, not a mission
	CodeInternal   = "internal"    // formatting failed its own checks
)

// FormatError lists the problems that keep a document from being formatted.
type FormatError struct {
	Problems []source.Problem
}

func (e *FormatError) Error() string {
	if len(e.Problems) == 0 {
		return "the document cannot be formatted"
	}
	return e.Problems[0].String()
}

func formatFailure(pos source.Pos, code, format string, args ...any) *FormatError {
	if pos.Line < 1 || pos.Col < 1 {
		pos = source.Pos{Line: 1, Col: 1}
	}
	return &FormatError{Problems: []source.Problem{{Pos: pos, Code: code, Message: fmt.Sprintf(format, args...)}}}
}

// shape is the canonical layout of a value at one place of a mission.
type shape struct {
	flow   bool              // written as a flow collection, with all it holds
	order  []string          // key order of a mapping; other keys follow in their own order
	fields map[string]*shape // shapes of a mapping's values, by key
	items  *shape            // shape of a sequence's items
	dropZ  string            // a key whose plain 0 is the default and is left out
}

func (s *shape) field(key string) *shape {
	if s == nil {
		return nil
	}
	return s.fields[key]
}

func (s *shape) item() *shape {
	if s == nil {
		return nil
	}
	return s.items
}

// The canonical layout: the model's key order (Mission and its parts), tiles
// and tokens one flow mapping per line, short lists in flow style.
var (
	flowList     = &shape{flow: true}
	tileShape    = &shape{flow: true, order: []string{"face", "at", "rot"}, dropZ: "rot"}
	tokenShape   = &shape{flow: true, order: []string{"type", "color", "id", "state", "first", "kind", "at", "in", "side"}}
	objShape     = &shape{order: []string{"take", "exit", "reach", "activate", "survive", "kill", "escape", "destroy", "count", "order", "text"}}
	triggerShape = &shape{flow: true, order: []string{"take", "reach", "activate", "round"}}
	effectShape  = &shape{order: []string{"open", "activate", "grant", "remove", "text"}}
	ruleShape    = &shape{order: []string{"when", "then", "text"}, fields: map[string]*shape{
		"when": triggerShape,
		"then": {items: effectShape},
	}}
	missionShape = &shape{
		order: []string{"$schema", "format", "id", "title", "author", "briefing", "notes", "ruleset",
			"survivors", "players", "difficulty", "duration", "boxes", "equipment", "tileset",
			"tiles", "tokens", "objectives", "rules", "xeno_deck"},
		fields: map[string]*shape{
			"boxes":      flowList,
			"equipment":  flowList,
			"xeno_deck":  flowList,
			"tiles":      {items: tileShape},
			"tokens":     {items: tokenShape},
			"objectives": {items: objShape},
			"rules":      {items: ruleShape},
		},
	}
)

// boxShape is the layout of a box or collection file (no id, a name): the
// order its readers document, the rest as written.
var boxShape = &shape{order: []string{"$schema", "name", "title", "ruleset", "tileset", "tokens"}}

// topShape picks the layout of a document from its top-level keys: a box
// or collection file names itself and has no id; anything else is laid
// out as a mission.
func topShape(keys []string) *shape {
	has := func(k string) bool { return slices.Contains(keys, k) }
	if has("name") && !has("id") && !has("format") {
		return boxShape
	}
	return missionShape
}

// orderKeys returns the indexes of keys in canonical order: the shape's keys
// first, in its order, then the others as they stand.
func orderKeys(keys []string, sh *shape) []int {
	out := make([]int, 0, len(keys))
	if sh == nil || len(sh.order) == 0 {
		for i := range keys {
			out = append(out, i)
		}
		return out
	}
	rank := make(map[string]int, len(sh.order))
	for i, k := range sh.order {
		rank[k] = i
	}
	for _, want := range sh.order {
		for i, k := range keys {
			if k == want {
				out = append(out, i)
			}
		}
	}
	for i, k := range keys {
		if _, known := rank[k]; !known {
			out = append(out, i)
		}
	}
	return out
}

// CanonicalExample is an example file as fmt writes it, or as it is where
// fmt does not take it (a tile set, a file broken on purpose): the
// documented examples of the checks are shown so.
func CanonicalExample(src string) string {
	out, err := Format([]byte(src), false)
	if err != nil {
		return src
	}
	return string(out)
}

// Format returns the mission in data in its canonical form: YAML, or JSON
// when json is set. A document that cannot be read, or is not a mission, is
// refused with a *FormatError listing located problems. The result is
// checked before it is returned: it must read back to the same values (less
// default rotations) and, for YAML, hold every comment. The result has the
// line ends of data (see KeepLineEnds).
func Format(data []byte, json bool) (out []byte, err error) {
	out, _, err = format(data, json, nil)
	return out, err
}

// format is Format, and for YAML the node tree of its result when the
// formatter's own check read it (nil otherwise). read, when not nil, is
// the tree go-yaml reads from data, given by a caller who has it already.
func format(data []byte, json bool, read []*yaml.Node) (out []byte, tree []*yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			out, tree, err = nil, nil, formatFailure(source.Pos{}, CodeInternal, "internal error while formatting: %v", r)
		}
	}()
	// Line ends are the author's: the document is formatted with LF (YAML
	// and JSON read CRLF as LF) and written back with the ends it had, so
	// that the two give the same lines.
	orig := data
	data = bytes.ReplaceAll(data, []byte("\r\n"), []byte("\n"))
	lim := source.DefaultLimits
	root, probs := parseAs(data, json, lim)
	if len(probs) > 0 {
		return nil, nil, &FormatError{Problems: probs}
	}
	if _, probs := FromNode("", root); len(probs) > 0 {
		return nil, nil, &FormatError{Problems: probs}
	}
	if faces := root.Field("faces"); faces != nil && root.Field("ruleset") == nil {
		return nil, nil, formatFailure(faces.KeyPos, CodeNotMission, "this is a tile set, not a mission; only missions are formatted")
	}
	if json {
		out = formatJSON(root)
	} else if out, tree, err = settleYAML(data, read); err != nil {
		return nil, nil, err
	}
	if err := checkFormatted(root, data, out, json, lim); err != nil {
		return nil, nil, err
	}
	kept := KeepLineEnds(orig, out)
	if !bytes.Equal(kept, out) {
		tree = nil // the tree read out, not these bytes
	}
	return kept, tree, nil
}

func parseAs(data []byte, json bool, lim source.Limits) (*source.Node, []source.Problem) {
	if json {
		return source.ParseJSON(data, lim)
	}
	return source.ParseYAML(data, lim)
}

// checkFormatted refuses output that would change the document: it must
// read back to the same values and keep every comment.
func checkFormatted(root *source.Node, data, out []byte, json bool, lim source.Limits) error {
	if bytes.Equal(data, out) {
		return nil // nothing moved: an editor's canonical write, a file already formatted
	}
	lim.MaxBytes = max(lim.MaxBytes, int64(len(out)))
	back, probs := parseAs(out, json, lim)
	if len(probs) > 0 {
		return formatFailure(source.Pos{}, CodeInternal, "the formatted document does not read back (%s); the file is left as it is", probs[0])
	}
	if !reflect.DeepEqual(formatValue(root), formatValue(back)) {
		return formatFailure(source.Pos{}, CodeInternal, "formatting would change the document's values; the file is left as it is")
	}
	if json {
		return nil
	}
	if bytes.IndexByte(data, '#') < 0 && bytes.IndexByte(out, '#') < 0 {
		return nil // no comment to lose
	}
	before, err1 := commentWords(data)
	after, err2 := commentWords(out)
	if err1 != nil || err2 != nil || !reflect.DeepEqual(before, after) {
		return formatFailure(source.Pos{}, CodeInternal, "formatting would move a comment out of the document; the file is left as it is")
	}
	return nil
}

// formatValue is the document's value as Format keeps it: the same, less
// the default rotations it leaves out.
func formatValue(root *source.Node) any {
	v := source.ToValue(root)
	m, _ := v.(map[string]any)
	tiles, _ := m["tiles"].([]any)
	for _, t := range tiles {
		if tm, ok := t.(map[string]any); ok && tm["rot"] == json.Number("0") {
			delete(tm, "rot")
		}
	}
	return v
}

// commentWords counts the pieces of every comment in a YAML stream, split at
// "#" so that line comments joined on one line still count the same.
func commentWords(data []byte) (map[string]int, error) {
	docs, err := loadYAML(data)
	if err != nil {
		return nil, err
	}
	words := map[string]int{}
	var walk func(n *yaml.Node)
	walk = func(n *yaml.Node) {
		for _, c := range []string{n.HeadComment, n.LineComment, n.FootComment} {
			for _, w := range strings.Split(c, "#") {
				if w = strings.TrimSpace(w); w != "" {
					words[w]++
				}
			}
		}
		for _, c := range n.Content {
			walk(c)
		}
	}
	for _, d := range docs {
		walk(d)
	}
	return words, nil
}

// loadYAML reads every document of a YAML stream as nodes, comments
// included. The parser is third-party code: a panic becomes an error.
func loadYAML(data []byte) (docs []*yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			docs, err = nil, fmt.Errorf("the YAML parser failed: %v", r)
		}
	}()
	if d, p := source.YAMLVersions(data); p == nil {
		data = d // read %YAML 1.2 as the parser reads 1.1
	}
	l, err := yaml.NewLoader(bytes.NewReader(data), yaml.WithPlugin(
		loaderlimits.New(loaderlimits.DepthValue(10000), loaderlimits.AliasNone()),
	))
	if err != nil {
		return nil, err
	}
	for {
		var n yaml.Node
		err := l.Load(&n)
		if err == io.EOF {
			return docs, nil
		}
		if err != nil {
			return nil, source.YAMLError(err, data)
		}
		if n.Kind != yaml.DocumentNode || len(n.Content) != 1 {
			return nil, errors.New("the YAML parser returned no document")
		}
		docs = append(docs, &n)
	}
}

// settleYAML formats data until the result formats to itself. The reader
// attaches comments between entries by their columns; the writer puts them
// where it gives them back to the same entry, so the second pass is a check
// that should change nothing. read, when not nil, is data's tree.
func settleYAML(data []byte, read []*yaml.Node) ([]byte, []*yaml.Node, error) {
	out, docs, err := formatYAML(data, read)
	if err == nil && bytes.Equal(out, data) {
		// A fixed point already: formatting it again gives it again, and
		// docs is its tree.
		return out, docs, nil
	}
	for pass := 0; err == nil && pass < 3; pass++ {
		var next []byte
		if next, docs, err = formatYAML(out, nil); err == nil && bytes.Equal(next, out) {
			return out, docs, nil
		}
		out = next
	}
	if err != nil {
		return nil, nil, err
	}
	return nil, nil, formatFailure(source.Pos{}, CodeInternal, "the comments of this file find no stable place; the file is left as it is")
}

// blankDoc reports a document with no content, such as a lone "---".
func blankDoc(doc *yaml.Node) bool {
	n := doc.Content[0]
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" && n.Anchor == ""
}

// formatYAML writes the one document with content of a YAML stream; docs
// is the stream's tree, read from data (writing leaves it as it was), or
// read itself when given.
func formatYAML(data []byte, read []*yaml.Node) (out []byte, docs []*yaml.Node, err error) {
	if docs = read; docs == nil {
		if docs, err = loadYAML(data); err != nil {
			return nil, nil, formatFailure(source.Pos{}, CodeInternal, "%v", err)
		}
	}
	var doc *yaml.Node
	for _, d := range docs {
		if !blankDoc(d) {
			doc = d
			break
		}
	}
	if doc == nil {
		return nil, nil, formatFailure(source.Pos{}, CodeInternal, "the document has no content")
	}
	out, err = writeCanonical(data, doc)
	return out, docs, err
}

// writeCanonical writes the canonical YAML of doc, a document parsed from
// data (whose lines hold the comments and blank lines to keep).
func writeCanonical(data []byte, doc *yaml.Node) ([]byte, error) {
	f := &yfmt{
		src:   splitLines(data),
		bound: map[string]*yaml.Node{},
		done:  map[*yaml.Node]bool{},
		cache: map[scalarKey]scalarText{},
		heads: map[*yaml.Node]string{},
	}
	f.aligned = alignedComments(f.src)
	f.document(doc)
	if f.err != nil {
		return nil, f.err
	}
	return f.b.Bytes(), nil
}

func splitLines(data []byte) []string {
	s := strings.TrimPrefix(string(data), "\uFEFF")
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = strings.TrimSuffix(l, "\r")
	}
	return lines
}
