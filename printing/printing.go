// Package printing is a mission's printout as `zmission render` makes it:
// the pages drawn for a checked mission, and those pages as one PDF, a PNG
// or an SVG. The CLI, the site and the web edition all print through it,
// so the same mission and options give the same bytes everywhere.
package printing

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/render/printout"
	"github.com/zmission/zmission/rules"
)

// Pages draws a checked mission: a scenario sheet (one page) for a game
// not played on tiles; for a board, one SVG page, or for PDF and PNG the
// pages render.Pages makes (an overlay a page when their keys would
// shrink the board). o's overlays must already fit the board.
func Pages(r *lint.Result, format string, o render.Options, mo render.ModelOptions) ([][]byte, error) {
	if r.Model != nil {
		v := render.View(r.Model.Ruleset())
		if v == nil {
			return nil, fmt.Errorf("zmission cannot draw %s scenarios yet", r.Model.Ruleset())
		}
		var buf bytes.Buffer
		if err := v.Page(&buf, r.Model, mo); err != nil {
			return nil, err
		}
		return [][]byte{buf.Bytes()}, nil
	}
	if r.Scene == nil || r.Mission == nil {
		return nil, errors.New("the mission has errors that keep its board from being built")
	}
	g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
	if format != "svg" {
		return render.Pages(r.Scene, g, o)
	}
	var buf bytes.Buffer
	if err := render.SVG(&buf, r.Scene, g, o); err != nil {
		return nil, err
	}
	return [][]byte{buf.Bytes()}, nil
}

// PDF prints pages as one PDF document.
func PDF(pages [][]byte) ([]byte, error) {
	var ps []*printout.Page
	for _, p := range pages {
		pg, err := printout.Parse(p)
		if err != nil {
			return nil, err
		}
		ps = append(ps, pg)
	}
	var b bytes.Buffer
	if err := printout.PDF(&b, ps); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// PNG prints one page as a PNG at dpi dots per inch.
func PNG(page []byte, dpi float64) ([]byte, error) {
	pg, err := printout.Parse(page)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := printout.PNG(&b, pg, dpi); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// FastPNG prints one page as a PNG at dpi dots per inch written for
// speed (rows unfiltered, the fastest compression): the picture PNG
// gives, in a larger file. A site writes one for every mission.
func FastPNG(page []byte, dpi float64) ([]byte, error) {
	pg, err := printout.Parse(page)
	if err != nil {
		return nil, err
	}
	img, err := printout.Raster(pg, dpi)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := printout.EncodeOpaque(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Defaults are render's options when none is given: A4, the default
// margin, everything shown.
func Defaults() (render.Options, render.ModelOptions, float64) {
	return render.Options{Page: "a4", Margin: render.DefaultMargin},
		render.ModelOptions{Page: "a4", Margin: render.DefaultMargin, Side: "normal"},
		printout.DefaultDPI
}
