package missions

import (
	"bytes"
	"errors"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/zmission/zmission/source"
	"go.yaml.in/yaml/v4"
)

// yfmt writes the canonical YAML of one document.
type yfmt struct {
	b     bytes.Buffer
	src   []string // the input's lines: where comments stood, blank lines
	err   error
	bound map[string]*yaml.Node // anchor name -> the node it names so far in the output
	done  map[*yaml.Node]bool   // anchored nodes already written out in full
	cache map[scalarKey]scalarText
	heads map[*yaml.Node]string // head comments that were partly moved
	first *yaml.Node            // the root mapping's first key in the input
	// aligned holds whole-line comments that continue the trailing comment
	// of the line above, at its column: the column they keep.
	aligned map[string]int
}

// ref is a value as written at one place of the output: its content, the
// node whose own comments belong to that place, and its anchor or alias.
type ref struct {
	n      *yaml.Node // the content
	at     *yaml.Node // comments of this place
	anchor string     // write "&anchor" before the content
	alias  string     // write "*alias" instead of the content
}

// ref decides how n is written here. Keys move, so an alias may come before
// its anchor in the output: the first place written holds the content and
// the anchor, later places the alias.
func (f *yfmt) ref(n *yaml.Node) ref {
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		t := n.Alias
		switch {
		case f.bound[t.Anchor] == t:
			return ref{n: t, at: n, alias: t.Anchor}
		case f.done[t]:
			return ref{n: t, at: n} // the name now means another value: write a copy
		}
		f.done[t], f.bound[t.Anchor] = true, t
		return ref{n: t, at: n, anchor: t.Anchor}
	}
	if n.Anchor != "" {
		if f.done[n] && f.bound[n.Anchor] == n {
			return ref{n: n, at: n, alias: n.Anchor}
		}
		f.done[n], f.bound[n.Anchor] = true, n
		return ref{n: n, at: n, anchor: n.Anchor}
	}
	return ref{n: n, at: n}
}

// props is the anchor and explicit collection tag written before a value.
func (r ref) props() string {
	var p []string
	if r.anchor != "" {
		p = append(p, "&"+r.anchor)
	}
	if r.n.Kind != yaml.ScalarNode && r.n.Style&yaml.TaggedStyle != 0 && r.n.Tag != "" {
		t := r.n.Tag
		if !strings.HasPrefix(t, "!") {
			t = "!<" + t + ">"
		}
		p = append(p, t)
	}
	return strings.Join(p, " ")
}

func (f *yfmt) head(n *yaml.Node) string {
	if h, ok := f.heads[n]; ok {
		return h
	}
	return n.HeadComment
}

// note is a line comment and the source line it was found from, which
// tells its column.
type note struct {
	text string
	line int
}

func noteOf(n *yaml.Node) []note {
	if n.LineComment == "" {
		return nil
	}
	return []note{{strings.ReplaceAll(n.LineComment, "\n", " "), n.Line}}
}

// hoist gathers the comments inside a value written on one line.
type hoist struct {
	heads []string
	notes []note
	foots []string
}

func (h *hoist) all(n *yaml.Node, fm *yfmt) {
	if n == nil {
		return
	}
	h.heads = appendText(h.heads, fm.head(n))
	for _, c := range n.Content {
		h.all(c, fm)
	}
	h.notes = append(h.notes, noteOf(n)...)
	h.foots = appendText(h.foots, n.FootComment)
}

func appendText(list []string, s string) []string {
	if s == "" {
		return list
	}
	return append(list, s)
}

// line writes one line of content with its line comments. A comment keeps
// the column it had in the input when the content leaves room for it, so
// comments aligned by hand stay aligned.
func (f *yfmt) line(content string, notes []note) {
	f.b.WriteString(content)
	if len(notes) > 0 {
		texts := make([]string, len(notes))
		for i, n := range notes {
			texts[i] = n.text
		}
		pad := max(1, f.column(notes[0])-utf8.RuneCountInString(content))
		f.b.WriteString(strings.Repeat(" ", pad))
		f.b.WriteString(strings.Join(texts, " "))
	}
	f.b.WriteByte('\n')
}

// column finds where a line comment stood in the input (0-based, in runes).
func (f *yfmt) column(n note) int {
	for l := max(n.line, 1); l <= len(f.src) && l < n.line+1000; l++ {
		if i := strings.LastIndex(f.src[l-1], n.text); i >= 0 {
			return utf8.RuneCountInString(f.src[l-1][:i])
		}
	}
	return 0
}

// comments writes whole-line comments at a column. Empty lines among them
// are kept at the top level only, like empty lines between keys.
func (f *yfmt) comments(col int, texts ...string) {
	for _, t := range texts {
		if t == "" {
			continue
		}
		for _, l := range strings.Split(t, "\n") {
			switch {
			case l != "":
				c := col
				// A comment that goes on from a trailing comment above,
				// under it, stays there when that line still ends in one.
				if a, ok := f.aligned[strings.TrimSpace(l)]; ok && a > col && f.trailingAt(a) {
					c = a
				}
				f.b.WriteString(strings.Repeat(" ", c))
				f.b.WriteString(strings.TrimLeft(l, " \t"))
				f.b.WriteByte('\n')
			case col == 0:
				f.b.WriteByte('\n')
			}
		}
	}
}

// blank adds an empty line unless the output already ends with one.
func (f *yfmt) blank() {
	if f.b.Len() > 0 && !bytes.HasSuffix(f.b.Bytes(), []byte("\n\n")) {
		f.b.WriteByte('\n')
	}
}

const modeline = "# yaml-language-server:"

// document writes the root mapping. Comments before the first key stay at
// the top, and so does the empty line that sets them apart; an editor
// modeline stays first wherever the keys move.
func (f *yfmt) document(doc *yaml.Node) {
	root := doc.Content[0]
	if h := strings.TrimRight(doc.HeadComment, "\n"); h != "" {
		f.comments(0, h)
		f.b.WriteByte('\n')
	}
	if len(root.Content) >= 2 {
		first := root.Content[0]
		var keep, moved []string
		for _, l := range strings.Split(first.HeadComment, "\n") {
			if strings.HasPrefix(l, modeline) {
				moved = append(moved, l)
			} else {
				keep = append(keep, l)
			}
		}
		if len(moved) > 0 {
			f.comments(0, strings.Join(moved, "\n"))
			f.heads[first] = strings.Join(keep, "\n")
		}
		// Comments that open the file, right above its first key, are the
		// file's header: they stay on top when that key moves down. Under
		// an editor modeline they are the key's, and move with it.
		if strings.TrimSpace(doc.HeadComment) == "" && len(moved) == 0 {
			f.comments(0, f.head(first))
			f.heads[first] = ""
		}
		f.first = first
	}
	r := f.ref(root)
	f.comments(0, f.head(r.at))
	if p := r.props(); p != "" {
		f.line(p, nil)
	}
	if root.Kind != yaml.MappingNode || len(root.Content) == 0 {
		h := &hoist{}
		text := f.flowText(r, missionShape, h)
		f.comments(0, h.heads...)
		f.line(text, append(h.notes, noteOf(r.at)...))
		f.comments(0, h.foots...)
	} else {
		var keys []string
		for i := 0; i+1 < len(root.Content); i += 2 {
			keys = append(keys, root.Content[i].Value)
		}
		f.pairs(root, topShape(keys), 0, "", noteOf(r.at), true, true)
	}
	f.comments(0, r.at.FootComment, doc.LineComment)
	if foot := strings.Trim(doc.FootComment, "\n"); foot != "" {
		f.blank()
		f.comments(0, foot)
	}
}

// blankBefore tells whether an empty line stood before a top-level key (or
// before the comments above it) in the input.
func (f *yfmt) blankBefore(k *yaml.Node) bool {
	if k == f.first {
		return false // the empty line under the file's header, which stays there
	}
	l := k.Line - 1
	if h := k.HeadComment; h != "" {
		l -= strings.Count(h, "\n") + 1
	}
	return l >= 1 && l <= len(f.src) && strings.TrimSpace(f.src[l-1]) == ""
}

// pairs writes a block mapping whose keys stand at column ind. lead, when
// set, starts the first line ("- " of a sequence item) and the first key's
// head comments go before it, at the item's column. eof tells that nothing
// but comments follows the mapping. It returns the column of the deepest
// last entry (see foot).
func (f *yfmt) pairs(m *yaml.Node, sh *shape, ind int, lead string, notes []note, top, eof bool) int {
	keys := make([]string, 0, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		keys = append(keys, keyText(m.Content[i]))
	}
	order := orderKeys(keys, sh)
	deep := ind
	for j, i := range order {
		k, v := m.Content[2*i], m.Content[2*i+1]
		start, headCol := strings.Repeat(" ", ind), ind
		if j == 0 && lead != "" {
			start, headCol = lead, ind-2
		}
		if top && j > 0 && f.blankBefore(k) {
			f.blank()
		}
		var extra []note
		if j == 0 {
			extra = notes
		}
		last := j == len(order)-1
		deep = f.pair(k, v, sh.field(keys[i]), entry{ind: ind, start: start, headCol: headCol, notes: extra, sibling: !last, eof: eof && last})
	}
	return deep
}

// entry is where a mapping pair or a sequence item is written.
type entry struct {
	ind     int    // the column of the key, or of the dash
	start   string // what begins the first line: indentation, or a lead
	headCol int    // the column of head comments
	notes   []note // line comments of an enclosing item, for the first line
	sibling bool   // another entry of the same collection follows
	eof     bool   // nothing but comments follows
}

// foot writes the comments that follow an entry where the reader gives them
// back to the same entry: at the next sibling's column (sib) they become its
// head comments; at the end of the file a comment belongs to the innermost
// entry at or left of its column (own); otherwise, before a line further
// left, the reader gives it to the deepest last entry, so it goes there.
func (f *yfmt) foot(e entry, sib, own, deep int, texts ...string) {
	col := deep
	switch {
	case e.sibling:
		col = sib
	case e.eof:
		col = own
	}
	f.comments(col, texts...)
}

// pair writes one "key: value" of a block mapping and returns the column
// of its deepest last entry.
func (f *yfmt) pair(k, v *yaml.Node, sh *shape, e entry) int {
	kr := f.ref(k)
	key := f.key(kr, false)
	vr := f.ref(v)
	heads := []string{f.head(kr.at)}
	notes := append(append([]note(nil), e.notes...), noteOf(kr.at)...)
	var foots []string
	text := e.start + key + ":"
	deep := e.ind
	switch {
	case isBlock(vr, sh):
		f.comments(e.headCol, heads...)
		if p := vr.props(); p != "" {
			text += " " + p
		}
		f.line(text, append(notes, noteOf(vr.at)...))
		deep = f.block(vr, sh, e.ind+2, e.eof)
		foots = append(foots, vr.at.FootComment)
	case vr.alias == "" && vr.n.Kind == yaml.ScalarNode:
		heads = append(heads, f.head(vr.at))
		f.comments(e.headCol, heads...)
		st := f.scalar(vr.n, ctxBlock)
		if p := vr.props(); p != "" {
			text += " " + p
		}
		if st.head != "" {
			text += " " + st.head
		}
		f.line(text, append(notes, noteOf(vr.at)...))
		f.body(e.ind+2, st.body)
		foots = append(foots, vr.at.FootComment)
	default:
		vh := &hoist{}
		val := f.flow(vr, sh, vh)
		f.comments(e.headCol, append(heads, vh.heads...)...)
		f.line(text+" "+val, append(notes, vh.notes...))
		foots = append(foots, vh.foots...)
	}
	f.foot(e, e.ind, e.ind, deep, append(foots, kr.at.FootComment)...)
	return deep
}

// body writes the lines of a literal block scalar at column ind.
func (f *yfmt) body(ind int, lines []string) {
	for _, l := range lines {
		if l != "" {
			f.b.WriteString(strings.Repeat(" ", ind))
			f.b.WriteString(l)
		}
		f.b.WriteByte('\n')
	}
}

// block writes a block collection whose entries stand at column ind and
// returns the column of its deepest last entry.
func (f *yfmt) block(r ref, sh *shape, ind int, eof bool) int {
	f.comments(ind, f.head(r.at))
	if r.n.Kind == yaml.MappingNode {
		return f.pairs(r.n, sh, ind, "", nil, false, eof)
	}
	return f.seq(r.n, sh.item(), ind, eof)
}

// seq writes the items of a block sequence with their dashes at column ind
// and returns the column of its deepest last entry.
func (f *yfmt) seq(s *yaml.Node, sh *shape, ind int, eof bool) int {
	deep := ind
	dash := strings.Repeat(" ", ind) + "-"
	for i, it := range s.Content {
		r := f.ref(it)
		last := i == len(s.Content)-1
		e := entry{ind: ind, sibling: !last, eof: eof && last}
		deep = ind
		own := ind // a block item's own column is that of its content
		switch {
		case isBlock(r, sh) && r.n.Kind == yaml.MappingNode && r.props() == "":
			f.comments(ind, f.head(r.at))
			deep = f.pairs(r.n, sh, ind+2, dash+" ", noteOf(r.at), false, e.eof)
			own = ind + 2
		case isBlock(r, sh):
			f.comments(ind, f.head(r.at))
			text := dash
			if p := r.props(); p != "" {
				text += " " + p
			}
			f.line(text, noteOf(r.at))
			deep = f.block(ref{n: r.n, at: &yaml.Node{}}, sh, ind+2, e.eof)
			own = ind + 2
		case r.alias == "" && r.n.Kind == yaml.ScalarNode:
			f.comments(ind, f.head(r.at))
			st := f.scalar(r.n, ctxBlock)
			text := dash
			if p := r.props(); p != "" {
				text += " " + p
			}
			if st.head != "" {
				text += " " + st.head
			}
			f.line(text, noteOf(r.at))
			f.body(ind+2, st.body)
		default:
			h := &hoist{}
			val := f.flow(r, sh, h)
			f.comments(ind, h.heads...)
			f.line(dash+" "+val, h.notes)
			f.foot(e, ind, own, deep, h.foots...)
			continue
		}
		f.foot(e, ind, own, deep, r.at.FootComment)
	}
	return deep
}

// keyText is a key's text, through an alias.
func keyText(k *yaml.Node) string {
	for i := 0; k.Kind == yaml.AliasNode && k.Alias != nil && i < 8; i++ {
		k = k.Alias
	}
	return k.Value
}

func plainZero(k, v *yaml.Node) bool {
	return k.Kind == yaml.ScalarNode && k.Anchor == "" && v.Kind == yaml.ScalarNode && v.Anchor == "" &&
		v.Tag == "!!int" && v.Value == "0" && v.Style&^yaml.TaggedStyle == 0
}

// isBlock tells whether a value is written as a block collection.
func isBlock(r ref, sh *shape) bool {
	n := r.n
	if r.alias != "" || (n.Kind != yaml.MappingNode && n.Kind != yaml.SequenceNode) || len(n.Content) == 0 {
		return false
	}
	if sh != nil {
		return !sh.flow
	}
	return n.Style&yaml.FlowStyle == 0
}

// flow writes a value on one line; the comments inside it are gathered in h.
func (f *yfmt) flow(r ref, sh *shape, h *hoist) string {
	at := r.at
	h.heads = appendText(h.heads, f.head(at))
	text := f.flowText(r, sh, h)
	h.notes = append(h.notes, noteOf(at)...)
	h.foots = appendText(h.foots, at.FootComment)
	return text
}

func (f *yfmt) flowText(r ref, sh *shape, h *hoist) string {
	if r.alias != "" {
		return "*" + r.alias
	}
	n := r.n
	prefix := r.props()
	if prefix != "" {
		prefix += " "
	}
	switch n.Kind {
	case yaml.ScalarNode:
		return prefix + f.scalar(n, ctxFlow).head
	case yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, it := range n.Content {
			parts[i] = f.flow(f.ref(it), sh.item(), h)
		}
		return prefix + "[" + strings.Join(parts, ", ") + "]"
	case yaml.MappingNode:
		keys := make([]string, 0, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			keys = append(keys, keyText(n.Content[i]))
		}
		var parts []string
		for _, i := range orderKeys(keys, sh) {
			k, v := n.Content[2*i], n.Content[2*i+1]
			if sh != nil && keys[i] == sh.dropZ && plainZero(k, v) {
				h.all(k, f)
				h.all(v, f)
				continue
			}
			kr := f.ref(k)
			key := f.key(kr, true)
			h.heads = append(h.heads, f.head(kr.at))
			val := f.flow(f.ref(v), sh.field(keys[i]), h)
			h.notes = append(h.notes, noteOf(kr.at)...)
			h.foots = append(h.foots, kr.at.FootComment)
			parts = append(parts, key+": "+val)
		}
		return prefix + "{" + strings.Join(parts, ", ") + "}"
	}
	f.fail("a value of unknown kind %d", n.Kind)
	return ""
}

// key writes a mapping key; an alias key needs a space before the colon.
func (f *yfmt) key(r ref, inFlow bool) string {
	if r.alias != "" {
		return "*" + r.alias + " "
	}
	if r.n.Kind != yaml.ScalarNode {
		f.fail("a key that is not a string")
		return ""
	}
	prefix := r.props()
	if prefix != "" {
		prefix += " "
	}
	ctx := ctxKey
	if inFlow {
		ctx = ctxFlow
	}
	t := f.scalar(r.n, ctx).head
	if utf8.RuneCountInString(t) > 1000 {
		f.fail("a key of more than 1000 characters cannot be written as a YAML key")
	}
	return prefix + t
}

func (f *yfmt) fail(format string, args ...any) {
	if f.err == nil {
		f.err = formatFailure(source.Pos{}, CodeInternal, "cannot format: "+format, args...)
	}
}

// Where a scalar is written: it decides what quoting and styles are possible.
const (
	ctxBlock = iota // a block mapping value or sequence item: literal blocks allowed
	ctxFlow         // inside a flow collection
	ctxKey          // a block mapping key: one line
)

type scalarKey struct {
	tag, value string
	ctx        int
}

// scalarText is a scalar as written: the text after "key: " (a literal
// block's header) and the literal block's lines, unindented.
type scalarText struct {
	head string
	body []string
}

// scalar writes a scalar value. The YAML encoder decides on quoting, so a
// string that would read as something else (a number, true, null) keeps its
// quotes; multi-line strings become literal blocks.
func (f *yfmt) scalar(n *yaml.Node, ctx int) scalarText {
	if n.Tag == "!!null" && n.Value == "" {
		if ctx == ctxBlock {
			return scalarText{}
		}
		return scalarText{head: "null"}
	}
	if ctx == ctxBlock && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 {
		if t, ok := f.asWritten(n); ok {
			return t
		}
	}
	k := scalarKey{n.Tag, n.Value, ctx}
	if t, ok := f.cache[k]; ok {
		return t
	}
	var style yaml.Style
	breaks := strings.ContainsAny(n.Value, "\n\r\u0085\u2028\u2029")
	switch {
	case ctx == ctxBlock && breaks && !strings.ContainsAny(n.Value, "\r\u0085\u2028\u2029") && !trailingBlanks(n.Value):
		style = yaml.LiteralStyle
	case breaks:
		style = yaml.DoubleQuotedStyle
	case n.Tag == "!!str" && looksNumeric(n.Value):
		// The reader takes a plain 1e400 or 1_000 for a number.
		style = yaml.DoubleQuotedStyle
	}
	t, ok := dumpScalar(n, style, ctx)
	if !ok && style != yaml.DoubleQuotedStyle {
		t, ok = dumpScalar(n, yaml.DoubleQuotedStyle, ctx)
	}
	if !ok {
		f.fail("the value %.40q cannot be written", n.Value)
	}
	f.cache[k] = t
	return t
}

// trailingBlanks reports a line that ends in spaces or tabs: editors strip
// them, so such a string stays quoted rather than in a literal block.
func trailingBlanks(s string) bool {
	for _, l := range strings.Split(s, "\n") {
		if strings.TrimRight(l, " \t") != l {
			return true
		}
	}
	return false
}

func looksNumeric(s string) bool {
	_, err := strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
	return err == nil || errors.Is(err, strconv.ErrRange)
}

// dumpScalar has the encoder write the scalar as the one item of a sequence
// (a flow one outside block context) and cuts the item out. ok is false
// when the result is not what the place needs: one line, or a literal block
// without an indentation indicator.
func dumpScalar(n *yaml.Node, style yaml.Style, ctx int) (scalarText, bool) {
	// A mission repeats its short scalars (types, colours, coordinates,
	// ids) many times, and each dump starts a whole emitter: short ones
	// are remembered, as the dump is a function of these four alone.
	if len(n.Value) > maxMemoValue {
		return dumpScalarNow(n, style, ctx)
	}
	key := memoKey{n.Tag, n.Value, style, ctx}
	scalarMemo.Lock()
	r, ok := scalarMemo.m[key]
	scalarMemo.Unlock()
	if ok {
		return r.t, r.ok
	}
	t, done := dumpScalarNow(n, style, ctx)
	scalarMemo.Lock()
	if len(scalarMemo.m) >= maxMemo {
		clear(scalarMemo.m)
	}
	scalarMemo.m[key] = scalarResult{t, done}
	scalarMemo.Unlock()
	return t, done
}

// The memo of short scalars' dumps, shared by the files formatted at once;
// bounded by clearing it when full.
const (
	maxMemoValue = 64
	maxMemo      = 4096
)

type memoKey struct {
	tag, value string
	style      yaml.Style
	ctx        int
}

type scalarResult struct {
	t  scalarText
	ok bool
}

var scalarMemo = struct {
	sync.Mutex
	m map[memoKey]scalarResult
}{m: map[memoKey]scalarResult{}}

func dumpScalarNow(n *yaml.Node, style yaml.Style, ctx int) (scalarText, bool) {
	c := &yaml.Node{Kind: yaml.ScalarNode, Tag: n.Tag, Value: n.Value, Style: style}
	w := &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{c}}
	if ctx != ctxBlock {
		w.Style = yaml.FlowStyle
	}
	out, err := yaml.Dump(w, yaml.WithLineWidth(-1), yaml.WithIndent(2), yaml.WithQuotePreference(yaml.QuoteDouble))
	if err != nil {
		return scalarText{}, false
	}
	s := strings.TrimSuffix(string(out), "\n")
	if ctx != ctxBlock {
		if !strings.HasPrefix(s, "[") || !strings.HasSuffix(s, "]") || strings.Contains(s, "\n") {
			return scalarText{}, false
		}
		return scalarText{head: s[1 : len(s)-1]}, true
	}
	lines := strings.Split(s, "\n")
	if !strings.HasPrefix(lines[0], "- ") {
		return scalarText{}, false
	}
	t := scalarText{head: lines[0][2:]}
	if len(lines) == 1 {
		return t, true
	}
	// "|2-" would need the indentation the item has here, not ours.
	if i := strings.LastIndex(t.head, "|"); i < 0 || strings.ContainsAny(t.head[i:], "0123456789") {
		return scalarText{}, false
	}
	for _, l := range lines[1:] {
		if l != "" && !strings.HasPrefix(l, "  ") {
			return scalarText{}, false
		}
		t.body = append(t.body, strings.TrimPrefix(l, "  "))
	}
	return t, true
}

// asWritten is a block scalar ("|", ">", with "-" or no chomping) as the
// author wrote it: its header and its lines, re-indented, so a folded
// briefing keeps its line breaks and stays folded. ok is false where the
// text cannot simply be moved: an indentation indicator, kept trailing
// lines ("+", which the blank lines between keys would change), or lines
// that do not read back to the same value.
func (f *yfmt) asWritten(n *yaml.Node) (scalarText, bool) {
	if n.Line < 1 || n.Line > len(f.src) || n.Column < 1 {
		return scalarText{}, false
	}
	line := f.src[n.Line-1]
	if n.Column-1 >= len(line) {
		return scalarText{}, false
	}
	head, _, _ := strings.Cut(line[n.Column-1:], " ")
	head, _, _ = strings.Cut(head, "\t")
	if head != "|" && head != ">" && head != "|-" && head != ">-" {
		return scalarText{}, false
	}
	var body []string
	indent := -1
	for _, l := range f.src[n.Line:] {
		l = strings.TrimSuffix(l, "\r")
		if strings.TrimSpace(l) == "" {
			body = append(body, "")
			continue
		}
		in := len(l) - len(strings.TrimLeft(l, " "))
		if indent < 0 {
			indent = in
		}
		if in < indent || in == 0 {
			break
		}
		body = append(body, l[indent:])
	}
	for len(body) > 0 && body[len(body)-1] == "" {
		body = body[:len(body)-1]
	}
	if len(body) == 0 {
		return scalarText{}, false
	}
	var doc strings.Builder
	doc.WriteString("v: " + head + "\n")
	for _, l := range body {
		if l != "" {
			doc.WriteString("  " + l)
		}
		doc.WriteString("\n")
	}
	var back yaml.Node
	if err := yaml.Unmarshal([]byte(doc.String()), &back); err != nil || len(back.Content) != 1 {
		return scalarText{}, false
	}
	m := back.Content[0]
	if m.Kind != yaml.MappingNode || len(m.Content) != 2 || m.Content[1].Value != n.Value {
		return scalarText{}, false
	}
	return scalarText{head: head, body: body}, true
}

// alignedComments finds the whole-line comments that stand exactly under
// the trailing comment of the line before: a comment continued by hand.
// A text found at two columns is left out.
func alignedComments(src []string) map[string]int {
	out := map[string]int{}
	seen := map[string]bool{}
	for i := 1; i < len(src); i++ {
		t := strings.TrimLeft(src[i], " ")
		if !strings.HasPrefix(t, "#") {
			continue
		}
		col := len(src[i]) - len(t)
		prev := src[i-1]
		text := strings.TrimSpace(t)
		if col > 0 && col < len(prev) && prev[col] == '#' && strings.TrimSpace(prev[:col]) != "" && prev[col-1] == ' ' {
			if c, ok := out[text]; (ok && c != col) || seen[text] {
				delete(out, text)
				seen[text] = true
				continue
			}
			out[text] = col
		}
	}
	return out
}

// trailingAt tells whether the last line written ends in a comment that
// starts at column col (in bytes, as the source was read).
func (f *yfmt) trailingAt(col int) bool {
	b := f.b.Bytes()
	if len(b) == 0 || b[len(b)-1] != '\n' {
		return false
	}
	start := bytes.LastIndexByte(b[:len(b)-1], '\n') + 1
	last := string(b[start : len(b)-1])
	return col < len(last) && last[col] == '#' && strings.TrimSpace(last[:col]) != ""
}
