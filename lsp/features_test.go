package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

// posOf is the wire position (UTF-16) of the first occurrence of marker in
// doc, plus skip bytes.
func posOf(t *testing.T, doc, marker string, skip int) Position {
	t.Helper()
	i := strings.Index(doc, marker)
	if i < 0 {
		t.Fatalf("no %q in the document", marker)
	}
	return newText([]byte(doc)).pos(i+skip, utf16Enc)
}

// apply applies edits to doc as a client does (UTF-16 ranges, in reverse).
func apply(t *testing.T, doc string, edits []TextEdit) string {
	t.Helper()
	for i := len(edits) - 1; i >= 0; i-- {
		tx := newText([]byte(doc))
		a, _ := tx.offset(edits[i].Range.Start, utf16Enc)
		b, _ := tx.offset(edits[i].Range.End, utf16Enc)
		doc = doc[:a] + edits[i].NewText + doc[b:]
	}
	return doc
}

func at(uri string, p Position) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p}
}

// Hover on a token says where it stands, what it sees and when the play
// order reaches it; on a tile, its face; on a rule id in an ignore
// comment, the rule's documentation.
func TestHover(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := strings.Replace(twoStarts, "  - {type: start, at: [1, 1]}\n", "", 1) + "# zmission:ignore start-multiple\n"
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	c.diagnostics(uri, 1)
	var h Hover
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, doc, "type: exit", 2))), &h)
	for _, want := range []string{"**the Exit at 2,1 (1A/e)**", "zone `1A/e` (corridor)", "Sees", "Reached in step 1 of the play order"} {
		if !strings.Contains(h.Contents.Value, want) {
			t.Errorf("hover on the exit lacks %q:\n%s", want, h.Contents.Value)
		}
	}
	if h.Range == nil || textAt(t, doc, *h.Range, utf16Enc) != "{type: exit, at: [2, 1]}" {
		t.Errorf("hover range %+v", h.Range)
	}
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, doc, "face: 1A", 7))), &h)
	if !strings.Contains(h.Contents.Value, "**tile 1A**") || !strings.Contains(h.Contents.Value, "Its other side is 1B") {
		t.Errorf("hover on a tile:\n%s", h.Contents.Value)
	}
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, doc, "start-multiple", 3))), &h)
	if !strings.HasPrefix(h.Contents.Value, "# start-multiple") {
		t.Errorf("hover on a rule id:\n%s", h.Contents.Value)
	}
	c.shutdown()
}

// Completion offers the tile set's faces after face:, token types after
// type:, colours after color:, rulesets after ruleset:, each replacing
// what is typed.
func TestCompletion(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := strings.Replace(twoStarts, "  - {type: exit, at: [2, 1]}", "  - {type: sp, color: , at: [2, 1]}\n  - {face: 2", 1)
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	labels := func(p Position) []string {
		var l CompletionList
		decodeResult(t, c.call("textDocument/completion", at(uri, p)), &l)
		var out []string
		for _, it := range l.Items {
			out = append(out, it.Label)
		}
		return out
	}
	if got := labels(posOf(t, doc, "type: sp", 8)); strings.Join(got, ",") != "spawn" {
		t.Errorf("after 'type: sp': %v", got)
	}
	if got := strings.Join(labels(posOf(t, doc, "color: ,", 7)), ","); !strings.Contains(got, "red") || !strings.Contains(got, "blue") {
		t.Errorf("after 'color: ': %v", got)
	}
	if got := strings.Join(labels(posOf(t, doc, "face: 2", 7)), ","); got != "2A,2B" {
		t.Errorf("after 'face: 2' (station): %v", got)
	}
	if got := strings.Join(labels(posOf(t, doc, "ruleset: ", 9)), ","); !strings.Contains(got, "zombicide-classic") || !strings.Contains(got, "colony") {
		t.Errorf("after 'ruleset: ': %v", got)
	}
	c.shutdown()
}

// A misspelt key is mended by the quick fix the finding suggests, and a
// position written 0,1 becomes a list; the edits, applied, leave a clean
// mission.
func TestCodeActions(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	fixed := strings.Replace(twoStarts, "  - {type: start, at: [1, 1]}\n", "", 1)
	for _, broken := range []string{
		strings.Replace(fixed, "{type: exit", "{typ: exit", 1),
		strings.Replace(fixed, "{type: exit, at: [2, 1]}", "{type: exit, at: 2,1}", 1),
		strings.Replace(fixed, "  - {type: exit, at: [2, 1]}", "  - type: exit\n    at: 2, 1", 1),
	} {
		uri := c.open(filepath.Join(root, "m.yaml"), broken)
		var ds []Diagnostic // the error; an info may say which checks it kept from running
		for _, d := range c.diagnostics(uri, 1) {
			if d.Severity == severityError {
				ds = append(ds, d)
			}
		}
		if len(ds) != 1 {
			t.Fatalf("%s: %+v", broken, ds)
		}
		var acts []CodeAction
		decodeResult(t, c.call("textDocument/codeAction", map[string]any{"textDocument": map[string]any{"uri": uri},
			"range": ds[0].Range, "context": map[string]any{"diagnostics": ds}}), &acts)
		if len(acts) != 1 || acts[0].Kind != "quickfix" {
			t.Fatalf("%s: actions %+v", broken, acts)
		}
		got := apply(t, broken, acts[0].Edit.Changes[uri])
		want := fixed
		if strings.Contains(broken, "at: 2, 1") {
			want = strings.Replace(fixed, "  - {type: exit, at: [2, 1]}", "  - type: exit\n    at: [2, 1]", 1)
		}
		if got != want {
			t.Errorf("%q applied:\n%s\nwant:\n%s", acts[0].Title, got, want)
		}
		c.change(uri, 2, got)
		if ds := c.diagnostics(uri, 2); len(ds) != 0 {
			t.Errorf("after the fix: %+v", ds)
		}
		c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": uri}})
	}
	c.shutdown()
}

// Formatting answers with exactly what zmission fmt writes.
func TestFormatting(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	messy := "format: 1\nid:   first-contact\ntitle: First Contact\nruleset: zombicide-invader\ntiles:\n- {face: 1A,   at: [0,0]}\ntokens:\n- {type: start, at: [0, 1]}\n- {type: exit, at: [2, 1]}\nobjectives:\n- exit: all\ntileset: station\n"
	uri := c.open(filepath.Join(root, "m.yaml"), messy)
	var edits []TextEdit
	decodeResult(t, c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}, "options": map[string]any{"tabSize": 2, "insertSpaces": true}}), &edits)
	got := apply(t, messy, edits)
	want := formatted(t, messy)
	if got != want || got == messy {
		t.Errorf("formatted:\n%s\nfmt writes:\n%s", got, want)
	}
	c.change(uri, 2, got)
	decodeResult(t, c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": uri}}), &edits)
	if len(edits) != 0 {
		t.Errorf("formatting a formatted document: %+v", edits)
	}
	// A file of another tool is not zmission's to lay out, as fmt leaves it.
	compose := "services:\n  web: {image: \"nginx\",   ports: [\"80:80\"]}\n"
	other := c.open(filepath.Join(root, "docker-compose.yml"), compose)
	decodeResult(t, c.call("textDocument/formatting", map[string]any{"textDocument": map[string]any{"uri": other}}), &edits)
	if len(edits) != 0 {
		t.Errorf("formatting docker-compose.yml: %+v", edits)
	}
	c.shutdown()
}

// Go to definition leads from tileset: to the file and from face: to the
// face in it.
func TestDefinition(t *testing.T) {
	tiles := "format: 1\nname: mine\nsize: 3\nfaces:\n  S1:\n    grid:\n      - a a a\n      - a a a\n      - a a a\n    zones:\n      a: street\n"
	mission := strings.Replace(strings.Replace(twoStarts, "tileset: station", "tileset: ./tiles/mine.yaml", 1), "face: 1A", "face: S1", 1)
	root := workspace(t, map[string]string{"tiles/mine.yaml": tiles})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), mission)
	var loc Location
	decodeResult(t, c.call("textDocument/definition", at(uri, posOf(t, mission, "./tiles", 3))), &loc)
	if loc.URI != fileURI(filepath.Join(root, "tiles/mine.yaml")) {
		t.Errorf("tileset: leads to %+v", loc)
	}
	decodeResult(t, c.call("textDocument/definition", at(uri, posOf(t, mission, "S1", 1))), &loc)
	if loc.URI != fileURI(filepath.Join(root, "tiles/mine.yaml")) || textAt(t, tiles, loc.Range, utf16Enc) != "S1" {
		t.Errorf("face: leads to %+v", loc)
	}
	outside := strings.Replace(mission, "./tiles/mine.yaml", "../../etc/tiles.yaml", 1)
	c.change(uri, 2, outside)
	m := c.call("textDocument/definition", at(uri, posOf(t, outside, "../../", 3)))
	if m.Error == nil {
		t.Errorf("a definition outside the workspace: %s", m.Result)
	}
	c.shutdown()
}

func formatted(t *testing.T, doc string) string {
	t.Helper()
	out, err := missions.Format([]byte(doc), false)
	if err != nil {
		t.Fatal(err)
	}
	return string(out)
}

// In .zmission.yaml, a rule id under rules: hovers with its documentation.
func TestHoverConfigRule(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	cfg := "rules:\n  start-multiple: warning\n"
	uri := c.open(filepath.Join(root, ".zmission.yaml"), cfg)
	var h Hover
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, cfg, "start-multiple", 4))), &h)
	if !strings.HasPrefix(h.Contents.Value, "# start-multiple") {
		t.Errorf("hover on a configured rule:\n%s", h.Contents.Value)
	}
	c.shutdown()
}
