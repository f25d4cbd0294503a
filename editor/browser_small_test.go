package editor

import (
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// TestBrowserGameFit: each game's page offers what the game has. Classic
// Zombicide has no Xenos and no Mold: its overlays are movement, the
// zombies' paths and the threat; the Tour says whether a goal can be met
// (no "step" beside a slider of another meaning); a sheet game has no
// Tour tab; a facility's grid is its columns and rows, not a list.
func TestBrowserGameFit(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/classic/night-shift.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges') && document.querySelector('#overlays input')`)
	var labels []string
	js(t, ctx, `[...document.querySelectorAll('#overlays label')].map(l => l.textContent.trim())`, &labels)
	// classic Zombicide has a playtest, so the danger overlay is offered too.
	if len(labels) != 4 || labels[0] != "movement" || labels[1] != "zombies" || labels[2] != "threat" || labels[3] != "danger" {
		t.Errorf("classic offers the overlays %q, want movement, zombies, threat, danger", labels)
	}
	click(t, ctx, `#tabs button[data-tab="tour"]`)
	var goals []string
	js(t, ctx, `[...document.querySelectorAll('#goals li')].map(l => l.textContent)`, &goals)
	if len(goals) == 0 {
		t.Fatal("no goals in the Tour")
	}
	for _, g := range goals {
		if !containsAny(g, "can be met", "cannot be met") || containsAny(g, "in step") {
			t.Errorf("a goal reads %q", g)
		}
	}

	s2, _ := serveFolder(t, "../examples/survival-infection/long-night.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s2.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the sheet, no Tour tab", `document.querySelector('#canvas .sheet svg') && !document.querySelector('#tabs button[data-tab="tour"]').checkVisibility() && document.querySelector('#schema-form') && !document.querySelector('#schema-form [data-pointer="/$schema"]')`)

	s3, _ := serve(t, "testdata/facility.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s3.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the facility canvas", `document.querySelector('#fac-svg')`)
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	waitFor(t, ctx, "the grid as columns and rows", `(() => { const g = document.querySelector('#schema-form .sf-tuple[data-pointer="/grid"]');
		if (!g || g.querySelector('.sf-x, .sf-add')) return false;
		const names = [...g.querySelectorAll('.sf-tuple-item span')].map(s => s.textContent.trim());
		const v = [...g.querySelectorAll('input')].map(i => i.value);
		return names.join(' ') === 'columns rows' && v.join(' ') === '6 4'; })()`)
	shot(t, ctx, "facility-grid.png")
}

func containsAny(s string, subs ...string) bool {
	for _, x := range subs {
		if strings.Contains(s, x) {
			return true
		}
	}
	return false
}
