package browsertest

// Ways of driving a page that the browser tests of every package share:
// evaluate, wait for a condition, click, drag, press a key.

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

// Eval evaluates a JavaScript expression (awaiting it when it is a
// promise) and stores its JSON value in out.
func Eval(t testing.TB, ctx context.Context, expr string, out any) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.Evaluate(expr, out, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) })); err != nil {
		t.Fatalf("%s: %v", expr, err)
	}
}

// WaitFor polls a JavaScript condition until it holds, and logs how long
// that took. After a minute (a guard against a hang, not a timing) it
// fails with what the page says: the value of the expression says.
func WaitFor(t testing.TB, ctx context.Context, what, cond, says string) {
	t.Helper()
	defer func(start time.Time) { t.Logf("%s: %s", what, time.Since(start)) }(time.Now())
	deadline := time.Now().Add(60 * time.Second)
	for {
		var ok bool
		if err := chromedp.Run(ctx, chromedp.Evaluate("!!("+cond+")", &ok)); err == nil && ok {
			return
		}
		if time.Now().After(deadline) {
			var st string
			chromedp.Run(ctx, chromedp.Evaluate(says, &st))
			t.Fatalf("waiting for %s (%s): page says %q", what, cond, st)
		}
		time.Sleep(40 * time.Millisecond)
	}
}

// Point is a point of the screen, in CSS pixels.
type Point struct{ X, Y float64 }

// CentreOf is the screen centre of the first element matching sel,
// scrolled into view.
func CentreOf(t testing.TB, ctx context.Context, sel string) Point {
	t.Helper()
	var p Point
	Eval(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.scrollIntoView({block: 'center'}); const r = e.getBoundingClientRect(); return {X: r.x + r.width / 2, Y: r.y + r.height / 2}; })()`, sel), &p)
	return p
}

// ClickAt clicks the screen at p, as a user does.
func ClickAt(t testing.TB, ctx context.Context, p Point) {
	t.Helper()
	if err := chromedp.Run(ctx, chromedp.MouseClickXY(p.X, p.Y)); err != nil {
		t.Fatal(err)
	}
}

// Click clicks the middle of the first element matching sel.
func Click(t testing.TB, ctx context.Context, sel string) {
	t.Helper()
	ClickAt(t, ctx, CentreOf(t, ctx, sel))
}

// Drag presses the mouse at from, moves in steps, does what during says
// (if anything) on the way, and lets go at to.
func Drag(t testing.TB, ctx context.Context, from, to Point, during ...func()) {
	t.Helper()
	acts := []chromedp.Action{input.DispatchMouseEvent(input.MousePressed, from.X, from.Y).WithButton(input.Left).WithButtons(1).WithClickCount(1)}
	for i := 1; i <= 6; i++ {
		f := float64(i) / 6
		acts = append(acts, input.DispatchMouseEvent(input.MouseMoved, from.X+(to.X-from.X)*f, from.Y+(to.Y-from.Y)*f).WithButton(input.Left).WithButtons(1))
	}
	if err := chromedp.Run(ctx, acts...); err != nil {
		t.Fatal(err)
	}
	for _, f := range during {
		f()
	}
	if err := chromedp.Run(ctx, input.DispatchMouseEvent(input.MouseReleased, to.X, to.Y).WithButton(input.Left).WithClickCount(1)); err != nil {
		t.Fatal(err)
	}
}

// keyCodes are the keys Key presses: their code and Windows key code.
var keyCodes = map[string]struct {
	code string
	vk   int64
}{"f": {"KeyF", 70}, "p": {"KeyP", 80}, "r": {"KeyR", 82}, "s": {"KeyS", 83}, "y": {"KeyY", 89}, "z": {"KeyZ", 90}, "Delete": {"Delete", 46}, "?": {"Slash", 191},
	"ArrowLeft": {"ArrowLeft", 37}, "ArrowUp": {"ArrowUp", 38}, "ArrowRight": {"ArrowRight", 39}, "ArrowDown": {"ArrowDown", 40}}

// Key presses and lets go of a key (one of keyCodes) with modifiers; a
// character typed alone also types its text.
func Key(t testing.TB, ctx context.Context, k string, mods input.Modifier) {
	t.Helper()
	c, ok := keyCodes[k]
	if !ok {
		t.Fatalf("Key knows no key %q", k)
	}
	text := k
	if mods&input.ModifierShift != 0 && len(k) == 1 {
		k = strings.ToUpper(k)
	}
	if len(k) > 1 || mods != 0 {
		text = ""
	}
	down := input.DispatchKeyEvent(input.KeyDown).WithKey(k).WithCode(c.code).WithWindowsVirtualKeyCode(c.vk).WithModifiers(mods)
	if text != "" {
		down = down.WithText(text)
	}
	if err := chromedp.Run(ctx, down, input.DispatchKeyEvent(input.KeyUp).WithKey(k).WithCode(c.code).WithWindowsVirtualKeyCode(c.vk).WithModifiers(mods)); err != nil {
		t.Fatal(err)
	}
}

// CellPoint is where a board point (in cells) is on the screen, on the
// editor's page (`zmission edit`, the web edition).
func CellPoint(t testing.TB, ctx context.Context, x, y float64) Point {
	t.Helper()
	var p Point
	Eval(t, ctx, fmt.Sprintf(`(() => { const b = document.querySelector('#map g.board'); const C = zmission.state.board.cell;
		const q = new DOMPoint(%g * C, %g * C).matrixTransform(b.getScreenCTM()); return {X: q.x, Y: q.y}; })()`, x, y), &p)
	return p
}

// SetValue sets a field (an input, a select) as an author types or picks
// a value: the value, then its change event.
func SetValue(t testing.TB, ctx context.Context, sel, value string) {
	t.Helper()
	Eval(t, ctx, fmt.Sprintf(`(() => { const e = document.querySelector(%q); e.value = %q; e.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, sel, value), new(bool))
}
