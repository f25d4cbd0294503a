package browsertest

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// Zoom200 reads a window of w×h pixels at 200 %: the page gets half as
// many CSS pixels each way (a 1,500×950 window, 750×475), each drawn
// with 2×2 of the screen's.
func Zoom200(ctx context.Context, w, h int64) error {
	return chromedp.Run(ctx, emulation.SetDeviceMetricsOverride(w/2, h/2, 2, false))
}

// Shared is what of the map and the palette the editor's page (`zmission
// edit`, the web edition) shows at once, with the map scrolled to: the
// parts of each inside the window, in CSS pixels, and how many of the
// palette's items can be reached there with the mouse (whole, inside the
// window and not covered).
type Shared struct {
	MapW, MapH         float64
	PaletteW, PaletteH float64
	Items              int
	WinW, WinH         float64
	ScrollW            float64 // the page's width: more than WinW scrolls sideways
	PaletteWide        bool    // the palette itself scrolls sideways
}

// Both tells whether the map and the palette share the window: the map
// at least half its width and half its height, the palette beside or
// under it with at least three items to take up. Why not, when not.
func (s Shared) Both() (bool, string) {
	switch {
	case s.MapW < 0.5*s.WinW || s.MapH < 0.5*s.WinH:
		return false, fmt.Sprintf("the map shows %.0f×%.0f of a window of %.0f×%.0f", s.MapW, s.MapH, s.WinW, s.WinH)
	case s.Items < 3:
		return false, fmt.Sprintf("with the map, %d of the palette's items show (%.0f×%.0f of it)", s.Items, s.PaletteW, s.PaletteH)
	case s.ScrollW > s.WinW+1:
		return false, fmt.Sprintf("the page is %.0f pixels wide in a window of %.0f", s.ScrollW, s.WinW)
	case s.PaletteWide:
		return false, "the palette scrolls sideways"
	}
	return true, ""
}

// MapAndPalette scrolls the page to the map, as someone reading it would,
// and measures what shows (Shared).
func MapAndPalette(t testing.TB, ctx context.Context) Shared {
	t.Helper()
	var s Shared
	Eval(t, ctx, `(() => {
  const W = document.documentElement.clientWidth, H = innerHeight;
  document.querySelector('#canvas').scrollIntoView({block: 'nearest', inline: 'nearest'});
  const seen = e => { const r = e.getBoundingClientRect();
    return [Math.max(0, Math.min(r.right, W) - Math.max(r.left, 0)), Math.max(0, Math.min(r.bottom, H) - Math.max(r.top, 0))]; };
  const reach = e => { const r = e.getBoundingClientRect();
    if (!r.width || r.left < 0 || r.top < 0 || r.right > W || r.bottom > H) return false;
    const at = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!at && e.contains(at); };
  const [MapW, MapH] = seen(document.querySelector('#canvas')), [PaletteW, PaletteH] = seen(document.querySelector('#palette'));
  return {MapW, MapH, PaletteW, PaletteH, Items: [...document.querySelectorAll('#palette [role=button]')].filter(reach).length,
    WinW: W, WinH: H, ScrollW: document.documentElement.scrollWidth,
    PaletteWide: document.querySelector('#palette').scrollWidth > document.querySelector('#palette').clientWidth + 1};
})()`, &s)
	return s
}
