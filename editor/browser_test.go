package editor

// Browser tests: the page in a real Chromium, driven over the DevTools
// protocol, doing what an author does. They need a Chromium binary; when
// none is found they are skipped, unless ZMISSION_BROWSER_TESTS=1 (as
// .ci/run sets it) makes a missing browser a failure.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

var updateShot = os.Getenv("ZMISSION_UPDATE_SCREENSHOT") != ""

// The browser is started once for the package's tests; each test gets a
// tab of its own.
var shared struct {
	once    sync.Once
	ctx     context.Context
	cancel  func()
	profile string
	err     error
}

func TestMain(m *testing.M) {
	code := m.Run()
	if shared.cancel != nil {
		shared.cancel()
		browsertest.RemoveProfile(shared.profile)
	}
	os.Exit(code)
}

// browser returns a new tab of a headless Chromium with a fresh profile.
func browser(t testing.TB) context.Context {
	exe := browsertest.Path(t)
	shared.once.Do(func() {
		shared.profile, shared.err = os.MkdirTemp("", "zmission-chromium-")
		if shared.err != nil {
			return
		}
		bctx, stop := browsertest.Start(exe, shared.profile, 1500, 950)
		shared.ctx, shared.cancel = bctx, stop
		shared.err = chromedp.Run(bctx)
	})
	if shared.err != nil {
		t.Fatalf("starting Chromium: %v", shared.err)
	}
	ctx, cancelTab := chromedp.NewContext(shared.ctx)
	ctx, cancelT := context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(func() { cancelT(); cancelTab() })
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(1500, 950)); err != nil {
		t.Fatalf("opening a tab: %v", err)
	}
	return ctx
}

// serve starts an editor on a copy of src and returns it with the file.
func serve(t testing.TB, src string) (*Server, string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(path, Options{Interval: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Listen(); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { s.Serve(ctx); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return s, path
}

// The package's ways of driving the page are browsertest's.
var (
	js        = browsertest.Eval
	click     = browsertest.Click
	centreOf  = browsertest.CentreOf
	cellPoint = browsertest.CellPoint
	drag      = browsertest.Drag
	key       = browsertest.Key
)

type point = browsertest.Point

// waitFor polls a JavaScript condition until it holds.
func waitFor(t *testing.T, ctx context.Context, what, cond string) {
	t.Helper()
	browsertest.WaitFor(t, ctx, what, cond, `document.querySelector('#banner').textContent + ' | ' + document.querySelector('#status').textContent`)
}

// waitFile polls the file on disk until it holds want.
func waitFile(t *testing.T, path, want string) string {
	t.Helper()
	defer func(start time.Time) { t.Logf("file holds %q: %s", want, time.Since(start)) }(time.Now())
	deadline := time.Now().Add(30 * time.Second)
	for {
		data, _ := os.ReadFile(path)
		if strings.Contains(string(data), want) {
			return string(data)
		}
		if time.Now().After(deadline) {
			t.Fatalf("the file never held %q:\n%s", want, data)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// clickForFile clicks sel until the file changes, then waits for it to hold
// want. A click that lands while the page is redrawing (its own save comes
// back as a new state) is lost, not repeated: the file is still as it was,
// so clicking again cannot apply the edit twice.
func clickForFile(t *testing.T, ctx context.Context, sel, path, want string) {
	t.Helper()
	clickForChange(t, ctx, sel, path)
	waitFile(t, path, want)
}

// clickForChange clicks sel until the file changes (see clickForFile) and
// returns what it holds then.
func clickForChange(t *testing.T, ctx context.Context, sel, path string) string {
	t.Helper()
	before, _ := os.ReadFile(path)
	for try := 0; try < 4; try++ {
		click(t, ctx, sel)
		deadline := time.Now().Add(5 * time.Second)
		for time.Now().Before(deadline) {
			if data, _ := os.ReadFile(path); string(data) != string(before) {
				return string(data)
			}
			time.Sleep(30 * time.Millisecond)
		}
		t.Logf("click on %s made no edit; clicking again", sel)
	}
	t.Fatalf("clicks on %s never changed the file", sel)
	return ""
}

// clickUntil clicks sel until cond holds: for a click that only selects,
// so that clicking again does no harm. A click that lands while the page
// redraws (a state arriving after a save replaces what was under the
// mouse) is lost, and is given again.
func clickUntil(t *testing.T, ctx context.Context, sel, what, cond string) {
	t.Helper()
	if !browsertest.Retry(t, ctx, what, cond, func() { click(t, ctx, sel) }) {
		waitFor(t, ctx, what, cond)
	}
}

// TestBrowserAuthoring does what an author does with the Invader
// template: drag a tile in, rotate it, place a door on a cell side, see a
// finding appear at its zone, undo, and edit the file on disk elsewhere.
func TestBrowserAuthoring(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/templates/zombicide-invader.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)

	// Drag face 3B from the palette to the tile grid's [0, 1], turning it
	// with R on the way.
	drag(t, ctx, centreOf(t, ctx, `.face[data-face="3B"]`), cellPoint(t, ctx, 1.5, 4.5), func() { key(t, ctx, "r", 0) })
	waitFile(t, path, "{face: 3B, at: [0, 1], rot: 90}")
	waitFor(t, ctx, "the new tile on the board", `zmission.state.board.tiles.length === 3`)

	// R turns the tile just placed (it is selected): three more turns and
	// it is back at 0, then once more.
	for range 3 {
		key(t, ctx, "r", 0)
	}
	waitFile(t, path, "{face: 3B, at: [0, 1]}\n")
	key(t, ctx, "r", 0)
	waitFile(t, path, "{face: 3B, at: [0, 1], rot: 90}")

	// A violet door dropped near the west side of cell 2,3, a door
	// opening of the turned 3B.
	drag(t, ctx, centreOf(t, ctx, `.tok[data-type="door"][data-color="violet"]`), cellPoint(t, ctx, 2.08, 3.45))
	waitFile(t, path, "{type: door, color: violet, at: [2, 3], side: w}")

	// A second exit: the boxes hold one, so a finding appears at its zone.
	drag(t, ctx, centreOf(t, ctx, `.tok[data-type="exit"]`), cellPoint(t, ctx, 3.5, 0.5))
	waitFile(t, path, "{type: exit, at: [3, 0]}")
	waitFor(t, ctx, "the inventory badge at 2A/a", `zmission.state.findings.some(f => f.rule === 'inventory' && f.place && f.place.zone === '2A/a') && document.querySelector('.ed-badges .badge-error')`)
	var badge point
	js(t, ctx, `(() => { const i = zmission.state.findings.findIndex(f => f.rule === 'inventory');
		const b = [...document.querySelectorAll('.ed-badges .badge')].find(b => b.dataset.findings.split(' ').includes(String(i)));
		const r = b.getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, &badge)
	cell := cellPoint(t, ctx, 3, 0)
	cell2 := cellPoint(t, ctx, 4, 1)
	if badge.X < cell.X || badge.X > cell2.X || badge.Y < cell.Y-20 || badge.Y > cell2.Y {
		t.Errorf("the badge at %v is not on cell 3,0 (%v..%v)", badge, cell, cell2)
	}
	if updateShot {
		// The drags scrolled the palette down to the tokens: the docs'
		// picture shows it from its top, tiles first.
		var top int
		js(t, ctx, `(() => { const p = document.querySelector('#palette'); p.scrollTop = 0; return p.scrollTop; })()`, &top)
		if err := os.WriteFile("../docs/editor.png", screenshot(t, ctx), 0o644); err != nil {
			t.Fatal(err)
		}
	}

	// Ctrl+Z takes the second exit back; the finding goes with it.
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "the finding gone", `!zmission.state.findings.some(f => f.rule === 'inventory')`)
	if data, _ := os.ReadFile(path); strings.Contains(string(data), "at: [3, 0]}") {
		t.Errorf("undo left the exit in the file:\n%s", data)
	}

	// The history is the server's: after a reload, Ctrl+Shift+Z redoes.
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map after the reload", `document.querySelector('#map g.board .ed-badges') && zmission.state.redo === 1`)
	key(t, ctx, "z", input.ModifierCtrl|input.ModifierShift)
	waitFile(t, path, "{type: exit, at: [3, 0]}")

	// Another editor saves the file: the page follows.
	data, _ := os.ReadFile(path)
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), "title: New mission", "title: Violet Lockdown", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the page to follow the file", `document.title.startsWith('Violet Lockdown')`)

	// A save that does not parse: the board stays, the error shows.
	if err := os.WriteFile(path, []byte("title: [Violet\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the parse error shown over the last good board", `zmission.state.stale && document.querySelector('#banner').textContent.includes('cannot be drawn') && document.querySelector('#map g.board') && document.querySelector('#issues li.error')`)
}

// TestBrowserInspect looks at a finished mission: sight on hover, an
// overlay, the tour's step slider, the keyboard, a form, and an edit made
// against a stale version.
func TestBrowserInspect(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/invader/violet-lockdown.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)

	// Hovering the start's zone shades what it sees, itself at range 0,
	// and draws the Xenos' path to it.
	var zone string
	js(t, ctx, `zmission.state.board.zones.find(z => z.cells.some(c => c[0] === 1 && c[1] === 4)).id`, &zone)
	p := cellPoint(t, ctx, 1.5, 4.5)
	if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseMoved, p.X, p.Y)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "sight from "+zone, fmt.Sprintf(`zmission.los && zmission.los.zone === %q && document.querySelector('.ed-shade .los-cell[data-zone=%q][data-range="0"]') && document.querySelector('.ed-path .enemy-path')`, zone, zone))

	shot(t, ctx, "hover.png")

	// The movement overlay is render's, drawn into the map.
	click(t, ctx, `input[data-overlay="movement"]`)
	waitFor(t, ctx, "the movement overlay", `document.querySelector('#map .overlay-movement') && document.querySelector('#map .ed-badges')`)
	click(t, ctx, `input[data-overlay="movement"]`)
	waitFor(t, ctx, "the overlay gone", `!document.querySelector('#map .overlay-movement')`)

	// The tour, leg by leg.
	click(t, ctx, `#tabs button[data-tab="tour"]`)
	var legs int
	js(t, ctx, `zmission.state.tour.length`, &legs)
	if legs < 3 {
		t.Fatalf("the tour has %d legs", legs)
	}
	waitFor(t, ctx, "every leg drawn", fmt.Sprintf(`!document.querySelector('#tour-bar').hidden && document.querySelectorAll('.ed-tour .tour-leg').length === %d`, legs))
	js(t, ctx, `(() => { const s = document.querySelector('#tour-step'); s.value = '1'; s.dispatchEvent(new Event('input')); return true; })()`, new(bool))
	waitFor(t, ctx, "one leg drawn", `document.querySelectorAll('.ed-tour .tour-leg').length === 1 && document.querySelector('#tour-label').textContent.startsWith('1.')`)
	shot(t, ctx, "tour.png")

	// Select the noise token, move it with an arrow, remove it with Delete.
	click(t, ctx, `#tabs button[data-tab="issues"]`)
	p = cellPoint(t, ctx, 4.5, 4.5)
	if err := chromedp.Run(ctx, chromedp.MouseClickXY(p.X, p.Y)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the noise selected", `zmission.sel && zmission.sel.kind === 'token' && zmission.state.board.tokens.find(t => t.index === zmission.sel.index).type === 'noise'`)
	keyArrow(t, ctx)
	waitFile(t, path, "{type: noise, at: [5, 4]}")
	key(t, ctx, "Delete", 0)
	waitFor(t, ctx, "the noise gone", `!zmission.state.board.tokens.some(t => t.type === 'noise')`)
	if data := string(read(t, path)); strings.Contains(data, "noise") {
		t.Errorf("Delete left the noise in the file")
	}
	key(t, ctx, "?", 0)
	waitFor(t, ctx, "the shortcuts", `document.querySelector('#help').open && getComputedStyle(document.querySelector('#help table[data-keys="grid"]')).display !== 'none' && getComputedStyle(document.querySelector('#help table[data-keys="facility"]')).display === 'none'`)
	js(t, ctx, `(() => { document.querySelector('#help').close(); return true; })()`, new(bool))

	// The title, through the form.
	click(t, ctx, `#tabs button[data-tab="mission"]`)
	js(t, ctx, `(() => { const i = document.querySelector('#mission-head input[data-pointer="/title"]'); i.value = 'Violet Lockdown (hard)'; i.dispatchEvent(new Event('input')); i.dispatchEvent(new Event('change')); return true; })()`, new(bool))
	waitFile(t, path, "title: Violet Lockdown (hard)")
	shot(t, ctx, "mission.png")

	// An edit against an old version is refused; the file is untouched.
	before := read(t, path)
	var status int
	if err := chromedp.Run(ctx, chromedp.Evaluate(`fetch('api/op', {method: 'POST', headers: {'Content-Type': 'application/json'},
		body: JSON.stringify({version: '0000000000000000', ops: [{op: 'field.set', field: 'title', value: 'Stale'}]})}).then(r => r.status)`, &status,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
		t.Fatal(err)
	}
	if status != 409 || string(read(t, path)) != string(before) {
		t.Errorf("a stale edit from the page: %d", status)
	}
}

func keyArrow(t *testing.T, ctx context.Context) {
	t.Helper()
	if err := chromedp.Run(ctx,
		input.DispatchKeyEvent(input.KeyDown).WithKey("ArrowRight").WithCode("ArrowRight").WithWindowsVirtualKeyCode(39),
		input.DispatchKeyEvent(input.KeyUp).WithKey("ArrowRight").WithCode("ArrowRight").WithWindowsVirtualKeyCode(39)); err != nil {
		t.Fatal(err)
	}
}

// TestBrowserUnwinnable: a mission whose key is behind its own door says
// so in the Tour, and the link there selects the door on the map.
func TestBrowserUnwinnable(t *testing.T) {
	ctx := browser(t)
	s, _ := serve(t, "../testdata/broken/key-behind-lock.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges .badge-error')`)
	click(t, ctx, `#tabs button[data-tab="tour"]`)
	waitFor(t, ctx, "an unmet goal and its blocker", `document.querySelector('#goals li.unmet') && document.querySelector('#blockers a')`)
	var texts []string
	js(t, ctx, `[...document.querySelectorAll('#blockers li')].map(l => l.textContent)`, &texts)
	door := -1
	for i, tx := range texts {
		if strings.HasPrefix(tx, "The ") && strings.Contains(tx, "door") && strings.Contains(tx, "behind it") && !strings.Contains(tx, "5,2") {
			door = i
		}
	}
	if door < 0 {
		t.Fatalf("no blocker names the door in words: %q", texts)
	}
	clickUntil(t, ctx, fmt.Sprintf(`#blockers li:nth-child(%d) a`, door+1), "the door selected", `zmission.sel && zmission.sel.kind === 'token' && document.querySelector('.ed-sel line') && document.querySelector('#source-line').textContent.includes('type: door')`)
	shot(t, ctx, "unwinnable.png")
}

// shot keeps a screenshot in $ZMISSION_SHOT_DIR, to look at the page.
func shot(t *testing.T, ctx context.Context, name string) {
	if dir := os.Getenv("ZMISSION_SHOT_DIR"); dir != "" {
		os.WriteFile(filepath.Join(dir, name), screenshot(t, ctx), 0o644)
	}
}

func screenshot(t *testing.T, ctx context.Context) []byte {
	var buf []byte
	if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(t.TempDir(), "editor.png"), buf, 0o644)
	return buf
}

// TestBrowserTileset paints a zone label on a face, cycles an edge and
// sees tiles check's finding when a zone is split.
func TestBrowserTileset(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/outpost.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the face editor", `document.querySelector('#face-grid rect[data-cell="2,1"]')`)
	js(t, ctx, `(() => { const l = document.querySelector('#paint-label'); l.value = 'k'; l.dispatchEvent(new Event('input')); return true; })()`, new(bool))
	clickForFile(t, ctx, `#face-grid rect[data-cell="2,1"]`, path, "- c c k ")
	// The new zone k (a room) is walled from the corridor by default: one
	// click makes that side the next kind, an opening.
	waitFor(t, ctx, "the new edge", `document.querySelector('#face-grid line[data-edge="1,1 e"][data-kind="wall"]')`)
	clickForFile(t, ctx, `#face-grid line[data-edge="1,1 e"]`, path, "1,1 e: opening")
	// Face G: paint the middle of its corridor with d, splitting c in two.
	clickUntil(t, ctx, `#face-list button[data-face="G"]`, "face G", `document.querySelector('#face-list button.on[data-face="G"]')`)
	js(t, ctx, `(() => { const l = document.querySelector('#paint-label'); l.value = 'd'; l.dispatchEvent(new Event('input')); return true; })()`, new(bool))
	clickForFile(t, ctx, `#face-grid rect[data-cell="1,1"]`, path, "- c d c")
	waitFor(t, ctx, "the split-zone finding on G", `zmission.state.findings.some(f => f.rule === 'tileset-grid' && f.place && f.place.face === 'G') && document.querySelector('#face-list button[data-face="G"]').textContent.includes('!')`)
	shot(t, ctx, "tileset.png")
}

// TestBrowserSheet opens a game not played on tiles: its sheet is on the
// page, and a save in another editor redraws it.
func TestBrowserSheet(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/survival-infection/long-night.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the sheet", `document.querySelector('#canvas .sheet svg') && document.querySelector('#canvas .sheet').textContent.includes('Long Night')`)
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	edited := strings.Replace(string(data), "title: Long Night", "title: Longer Night", 1)
	if edited == string(data) {
		t.Fatal("the example's title line changed; update the test")
	}
	if err := os.WriteFile(path, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the sheet redrawn", `document.querySelector('#canvas .sheet').textContent.includes('Longer Night')`)
	shot(t, ctx, "sheet.png")
}
