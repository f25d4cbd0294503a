package web

import (
	"io/fs"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/web/opening"
	"github.com/zmission/zmission/web/sharelink"
)

// gatedSite serves the site as site does, but can hold the module back
// (hold, until release): the page as it is while Chromium compiles the
// module. requested lists the paths asked for.
type gated struct {
	url  string
	mu   sync.Mutex
	gate chan struct{} // nil: the module is served
	reqs []string
}

func gatedSite(t *testing.T) *gated {
	t.Helper()
	siteServer(t) // builds the site
	g := &gated{}
	h := Handler(built.dir)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		g.mu.Lock()
		g.reqs = append(g.reqs, r.URL.Path)
		gate := g.gate
		g.mu.Unlock()
		if r.URL.Path == "/"+ModuleFile && gate != nil {
			select {
			case <-gate:
			case <-r.Context().Done():
				return
			}
		}
		h.ServeHTTP(w, r)
	}))
	g.url = srv.URL + "/"
	t.Cleanup(srv.Close)
	t.Cleanup(g.release)
	return g
}

func (g *gated) hold() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gate == nil {
		g.gate = make(chan struct{})
	}
}

func (g *gated) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.gate != nil {
		close(g.gate)
		g.gate = nil
	}
}

func (g *gated) requested() []string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return slices.Clone(g.reqs)
}

// firstDrawn: the page shows a first state's map, and the module has not
// answered yet.
const firstDrawn = `window.zmission && zmission.state && document.querySelector('#canvas svg') && !zmissionWeb.isLive`

// TestBrowserFirstStates: the first state the site ships for each example
// and template is, byte for byte but for the session's key, what the
// module answers when it opens that example or template in the page; and
// the page that drew one hands over to the module's session with no new
// drawing of the map.
func TestBrowserFirstStates(t *testing.T) {
	url := site(t)
	var paths []string
	err := filepath.WalkDir(filepath.Join(built.dir, "states"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(filepath.Join(built.dir, "states"), p)
			paths = append(paths, strings.TrimSuffix(filepath.ToSlash(rel), ".json"))
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"example/invader/violet-lockdown", "example/colony/field-hospital", "example/templates/facility", "template/colony", "template/zombicide-invader"} {
		if !slices.Contains(paths, want) {
			t.Errorf("the site has no first state %s; it has %v", want, paths)
		}
	}
	ctx := page(t, url+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the module's session", mapDrawn)
	var took struct {
		Path   string
		Same   bool
		Mounts int
	}
	js(t, ctx, `({Path: zmissionWeb.takeover.path, Same: zmissionWeb.takeover.same, Mounts: zmission.drawn.mounts})`, &took)
	if took.Path != "example/invader/violet-lockdown" || !took.Same {
		t.Errorf("the module took over from %+v, want the same state as example/invader/violet-lockdown", took)
	}
	if took.Mounts != 1 {
		t.Errorf("the map was drawn whole %d times, want once: the module's session took over the first state's drawing", took.Mounts)
	}
	for _, p := range paths {
		var got struct{ First, Module, Err string }
		js(t, ctx, `(async p => {
			const first = await (await fetch('states/' + p + '.json')).text();
			const [kind, ...rest] = p.split('/');
			const doc = JSON.parse(kind === 'template' ? zmissionGo.template(rest.join('/')) : zmissionGo.example(rest.join('/')));
			if (doc.error) return {Err: doc.error};
			const o = JSON.parse(zmissionGo.open(doc.name, doc.data, doc.files || {}));
			if (o.error) return {Err: o.error};
			const r = zmissionGo.call('GET', 'api/state?tab=' + zmission.tabID, undefined);
			return {First: first, Module: r.body};
		})(`+quote(p)+`)`, &got)
		if got.Err != "" {
			t.Errorf("%s: %s", p, got.Err)
			continue
		}
		first, module := withoutKey(got.First), withoutKey(got.Module)
		if first == "" || first != module {
			t.Errorf("%s: the site's first state (%d bytes) is not the module's answer (%d bytes)", p, len(got.First), len(got.Module))
		}
	}
}

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", "\\'") + "'" }

// withoutKey is a state's JSON after its key, its first field.
func withoutKey(st string) string {
	if !strings.HasPrefix(st, `{"key":`) {
		return ""
	}
	_, rest, _ := strings.Cut(st, ",")
	return rest
}

// TestBrowserEditBeforeModule: the example's first state is drawn while
// the module is held back; the page says the checks are starting; a token
// nudged twice by the arrow keys meanwhile waits, and once the module
// answers both nudges are in the document and on the map, kept by the
// browser.
func TestBrowserEditBeforeModule(t *testing.T) {
	g := gatedSite(t)
	g.hold()
	ctx := page(t, g.url+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the first state's map", firstDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	var says string
	js(t, ctx, `document.querySelector('#web-live').hidden ? '' : document.querySelector('#web-live').textContent`, &says)
	if !strings.Contains(says, "starting the checks") {
		t.Errorf("the bar says %q while the module starts, want that the checks are starting", says)
	}
	var tok struct{ Index, X, Y int }
	js(t, ctx, `(() => { const t = zmission.state.board.tokens.find(t => t.type !== 'door' && !t.bad); zmission.sel = {kind: 'token', index: t.index}; return {Index: t.index, X: t.x, Y: t.y}; })()`, &tok)
	key(t, ctx, "ArrowRight", 0)
	key(t, ctx, "ArrowRight", 0)
	waitFor(t, ctx, "the bar saying the changes wait", `document.querySelector('#web-live').textContent.includes('wait')`)
	var before struct {
		X       int
		Live    bool
		Version string
	}
	js(t, ctx, `({X: zmission.state.board.tokens.find(t => t.index === `+itoa(tok.Index)+`).x, Live: zmissionWeb.isLive})`, &before)
	if before.X != tok.X || before.Live {
		t.Fatalf("before the module answers, the token is at x=%d (was %d) and the module live=%v", before.X, tok.X, before.Live)
	}
	g.release()
	moved := `zmission.state.board.tokens.find(t => t.index === ` + itoa(tok.Index) + `).x === ` + itoa(tok.X+2)
	waitFor(t, ctx, "both nudges applied", mapDrawn+` && `+moved+` && zmission.state.undo === 2`)
	waitFor(t, ctx, "the bar no longer saying the checks start", `document.querySelector('#web-live').hidden`)
	var drawn struct{ Mounts, Patches int }
	js(t, ctx, `zmission.drawn`, &drawn)
	if drawn.Mounts != 1 || drawn.Patches != 2 {
		t.Errorf("the map was drawn whole %d times and patched %d times, want once and twice: the nudges patch the first state's drawing", drawn.Mounts, drawn.Patches)
	}
	// The document the module holds, and what the browser keeps, have it.
	var rec struct{ Doc, Kept string }
	waitFor(t, ctx, "the work kept", `zmissionWeb.record && zmissionWeb.record.data === JSON.parse(zmissionGo.document()).data`)
	js(t, ctx, `({Doc: JSON.parse(zmissionGo.document()).data, Kept: zmissionWeb.record.data})`, &rec)
	orig, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if rec.Doc == string(orig) || rec.Kept != rec.Doc {
		t.Errorf("the nudges are not in the document kept (changed: %v, kept the same: %v)", rec.Doc != string(orig), rec.Kept == rec.Doc)
	}
	// Undo takes them back one at a time.
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "one nudge undone", `zmission.state.board.tokens.find(t => t.index === `+itoa(tok.Index)+`).x === `+itoa(tok.X+1))
}

// TestBrowserKeptWorkFirst: a reload with work kept by the browser never
// shows an example's first state (the site's, for a first visit): the
// page does not even fetch one, and waits for the module, which brings the
// work back.
func TestBrowserKeptWorkFirst(t *testing.T) {
	url := site(t)
	ctx := page(t, url+"#example=classic/blue-line")
	waitFor(t, ctx, "the example", mapDrawn)
	waitFor(t, ctx, "the work kept", `zmissionWeb.record && zmissionWeb.record.data`)
	// The site's own address, which on a first visit shows the example
	// Violet Lockdown before the module answers.
	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the work back")
	var got struct {
		File, First string
		Fetched     []string
	}
	js(t, ctx, `(async () => ({File: zmission.state.file, First: (await globalThis.zmissionFirst) === null && !zmissionWeb.first ? '' : 'taken',
		Fetched: performance.getEntriesByType('resource').map(e => e.name).filter(n => n.includes('/states/'))}))()`, &got)
	if got.File != "blue-line.yaml" || got.First != "" || len(got.Fetched) > 0 {
		t.Errorf("the page shows %s (want the work kept, blue-line.yaml); a first state %q; fetched %v", got.File, got.First, got.Fetched)
	}
}

func itoa(n int) string { return strconv.Itoa(n) }

// TestBrowserWarmUp: once idle after its first map, the module makes its
// warming edits on a copy: the page's document, its history, its map and
// what the browser keeps are the example as it was opened.
func TestBrowserWarmUp(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the warming edits done", mapDrawn+` && zmissionWeb.warm === 'done'`)
	waitFor(t, ctx, "the work kept", `zmissionWeb.record && zmissionWeb.record.data`)
	var got struct {
		Warmed, Undo, Redo, Patches int
		Doc, Kept                   string
	}
	js(t, ctx, `({Warmed: zmissionWeb.warmed, Undo: zmission.state.undo, Redo: zmission.state.redo, Patches: zmission.drawn.patches,
		Doc: JSON.parse(zmissionGo.document()).data, Kept: zmissionWeb.record.data})`, &got)
	orig, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if got.Warmed < 10 {
		t.Errorf("%d warming edits, want 20 (or at least 10)", got.Warmed)
	}
	var on string
	js(t, ctx, `zmissionWeb.warmOn`, &on)
	if on != "violet-lockdown.yaml" {
		t.Errorf("a board of 6 tiles was warmed on %q, want a copy of itself", on)
	}
	if got.Doc != string(orig) || got.Kept != string(orig) {
		t.Errorf("the warming edits changed the document (%v) or what the browser keeps (%v)", got.Doc != string(orig), got.Kept != string(orig))
	}
	if got.Undo != 0 || got.Redo != 0 || got.Patches != 0 {
		t.Errorf("the warming edits reached the page's session: undo %d, redo %d, map patched %d times", got.Undo, got.Redo, got.Patches)
	}
	// The author's own edit after them is the first step of the history.
	js(t, ctx, `(() => { const t = zmission.state.board.tokens.find(t => t.type !== 'door' && !t.bad); zmission.sel = {kind: 'token', index: t.index}; return true; })()`, new(bool))
	key(t, ctx, "ArrowRight", 0)
	waitFor(t, ctx, "the author's edit, one step", `zmission.state.undo === 1`)
	var drawn struct{ Mounts, Patches int }
	js(t, ctx, `zmission.drawn`, &drawn)
	if drawn.Mounts != 1 {
		t.Errorf("the map was drawn whole %d times (patched %d), want once: the author's first edit patches it", drawn.Mounts, drawn.Patches)
	}
}

// TestBrowserWarmUpLarge: a board of more tiles than the module warms on a
// copy of itself (20×20) is warmed on its game's template: the warming
// edits are made, and the author's document is as it was opened.
func TestBrowserWarmUpLarge(t *testing.T) {
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	link, err := sharelink.Encode("board-20x20.yaml", data)
	if err != nil {
		t.Fatal(err)
	}
	ctx := page(t, site(t)+"#mission="+link)
	waitFor(t, ctx, "the warming edits done", mapDrawn+` && zmissionWeb.warm === 'done'`)
	var got struct {
		Warmed, Undo int
		Doc, On      string
	}
	js(t, ctx, `({Warmed: zmissionWeb.warmed, Undo: zmission.state.undo, Doc: JSON.parse(zmissionGo.document()).data, On: zmissionWeb.warmOn})`, &got)
	if got.Warmed < 10 || got.On != opening.TemplateName {
		t.Errorf("%d warming edits on %q, want 20 (or at least 10) on the template, %q", got.Warmed, got.On, opening.TemplateName)
	}
	if got.Doc != string(data) || got.Undo != 0 {
		t.Errorf("the warming edits reached the author's work: document changed %v, undo %d", got.Doc != string(data), got.Undo)
	}
}
