// Package sitepage composes what a site page says about one file: a
// mission, a scenario, a setup, a collection or a tile set. It lints the
// file, draws it, analyses it and lists its downloads, and hands the
// result to package site, which knows pages and files but not games. The
// command line only wires options to it, so tests reach a page without it.
package sitepage

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/printing"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/site"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
	"github.com/zmission/zmission/web/sharelink"
)

// Options say how files are read and checked.
type Options struct {
	Limits       source.Limits
	AllowOutside bool // a tile set may lie outside the tree
	// Share carries each mission in its page (site.Page.Share), for a link
	// to the web editor.
	Share bool
	// Preview draws a picture of each map for link previews (site.Page.Card):
	// only useful where the site's address is known.
	Preview bool
	// Papers are the sizes of the printable PDFs, "a4" and "letter"; none
	// is A4 alone.
	Papers []string
}

// File is one file to publish: where it is, what pages call it, and what
// it needs beside it.
type File struct {
	Path string // as found on disk
	Name string // below the collection's folder, slash-separated
	Data []byte
	// Needs are the files it names (its tile set, its collection) that
	// lie in the tree, by the name it gives them.
	Needs  []Need
	Config *validate.Config
	Date   string // YYYY-MM-DD
}

// Need is a file a document names beside it.
type Need struct {
	As   string // the path the document gives, relative to it
	Data []byte
}

// Page lints one file and makes its page: what the index card and the
// page say, the drawn page, the downloads.
func Page(f File, o Options) (pg *site.Page, files map[string][]byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error on %s: %v", f.Name, p)
		}
	}()
	lo := lint.Options{Limits: o.Limits, AllowOutside: o.AllowOutside, Config: f.Config}
	if f.Config != nil {
		lo.Rules = f.Config // its check options
	}
	r := lint.Bytes(f.Path, f.Data, lo)
	diags := f.Config.Apply(r.Diags)
	pg = &site.Page{Source: f.Name, Kind: "mission", Date: f.Date}
	for _, d := range diags {
		switch d.Severity {
		case validate.Off:
			continue
		case validate.Error:
			pg.Errors++
		case validate.Warning:
			pg.Warnings++
		}
		pg.Findings = append(pg.Findings, site.Finding{Line: d.Line, Col: d.Col, Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message, Hint: d.Hint})
	}
	base := filepath.Base(f.Path)
	files = map[string][]byte{}
	if f.Data != nil {
		files[base] = f.Data
		pg.Downloads = append(pg.Downloads, site.Download{File: base, Label: "mission file"})
		if len(f.Needs) > 0 {
			// The file alone would name what the download lacks: the zip
			// holds it with what it needs, at the paths it gives.
			zip, err := bundle(base, f.Data, f.Needs)
			if err != nil {
				return nil, nil, err
			}
			name := stem(base) + ".zip"
			files[name] = zip
			pg.Downloads = append(pg.Downloads, site.Download{File: name, Label: "mission with " + needsLabel(f.Needs) + " (zip)"})
		}
		if o.Share {
			pg.Share, _ = sharelink.Encode(base, f.Data) // too large: no editor link
		}
	}
	switch r.Kind {
	case lint.KindTileset:
		set, err := lint.TilesetFile(f.Path, o.Limits)
		if err != nil || pg.Errors > 0 {
			pg.Kind, pg.Title = "tile set", base
			pg.Downloads[0].Label = "tile set file"
			pg.Note = "This tile set has errors, so it is not drawn; the findings below say what to fix."
			return pg, files, nil
		}
		tp, tf, err := Tileset(set, base, f.Data)
		if err != nil {
			return nil, nil, err
		}
		tp.Findings, tp.Errors, tp.Warnings, tp.Source, tp.Date = pg.Findings, pg.Errors, pg.Warnings, f.Name, f.Date
		return tp, tf, nil
	case lint.KindCompanion, lint.KindOther:
		pg.Kind = r.Noun
		if pg.Kind == "" {
			pg.Kind = "file"
		}
		pg.Title = base
		pg.Downloads[0].Label = pg.Kind + " file"
		if r.Doc != nil {
			if t := r.Doc.Root.Field("name").Str(); t != "" {
				pg.Title = t
			}
		}
		return pg, files, nil
	}
	head(pg, r)
	if r.Scene == nil && r.Model == nil {
		pg.Note = "This file has errors, so it has no map and no analysis; the findings below say what to fix."
		return pg, files, nil
	}
	// The page as render draws it on A4, shown, and each paper's PDF.
	a4, err := drawing(r, "a4")
	if err != nil {
		return nil, nil, err
	}
	files["page.svg"] = a4
	pg.Pictures = []site.Picture{{File: "page.svg", Alt: alt(pg)}}
	pg.Thumbnail = "page.svg"
	papers := o.Papers
	if len(papers) == 0 {
		papers = []string{"a4"}
	}
	for _, paper := range papers {
		page := a4
		if paper != "a4" {
			if page, err = drawing(r, paper); err != nil {
				return nil, nil, err
			}
		}
		pdf, err := printing.PDF([][]byte{page})
		if err != nil {
			return nil, nil, err
		}
		name := stem(base) + "-" + paper + ".pdf"
		files[name] = pdf
		pg.Downloads = append(pg.Downloads, site.Download{File: name, Label: "PDF, " + paperLabel[paper]})
		if pg.Print == "" {
			pg.Print = name
		}
	}
	if pg.Crop, err = Crop(a4, boardSize(r)); err != nil {
		return nil, nil, err
	}
	if o.Preview {
		card, err := Card(a4, boardSize(r))
		if err != nil {
			return nil, nil, err
		}
		files["card.png"] = card
		pg.Card = "card.png"
		if c, err := png.DecodeConfig(bytes.NewReader(card)); err == nil {
			pg.CardSize = [2]int{c.Width, c.Height}
		}
	}
	if pg.Errors == 0 {
		pg.Analysis = analysis(r)
	} else {
		pg.Note = "This mission has errors, so zmission does not analyse it; the findings below say what to fix."
	}
	if r.Mission != nil && r.Scene != nil && r.Scene.Board.Set != nil && strings.HasPrefix(r.Scene.Board.Set.File, "builtin:") {
		name := strings.TrimPrefix(r.Scene.Board.Set.File, "builtin:")
		pg.Links = append(pg.Links, site.PageLink{Slug: "tilesets/" + site.Word(name), Label: "the " + name + " tile set"})
		pg.Words = append(pg.Words, name)
	}
	return pg, files, nil
}

func stem(base string) string { return strings.TrimSuffix(base, filepath.Ext(base)) }

func needsLabel(ns []Need) string {
	var names []string
	for _, n := range ns {
		names = append(names, filepath.Base(n.As))
	}
	return strings.Join(names, " and ")
}

// head fills in what a document says of itself: title, players and the
// other facts of its card, objectives and special rules.
func head(pg *site.Page, r *lint.Result) {
	if r.Doc == nil || r.Doc.Root == nil { // not YAML or JSON at all: its findings say why
		pg.Title = filepath.Base(r.File)
		return
	}
	root := r.Doc.Root
	pg.Ruleset = root.Field("ruleset").Str()
	pg.Game = rules.GameName(pg.Ruleset)
	pg.Title = root.Field("title").Str()
	if r.Model != nil && r.Model.Title() != "" {
		pg.Title = r.Model.Title()
	}
	if pg.Title == "" {
		pg.Title = filepath.Base(r.File)
	}
	pg.Author = root.Field("author").Str()
	pg.Briefing = root.Field("briefing").Str()
	pg.Difficulty = root.Field("difficulty").Str()
	if n := root.Field("duration"); n != nil && n.Kind == source.Number {
		pg.Duration = n.Int()
	}
	if n := root.Field("players"); n != nil && (n.Kind == source.Number || n.Kind == source.String) {
		pg.Players = n.Text
		lo, hi, ok := strings.Cut(n.Text, "-")
		if !ok {
			hi = lo
		}
		pg.PlayersMin, _ = strconv.Atoi(strings.TrimSpace(lo))
		pg.PlayersMax, _ = strconv.Atoi(strings.TrimSpace(hi))
	}
	if n := root.Field("boxes"); n != nil {
		for _, it := range n.Items {
			if it.Kind == source.String {
				pg.Boxes = append(pg.Boxes, it.Text)
			}
		}
	}
	if m := r.Mission; m != nil {
		for _, o := range m.Objectives {
			pg.Objectives = append(pg.Objectives, o.Describe())
		}
		for _, ru := range m.Rules {
			pg.Rules = append(pg.Rules, ru.Describe())
		}
		pg.Components = components(m)
		seen := map[string]bool{}
		for _, t := range m.Tiles {
			if !seen[t.Face] {
				seen[t.Face] = true
				pg.Words = append(pg.Words, t.Face)
			}
		}
		sort.Strings(pg.Words)
	}
}

// components lists the tiles and tokens a table needs.
func components(m *missions.Mission) []string {
	var out []string
	if len(m.Tiles) > 0 {
		faces := map[string]int{}
		var names []string
		for _, t := range m.Tiles {
			if faces[t.Face] == 0 {
				names = append(names, t.Face)
			}
			faces[t.Face]++
		}
		sort.Strings(names)
		out = append(out, fmt.Sprintf("%d tile%s: %s", len(m.Tiles), plural(len(m.Tiles)), strings.Join(names, ", ")))
	}
	count := map[string]int{}
	var types []string
	for _, t := range m.Tokens {
		name := t.Type
		if t.Color != "" {
			name = t.Color + " " + t.Type
		}
		if count[name] == 0 {
			types = append(types, name)
		}
		count[name]++
	}
	sort.Strings(types)
	for _, t := range types {
		out = append(out, fmt.Sprintf("%d %s token%s", count[t], t, plural(count[t])))
	}
	return out
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// alt is the text alternative of a mission's drawn page.
func alt(pg *site.Page) string {
	s := "The printable page of " + pg.Title
	if pg.Game != "" {
		s += ", a " + pg.Game + " mission"
	}
	if len(pg.Components) > 0 {
		s += ": " + strings.Join(pg.Components, "; ")
	}
	return s + "."
}

// paperLabel names the papers a PDF is printed on.
var paperLabel = map[string]string{"a4": "A4", "letter": "Letter"}

// Papers are the sizes the printable PDFs can have.
func Papers() []string { return []string{"a4", "letter"} }

// drawing draws the mission's page on paper, as `zmission render -o
// FILE.svg --page PAPER` does.
func drawing(r *lint.Result, paper string) ([]byte, error) {
	ps, err := printing.Pages(r, "svg", render.Options{Page: paper, Margin: render.DefaultMargin}, render.ModelOptions{Page: paper, Margin: render.DefaultMargin})
	if err != nil {
		return nil, err
	}
	return ps[0], nil
}

// boardSize is the board's size in cells, for a game played on tiles;
// zero for the others.
func boardSize(r *lint.Result) [2]int {
	if r.Scene != nil && r.Scene.Board != nil {
		return [2]int{r.Scene.Board.W, r.Scene.Board.H}
	}
	return [2]int{}
}

// Tileset is the page of a tile set: its faces drawn on sheets, a PDF of
// them on A4, and the file (for a set read from one, named base).
func Tileset(set *layout.TileSet, base string, data []byte) (*site.Page, map[string][]byte, error) {
	title := set.Title
	if title == "" {
		title = set.Name
	}
	pg := &site.Page{Kind: "tile set", Title: title, Source: "built-in tile set " + set.Name}
	files := map[string][]byte{}
	if data != nil {
		files[base] = data
		pg.Downloads = append(pg.Downloads, site.Download{File: base, Label: "tile set file"})
	}
	sheets, err := render.Sheets(set, render.SheetOptions{Page: "a4", Margin: render.DefaultMargin})
	if err != nil {
		return nil, nil, err
	}
	for i, s := range sheets {
		name := fmt.Sprintf("sheet-%d.svg", i+1)
		files[name] = s
		pg.Pictures = append(pg.Pictures, site.Picture{File: name, Alt: fmt.Sprintf("Sheet %d of %d of the %s tile set: its faces with their zones, kinds and edges.", i+1, len(sheets), title)})
	}
	if len(pg.Pictures) > 0 {
		pg.Thumbnail = pg.Pictures[0].File
	}
	pdf, err := printing.PDF(sheets)
	if err != nil {
		return nil, nil, err
	}
	files[site.Word(set.Name)+"-a4.pdf"] = pdf
	pg.Downloads = append(pg.Downloads, site.Download{File: site.Word(set.Name) + "-a4.pdf", Label: "PDF of the sheets, A4"})
	pg.Print = site.Word(set.Name) + "-a4.pdf"
	pg.Components = []string{fmt.Sprintf("%d face%s of %d×%d cells", len(set.Faces), plural(len(set.Faces)), set.Size, set.Size)}
	for _, f := range set.Faces {
		pg.Words = append(pg.Words, f.ID)
	}
	return pg, files, nil
}
