package web

import (
	"strings"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/internal/browsertest"
)

// TestBrowserGenerate: New… → Generate… makes a mission in the page, the
// very bytes `zmission generate` makes from the same options and seed,
// as new work: the edited example it replaces is asked about first and
// stays in Recent. Then the start is pinned and Regenerate the rest
// makes the rest again around it, one edit that Undo takes back.
func TestBrowserGenerate(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	retitle(t, ctx, "Kept While Generating")
	edited := work(t, ctx)

	choose(t, ctx, "#web-new", "generate")
	waitFor(t, ctx, "the Generate dialog", `document.querySelector('#gen') && document.querySelector('#gen').open && document.querySelector('#gen-seed').value !== ''`)
	browsertest.SetValue(t, ctx, "#gen-ruleset", "zombicide-invader")
	browsertest.SetValue(t, ctx, "#gen-length", "short")
	browsertest.SetValue(t, ctx, "#gen-type", "airlock") // the page's module offers the game's mission types
	browsertest.SetValue(t, ctx, "#gen-seed", "9")
	mark(t, ctx)
	click(t, ctx, "#gen-new")
	waitFor(t, ctx, "the page asks first", guardAsks)
	click(t, ctx, `#web-guard button[value="here"]`)
	reloaded(t, ctx, "the generated mission")
	waitFor(t, ctx, "its name", `zmissionWeb.name === 'zombicide-invader-9.yaml'`)
	want, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", Boxes: []string{"invader-core"}, Difficulty: "medium", Length: "short", Type: "airlock", Seed: 9})
	if err != nil {
		t.Fatal(err)
	}
	if got := work(t, ctx); got.Data != string(want.Data) {
		t.Fatalf("the page's mission is not the command line's:\n%s\nwant:\n%s", got.Data, want.Data)
	}
	if rec, ok := records(t, ctx)[edited.ID]; !ok || !strings.Contains(rec.Data, "title: Kept While Generating\n") {
		t.Error("the edited example is not kept in Recent")
	}

	// The start pinned, the rest made again around it.
	var start struct{ X, Y int }
	js(t, ctx, `(() => { const k = zmission.state.board.tokens.find(k => k.type === 'start'); return {X: k.x, Y: k.y}; })()`, &start)
	clickAtUntil(t, ctx, cellPoint(t, ctx, float64(start.X)+0.5, float64(start.Y)+0.5), "the start selected",
		`zmission.sel && zmission.sel.kind === 'token' && zmission.state.board.tokens.find(k => k.index === zmission.sel.index).type === 'start'`)
	key(t, ctx, "p", 0)
	waitFor(t, ctx, "the start pinned", `document.querySelector('#sel-pin').checked && document.querySelectorAll('.ed-pins .ed-pin').length === 1`)
	click(t, ctx, "#gen-btn")
	waitFor(t, ctx, "the dialog, Regenerate offered", `document.querySelector('#gen').open && !document.querySelector('#gen-rest').hidden && document.querySelector('#gen-pinned').textContent.startsWith('Pinned: 0 tiles and 1 token.')`)
	shot(t, ctx, "generate-web.png")
	browsertest.SetValue(t, ctx, "#gen-seed", "10")
	click(t, ctx, "#gen-rest")
	waitFor(t, ctx, "an answer", `!document.querySelector('#gen').open || !document.querySelector('#gen-error').hidden`)
	var why string
	js(t, ctx, `document.querySelector('#gen-error').hidden ? '' : document.querySelector('#gen-error').textContent`, &why)
	if why != "" {
		t.Fatalf("Regenerate the rest refused: %s", why)
	}
	var startAt string // the start as the file places it
	for _, l := range strings.Split(string(want.Data), "\n") {
		if strings.Contains(l, "{type: start,") {
			startAt = strings.TrimSpace(l)
		}
	}
	if startAt == "" {
		t.Fatalf("the generated mission places no start:\n%s", want.Data)
	}
	waitFor(t, ctx, "the rest made again", `!document.querySelector('#gen').open && zmission.state.undo === 1 && `+docHolds("kept from zombicide-invader-9.yaml")+` && `+docHolds(startAt))
	waitFor(t, ctx, "no error", `!zmission.state.findings.some(f => f.severity === 'error')`)
	click(t, ctx, "#undo")
	waitFor(t, ctx, "undone", `zmission.state.undo === 0 && zmission.state.redo === 1`)
	if got := work(t, ctx); got.Data != string(want.Data) {
		t.Errorf("undone, the mission is not the generated one:\n%s", got.Data)
	}
}
