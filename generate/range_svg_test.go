package generate_test

import (
	"bytes"
	"fmt"
	"os"
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/rules"
)

// TestDocsExpressiveRange keeps docs/generated-range.svg, the picture
// docs/performance.md shows: one dot per generated mission (the default
// size and length, 20 seeds of each difficulty, each game played on
// tiles), its tour in Survivor moves across and its estimated score up,
// the difficulty bands drawn.
func TestDocsExpressiveRange(t *testing.T) {
	const w, h, pad = 640.0, 400.0, 48.0
	const maxMoves, maxScore = 40.0, 10.0
	x := func(m float64) float64 { return pad + m/maxMoves*(w-2*pad) }
	y := func(s float64) float64 { return h - pad - s/maxScore*(h-2*pad) }
	var b bytes.Buffer
	fmt.Fprintf(&b, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" viewBox=\"0 0 %g %g\" font-family=\"sans-serif\" font-size=\"12\">\n", w, h, w, h)
	fmt.Fprintf(&b, "<rect width=\"%g\" height=\"%g\" fill=\"white\"/>\n", w, h)
	for _, band := range []struct {
		lo, hi float64
		name   string
		fill   string
	}{{0, rules.BandEasy, "easy", "#eef6ee"}, {rules.BandEasy, rules.BandHard, "medium", "#f6f3e6"}, {rules.BandHard, maxScore, "hard", "#f6eaea"}} {
		fmt.Fprintf(&b, "<rect x=\"%g\" y=\"%.1f\" width=\"%g\" height=\"%.1f\" fill=\"%s\"/>\n", pad, y(band.hi), w-2*pad, y(band.lo)-y(band.hi), band.fill)
		fmt.Fprintf(&b, "<text x=\"%g\" y=\"%.1f\" text-anchor=\"end\" fill=\"#666\">%s</text>\n", w-pad-4, y(band.hi)+14, band.name)
	}
	fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"black\"/>\n", pad, h-pad, w-pad, h-pad)
	fmt.Fprintf(&b, "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"black\"/>\n", pad, pad, pad, h-pad)
	for m := 0.0; m <= maxMoves; m += 10 {
		fmt.Fprintf(&b, "<text x=\"%.1f\" y=\"%g\" text-anchor=\"middle\">%g</text>\n", x(m), h-pad+16, m)
	}
	for s := 0.0; s <= maxScore; s += 2 {
		fmt.Fprintf(&b, "<text x=\"%g\" y=\"%.1f\" text-anchor=\"end\">%g</text>\n", pad-6, y(s)+4, s)
	}
	fmt.Fprintf(&b, "<text x=\"%g\" y=\"%g\" text-anchor=\"middle\">route: Survivor moves of the tour</text>\n", w/2, h-10)
	fmt.Fprintf(&b, "<text x=\"14\" y=\"%g\" text-anchor=\"middle\" transform=\"rotate(-90 14 %g)\">estimated difficulty score</text>\n", h/2, h/2)
	colour := map[string]string{"zombicide-invader": "#7a3fb0", "zombicide-classic": "#2f7a3a"}
	for i, game := range []string{"zombicide-invader", "zombicide-classic"} {
		fmt.Fprintf(&b, "<circle cx=\"%g\" cy=\"%g\" r=\"4\" fill=\"%s\"/><text x=\"%g\" y=\"%g\">%s</text>\n", pad+12, pad-20+float64(i)*16-4, colour[game], pad+20, pad-20+float64(i)*16, rules.GameName(game))
		for n := 0; n < 60; n++ {
			d := []string{"easy", "medium", "hard"}[n%3]
			r, err := generate.Generate(generate.Options{Ruleset: game, Difficulty: d, Seed: uint64(n / 3)})
			if err != nil {
				continue
			}
			moves := 0.0
			for _, f := range r.Estimate.Figures {
				if f.Name == "tour moves" {
					moves = f.Value
				}
			}
			fmt.Fprintf(&b, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" fill-opacity=\"0.55\"/>\n", x(min(moves, maxMoves)), y(min(r.Estimate.Score, maxScore)), colour[game])
		}
	}
	b.WriteString("</svg>\n")
	const doc = "../docs/generated-range.svg"
	if *update {
		if err := os.WriteFile(doc, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(doc)
	if err != nil || !bytes.Equal(want, b.Bytes()) {
		t.Errorf("%s is out of date (%v): run 'go test ./generate -run DocsExpressiveRange -update'", doc, err)
	}
}
