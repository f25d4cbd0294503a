package lsp

import (
	"path/filepath"
	"regexp"
	"strconv"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// diagnostics turns a lint result into the protocol's diagnostics, each
// spanning the key, value or list item it is about.
func (s *Server) diagnostics(uri string, data []byte, r *lint.Result, enc encoding) []Diagnostic {
	out := make([]Diagnostic, 0, len(r.Diags))
	sp := newSpanner(data, r)
	for _, d := range r.Diags {
		ld := Diagnostic{Range: sp.rangeOf(d, enc), Severity: severity(d.Severity), Code: d.Rule, Source: "zmission", Message: d.Message}
		if r, stop, ok := sp.openedAt(d, enc); ok {
			// The parser stops where it noticed, often the next line; the
			// author looks where the message points: the unclosed bracket.
			ld.Range = r
			ld.RelatedInformation = append(ld.RelatedInformation, DiagnosticRelatedInformation{Location: Location{URI: uri, Range: stop}, Message: "the parser stopped here"})
		}
		if validate.Lookup(d.Rule) != nil {
			ld.CodeDescription = &CodeDescription{Href: validate.DocURL(d.Rule)}
		}
		if d.Hint != "" {
			ld.Message += "\nhint: " + d.Hint
		}
		for _, rel := range d.Related {
			loc := Location{URI: uri}
			if rel.File != "" && rel.File != r.File {
				loc.URI = fileURI(absPath(rel.File))
				p := Position{Line: max(rel.Line-1, 0), Character: max(rel.Col-1, 0)}
				loc.Range = Range{p, p}
			} else {
				loc.Range = sp.rangeAt(source.Pos{Line: rel.Line, Col: rel.Col}, enc)
			}
			ld.RelatedInformation = append(ld.RelatedInformation, DiagnosticRelatedInformation{Location: loc, Message: rel.Message})
		}
		out = append(out, ld)
	}
	return out
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

func severity(s validate.Severity) int {
	switch s {
	case validate.Error:
		return severityError
	case validate.Warning:
		return severityWarning
	}
	return severityInfo
}

var startsAtRe = regexp.MustCompile(`that starts at line (\d+), column (\d+)`)

// openedAt is, for a syntax error that names where its construct starts
// on an earlier line, the range from there to that line's end, and the
// range where the parser stopped.
func (sp *spanner) openedAt(d validate.Diagnostic, enc encoding) (Range, Range, bool) {
	if d.Rule != source.CodeSyntax {
		return Range{}, Range{}, false
	}
	m := startsAtRe.FindStringSubmatch(d.Message)
	if m == nil {
		return Range{}, Range{}, false
	}
	line, _ := strconv.Atoi(m[1])
	col, _ := strconv.Atoi(m[2])
	if line < 1 || line >= d.Line {
		return Range{}, Range{}, false
	}
	a := sp.lines.Offset(source.Pos{Line: line, Col: col})
	b := sp.text.lineEnd(line - 1)
	for b > a && (sp.data[b-1] == ' ' || sp.data[b-1] == '\t') {
		b--
	}
	return sp.text.rangeOf(a, max(b, a+1), enc), sp.rangeAt(source.Pos{Line: d.Line, Col: d.Col}, enc), true
}

// spanner finds the range of what a diagnostic is about in one text.
type spanner struct {
	data  []byte
	root  *source.Node // nil when the text did not parse
	lines *source.Lines
	text  *text
}

func newSpanner(data []byte, r *lint.Result) *spanner {
	sp := &spanner{data: data, lines: source.NewLines(data), text: newText(data)}
	if r != nil && r.Doc != nil {
		sp.root = r.Doc.Root
	}
	return sp
}

// rangeOf spans the value (or key) at the diagnostic's pointer when it has
// one that starts where it points; else what starts at its position.
func (sp *spanner) rangeOf(d validate.Diagnostic, enc encoding) Range {
	at := source.Pos{Line: d.Line, Col: d.Col}
	if sp.root != nil && d.Pointer != "" {
		start, end := sp.lines.Span(sp.root, d.Pointer, d.Key)
		if start == at {
			return sp.text.rangeOf(sp.lines.Offset(start), sp.lines.Offset(end), enc)
		}
	}
	return sp.rangeAt(at, enc)
}

// rangeAt spans the deepest value or key that starts at p, or without one
// the word there (up to a space, or a comma or bracket that ends it).
func (sp *spanner) rangeAt(p source.Pos, enc encoding) Range {
	if n, ptr, key := sp.nodeAt(p); n != nil {
		start, end := sp.lines.Span(sp.root, ptr, key)
		if start == p {
			return sp.text.rangeOf(sp.lines.Offset(start), sp.lines.Offset(end), enc)
		}
	}
	s := sp.lines.Offset(p)
	e := s
	for e < len(sp.data) && sp.data[e] != ' ' && sp.data[e] != '\t' && sp.data[e] != '\n' && sp.data[e] != '\r' {
		e++
	}
	for e > s && (sp.data[e-1] == ',' || sp.data[e-1] == ']' || sp.data[e-1] == '}' || sp.data[e-1] == ':') {
		e--
	}
	if e == s && e < len(sp.data) && sp.data[e] != '\n' && sp.data[e] != '\r' {
		e++
	}
	return sp.text.rangeOf(s, e, enc)
}

// nodeAt finds the deepest value starting at p (else the deepest key) and
// its pointer.
func (sp *spanner) nodeAt(p source.Pos) (*source.Node, string, bool) {
	if sp.root == nil {
		return nil, "", false
	}
	var best *source.Node
	var bestPtr string
	var bestKey bool
	bestRank := 3
	var walk func(n *source.Node, ptr string)
	walk = func(n *source.Node, ptr string) {
		switch {
		case n.Pos == p && n != sp.root: // the whole document is never the place
			best, bestPtr, bestKey, bestRank = n, ptr, false, 0
		case n.KeyPos == p && n.KeyPos != n.Pos && bestRank >= 1:
			best, bestPtr, bestKey, bestRank = n, ptr, true, 1
		}
		for i, it := range n.Items {
			walk(it, ptr+"/"+itoa(i))
		}
		for i, f := range n.Fields {
			walk(f, ptr+"/"+escape(n.Keys[i]))
		}
	}
	walk(sp.root, "")
	return best, bestPtr, bestKey
}
