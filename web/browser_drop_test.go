package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBrowserDropFiles drags files from the disk onto the page, as from a
// file manager: a mission opens (with its file's handle, for Save); a
// mission dropped with the tile-set file it names opens on those tiles; a
// binary file and a text that is no mission say why on the page and leave
// the work open as it was.
func TestBrowserDropFiles(t *testing.T) {
	ctx := page(t, site(t)+"#example=templates/colony")
	waitFor(t, ctx, "the template", mapDrawn+` && zmissionWeb.name === 'colony.yaml'`)
	dir := t.TempDir()

	// A mission alone.
	lockdown := copyFile(t, "../examples/invader/violet-lockdown.yaml", dir, "lockdown.yaml")
	mark(t, ctx)
	dropFiles(t, ctx, lockdown)
	reloaded(t, ctx, "the dropped mission opened")
	waitFor(t, ctx, "its map and its file's handle", `zmissionWeb.name === 'lockdown.yaml' && zmissionWeb.handle && zmissionWeb.handle.name === 'lockdown.yaml' && document.querySelector('#map g.board .ed-badges')`)
	if w := work(t, ctx); w.Data != string(readFile(t, lockdown)) {
		t.Errorf("the page opened:\n%s", w.Data)
	}

	// A mission and its tile set, dropped together.
	tiles := copyFile(t, "../editor/testdata/own-tiles/tiles.yaml", dir, "tiles.yaml")
	mission := copyFile(t, "../editor/testdata/own-tiles/mission.yaml", dir, "zz-run.yaml")
	mark(t, ctx)
	dropFiles(t, ctx, tiles, mission)
	reloaded(t, ctx, "the mission with its tile set opened")
	waitFor(t, ctx, "its own tiles drawn, no banner", `zmissionWeb.name === 'zz-run.yaml' && zmission.state.board.tiles.length === 2 && document.querySelector('#map g.board .ed-badges') && document.querySelector('#banner').hidden`)
	var rules []string
	js(t, ctx, `zmission.state.findings.map(f => f.rule)`, &rules)
	if strings.Join(rules, " ") != "border-open-space" {
		t.Errorf("findings %v, want the one `zmission validate` gives (border-open-space)", rules)
	}
	shot(t, ctx, "drop-own-tiles.png")

	// Files that are no mission.
	before := work(t, ctx)
	png := filepath.Join(dir, "picture.yaml")
	if err := os.WriteFile(png, readFile(t, "../docs/editor.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	list := filepath.Join(dir, "notes.yaml")
	if err := os.WriteFile(list, []byte("This is a shopping list.\n- eggs\nmilk: [\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ file, says string }{
		{png, "picture.yaml is not a text file: nothing was opened."},
		{list, "notes.yaml cannot be opened"},
	} {
		js(t, ctx, `(() => { const b = document.querySelector('#banner'); b.hidden = true; b.textContent = ''; return true; })()`, new(bool))
		dropFiles(t, ctx, c.file)
		waitFor(t, ctx, filepath.Base(c.file)+" refused", `!document.querySelector('#banner').hidden && document.querySelector('#banner').className === 'error'`)
		var says string
		js(t, ctx, `document.querySelector('#banner').textContent`, &says)
		if !strings.Contains(says, c.says) {
			t.Errorf("dropping %s, the page says %q, want %q", filepath.Base(c.file), says, c.says)
		}
		if after := work(t, ctx); after != before {
			t.Errorf("dropping %s changed the work open: %s", filepath.Base(c.file), after.Name)
		}
		waitFor(t, ctx, "the map still drawn", mapDrawn+` && zmission.state.board.tiles.length === 2`)
	}
	shot(t, ctx, "drop-bad-file.png")
}
