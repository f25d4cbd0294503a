package render

import (
	"bytes"
	"io"
	"math/rand/v2"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render/printout"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

func benchmarkRender(b *testing.B, s *rules.Scene, g rules.BoardGame, o Options) {
	b.ReportAllocs()
	for b.Loop() {
		if err := SVG(io.Discard, s, g, o); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender6 draws the first example (four tiles, six by six cells)
// on an A4 page.
func BenchmarkRender6(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkRender(b, s, g, Options{Page: "a4", Margin: DefaultMargin})
}

// BenchmarkRender6Overlays adds every overlay.
func BenchmarkRender6Overlays(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkRender(b, s, g, Options{Page: "a4", Margin: DefaultMargin, Overlays: allOverlays(b, s, g)})
}

// BenchmarkRender400 draws 20 x 20 random station tiles with 600 tokens,
// of which at most 12 Spawn Zones as on a real map, on a fit page.
func BenchmarkRender400(b *testing.B) {
	s := bigScene(b)
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	benchmarkRender(b, s, g, Options{Page: "fit", Margin: DefaultMargin})
}

// BenchmarkRender400Drawing is the drawing alone, without the game's
// analysis of the board.
func BenchmarkRender400Drawing(b *testing.B) {
	benchmarkRender(b, bigScene(b), nil, Options{Page: "fit", Margin: DefaultMargin})
}

func bigScene(b *testing.B) *rules.Scene {
	s := randomScene(b, rand.New(rand.NewPCG(4, 0)), 20, 20, 600, 0)
	spawns := 0
	for _, t := range s.Tokens {
		if t.Type == "spawn" {
			if spawns++; spawns > 12 {
				t.Type = "noise"
			}
		}
	}
	return s
}

// benchmarkPrint draws the page and prints it as PDF or PNG (150 dpi),
// the whole of 'render -o map.pdf' past reading the mission.
func benchmarkPrint(b *testing.B, s *rules.Scene, g rules.BoardGame, o Options, format string) {
	b.ReportAllocs()
	for b.Loop() {
		var svg bytes.Buffer
		if err := SVG(&svg, s, g, o); err != nil {
			b.Fatal(err)
		}
		p, err := printout.Parse(svg.Bytes())
		if err != nil {
			b.Fatal(err)
		}
		if format == "pdf" {
			err = printout.PDF(io.Discard, []*printout.Page{p})
		} else {
			err = printout.PNG(io.Discard, p, printout.DefaultDPI)
		}
		if err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRender6PDF prints the first example as a one-page A4 PDF.
func BenchmarkRender6PDF(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkPrint(b, s, g, Options{Page: "a4", Margin: DefaultMargin}, "pdf")
}

// BenchmarkRender6PNG prints it as an A4 PNG at 150 dpi (1240 × 1754).
func BenchmarkRender6PNG(b *testing.B) {
	s, g := missionScene(b, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	benchmarkPrint(b, s, g, Options{Page: "a4", Margin: DefaultMargin}, "png")
}

// BenchmarkRender400PDF prints the 20 x 20 random board on an A3 page.
func BenchmarkRender400PDF(b *testing.B) {
	s := bigScene(b)
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	benchmarkPrint(b, s, g, Options{Page: "a3", Margin: DefaultMargin}, "pdf")
}

// BenchmarkRender400PNG prints it as an A3 PNG at 150 dpi.
func BenchmarkRender400PNG(b *testing.B) {
	s := bigScene(b)
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	benchmarkPrint(b, s, g, Options{Page: "a3", Margin: DefaultMargin}, "png")
}

// sitePages are the drawn pages of two typical missions (an Invader map
// and a Colony field), as 'zmission site' prints them.
func sitePages(b *testing.B) []*printout.Page {
	var out []*printout.Page
	for _, f := range []string{filepath.Join("invader", "violet-lockdown.yaml"), filepath.Join("colony", "field-hospital.yaml")} {
		r := lint.Path(filepath.Join(examplesDir, f), lint.Options{Limits: source.DefaultLimits})
		var svg bytes.Buffer
		var err error
		switch {
		case r.Model != nil:
			err = View(r.Model.Ruleset()).Page(&svg, r.Model, ModelOptions{Page: "a4", Margin: DefaultMargin})
		case r.Scene != nil:
			g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
			err = SVG(&svg, r.Scene, g, Options{Page: "a4", Margin: DefaultMargin})
		default:
			b.Fatalf("%s: nothing to draw: %v", f, r.Diags)
		}
		if err != nil {
			b.Fatal(err)
		}
		p, err := printout.Parse(svg.Bytes())
		if err != nil {
			b.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

// cpuPerOp reports the process's CPU time per operation next to the wall
// time, which a loaded machine stretches.
func cpuPerOp(b *testing.B) func() {
	start := processCPU()
	return func() {
		b.ReportMetric(float64(processCPU()-start)/float64(b.N), "cpu-ns/op")
	}
}

func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// BenchmarkPrintPagePDF prints one drawn page as a one-page PDF, as the
// site does twice per mission (A4 and Letter).
func BenchmarkPrintPagePDF(b *testing.B) {
	pages := sitePages(b)
	b.ReportAllocs()
	done := cpuPerOp(b)
	i := 0
	for b.Loop() {
		if err := printout.PDF(io.Discard, pages[i%len(pages):i%len(pages)+1]); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
}

// BenchmarkPrintPagePNG100 prints one drawn page as a PNG at 100 dpi,
// written for speed (printout.EncodeOpaque), as the site does once per
// mission.
func BenchmarkPrintPagePNG100(b *testing.B) {
	pages := sitePages(b)
	b.ReportAllocs()
	done := cpuPerOp(b)
	i := 0
	for b.Loop() {
		img, err := printout.Raster(pages[i%len(pages)], 100)
		if err != nil {
			b.Fatal(err)
		}
		if err := printout.EncodeOpaque(io.Discard, img); err != nil {
			b.Fatal(err)
		}
		i++
	}
	done()
}
