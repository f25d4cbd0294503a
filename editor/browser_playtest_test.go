package editor

import (
	"os"
	"strings"
	"testing"

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
