package web

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/input"
)

// newFrom starts new work from a game's template with the New… menu, as
// an author does, and waits for the page to show it.
func newFrom(t *testing.T, ruleset string) context.Context {
	t.Helper()
	ctx := page(t, site(t))
	waitFor(t, ctx, "the first page", mapDrawn)
	mark(t, ctx)
	choose(t, ctx, "#web-new", ruleset)
	reloaded(t, ctx, "the page on the "+ruleset+" template")
	var title, game string
	js(t, ctx, `zmissionWeb.name`, &title)
	js(t, ctx, `JSON.parse(zmissionGo.exportWork('x')).data.match(/^ruleset: (.*)$/m)[1]`, &game)
	if title != "new-mission.yaml" || game != ruleset {
		t.Fatalf("New… %s opened %s, a %s mission", ruleset, title, game)
	}
	return ctx
}

// TestBrowserRoundGrid: an author's round with the Zombicide: Invader and
// the classic Zombicide templates: a second exit dragged from the palette
// onto cell 3,0 is more exits than the box holds, a finding with its badge
// on that cell; Ctrl+Z takes it back; Ctrl+Shift+Z puts it back, and the
// author fixes it by deleting the exit.
func TestBrowserRoundGrid(t *testing.T) {
	for _, game := range []string{"zombicide-invader", "zombicide-classic"} {
		t.Run(game, func(t *testing.T) {
			ctx := newFrom(t, game)
			waitFor(t, ctx, "the map and its palette", `document.querySelector('#map g.board .ed-badges') && document.querySelector('.tok[data-type="exit"]') && !`+has("inventory"))
			drag(t, ctx, centreOf(t, ctx, `.tok[data-type="exit"]`), cellPoint(t, ctx, 3.5, 0.5))
			waitFor(t, ctx, "the second exit in the document", docHolds("{type: exit, at: [3, 0]}"))
			waitFor(t, ctx, "the inventory finding with a badge", has("inventory")+` && document.querySelector('.ed-badges .badge-error')`)
			var badge point
			js(t, ctx, `(() => { const i = zmission.state.findings.findIndex(f => f.rule === 'inventory');
				const b = [...document.querySelectorAll('.ed-badges .badge')].find(b => b.dataset.findings.split(' ').includes(String(i)));
				const r = b.getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, &badge)
			lo, hi := cellPoint(t, ctx, 3, 0), cellPoint(t, ctx, 4, 1)
			if badge.X < lo.X || badge.X > hi.X || badge.Y < lo.Y-20 || badge.Y > hi.Y {
				t.Errorf("the badge at %v is not on cell 3,0 (%v..%v)", badge, lo, hi)
			}
			shot(t, ctx, "round-"+game+".png")

			key(t, ctx, "z", input.ModifierCtrl)
			waitFor(t, ctx, "the exit and its finding gone", `!`+has("inventory")+` && !`+docHolds("at: [3, 0]}")+` && zmission.state.redo === 1`)
			key(t, ctx, "z", input.ModifierCtrl|input.ModifierShift)
			waitFor(t, ctx, "the exit back", has("inventory")+` && `+docHolds("{type: exit, at: [3, 0]}"))

			// The fix: the second exit selected on the map and deleted.
			clickAtUntil(t, ctx, cellPoint(t, ctx, 3.5, 0.5), "the exit selected", `zmission.sel && zmission.sel.kind === 'token' && zmission.state.board.tokens[zmission.sel.index].type === 'exit'`)
			key(t, ctx, "Delete", 0)
			waitFor(t, ctx, "the finding fixed", `!`+has("inventory")+` && !`+docHolds("at: [3, 0]}")+` && !document.querySelector('.ed-badges .badge-error')`)
		})
	}
}

// TestBrowserRoundFacility: the facility template: the Escape Shuttle
// (a section C room) dropped on slot 6 (section A) is a finding with its
// badge on the slot; undo, redo, and the fix: the room removed from the
// slot.
func TestBrowserRoundFacility(t *testing.T) {
	ctx := newFrom(t, "facility")
	waitFor(t, ctx, "the facility canvas", `document.querySelector('#fac-svg [data-slot="6"] rect.box') && document.querySelector('.fac-room[data-room="escape-shuttle"]')`)
	drag(t, ctx, centreOf(t, ctx, `.fac-room[data-room="escape-shuttle"]`), centreOf(t, ctx, `#fac-svg [data-slot="6"] rect.box`))
	waitFor(t, ctx, "the room in the document", docHolds("{slot: 6, room: escape-shuttle}"))
	const onSix = `(() => { const i = zmission.state.findings.findIndex(f => f.rule === 'room-section' && f.place && f.place.zone === 'slot 6');
		const b = document.querySelector('#fac-svg .fac-badge.badge-error'); if (i < 0 || !b) return false;
		const r = b.getBoundingClientRect(), box = document.querySelector('#fac-svg [data-slot="6"] rect.box').getBoundingClientRect();
		const x = r.x + r.width / 2, y = r.y + r.height / 2;
		return b.dataset.findings.split(' ').includes(String(i)) && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom; })()`
	waitFor(t, ctx, "the room-section badge on slot 6", onSix)
	shot(t, ctx, "round-facility.png")

	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "the room and its finding gone", `!`+has("room-section")+` && !`+docHolds("escape-shuttle")+` && !document.querySelector('#fac-svg .fac-badge.badge-error')`)
	key(t, ctx, "z", input.ModifierCtrl|input.ModifierShift)
	waitFor(t, ctx, "the room back", onSix)

	clickUntil(t, ctx, `#fac-svg [data-slot="6"] rect.box`, "slot 6 selected", `document.querySelector('#fac-svg .slot.sel[data-slot="6"]') && document.querySelector('#fac-remove-room')`)
	clickUntil(t, ctx, `#fac-remove-room`, "the finding fixed", `!`+has("room-section")+` && !`+docHolds("escape-shuttle")+` && !document.querySelector('#fac-svg .fac-badge.badge-error')`)
}

// TestBrowserRoundForms: the colony and Survival Infection templates,
// edited with their forms: a value that makes a finding at its field,
// undo, redo, and a value that fixes it.
func TestBrowserRoundForms(t *testing.T) {
	for _, c := range []struct {
		game, ptr, was, bad, good, rule string
	}{
		// "morale: 60" is past the Morale track's 10 spaces (the template's
		// collection: morale-track: 10).
		{"colony", "/objective/normal/morale", "morale: 6\n", "morale: 60\n", "morale: 8\n", "colony-track"},
		// 15 cards to each of 6 players is more than the deck holds.
		{"survival-infection", "/changes/hand", "hand: 5 ", "hand: 15 ", "hand: 6 ", "deck-short"},
	} {
		t.Run(c.game, func(t *testing.T) {
			ctx := newFrom(t, c.game)
			waitFor(t, ctx, "the form", `document.querySelector('#schema-form [data-pointer="`+c.ptr+`"]') && !`+has(c.rule))
			num := func(s string) string { return s[len("morale: ") : len(s)-1] }
			if c.game == "survival-infection" {
				num = func(s string) string { return s[len("hand: ") : len(s)-1] }
			}
			formInput(t, ctx, c.ptr, num(c.bad), "change")
			waitFor(t, ctx, "the edit in the document", docHolds(c.bad))
			waitFor(t, ctx, "the finding at its field", fieldShows(c.ptr, c.rule))
			shot(t, ctx, "round-"+c.game+".png")

			js(t, ctx, `(() => { document.activeElement.blur(); return true; })()`, new(bool))
			key(t, ctx, "z", input.ModifierCtrl)
			waitFor(t, ctx, "the finding gone with the undo", `!`+has(c.rule)+` && `+docHolds(c.was)+` && !document.querySelector('#schema-form .sf-bad')`)
			key(t, ctx, "z", input.ModifierCtrl|input.ModifierShift)
			waitFor(t, ctx, "the finding back with the redo", fieldShows(c.ptr, c.rule))

			formInput(t, ctx, c.ptr, num(c.good), "change")
			waitFor(t, ctx, "the finding fixed", `!`+has(c.rule)+` && `+docHolds(c.good)+` && !document.querySelector('#schema-form .sf-bad')`)
		})
	}
}
