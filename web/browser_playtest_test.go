package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"os/exec"
	"slices"
	"testing"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/chromedp"
)

// cliPlaytest is `zmission playtest --format json` of the command line
// built from this checkout: what the page's numbers must equal.
type cliPlaytest struct {
	Seed        uint64 `json:"seed"`
	Games       int    `json:"games"`
	BySurvivors []struct {
		Survivors  int        `json:"survivors"`
		Games      int        `json:"games"`
		Wins       int        `json:"wins"`
		WinRate    float64    `json:"win_rate"`
		CI95       [2]float64 `json:"ci95"`
		Difficulty string     `json:"difficulty"`
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
			pct(c.CI95[0]) + "–" + pct(c.CI95[1]), c.Difficulty})
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

// TestBrowserPlaytestRerun: an edit plays the panel again; an edit made
// while a run is being played ends that run (its worker with it) and the
// panel shows the newer version's numbers; the page says it is playing;
// and it answers a click at once while the worker plays.
func TestBrowserPlaytestRerun(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers for 5, 6 and 7", panelDone+` && [...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '5 6 7'`)

	// An edit: the panel plays again, and says so.
	formInput(t, ctx, "/survivors", "4", "change")
	waitFor(t, ctx, "the run for 4 Survivors under way", `zmissionPlaytest.busy && document.querySelector('#tab-playtest').dataset.state === 'playing'`)
	var said string
	js(t, ctx, `document.querySelector('#tab-playtest .playtest-running[role=status]').textContent`, &said)
	if said != "Playing the games again for this version… (the numbers below are the last version's)" {
		t.Errorf("while it plays, the panel says %q", said)
	}

	// A click while the worker plays is answered at once: its handler
	// runs within a frame or few of the event, and the run is still on.
	js(t, ctx, `(() => { document.querySelector('#zoom-in').addEventListener('click', e => {
		window.clickSeen = { late: performance.now() - e.timeStamp, busy: zmissionPlaytest.busy }; }, { once: true }); return true; })()`, new(bool))
	click(t, ctx, `#zoom-in`)
	waitFor(t, ctx, "the click handled", `window.clickSeen`)
	var seen struct {
		Late float64
		Busy bool
	}
	js(t, ctx, `window.clickSeen`, &seen)
	if !seen.Busy {
		t.Fatal("the run ended before the click was handled: nothing measured (the run is too short to test against)")
	}
	if seen.Late > 250 {
		t.Errorf("a click while the games run was handled %.0f ms after it was made", seen.Late)
	}
	t.Logf("a click during the run handled %.1f ms after it was made", seen.Late)

	// Another edit while that run plays: the run is ended with its
	// worker, and the newer version is played.
	var before struct{ Workers, Cancelled, Runs int }
	js(t, ctx, `({Workers: zmissionPlaytest.workers, Cancelled: zmissionPlaytest.cancelled, Runs: zmissionPlaytest.runs})`, &before)
	formInput(t, ctx, "/survivors", "5", "change")
	waitFor(t, ctx, "the panel's numbers for 4, 5 and 6", panelDone+` && [...document.querySelectorAll('#playtest-rates tbody tr')].map(r => r.dataset.survivors).join(' ') === '4 5 6'`)
	var after struct{ Workers, Cancelled, Runs int }
	js(t, ctx, `({Workers: zmissionPlaytest.workers, Cancelled: zmissionPlaytest.cancelled, Runs: zmissionPlaytest.runs})`, &after)
	if after.Cancelled != before.Cancelled+1 || after.Workers != before.Workers+1 || after.Runs != before.Runs+1 {
		t.Errorf("the stale run was not ended with its worker: before %+v, after %+v", before, after)
	}
	if rows := panelRows(t, ctx); rows[1][1] != "5 (the mission's)" {
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
