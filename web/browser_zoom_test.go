package web

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// TestBrowserZoom200MapAndPalette reads the web edition at 200 % in a
// 1,500×950 window (750×475 CSS pixels, where the side pane goes under
// the map) and a 1,920×1,080 one (960×540, where it is a drawer):
// scrolled to the map, the map and the palette share the window, the map
// at least half of it each way, the palette beside it with items to take
// up, and nothing scrolls sideways.
func TestBrowserZoom200MapAndPalette(t *testing.T) {
	ctx := page(t, site(t)+"#example=invader/violet-lockdown")
	waitFor(t, ctx, "the example", mapDrawn+` && zmissionWeb.name === 'violet-lockdown.yaml'`)
	for _, win := range [][2]int64{{1500, 950}, {1920, 1080}} {
		name := fmt.Sprintf("%dx%d", win[0], win[1])
		t.Run(name, func(t *testing.T) {
			if err := browsertest.Zoom200(ctx, win[0], win[1]); err != nil {
				t.Fatal(err)
			}
			mark(t, ctx)
			if err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
				t.Fatal(err)
			}
			reloaded(t, ctx, "the page at 200 %")
			waitFor(t, ctx, "the map and the palette", mapDrawn+` && document.querySelector('#palette .face')`)
			got := browsertest.MapAndPalette(t, ctx)
			shot(t, ctx, "zoom200-"+name+"-map-and-palette.png")
			if ok, why := got.Both(); !ok {
				t.Errorf("at 200 %% of %s the map and the palette do not share the window: %s (%+v)", name, why, got)
			}
		})
	}
}
