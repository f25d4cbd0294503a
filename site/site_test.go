package site

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// fakeInputs are pages made of their key, counting how often each is made.
func fakeInputs(made *atomic.Int32, keys map[string]string) []Input {
	var in []Input
	var slugs []string
	for s := range keys {
		slugs = append(slugs, s)
	}
	slices.Sort(slugs)
	for _, s := range slugs {
		key := keys[s]
		in = append(in, Input{Slug: s, Key: key, Make: func() (*Page, map[string][]byte, error) {
			made.Add(1)
			p := &Page{Title: "T " + key, Kind: "mission", Ruleset: "zombicide-invader", Game: "Zombicide: Invader",
				Players: "1-6", PlayersMin: 1, PlayersMax: 6, Pictures: []Picture{{File: "page.svg", Alt: "a page"}}, Thumbnail: "page.svg"}
			return p, map[string][]byte{"page.svg": []byte("<svg xmlns='http://www.w3.org/2000/svg'>" + key + "</svg>"), "m.yaml": []byte(key)}, nil
		}})
	}
	return in
}

func snapshot(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		data, err := os.ReadFile(p)
		rel, _ := filepath.Rel(dir, p)
		out[filepath.ToSlash(rel)] = string(data)
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func TestBuildIsIncremental(t *testing.T) {
	dir := t.TempDir()
	var made atomic.Int32
	keys := map[string]string{"a/one": "1", "a/two": "2", "b/three": "3"}
	rep, _, err := Build(dir, fakeInputs(&made, keys), Options{Title: "Club"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if made.Load() != 3 || len(rep.Redrawn) != 3 {
		t.Fatalf("first build made %d pages, redrew %v; want all 3", made.Load(), rep.Redrawn)
	}
	first := snapshot(t, dir)
	stamp := map[string]time.Time{}
	for f := range first {
		st, _ := os.Stat(filepath.Join(dir, f))
		stamp[f] = st.ModTime()
	}

	// The same inputs: nothing is made, nothing written.
	made.Store(0)
	rep, _, err = Build(dir, fakeInputs(&made, keys), Options{Title: "Club"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if made.Load() != 0 || rep.Written != 0 || len(rep.Redrawn) != 0 {
		t.Fatalf("unchanged build made %d pages and wrote %d files (redrawn %v); want none", made.Load(), rep.Written, rep.Redrawn)
	}
	if again := snapshot(t, dir); !mapsEqual(first, again) {
		t.Fatal("an unchanged build changed the site")
	}

	// One page changes and one file is gone: only that page is made, only
	// its files and the index change, and the gone page's files go.
	made.Store(0)
	keys["a/two"] = "2b"
	delete(keys, "b/three")
	rep, _, err = Build(dir, fakeInputs(&made, keys), Options{Title: "Club"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if made.Load() != 1 || !slices.Equal(rep.Redrawn, []string{"a/two"}) || !slices.Equal(rep.Removed, []string{"b/three"}) {
		t.Fatalf("made %d, redrawn %v, removed %v; want a/two made and b/three removed", made.Load(), rep.Redrawn, rep.Removed)
	}
	after := snapshot(t, dir)
	for f := range first {
		st, err := os.Stat(filepath.Join(dir, f))
		switch {
		case strings.HasPrefix(f, "b/three/"):
			if err == nil {
				t.Errorf("%s of the deleted file is still there", f)
			}
		case strings.HasPrefix(f, "a/two/") || f == "index.html":
		case f == searchName || strings.HasPrefix(f, "games/"):
			// What lists every page: the search's index, the game's page.
		default:
			if err != nil || !st.ModTime().Equal(stamp[f]) || after[f] != first[f] {
				t.Errorf("%s was rewritten though its page did not change", f)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "b")); err == nil {
		t.Error("the folder of the deleted page is left empty")
	}
	if !strings.Contains(after["a/two/page.svg"], "2b") || strings.Contains(after["index.html"], "T 3") {
		t.Error("the index or the changed page does not show the change")
	}

	// Another title redraws every page.
	made.Store(0)
	if _, _, err = Build(dir, fakeInputs(&made, keys), Options{Title: "Other club"}, nil); err != nil {
		t.Fatal(err)
	}
	if made.Load() != 2 {
		t.Fatalf("a new title made %d pages; want every page (2)", made.Load())
	}
}

func TestBuildIsDeterministic(t *testing.T) {
	var made atomic.Int32
	keys := map[string]string{}
	for i := range 40 {
		keys["p/"+string(rune('a'+i%26))+strings.Repeat("x", i/26)] = string(rune('A' + i%26))
	}
	a, b := t.TempDir(), t.TempDir()
	if _, _, err := Build(a, fakeInputs(&made, keys), Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, _, err := Build(b, fakeInputs(&made, keys), Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if !mapsEqual(snapshot(t, a), snapshot(t, b)) {
		t.Fatal("two builds of the same input differ")
	}
}

func TestBuildRefusesBadNames(t *testing.T) {
	for _, slug := range []string{"", "../x", "/abs", "a/../../b", "_site", ".hidden", "A", "a b", "a//b"} {
		in := []Input{{Slug: slug, Key: "k", Make: func() (*Page, map[string][]byte, error) { return &Page{}, nil, nil }}}
		if _, _, err := Build(t.TempDir(), in, Options{}, nil); err == nil {
			t.Errorf("slug %q was accepted", slug)
		}
	}
	in := []Input{{Slug: "ok", Key: "k", Make: func() (*Page, map[string][]byte, error) {
		return &Page{}, map[string][]byte{"../escape": []byte("x")}, nil
	}}}
	if _, _, err := Build(t.TempDir(), in, Options{}, nil); err == nil {
		t.Error("a file name leaving the page's folder was accepted")
	}
}

// A manifest edited by hand (or by a hostile pull request) never makes the
// build delete a file outside the site's folder.
func TestBuildRemovesOnlyInside(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "site")
	victim := filepath.Join(parent, "keep.txt")
	os.WriteFile(victim, []byte("mine"), 0o644)
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, manifestName), []byte(`{"generator":"`+generator+`","pages":{"x":{"key":"k","files":["../keep.txt","/etc/passwd"]}},"shared":["../keep.txt"]}`), 0o644)
	var made atomic.Int32
	if _, _, err := Build(dir, fakeInputs(&made, map[string]string{"a": "1"}), Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(victim); err != nil {
		t.Fatal("a file outside the site was removed")
	}
}

func TestIndexEscapesMarkup(t *testing.T) {
	in := []Input{{Slug: "x", Key: "k", Make: func() (*Page, map[string][]byte, error) {
		return &Page{Title: `<script>alert(1)</script>`, Briefing: `"><img src=x onerror=alert(1)>`, Kind: "mission"}, nil, nil
	}}}
	dir := t.TempDir()
	if _, _, err := Build(dir, in, Options{Title: "<b>club</b>"}, nil); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"index.html", "x/index.html"} {
		data, _ := os.ReadFile(filepath.Join(dir, f))
		if bytes.Contains(data, []byte("<script>alert")) || bytes.Contains(data, []byte("<img src=x")) || bytes.Contains(data, []byte("<b>club")) {
			t.Errorf("%s carries the title's markup unescaped", f)
		}
	}
}

func mapsEqual(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// The manifest names every page's source and facts: it is kept beside the
// published folder, as Hugo keeps its cache, never in it. One an earlier
// version left inside is read (the pages it lists are not drawn again)
// and removed.
func TestManifestBesideTheSite(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "public")
	var made atomic.Int32
	in := fakeInputs(&made, map[string]string{"a/one": "1", "a/two": "2"})
	if _, _, err := Build(dir, in, Options{}, nil); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, manifestName)); err == nil {
		t.Error("the manifest is in the published folder")
	}
	beside := filepath.Join(parent, ".public"+manifestName)
	data, err := os.ReadFile(beside)
	if err != nil || !bytes.Contains(data, []byte(`"a/one"`)) {
		t.Fatalf("no manifest beside the site: %v", err)
	}
	// As an earlier version left it: inside, and none beside.
	if err := os.Rename(beside, filepath.Join(dir, manifestName)); err != nil {
		t.Fatal(err)
	}
	made.Store(0)
	rep, _, err := Build(dir, in, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if made.Load() != 0 || len(rep.Redrawn) != 0 {
		t.Errorf("the old manifest was not read: %d pages made again", made.Load())
	}
	if _, err := os.Stat(filepath.Join(dir, manifestName)); err == nil {
		t.Error("the old manifest was left in the published folder")
	}
	if _, err := os.Stat(beside); err != nil {
		t.Error("no manifest beside the site after the second build")
	}
}
