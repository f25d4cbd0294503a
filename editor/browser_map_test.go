package editor

// Browser tests of the grid map: objects in a wrong place, badges, ids.

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
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
	if !browsertest.Retry(t, ctx, what, cond, func() { browsertest.ClickAt(t, ctx, p) }) {
		waitFor(t, ctx, what, cond)
	}
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
	if shot := screenshot(t, ctx); updateShot {
		if err := os.WriteFile("../docs/editor-wrong-place.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}

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

// TestBrowserBadges: a finding whose message names a cell ("ends in a wall
// of 3A at 2,1 (its east border)") has its badge in that cell, by that
// side, clear of the zone labels; the finding picked in the issues stays
// picked, with its own source line, when a save elsewhere adds a finding
// before it and moves its line.
func TestBrowserBadges(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../testdata/broken/border-dead-end.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the dead-end badge", `document.querySelector('#map .ed-badges .badge') && zmission.state.findings.some(f => f.rule === 'border-dead-end')`)
	var place struct {
		Kind string
		X, Y int
		Side string
	}
	js(t, ctx, `zmission.state.findings.find(f => f.rule === 'border-dead-end').place`, &place)
	if place.Kind != "cell" || place.X != 2 || place.Y != 1 || place.Side != "e" {
		t.Errorf("the dead end is placed at %+v, want cell 2,1 east", place)
	}
	var r struct{ X, Y, W, H float64 }
	js(t, ctx, `(() => { const b = document.querySelector('.ed-badges .badge'); const r = b.getBoundingClientRect(); return {X: r.x, Y: r.y, W: r.width, H: r.height}; })()`, &r)
	lo, hi := cellPoint(t, ctx, 2.5, 1), cellPoint(t, ctx, 3, 2)
	if cx, cy := r.X+r.W/2, r.Y+r.H/2; cx < lo.X || cx > hi.X || cy < lo.Y || cy > hi.Y {
		t.Errorf("the badge's centre %v,%v is not in the east half of cell 2,1 (%v..%v)", cx, cy, lo, hi)
	}
	var over []string
	js(t, ctx, fmt.Sprintf(`[...document.querySelectorAll('#map .labels > :not(.ed-piece)')].filter(l => { const q = l.getBoundingClientRect();
		return q.width > 0 && q.x < %g && q.x + q.width > %g && q.y < %g && q.y + q.height > %g; }).map(l => l.textContent)`, r.X+r.W, r.X, r.Y+r.H, r.Y), &over)
	if len(over) > 0 {
		t.Errorf("the badge covers the labels %q", over)
	}
	shot(t, ctx, "badge-cell.png")

	clickUntil(t, ctx, `#issues li.warning`, "the dead end picked", `document.querySelector('#issues li.on') && document.querySelector('#source-line').textContent.startsWith('7: ')`)

	// Saved elsewhere: a comment and a box no one has move the tiles down
	// two lines, and the box is a finding listed before the dead end.
	data := string(read(t, path))
	edited := "# moved down\n" + strings.Replace(data, "title: Example\n", "title: Example\nboxes: [nope]\n", 1)
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the new finding listed first, the dead end still picked on its new line",
		`zmission.state.findings.length === 2 && zmission.state.findings[0].rule !== 'border-dead-end' &&
		document.querySelectorAll('#issues li.on').length === 1 && document.querySelector('#issues li.on').textContent.includes('ends in a wall') &&
		document.querySelector('#source-line').textContent.startsWith('9: ')`)
}

// TestBrowserFileGone: a mission file deleted is reported without an edit,
// and the report goes when the file is back; the banner floats over the
// page instead of pushing it down; the map keeps its scale as the board
// grows.
func TestBrowserFileGone(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/templates/zombicide-invader.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	var top, top2 float64
	js(t, ctx, `document.querySelector('#canvas-wrap').getBoundingClientRect().top`, &top)
	cell := cellPoint(t, ctx, 1, 0).X - cellPoint(t, ctx, 0, 0).X

	data := read(t, path)
	if err := os.Remove(path); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the file reported gone", `!document.querySelector('#banner').hidden && document.querySelector('#banner').textContent.includes('gone from the disk')`)
	js(t, ctx, `document.querySelector('#canvas-wrap').getBoundingClientRect().top`, &top2)
	if top2 != top {
		t.Errorf("the banner moved the page from %v to %v", top, top2)
	}
	shot(t, ctx, "file-gone.png")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the report gone with the file back", `document.querySelector('#banner').hidden && !zmission.state.missing`)

	// A tile below the two: the board is twice as high, a cell as wide.
	drag(t, ctx, centreOf(t, ctx, `.face[data-face="3B"]`), cellPoint(t, ctx, 1.5, 4.5))
	waitFile(t, path, "{face: 3B, at: [0, 1]}")
	waitFor(t, ctx, "the new tile on the board", `zmission.state.board.tiles.length === 3 && zmission.state.board.h === 6 && document.querySelector('#map')`)
	if after := cellPoint(t, ctx, 1, 0).X - cellPoint(t, ctx, 0, 0).X; after < cell-0.5 || after > cell+0.5 {
		t.Errorf("a cell was %.1f px wide, %.1f px after the board grew", cell, after)
	}
}

// TestBrowserZoom: the wheel zooms around the pointer (the board point
// under it stays there), 100% makes a cell 100 pixels, Fit shows the
// whole board in the view.
func TestBrowserZoom(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	before := cellPoint(t, ctx, 3.5, 2.5)
	var z0 float64
	js(t, ctx, `zmission.zoom`, &z0)
	if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseWheel, before.X, before.Y).WithDeltaX(0).WithDeltaY(-300)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "zoomed in", fmt.Sprintf(`zmission.zoom > %g`, z0*1.2))
	after := cellPoint(t, ctx, 3.5, 2.5)
	if d := (after.X-before.X)*(after.X-before.X) + (after.Y-before.Y)*(after.Y-before.Y); d > 9 {
		t.Errorf("the point under the pointer moved from %v to %v", before, after)
	}
	click(t, ctx, `#zoom-100`)
	waitFor(t, ctx, "100%", `zmission.zoom === 1`)
	if w := cellPoint(t, ctx, 1, 0).X - cellPoint(t, ctx, 0, 0).X; w < 99.5 || w > 100.5 {
		t.Errorf("at 100%% a cell is %.1f px", w)
	}
	click(t, ctx, `#zoom-fit`)
	waitFor(t, ctx, "the whole board in view", `(() => { const v = document.querySelector('#canvas').getBoundingClientRect(), b = zmission.state.board, C = b.cell;
		const m = document.querySelector('#map g.board').getScreenCTM();
		const a = new DOMPoint(0, 0).matrixTransform(m), z = new DOMPoint(b.w * C, b.h * C).matrixTransform(m);
		return a.x >= v.left && a.y >= v.top && z.x <= v.right && z.y <= v.bottom; })()`)
	shot(t, ctx, "zoom-fit.png")
}

// TestBrowserGroupDelete: shift-click picks several tokens; Delete removes
// them in one step, and one Ctrl+Z brings them all back.
func TestBrowserGroupDelete(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/templates/zombicide-invader.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	orig := read(t, path)
	shiftClick := func(x, y float64) {
		p := cellPoint(t, ctx, x, y)
		if err := chromedp.Run(ctx,
			input.DispatchMouseEvent(input.MousePressed, p.X, p.Y).WithButton(input.Left).WithButtons(1).WithClickCount(1).WithModifiers(input.ModifierShift),
			input.DispatchMouseEvent(input.MouseReleased, p.X, p.Y).WithButton(input.Left).WithClickCount(1).WithModifiers(input.ModifierShift)); err != nil {
			t.Fatal(err)
		}
	}
	// The start at 0,1 and the exit at 5,2.
	clickAtUntil(t, ctx, cellPoint(t, ctx, 0.5, 1.5), "the start selected", `zmission.sel && zmission.sel.kind === 'token' && zmission.state.board.tokens[zmission.sel.index].type === 'start'`)
	shiftClick(5.5, 2.5)
	waitFor(t, ctx, "two picked", `zmission.group.length === 2 && document.querySelectorAll('.ed-sel rect').length === 2 && document.querySelector('#sel-remove-group')`)
	shot(t, ctx, "group.png")
	key(t, ctx, "Delete", 0)
	data := waitFileNot(t, path, "{type: start")
	if strings.Contains(data, "{type: exit") || !strings.Contains(data, "{type: spawn") {
		t.Errorf("Delete of the group:\n%s", data)
	}
	waitFor(t, ctx, "one step to undo", `zmission.state.undo === 1 && zmission.state.board.tokens.length === 3`)
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "both back", `zmission.state.board.tokens.length === 5`)
	if string(read(t, path)) != string(orig) {
		t.Errorf("one undo did not bring the file back")
	}
}

// TestBrowserBadgesStand: on the 20×20-tile board, a tile turned changes
// some of its hundreds of findings; the badges drawn before that stand
// the same are kept, and the layer is, element for element, the one drawn
// anew from the findings. A turn moves most findings in the list (every
// other turn of this tile, four fifths of them) but changes a few, so nine
// badges in ten at least are kept; a kept badge whose findings moved in
// the list picks, clicked, its finding as numbered now.
func TestBrowserBadgesStand(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map and its badges", `document.querySelector('#map .ed-badges .badge') && zmission.state.board`)
	kept, changed, moved := 0, 0, 0
	for turn := range 3 {
		var v string
		js(t, ctx, `(() => { window.badgesBefore = new Map([...document.querySelectorAll('#map .ed-badges .badge')].map(g => [g, g.dataset.findings]));
			window.findingsBefore = zmission.state.findings; zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, fmt.Sprintf("turn %d drawn", turn), fmt.Sprintf(`zmission.state.version !== %q && zmission.state.findings !== window.findingsBefore && zmission.canvas.badgesDrawn.findings === zmission.state.findings`, v))
		var r struct {
			Same, Picked                   bool
			Kept, Count, Moved, Transforms int
		}
		js(t, ctx, `(() => { const L = document.querySelector('#map .ed-badges'), now = L.innerHTML;
			const gs = [...L.children], kept = gs.filter(g => window.badgesBefore.has(g));
			// A kept badge whose findings are numbered otherwise now, clicked.
			const moved = kept.filter(g => window.badgesBefore.get(g) !== g.dataset.findings);
			let picked = false;
			if (moved.length) {
				const g = moved[moved.length >> 1], i = Number(g.dataset.findings.split(' ')[0]), f = zmission.state.findings[i];
				g.dispatchEvent(new MouseEvent('click', {bubbles: true}));
				picked = zmission.finding === i && g.querySelector('title').textContent.split('\n')[0] === (f.words || f.message);
			}
			const c = zmission.canvas; c.badgesDrawn = null; c.badgeEls = null;
			c.badges(zmission.state.findings, () => {});
			return {Same: L.innerHTML === now, Picked: picked, Kept: kept.length, Count: gs.length, Moved: moved.length, Transforms: L.querySelectorAll('[transform]').length}; })()`, &r)
		if !r.Same {
			t.Fatalf("turn %d: the badges kept and added differ from the badges drawn anew", turn)
		}
		if r.Transforms > 0 {
			t.Errorf("turn %d: %d badges placed by a transform: each is a paint property node Chromium walks at every frame", turn, r.Transforms)
		}
		if r.Kept*10 < r.Count*9 {
			t.Errorf("turn %d: %d badges of %d kept: a turn changes a few findings", turn, r.Kept, r.Count)
		}
		if r.Moved > 0 && !r.Picked {
			t.Errorf("turn %d: a kept badge whose findings moved in the list did not pick its finding as numbered now", turn)
		}
		moved += r.Moved
		kept += r.Kept
		changed += r.Count - r.Kept
	}
	if kept == 0 || changed == 0 || moved == 0 {
		t.Fatalf("%d badges kept (%d of them with findings moved in the list) and %d drawn anew over the turns: the test reads not every kind", kept, moved, changed)
	}
}

// TestBrowserKeysStand: each turn's board is a new one; the keyboard's
// stand-ins of the pieces that did not change stand, the turned tile's is
// made anew, and the layer is, element for element, the one made anew;
// Enter on a kept stand-in still selects its piece.
func TestBrowserKeysStand(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map and its stand-ins", `document.querySelector('#map .ed-key') && zmission.state.board`)
	kept, made := 0, 0
	for turn := range 3 {
		var v string
		js(t, ctx, `(() => { window.keysBefore = new Set(zmission.canvas.layers.keys.children);
			zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, fmt.Sprintf("turn %d drawn", turn), fmt.Sprintf(`zmission.state.version !== %q && zmission.canvas.keysDrawn.b === zmission.canvas.b && zmission.canvas.b === zmission.state.board`, v))
		var r struct {
			Same, Picked bool
			Kept, Count  int
		}
		js(t, ctx, `(() => { const c = zmission.canvas, L = c.layers.keys, now = L.innerHTML;
			const ks = [...L.children], keptKs = ks.filter(k => window.keysBefore.has(k));
			// A kept stand-in of another tile than the turned one, and Enter on it.
			const k = keptKs.find(k => k.dataset.key.startsWith('tile:') && k.dataset.key !== 'tile:37');
			let picked = false;
			if (k) {
				k.dispatchEvent(new KeyboardEvent('keydown', {key: 'Enter', bubbles: true}));
				picked = zmission.sel && zmission.sel.kind + ':' + zmission.sel.index === k.dataset.key;
			}
			zmission.sel = {kind: 'tile', index: 37};
			c.keysDrawn = null; c.keyEls = null; c.keys(c.keyFocus);
			return {Same: L.innerHTML === now, Picked: picked, Kept: keptKs.length, Count: ks.length}; })()`, &r)
		if !r.Same {
			t.Fatalf("turn %d: the stand-ins kept and added differ from the stand-ins made anew", turn)
		}
		if !r.Picked {
			t.Fatalf("turn %d: Enter on a kept stand-in did not select its tile", turn)
		}
		kept += r.Kept
		made += r.Count - r.Kept
	}
	if kept == 0 || made == 0 {
		t.Fatalf("%d stand-ins kept and %d made anew over the turns: the test reads neither kind", kept, made)
	}
	t.Logf("over 3 turns: %d stand-ins kept, %d made", kept, made)
}

// TestBrowserIssuesStand: a tile turned on a big board changes some of
// its 500 findings; the Issues list keeps the items of those that stand
// and is, element for element, the list made anew, and a kept item picks
// its finding where it is now in the list.
func TestBrowserIssuesStand(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the findings listed", `document.querySelector('#issues li[data-rule]') && zmission.state.board`)
	kept, made, moved := 0, 0, 0
	for turn := range 3 {
		var v string
		js(t, ctx, `(() => { const ol = document.querySelector('#issues');
			window.itemsBefore = new Map([...ol.children].map((li, i) => [li, i]));
			window.findingsBefore = zmission.state.findings; zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, fmt.Sprintf("turn %d listed", turn), fmt.Sprintf(`zmission.state.version !== %q && zmission.state.findings !== window.findingsBefore && document.querySelector('#issues').children.length === zmission.state.findings.length`, v))
		var r struct {
			Same, Picked       bool
			Kept, Moved, Count int
		}
		js(t, ctx, `(() => { const ol = document.querySelector('#issues'), now = ol.innerHTML;
			const lis = [...ol.children], keptLis = lis.filter(li => window.itemsBefore.has(li));
			const moved = keptLis.filter(li => window.itemsBefore.get(li) !== +li.dataset.index).length;
			// A kept item that moved (or else the last kept) picks the finding it shows.
			const li = keptLis.find(li => window.itemsBefore.get(li) !== +li.dataset.index) || keptLis[keptLis.length - 1];
			let picked = true;
			if (li) {
				const i = +li.dataset.index, msg = li.querySelector('.msg').textContent;
				li.click();
				const f = zmission.state.findings[zmission.finding];
				picked = zmission.finding === i && (f.words || f.message) === msg && li.classList.contains('on');
			}
			const shown = ol.innerHTML;
			zmission.issuesAnew();
			return {Same: ol.innerHTML === shown && now.replace(/ on"/g, '"') === shown.replace(/ on"/g, '"'),
				Picked: picked, Kept: keptLis.length, Moved: moved, Count: lis.length}; })()`, &r)
		if !r.Same {
			t.Fatalf("turn %d: the findings' list kept and added differs from the list made anew", turn)
		}
		if !r.Picked {
			t.Fatalf("turn %d: a kept item picked another finding than the one it shows", turn)
		}
		kept += r.Kept
		made += r.Count - r.Kept
		moved += r.Moved
	}
	if kept == 0 || made == 0 {
		t.Fatalf("%d items kept and %d made anew over the turns: the test reads neither kind", kept, made)
	}
	t.Logf("over 3 turns: %d items kept (%d of them at another place), %d made", kept, moved, made)
}

// TestBrowserArrange: arrange (canvas.js), which puts the badges, the
// keys' stand-ins and the Issues list in order, gives the children wanted
// in the order wanted, and moves or inserts exactly the elements outside
// the longest run of kept children already in order (worked out here by
// dynamic programming), on random lists: some children dropped, some
// elements new, a few moved, or all shuffled.
func TestBrowserArrange(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page", `window.zmission && zmission.state`)
	var bad []string
	js(t, ctx, `(async () => {
		const { arrange } = await import(new URL('assets/canvas.js', document.baseURI).href);
		let seed = 45;
		const rnd = n => { seed = (seed * 1103515245 + 12345) % 2147483648; return seed % n; };
		const bad = [];
		for (let c = 0; c < 400; c++) {
			const parent = document.createElement('div');
			const old = [];
			for (let i = 0, n = rnd(40); i < n; i++) { const e = document.createElement('i'); e.id = 'o' + i; parent.appendChild(e); old.push(e); }
			let list = old.filter(() => rnd(5) > 0);
			if (c % 4 === 0) for (let i = list.length - 1; i > 0; i--) { const j = rnd(i + 1); [list[i], list[j]] = [list[j], list[i]]; }
			else for (let m = rnd(4); m > 0 && list.length; m--) { const [e] = list.splice(rnd(list.length), 1); list.splice(rnd(list.length + 1), 0, e); }
			for (let m = rnd(5); m > 0; m--) { const e = document.createElement('b'); e.id = 'n' + m; list.splice(rnd(list.length + 1), 0, e); }
			// The longest run of kept children in their old order.
			const at = list.map(e => old.indexOf(e)), best = at.map(() => 0);
			let lis = 0;
			at.forEach((p, i) => { if (p < 0) return; best[i] = 1; for (let j = 0; j < i; j++) if (at[j] >= 0 && at[j] < p) best[i] = Math.max(best[i], best[j] + 1); lis = Math.max(lis, best[i]); });
			let moves = 0;
			const ins = parent.insertBefore.bind(parent), app = parent.appendChild.bind(parent);
			parent.insertBefore = (a, b) => { moves++; return ins(a, b); };
			parent.appendChild = a => { moves++; return app(a); };
			arrange(parent, list);
			const got = [...parent.children];
			if (got.length !== list.length || got.some((e, i) => e !== list[i])) bad.push('case ' + c + ': order ' + got.map(e => e.id) + ' want ' + list.map(e => e.id));
			else if (moves !== list.length - lis) bad.push('case ' + c + ': ' + moves + ' moves, want ' + (list.length - lis));
		}
		return bad;
	})()`, &bad)
	for _, b := range bad {
		t.Error(b)
	}
}

// TestBrowserTourWaitsHidden: on the 20×20-tile board a turn changes the
// findings, and so the Tour's list of what blocks the mission; with the
// Tour tab hidden, three turns make it no time, showing the tab makes it
// once, element for element the Tour made anew for the state shown, and a
// turn with the tab shown makes it once.
func TestBrowserTourWaitsHidden(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map .ed-badges .badge') && zmission.state.board && document.querySelector('#goals')`)
	turn := func(what string) {
		t.Helper()
		var v string
		js(t, ctx, `(() => { window.findingsBefore = zmission.state.findings; zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, what, `zmission.state.version !== `+strconv.Quote(v)+` && zmission.state.findings !== window.findingsBefore`)
	}
	var before, n int
	js(t, ctx, `zmission.tourMade`, &before)
	for i := range 3 {
		turn(fmt.Sprintf("a turn with the Issues tab shown %d", i+1))
	}
	js(t, ctx, `zmission.tourMade`, &n)
	if n != before {
		t.Fatalf("the Tour was made %d times over 3 turns with its tab hidden", n-before)
	}
	click(t, ctx, `#tabs button[data-tab="tour"]`)
	var r struct {
		Made  int
		Same  bool
		Items int
	}
	js(t, ctx, `(() => { const host = document.querySelector('#tab-tour'), shown = host.innerHTML, made = zmission.tourMade;
		zmission.tourAnew();
		return {Made: made, Same: host.innerHTML === shown, Items: host.querySelectorAll('li').length}; })()`, &r)
	if r.Made != before+1 {
		t.Fatalf("showing the Tour tab made it %d times, want once", r.Made-before)
	}
	if !r.Same || r.Items == 0 {
		t.Fatalf("the Tour shown after the turns (%d items) differs from the Tour made anew for the state shown", r.Items)
	}
	js(t, ctx, `zmission.tourMade`, &before)
	turn("a turn with the Tour tab shown")
	js(t, ctx, `zmission.tourMade`, &n)
	if n != before+1 {
		t.Fatalf("a turn with the Tour tab shown made it %d times, want once", n-before)
	}
}

// TestBrowserCutEdges: on the 20×20-tile board the walls and the doors'
// frames (thousands of strokes in a path each) are shown as a path a
// square of the board (canvas.js, cut): each square's path holds the
// strokes that start in that square, with the path's other attributes,
// and together they are the path's strokes. Through three turns they stay
// so, and a turn changes the paths of a few squares, not all.
func TestBrowserCutEdges(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, bigBoard(t))
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map .ed-badges .badge') && zmission.state.board`)
	// check gives the paths cut, the strokes astray (in no square's path,
	// in another's, or in a path with other attributes), and the squares'
	// paths, by their element and d, for the next turn to compare with.
	const check = `(() => { const c = zmission.canvas, out = {cut: 0, paths: 0, astray: 0, changed: 0};
		const before = window.cutBefore || new Map(), now = new Map();
		for (const [g, list] of c.splits) for (const e of list) {
			if (!e.cutShown) continue;
			if (e.cutShown.parentNode !== g) { out.astray++; continue; }
			out.cut++;
			const want = e.getAttribute('d').split(/(?=M)/).sort(), got = [];
			for (const q of e.cutShown.children) {
				out.paths++;
				now.set(q, q.getAttribute('d'));
				if (before.has(q) ? before.get(q) !== q.getAttribute('d') : true) out.changed++;
				for (const a of e.attributes) if (a.name !== 'd' && q.getAttribute(a.name) !== a.value) out.astray++;
				const keys = new Set();
				for (const sub of q.getAttribute('d').split(/(?=M)/)) {
					got.push(sub);
					const m = /^M\s*(-?[\d.]+)[\s,]+(-?[\d.]+)/.exec(sub);
					keys.add(c.squareOf(+m[1], +m[2]));
				}
				if (keys.size !== 1) out.astray++;
			}
			got.sort();
			if (got.length !== want.length || got.some((x, i) => x !== want[i])) out.astray++;
		}
		window.cutBefore = now;
		return out; })()`
	var r struct{ Cut, Paths, Astray, Changed int }
	js(t, ctx, check, &r)
	if r.Cut != 2 || r.Paths < 16 || r.Astray != 0 {
		t.Fatalf("the walls and doors' frames shown cut: %+v, want 2 paths cut in 16 squares' paths or more, none astray", r)
	}
	if d := mapShownDiffers(t, ctx); d != "" {
		t.Fatalf("the map shown is not the map of the file: %s", d)
	}
	for turn := range 3 {
		var v string
		js(t, ctx, `(() => { zmission.sel = {kind: 'tile', index: 37};
			document.dispatchEvent(new KeyboardEvent('keydown', {key: 'r', bubbles: true})); return zmission.state.version; })()`, &v)
		waitFor(t, ctx, fmt.Sprintf("turn %d", turn+1), `zmission.state.version !== `+strconv.Quote(v)+` && zmission.canvas.src === zmission.state.svgSrc`)
		js(t, ctx, check, &r)
		if r.Cut != 2 || r.Astray != 0 {
			t.Fatalf("turn %d: %+v, want the 2 paths cut, none astray", turn+1, r)
		}
		if r.Changed == 0 || r.Changed*4 > r.Paths {
			t.Errorf("turn %d: %d squares' paths of %d changed: a turn changes the strokes of a few squares", turn+1, r.Changed, r.Paths)
		}
		if d := mapShownDiffers(t, ctx); d != "" {
			t.Fatalf("turn %d: the map shown is not the map of the file: %s", turn+1, d)
		}
		t.Logf("turn %d: %d squares' paths of %d changed", turn+1, r.Changed, r.Paths)
	}
}
