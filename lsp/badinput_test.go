package lsp

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// Malformed and oversized messages are answered with an error whose id is
// null (the id could not be read), and the server goes on to answer the
// next request.
func TestBadMessages(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{MaxSize: 1000})
	c.initialize()
	big := strings.Repeat("x", 10_000)
	for _, bad := range []struct{ name, raw, want string }{
		{"not JSON", "Content-Length: 5\r\n\r\n{nope", "not JSON"},
		{"no length", "Content-Type: application/json\r\n\r\n", "without Content-Length"},
		{"bad length", "Content-Length: many\r\n\r\n", "not a length"},
		{"header garbage", "hello there\r\nContent-Length: 2\r\n\r\n{}", "malformed header"},
		{"too large", fmt.Sprintf("Content-Length: %d\r\n\r\n%s", 1<<22, strings.Repeat(" ", 1<<22)), "over the limit"},
		{"not JSON-RPC 2.0", "Content-Length: 2\r\n\r\n{}", "not a JSON-RPC 2.0"},
	} {
		c.raw(bad.raw)
		m := c.waitFor(func(m *message) bool { return m.Error != nil })
		if string(m.ID) != "null" || !strings.Contains(m.Error.Message, bad.want) {
			t.Errorf("%s: id %s, error %+v", bad.name, m.ID, m.Error)
		}
	}
	if m := c.call("textDocument/hover", []int{1}); m.Error == nil || m.Error.Code != codeInvalidParams {
		t.Errorf("params of the wrong shape: %+v", m.Error)
	}
	// A mission over --max-size is reported, never checked; requests
	// about it are refused.
	uri := c.open(filepath.Join(root, "big.yaml"), "format: 1\nruleset: zombicide-invader\ntitle: "+big[:2000]+"\n")
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "larger than") && !strings.Contains(ds[0].Message, "over") {
		t.Errorf("a document over --max-size: %+v", ds)
	}
	if m := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}}); m.Error == nil || !strings.Contains(m.Error.Message, "--max-size") {
		t.Errorf("formatting a document over --max-size: %+v", m.Error)
	}
	// Requests about what is not open, or a place that is nowhere.
	if m := c.call("textDocument/hover", at(fileURI(filepath.Join(root, "never.yaml")), Position{})); m.Error == nil {
		t.Error("hover on a document never opened was answered")
	}
	small := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	c.diagnostics(small, 1)
	if m := c.call("textDocument/hover", at(small, Position{Line: -1, Character: 3})); m.Error == nil {
		t.Error("hover at line -1 was answered")
	}
	if m := c.call("textDocument/completion", at(small, Position{Line: 1 << 30, Character: 1 << 30})); m.Error != nil {
		t.Errorf("completion far past the end: %+v", m.Error)
	}
	c.change(small, 2, "")
	c.diagnostics(small, 2) // an empty buffer is a finding, not a crash
	c.shutdown()
}

// The input ending in the middle of a message ends the server without a
// panic, with an error that says so.
func TestTruncatedInput(t *testing.T) {
	r := newReader(strings.NewReader("Content-Length: 100\r\n\r\n{\"jsonrpc\""), 1<<20)
	if _, err := r.read(); !errors.Is(err, io.ErrUnexpectedEOF) {
		t.Errorf("a body cut short: %v", err)
	}
	r = newReader(strings.NewReader(""), 1<<20)
	if _, err := r.read(); err != io.EOF {
		t.Errorf("no input: %v", err)
	}
}

// FuzzReader: whatever bytes arrive, the reader returns messages, bad
// frames or the end of input; it never panics, never holds a body over
// its limit, and always comes to an end.
func FuzzReader(f *testing.F) {
	f.Add([]byte("Content-Length: 2\r\n\r\n{}"))
	f.Add([]byte("Content-Length: 52\r\n\r\n{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"shutdown\",\"x\":1}\n"))
	f.Add([]byte("Content-Length: 99999999999999999999\r\n\r\n"))
	f.Add([]byte("Content-Length: -1\r\n\r\nContent-Length: 2\r\n\r\n[]"))
	f.Add([]byte("\r\n\r\n\r\nfoo: bar\r\n\r\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newReader(strings.NewReader(string(data)), 64)
		for i := 0; ; i++ {
			if i > len(data)+1 {
				t.Fatalf("more messages than bytes")
			}
			m, err := r.read()
			var bf *badFrame
			if errors.As(err, &bf) {
				continue
			}
			if err != nil {
				return
			}
			if m == nil {
				t.Fatal("no message and no error")
			}
			if len(m.Params) > 64 {
				t.Fatalf("a body over the limit was read")
			}
		}
	})
}

// FuzzOutline feeds arbitrary documents to what reads them without the
// checks: the outline, the folds and where a key is being typed, at any
// offset. None may panic, and every range lies in the text.
func FuzzOutline(f *testing.F) {
	f.Add(twoStarts, 40)
	f.Add("tiles:\n  - face: 1A\n    ro\n", 25)
	f.Add("rules:\n  mold-distance:\n    thr", 30)
	f.Add("- a\n  - b:\n\t- c: [\n", 9)
	f.Add("{\"faces\": {\"S1\": {\"grid\": [\"a a\"]}}}", 12)
	f.Fuzz(func(t *testing.T, doc string, off int) {
		if len(doc) > 1<<16 {
			return
		}
		data := []byte(doc)
		tr := parseTree("m.yaml", data, 1<<20)
		lines := len(tr.text.starts)
		var check func(ss []DocumentSymbol)
		check = func(ss []DocumentSymbol) {
			for _, s := range ss {
				if s.Name == "" || s.Range.End.Line >= lines || s.Range.Start.Line > s.Range.End.Line {
					t.Fatalf("symbol %+v in %d lines", s, lines)
				}
				check(s.Children)
			}
		}
		check(tr.symbols(utf16Enc))
		for _, fr := range tr.folds(utf8Enc) {
			if fr.StartLine >= fr.EndLine || fr.EndLine >= lines {
				t.Fatalf("fold %+v in %d lines", fr, lines)
			}
		}
		if len(data) > 0 {
			off = ((off % len(data)) + len(data)) % len(data)
			keyContext(data, off)
			keyAt(data, off)
		}
	})
}
