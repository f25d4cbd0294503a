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
	before := plays
	var first string
	js(t, ctx, `zmission.state.version`, &first)
	formInput(t, ctx, "/title", "Field Hospital, renamed", "change")
	waitFor(t, ctx, "the new version's figures", `zmission.state.version !== '`+first+`' && document.querySelector('#balance').dataset.version === zmission.state.version && document.querySelector('#balance').dataset.state === 'shown'`)
	js(t, ctx, `[...document.querySelectorAll('#balance-plays tbody tr')].map(r => r.dataset.side + ' ' + r.dataset.players + ': ' + r.cells[1].textContent)`, &plays)
	if strings.Join(plays, "|") != strings.Join(before, "|") {
		t.Errorf("renaming changed the plays:\n%v\n%v", before, plays)
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
}
