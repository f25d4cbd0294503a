package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// cliPlaytest is `zmission playtest --format json` of the command line
// built from this checkout: what the page's numbers must equal.
type cliPlaytest struct {
	Seed        uint64 `json:"seed"`
	Games       int    `json:"games"`
	BySurvivors []struct {
		Survivors int        `json:"survivors"`
		Games     int        `json:"games"`
		Wins      int        `json:"wins"`
		WinRate   float64    `json:"win_rate"`
		CI95      [2]float64 `json:"ci95"`
		ReadsAs   string     `json:"reads_as"` // what the panel shows: the interval's band(s)
	} `json:"by_survivors"`
	Zones []struct {
		Zone         string `json:"zone"`
		Eliminations int    `json:"eliminations"`
	} `json:"zones"`
}

func runCLIPlaytest(t *testing.T, args ...string) cliPlaytest {
	t.Helper()
	cmd := exec.Command("go", append([]string{"run", "../cmd/zmission", "playtest", "--format", "json"}, args...)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("zmission playtest %v: %v\n%s", args, err, stderr.Bytes())
	}
	var p cliPlaytest
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatalf("zmission playtest's JSON: %v", err)
	}
	return p
}

// pct is the panel's way of writing a rate (app.js, showPlaytest).
func pct(x float64) string { return fmt.Sprintf("%.1f%%", math.Round(x*1000)/10) }

// panelRows is the Playtest panel's table as the page shows it.
func panelRows(t *testing.T, ctx context.Context) [][]string {
	t.Helper()
	var rows [][]string
	js(t, ctx, `[...document.querySelectorAll('#playtest-rates tbody tr')].map(r => [r.dataset.survivors, ...[...r.cells].map(c => c.textContent)])`, &rows)
	return rows
}

// wantRows is the table the command line's numbers make.
func wantRows(p cliPlaytest, mission int) [][]string {
	var out [][]string
	for _, c := range p.BySurvivors {
		n := fmt.Sprint(c.Survivors)
		label := n
		if c.Survivors == mission {
			label += " (the mission's)"
		}
		out = append(out, []string{n, label, fmt.Sprintf("%s (%d/%d)", pct(c.WinRate), c.Wins, c.Games),
			pct(c.CI95[0]) + "–" + pct(c.CI95[1]), c.ReadsAs})
	}
	return out
}

const panelDone = `document.querySelector('#tab-playtest').dataset.state === 'done' && !zmissionPlaytest.busy`

// TestBrowserPlaytestPanel: the web edition's Playtest panel plays an
// example in its worker and shows, per Survivor count (the mission's and
// one either side), the very numbers `zmission playtest --games 200
// --seed 1` prints; the danger overlay tints the map with the very
// eliminations per zone the command line counts at the mission's count.
// axe-core finds nothing critical or serious in the panel.
func TestBrowserPlaytestPanel(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers", panelDone+` && document.querySelectorAll('#playtest-rates tbody tr').length === 3`)
	var ms float64
	js(t, ctx, `zmissionPlaytest.ms`, &ms)
	t.Logf("the worker opened the example and played 3 × 200 games in %.0f ms", ms)

	const ex = "../examples/invader/violet-lockdown.yaml"
	cli := runCLIPlaytest(t, "--games", "200", "--seed", "1", "--survivors", "5-7", ex)
	if got, want := panelRows(t, ctx), wantRows(cli, 6); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the panel shows\n%q\nzmission playtest --games 200 --seed 1 --survivors 5-7 prints\n%q", got, want)
	}
	var note string
	js(t, ctx, `document.querySelector('#tab-playtest .note').textContent`, &note)
	if want := "200 games per count by the rules' text, seed 1, agent careful"; !bytes.Contains([]byte(note), []byte(want)) {
		t.Errorf("the panel's note says %q, want %q in it", note, want)
	}
	axeClean(t, ctx, "the Playtest panel")

	// The heat map: the danger overlay, drawn by the worker.
	click(t, ctx, `#overlays input[data-overlay="danger"]`)
	waitFor(t, ctx, "the danger tints", `document.querySelector('#map .overlay-danger path[data-eliminations]') && !zmissionPlaytest.busy`)
	var tints []int
	js(t, ctx, `[...document.querySelectorAll('#map .overlay-danger path[data-eliminations]')].map(p => +p.dataset.eliminations)`, &tints)
	at6 := runCLIPlaytest(t, "--games", "200", "--seed", "1", ex)
	var want []int
	for _, z := range at6.Zones {
		if z.Eliminations > 0 {
			want = append(want, z.Eliminations)
		}
	}
	slices.Sort(tints)
	slices.Sort(want)
	if len(want) == 0 || !slices.Equal(tints, want) {
		t.Errorf("the map's danger tints count %v eliminations per zone, zmission playtest --games 200 --seed 1 counts %v", tints, want)
	}
	// The first-time hint over the board is closed for the picture.
	js(t, ctx, `(() => { const b = document.querySelector('#board-hint-close'); if (b.offsetParent) b.click(); return true; })()`, new(bool))
	shot(t, ctx, "web-playtest.png")
	if updateShot {
		var buf []byte
		if err := chromedp.Run(ctx, chromedp.CaptureScreenshot(&buf)); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile("../docs/web-playtest.png", buf, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBrowserPlaytestRerun: an edit plays the panel again, and the page
// says it is playing; the page answers clicks made while the worker
// plays; an edit made while a run is being played ends that run (its
// worker with it) and the panel shows the newer version's numbers.
func TestBrowserPlaytestRerun(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers for 5, 6 and 7", panelDone+` && [...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '5 6 7'`)

	// Clicks (on the Playtest tab, shown already: nothing changes) are
	// made from the edit until its run is answered; each is timed from
	// the moment it was made to its handler.
	js(t, ctx, `(() => { window.clicks = []; document.querySelector('#tabs button[data-tab="playtest"]').addEventListener('click', e => {
		window.clicks.push({ made: e.timeStamp, handled: performance.now(), said: (document.querySelector('#tab-playtest .playtest-running') || {}).textContent || '' }); });
		window.runsBefore = zmissionPlaytest.runs; return true; })()`, new(bool))
	formInput(t, ctx, "/survivors", "4", "change")
	at := centreOf(t, ctx, `#tabs button[data-tab="playtest"]`)
	for i := 0; ; i++ {
		time.Sleep(10 * time.Millisecond)
		if err := chromedp.Run(ctx, chromedp.MouseClickXY(at.X, at.Y)); err != nil {
			t.Fatal(err)
		}
		var answered bool
		js(t, ctx, `zmissionPlaytest.runs > window.runsBefore`, &answered)
		if answered {
			break
		}
		if i == 2000 {
			t.Fatal("the run after the edit was not answered")
		}
	}
	waitFor(t, ctx, "the panel's numbers for 3, 4 and 5", panelDone+` && [...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '3 4 5'`)
	var during struct {
		N, Of  int
		Late   float64
		Said   string
		RunsMs float64
	}
	js(t, ctx, `(() => { const s = zmissionPlaytest, in_ = window.clicks.filter(c => c.made >= s.began && c.made <= s.ended);
		return { N: in_.length, Of: window.clicks.length, Late: Math.max(0, ...in_.map(c => c.handled - c.made)), Said: in_.length ? in_[0].said : '', RunsMs: s.ended - s.began }; })()`, &during)
	t.Logf("%d of %d clicks made during the %.0f ms run; the latest handled %.1f ms after it was made", during.N, during.Of, during.RunsMs, during.Late)
	if during.N == 0 {
		t.Fatalf("no click was made during the run (%d clicks, a run of %.0f ms)", during.Of, during.RunsMs)
	}
	if during.Late > 250 {
		t.Errorf("a click made while the games ran was handled %.0f ms after it was made", during.Late)
	}
	if during.Said != "Playing the games again for this version… (the numbers below are the last version's)" {
		t.Errorf("while it plays, the panel says %q", during.Said)
	}

	// Another edit while a run plays (made in the page as soon as the
	// run is handed to the worker): the run is ended with its worker,
	// and the newer version is played.
	var counts [2][3]int
	js(t, ctx, `(async () => {
		const s = zmissionPlaytest, before = [s.workers, s.cancelled, s.runs];
		// The field as the form is now: the Mission tab's head waits while
		// the tab is hidden, so it is made for the state shown first, as
		// showing the tab would make it.
		const set = v => { zmission.headAnew(); const f = document.querySelector('#schema-form [data-pointer="/survivors"]:is(input, select, textarea)');
			f.focus(); f.value = v; f.dispatchEvent(new Event('change', { bubbles: true })); };
		set('7');
		while (!s.busy) await new Promise(r => setTimeout(r));
		const runs = s.runs;
		set('6');
		while (s.cancelled === before[1] && s.runs === runs) await new Promise(r => setTimeout(r));
		return [before, [s.workers, s.cancelled, s.runs]]; })()`, &counts)
	waitFor(t, ctx, "the panel's numbers for 5, 6 and 7 again", panelDone+` && [...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '5 6 7'`)
	var after [3]int
	js(t, ctx, `[zmissionPlaytest.workers, zmissionPlaytest.cancelled, zmissionPlaytest.runs]`, &after)
	before := counts[0]
	if counts[1][1] != before[1]+1 || after[0] != before[0]+1 || after[2] != before[2]+1 {
		t.Errorf("the stale run was not ended with its worker: workers, cancelled, runs before %v, at the second edit %v, after %v", before, counts[1], after)
	}
	if rows := panelRows(t, ctx); rows[1][1] != "6 (the mission's)" {
		t.Errorf("the panel shows %q", rows)
	}
}

// TestBrowserPlaytestOffline: the panel plays with the network cut too:
// the service worker keeps the worker's script and what it loads (the
// page hands it the module the page compiled).
func TestBrowserPlaytestOffline(t *testing.T) {
	srv := siteServer(t)
	ctx := page(t, srv.URL+"/#example=invader/violet-lockdown")
	waitFor(t, ctx, "the map", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	waitFor(t, ctx, "the service worker in control", `navigator.serviceWorker.controller`)
	srv.Close()
	if err := chromedp.Run(ctx, network.Enable(), network.EmulateNetworkConditions(true, 0, -1, -1)); err != nil {
		t.Fatal(err)
	}
	mark(t, ctx)
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	reloaded(t, ctx, "the page offline")
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers offline", panelDone+` && document.querySelectorAll('#playtest-rates tbody tr').length === 3`)
}

// TestBrowserPlaytestFails: a worker that cannot play (here a script
// that throws at its first message, as a module that fails to start
// would) leaves the panel saying so, not playing forever; the next edit
// tries again with a new worker.
func TestBrowserPlaytestFails(t *testing.T) {
	dir := copySite(t)
	redeploy(t, dir, "assets/"+WorkerFile, []byte("'use strict';\naddEventListener('message', () => { throw new Error('this worker cannot play'); });\n"))
	srv := httptest.NewServer(Handler(dir))
	t.Cleanup(srv.Close)
	ctx := page(t, srv.URL+"/#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	const failed = `document.querySelector('#tab-playtest').dataset.state === 'failed' && !zmissionPlaytest.busy`
	waitFor(t, ctx, "the panel says the playtest could not run", failed+` && document.querySelector('#tab-playtest').textContent.startsWith('The playtest could not run: ')`)
	var said string
	js(t, ctx, `document.querySelector('#tab-playtest').textContent`, &said)
	t.Logf("the panel says %q", said)
	formInput(t, ctx, "/survivors", "4", "change")
	waitFor(t, ctx, "a second worker tried after the edit", failed+` && zmissionPlaytest.workers === 2`)
}

// TestBrowserPlaytestModuleExits: a worker whose module exits before it
// says it is ready (here the worker's Event is taken away, so the
// module's main panics at its last step, and the Go runtime exits) leaves
// the panel saying the playtest could not run, not playing forever; the
// next edit tries again with a new worker.
func TestBrowserPlaytestModuleExits(t *testing.T) {
	dir := copySite(t)
	src := string(readFile(t, filepath.Join(dir, "assets", WorkerFile)))
	broken := strings.Replace(src, "importScripts(", "self.Event = undefined;\nimportScripts(", 1)
	if broken == src {
		t.Fatal("the worker's script loads no wasm_exec.js")
	}
	redeploy(t, dir, "assets/"+WorkerFile, []byte(broken))
	srv := httptest.NewServer(Handler(dir))
	t.Cleanup(srv.Close)
	ctx := page(t, srv.URL+"/#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	const failed = `document.querySelector('#tab-playtest').dataset.state === 'failed' && !zmissionPlaytest.busy`
	waitFor(t, ctx, "the panel says the playtest could not run", failed+` && document.querySelector('#tab-playtest').textContent.startsWith('The playtest could not run: ')`)
	var said string
	js(t, ctx, `document.querySelector('#tab-playtest').textContent`, &said)
	t.Logf("the panel says %q", said)
	formInput(t, ctx, "/survivors", "4", "change")
	waitFor(t, ctx, "a second worker tried after the edit", failed+` && zmissionPlaytest.workers === 2`)
}

// TestBrowserPlaytestOverlayWithdrawn: unticking the danger overlay while
// its games are played ends that run (its worker with it), so the
// Playtest panel's call, made next, does not wait behind it.
func TestBrowserPlaytestOverlayWithdrawn(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	var at [2][3]int
	js(t, ctx, `(async () => {
		const s = zmissionPlaytest, box = document.querySelector('#overlays input[data-overlay="danger"]');
		box.click();
		while (!s.busy) await new Promise(r => setTimeout(r));
		const before = [s.workers, s.cancelled, s.runs];
		box.click();
		await new Promise(r => setTimeout(r));
		return [before, [s.workers, s.cancelled, s.runs]]; })()`, &at)
	before, untick := at[0], at[1]
	if untick[1] != before[1]+1 || untick[2] != before[2] {
		t.Errorf("unticking the overlay did not end its run: workers, cancelled, runs while it played %v, after the untick %v", before, untick)
	}
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers", panelDone+` && document.querySelectorAll('#playtest-rates tbody tr').length === 3`)
	var after [3]int
	var path string
	js(t, ctx, `[zmissionPlaytest.workers, zmissionPlaytest.cancelled, zmissionPlaytest.runs]`, &after)
	js(t, ctx, `zmissionPlaytest.path`, &path)
	if after[0] != before[0]+1 || after[2] != before[2]+1 || path != "api/playtest" {
		t.Errorf("the panel's run: workers, cancelled, runs while the overlay played %v, after the panel's numbers %v (the last run %q); want one new worker, one run: the panel's", before, after, path)
	}
}
