package app

import (
	"bytes"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zmission/zmission/web/sharelink"
)

// runSite runs 'zmission site' with args and returns the exit code and
// both outputs.
func runSite(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := Run(append([]string{"zmission", "site"}, args...), nil, &out, &errb)
	return code, out.String(), errb.String()
}

func readTree(t testing.TB, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

var (
	attrRe   = regexp.MustCompile(`\s(href|src)="([^"]*)"`)
	imgRe    = regexp.MustCompile(`<img\b[^>]*>`)
	scriptRe = regexp.MustCompile(`<script\b[^>]*>`)
	eventRe  = regexp.MustCompile(`\son[a-z]+=`)
)

// checkLinks is the site's link checker: every link, picture and download
// of every page resolves to a file of the site, and nothing points outside
// it but the addresses allowed (the editor, the canonical address).
func checkLinks(t *testing.T, dir string, allowed ...string) {
	t.Helper()
	files := readTree(t, dir)
	pages := 0
	for name, data := range files {
		if !strings.HasSuffix(name, ".html") {
			continue
		}
		pages++
		for _, m := range attrRe.FindAllStringSubmatch(string(data), -1) {
			link := strings.ReplaceAll(m[2], "&amp;", "&")
			if strings.Contains(link, "://") || strings.HasPrefix(link, "//") {
				if !slices.ContainsFunc(allowed, func(a string) bool { return strings.HasPrefix(link, a) }) {
					t.Errorf("%s links outside the site: %s", name, link)
				}
				continue
			}
			rel := strings.SplitN(link, "#", 2)[0]
			if u, err := url.PathUnescape(rel); err == nil {
				rel = u // a file's name, escaped in its link
			}
			target := filepath.ToSlash(filepath.Join(filepath.Dir(name), rel))
			if strings.HasPrefix(link, "/") {
				// The 404 page's links start from the site's address, as
				// a host serves it at any depth.
				target = ""
				for _, a := range allowed {
					if u, err := url.Parse(a); err == nil && u.Path != "" && strings.HasPrefix(link, u.Path) {
						target = strings.TrimPrefix(rel, u.Path)
					}
				}
				if target == "" {
					t.Errorf("%s links to %s, outside the site's address", name, link)
					continue
				}
			}
			if strings.HasSuffix(link, "/") || link == "" {
				target = strings.TrimSuffix(target, "/") + "/index.html"
			}
			if strings.HasPrefix(target, "../") {
				t.Errorf("%s links above the site: %s", name, link)
			} else if _, ok := files[target]; !ok {
				t.Errorf("%s: broken link %s (no %s)", name, link, target)
			}
		}
		for _, img := range imgRe.FindAllString(string(data), -1) {
			if !strings.Contains(img, ` alt="`) {
				t.Errorf("%s: a picture without a text alternative: %s", name, img)
			}
		}
		for _, s := range scriptRe.FindAllString(string(data), -1) {
			if !strings.Contains(s, ` src="`) {
				t.Errorf("%s: inline script %s", name, s)
			}
		}
		if eventRe.Match(data) {
			t.Errorf("%s: an inline event handler", name)
		}
	}
	if pages == 0 {
		t.Fatal("no pages written")
	}
}

// validateHTML runs the Nu Html Checker (vnu.jar, ZMISSION_VNU) over the
// site. CI installs it; elsewhere the check is skipped when it is missing.
func validateHTML(t *testing.T, dir string) {
	t.Helper()
	jar := os.Getenv("ZMISSION_VNU")
	if jar == "" {
		if os.Getenv("CI") == "true" {
			t.Fatal("ZMISSION_VNU is not set: CI validates the site's HTML with the Nu Html Checker (.ci/run installs it)")
		}
		t.Log("ZMISSION_VNU not set: the HTML is not validated (set it to the path of vnu.jar)")
		return
	}
	out, err := exec.Command("java", "-jar", jar, "--errors-only", "--skip-non-html", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("the site's HTML is not valid:\n%s", out)
	}
}

func exampleMissions(t *testing.T) []string {
	t.Helper()
	var out []string
	filepath.WalkDir("../examples", func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") {
			out = append(out, p)
		}
		return nil
	})
	return out
}

func TestSiteOfTheExamples(t *testing.T) {
	out := t.TempDir()
	editor := "https://editor.example.org/"
	base := "https://club.example.org/missions/"
	code, stdout, stderr := runSite(t, "-o", out, "--title", "Our missions", "--editor", editor, "--base-url", base, "--paper", "a4,letter", "../examples")
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	files := readTree(t, out)
	// Every YAML file of examples/ has a page, and so has each built-in
	// tile set its missions use.
	for _, f := range exampleMissions(t) {
		rel := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(f), "../examples/"), ".yaml")
		page, ok := files[rel+"/index.html"]
		if !ok {
			t.Errorf("no page for %s", f)
			continue
		}
		if !bytes.Contains(files["index.html"], []byte(`href="`+rel+`/index.html"`)) {
			t.Errorf("the index has no card for %s", f)
		}
		src, _ := os.ReadFile(f)
		if !bytes.Equal(files[rel+"/"+filepath.Base(f)], src) {
			t.Errorf("%s: the download is not the file", f)
		}
		_ = page
	}
	for _, set := range []string{"station", "city"} {
		if _, ok := files["tilesets/"+set+"/index.html"]; !ok {
			t.Errorf("no page for the %s tile set", set)
		}
	}
	// A mission's page: its map, its analysis, its downloads, the editor.
	vl := string(files["invader/violet-lockdown/index.html"])
	for _, want := range []string{"<h1>Violet Lockdown</h1>", `src="page.svg"`, "Play order", "violet-lockdown-a4.pdf", "violet-lockdown-letter.pdf",
		editor + "#mission=v1.", `<meta property="og:image" content="` + base + `invader/violet-lockdown/card.png">`,
		`<link rel="canonical" href="` + base + `invader/violet-lockdown/">`, "../../tilesets/station/index.html"} {
		if !strings.Contains(vl, want) {
			t.Errorf("the Violet Lockdown page lacks %q", want)
		}
	}
	// The editor's link carries the mission itself: the web editor reads
	// it without a request to this site or any other.
	if i := strings.Index(vl, "#mission="); i >= 0 {
		payload := vl[i+len("#mission="):]
		payload = payload[:strings.IndexByte(payload, '"')]
		name, got, err := sharelink.Decode(payload)
		want, _ := os.ReadFile("../examples/invader/violet-lockdown.yaml")
		if err != nil || name != "violet-lockdown.yaml" || !bytes.Equal(got, want) {
			t.Errorf("the editor link does not carry the mission: %q %v", name, err)
		}
	}
	if !bytes.HasPrefix(files["invader/violet-lockdown/violet-lockdown-a4.pdf"], []byte("%PDF-")) ||
		!bytes.HasPrefix(files["invader/violet-lockdown/card.png"], []byte("\x89PNG")) {
		t.Error("the download is not a PDF, or the preview picture not a PNG")
	}
	checkLinks(t, out, editor, base)
	validateHTML(t, out)

	// The same input, another folder: the same bytes.
	again := t.TempDir()
	if code, _, stderr := runSite(t, "-o", again, "--title", "Our missions", "--editor", editor, "--base-url", base, "--paper", "a4,letter", "../examples"); code != 0 {
		t.Fatalf("second build: exit %d: %s", code, stderr)
	}
	second := readTree(t, again)
	if len(second) != len(files) {
		t.Fatalf("second build wrote %d files, first %d", len(second), len(files))
	}
	for name, data := range files {
		if !bytes.Equal(second[name], data) {
			t.Errorf("%s differs between two builds of the same input", name)
		}
	}
	// Built again where it is: nothing is redrawn.
	if code, _, stderr := runSite(t, "-o", out, "--title", "Our missions", "--editor", editor, "--base-url", base, "--paper", "a4,letter", "../examples"); code != 0 || !strings.Contains(stderr, "(0 redrawn, 0 removed, 0 files written)") {
		t.Fatalf("an unchanged rebuild: exit %d, %s", code, stderr)
	}
}

// copyFile copies src to dst, making dst's folder.
func copyFile(t testing.TB, src, dst string) {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	os.MkdirAll(filepath.Dir(dst), 0o755)
	if err := os.WriteFile(dst, data, 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestSiteBrokenFileAndRebuild(t *testing.T) {
	col := t.TempDir()
	copyFile(t, "../examples/invader/violet-lockdown.yaml", filepath.Join(col, "a/violet.yaml"))
	copyFile(t, "../examples/classic/blue-line.yaml", filepath.Join(col, "a/blue.yaml"))
	copyFile(t, "../testdata/broken/key-behind-lock.yaml", filepath.Join(col, "b/broken.yaml"))
	copyFile(t, "../examples/facility/cold-landing.yaml", filepath.Join(col, "b/cold.yaml"))
	out := filepath.Join(t.TempDir(), "public")

	// A file with errors gets a page saying so; the site is written, and
	// --fail-on makes the exit code refuse it, as validate's does.
	code, stdout, stderr := runSite(t, "-o", out, col)
	if code != 1 {
		t.Fatalf("exit %d with a broken mission; want 1\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "broken.yaml:") || !strings.Contains(stdout, "[key-behind-lock]") {
		t.Errorf("the failing findings are not printed:\n%s", stdout)
	}
	broken, err := os.ReadFile(filepath.Join(out, "b/broken/index.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`class="badge errors"`, "key-behind-lock", "broken.yaml:12:5"} {
		if !bytes.Contains(broken, []byte(want)) {
			t.Errorf("the broken mission's page lacks %q", want)
		}
	}
	idx, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if n := bytes.Count(idx, []byte(`<li class="card" data-game=`)); n != 4 {
		t.Errorf("the index has %d cards; want 4 (one per mission, the broken one too)", n)
	}
	checkLinks(t, out)

	stamps := func() map[string]time.Time {
		m := map[string]time.Time{}
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				st, _ := d.Info()
				m[p] = st.ModTime()
			}
			return nil
		})
		return m
	}
	before := stamps()

	// One mission changes and one is deleted: only the changed mission's
	// files (and the index) are written again; the deleted one's go.
	v := filepath.Join(col, "a/violet.yaml")
	data, _ := os.ReadFile(v)
	os.WriteFile(v, bytes.Replace(data, []byte("title: Violet Lockdown"), []byte("title: Violet Lockdown Again"), 1), 0o644)
	os.Remove(filepath.Join(col, "b/cold.yaml"))
	code, _, stderr = runSite(t, "-o", out, "--fail-on", "error", col)
	if code != 1 || !strings.Contains(stderr, "(1 redrawn, 1 removed,") {
		t.Fatalf("rebuild: exit %d, %s", code, stderr)
	}
	after := stamps()
	for p, ts := range before {
		rel, _ := filepath.Rel(out, p)
		rel = filepath.ToSlash(rel)
		switch {
		case strings.HasPrefix(rel, "b/cold/"):
			if _, ok := after[p]; ok {
				t.Errorf("%s of the deleted mission is still there", rel)
			}
		case strings.HasPrefix(rel, "a/violet/") || rel == "index.html":
		case rel == "_site/search.js" || strings.HasPrefix(rel, "games/") || strings.HasPrefix(rel, "authors/"):
			// What lists every mission: the search's index, the pages of
			// a game and of an author.
		default:
			if !after[p].Equal(ts) {
				t.Errorf("%s was written again though its mission did not change", rel)
			}
		}
	}
	page, _ := os.ReadFile(filepath.Join(out, "a/violet/index.html"))
	if !bytes.Contains(page, []byte("Violet Lockdown Again")) {
		t.Error("the changed mission's page was not redrawn")
	}

	// Usage errors.
	if code, _, _ := runSite(t, col); code != 2 {
		t.Errorf("no -o: exit %d; want 2", code)
	}
	if code, _, _ := runSite(t, "-o", out, "--fail-on", "warn", col); code != 2 {
		t.Errorf("a bad --fail-on: exit %d; want 2", code)
	}
	if code, _, _ := runSite(t, "-o", v, col); code != 2 {
		t.Errorf("-o naming a file: exit %d; want 2", code)
	}
}

// generateCollection writes n missions, in turn of each game, made from
// the examples with their own ids, titles and difficulties, and returns
// each mission's game and players range by file.
func generateCollection(t testing.TB, dir string, n int) map[string][3]string {
	t.Helper()
	sources := []string{"invader/violet-lockdown", "invader/first-contact", "classic/blue-line", "classic/night-shift",
		"facility/cold-landing", "facility/breach-wing", "colony/field-hospital", "colony/radio-silence", "survival-infection/long-night", "survival-infection/base-game"}
	copyFile(t, "../examples/colony/collections/shelf.yaml", filepath.Join(dir, "colony/collections/shelf.yaml"))
	levels := []string{"easy", "medium", "hard", "deadly"}
	idRe := regexp.MustCompile(`(?m)^id: .*$`)
	titleRe := regexp.MustCompile(`(?m)^title: .*$`)
	levelRe := regexp.MustCompile(`(?m)^difficulty: .*$`)
	rulesetRe := regexp.MustCompile(`(?m)^ruleset: (\S+)`)
	playersRe := regexp.MustCompile(`(?m)^players: (\S+)`)
	out := map[string][3]string{}
	for i := range n {
		src := sources[i%len(sources)]
		data, err := os.ReadFile("../examples/" + src + ".yaml")
		if err != nil {
			t.Fatal(err)
		}
		game := strings.SplitN(src, "/", 2)[0]
		id := fmt.Sprintf("%s-%03d", filepath.Base(src), i)
		s := idRe.ReplaceAllString(string(data), "id: "+id)
		s = titleRe.ReplaceAllString(s, fmt.Sprintf("title: Generated mission %03d", i))
		s = levelRe.ReplaceAllString(s, "difficulty: "+levels[i%len(levels)])
		file := filepath.Join(dir, game, id+".yaml")
		os.MkdirAll(filepath.Dir(file), 0o755)
		if err := os.WriteFile(file, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
		rs := rulesetRe.FindStringSubmatch(s)
		pl := playersRe.FindStringSubmatch(s)
		var players string
		if pl != nil {
			players = pl[1]
		}
		out[file] = [3]string{rs[1], players, id}
	}
	return out
}

// playersFit says whether a range as written ("2-6", "3") takes n players.
func playersFit(r string, n int) bool {
	if r == "" {
		return true
	}
	lo, hi, ok := strings.Cut(r, "-")
	if !ok {
		hi = lo
	}
	a, _ := strconv.Atoi(lo)
	b, _ := strconv.Atoi(hi)
	return (a == 0 || n >= a) && (b == 0 || n <= b)
}

func TestSiteOfAGeneratedCollection(t *testing.T) {
	col := t.TempDir()
	// A few hundred in a long run (ZMISSION_SITE_MISSIONS=300); CI's run
	// keeps to a size whose drawing costs a few seconds.
	n := 120
	if v, err := strconv.Atoi(os.Getenv("ZMISSION_SITE_MISSIONS")); err == nil && v > 0 {
		n = v
	}
	missions := generateCollection(t, col, n)
	out := t.TempDir()
	code, stdout, stderr := runSite(t, "-o", out, col)
	if code != 0 {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	idx, _ := os.ReadFile(filepath.Join(out, "index.html"))
	if got := bytes.Count(idx, []byte(`<li class="card" data-game=`)); got < n {
		t.Fatalf("the index has %d cards for %d missions", got, n)
	}
	checkLinks(t, out)
	validateHTML(t, out)
	siteFilters(t, out, missions)
	siteFind(t, out, missions)
}

// A folder named through a link is walked, as 'ls' and a shell glob would:
// validate and site find its missions.
func TestWalkFollowsANamedLink(t *testing.T) {
	dir := t.TempDir()
	copyFile(t, "../examples/invader/first-contact.yaml", filepath.Join(dir, "real/first-contact.yaml"))
	link := filepath.Join(dir, "link")
	if err := os.Symlink(filepath.Join(dir, "real"), link); err != nil {
		t.Skip("no symbolic links here")
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"zmission", "validate", link}, nil, &out, &errb); code != 0 {
		t.Fatalf("validate of a linked folder: exit %d\n%s%s", code, out.String(), errb.String())
	}
	if code, _, stderr := runSite(t, "-o", filepath.Join(dir, "public"), link); code != 0 || !strings.Contains(stderr, "(2 redrawn") {
		t.Fatalf("site of a linked folder: exit %d, %s", code, stderr)
	}
}
