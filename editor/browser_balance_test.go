package editor

import (
	"context"
	"regexp"
	"strings"
	"testing"

	cdppage "github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// TestBrowserBalanceFigures: a lopsided Survival Infection variant's form
// view shows its whole games under the form — a row per player count with
// every seat's win rate and interval, the base game's row under each, the
// count the checks flag marked — and the flags, the findings of Issues.
// The figures are asked for once per version, after the edits pause: an
// edit asks once more and shows the new version's. axe-core finds nothing
// critical or serious in the section.
func TestBrowserBalanceFigures(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../testdata/broken/variant-unfair.yaml")
	// Count the page's calls for the figures from the first one: the
	// count is set up before the page's own scripts run.
	count := `window.balanceCalls = 0; { const f = window.fetch; window.fetch = (u, o) => { if (String(u).startsWith('api/balance')) window.balanceCalls++; return f(u, o); }; }`
	if err := chromedp.Run(ctx, chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := cdppage.AddScriptToEvaluateOnNewDocument(count).Do(ctx)
		return err
	}), chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the figures of every count, each beside the base game", `(() => {
		const rows = [...document.querySelectorAll('#balance-games tbody tr')];
		return rows.length >= 8 && rows[0].className.includes('variant') && rows[1].className === 'base' &&
			document.querySelector('#balance').dataset.version === zmission.state.version; })()`)
	var rows []struct {
		Players string   `json:"players"`
		Class   string   `json:"class"`
		Cells   []string `json:"cells"`
	}
	js(t, ctx, `[...document.querySelectorAll('#balance-games tbody tr')].map(r => ({players: r.dataset.players, class: r.className,
		cells: [...r.cells].map(c => c.textContent)}))`, &rows)
	seat := regexp.MustCompile(`^\d: \d+\.\d% \(\d+\.\d%–\d+\.\d%\)`)
	flagged := 0
	for _, r := range rows {
		if len(r.Cells) != 6 || !seat.MatchString(r.Cells[1]) || !regexp.MustCompile(`^\d+ \(\d+–\d+\)$`).MatchString(r.Cells[4]) {
			t.Errorf("row %+v", r)
		}
		if strings.Contains(r.Class, "flagged") {
			flagged++
			if !strings.Contains(r.Cells[0], "flagged: variant-unfair") && !strings.Contains(r.Cells[0], "flagged: variant-length") {
				t.Errorf("flagged row %+v names no flag", r)
			}
		}
	}
	if flagged == 0 {
		t.Error("no count is marked flagged")
	}
	var flags, findings []string
	js(t, ctx, `[...document.querySelectorAll('#balance .bal-flags li')].map(l => l.dataset.rule)`, &flags)
	js(t, ctx, `zmission.state.findings.map(f => f.rule)`, &findings)
	if strings.Join(flags, " ") != "variant-unfair variant-length" {
		t.Errorf("flags %v", flags)
	}
	for _, f := range flags {
		if !strings.Contains(strings.Join(findings, " "), f) {
			t.Errorf("flag %s is not in Issues (%v)", f, findings)
		}
	}
	var note string
	js(t, ctx, `document.querySelector('#balance .bal-status').textContent`, &note)
	var policy string
	js(t, ctx, `document.querySelector('#balance .bal-policy p').textContent`, &policy)
	if !strings.Contains(note, "300 games per player count, seed 1") || !strings.HasPrefix(policy, "each turn: the roll") {
		t.Errorf("the note says %q, the policy %q", note, policy)
	}
	for _, v := range browsertest.Axe(t, ctx) {
		t.Errorf("the Played out section: %s", v)
	}
	js(t, ctx, `(() => { document.querySelector('#balance').scrollIntoView(); return true; })()`, new(bool))
	shot(t, ctx, "balance-survival-infection.png")

	// An edit: the section waits for the pause, then shows the new
	// version's figures (the same games: the title plays no part), having
	// asked once for each version.
	var first string
	js(t, ctx, `document.querySelector('#balance').dataset.version`, &first)
	formInput(t, ctx, "/title", "Lopsided", "change")
	waitFile(t, path, "title: Lopsided\n")
	waitFor(t, ctx, "the new version's figures", `document.querySelector('#balance').dataset.version === zmission.state.version && zmission.state.version !== '`+first+`' && document.querySelector('#balance').dataset.state === 'shown'`)
	var calls int
	js(t, ctx, `window.balanceCalls`, &calls)
	if calls != 2 {
		t.Errorf("%d calls for the figures of two versions", calls)
	}
	var again []string
	js(t, ctx, `[...document.querySelectorAll('#balance-games tbody tr')].map(r => r.cells[1].textContent)`, &again)
	for i, r := range rows {
		if i < len(again) && again[i] != r.Cells[1] {
			t.Errorf("row %d: %q after renaming, %q before", i, again[i], r.Cells[1])
		}
	}
}
