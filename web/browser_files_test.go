package web

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

// copyFile copies src to dir/name and returns the new path.
func copyFile(t *testing.T, src, dir, name string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// current is the page's work as it stands: its record and its document.
type current struct {
	ID, Name, Data string
}

func work(t *testing.T, ctx context.Context) current {
	t.Helper()
	var c current
	js(t, ctx, `({ID: zmissionWeb.id, Name: zmissionWeb.name, Data: JSON.parse(zmissionGo.exportWork('x')).data})`, &c)
	return c
}

// TestBrowserOpenFiles opens missions with the Open… file input: a mission
// with the tile-set file it names, picked together (the tile set is tried
// first, by its name, and is not taken for the mission); a colony scenario
// without its collection, which the banner asks for and #web-add gives.
// Then Download… gives the mission as `zmission fmt` writes it, and its
// PDF.
func TestBrowserOpenFiles(t *testing.T) {
	ctx := page(t, site(t))
	waitFor(t, ctx, "the first page", mapDrawn)
	dir := t.TempDir()
	// "tiles.yaml" sorts before "zz-run.yaml": the page must see that the
	// mission is the file the other is named by.
	tiles := copyFile(t, "../editor/testdata/own-tiles/tiles.yaml", dir, "tiles.yaml")
	mission := copyFile(t, "../editor/testdata/own-tiles/mission.yaml", dir, "zz-run.yaml")
	mark(t, ctx)
	pick(t, ctx, "#web-file", tiles, mission)
	reloaded(t, ctx, "the mission opened")
	waitFor(t, ctx, "its tiles drawn", `document.querySelector('#map g.board .ed-badges') && zmission.state.board.tiles.length === 2`)
	if w := work(t, ctx); w.Name != "zz-run.yaml" || !strings.Contains(w.Data, "title: Outpost Run") {
		t.Fatalf("the page opened %s:\n%s", w.Name, w.Data)
	}
	var banner string
	js(t, ctx, `document.querySelector('#banner').hidden ? '' : document.querySelector('#banner').textContent`, &banner)
	if banner != "" {
		t.Errorf("the banner says %q with the tile set given", banner)
	}
	var rules []string
	js(t, ctx, `zmission.state.findings.map(f => f.rule)`, &rules)
	if strings.Join(rules, " ") != "border-open-space" {
		t.Errorf("findings %v, want the one `zmission validate` gives (border-open-space)", rules)
	}
	shot(t, ctx, "open-own-tiles.png")

	// Download… the mission file: what `zmission fmt` writes.
	src, _ := os.ReadFile(mission)
	want, err := missions.Format(src, false)
	if err != nil {
		t.Fatal(err)
	}
	if got := fetchDownload(t, ctx, "yaml", "zz-run.yaml"); !bytes.Equal(got, want) {
		t.Errorf("the downloaded mission is not what zmission fmt writes:\n%s\nwant:\n%s", got, want)
	}
	waitFor(t, ctx, "the work shown as saved", `document.querySelector('#web-saved').textContent === 'saved'`)
	if pdf := fetchDownload(t, ctx, "pdf-a4", "outpost-run-a4.pdf"); !bytes.HasPrefix(pdf, []byte("%PDF-")) || !bytes.Contains(pdf, []byte("%%EOF")) {
		t.Errorf("the downloaded PDF is not a whole PDF (%d bytes)", len(pdf))
	}

	// A colony scenario alone: the banner asks for its collection.
	colony := copyFile(t, "../examples/colony/field-hospital.yaml", dir, "field-hospital.yaml")
	shelf := copyFile(t, "../examples/colony/collections/shelf.yaml", dir, "shelf.yaml")
	mark(t, ctx)
	pick(t, ctx, "#web-file", colony)
	reloaded(t, ctx, "the scenario opened")
	waitFor(t, ctx, "the banner asking for the collection", `!document.querySelector('#banner').hidden && document.querySelector('#banner').textContent.includes('collections/shelf.yaml') && document.querySelector('#web-add')`)
	shot(t, ctx, "open-needs.png")
	var says []string
	js(t, ctx, `zmission.state.findings.map(f => f.message)`, &says)
	if m := strings.Join(says, "\n"); !strings.Contains(m, "collections/shelf.yaml") || strings.Contains(m, "not implemented") {
		t.Errorf("without its collection the page says:\n%s", m)
	}
	mark(t, ctx)
	pick(t, ctx, "#web-add", shelf)
	reloaded(t, ctx, "the scenario with its collection")
	waitFor(t, ctx, "the sheet drawn from the collection, no banner", `document.querySelector('#banner').hidden && `+sheetHas("Field Hospital"))
	var needs []string
	js(t, ctx, `JSON.parse(zmissionGo.needs())`, &needs)
	if len(needs) != 0 {
		t.Errorf("the page still needs %v", needs)
	}
	var errs int
	js(t, ctx, `zmission.state.findings.filter(f => f.severity === 'error').length`, &errs)
	if errs != 0 {
		t.Errorf("%d errors with the collection given; the example is clean", errs)
	}

	// The scenario and its collection picked together, without the
	// collections/ folder the scenario names: the collection is put there.
	other := copyFile(t, "../examples/colony/radio-silence.yaml", dir, "radio-silence.yaml")
	mark(t, ctx)
	pick(t, ctx, "#web-file", shelf, other)
	reloaded(t, ctx, "the second scenario opened with its collection")
	waitFor(t, ctx, "its sheet, no banner", `zmissionWeb.name === 'radio-silence.yaml' && document.querySelector('#banner').hidden && document.querySelector('#canvas .sheet')`)
	js(t, ctx, `JSON.parse(zmissionGo.needs())`, &needs)
	js(t, ctx, `zmission.state.findings.filter(f => f.severity === 'error').length`, &errs)
	if len(needs) != 0 || errs != 0 {
		t.Errorf("picked with its collection, the scenario still needs %v, %d errors", needs, errs)
	}
}

func sheetHas(text string) string {
	return `document.querySelector('#canvas .sheet') && document.querySelector('#canvas .sheet').textContent.includes(` + jsString(text) + `)`
}

func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// TestBrowserBadFiles: files that are no mission, picked with Open…: a
// message on the page says why, and the work open stays as it was. A
// mission whose title and name carry markup opens as text: nothing of it
// runs.
func TestBrowserBadFiles(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	before := work(t, ctx)
	dir := t.TempDir()
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	png, err := os.ReadFile("../docs/editor.png")
	if err != nil {
		t.Fatal(err)
	}
	big := bytes.Repeat([]byte("# a comment line of a very long file\n"), 50<<20/37+1)
	cases := []struct {
		name string
		data []byte
		says string
	}{
		{"picture.yaml", png, "picture.yaml is not a text file"},
		{"noise.yaml", []byte{0xff, 0xfe, 0x80, 0x81, 'a', ':', ' ', 0xc3, 0x28, '\n'}, "noise.yaml cannot be opened"},
		{"notes.yaml", []byte("This is a shopping list.\n- eggs\nmilk: [\n"), "notes.yaml cannot be opened"},
		{"broken.json", []byte(`{"format": 1, "title": "x",`), "broken.json cannot be opened"},
		{"huge.yaml", big, "huge.yaml is larger than a mission can be"},
		{"notes.txt", []byte("format: 1\n"), "Open a mission file"},
	}
	for _, c := range cases {
		js(t, ctx, `(() => { const b = document.querySelector('#banner'); b.hidden = true; b.textContent = ''; return true; })()`, new(bool))
		pick(t, ctx, "#web-file", write(c.name, c.data))
		waitFor(t, ctx, c.name+" refused", `!document.querySelector('#banner').hidden && document.querySelector('#banner').className === 'error' && document.querySelector('#banner').textContent.length > 0`)
		var says string
		js(t, ctx, `document.querySelector('#banner').textContent`, &says)
		if !strings.Contains(says, c.says) {
			t.Errorf("%s: the page says %q, want %q", c.name, says, c.says)
		}
		if after := work(t, ctx); after != before {
			t.Errorf("%s changed the work open: %s", c.name, after.Name)
		}
		waitFor(t, ctx, "the map still drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
		if c.name == "notes.yaml" {
			shot(t, ctx, "bad-file.png")
		}
	}

	// Markup in the title and the file's name: shown as text.
	markup := `<img src=x onerror="window.zmissionPwned=1"><script>window.zmissionPwned=2</script>`
	data := strings.Replace(before.Data, "title: Violet Lockdown", "title: '"+markup+"'", 1)
	if data == before.Data {
		t.Fatal("the example's title changed; update the test")
	}
	mark(t, ctx)
	pick(t, ctx, "#web-file", write(`<img src=x onerror=window.zmissionPwned=3>.yaml`, []byte(data)))
	reloaded(t, ctx, "the mission with markup opened")
	waitFor(t, ctx, "the title shown as text", `document.querySelector('#canvas').textContent.includes('<script>window.zmissionPwned=2</script>')`)
	noScript(t, ctx)
	shot(t, ctx, "markup-file.png")
}
