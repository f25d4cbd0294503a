package lsp

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
)

const twoStarts = `format: 1
id: first-contact
title: First Contact
ruleset: zombicide-invader
tileset: station
tiles:
  - {face: 1A, at: [0, 0]}
tokens:
  - {type: start, at: [0, 1]}
  - {type: start, at: [1, 1]}
  - {type: exit, at: [2, 1]}
objectives:
  - exit: all
`

// The life of a session: initialize, open a mission with a finding,
// diagnostics at the token it is about with its rule, link and note, an
// edit that fixes it, shutdown and exit.
func TestSession(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	res := c.initialize()
	caps := res["capabilities"].(map[string]any)
	if caps["positionEncoding"] != "utf-16" {
		t.Errorf("a client that offers no encoding gets UTF-16, got %v", caps["positionEncoding"])
	}
	uri := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	ds := c.diagnostics(uri, 1)
	if len(ds) != 1 {
		t.Fatalf("want one finding (two start tokens), got %+v", ds)
	}
	d := ds[0]
	if d.Code != "start-multiple" || d.Severity != severityError || d.Source != "zmission" {
		t.Errorf("code %q severity %d source %q", d.Code, d.Severity, d.Source)
	}
	if d.CodeDescription == nil || !strings.HasSuffix(d.CodeDescription.Href, "docs/checks.md#start-multiple") {
		t.Errorf("code description %+v", d.CodeDescription)
	}
	// The finding is about the second token: the whole list item.
	if got := textAt(t, twoStarts, d.Range, utf16Enc); got != "{type: start, at: [1, 1]}" {
		t.Errorf("range covers %q", got)
	}
	if len(d.RelatedInformation) != 1 || d.RelatedInformation[0].Message != "the first start token" ||
		textAt(t, twoStarts, d.RelatedInformation[0].Location.Range, utf16Enc) != "{type: start, at: [0, 1]}" {
		t.Errorf("related %+v", d.RelatedInformation)
	}
	// From the buffer, not the disk: nothing was ever saved.
	fixed := strings.Replace(twoStarts, "  - {type: start, at: [1, 1]}\n", "", 1)
	c.change(uri, 2, fixed)
	if ds := c.diagnostics(uri, 2); len(ds) != 0 {
		t.Errorf("after the fix: %+v", ds)
	}
	c.shutdown()
}

// A misspelt key is underlined as the key, not its value.
func TestDiagnosticOnKey(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := strings.Replace(twoStarts, "{type: exit", "{typ: exit", 1)
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	ds := c.diagnostics(uri, 1)
	if len(ds) == 0 || ds[0].Code != "schema" {
		t.Fatalf("%+v", ds)
	}
	if got := textAt(t, doc, ds[0].Range, utf16Enc); got != "typ" {
		t.Errorf("range covers %q", got)
	}
	c.shutdown()
}

// Requests before initialize and after shutdown are refused; exit without
// shutdown ends the server with an error.
func TestLifecycle(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	if m := c.call("textDocument/hover", map[string]any{}); m.Error == nil || m.Error.Code != codeNotInitialized {
		t.Errorf("hover before initialize: %+v", m.Error)
	}
	c.initialize()
	if m := c.call("initialize", map[string]any{}); m.Error == nil {
		t.Error("a second initialize was accepted")
	}
	if m := c.call("no/such", map[string]any{}); m.Error == nil || m.Error.Code != codeMethodNotFound {
		t.Errorf("unknown method: %+v", m.Error)
	}
	c.call("shutdown", nil)
	if m := c.call("textDocument/formatting", map[string]any{}); m.Error == nil || m.Error.Code != codeInvalidRequest {
		t.Errorf("formatting after shutdown: %+v", m.Error)
	}
	c.notify("exit", nil)
	if err := <-c.done; err != nil {
		t.Errorf("exit after shutdown: %v", err)
	}

	c = startServer(t, root, Options{})
	c.initialize()
	c.notify("exit", nil)
	if err := <-c.done; err != ErrExit {
		t.Errorf("exit without shutdown: %v", err)
	}
}

func decodeResult(t *testing.T, m *message, v any) {
	t.Helper()
	if m.Error != nil {
		t.Fatalf("error response: %d %s", m.Error.Code, m.Error.Message)
	}
	if err := json.Unmarshal(m.Result, v); err != nil {
		t.Fatalf("result %s: %v", m.Result, err)
	}
}

// Characters count in the encoding agreed at initialize: the same key lies
// at different characters in UTF-8 and UTF-16 after "é😀" on its line.
func TestPositionEncoding(t *testing.T) {
	doc := strings.Replace(twoStarts, "  - {type: exit, at: [2, 1]}", `  - {type: exit, at: [2, 1], text: "é😀", colr: red}`, 1)
	chars := map[encoding]int{}
	for _, c := range []struct {
		offer []string
		want  encoding
	}{{nil, utf16Enc}, {[]string{"utf-16"}, utf16Enc}, {[]string{"utf-8", "utf-16"}, utf8Enc}, {[]string{"utf-32"}, utf32Enc}, {[]string{"latin-1"}, utf16Enc}} {
		root := workspace(t, nil)
		cl := startServer(t, root, Options{})
		res := cl.initialize(c.offer...)
		if got := res["capabilities"].(map[string]any)["positionEncoding"]; got != c.want.String() {
			t.Errorf("offered %v: chose %v, want %v", c.offer, got, c.want)
		}
		uri := cl.open(filepath.Join(root, "m.yaml"), doc)
		var found bool
		for _, d := range cl.diagnostics(uri, 1) {
			if textAt(t, doc, d.Range, c.want) == "colr" {
				found = true
				chars[c.want] = d.Range.Start.Character
			}
		}
		if !found {
			t.Errorf("%v: no finding spans the key colr", c.want)
		}
		cl.shutdown()
	}
	// "  - {type: exit, at: [2, 1], text: \"é😀\", " before the key
	if chars[utf8Enc] != chars[utf16Enc]+3 || chars[utf16Enc] != chars[utf32Enc]+1 {
		t.Errorf("characters by encoding: %v", chars)
	}
}

// A tile set's buffer is what the missions that use it are checked with:
// a change to it re-checks them, before anything is saved.
func TestTilesetChangeRechecksMission(t *testing.T) {
	tiles := `format: 1
name: sealed-city
size: 3
faces:
  S1:
    grid:
      - a a b
      - s s s
      - c c c
    zones:
      a: {kind: room, name: Shop}
      b: {kind: room, name: Back room}
      s: street
      c: {kind: room, name: Diner}
    edges:
      1,0 e: opening
      1,2 n: door
`
	mission := `format: 1
id: building-sealed
title: Sealed shop
ruleset: zombicide-classic
tileset: ./tiles/sealed-city.yaml
tiles:
  - {face: S1, at: [0, 0]}
tokens:
  - {type: start, at: [0, 1]}
  - {type: exit, at: [2, 1]}
objectives:
  - exit: all
`
	root := workspace(t, map[string]string{"tiles/sealed-city.yaml": tiles, "m.yaml": mission})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), mission)
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Code != "building-sealed" {
		t.Fatalf("before: %+v", ds)
	}
	turi := c.open(filepath.Join(root, "tiles/sealed-city.yaml"), tiles)
	if ds := c.diagnostics(turi, 1); len(ds) != 0 {
		t.Fatalf("the tile set: %+v", ds)
	}
	c.change(turi, 2, strings.Replace(tiles, "      1,0 e: opening\n", "      1,0 e: opening\n      0,0 s: door\n", 1))
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("after a door into the shop, in the tile set's buffer: %+v", ds)
	}
	c.shutdown()
}

// .zmission.yaml is found as the CLI finds it: from the file's folder up.
func TestConfigFound(t *testing.T) {
	root := workspace(t, map[string]string{".zmission.yaml": "rules:\n  start-multiple: warning\n"})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "sub", "m.yaml"), twoStarts)
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Severity != severityWarning {
		t.Errorf("with start-multiple: warning configured: %+v", ds)
	}
	c.shutdown()
}

// A file outside the workspace is neither checked nor answered about, and
// the server goes on.
func TestOutsideWorkspace(t *testing.T) {
	root := workspace(t, nil)
	other := t.TempDir()
	c := startServer(t, root, Options{})
	c.initialize()
	out := c.open(filepath.Join(other, "m.yaml"), twoStarts)
	m := c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": out}})
	if m.Error == nil || !strings.Contains(m.Error.Message, "outside the workspace") {
		t.Errorf("formatting a file outside the workspace: %+v", m.Error)
	}
	m = c.call("textDocument/hover", map[string]any{"textDocument": map[string]any{"uri": fileURI(filepath.Join(root, "..", filepath.Base(other), "m.yaml"))}, "position": Position{}})
	if m.Error == nil {
		t.Error("a path that climbs out with .. was answered")
	}
	in := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	if ds := c.diagnostics(in, 1); len(ds) != 1 {
		t.Errorf("the server did not go on: %+v", ds)
	}
	for _, n := range c.notes {
		if n.Method == "textDocument/publishDiagnostics" && strings.Contains(string(n.Params), out) {
			t.Errorf("published diagnostics for a file outside the workspace")
		}
	}
	c.shutdown()
}

func decodeParams(t *testing.T, m *message, v any) {
	t.Helper()
	if err := json.Unmarshal(m.Params, v); err != nil {
		t.Fatalf("params %s: %v", m.Params, err)
	}
}

// JSON missions and CRLF line ends get their ranges too.
func TestJSONAndCRLF(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	js := `{"format": 1, "id": "m", "title": "M", "ruleset": "zombicide-invader", "tileset": "station",
 "tiles": [{"face": "1A", "at": [0, 0]}],
 "tokens": [{"type": "start", "at": [0, 1]}, {"typ": "exit", "at": [2, 1]}],
 "objectives": [{"exit": "all"}]}
`
	uri := c.open(filepath.Join(root, "m.json"), js)
	ds := c.diagnostics(uri, 1)
	if len(ds) == 0 || textAt(t, js, ds[0].Range, utf16Enc) != `"typ"` {
		t.Errorf("JSON: %+v", ds)
	}
	crlf := strings.ReplaceAll(twoStarts, "\n", "\r\n")
	uri = c.open(filepath.Join(root, "crlf.yaml"), crlf)
	ds = c.diagnostics(uri, 1)
	if len(ds) != 1 || textAt(t, crlf, ds[0].Range, utf16Enc) != "{type: start, at: [1, 1]}" || ds[0].Range.Start.Line != 9 {
		t.Errorf("CRLF: %+v", ds)
	}
	c.shutdown()
}
