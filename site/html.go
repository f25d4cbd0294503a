package site

import (
	"bytes"
	"embed"
	"fmt"
	"html/template"
	"io/fs"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
)

//go:embed assets
var assets embed.FS

//go:embed templates/*.html
var templateFS embed.FS

// levels are the difficulties in their order, for sorting.
var levels = []string{"easy", "medium", "hard", "deadly"}

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
	// file is a file of the page's folder as a link: its name escaped, so
	// that "#", "?", "%" and spaces name the file, not a fragment or query.
	"file": url.PathEscape,
	// level ranks a difficulty for the index's sort (unknown ones last).
	"level": func(d string) int {
		if i := slices.Index(levels, d); i >= 0 {
			return i + 1
		}
		return len(levels) + 1
	},
	"card": func(p *Page, missions bool, root string) cardData { return cardData{p, missions, root} },
	// indent is how deep a line of an analysis is indented, by two spaces.
	"indent": func(s string) int { return min((len(s)-len(strings.TrimLeft(s, " ")))/2, 4) },
	"trim":   strings.TrimSpace,
	"crop":   cropStyle,
}).ParseFS(templateFS, "templates/*.html"))

type cardData struct {
	P        *Page
	Missions bool // a mission's card carries what the filters read
	Root     string
}

// assetFiles are the stylesheet, the filter script and the icon, shared by
// every page.
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
	Site        Options
	Root        string // the way back to the site's root: "../../"
	Title       string // of this page
	Description string // a line for search engines and link previews
	Canonical   string
	Image       string // the absolute address of the page's picture
	ImageAlt    string
	Feed        string
}

// base is the site's address ending in a slash, "" when it is not known.
func base(o Options) string {
	if o.BaseURL == "" {
		return ""
	}
	return strings.TrimSuffix(o.BaseURL, "/") + "/"
}

func newFrame(o Options, slug, title string) frame {
	f := frame{Site: o, Root: strings.Repeat("../", strings.Count(slug, "/")+1), Title: title, Description: o.Description}
	if slug == "" {
		f.Root = ""
	}
	if b := base(o); b != "" {
		f.Canonical = b
		if slug != "" {
			f.Canonical = b + slug + "/"
		}
		f.Feed = b + feedName
	}
	return f
}

// describe is a page's line for link previews: its briefing's first
// sentences, else its facts.
func describe(p *Page) string {
	s := strings.Join(strings.Fields(p.Briefing), " ")
	if s == "" {
		parts := []string{}
		for _, x := range []string{p.Game, p.Kind} {
			if x != "" {
				parts = append(parts, x)
				break
			}
		}
		if p.Players != "" {
			parts = append(parts, p.Players+" players")
		}
		if p.Difficulty != "" {
			parts = append(parts, p.Difficulty)
		}
		s = strings.Join(parts, " · ")
	}
	if r := []rune(s); len(r) > 200 {
		s = strings.TrimSpace(string(r[:199])) + "…"
	}
	return s
}

type pageData struct {
	frame
	P          *Page
	EditorLink string
	GameHref   string
	AuthorHref string
}

func pageHTML(p *Page, o Options) ([]byte, error) {
	d := pageData{frame: newFrame(o, p.Slug, p.Title), P: p}
	d.Description = describe(p)
	if b := base(o); b != "" && p.Card != "" {
		d.Image = b + p.Slug + "/" + url.PathEscape(p.Card)
		d.ImageAlt = "The map of " + p.Title + "."
	}
	if o.EditorURL != "" && p.Kind == "mission" {
		d.EditorLink = editorLink(o, p)
	}
	if p.Ruleset != "" && p.Kind == "mission" {
		d.GameHref = d.Root + gameSlug(p.Ruleset) + "/index.html"
	}
	if w := Word(p.Author); w != "" && p.Kind == "mission" {
		d.AuthorHref = d.Root + "authors/" + w + "/index.html"
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
	Heading     string
	Lead        string
	Up          bool // a page below the index links back to it
	Script      bool
	Games       []choice
	Levels      []choice
	Boxes       []string
	Kinds       []group
	MaxSeat     int
	GameLinks   []taxon
	AuthorLinks []taxon
}

type choice struct{ Value, Label string }

type group struct {
	Name  string
	Pages []*Page
}

// taxon is a page of the missions of one game or one author.
type taxon struct {
	Slug, Label, Href string
	Count             int
	Pages             []*Page
}

// Word is s in lower case letters, digits and dashes: a page's name.
func Word(s string) string {
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

func gameSlug(ruleset string) string { return "games/" + Word(ruleset) }

// taxa groups the missions by game and by author, each sorted by name.
func taxa(missions []*Page) (games, authors []taxon) {
	byGame, byAuthor := map[string]*taxon{}, map[string]*taxon{}
	for _, p := range missions {
		if w := Word(p.Ruleset); w != "" {
			t := byGame[w]
			if t == nil {
				label := p.Game
				if label == "" {
					label = p.Ruleset
				}
				t = &taxon{Slug: "games/" + w, Label: label}
				byGame[w] = t
			}
			t.Pages = append(t.Pages, p)
		}
		if w := Word(p.Author); w != "" {
			t := byAuthor[w]
			if t == nil || p.Author < t.Label {
				if t == nil {
					t = &taxon{Slug: "authors/" + w}
					byAuthor[w] = t
				}
				t.Label = p.Author // the same name however it is spelt: the first in order
			}
			t.Pages = append(t.Pages, p)
		}
	}
	flat := func(m map[string]*taxon) []taxon {
		var out []taxon
		for _, t := range m {
			t.Count = len(t.Pages)
			out = append(out, *t)
		}
		sort.Slice(out, func(i, j int) bool {
			if out[i].Label != out[j].Label {
				return out[i].Label < out[j].Label
			}
			return out[i].Slug < out[j].Slug
		})
		return out
	}
	return flat(byGame), flat(byAuthor)
}

// split parts the pages into missions (and the other documents of a
// game) and tile sets, each sorted by title.
func split(pages []*Page) (missions, sets []*Page) {
	for _, p := range pages {
		if p == nil {
			continue
		}
		if p.Kind == "tile set" {
			sets = append(sets, p)
		} else {
			missions = append(missions, p)
		}
	}
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
	return missions, sets
}

// listData is a list of missions with the filters over them: the index,
// or the page of a game or an author (slug).
func listData(o Options, slug, heading string, missions, sets []*Page) indexData {
	d := indexData{frame: newFrame(o, slug, heading), Heading: heading, Up: slug != ""}
	if slug == "" {
		d.Title, d.Heading, d.Lead = "", o.Title, o.Description
	}
	games := map[string]string{}
	have := map[string]bool{}
	boxes := map[string]bool{}
	for _, p := range missions {
		if p.Ruleset != "" {
			games[p.Ruleset] = p.Game
		}
		if p.Difficulty != "" {
			have[p.Difficulty] = true
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
	for l := range have {
		d.Levels = append(d.Levels, choice{l, l})
	}
	sort.Slice(d.Levels, func(i, j int) bool {
		a, b := slices.Index(levels, d.Levels[i].Value), slices.Index(levels, d.Levels[j].Value)
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
	if len(missions) > 0 {
		d.Kinds = append(d.Kinds, group{"Missions", missions})
		d.Script = true
	}
	if len(sets) > 0 {
		d.Kinds = append(d.Kinds, group{"Tile sets", sets})
	}
	return d
}

func indexHTML(pages []*Page, o Options) ([]byte, error) {
	missions, sets := split(pages)
	d := listData(o, "", o.Title, missions, sets)
	games, authors := taxa(missions)
	for _, t := range games {
		d.GameLinks = append(d.GameLinks, taxon{Label: t.Label, Href: t.Slug + "/index.html", Count: t.Count})
	}
	for _, t := range authors {
		d.AuthorLinks = append(d.AuthorLinks, taxon{Label: t.Label, Href: t.Slug + "/index.html", Count: t.Count})
	}
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "index.html", d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// taxonHTML is the page of one game's or one author's missions.
func taxonHTML(t taxon, heading string, o Options) ([]byte, error) {
	d := listData(o, t.Slug, heading, t.Pages, nil)
	d.Description = heading + ": " + strconv.Itoa(t.Count) + " mission" + map[bool]string{true: "", false: "s"}[t.Count == 1] + " of " + o.Title + "."
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "index.html", d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// notFoundHTML is the page a host serves for an address with no page:
// at any depth, so its links start from the site's address when known.
func notFoundHTML(o Options) ([]byte, error) {
	d := indexData{frame: newFrame(o, "", "Not found")}
	d.Canonical = ""
	if b := base(o); b != "" {
		if u, err := url.Parse(b); err == nil {
			d.Root = u.Path
		}
	}
	var b bytes.Buffer
	if err := templates.ExecuteTemplate(&b, "404.html", d); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// cropStyle shows the part c of a picture (x, y, width, height as
// fractions of its width) in a box of that shape: the picture is scaled up
// and moved by margins, which CSS measures against the box's width.
func cropStyle(c [4]float64) template.CSS {
	f := func(v float64) string { return strconv.FormatFloat(v, 'f', 2, 64) }
	return template.CSS(fmt.Sprintf("--w: %s%%; --x: %s%%; --y: %s%%; aspect-ratio: %s / %s",
		f(100/c[2]), f(-100*c[0]/c[2]), f(-100*c[1]/c[2]), f(c[2]*1000), f(c[3]*1000)))
}
