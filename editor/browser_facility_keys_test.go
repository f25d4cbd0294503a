package editor

import (
	"context"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// tab presses Tab (Shift+Tab when back) and says what has the focus
// then: a palette room, a slot, or something else of the page.
func tab(t *testing.T, ctx context.Context, back bool) (room, slot string) {
	t.Helper()
	var opts []chromedp.KeyOption
	if back {
		opts = append(opts, chromedp.KeyModifiers(input.ModifierShift))
	}
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Tab, opts...)); err != nil {
		t.Fatal(err)
	}
	var at struct{ Room, Slot string }
	js(t, ctx, `({Room: document.activeElement.closest('#palette') ? document.activeElement.dataset.room || '?' : '',
		Slot: document.activeElement.closest('#fac-svg') ? document.activeElement.dataset.slot || '?' : ''})`, &at)
	return at.Room, at.Slot
}

// TestBrowserFacilityKeys: a facility is built without a mouse. Tab
// reaches the room palette as one stop and then each slot; Enter selects
// the slot reached (the focus stays on it); back in the palette the
// arrows go from room to room, and Enter puts the room reached in the
// selected slot, the focus staying on the room; one Tab leaves the
// palette.
func TestBrowserFacilityKeys(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "../examples/facility/cold-landing.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the facility canvas", `document.querySelector('#fac-svg [data-slot="12"]') && document.querySelector('.fac-room[data-room="armory"]')`)

	// Forward to the empty slot 12, counting the palette's stops.
	stops, reached := 0, false
	for range 120 {
		room, slot := tab(t, ctx, false)
		if room != "" {
			stops++
		}
		if slot == "12" {
			reached = true
			break
		}
	}
	if !reached {
		t.Fatal("Tab never reaches slot 12")
	}
	if stops != 1 {
		t.Errorf("Tab stops %d times in the room palette, want once", stops)
	}
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "slot 12 selected, the focus on it", `document.querySelector('#fac-svg .slot.sel[data-slot="12"]') && document.activeElement.dataset.slot === '12'`)

	// Back to the palette, then the arrows to the Armory.
	var room string
	for range 120 {
		if room, _ = tab(t, ctx, true); room != "" {
			break
		}
	}
	if room == "" {
		t.Fatal("Shift+Tab never reaches the room palette")
	}
	var order []string
	js(t, ctx, `[...document.querySelectorAll('#palette .fac-room')].map(e => e.dataset.room)`, &order)
	at := func(r string) int {
		for i, x := range order {
			if x == r {
				return i
			}
		}
		return -1
	}
	for range len(order) {
		if room == "armory" {
			break
		}
		before := at(room)
		if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.ArrowDown)); err != nil {
			t.Fatal(err)
		}
		js(t, ctx, `document.activeElement.dataset.room || ''`, &room)
		if at(room) != before+1 {
			t.Fatalf("↓ from %s (room %d) reaches %q, want room %d", order[before], before, room, before+1)
		}
	}
	if room != "armory" {
		t.Fatalf("the arrows never reach the Armory: %q", room)
	}
	var holders int
	js(t, ctx, `document.querySelectorAll('#palette [tabindex="0"]').length`, &holders)
	if holders != 1 {
		t.Errorf("%d rooms hold the palette's Tab stop, want 1", holders)
	}
	if err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	waitFile(t, path, "  - {slot: 12, room: armory}\n")
	waitFor(t, ctx, "the Armory on slot 12, the focus still on it in the palette", `document.querySelector('#fac-svg [data-slot="12"]').textContent.includes('Armory') && document.querySelector('.fac-room.used[data-room="armory"]') && document.activeElement.dataset.room === 'armory'`)
	shot(t, ctx, "facility-keys.png")
	if room, _ = tab(t, ctx, false); room != "" {
		t.Errorf("one Tab does not leave the room palette (the focus is on %s)", room)
	}
}
