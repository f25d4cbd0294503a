package editor

// Browser tests of working with several things at once: box-select, a
// group moved, turned, nudged, copied, pasted and duplicated, each one
// step of the history; what a drag shows; tiles the rules refuse.

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"
)

// keyCode presses a key that key() does not know, with modifiers.
func keyCode(t *testing.T, ctx context.Context, k, code string, vk int64, mods input.Modifier) {
	t.Helper()
	down := input.DispatchKeyEvent(input.KeyDown).WithKey(k).WithCode(code).WithWindowsVirtualKeyCode(vk).WithModifiers(mods)
	if mods == 0 && len(k) == 1 {
		down = down.WithText(k)
	}
	if err := chromedp.Run(ctx, down, input.DispatchKeyEvent(input.KeyUp).WithKey(k).WithCode(code).WithWindowsVirtualKeyCode(vk).WithModifiers(mods)); err != nil {
		t.Fatal(err)
	}
}

// undoCount is the page's count of this tab's steps to undo.
func undoCount(t *testing.T, ctx context.Context) int {
	var n int
	js(t, ctx, `zmission.state.undo`, &n)
	return n
}

// oneStep waits for the file to hold want after an action, and checks the
// action added exactly one step to the history.
func oneStep(t *testing.T, ctx context.Context, path, want string, before int, what string) {
	t.Helper()
	waitFile(t, path, want)
	waitFor(t, ctx, what+" in the page", fmt.Sprintf(`zmission.state.undo === %d`, before+1))
}

func TestBrowserGroup(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/commented.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	orig := string(read(t, path))

	// A box dragged from the empty map below and right of the two tiles
	// up past their top left corner holds both tiles and the four tokens.
	drag(t, ctx, cellPoint(t, ctx, 6.6, 3.6), cellPoint(t, ctx, -0.2, -0.2), func() {
		waitFor(t, ctx, "the box drawn", `document.querySelector('.ed-preview .ed-box')`)
		shot(t, ctx, "group-box.png")
	})
	waitFor(t, ctx, "six things selected", `zmission.group.length === 6 && zmission.group.filter(x => x.kind === 'tile').length === 2 && document.querySelectorAll('.ed-sel > *').length === 6 && document.querySelector('#sel-duplicate')`)
	shot(t, ctx, "group-selected.png")

	// Dragging one of them moves them all, one tile down: one step.
	n := undoCount(t, ctx)
	drag(t, ctx, cellPoint(t, ctx, 4.5, 1.5), cellPoint(t, ctx, 4.5, 4.6), func() {
		waitFor(t, ctx, "both tiles drawn under the pointer", `document.querySelectorAll('.ed-preview .ed-ghost[data-kind="tile"] use.ed-ghost-art[href="#ed-art"]').length === 2 && !document.querySelector('.ed-ghost-bad')`)
		shot(t, ctx, "group-drag.png")
		if shot := screenshot(t, ctx); updateShot {
			if err := os.WriteFile("../docs/editor-group.png", shot, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	})
	oneStep(t, ctx, path, "{face: 2A, at: [1, 1]}", n, "the move")
	data := string(read(t, path))
	for _, want := range []string{"{face: 1A, at: [0, 1]}", "{type: start, at: [0, 4]}", "{type: spawn, color: red, first: true, at: [4, 5]}", "{type: objective, at: [0, 3]}", "{type: exit, at: [5, 5]}"} {
		if !strings.Contains(data, want) {
			t.Errorf("after the group move the file lacks %s:\n%s", want, data)
		}
	}
	waitFor(t, ctx, "the group still selected after the redraw", `zmission.group.length === 6 && document.querySelectorAll('.ed-sel > *').length === 6`)

	// One Ctrl+Z takes the whole move back.
	key(t, ctx, "z", input.ModifierCtrl)
	waitFor(t, ctx, "the move undone", fmt.Sprintf(`zmission.state.undo === %d`, n))
	if got := string(read(t, path)); got != orig {
		t.Errorf("one undo did not take the group move back:\n%s", got)
	}

	// The arrow nudges the group one tile right, one step per press.
	n = undoCount(t, ctx)
	keyCode(t, ctx, "ArrowRight", "ArrowRight", 39, 0)
	oneStep(t, ctx, path, "{face: 2A, at: [2, 0]}", n, "the nudge")
	if data := string(read(t, path)); !strings.Contains(data, "{face: 1A, at: [1, 0]}") || !strings.Contains(data, "{type: exit, at: [8, 2]}") {
		t.Errorf("the nudge did not move the whole group:\n%s", data)
	}

	// R turns the group about its top left: 2A goes below 1A.
	n = undoCount(t, ctx)
	key(t, ctx, "r", 0)
	oneStep(t, ctx, path, "{face: 2A, at: [1, 1], rot: 90}", n, "the turn")
	if data := string(read(t, path)); !strings.Contains(data, "{face: 1A, at: [1, 0], rot: 90}") {
		t.Errorf("the turn did not turn 1A in its place:\n%s", data)
	}

	// Ctrl+D duplicates the group beside itself, selected; one step.
	n = undoCount(t, ctx)
	keyCode(t, ctx, "d", "KeyD", 68, input.ModifierCtrl)
	oneStep(t, ctx, path, "{face: 2A, at: [2, 1], rot: 90}", n, "the duplicate")
	waitFor(t, ctx, "the copy selected", `zmission.state.board.tiles.length === 4 && zmission.group.length === 6 && zmission.group.every(x => x.kind === 'tile' ? x.index >= 2 : x.index >= 4)`)
	if data := string(read(t, path)); !strings.Contains(data, "{face: 1A, at: [2, 0], rot: 90}") || strings.Count(data, "type: exit") != 2 {
		t.Errorf("the duplicate is not the group beside it:\n%s", data)
	}
	shot(t, ctx, "group-duplicated.png")

	// Ctrl+C, Ctrl+V: another copy at the next free place.
	n = undoCount(t, ctx)
	keyCode(t, ctx, "c", "KeyC", 67, input.ModifierCtrl)
	keyCode(t, ctx, "v", "KeyV", 86, input.ModifierCtrl)
	oneStep(t, ctx, path, "{face: 1A, at: [3, 0], rot: 90}", n, "the paste")
	waitFor(t, ctx, "six tiles", `zmission.state.board.tiles.length === 6 && zmission.group.length === 6`)

	// Another program saves the file: the selection is still there.
	data = string(read(t, path))
	if err := os.WriteFile(path, []byte(strings.Replace(data, "title: Violet Lockdown", "title: Violet Lockdown II", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the outside save shown, the selection kept", `document.title.startsWith('Violet Lockdown II') && zmission.group.length === 6 && document.querySelectorAll('.ed-sel > *').length === 6`)

	// And over a reload of the tab.
	if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the selection after the reload", `zmission.state && zmission.group.length === 6 && document.querySelectorAll('.ed-sel > *').length === 6`)

	// Delete removes the pasted group in one step.
	n = undoCount(t, ctx)
	key(t, ctx, "Delete", 0)
	waitFor(t, ctx, "the paste removed", fmt.Sprintf(`zmission.state.board.tiles.length === 4 && zmission.state.undo === %d`, n+1))
}

// TestBrowserDragPreview: a face dragged from the palette shows its
// picture under the pointer, turned by R, red over a tile; a tile moved
// on the board shows itself; a token its icon.
func TestBrowserDragPreview(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/commented.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "the map", `document.querySelector('#map g.board .ed-badges')`)
	face := centreOf(t, ctx, `.face[data-face="3B"]`)
	free := cellPoint(t, ctx, 1.5, 4.5)
	drag(t, ctx, face, free, func() {
		waitFor(t, ctx, "the face's picture at [0, 1]", `(() => { const g = document.querySelector('.ed-preview .ed-ghost[data-kind="tile"]'); return g && !g.classList.contains('ed-ghost-bad') && g.querySelector('svg.ed-ghost-face rect') && g.querySelector('svg.ed-ghost-face').getAttribute('y') === String(3 * zmission.state.board.cell); })()`)
		key(t, ctx, "r", 0)
		waitFor(t, ctx, "the picture turned", `document.querySelector('.ed-preview .ed-ghost g[transform^="rotate(90"] svg.ed-ghost-face')`)
		// 3B is not on the board: the picture is the map's drawing of it
		// (its zones' fills and labels), once the session has drawn it.
		waitFor(t, ctx, "the map's drawing of 3B", `(() => { const f = document.querySelector('.ed-preview svg.ed-ghost-face'); return f && f.querySelector('g.fills') && [...f.querySelectorAll('text')].some(t => t.textContent === '3B/a'); })()`)
		shot(t, ctx, "drag-face.png")
		// Over 2A: red, and the drop is refused.
		over := cellPoint(t, ctx, 4.5, 1.5)
		if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseMoved, over.X, over.Y).WithButton(input.Left).WithButtons(1)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the picture red over 2A", `document.querySelector('.ed-preview .ed-ghost-bad[data-kind="tile"]')`)
		shot(t, ctx, "drag-face-over.png")
		if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseMoved, free.X, free.Y).WithButton(input.Left).WithButtons(1)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "not red at [0, 1]", `document.querySelector('.ed-preview .ed-ghost[data-kind="tile"]') && !document.querySelector('.ed-ghost-bad')`)
	})
	waitFile(t, path, "{face: 3B, at: [0, 1], rot: 90}")
	waitFor(t, ctx, "three tiles", `zmission.state.board.tiles.length === 3 && !document.querySelector('.ed-preview > *')`)

	// 2A moved: its own drawing follows the pointer.
	drag(t, ctx, cellPoint(t, ctx, 4.5, 1.5), cellPoint(t, ctx, 7.5, 1.5), func() {
		// Its labels and badge too, which the map draws in pieces.
		waitFor(t, ctx, "2A drawn at [2, 0]", `document.querySelector('.ed-preview .ed-ghost[data-kind="tile"] use.ed-ghost-art') && !document.querySelector('.ed-ghost-bad')
			&& document.querySelector('.ed-preview .ed-ghost[data-kind="tile"] use.ed-ghost-art[href^="#ed-piece-"]')`)
		shot(t, ctx, "drag-tile.png")
	})
	waitFile(t, path, "{face: 2A, at: [2, 0]}")
	// The points below are taken on the map as the move's answer draws it.
	waitFor(t, ctx, "2A moved on the page", `zmission.state.board.tiles.some(t => t.face === '2A' && t.col === 2)`)

	// A spawn from the palette: its icon, red off the tiles.
	spawn := centreOf(t, ctx, `.tok[data-type="spawn"]`) // it may scroll the page: first
	on := cellPoint(t, ctx, 1.5, 1.5)
	drag(t, ctx, spawn, on, func() {
		waitFor(t, ctx, "the spawn's icon on a tile", `document.querySelector('.ed-preview .ed-ghost[data-kind="token"] .ed-ghost-icon') && !document.querySelector('.ed-ghost-bad')`)
		off := cellPoint(t, ctx, 1.5, 7.5)
		if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseMoved, off.X, off.Y).WithButton(input.Left).WithButtons(1)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "the icon red off the tiles", `document.querySelector('.ed-preview .ed-ghost-bad[data-kind="token"] .ed-ghost-icon')`)
		shot(t, ctx, "drag-token.png")
		if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseMoved, on.X, on.Y).WithButton(input.Left).WithButtons(1)); err != nil {
			t.Fatal(err)
		}
		waitFor(t, ctx, "back on a tile", `document.querySelector('.ed-preview .ed-ghost[data-kind="token"]') && !document.querySelector('.ed-ghost-bad')`)
	})
	waitFile(t, path, "at: [1, 1]}")
}

// TestBrowserBadTiles: a tile lying on another and a tile of a face the
// set does not have are drawn, selected on the map and removed.
func TestBrowserBadTiles(t *testing.T) {
	ctx := browser(t)
	s, path := serve(t, "testdata/bad-tiles.yaml")
	if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
		t.Fatal(err)
	}
	waitFor(t, ctx, "both refused tiles drawn", `document.querySelector('.ed-bad .ed-bad-tile[data-index="2"] .ed-bad-tile-label') && document.querySelector('.ed-bad .ed-bad-tile[data-index="3"]')`)
	shot(t, ctx, "bad-tiles.png")
	if shot := screenshot(t, ctx); updateShot {
		if err := os.WriteFile("../docs/editor-bad-tiles.png", shot, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// The one over 2A is picked by its label; the rest of the place is 2A's.
	clickAtUntil(t, ctx, centreOfSVG(t, ctx, `.ed-bad-tile[data-index="2"] .ed-bad-tile-label`), "the tile over 2A selected",
		`zmission.sel && zmission.sel.kind === 'tile' && zmission.sel.index === 2 && document.querySelector('#selection .bad-why').textContent.includes('overlaps')`)
	key(t, ctx, "Delete", 0)
	data := waitFileNot(t, path, "3A")
	if !strings.Contains(data, "{face: 2A, at: [1, 0]}") || !strings.Contains(data, "9Z") {
		t.Errorf("Delete removed more than the tile over 2A:\n%s", data)
	}
	// The unknown face, anywhere on its place (no tile is under it).
	waitFor(t, ctx, "one refused tile left", `zmission.state.board.tiles.filter(t => t.bad).length === 1 && document.querySelector('.ed-bad-tile[data-index="2"]')`)
	clickAtUntil(t, ctx, cellPoint(t, ctx, 6.4, 0.4), "the 9Z tile selected", `zmission.sel && zmission.sel.kind === 'tile' && zmission.sel.index === 2 && document.querySelector('.ed-sel rect')`)
	key(t, ctx, "Delete", 0)
	waitFileNot(t, path, "9Z")
	waitFor(t, ctx, "no refused tile left", `!document.querySelector('.ed-bad-tile') && zmission.state.board.tiles.length === 2`)
}

// centreOfSVG is the screen centre of an element of the map.
func centreOfSVG(t *testing.T, ctx context.Context, sel string) point {
	var p point
	js(t, ctx, fmt.Sprintf(`(() => { const r = document.querySelector(%q).getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, sel), &p)
	return p
}
