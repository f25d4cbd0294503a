package site

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"net/url"
	"sort"
	"strings"
)

const (
	feedName    = "feed.xml"
	sitemapName = "sitemap.xml"
	// searchName is the search's index: a script, so that it loads from a
	// folder opened in a browser as well as from a host.
	searchName = "_site/search.js"
	// feedEntries is how many of the newest missions the feed lists.
	feedEntries = 50
)

// searchIndex is what the index's search reads: for each mission's page,
// the words it is found by (title, briefing, author, game, tiles, boxes),
// in lower case.
func searchIndex(missions []*Page) ([]byte, error) {
	idx := map[string]string{}
	for _, p := range missions {
		parts := []string{p.Title, p.Author, p.Game, p.Ruleset, p.Briefing, p.Difficulty}
		parts = append(parts, p.Boxes...)
		parts = append(parts, p.Words...)
		idx[p.Slug] = strings.ToLower(strings.Join(strings.Fields(strings.Join(parts, " ")), " "))
	}
	data, err := json.Marshal(idx) // keys sorted: the same pages, the same bytes
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("// The search's index: each page's words, in lower case.\nwindow.zmissionIndex = ")
	b.Write(data)
	b.WriteString(";\n")
	return b.Bytes(), nil
}

type urlset struct {
	XMLName xml.Name     `xml:"urlset"`
	NS      string       `xml:"xmlns,attr"`
	URLs    []sitemapURL `xml:"url"`
}

type sitemapURL struct {
	Loc     string `xml:"loc"`
	LastMod string `xml:"lastmod,omitempty"`
}

// sitemap lists every page of the site at its address (b ends in "/").
func sitemap(b string, pages []*Page, extra []string) ([]byte, error) {
	s := urlset{NS: "http://www.sitemaps.org/schemas/sitemap/0.9"}
	s.URLs = append(s.URLs, sitemapURL{Loc: b})
	var all []sitemapURL
	for _, p := range pages {
		all = append(all, sitemapURL{Loc: b + p.Slug + "/", LastMod: p.Date})
	}
	for _, e := range extra {
		all = append(all, sitemapURL{Loc: b + e + "/"})
	}
	sort.Slice(all, func(i, j int) bool { return all[i].Loc < all[j].Loc })
	s.URLs = append(s.URLs, all...)
	return marshalXML(s)
}

type atomFeed struct {
	XMLName xml.Name    `xml:"feed"`
	NS      string      `xml:"xmlns,attr"`
	Title   string      `xml:"title"`
	Sub     string      `xml:"subtitle,omitempty"`
	ID      string      `xml:"id"`
	Links   []atomLink  `xml:"link"`
	Updated string      `xml:"updated"`
	Author  atomAuthor  `xml:"author"`
	Entries []atomEntry `xml:"entry"`
}

type atomLink struct {
	Href string `xml:"href,attr"`
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
}

type atomAuthor struct {
	Name string `xml:"name"`
}

type atomEntry struct {
	Title   string      `xml:"title"`
	ID      string      `xml:"id"`
	Link    atomLink    `xml:"link"`
	Updated string      `xml:"updated"`
	Author  *atomAuthor `xml:"author,omitempty"`
	Summary string      `xml:"summary,omitempty"`
}

// feed is an Atom feed of the newest missions (b ends in "/"): by date,
// then title.
func feed(b string, o Options, missions []*Page) ([]byte, error) {
	var ps []*Page
	for _, p := range missions {
		if p.Kind == "mission" { // not a collection
			ps = append(ps, p)
		}
	}
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Date != ps[j].Date {
			return ps[i].Date > ps[j].Date
		}
		if ps[i].Title != ps[j].Title {
			return ps[i].Title < ps[j].Title
		}
		return ps[i].Slug < ps[j].Slug
	})
	if len(ps) > feedEntries {
		ps = ps[:feedEntries]
	}
	stamp := func(d string) string {
		if d == "" {
			d = "1970-01-01"
		}
		return d + "T00:00:00Z"
	}
	f := atomFeed{NS: "http://www.w3.org/2005/Atom", Title: o.Title, Sub: o.Description, ID: b,
		Links:   []atomLink{{Href: b}, {Href: b + feedName, Rel: "self", Type: "application/atom+xml"}},
		Updated: stamp(""), Author: atomAuthor{Name: o.Title}}
	if len(ps) > 0 {
		f.Updated = stamp(ps[0].Date)
	}
	for _, p := range ps {
		addr := b + p.Slug + "/"
		e := atomEntry{Title: p.Title, ID: addr, Link: atomLink{Href: addr}, Updated: stamp(p.Date), Summary: describe(p)}
		if p.Author != "" {
			e.Author = &atomAuthor{Name: p.Author}
		}
		f.Entries = append(f.Entries, e)
	}
	return marshalXML(f)
}

func marshalXML(v any) ([]byte, error) {
	data, err := xml.MarshalIndent(v, "", " ")
	if err != nil {
		return nil, err
	}
	return append(append([]byte(xml.Header), data...), '\n'), nil
}

// validBase tells whether the site's address can be written into a
// sitemap and a feed: an absolute http(s) address.
func validBase(b string) bool {
	u, err := url.Parse(b)
	return err == nil && (u.Scheme == "http" || u.Scheme == "https") && u.Host != ""
}
