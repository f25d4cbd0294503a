package lsp

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/validate"
)

func completionAt(t *testing.T, c *client, uri string, p Position) []CompletionItem {
	t.Helper()
	var l CompletionList
	decodeResult(t, c.call("textDocument/completion", at(uri, p)), &l)
	return l.Items
}

func labelsOf(items []CompletionItem) string {
	var out []string
	for _, it := range items {
		out = append(out, it.Label)
	}
	return strings.Join(out, ",")
}

// Keys complete from the game's schema where the cursor is: at the top
// the mission's keys not written yet, in a tile placement the
// placement's, in a token the token's; each with the schema's words, and
// the edit writes "key: ".
func TestKeyCompletion(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := strings.Replace(twoStarts, "tiles:\n  - {face: 1A, at: [0, 0]}\n", "tiles:\n  - face: 1A\n    ro\nbri\n", 1)
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	// in the tile placement: its keys, face left out (there already)
	items := completionAt(t, c, uri, posOf(t, doc, "    ro\n", 6))
	if got := labelsOf(items); got != "rot" {
		t.Errorf("keys after 'ro' in a placement: %s", got)
	}
	if len(items) == 1 {
		if got := apply(t, doc, []TextEdit{*items[0].TextEdit}); !strings.Contains(got, "    rot: \n") {
			t.Errorf("the key written:\n%s", got)
		}
	}
	// at the top: briefing, with the schema's description
	items = completionAt(t, c, uri, posOf(t, doc, "bri\n", 3))
	if got := labelsOf(items); got != "briefing" || items[0].Documentation == "" {
		t.Errorf("keys after 'bri' at the top: %+v", items)
	}
	// on an empty line at the top: every key not there yet
	doc2 := twoStarts + "\n"
	c.change(uri, 2, doc2)
	got := "," + labelsOf(completionAt(t, c, uri, Position{Line: strings.Count(twoStarts, "\n"), Character: 0})) + ","
	for _, want := range []string{",briefing,", ",author,", ",boxes,"} {
		if !strings.Contains(got, want) {
			t.Errorf("top-level keys lack %s: %s", want, got)
		}
	}
	for _, present := range []string{",tiles,", ",format,", ",ruleset,"} {
		if strings.Contains(got, present) {
			t.Errorf("top-level keys offer %s, already there: %s", present, got)
		}
	}
	// a new token in the block list: the token's keys
	doc3 := strings.Replace(twoStarts, "  - {type: exit, at: [2, 1]}\n", "  - {type: exit, at: [2, 1]}\n  - col\n", 1)
	c.change(uri, 3, doc3)
	if got := labelsOf(completionAt(t, c, uri, posOf(t, doc3, "  - col", 7))); got != "color" {
		t.Errorf("keys of a new token: %s", got)
	}
	c.shutdown()
}

// Hover on a key shows what the schema says of it.
func TestKeyHover(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	var h Hover
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, twoStarts, "tileset:", 2))), &h)
	if !strings.HasPrefix(h.Contents.Value, "**tileset**") || h.Range == nil || textAt(t, twoStarts, *h.Range, utf16Enc) != "tileset" {
		t.Errorf("hover on tileset: %+v", h)
	}
	// a key in a list item: the item's description, then the key's
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, twoStarts, "at: [0, 0]", 0))), &h)
	if !strings.Contains(h.Contents.Value, "**tile 1A**") || !strings.Contains(h.Contents.Value, "**at**") {
		t.Errorf("hover on a tile's at:\n%s", h.Contents.Value)
	}
	c.shutdown()
}

// .zmission.yaml gets its own findings as validate reports them: a
// misspelt rule id (a warning, with the id meant) and a bad severity.
func TestConfigDiagnostics(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	cfg := "rules:\n  spawn-near-strat: off\n  exit-unreachable: sever\n"
	uri := c.open(filepath.Join(root, ".zmission.yaml"), cfg)
	ds := c.diagnostics(uri, 1)
	_, want := validate.ParseConfig(filepath.Join(root, ".zmission.yaml"), []byte(cfg))
	if len(ds) != 2 || len(want) != 2 {
		t.Fatalf("diagnostics %+v, validate finds %+v", ds, want)
	}
	if ds[0].Code != "config" || ds[0].Severity != severityWarning || textAt(t, cfg, ds[0].Range, utf16Enc) != "spawn-near-strat" || !strings.Contains(ds[0].Message, `did you mean "spawn-near-start"?`) {
		t.Errorf("the misspelt rule: %+v", ds[0])
	}
	if ds[1].Severity != severityError || textAt(t, cfg, ds[1].Range, utf16Enc) != "sever" {
		t.Errorf("the bad severity: %+v", ds[1])
	}
	c.change(uri, 2, "rules:\n  spawn-near-start: off\n")
	if ds := c.diagnostics(uri, 2); len(ds) != 0 {
		t.Errorf("fixed: %+v", ds)
	}
	c.shutdown()
}

// In .zmission.yaml, rule ids complete under rules:, severities after a
// rule id, a rule's options inside its mapping, rule ids in an ignore's
// rules list; hover on a rule id gives its documentation.
func TestConfigCompletion(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	cfg := "rules:\n  start-multiple: w\n  mold-distance:\n    thr\n  exit-un\nignore:\n  - path: drafts/**\n    rules: [spawn-n\n"
	uri := c.open(filepath.Join(root, ".zmission.yaml"), cfg)
	if got := labelsOf(completionAt(t, c, uri, posOf(t, cfg, "start-multiple: w", 17))); got != "warning" {
		t.Errorf("severity after 'w': %s", got)
	}
	items := completionAt(t, c, uri, posOf(t, cfg, "    thr", 7))
	if got := labelsOf(items); got != "threshold" || !strings.Contains(items[0].Documentation, "Default") {
		t.Errorf("options of mold-distance: %+v", items)
	}
	items = completionAt(t, c, uri, posOf(t, cfg, "  exit-un", 9))
	if got := labelsOf(items); got != "exit-unreachable" || items[0].Detail != validate.Lookup("exit-unreachable").Title {
		t.Errorf("rule ids after 'exit-un': %+v", items)
	}
	if got := labelsOf(completionAt(t, c, uri, posOf(t, cfg, "[spawn-n", 8))); !strings.HasPrefix(got, "spawn-near-start") {
		t.Errorf("rule ids in an ignore's rules: %s", got)
	}
	var h Hover
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, cfg, "mold-distance", 3))), &h)
	if !strings.HasPrefix(h.Contents.Value, "# mold-distance") {
		t.Errorf("hover on a rule id:\n%s", h.Contents.Value)
	}
	c.shutdown()
}

// A change to the configuration, in its buffer or on the disk, re-checks
// the open missions with it.
func TestConfigChangeRechecks(t *testing.T) {
	root := workspace(t, map[string]string{".zmission.yaml": "rules:\n  start-multiple: warning\n"})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Severity != severityWarning {
		t.Fatalf("with start-multiple: warning: %+v", ds)
	}
	curi := c.open(filepath.Join(root, ".zmission.yaml"), "rules:\n  start-multiple: warning\n")
	c.change(curi, 2, "rules:\n  start-multiple: off\n")
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("after start-multiple: off in the buffer: %+v", ds)
	}
	c.notify("textDocument/didClose", map[string]any{"textDocument": map[string]any{"uri": curi}})
	if ds := c.diagnostics(uri, 1); len(ds) != 1 || ds[0].Severity != severityWarning {
		t.Errorf("closed unsaved, the disk's copy again: %+v", ds)
	}
	c.shutdown()
}
