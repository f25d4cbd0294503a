package web

import (
	"regexp"
	"strings"
	"testing"
)

// TestBrowserWebBalanceFigures: the web edition's form view shows the
// Played out figures the session in the page computes, as zmission edit
// does: a colony scenario's odds per side and player count, and a Survival
// Infection variant's whole games beside the base game's. After an edit
// the figures follow the new version. axe-core finds nothing critical or
// serious in them.
func TestBrowserWebBalanceFigures(t *testing.T) {
	ctx := page(t, site(t)+"#example=colony/field-hospital")
	waitFor(t, ctx, "the colony's plays", `window.zmission && zmission.state && zmissionWeb.isLive && document.querySelector('#balance-plays tbody tr') &&
		document.querySelector('#balance').dataset.version === zmission.state.version`)
	var plays []string
	js(t, ctx, `[...document.querySelectorAll('#balance-plays tbody tr')].map(r => r.dataset.side + ' ' + r.dataset.players + ': ' + r.cells[1].textContent)`, &plays)
	met := regexp.MustCompile(`^(normal|hardcore) \d+: \d+\.\d% \(\d+\.\d%–\d+\.\d%\)$`)
	sides := map[string]bool{}
	for _, p := range plays {
		if !met.MatchString(p) {
			t.Errorf("row %q", p)
		}
		sides[strings.Fields(p)[0]] = true
	}
	if len(plays) < 2 || !sides["normal"] {
		t.Errorf("rows %v", plays)
	}
	axeClean(t, ctx, "the colony's Played out")
	js(t, ctx, `(() => { document.querySelector('#balance').scrollIntoView(); return true; })()`, new(bool))
	shot(t, ctx, "balance-colony.png")

	// An edit: the figures are the new version's (the same plays: a
	// title plays no part).
	// The table's words are a board-gamer's: no statistician's p10–p90.
	var heads []string
	js(t, ctx, `[...document.querySelectorAll('#balance-plays th[scope=col]')].map(c => c.textContent)`, &heads)
	for _, c := range heads {
		if strings.Contains(c, "p10") || strings.Contains(c, "p90") {
			t.Errorf("a column is headed %q", c)
		}
	}
	// The reader opened "How the simulated players choose": the next
	// version's figures keep it open.
	js(t, ctx, `(() => { document.querySelector('#balance .bal-policy').open = true; return true; })()`, new(bool))
	before := plays
	var first string
	js(t, ctx, `zmission.state.version`, &first)
	formInput(t, ctx, "/title", "Field Hospital, renamed", "change")
	waitFor(t, ctx, "the new version's figures", `zmission.state.version !== '`+first+`' && document.querySelector('#balance').dataset.version === zmission.state.version && document.querySelector('#balance').dataset.state === 'shown'`)
	js(t, ctx, `[...document.querySelectorAll('#balance-plays tbody tr')].map(r => r.dataset.side + ' ' + r.dataset.players + ': ' + r.cells[1].textContent)`, &plays)
	if strings.Join(plays, "|") != strings.Join(before, "|") {
		t.Errorf("renaming changed the plays:\n%v\n%v", before, plays)
	}
	var open bool
	js(t, ctx, `document.querySelector('#balance .bal-policy').open`, &open)
	if !open {
		t.Errorf("the next version's figures closed the opened \"How the simulated players choose\"")
	}

	ctx = page(t, site(t)+"#example=survival-infection/long-night")
	waitFor(t, ctx, "the variant's whole games beside the base game's", `window.zmission && zmission.state && zmissionWeb.isLive &&
		document.querySelector('#balance-games tbody tr.variant') && document.querySelector('#balance-games tbody tr.base') &&
		document.querySelector('#balance').dataset.version === zmission.state.version`)
	var rows []string
	js(t, ctx, `[...document.querySelectorAll('#balance-games tbody tr')].map(r => r.className + ' ' + r.dataset.players + ' ' + r.cells.length)`, &rows)
	if len(rows) < 4 || !strings.HasPrefix(rows[0], "variant ") || !strings.HasPrefix(rows[1], "base ") || !strings.HasSuffix(rows[0], " 6") {
		t.Errorf("rows %v", rows)
	}
	axeClean(t, ctx, "Survival Infection's Played out")

	// A failure the module recovered (safe: a panic, told as {error}) is
	// shown with its words, not as a bare "Not played out.".
	js(t, ctx, `(() => { const real = zmissionGo.call;
		zmissionGo.call = (m, p, b) => p === 'api/balance' ? JSON.stringify({ error: 'internal error: a test failure' }) : real(m, p, b);
		return true; })()`, new(bool))
	formInput(t, ctx, "/title", "Long Night, renamed", "change")
	waitFor(t, ctx, "the failure said", `document.querySelector('#balance').dataset.state === 'none'`)
	var said string
	js(t, ctx, `document.querySelector('#balance .bal-status').textContent`, &said)
	if said != "Not played out: internal error: a test failure." {
		t.Errorf("the section says %q", said)
	}
}
