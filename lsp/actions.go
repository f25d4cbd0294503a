package lsp

import (
	"bytes"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// Quick fixes are offered only where the fix is one edit and there is no
// doubt about it: the word a finding suggests ("did you mean …?") in place
// of the misspelt key or value, and a position written as "3,4" made the
// list [3, 4]. Renumbering ids into reading order is not one: every
// reference to a renumbered id changes with it.

var (
	meantRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`did you mean "([^"]+)"\?|did you mean ([^\s"?]+)\?`) })
	plainRe = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9_./-]*$`) })
	pairRe  = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(-?\d+)[ \t]*,[ \t]*(-?\d+)`) })
)

func (s *Server) codeActions(p codeActionParams) (any, *rpcError) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	res, data := s.result(d)
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	tx := newText(data)
	want, ok1 := tx.offset(p.Range.Start, enc)
	wantEnd, ok2 := tx.offset(p.Range.End, enc)
	if !ok1 || !ok2 {
		return nil, errorf(codeInvalidParams, "a range that lies nowhere")
	}
	out := []CodeAction{}
	ds := s.diagnostics(p.TextDocument.URI, data, res, enc)
	for i, ld := range ds {
		a, _ := tx.offset(ld.Range.Start, enc)
		b, _ := tx.offset(ld.Range.End, enc)
		if b < want || a > wantEnd {
			continue // not where the client asks
		}
		if edit, title, ok := fix(data, res.Diags[i].Message+" "+res.Diags[i].Hint, a, b); ok {
			e := TextEdit{Range: tx.rangeOf(edit.start, edit.end, enc), NewText: edit.text}
			out = append(out, CodeAction{Title: title, Kind: "quickfix", Diagnostics: []Diagnostic{ld}, IsPreferred: true,
				Edit: &WorkspaceEdit{Changes: map[string][]TextEdit{p.TextDocument.URI: {e}}}})
		}
	}
	return out, nil
}

type edit struct {
	start, end int
	text       string
}

// fix finds the one edit that mends the finding whose words are msg and
// whose text is data[a:b].
func fix(data []byte, msg string, a, b int) (edit, string, bool) {
	// "'at' wants a list" (read as a key), "at: is a board position: a
	// list [column, row]…" (the schema's words)
	if strings.Contains(msg, "a list") {
		// the pair on the finding's line that covers where it points
		ls := bytes.LastIndexAny(data[:a], "\n\r") + 1
		le := len(data)
		if i := bytes.IndexAny(data[a:], "\n\r"); i >= 0 {
			le = a + i
		}
		for _, m := range pairRe().FindAllSubmatchIndex(data[ls:le], -1) {
			s, e := ls+m[0], ls+m[1]
			if s <= a && a <= e {
				list := "[" + string(data[ls+m[2]:ls+m[3]]) + ", " + string(data[ls+m[4]:ls+m[5]]) + "]"
				return edit{s, e, list}, "write " + list, true
			}
		}
	}
	m := meantRe().FindStringSubmatch(msg)
	if m == nil || b <= a {
		return edit{}, "", false
	}
	word := m[1] + m[2]
	old := string(data[a:b])
	if strings.ContainsAny(old, "\n{[") {
		return edit{}, "", false // not one word: no single replacement is sure
	}
	// Keep the quotes the author wrote.
	if len(old) >= 2 && (old[0] == '"' || old[0] == '\'') && old[len(old)-1] == old[0] {
		if old[0] == '"' {
			return edit{a, b, `"` + strings.ReplaceAll(strings.ReplaceAll(word, `\`, `\\`), `"`, `\"`) + `"`}, "change to " + word, true
		}
		return edit{a, b, "'" + strings.ReplaceAll(word, "'", "''") + "'"}, "change to " + word, true
	}
	if !plainRe().MatchString(word) {
		word = strconv.Quote(word)
	}
	return edit{a, b, word}, "change to " + word, true
}
