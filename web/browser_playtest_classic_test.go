package web

import (
	"slices"
	"testing"
)

// TestBrowserPlaytestPanelClassic: a classic Zombicide example plays in
// the web edition's worker as Invader's do, and shows the numbers
// `zmission playtest --games 200 --seed 1` prints for it.
func TestBrowserPlaytestPanelClassic(t *testing.T) {
	ctx := page(t, site(t)+"#example=classic/blue-line")
	waitFor(t, ctx, "the example drawn", mapDrawn+` && document.querySelector('#map g.board .ed-badges')`)
	click(t, ctx, `#tabs button[data-tab="playtest"]`)
	waitFor(t, ctx, "the panel's numbers", panelDone+` && document.querySelectorAll('#playtest-rates tbody tr').length === 3`)
	cli := runCLIPlaytest(t, "--games", "200", "--seed", "1", "--survivors", "5-7", "../examples/classic/blue-line.yaml")
	if got, want := panelRows(t, ctx), wantRows(cli, 6); !slices.EqualFunc(got, want, slices.Equal) {
		t.Errorf("the panel shows\n%q\nzmission playtest --games 200 --seed 1 --survivors 5-7 prints\n%q", got, want)
	}
}
