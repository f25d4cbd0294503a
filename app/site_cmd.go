package app

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"
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

// sitePNGDPI is the resolution of a mission page's PNG download, a picture
// to share on a screen (the PDFs are for print): rasterising at render's
// 150 dpi took half of a whole site's time.
const sitePNGDPI = 100

func (e *env) siteCmd() *cli.Command {
	return &cli.Command{
		Name:      "site",
		Usage:     "write a collection as a static website: an index, a page per mission and tile set, pictures and downloads",
		ArgsUsage: "DIR|FILE...",
		Description: "Every mission, scenario, setup, collection and tile set that validate would check gets a page;\n" +
			"the index has a card per mission with filters by game, players, difficulty and boxes owned.\n" +
			"A second run redraws only the pages whose file (or tile set, or collection, or configuration)\n" +
			"changed, and removes the pages of files that are gone. The site section of .zmission.yaml\n" +
			"gives the title, description, published address and web editor address; the options override it.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "the folder to write the site to (required)"},
			&cli.StringFlag{Name: "title", Usage: "the site's title (default: site.title of the configuration, else Missions)"},
			&cli.StringFlag{Name: "description", Usage: "a line under the title on the index"},
			&cli.StringFlag{Name: "base-url", Usage: "the address the site is published at"},
			&cli.StringFlag{Name: "editor", Usage: "the web editor's address, for an \"open in the web editor\" link on each mission page"},
			&cli.StringFlag{Name: "fail-on", Value: "error", Usage: "exit 1 when a finding is at least this severe: error, warning or info"},
			&cli.StringFlag{Name: "config", Usage: "configuration file (default: .zmission.yaml found from each file's folder upward)"},
			&cli.Int64Flag{Name: "max-size", Value: source.DefaultLimits.MaxBytes, Usage: "largest file to read, in bytes"},
			&cli.BoolFlag{Name: "quiet", Aliases: []string{"q"}, Usage: "no progress bar and no summary line"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			out := c.String("output")
			if out == "" {
				return usageErr("site needs a folder to write to: -o DIR")
			}
			if c.Args().Len() == 0 {
				return usageErr("site needs files or folders to publish, e.g. 'zmission site examples -o public'")
			}
			failOn, ok := validate.ParseSeverity(c.String("fail-on"))
			if !ok || failOn == validate.Off {
				return usageErr("unknown --fail-on %q: use error, warning or info", c.String("fail-on"))
			}
			lim := source.DefaultLimits
			if n := c.Int64("max-size"); n > 0 {
				lim.MaxBytes = n
			} else {
				return usageErr("--max-size must be a positive number of bytes")
			}
			if st, err := os.Stat(out); err == nil && !st.IsDir() {
				return usageErr("%s is a file: site writes a folder", out)
			}
			files, named, err := collect(c.Args().Slice())
			if err != nil {
				return err
			}
			files = outside(files, out)
			cfgs := newConfigs(c.String("config"))
			b := &siteBuilder{e: e, lim: lim, cfgs: cfgs, named: named, root: commonDir(files), sets: map[string]*layout.TileSet{}}
			opts := b.options(c)
			b.editor = opts.EditorURL != ""
			inputs, err := b.inputs(files)
			if err != nil {
				return err
			}
			if len(inputs) == 0 {
				return usageErr("no missions, collections or tile sets in %s", strings.Join(c.Args().Slice(), " "))
			}
			for _, d := range cfgs.problems() {
				if d.Severity == validate.Error {
					_ = validate.Write(e.stderr, validate.Text, cfgs.problems(), validate.Options{Color: validate.UseColor("auto", e.stderr, e.getenv)})
					return codeErr(ExitFindings)
				}
			}
			progress := validate.NewProgress(e.stderr, len(inputs))
			if c.Bool("quiet") {
				progress = nil
			}
			rep, pages, err := site.Build(out, inputs, opts, func(slug string) { progress.Done(slug) })
			progress.Finish()
			if err != nil {
				return failErr("writing the site: %v", err)
			}
			var diags []validate.Diagnostic
			withErrors := 0
			for _, p := range pages {
				if p.Errors > 0 {
					withErrors++
				}
				for _, f := range p.Findings {
					sev, _ := validate.ParseSeverity(f.Severity)
					diags = append(diags, validate.Diagnostic{File: p.Source, Line: f.Line, Col: f.Col, Severity: sev, Rule: f.Rule, Message: f.Message, Hint: f.Hint})
				}
			}
			code := validate.ExitCode(diags, failOn)
			if code != 0 {
				// What stops a publishing CI job, where its log shows it.
				var bad []validate.Diagnostic
				for _, d := range diags {
					if d.Severity >= failOn {
						bad = append(bad, d)
					}
				}
				validate.Sort(bad)
				_ = validate.Write(e.stdout, validate.Text, bad, validate.Options{Color: validate.UseColor("auto", e.stdout, e.getenv)})
			}
			if !c.Bool("quiet") {
				fmt.Fprintf(e.stderr, "%s: %d page%s (%d redrawn, %d removed, %d file%s written)",
					out, rep.Pages, plural(rep.Pages), len(rep.Redrawn), len(rep.Removed), rep.Written, plural(rep.Written))
				if withErrors > 0 {
					fmt.Fprintf(e.stderr, "; %d with errors", withErrors)
				}
				fmt.Fprintln(e.stderr)
			}
			return codeErr(code)
		},
	}
}

// outside leaves out files inside the output folder: a site written into
// the collection's tree holds copies of its missions.
func outside(files []string, out string) []string {
	abs, err := filepath.Abs(out)
	if err != nil {
		return files
	}
	var keep []string
	for _, f := range files {
		if a, err := filepath.Abs(f); err == nil && (a == abs || strings.HasPrefix(a, abs+string(filepath.Separator))) {
			continue
		}
		keep = append(keep, f)
	}
	return keep
}

// commonDir is the folder every file is in, so page names start below it:
// examples/invader/x.yaml is the page invader/x of 'zmission site examples'.
func commonDir(files []string) string {
	var dir []string
	for i, f := range files {
		parts := strings.Split(filepath.ToSlash(filepath.Dir(filepath.Clean(f))), "/")
		if i == 0 {
			dir = parts
			continue
		}
		n := 0
		for n < len(dir) && n < len(parts) && dir[n] == parts[n] {
			n++
		}
		dir = dir[:n]
	}
	return strings.Join(dir, "/")
}

type siteBuilder struct {
	e     *env
	lim   source.Limits
	cfgs  *configs
	named map[string]bool
	root  string
	slugs map[string]bool
	sets  map[string]*layout.TileSet // built-in sets missions use, by name
	// editor: a web editor's address is configured, so mission pages
	// carry their mission in a link to it.
	editor bool
}

// options are the site section of the configuration found for the first
// folder named, overridden by the options given.
func (b *siteBuilder) options(c *cli.Command) site.Options {
	var o site.Options
	if cfg := b.cfgs.forFile(filepath.Join(c.Args().First(), "x")); cfg != nil {
		o = site.Options{Title: cfg.Site.Title, Description: cfg.Site.Description, BaseURL: cfg.Site.BaseURL, EditorURL: cfg.Site.Editor}
	}
	for flag, v := range map[string]*string{"title": &o.Title, "description": &o.Description, "base-url": &o.BaseURL, "editor": &o.EditorURL} {
		if c.IsSet(flag) {
			*v = c.String(flag)
		}
	}
	return o
}

// slug names a file's page: its path below the common folder, without
// the extension, in lower case letters, digits and dashes.
func (b *siteBuilder) slug(file string) string {
	rel := filepath.ToSlash(filepath.Clean(file))
	if b.root != "" && b.root != "." {
		rel = strings.TrimPrefix(rel, b.root+"/")
	}
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	var parts []string
	for _, p := range strings.Split(rel, "/") {
		if s := slugWord(p); s != "" && p != ".." && p != "." {
			parts = append(parts, s)
		}
	}
	s := strings.Join(parts, "/")
	if s == "" || s == "tilesets" || strings.HasPrefix(s, "tilesets/") {
		s = "m/" + s // tilesets/ holds the built-in sets' pages
		s = strings.TrimSuffix(s, "/")
	}
	return b.unique(s)
}

func (b *siteBuilder) unique(s string) string {
	if b.slugs == nil {
		b.slugs = map[string]bool{}
	}
	base := s
	for n := 2; b.slugs[s]; n++ {
		s = base + "-" + strconv.Itoa(n)
	}
	b.slugs[s] = true
	return s
}

func slugWord(s string) string {
	var sb strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && sb.Len() > 0 {
				sb.WriteByte('-')
			}
			dash = false
			sb.WriteRune(r)
		} else {
			dash = true
		}
	}
	return sb.String()
}

// inputs makes a site.Input of each file: its key (the file, the files it
// names, its configuration) and the work that makes its page.
func (b *siteBuilder) inputs(files []string) ([]site.Input, error) {
	var in []site.Input
	for _, f := range files {
		if f == "-" {
			return nil, usageErr("site publishes files, not standard input")
		}
		data, p := source.ReadFile(f, b.lim)
		cfg := b.cfgs.forFile(f)
		var cfgBytes []byte
		if cfg != nil {
			cfgBytes, _ = os.ReadFile(cfg.File)
		}
		parts := [][]byte{[]byte(Version), []byte(f), data, cfgBytes}
		var root *source.Node
		if p == nil {
			root, _ = source.Parse(f, data, b.lim)
			if kindOf(root) == lint.KindOther && !b.named[f] {
				continue // CI settings and the like, as validate passes them over
			}
			// The files a document names beside it: a tile set, a collection.
			for _, key := range []string{"tileset", "collection"} {
				if name := root.Field(key).Str(); strings.ContainsAny(name, `/\.`) {
					dep := name
					if !filepath.IsAbs(dep) {
						dep = filepath.Join(filepath.Dir(f), name)
					}
					// Read only inside the tree published: lint refuses
					// (unread) a file outside it, and so does the key.
					if b.inside(dep) {
						d, _ := source.ReadFile(dep, b.lim)
						parts = append(parts, []byte(key), d)
					}
				} else if key == "tileset" && root.Field("ruleset") != nil {
					b.useBuiltin(name, root.Field("ruleset").Str())
				}
			}
		}
		file, data := f, data
		in = append(in, site.Input{Slug: b.slug(f), Key: site.Key(parts...), Make: func() (*site.Page, map[string][]byte, error) {
			return b.page(file, data, cfg)
		}})
	}
	// The built-in tile sets the missions use get a page each.
	var names []string
	for n := range b.sets {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		set := b.sets[n]
		slug := b.unique("tilesets/" + slugWord(n))
		in = append(in, site.Input{Slug: slug, Key: site.Key([]byte("builtin"), []byte(n), []byte(Version)), Make: func() (*site.Page, map[string][]byte, error) {
			return tilesetPage(set, "", nil)
		}})
	}
	return in, nil
}

// inside tells whether path is in the working folder or the folder
// published.
func (b *siteBuilder) inside(path string) bool {
	abs, err := filepath.Abs(path)
	if err != nil {
		return false
	}
	for _, dir := range []string{".", b.root} {
		if d, err := filepath.Abs(dir); err == nil && (strings.HasPrefix(abs, d+string(filepath.Separator))) {
			return true
		}
	}
	return false
}

// kindOf tells a document's kind as lint would, without checking it.
func kindOf(root *source.Node) lint.Kind {
	if root == nil || root.Kind != source.Object {
		return lint.KindMission // reported as it is
	}
	for _, k := range []string{"format", "id", "tiles", "objectives", "faces", "ruleset"} {
		if root.Field(k) != nil {
			return lint.KindMission
		}
	}
	return lint.KindOther
}

// useBuiltin records the built-in tile set a mission plays on.
func (b *siteBuilder) useBuiltin(name, ruleset string) {
	if g := rules.Lookup(ruleset); name == "" && g != nil {
		name = g.DefaultTileset()
	}
	if name == "" || b.sets[name] != nil {
		return
	}
	if set, err := layout.Builtin(name); err == nil {
		b.sets[name] = set
	}
}

// page lints one file and makes its page: what the index card and the
// page say, the drawn page, the downloads.
func (b *siteBuilder) page(file string, data []byte, cfg *validate.Config) (pg *site.Page, files map[string][]byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error on %s: %v", file, p)
		}
	}()
	r := lint.Bytes(file, data, lint.Options{Limits: b.lim, Rules: ruleOptions{cfg}, AllowOutside: b.e.allowOutside, Config: cfg})
	diags := cfg.Apply(r.Diags)
	pg = &site.Page{Source: file, Kind: "mission"}
	for _, d := range diags {
		if d.Severity == validate.Off {
			continue
		}
		switch d.Severity {
		case validate.Error:
			pg.Errors++
		case validate.Warning:
			pg.Warnings++
		}
		pg.Findings = append(pg.Findings, site.Finding{Line: d.Line, Col: d.Col, Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message, Hint: d.Hint})
	}
	base := filepath.Base(file)
	files = map[string][]byte{}
	if data != nil {
		files[base] = data
		pg.Downloads = append(pg.Downloads, site.Download{File: base, Label: "mission file"})
		if b.editor {
			pg.Share, _ = sharelink.Encode(base, data) // too large: no editor link
		}
	}
	switch r.Kind {
	case lint.KindTileset:
		set, err := lint.TilesetFile(file, b.lim)
		if err != nil || pg.Errors > 0 {
			pg.Kind, pg.Title = "tile set", base
			pg.Downloads[0].Label = "tile set file"
			pg.Note = "This tile set has errors, so it is not drawn; the findings below say what to fix."
			return pg, files, nil
		}
		tp, tf, err := tilesetPage(set, file, data)
		if err != nil {
			return nil, nil, err
		}
		tp.Findings, tp.Errors, tp.Warnings, tp.Source = pg.Findings, pg.Errors, pg.Warnings, file
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
	stem := strings.TrimSuffix(base, filepath.Ext(base))
	// The page as render draws it, on A4 (shown) and on Letter.
	a4, letter, err := b.drawings(r)
	if err != nil {
		return nil, nil, err
	}
	files["page.svg"] = a4
	pg.Pictures = []site.Picture{{File: "page.svg", Alt: alt(pg)}}
	pg.Thumbnail = "page.svg"
	for _, p := range []struct {
		page        []byte
		name, label string
	}{{a4, stem + "-a4.pdf", "PDF, A4"}, {letter, stem + "-letter.pdf", "PDF, Letter"}} {
		pdf, err := printing.PDF([][]byte{p.page})
		if err != nil {
			return nil, nil, err
		}
		files[p.name] = pdf
		pg.Downloads = append(pg.Downloads, site.Download{File: p.name, Label: p.label})
	}
	png, err := printing.FastPNG(a4, sitePNGDPI)
	if err != nil {
		return nil, nil, err
	}
	files[stem+".png"] = png
	pg.Downloads = append(pg.Downloads, site.Download{File: stem + ".png", Label: fmt.Sprintf("PNG, A4 at %d dpi", sitePNGDPI)})
	if pg.Errors == 0 {
		pg.Analysis = analysisText(r)
	} else {
		pg.Note = "This mission has errors, so zmission does not analyse it; the findings below say what to fix."
	}
	if r.Mission != nil && r.Scene != nil && r.Scene.Board.Set != nil && strings.HasPrefix(r.Scene.Board.Set.File, "builtin:") {
		name := strings.TrimPrefix(r.Scene.Board.Set.File, "builtin:")
		pg.Links = append(pg.Links, site.PageLink{Slug: "tilesets/" + slugWord(name), Label: "the " + name + " tile set"})
	}
	return pg, files, nil
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

// drawings draws the mission's page on A4 and on Letter, as `zmission
// render -o FILE.svg --page PAGE` does.
func (b *siteBuilder) drawings(r *lint.Result) (a4, letter []byte, err error) {
	draw := func(page string) ([]byte, error) {
		ps, err := printing.Pages(r, "svg", render.Options{Page: page, Margin: render.DefaultMargin}, render.ModelOptions{Page: page, Margin: render.DefaultMargin})
		if err != nil {
			return nil, err
		}
		return ps[0], nil
	}
	if a4, err = draw("a4"); err != nil {
		return nil, nil, err
	}
	letter, err = draw("letter")
	return a4, letter, err
}

// analysisText is what 'zmission analyze' prints of a mission.
func analysisText(r *lint.Result) string {
	var buf bytes.Buffer
	if r.Model != nil {
		an, ok := rules.LookupModel(r.Model.Ruleset()).(rules.ModelAnalyzer)
		v := render.View(r.Model.Ruleset())
		if !ok || v == nil {
			return ""
		}
		if v.Analysis(&buf, an.AnalyzeModel(r.Model, rules.AnalyzeOptions{})) != nil {
			return ""
		}
		return buf.String()
	}
	an, ok := rules.Lookup(r.Mission.Ruleset).(rules.Analyzer)
	if !ok {
		return ""
	}
	writeAnalysis(&buf, an.Analyze(r.Scene))
	return buf.String()
}

// tilesetPage is the page of a tile set: its faces drawn on sheets, a PDF
// of them on A4, and the file (for a set read from one).
func tilesetPage(set *layout.TileSet, file string, data []byte) (*site.Page, map[string][]byte, error) {
	title := set.Title
	if title == "" {
		title = set.Name
	}
	pg := &site.Page{Kind: "tile set", Title: title, Source: file}
	if file == "" {
		pg.Source = "built-in tile set " + set.Name
	}
	files := map[string][]byte{}
	if data != nil {
		files[filepath.Base(file)] = data
		pg.Downloads = append(pg.Downloads, site.Download{File: filepath.Base(file), Label: "tile set file"})
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
	files[slugWord(set.Name)+"-a4.pdf"] = pdf
	pg.Downloads = append(pg.Downloads, site.Download{File: slugWord(set.Name) + "-a4.pdf", Label: "PDF of the sheets, A4"})
	pg.Components = []string{fmt.Sprintf("%d face%s of %d×%d cells", len(set.Faces), plural(len(set.Faces)), set.Size, set.Size)}
	return pg, files, nil
}
