package editor

import (
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/zmission/zmission/internal/browsertest"
)

// TestBrowserZoom200MapAndPalette reads `zmission edit` at 200 % (a
// 1,500×950 window, so 750×475 CSS pixels), on a tile game's map and on a
// facility's canvas: the map and the palette share the window, the map
// at least half of it each way, the palette beside it with items to take
// up, and nothing scrolls sideways.
func TestBrowserZoom200MapAndPalette(t *testing.T) {
	for _, f := range []string{"../examples/invader/violet-lockdown.yaml", "../examples/facility/cold-landing.yaml"} {
		t.Run(filepath.Base(f), func(t *testing.T) {
			ctx := browser(t)
			s, _ := serve(t, f)
			if err := browsertest.Zoom200(ctx, 1500, 950); err != nil {
				t.Fatal(err)
			}
			if err := chromedp.Run(ctx, chromedp.Navigate(s.URL())); err != nil {
				t.Fatal(err)
			}
			waitFor(t, ctx, "the map and the palette", `(document.querySelector('#map g.board .ed-badges') || document.querySelector('#fac-svg')) && document.querySelector('#palette [role=button]')`)
			got := browsertest.MapAndPalette(t, ctx)
			shot(t, ctx, "zoom200-"+filepath.Base(f)+".png")
			if ok, why := got.Both(); !ok {
				t.Errorf("at 200 %% the map and the palette do not share the window: %s (%+v)", why, got)
			}
		})
	}
}
