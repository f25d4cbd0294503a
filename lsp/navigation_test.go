package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func docParams(uri string) map[string]any {
	return map[string]any{"textDocument": map[string]any{"uri": uri}}
}

// findSymbol is the symbol at a path of names.
func findSymbol(syms []DocumentSymbol, names ...string) *DocumentSymbol {
	for i := range syms {
		if syms[i].Name == names[0] {
			if len(names) == 1 {
				return &syms[i]
			}
			return findSymbol(syms[i].Children, names[1:]...)
		}
	}
	return nil
}

// The outline names each list item for what it is: tiles by face and
// place, tokens by type and place, objectives by their condition; a
// facility's slots by number and section, its corridors by their ends.
func TestDocumentSymbols(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	var syms []DocumentSymbol
	decodeResult(t, c.call("textDocument/documentSymbol", docParams(uri)), &syms)
	var top []string
	for _, s := range syms {
		top = append(top, s.Name)
	}
	if got := strings.Join(top, ","); got != "format,id,title,ruleset,tileset,tiles,tokens,objectives" {
		t.Errorf("top-level symbols: %s", got)
	}
	tile := findSymbol(syms, "tiles", "1A at 0,0")
	if tile == nil || textAt(t, twoStarts, tile.Range, utf16Enc) != "{face: 1A, at: [0, 0]}" {
		t.Errorf("the tile's symbol: %+v", tile)
	}
	var tokens []string
	for _, s := range findSymbol(syms, "tokens").Children {
		tokens = append(tokens, s.Name)
	}
	if got := strings.Join(tokens, ","); got != "start at 0,1,start at 1,1,exit at 2,1" {
		t.Errorf("tokens: %s", got)
	}
	if findSymbol(syms, "objectives", "exit: all") == nil {
		t.Errorf("objectives: %+v", findSymbol(syms, "objectives"))
	}
	if s := findSymbol(syms, "tileset"); s == nil || s.Detail != "station" || textAt(t, twoStarts, s.Range, utf16Enc) != "tileset: station" {
		t.Errorf("tileset: %+v", s)
	}

	// a JSON mission: the same names, the ranges in its own text
	js := `{"format": 1, "id": "j", "tiles": [{"face": "1A", "at": [0, 0]}],
 "tokens": [{"type": "start", "at": [0, 1]}, {"type": "exit", "at": [2, 1]}]}`
	juri := c.open(filepath.Join(root, "j.json"), js)
	decodeResult(t, c.call("textDocument/documentSymbol", docParams(juri)), &syms)
	if s := findSymbol(syms, "tiles", "1A at 0,0"); s == nil || textAt(t, js, s.Range, utf16Enc) != `{"face": "1A", "at": [0, 0]}` {
		t.Errorf("a JSON tile's symbol: %+v", s)
	}
	if s := findSymbol(syms, "tokens"); s == nil || textAt(t, js, s.SelectionRange, utf16Enc) != `"tokens"` || len(s.Children) != 2 {
		t.Errorf("JSON tokens: %+v", s)
	}

	fac := readExample(t, "facility/breach-wing.yaml")
	furi := c.open(filepath.Join(root, "f.yaml"), fac)
	decodeResult(t, c.call("textDocument/documentSymbol", docParams(furi)), &syms)
	for _, path := range [][]string{{"slots", "slot 7 (A)"}, {"rooms", "landing-zone on slot 7"}, {"corridors", "corridor 3: 2–7"}, {"tokens", "intruder adult in corridor 1"}, {"objectives", "destroy: nest"}, {"custom_rooms", "cryo-vault"}} {
		if findSymbol(syms, path...) == nil {
			t.Errorf("no symbol %q in the facility's outline", path)
		}
	}
	c.shutdown()
}

// Every mapping and list that spans lines folds, from its key's line to
// its last line.
func TestFoldingRanges(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	doc := "format: 1\nid: x\ntiles:\n  - face: 1A\n    at: [0, 0]\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives: [{exit: all}]\n"
	uri := c.open(filepath.Join(root, "m.yaml"), doc)
	var folds []FoldingRange
	decodeResult(t, c.call("textDocument/foldingRange", docParams(uri)), &folds)
	got := map[[2]int]bool{}
	for _, f := range folds {
		got[[2]int{f.StartLine, f.EndLine}] = true
	}
	// tiles: lines 2-4; its item 3-4; tokens: 5-7. The one-line lists do not fold.
	want := map[[2]int]bool{{2, 4}: true, {3, 4}: true, {5, 7}: true}
	if len(got) != len(want) {
		t.Errorf("folds %v, want %v", folds, want)
	}
	for w := range want {
		if !got[w] {
			t.Errorf("no fold %v in %v", w, folds)
		}
	}
	c.shutdown()
}

// refs answers textDocument/references at the marker, declaration included.
func refs(t *testing.T, c *client, uri string, p Position) []Location {
	t.Helper()
	var locs []Location
	decodeResult(t, c.call("textDocument/references", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p,
		"context": map[string]any{"includeDeclaration": true}}), &locs)
	return locs
}

func renameAt(t *testing.T, c *client, uri string, p Position, newName string) (WorkspaceEdit, *rpcError) {
	t.Helper()
	m := c.call("textDocument/rename", map[string]any{"textDocument": map[string]any{"uri": uri}, "position": p, "newName": newName})
	var e WorkspaceEdit
	if m.Error == nil {
		decodeResult(t, m, &e)
	}
	return e, m.Error
}

// errorsOf keeps the errors and warnings of a document's diagnostics.
func errorsOf(ds []Diagnostic) []Diagnostic {
	var out []Diagnostic
	for _, d := range ds {
		if d.Severity <= severityWarning {
			out = append(out, d)
		}
	}
	return out
}

// A facility slot number is followed to every place that uses it — its
// room, the corridors between it and another, the doors facing it — and
// renamed in all of them; the renamed mission is as valid as before.
func TestReferencesRenameSlot(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	fac := readExample(t, "facility/breach-wing.yaml")
	uri := c.open(filepath.Join(root, "f.yaml"), fac)
	if ds := errorsOf(c.diagnostics(uri, 1)); len(ds) != 0 {
		t.Fatalf("the example has findings: %+v", ds)
	}
	at7 := posOf(t, fac, "{id: 7, at:", 5)
	locs := refs(t, c, uri, at7)
	// Every place slot 7 stands, found in the text itself.
	want := strings.Count(fac, "{id: 7, at:") + strings.Count(fac, "{slot: 7,") + strings.Count(fac, "[7, ") + strings.Count(fac, ", 7]") + strings.Count(fac, "door_at: 7")
	if len(locs) != want || want < 5 {
		t.Fatalf("references of slot 7: %d, want %d: %+v", len(locs), want, locs)
	}
	for _, l := range locs {
		if textAt(t, fac, l.Range, utf16Enc) != "7" {
			t.Errorf("a reference that is not the 7: %+v", l)
		}
	}
	// from a use, the same places
	if got := refs(t, c, uri, posOf(t, fac, "door_at: 7", 9)); len(got) != want {
		t.Errorf("references from a door: %d", len(got))
	}
	var prep struct {
		Range       Range
		Placeholder string
	}
	decodeResult(t, c.call("textDocument/prepareRename", at(uri, at7)), &prep)
	if prep.Placeholder != "7" || textAt(t, fac, prep.Range, utf16Enc) != "7" {
		t.Errorf("prepareRename: %+v", prep)
	}
	e, err := renameAt(t, c, uri, at7, "20")
	if err != nil {
		t.Fatal(err.Message)
	}
	renamed := apply(t, fac, e.Changes[uri])
	if strings.Contains(renamed, "{id: 7, at:") || !strings.Contains(renamed, "{id: 20, at:") || strings.Count(renamed, "door_at: 20") != strings.Count(fac, "door_at: 7") {
		t.Errorf("renamed:\n%s", renamed)
	}
	c.change(uri, 2, renamed)
	if ds := errorsOf(c.diagnostics(uri, 2)); len(ds) != 0 {
		t.Errorf("the renamed mission has findings: %+v", ds)
	}
	// refused: a number taken, not a number, a key of the format
	if _, err := renameAt(t, c, uri, posOf(t, renamed, "{id: 20,", 5), "8"); err == nil || !strings.Contains(err.Message, "taken") {
		t.Errorf("renaming to a slot that exists: %v", err)
	}
	if _, err := renameAt(t, c, uri, posOf(t, renamed, "{id: 20,", 5), "seven"); err == nil {
		t.Error("renaming a slot to a word")
	}
	if m := c.call("textDocument/prepareRename", at(uri, posOf(t, renamed, "mode: deadly", 1))); m.Error == nil {
		t.Errorf("prepareRename on a key of the format: %s", m.Result)
	}
	c.shutdown()
}

// A tile set's face id and zone label are followed across the tile-set
// file and the open missions that use it; renamed in all, the mission
// and the tile set are still valid.
func TestRenameFaceAndZone(t *testing.T) {
	tiles := "format: 1\nname: mine\nsize: 3\ntiles:\n  - [S1]\nfaces:\n  S1:\n    grid:\n      - a a a\n      - a b b\n      - \"a b b\"\n    zones:\n      a: street\n      b: street\n"
	mission := strings.NewReplacer("tileset: station", "tileset: ./tiles/mine.yaml", "face: 1A", "face: S1",
		"  - {type: start, at: [0, 1]}\n  - {type: start, at: [1, 1]}\n", "  - {type: start, in: S1/b}\n").Replace(twoStarts)
	mission = strings.Replace(mission, "ruleset: zombicide-invader", "ruleset: zombicide-classic", 1)
	root := workspace(t, map[string]string{"tiles/mine.yaml": tiles})
	tilesPath := filepath.Join(root, "tiles/mine.yaml")
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "m.yaml"), mission)
	before := errorsOf(c.diagnostics(uri, 1))
	if len(before) != 0 {
		t.Fatalf("the mission has findings: %+v", before)
	}
	turi := fileURI(tilesPath)
	// from the mission's face: the tile set's key and tile, the mission's face and in
	locs := refs(t, c, uri, posOf(t, mission, "face: S1", 7))
	var where []string
	for _, l := range locs {
		doc := mission
		if l.URI == turi {
			doc = tiles
		}
		where = append(where, filepath.Base(l.URI)+":"+textAt(t, doc, l.Range, utf16Enc))
	}
	if got := strings.Join(where, " "); got != "mine.yaml:S1 mine.yaml:S1 m.yaml:S1 m.yaml:S1" {
		t.Errorf("references of face S1: %s", got)
	}
	e, err := renameAt(t, c, uri, posOf(t, mission, "in: S1/b", 4), "T2")
	if err != nil {
		t.Fatal(err.Message)
	}
	mission2, tiles2 := apply(t, mission, e.Changes[uri]), apply(t, tiles, e.Changes[turi])
	if !strings.Contains(mission2, "face: T2") || !strings.Contains(mission2, "in: T2/b") || !strings.Contains(tiles2, "  - [T2]\nfaces:\n  T2:\n") {
		t.Fatalf("renamed:\n%s\n%s", mission2, tiles2)
	}
	os.WriteFile(tilesPath, []byte(tiles2), 0o644)
	c.change(uri, 2, mission2)
	if ds := errorsOf(c.diagnostics(uri, 2)); len(ds) != 0 {
		t.Errorf("after renaming the face: %+v", ds)
	}
	// A zone label from the tile set's grid: every cell of it, its zone
	// and the mission's in (the tile set open in the editor).
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{"uri": turi, "languageId": "yaml", "version": 1, "text": tiles2}})
	e, err = renameAt(t, c, turi, posOf(t, tiles2, "- a b b", 4), "hall")
	if err != nil {
		t.Fatal(err.Message)
	}
	tiles3, mission3 := apply(t, tiles2, e.Changes[turi]), apply(t, mission2, e.Changes[uri])
	if !strings.Contains(tiles3, "- a hall hall\n") || !strings.Contains(tiles3, "      hall: street\n") || !strings.Contains(mission3, "in: T2/hall") || strings.Contains(tiles3, " b") {
		t.Fatalf("renamed the zone:\n%s\n%s", tiles3, mission3)
	}
	// the quoted row keeps its quotes; a label taken is refused
	if _, err := renameAt(t, c, turi, posOf(t, tiles2, "\"a b b\"", 1), "b"); err == nil || !strings.Contains(err.Message, "taken") {
		t.Errorf("renaming a zone to a taken label: %v", err)
	}
	e, _ = renameAt(t, c, turi, posOf(t, tiles2, "\"a b b\"", 1), "yard")
	if got := apply(t, tiles2, e.Changes[turi]); !strings.Contains(got, "- \"yard b b\"\n") || !strings.Contains(got, "- yard yard yard\n") {
		t.Errorf("a quoted row renamed:\n%s", got)
	}
	c.change(turi, 2, tiles3)
	c.change(uri, 3, mission3)
	if ds := errorsOf(c.diagnostics(uri, 3)); len(ds) != 0 {
		t.Errorf("after renaming the zone: %+v", ds)
	}
	// a built-in set's faces are the game's
	c.change(uri, 4, twoStarts)
	if m := c.call("textDocument/prepareRename", at(uri, posOf(t, twoStarts, "face: 1A", 7))); m.Error == nil || !strings.Contains(m.Error.Message, "built-in") {
		t.Errorf("prepareRename on a built-in face: %s %v", m.Result, m.Error)
	}
	c.shutdown()
}

// A collection's Location id is renamed in the collection and in the open
// scenarios that name it; a base Location is refused.
func TestRenameLocation(t *testing.T) {
	shelf := strings.Replace(readExample(t, "colony/collections/shelf.yaml"), "\n  library:", "\n  reading-room:", 1)
	scenario := strings.Replace(readExample(t, "colony/field-hospital.yaml"), "gas-station, library, hospital", "gas-station, reading-room, hospital", 1)
	root := workspace(t, map[string]string{"collections/shelf.yaml": shelf})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "s.yaml"), scenario)
	if ds := errorsOf(c.diagnostics(uri, 1)); len(ds) != 0 {
		t.Fatalf("the scenario has findings: %+v", ds)
	}
	e, err := renameAt(t, c, uri, posOf(t, scenario, "reading-room", 2), "archive")
	if err != nil {
		t.Fatal(err.Message)
	}
	curi := fileURI(filepath.Join(root, "collections/shelf.yaml"))
	scenario2, shelf2 := apply(t, scenario, e.Changes[uri]), apply(t, shelf, e.Changes[curi])
	if !strings.Contains(scenario2, "gas-station, archive, hospital") || !strings.Contains(shelf2, "\n  archive: {spaces") || strings.Contains(shelf2+scenario2, "reading-room") {
		t.Fatalf("renamed:\n%s\n%s", scenario2, shelf2)
	}
	os.WriteFile(filepath.Join(root, "collections/shelf.yaml"), []byte(shelf2), 0o644)
	c.change(uri, 2, scenario2)
	if ds := errorsOf(c.diagnostics(uri, 2)); len(ds) != 0 {
		t.Errorf("the renamed scenario: %+v", ds)
	}
	if m := c.call("textDocument/prepareRename", at(uri, posOf(t, scenario2, "hospital]", 2))); m.Error == nil || !strings.Contains(m.Error.Message, "base Location") {
		t.Errorf("prepareRename on a base Location: %s %v", m.Result, m.Error)
	}
	c.shutdown()
}
