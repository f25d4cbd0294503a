package site

import (
	"bytes"
	"embed"
	"html/template"
	"io/fs"
	"slices"
	"sort"
	"strconv"
	"strings"
)

//go:embed assets
var assets embed.FS

//go:embed templates/*.html
var templateFS embed.FS

var templates = template.Must(template.New("").Funcs(template.FuncMap{
	"join": strings.Join,
	"paras": func(s string) []string {
		var out []string
		for _, p := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n\n") {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, p)
			}
		}
		return out
	},
	"lower": strings.ToLower,
	"itoa":  strconv.Itoa,
}).ParseFS(templateFS, "templates/*.html"))

// assetFiles are the stylesheet and the filter script, shared by every page.
func assetFiles() map[string][]byte {
	out := map[string][]byte{}
	_ = fs.WalkDir(assets, "assets", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			data, _ := assets.ReadFile(p)
			out[strings.TrimPrefix(p, "assets/")] = data
		}
		return nil
	})
	return out
}

// frame is what every page's head and header need.
type frame struct {
	Site      Options
	Root      string // the relative way back to the site's root: "../../"
	Title     string // of this page
	Canonical string
}

func newFrame(o Options, slug, title string) frame {
	f := frame{Site: o, Root: strings.Repeat("../", strings.Count(slug, "/")+1), Title: title}
	if slug == "" {
		f.Root = ""
	}
	if o.BaseURL != "" {
		base := strings.TrimSuffix(o.BaseURL, "/") + "/"
		if slug == "" {
			f.Canonical = base
		} else {
			f.Canonical = base + slug + "/"
		}
	}
	return f
}

type pageData struct {
	frame
	P          *Page
	EditorLink string
}

func pageHTML(p *Page, o Options) ([]byte, error) {
	d := pageData{frame: newFrame(o, p.Slug, p.Title), P: p}
	if o.EditorURL != "" && p.Kind == "mission" {
		d.EditorLink = editorLink(o, p)
	}
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "page.html", d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// editorLink opens the mission in the web editor: the editor's address
// with the mission carried in the fragment ("#mission=", see
// web/sharelink), so the editor reads it without a request to this site or
// any other. A mission too large for a link gets none.
func editorLink(o Options, p *Page) string {
	if p.Share == "" {
		return ""
	}
	return o.EditorURL + "#mission=" + p.Share
}

type indexData struct {
	frame
	Games   []choice
	Levels  []choice
	Boxes   []string
	Kinds   []group
	Counts  map[string]int
	MaxSeat int
}

type choice struct{ Value, Label string }

type group struct {
	Name  string
	Pages []*Page
}

func indexHTML(pages []*Page, o Options) ([]byte, error) {
	d := indexData{frame: newFrame(o, "", o.Title), Counts: map[string]int{}}
	games := map[string]string{}
	levels := map[string]bool{}
	boxes := map[string]bool{}
	var missions, sets []*Page
	for _, p := range pages {
		if p == nil {
			continue
		}
		d.Counts[p.Status()]++
		if p.Kind == "tile set" {
			sets = append(sets, p)
			continue
		}
		missions = append(missions, p)
		if p.Ruleset != "" {
			games[p.Ruleset] = p.Game
		}
		if p.Difficulty != "" {
			levels[p.Difficulty] = true
		}
		for _, b := range p.Boxes {
			boxes[b] = true
		}
		d.MaxSeat = max(d.MaxSeat, p.PlayersMax)
	}
	for rs, name := range games {
		d.Games = append(d.Games, choice{rs, name})
	}
	sort.Slice(d.Games, func(i, j int) bool { return d.Games[i].Label < d.Games[j].Label })
	order := []string{"easy", "medium", "hard", "deadly"}
	for l := range levels {
		d.Levels = append(d.Levels, choice{l, l})
	}
	sort.Slice(d.Levels, func(i, j int) bool {
		a, b := slices.Index(order, d.Levels[i].Value), slices.Index(order, d.Levels[j].Value)
		if a != b {
			if a < 0 {
				return false
			}
			if b < 0 {
				return true
			}
			return a < b
		}
		return d.Levels[i].Value < d.Levels[j].Value
	})
	for b := range boxes {
		d.Boxes = append(d.Boxes, b)
	}
	sort.Strings(d.Boxes)
	byTitle := func(ps []*Page) {
		sort.SliceStable(ps, func(i, j int) bool {
			if ps[i].Title != ps[j].Title {
				return ps[i].Title < ps[j].Title
			}
			return ps[i].Slug < ps[j].Slug
		})
	}
	byTitle(missions)
	byTitle(sets)
	if len(missions) > 0 {
		d.Kinds = append(d.Kinds, group{"Missions", missions})
	}
	if len(sets) > 0 {
		d.Kinds = append(d.Kinds, group{"Tile sets", sets})
	}
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "index.html", d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
