package app

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestSitePublishesOnlyMissions: a folder as a community keeps it, with a
// workflow, a playbook, a package manifest, a two-document YAML, an empty
// file and a site built before inside it, publishes its missions alone and
// says how many files it passed over.
func TestSitePublishesOnlyMissions(t *testing.T) {
	col := t.TempDir()
	copyFile(t, "../examples/invader/violet-lockdown.yaml", filepath.Join(col, "violet.yaml"))
	copyFile(t, "../examples/colony/field-hospital.yaml", filepath.Join(col, "colony/field-hospital.yaml"))
	copyFile(t, "../examples/colony/collections/shelf.yaml", filepath.Join(col, "colony/collections/shelf.yaml"))
	others := map[string]string{
		"playbook.yml":       "- hosts: all\n  tasks:\n    - name: ping\n      ping:\n",
		"package.json":       `{"name": "club", "version": "1.0.0", "scripts": {"test": "echo"}}`,
		"two-documents.yaml": "name: one\n---\nname: two\n",
		"empty.yaml":         "",
		"comments.yaml":      "# nothing here yet\n",
		"settings.yaml":      "title: Our club\ntheme: dark\n",
	}
	for name, text := range others {
		if err := os.WriteFile(filepath.Join(col, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	copyFile(t, "../examples/invader/violet-lockdown.yaml", filepath.Join(col, ".github/violet.yaml")) // a dot-folder: never walked
	out := filepath.Join(col, "public")
	code, stdout, stderr := runSite(t, "-o", out, col)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	if want := fmt.Sprintf("; %d files passed over", len(others)); !strings.Contains(stderr, want) {
		t.Errorf("the summary does not say %q: %s", want, stderr)
	}
	files := readTree(t, out)
	var pages []string
	for name := range files {
		if strings.HasSuffix(name, "/index.html") && !strings.HasPrefix(name, "games/") && !strings.HasPrefix(name, "authors/") && !strings.HasPrefix(name, "tilesets/") {
			pages = append(pages, strings.TrimSuffix(name, "/index.html"))
		}
	}
	slices.Sort(pages)
	if want := []string{"colony/collections/shelf", "colony/field-hospital", "violet"}; !slices.Equal(pages, want) {
		t.Errorf("pages written: %v; want %v (the missions and the collection, nothing else)", pages, want)
	}
	// Built again, the site inside the collection is not read back: it
	// holds the marker a walk passes over.
	if _, ok := files[".zmission-output"]; !ok {
		t.Error("the site carries no marker for later walks")
	}
	code, _, stderr = runSite(t, "-o", out, col)
	if code != 0 || !strings.Contains(stderr, "4 pages (0 redrawn") { // and the tile set's
		t.Errorf("a rebuild in place: exit %d, %s", code, stderr)
	}
	// The colony scenario's download finds its collection: a zip holds
	// both, at the path the scenario names.
	zip := files["colony/field-hospital/field-hospital.zip"]
	if !bytes.Contains(zip, []byte("collections/shelf.yaml")) || !bytes.Contains(files["colony/field-hospital/index.html"], []byte(`href="field-hospital.zip"`)) {
		t.Error("the colony scenario has no zip holding its collection")
	}
}

// A path that names nothing, or a file that cannot be read, stops the
// build with the system's words and exit 3: never a page that calls the
// file empty.
func TestSiteOfAMissingFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	code, _, stderr := runSite(t, "-o", out, filepath.Join(dir, "missing.yaml"))
	if code != 3 || !strings.Contains(stderr, "missing.yaml: cannot read the file: no such file or directory") {
		t.Errorf("a missing path: exit %d, %q; want 3 and the system's words", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "missing")); err == nil {
		t.Error("a page was written for a missing file")
	}
	// A link that leads nowhere, named with a mission that is there.
	copyFile(t, "../examples/invader/first-contact.yaml", filepath.Join(dir, "first.yaml"))
	if err := os.Symlink(filepath.Join(dir, "gone.yaml"), filepath.Join(dir, "broken-link.yaml")); err != nil {
		t.Skip("no symbolic links here")
	}
	code, _, stderr = runSite(t, "-o", out, filepath.Join(dir, "first.yaml"), filepath.Join(dir, "broken-link.yaml"))
	if code != 3 || !strings.Contains(stderr, "broken-link.yaml") || !strings.Contains(stderr, "no such file or directory") {
		t.Errorf("a dangling link: exit %d, %q; want 3 and the system's words", code, stderr)
	}
}

// Every path that cannot be read is named in the one run, as validate
// names them, and nothing is written.
func TestSiteNamesEveryUnreadablePath(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "public")
	copyFile(t, "../examples/invader/first-contact.yaml", filepath.Join(dir, "first.yaml"))
	args := []string{"-o", out, filepath.Join(dir, "gone-a.yaml"), filepath.Join(dir, "first.yaml"), filepath.Join(dir, "gone-b")}
	locked := filepath.Join(dir, "locked.yaml")
	copyFile(t, "../examples/invader/first-contact.yaml", locked)
	if err := os.Chmod(locked, 0); err == nil && os.Getuid() != 0 {
		args = append(args, locked)
		defer os.Chmod(locked, 0o644)
	} else {
		locked = ""
	}
	code, _, stderr := runSite(t, args...)
	if code != 3 {
		t.Errorf("exit %d, want 3", code)
	}
	for _, want := range []string{"gone-a.yaml: cannot read the file: no such file or directory", "gone-b: cannot read the file: no such file or directory"} {
		if !strings.Contains(stderr, "zmission: error: "+filepath.Join(dir, want)) {
			t.Errorf("%q not named on a line of its own:\n%s", want, stderr)
		}
	}
	if locked != "" && !strings.Contains(stderr, "zmission: error: "+locked+":") {
		t.Errorf("the unreadable file is not named:\n%s", stderr)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a site was written though files could not be read")
	}
}

var hrefRe = regexp.MustCompile(`href="([^"]*)" download`)

// TestSiteOddNamesAndNoMachinePaths: files named with "#", "?", "%",
// spaces and letters outside ASCII download by their links; a site built
// from an absolute path publishes no path of the machine, and two builds
// from different paths are the same bytes.
func TestSiteOddNamesAndNoMachinePaths(t *testing.T) {
	col := t.TempDir()
	names := []string{"m#3.yaml", "q?x.yaml", "50% off.yaml", "with space.yaml", "café ñandú.yaml"}
	for _, n := range names {
		copyFile(t, "../testdata/broken/key-behind-lock.yaml", filepath.Join(col, n)) // findings: paths in pages
	}
	abs, err := filepath.Abs(col)
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	base := "https://club.example.org/missions/"
	if code, stdout, stderr := runSite(t, "-o", out, "--base-url", base, abs); code != 1 {
		t.Fatalf("exit %d (want 1: the missions have errors)\n%s%s", code, stdout, stderr)
	}
	files := readTree(t, out)
	for _, n := range names {
		found := false
		for name, data := range files {
			if !strings.HasSuffix(name, "/index.html") {
				continue
			}
			for _, m := range hrefRe.FindAllSubmatch(data, -1) {
				link := string(m[1])
				file, err := url.PathUnescape(link)
				if err != nil || file != n {
					continue
				}
				found = true
				// What a browser asks for: the link resolved against the page.
				u, _ := url.Parse(base + strings.TrimSuffix(name, "index.html"))
				ref, err := url.Parse(link)
				if err != nil || ref.RawQuery != "" || ref.Fragment != "" {
					t.Errorf("%s: the link %q to %q has a query or a fragment", name, link, n)
					continue
				}
				got := strings.TrimPrefix(u.ResolveReference(ref).Path, "/missions/")
				if data, ok := files[got]; !ok || !bytes.Equal(data, mustRead(t, filepath.Join(col, n))) {
					t.Errorf("%s: the link %q does not download %q (resolves to %q)", name, link, n, got)
				}
			}
		}
		if !found {
			t.Errorf("no page offers %q for download", n)
		}
	}
	// Nothing of the machine: not the collection's path, not the output's.
	for name, data := range files {
		for _, p := range []string{abs, out, os.TempDir()} {
			if bytes.Contains(data, []byte(p)) {
				t.Errorf("%s holds the path %s", name, p)
			}
		}
	}
	if !bytes.Contains(files["m-3/index.html"], []byte("m#3.yaml:12:5")) {
		t.Error("a finding is not placed by the file's name below the collection")
	}
	// The same collection at another path: the same bytes.
	moved := filepath.Join(t.TempDir(), "elsewhere")
	if err := os.Rename(col, moved); err != nil {
		t.Fatal(err)
	}
	again := t.TempDir()
	runSite(t, "-o", again, "--base-url", base, moved)
	second := readTree(t, again)
	for name, data := range files {
		if !bytes.Equal(second[name], data) {
			t.Errorf("%s differs when the collection is built from another path", name)
		}
	}
}

func mustRead(t *testing.T, p string) []byte {
	t.Helper()
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// TestSiteWebBasics: with the site's address, the sitemap and the feed
// parse and list every mission, every page's preview picture exists, and
// the 404 page links back from any depth.
func TestSiteWebBasics(t *testing.T) {
	col := t.TempDir()
	missions := generateCollection(t, col, 12)
	out := t.TempDir()
	base := "https://club.example.org/missions/"
	if code, stdout, stderr := runSite(t, "-o", out, "--base-url", base, "--title", "Club & friends", col); code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	files := readTree(t, out)
	pageOf := func(f string) string {
		rel, _ := filepath.Rel(col, f)
		return strings.TrimSuffix(filepath.ToSlash(rel), ".yaml")
	}

	var sm struct {
		URLs []struct {
			Loc     string `xml:"loc"`
			LastMod string `xml:"lastmod"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal(files["sitemap.xml"], &sm); err != nil {
		t.Fatalf("sitemap.xml does not parse: %v", err)
	}
	locs := map[string]bool{}
	for _, u := range sm.URLs {
		locs[u.Loc] = true
		rel := strings.TrimPrefix(u.Loc, base)
		if _, ok := files[rel+"index.html"]; !ok && rel != "" {
			t.Errorf("the sitemap lists %s, which has no page", u.Loc)
		}
	}
	var feed struct {
		Title   string `xml:"title"`
		Entries []struct {
			Title string `xml:"title"`
			ID    string `xml:"id"`
			Link  struct {
				Href string `xml:"href,attr"`
			} `xml:"link"`
			Updated string `xml:"updated"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal(files["feed.xml"], &feed); err != nil {
		t.Fatalf("feed.xml does not parse: %v", err)
	}
	if feed.Title != "Club & friends" {
		t.Errorf("the feed's title is %q", feed.Title)
	}
	inFeed := map[string]bool{}
	for _, e := range feed.Entries {
		inFeed[e.Link.Href] = true
		if !strings.HasSuffix(e.Updated, "T00:00:00Z") {
			t.Errorf("a feed entry's date is %q", e.Updated)
		}
	}
	for f := range missions {
		addr := base + pageOf(f) + "/"
		if !locs[addr] {
			t.Errorf("the sitemap lacks %s", addr)
		}
		if !inFeed[addr] {
			t.Errorf("the feed lacks %s", addr)
		}
		// The picture a shared link shows: named in the page, and there.
		page := string(files[pageOf(f)+"/index.html"])
		img := base + pageOf(f) + "/card.png"
		if !strings.Contains(page, `<meta property="og:image" content="`+img+`">`) || !strings.Contains(page, `<meta name="twitter:card" content="summary_large_image">`) {
			t.Errorf("%s: no preview picture in its tags", pageOf(f))
		}
		if !bytes.HasPrefix(files[pageOf(f)+"/card.png"], []byte("\x89PNG")) {
			t.Errorf("%s: its preview picture is missing", pageOf(f))
		}
	}
	if !bytes.Contains(files["index.html"], []byte(`<link rel="alternate" type="application/atom+xml"`)) {
		t.Error("the index does not point feed readers at the feed")
	}
	// The 404 page: links from the site's address, so they work at any
	// depth a host serves it.
	nf := string(files["404.html"])
	if !strings.Contains(nf, `<a href="/missions/index.html">All missions</a>`) || !strings.Contains(nf, `href="/missions/_site/style.css"`) {
		t.Errorf("the 404 page does not link back from the site's address:\n%s", nf)
	}
	if _, ok := files["_site/favicon.svg"]; !ok || !strings.Contains(nf, `rel="icon"`) {
		t.Error("no favicon")
	}
	checkLinks(t, out, base)
	validateHTML(t, out)

	// Without the address: no sitemap, no feed, no pictures to preview.
	bare := t.TempDir()
	if code, _, stderr := runSite(t, "-o", bare, col); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	for _, f := range []string{"sitemap.xml", "feed.xml"} {
		if _, err := os.Stat(filepath.Join(bare, f)); err == nil {
			t.Errorf("%s written without the site's address", f)
		}
	}
}
