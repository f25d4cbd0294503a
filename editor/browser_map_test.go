package editor

// Browser tests of the grid map: objects in a wrong place, badges, ids.

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// waitFileNot polls the file on disk until it no longer holds gone.
func waitFileNot(t *testing.T, path, gone string) string {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		data, _ := os.ReadFile(path)
		if !strings.Contains(string(data), gone) {
			return string(data)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the file still holds %q:\n%s", gone, data)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// badgeSel is a selector for the badge that shows the first finding of rule.
func badgeSel(t *testing.T, ctx context.Context, rule string) string {
	t.Helper()
	var i int
	js(t, ctx, fmt.Sprintf(`zmission.state.findings.findIndex(f => f.rule === %q)`, rule), &i)
	if i < 0 {
		t.Fatalf("no finding %s", rule)
	}
	var ok bool
	js(t, ctx, fmt.Sprintf(`(() => { const b = [...document.querySelectorAll('.ed-badges .badge')].find(b => b.dataset.findings.split(' ')[0] === '%d');
		if (!b) return false; document.querySelectorAll('.ed-badges .badge').forEach(x => x.removeAttribute('id')); b.id = 'badge-under-test'; return true; })()`, i), &ok)
	if !ok {
		t.Fatalf("no badge shows finding %d (%s) first", i, rule)
	}
	return "#badge-under-test"
}

// clickAtUntil clicks a screen point until cond holds (a click that only
// selects: clicking again does no harm).
func clickAtUntil(t *testing.T, ctx context.Context, p point, what, cond string) {
	t.Helper()
	for try := 0; try < 4; try++ {
		if err := chromedp.Run(ctx, chromedp.MouseClickXY(p.X, p.Y)); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			var ok bool
			if err := chromedp.Run(ctx, chromedp.Evaluate("!!("+cond+")", &ok)); err == nil && ok {
				return
			}
			time.Sleep(40 * time.Millisecond)
		}
		t.Logf("click at %v did not show %s; clicking again", p, what)
	}
	waitFor(t, ctx, what, cond)
}

// TestBrowserWrongPlace: a door on a wall and a noise below the board are
// drawn (the noise in the margin), each is selected from its badge or on
// the map, and Delete removes it and nothing else.
func TestBrowserWrongPlace(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/wrong-place.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "both tokens the rules refuse drawn", `document.querySelector('.ed-bad .ed-bad-token[data-index="6"] line') && document.querySelector('.ed-bad .ed-bad-token[data-index="7"] circle') && document.querySelector('.ed-bad .ed-margin')`)
	shot(t, ctx, "wrong-place.png")

	// The door's badge selects the door, not the mold in the same cell.
	clickUntil(t, ctx, badgeSel(t, ctx, "door-not-on-opening"), "the bad door selected",
		`zmission.sel && zmission.sel.kind === 'token' && zmission.sel.index === 6 && document.querySelector('.ed-sel line') && document.querySelector('#selection .bad-why')`)
	key(t, ctx, "Delete", 0)
	data := waitFileNot(t, path, "{type: door, at: [2, 0], side: e}")
	for _, keep := range []string{"{type: mold, at: [2, 0]}", "{type: noise, at: [1, 4]}", "{type: door, state: open, at: [0, 0], side: e}"} {
		if !strings.Contains(data, keep) {
			t.Errorf("Delete also removed %s:\n%s", keep, data)
		}
	}

	// The noise, in the margin, is selected on the map and removed.
	waitFor(t, ctx, "the door gone from the page", `zmission.state.board.tokens.length === 7 && !document.querySelector('.ed-bad-token[data-index="7"]') && document.querySelector('.ed-bad-token[data-index="6"] circle')`)
	var noise point
	js(t, ctx, `(() => { const r = document.querySelector('.ed-bad-token[data-index="6"] circle').getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, &noise)
	clickAtUntil(t, ctx, noise, "the noise selected", `zmission.sel && zmission.sel.kind === 'token' && zmission.sel.index === 6`)
	shot(t, ctx, "wrong-place-selected.png")
	key(t, ctx, "Delete", 0)
	waitFor(t, ctx, "the noise gone from the page", `zmission.state.board.tokens.length === 6`)
	data = waitFileNot(t, path, "{type: noise")
	if !strings.Contains(data, "{type: mold, at: [2, 0]}") {
		t.Errorf("Delete removed the mold:\n%s", data)
	}
	waitFor(t, ctx, "the margin gone", `!document.querySelector('.ed-margin') && !document.querySelector('.ed-bad-token')`)
}
