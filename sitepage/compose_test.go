package sitepage

import (
	"archive/zip"
	"bytes"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/render/printout"
	"github.com/zmission/zmission/site"
	"github.com/zmission/zmission/validate"
)

func read(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// The analysis of a mission on tiles reads as a page: the play order as
// steps, the victory conditions marked, the tour and the spawns as tables.
func TestAnalysisOfAGridMission(t *testing.T) {
	f := File{Path: "../examples/invader/violet-lockdown.yaml", Name: "invader/violet-lockdown.yaml"}
	f.Data = read(t, f.Path)
	pg, files, err := Page(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	a := pg.Analysis
	if a == nil {
		t.Fatal("no analysis")
	}
	titles := map[string]site.AnalysisSection{}
	for _, s := range a.Sections {
		titles[strings.SplitN(s.Title, " (", 2)[0]] = s
	}
	// Violet Lockdown's play order has three steps and three conditions,
	// each met (zmission analyze prints the same, as text).
	if n := len(titles["Play order"].Steps); n != 3 {
		t.Errorf("the play order has %d steps; want 3", n)
	}
	for _, st := range titles["Victory conditions"].Steps {
		if st.Mark != "met" {
			t.Errorf("condition %q is marked %q", st.Text, st.Mark)
		}
	}
	if tb := titles["The tour in play order"].Table; tb == nil || len(tb.Rows) != 4 {
		t.Errorf("the tour is not a table of its four stops: %+v", tb)
	}
	if tb := titles["Spawn Zones"].Table; tb == nil || len(tb.Rows) != 3 {
		t.Errorf("the spawns are not a table of three: %+v", tb)
	}
	// The file's own name, never the path it was read from.
	if pg.Source != "invader/violet-lockdown.yaml" {
		t.Errorf("the page names its file %q", pg.Source)
	}
	// The card's crop is the board, 9×6 cells, within the page's width.
	c := pg.Crop
	if c[2] <= 0 || c[0]+c[2] > 1.0001 || abs(c[2]/c[3]-9.0/6) > 0.05*1.5 {
		t.Errorf("the card's crop %v is not the board's shape", c)
	}
	if _, ok := files["card.png"]; ok {
		t.Error("a preview picture was drawn though none was asked for")
	}
}

func abs(f float64) float64 {
	if f < 0 {
		return -f
	}
	return f
}

// A component used beyond what the boxes hold is marked short in the
// inventory: inventory.yaml uses 2 violet doors where invader-core has 1
// (its finding says so), kept a warning by the configuration so the
// mission is analysed.
func TestInventoryShortIsMarked(t *testing.T) {
	dir := t.TempDir()
	cfgPath := filepath.Join(dir, ".zmission.yaml")
	if err := os.WriteFile(cfgPath, []byte("rules:\n  inventory: warning\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, diags := validate.LoadConfig(cfgPath)
	if len(diags) > 0 {
		t.Fatal(diags)
	}
	f := File{Path: "../testdata/broken/inventory.yaml", Name: "inventory.yaml", Config: cfg}
	f.Data = read(t, f.Path)
	pg, _, err := Page(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pg.Errors != 0 || pg.Analysis == nil {
		t.Fatalf("%d errors, analysis %v: want the mission analysed", pg.Errors, pg.Analysis != nil)
	}
	var short []string
	for _, s := range pg.Analysis.Sections {
		if s.Table == nil || !strings.HasPrefix(s.Title, "Inventory") {
			continue
		}
		for _, r := range s.Table.Rows {
			if r.Short {
				short = append(short, strings.Join(r.Cells, "|"))
			}
		}
	}
	if !slices.Equal(short, []string{"violet door|2|1|1 short"}) {
		t.Errorf("short rows: %q; want the violet doors, 2 used of 1 owned", short)
	}
	// And the page shows it so.
	out := t.TempDir()
	in := []site.Input{{Slug: "inventory", Key: "k", Make: func() (*site.Page, map[string][]byte, error) { return Page(f, Options{}) }}}
	if _, _, err := site.Build(out, in, site.Options{}, nil); err != nil {
		t.Fatal(err)
	}
	html := read(t, filepath.Join(out, "inventory/index.html"))
	if !bytes.Contains(html, []byte(`<tr class="short"><td>violet door</td><td>2</td><td>1</td><td>1 short</td></tr>`)) {
		t.Error("the page does not mark the violet doors short")
	}
}

// The analysis of a game without tiles keeps its sections, and the
// aligned columns of its text become tables.
func TestAnalysisOfAModelGame(t *testing.T) {
	f := File{Path: "../examples/survival-infection/long-night.yaml", Name: "long-night.yaml"}
	f.Data = read(t, f.Path)
	pg, _, err := Page(f, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if pg.Analysis == nil {
		t.Fatal("no analysis")
	}
	var found bool
	for _, s := range pg.Analysis.Sections {
		if strings.HasPrefix(s.Title, "Dice") {
			found = true
			// The three dice of Survival Infection: base, survival, infection.
			if s.Table == nil || len(s.Table.Rows) != 3 || s.Table.Head[0] != "DIE" {
				t.Errorf("the dice are not a table of three: %+v", s.Table)
			}
		}
	}
	if !found {
		t.Error("no Dice section")
	}
}

// A scenario that names its collection downloads with it, in a zip that
// keeps the path it names.
func TestBundleKeepsTheNamedPath(t *testing.T) {
	data, err := bundle("field-hospital.yaml", []byte("collection: collections/shelf.yaml\n"), []Need{{As: "collections/shelf.yaml", Data: []byte("name: shelf\n")}})
	if err != nil {
		t.Fatal(err)
	}
	again, _ := bundle("field-hospital.yaml", []byte("collection: collections/shelf.yaml\n"), []Need{{As: "collections/shelf.yaml", Data: []byte("name: shelf\n")}})
	if !bytes.Equal(data, again) {
		t.Error("the same files zip to different bytes")
	}
	z, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range z.File {
		r, _ := f.Open()
		b, _ := io.ReadAll(r)
		got[f.Name] = string(b)
	}
	if got["field-hospital.yaml"] != "collection: collections/shelf.yaml\n" || got["collections/shelf.yaml"] != "name: shelf\n" || len(got) != 2 {
		t.Errorf("the zip holds %q", got)
	}
}

// The preview picture in 256 colours keeps the look of the full-colour
// one: most pixels exact, the others (anti-aliased edges) close.
func TestCardKeepsItsLook(t *testing.T) {
	page := read(t, "../examples/invader/violet-lockdown.yaml")
	pg, files, err := Page(File{Path: "../examples/invader/violet-lockdown.yaml", Name: "v.yaml", Data: page}, Options{Preview: true})
	if err != nil {
		t.Fatal(err)
	}
	x, y, w, h, err := crop(files["page.svg"], [2]int{9, 6})
	if err != nil {
		t.Fatal(err)
	}
	loc := rootSizeRe.FindSubmatchIndex(files["page.svg"])
	svg := files["page.svg"]
	cut := append(append(append([]byte{}, svg[:loc[3]]...), fmt.Sprintf(` width="%smm" height="%smm" viewBox="%s %s %s %s"`, num(w), num(h), num(x), num(y), num(w), num(h))...), svg[loc[1]:]...)
	p, err := printout.Parse(cut)
	if err != nil {
		t.Fatal(err)
	}
	full, err := printout.Raster(p, CardWidth/(w/25.4))
	if err != nil {
		t.Fatal(err)
	}
	card, err := png.Decode(bytes.NewReader(files["card.png"]))
	if err != nil {
		t.Fatal(err)
	}
	if card.Bounds() != full.Bounds() || pg.CardSize != [2]int{full.Bounds().Dx(), full.Bounds().Dy()} {
		t.Fatalf("the card is %v (said %v), the picture %v", card.Bounds(), pg.CardSize, full.Bounds())
	}
	exact, n := 0, 0
	var diff float64
	b := full.Bounds()
	for yy := b.Min.Y; yy < b.Max.Y; yy++ {
		for xx := b.Min.X; xx < b.Max.X; xx++ {
			n++
			r1, g1, b1, _ := full.At(xx, yy).RGBA()
			r2, g2, b2, _ := card.At(xx, yy).RGBA()
			if r1 == r2 && g1 == g2 && b1 == b2 {
				exact++
			}
			diff += (abs(float64(r1)-float64(r2)) + abs(float64(g1)-float64(g2)) + abs(float64(b1)-float64(b2))) / 3 / 257
		}
	}
	t.Logf("%.1f %% of the pixels exact, %.2f levels off on average", 100*float64(exact)/float64(n), diff/float64(n))
	if float64(exact)/float64(n) < 0.9 || diff/float64(n) > 1 {
		t.Errorf("%.1f %% of the pixels exact, %.2f levels off on average; want 90 %% and at most 1", 100*float64(exact)/float64(n), diff/float64(n))
	}
}

// BenchmarkCard is the link preview's picture of one map: cut, rasterised
// and put in 256 colours.
func BenchmarkCard(b *testing.B) {
	data, err := os.ReadFile("../examples/invader/violet-lockdown.yaml")
	if err != nil {
		b.Fatal(err)
	}
	_, files, err := Page(File{Path: "../examples/invader/violet-lockdown.yaml", Name: "v.yaml", Data: data}, Options{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := Card(files["page.svg"], [2]int{9, 6}); err != nil {
			b.Fatal(err)
		}
	}
}

// A sheet's card is cut to its main figure — the facility's map, the
// colony's board at setup, Survival Infection's table — not to the top of
// the page (its title and header): the figure lies inside the cut, and
// the title above it does not.
func TestSheetCardsShowTheirFigure(t *testing.T) {
	for _, path := range []string{"../examples/facility/breach-wing.yaml", "../examples/colony/field-hospital.yaml", "../examples/survival-infection/base-game.yaml"} {
		data := read(t, path)
		_, files, err := Page(File{Path: path, Name: filepath.Base(path), Data: data}, Options{})
		if err != nil {
			t.Fatal(err)
		}
		page := files["page.svg"]
		p, err := printout.Parse(page)
		if err != nil {
			t.Fatal(err)
		}
		fig, ok := p.Box("figure")
		if !ok {
			fig, ok = p.Box("facility")
		}
		if !ok {
			t.Fatalf("%s: the sheet marks no figure", path)
		}
		x, y, w, h, err := crop(page, [2]int{})
		if err != nil {
			t.Fatal(err)
		}
		if x > fig[0] || y > fig[1] || x+w < fig[0]+fig[2] || y+h < fig[1]+fig[3] {
			t.Errorf("%s: the cut %.1f,%.1f %.1f×%.1f leaves out part of the figure %.1f,%.1f %.1f×%.1f", path, x, y, w, h, fig[0], fig[1], fig[2], fig[3])
		}
		if y < 15 || w*h > 0.8*p.W*p.H {
			t.Errorf("%s: the cut %.1f,%.1f %.1f×%.1f still shows the title or most of the page", path, x, y, w, h)
		}
	}
}
