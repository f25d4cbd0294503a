// Package site writes a mission collection as a static website: an index
// with a card per mission, a page per mission and per tile set, and the
// files they link to. It knows pages and files, not games: what a page says
// is handed to it (see Page), so lint, analysis and drawing stay where they
// are. Builds are deterministic and incremental: a manifest in the output
// folder records what each page was made from, and a page whose inputs did
// not change is neither redrawn nor rewritten.
package site

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
)

// Options say what the site says of itself.
type Options struct {
	Title       string // the site's title (default: "Missions")
	Description string // a line under the title
	// BaseURL is the address the site is published at; with it, pages
	// carry a canonical link and the editor link an absolute file address.
	BaseURL string
	// EditorURL is the web editor's address; "" leaves "open in the web
	// editor" out.
	EditorURL string
}

// Page is what one page says: a mission, a scenario, a setup, a
// collection or a tile set. Its card on the index is made of the same data.
type Page struct {
	Slug string `json:"slug"` // its folder under the output, e.g. "invader/violet-lockdown"
	// Source is the file's path below the collection's folder, as pages
	// show it: never a path of the machine that built the site.
	Source     string    `json:"source"`
	Kind       string    `json:"kind"` // "mission", "tile set", "collection"
	Ruleset    string    `json:"ruleset,omitempty"`
	Game       string    `json:"game,omitempty"`
	Title      string    `json:"title"`
	Author     string    `json:"author,omitempty"`
	Briefing   string    `json:"briefing,omitempty"`
	Difficulty string    `json:"difficulty,omitempty"`
	Players    string    `json:"players,omitempty"` // as written: "2-6"
	PlayersMin int       `json:"playersMin,omitempty"`
	PlayersMax int       `json:"playersMax,omitempty"`
	Duration   int       `json:"duration,omitempty"` // minutes
	Boxes      []string  `json:"boxes,omitempty"`
	Objectives []string  `json:"objectives,omitempty"`
	Rules      []string  `json:"rules,omitempty"`
	Components []string  `json:"components,omitempty"`
	Analysis   *Analysis `json:"analysis,omitempty"`
	// Date is when the file last changed (its last commit in a checkout),
	// as YYYY-MM-DD: the index's "newest" order and the feed's.
	Date string `json:"date,omitempty"`
	// Words are more names a search finds the page by: its tiles, its
	// tile set, its boxes.
	Words     []string   `json:"words,omitempty"`
	Findings  []Finding  `json:"findings,omitempty"`
	Errors    int        `json:"errors"`
	Warnings  int        `json:"warnings"`
	Pictures  []Picture  `json:"pictures,omitempty"`  // in its folder
	Downloads []Download `json:"downloads,omitempty"` // in its folder
	Links     []PageLink `json:"links,omitempty"`     // to other pages (a mission's tile set)
	Thumbnail string     `json:"thumbnail,omitempty"` // a picture's file, for the card
	// Card is a small picture of the map alone (PNG) for a link shared
	// elsewhere (OpenGraph), "" for none.
	Card     string `json:"card,omitempty"`
	CardSize [2]int `json:"cardSize,omitempty"` // its width and height in pixels
	// Crop is the map's rectangle on the first picture, as fractions of
	// its width (x, y, width, height): the index's card shows that part.
	Crop [4]float64 `json:"crop,omitempty"`
	// Print is the printable page the map links to (a PDF of its folder).
	Print string `json:"print,omitempty"`
	Note  string `json:"note,omitempty"` // why there is no picture or analysis
	// Share is the mission carried in a link (web/sharelink's payload), for
	// "open in the web editor"; "" when it is too large for a link.
	Share string      `json:"share,omitempty"`
	Extra interface{} `json:"-"`
}

// Picture is an image of the page's folder with its text alternative.
type Picture struct {
	File string `json:"file"`
	Alt  string `json:"alt"`
}

// Download is a file of the page's folder offered for download.
type Download struct {
	File  string `json:"file"`
	Label string `json:"label"`
}

// PageLink points at another page by its slug.
type PageLink struct {
	Slug  string `json:"slug"`
	Label string `json:"label"`
}

// Finding is a diagnostic as a page shows it.
type Finding struct {
	Line     int    `json:"line"`
	Col      int    `json:"col"`
	Severity string `json:"severity"`
	Rule     string `json:"rule"`
	Message  string `json:"message"`
	Hint     string `json:"hint,omitempty"`
}

// listed is what the site's own pages (the index, the pages of games and
// authors, the search, sitemap and feed) and the command's report read of
// a page: the manifest keeps that much of a page it need not make again,
// not what only the page itself shows.
func (p *Page) listed() *Page {
	c := *p
	c.Objectives, c.Rules, c.Components, c.Analysis = nil, nil, nil, nil
	c.Pictures, c.Downloads, c.Links, c.Note, c.Share = nil, nil, nil, "", ""
	return &c
}

// Status is the card's badge: "errors", "warnings" or "clean".
func (p *Page) Status() string {
	switch {
	case p.Errors > 0:
		return "errors"
	case p.Warnings > 0:
		return "warnings"
	}
	return "clean"
}

// Input is one page to publish. Key sums up everything the page is made
// from (the file, the files it uses, the configuration); Make does the
// work, and is called only when the key changed since the last build.
type Input struct {
	Slug string
	Key  string
	Make func() (*Page, map[string][]byte, error) // the page and its folder's files (name -> bytes)
}

// Report says what a build did.
type Report struct {
	Pages   int      // pages in the site
	Redrawn []string // slugs made anew
	Removed []string // slugs whose file is gone
	Written int      // files written (new or changed bytes)
}

// generator changes whenever what the site writes for the same inputs
// changes; a build by another version redraws everything.
const generator = "zmission-site/5"

// manifestName is the record of the last build. It is kept beside the
// output folder (".public.zmission-site.json" next to "public"), as Hugo
// keeps its cache beside what it publishes: it names every page's source
// and facts, which are not the site's to publish. A site built by an
// earlier version kept it inside; it is read from there once and removed.
const manifestName = ".zmission-site.json"

// manifestPath is where the manifest of the site in out is kept: beside
// it, or in it when out has no parent (a filesystem's root).
func manifestPath(out string) string {
	abs, err := filepath.Abs(out)
	if err != nil || filepath.Dir(abs) == abs {
		return filepath.Join(out, manifestName)
	}
	return filepath.Join(filepath.Dir(abs), "."+filepath.Base(abs)+manifestName)
}

type manifest struct {
	Generator string                `json:"generator"`
	Options   string                `json:"options"` // a sum of Options
	Pages     map[string]manifested `json:"pages"`
	Shared    []string              `json:"shared"` // files of the site as a whole
}

type manifested struct {
	Key   string   `json:"key"`
	Files []string `json:"files"` // relative to the output folder, slash-separated
	Page  *Page    `json:"page"`
}

// Build writes the site for in to the folder out. progress, when not nil,
// is called after each page with the number done and the total.
func Build(out string, in []Input, o Options, progress func(slug string)) (*Report, []*Page, error) {
	if o.Title == "" {
		o.Title = "Missions"
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return nil, nil, err
	}
	for _, p := range in {
		if err := checkSlug(p.Slug); err != nil {
			return nil, nil, err
		}
	}
	old := readManifest(out)
	optSum := sum(fmt.Sprintf("%q", []string{o.Title, o.Description, o.BaseURL, o.EditorURL}))
	fresh := old.Generator == generator && old.Options == optSum
	next := manifest{Generator: generator, Options: optSum, Pages: map[string]manifested{}}
	rep := &Report{}
	w := &writer{out: out}

	// Pages whose key is unchanged (and whose files are all there) stay;
	// the rest are made in parallel.
	type job struct {
		i  int
		in Input
	}
	var todo []job
	pages := make([]*Page, len(in))
	for i, p := range in {
		if m, ok := old.Pages[p.Slug]; ok && fresh && m.Key == p.Key && m.Page != nil && w.allThere(m.Files) {
			pages[i] = m.Page
			next.Pages[p.Slug] = m
			continue
		}
		todo = append(todo, job{i, p})
	}
	var (
		mu       sync.Mutex
		firstErr error
	)
	report := func(slug string) {
		if progress != nil {
			progress(slug)
		}
	}
	for _, p := range in {
		if _, kept := next.Pages[p.Slug]; kept {
			report(p.Slug)
		}
	}
	jobs := make(chan job)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(todo))) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range jobs {
				pg, files, err := j.in.Make()
				if err == nil {
					pg.Slug = j.in.Slug
					var written []string
					written, err = w.page(pg, files, o)
					mu.Lock()
					if err == nil {
						pages[j.i] = pg
						next.Pages[j.in.Slug] = manifested{Key: j.in.Key, Files: written, Page: pg.listed()}
						rep.Redrawn = append(rep.Redrawn, j.in.Slug)
					}
					mu.Unlock()
				}
				mu.Lock()
				if err != nil && firstErr == nil {
					firstErr = fmt.Errorf("%s: %w", j.in.Slug, err)
				}
				report(j.in.Slug)
				mu.Unlock()
			}
		}()
	}
	for _, j := range todo {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
	if firstErr != nil {
		return nil, nil, firstErr
	}
	sort.Strings(rep.Redrawn)

	// Files of pages that are gone, or that a page no longer writes.
	keep := map[string]bool{}
	for _, m := range next.Pages {
		for _, f := range m.Files {
			keep[f] = true
		}
	}
	shared, err := w.shared(pages, o)
	if err != nil {
		return nil, nil, err
	}
	next.Shared = shared
	for _, f := range shared {
		keep[f] = true
	}
	var stale []string
	for slug, m := range old.Pages {
		if _, ok := next.Pages[slug]; !ok {
			rep.Removed = append(rep.Removed, slug)
		}
		stale = append(stale, m.Files...)
	}
	stale = append(stale, old.Shared...)
	sort.Strings(rep.Removed)
	for _, f := range stale {
		if !keep[f] {
			w.remove(f)
		}
	}
	data, err := json.MarshalIndent(next, "", " ")
	if err != nil {
		return nil, nil, err
	}
	mp := manifestPath(out)
	beside := &writer{out: filepath.Dir(mp)}
	if err := beside.file(filepath.Base(mp), append(data, '\n')); err != nil {
		return nil, nil, err
	}
	if mp != filepath.Join(out, manifestName) {
		w.remove(manifestName) // kept inside by an earlier version
	}
	rep.Pages = len(pages)
	rep.Written = w.written + beside.written
	return rep, pages, nil
}

// checkSlug refuses a slug that would leave the output folder or clash
// with the site's own files.
func checkSlug(s string) error {
	if first, _, _ := strings.Cut(s, "/"); first == "games" || first == "authors" {
		return fmt.Errorf("site: page name %q is in a folder of the site's own", s)
	}
	if s == "" || path.Clean(s) != s || strings.HasPrefix(s, "/") || strings.HasPrefix(s, "..") || strings.HasPrefix(s, "_") || strings.HasPrefix(s, ".") {
		return fmt.Errorf("site: bad page name %q", s)
	}
	for _, r := range s {
		if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' || r == '/' || r == '.') {
			return fmt.Errorf("site: bad page name %q", s)
		}
	}
	return nil
}

func readManifest(out string) manifest {
	var m manifest
	data, err := os.ReadFile(manifestPath(out))
	if errors.Is(err, fs.ErrNotExist) {
		data, err = os.ReadFile(filepath.Join(out, manifestName)) // an earlier version's
	}
	if err != nil || json.Unmarshal(data, &m) != nil {
		return manifest{}
	}
	// Only names that stay inside the folder are ever removed.
	clean := func(fs []string) []string {
		var ok []string
		for _, f := range fs {
			if filepath.IsLocal(filepath.FromSlash(f)) && f != manifestName {
				ok = append(ok, f)
			}
		}
		return ok
	}
	for k, p := range m.Pages {
		p.Files = clean(p.Files)
		m.Pages[k] = p
	}
	m.Shared = clean(m.Shared)
	return m
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// Key sums the parts a page is made from into an Input key.
func Key(parts ...[]byte) string {
	h := sha256.New()
	for _, p := range parts {
		fmt.Fprintf(h, "%d:", len(p))
		h.Write(p)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// writer writes files under out, only where the bytes change.
type writer struct {
	out     string
	mu      sync.Mutex
	written int
}

func (w *writer) allThere(files []string) bool {
	for _, f := range files {
		if _, err := os.Stat(filepath.Join(w.out, filepath.FromSlash(f))); err != nil {
			return false
		}
	}
	return true
}

// file writes name (slash-separated, relative to out) unless it already
// holds data; through a temporary file and a rename, so a reader never
// sees half a file.
func (w *writer) file(name string, data []byte) error {
	p := filepath.Join(w.out, filepath.FromSlash(name))
	if old, err := os.ReadFile(p); err == nil && bytes.Equal(old, data) {
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(p), ".tmp-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), p)
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	w.mu.Lock()
	w.written++
	w.mu.Unlock()
	return nil
}

// remove deletes a file the site wrote before, and the folders it leaves
// empty.
func (w *writer) remove(name string) {
	p := filepath.Join(w.out, filepath.FromSlash(name))
	if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return
	}
	for dir := filepath.Dir(p); dir != filepath.Clean(w.out) && strings.HasPrefix(dir, filepath.Clean(w.out)); dir = filepath.Dir(dir) {
		if os.Remove(dir) != nil {
			break // not empty
		}
	}
}

// page writes a page's HTML and files; it returns their names.
func (w *writer) page(p *Page, files map[string][]byte, o Options) ([]string, error) {
	var names []string
	for name := range files {
		if strings.ContainsAny(name, `/\`) || name == "index.html" || strings.HasPrefix(name, ".") {
			return nil, fmt.Errorf("site: bad file name %q", name)
		}
		names = append(names, name)
	}
	slices.Sort(names)
	var written []string
	for _, name := range names {
		f := p.Slug + "/" + name
		if err := w.file(f, files[name]); err != nil {
			return nil, err
		}
		written = append(written, f)
	}
	html, err := pageHTML(p, o)
	if err != nil {
		return nil, err
	}
	f := p.Slug + "/index.html"
	if err := w.file(f, html); err != nil {
		return nil, err
	}
	return append(written, f), nil
}

// shared writes the site's own files: the index, a page per game and per
// author, the search's index, the 404 page, the assets, and with the
// site's address a sitemap and a feed.
func (w *writer) shared(pages []*Page, o Options) ([]string, error) {
	files := map[string][]byte{}
	idx, err := indexHTML(pages, o)
	if err != nil {
		return nil, err
	}
	files["index.html"] = idx
	missions, _ := split(pages)
	games, authors := taxa(missions)
	var extra []string
	for _, t := range games {
		if files[t.Slug+"/index.html"], err = taxonHTML(t, t.Label, o); err != nil {
			return nil, err
		}
		extra = append(extra, t.Slug)
	}
	for _, t := range authors {
		if files[t.Slug+"/index.html"], err = taxonHTML(t, "Missions by "+t.Label, o); err != nil {
			return nil, err
		}
		extra = append(extra, t.Slug)
	}
	if files[searchName], err = searchIndex(missions); err != nil {
		return nil, err
	}
	if files["404.html"], err = notFoundHTML(o); err != nil {
		return nil, err
	}
	if b := base(o); validBase(b) {
		var ps []*Page
		for _, p := range pages {
			if p != nil {
				ps = append(ps, p)
			}
		}
		if files[sitemapName], err = sitemap(b, ps, extra); err != nil {
			return nil, err
		}
		if files[feedName], err = feed(b, o, missions); err != nil {
			return nil, err
		}
	}
	for name, data := range assetFiles() {
		files["_site/"+name] = data
	}
	var names []string
	for n := range files {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if err := w.file(n, files[n]); err != nil {
			return nil, err
		}
	}
	return names, nil
}
