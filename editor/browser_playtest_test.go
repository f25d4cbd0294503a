package editor

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBrowserPlaytestPanel: an Invader mission's page has a Playtest tab
// with the win rate per Survivor count (the mission's and one either
// side), played by the server while the page keeps answering, and played
// again after an edit; the danger overlay tints the map.
func TestBrowserPlaytestPanel(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board') && document.querySelector('#overlays input[data-overlay="danger"]')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the win rates for 5, 6 and 7 Survivors", `(() => {
		const rows = [...document.querySelectorAll('#playtest-rates tbody tr')];
		return rows.map(r => r.dataset.survivors).join(' ') === '5 6 7' && rows[1].className === 'mission' &&
			/^\d+\.\d% \(\d+\/200\)$/.test(rows[1].cells[1].textContent); })()`)
	var note string
	js(t, ctx, `document.querySelector('#tab-playtest .note').textContent`, &note)
	if !strings.Contains(note, "200 games per count") || !strings.Contains(note, "seed 1, agent careful") {
		t.Errorf("the panel says %q", note)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "survivors: 6", "survivors: 4", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the panel played again for 3, 4 and 5 Survivors", `[...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '3 4 5'`)
	click(t, ctx, `#overlays input[data-overlay="danger"]`)
	waitFor(t, ctx, "the danger tints", `document.querySelector('#map .overlay-danger path[data-eliminations]')`)
}

// TestBrowserPlaytestPanelClassic: a classic Zombicide mission's page has
// the same Playtest tab and danger overlay, found through the same
// interface as Invader's.
func TestBrowserPlaytestPanelClassic(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/classic/blue-line.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board') && document.querySelector('#overlays input[data-overlay="danger"]')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the win rates for 5, 6 and 7 Survivors", `(() => {
		const rows = [...document.querySelectorAll('#playtest-rates tbody tr')];
		return rows.map(r => r.dataset.survivors).join(' ') === '5 6 7' && rows[1].className === 'mission' &&
			/^\d+\.\d% \(\d+\/200\)$/.test(rows[1].cells[1].textContent); })()`)
	click(t, ctx, `#overlays input[data-overlay="danger"]`)
	waitFor(t, ctx, "the danger tints", `document.querySelector('#map .overlay-danger path[data-eliminations]')`)
}

// TestBrowserPlaytestFollowsTheTileset: a change of the mission's own
// tile-set file keeps the mission's version but changes its board; the
// open Playtest panel plays the new board.
func TestBrowserPlaytestFollowsTheTileset(t *testing.T) {
	ctx := browser(t)
	dir := t.TempDir()
	for _, f := range []string{"mission.yaml", "tiles.yaml"} {
		data, err := os.ReadFile("testdata/own-tiles/" + f)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	s, err := New(filepath.Join(dir, "mission.yaml"), Options{Interval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	sctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(sctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	rates := `[...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.cells[1].textContent).join(' | ')`
	waitFor(t, ctx, "every game won", rates+` === '100.0% (200/200) | 100.0% (200/200) | 100.0% (200/200)'`)
	var version string
	js(t, ctx, `window.zmission.state.version`, &version)
	tiles, err := os.ReadFile(filepath.Join(dir, "tiles.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// G's west side becomes a wall: the way from the start to the exit is
	// closed.
	changed := strings.Replace(string(tiles), "      e: [wall, marking, wall]", "      e: [wall, marking, wall]\n      w: wall", 1)
	if err := os.WriteFile(filepath.Join(dir, "tiles.yaml"), []byte(changed), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "every game lost on the walled board", rates+` === '0.0% (0/200) | 0.0% (0/200) | 0.0% (0/200)'`)
	var after string
	js(t, ctx, `window.zmission.state.version`, &after)
	if after != version {
		t.Errorf("the mission's version changed (%s, %s): the test does not test a change of the tile set alone", version, after)
	}
}
