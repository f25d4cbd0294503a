package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func readExample(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// A facility scenario: hover on a slot names its room and corridors, on a
// corridor its slots and noise; completion after room: offers the room
// catalogue.
func TestFacility(t *testing.T) {
	doc := readExample(t, "facility/breach-wing.yaml")
	root := workspace(t, nil)
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "breach-wing.yaml"), doc)
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("a clean example: %+v", ds)
	}
	var h Hover
	decodeResult(t, c.call("textDocument/hover", at(uri, posOf(t, doc, "{id: 2, at: [1, 0]", 3))), &h)
	if !strings.HasPrefix(h.Contents.Value, "**slot 2** — at 1,0, section A") || !strings.Contains(h.Contents.Value, "Corridors:") {
		t.Errorf("hover on slot 2:\n%s", h.Contents.Value)
	}
	i := strings.Index(doc, "\ncorridors:")
	p := newText([]byte(doc)).pos(i+strings.Index(doc[i:], "{id:")+2, utf16Enc)
	decodeResult(t, c.call("textDocument/hover", at(uri, p)), &h)
	if !strings.HasPrefix(h.Contents.Value, "**corridor ") || !strings.Contains(h.Contents.Value, "between slots") {
		t.Errorf("hover on a corridor:\n%s", h.Contents.Value)
	}
	// room: completion, typed into a new line of the rooms list
	j := strings.Index(doc, "\nrooms:\n") + len("\nrooms:\n")
	typed := doc[:j] + "  - {slot: 3, room: hib}\n" + doc[j:]
	c.change(uri, 2, typed)
	c.diagnostics(uri, 2)
	var l CompletionList
	decodeResult(t, c.call("textDocument/completion", at(uri, posOf(t, typed, "room: hib}", 9))), &l)
	var got []string
	for _, it := range l.Items {
		got = append(got, it.Label)
	}
	if len(got) == 0 || !strings.HasPrefix(got[0], "hib") {
		t.Errorf("after 'room: hib': %v", got)
	}
	c.shutdown()
}

// A colony scenario: go to definition leads from collection: to the
// collection file; completion after at: offers the colony and its
// Locations.
func TestColony(t *testing.T) {
	doc := readExample(t, "colony/field-hospital.yaml")
	shelf := readExample(t, "colony/collections/shelf.yaml")
	root := workspace(t, map[string]string{"collections/shelf.yaml": shelf})
	c := startServer(t, root, Options{})
	c.initialize()
	uri := c.open(filepath.Join(root, "field-hospital.yaml"), doc)
	if ds := c.diagnostics(uri, 1); len(ds) != 0 {
		t.Errorf("a clean example: %+v", ds)
	}
	var loc Location
	decodeResult(t, c.call("textDocument/definition", at(uri, posOf(t, doc, "collections/shelf.yaml", 3))), &loc)
	if loc.URI != fileURI(filepath.Join(root, "collections/shelf.yaml")) {
		t.Errorf("collection: leads to %+v", loc)
	}
	var l CompletionList
	decodeResult(t, c.call("textDocument/completion", at(uri, posOf(t, doc, "{zombies: 2, at: hospital}", 17))), &l)
	labels := map[string]bool{}
	for _, it := range l.Items {
		labels[it.Label] = true
	}
	if !labels["colony"] || !labels["hospital"] || !labels["police-station"] {
		t.Errorf("after 'at: ': %v", labels)
	}
	c.shutdown()
}

// Diagnostics are of the buffer's version they name: with changes sent
// faster than they are checked, the versions published only increase,
// each publication is right about its own version's text (odd versions
// are broken, even ones clean), and the last version is published.
func TestNewestVersionWins(t *testing.T) {
	root := workspace(t, nil)
	c := startServer(t, root, Options{Debounce: 1})
	c.initialize()
	fixed := strings.Replace(twoStarts, "  - {type: start, at: [1, 1]}\n", "", 1)
	uri := c.open(filepath.Join(root, "m.yaml"), twoStarts)
	c.diagnostics(uri, 1)
	const last = 60
	for v := 2; v <= last; v++ {
		text := fixed
		if v%2 == 1 {
			text = twoStarts
		}
		c.change(uri, v, text)
	}
	prev := 1
	for prev < last {
		m := c.waitFor(func(m *message) bool { return m.Method == "textDocument/publishDiagnostics" })
		var p publishDiagnosticsParams
		decodeParams(t, m, &p)
		v := *p.Version
		if v <= prev {
			t.Fatalf("version %d published after %d", v, prev)
		}
		if want := v % 2; len(p.Diagnostics) != want {
			t.Errorf("version %d: %d findings, want %d", v, len(p.Diagnostics), want)
		}
		prev = v
	}
	c.shutdown()
}
