package ours_test

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"

	_ "github.com/zmission/zmission/lint" // registers the five games
	"github.com/zmission/zmission/ours"
)

// docs/mission-format.md, "Which files are zmission's": "A file is claimed
// by its content, never by its folder or extension alone."
func TestClassifyByContent(t *testing.T) {
	cases := []struct {
		name, data string
		want       ours.Kind
	}{
		// Ours, each by the keys the rule names.
		{"m.yaml", "format: 1\nid: a\nruleset: zombicide-invader\n", ours.Mission},
		{"m.json", `{"format": 1, "id": "a", "ruleset": "colony"}`, ours.Mission},
		{"m.yaml", "title: Started\nruleset: facility\n", ours.Mission}, // a ruleset naming a game
		{"m.yaml", "briefing: soon\n", ours.Mission},
		{"t.yaml", "format: 1\nname: mine\nfaces: []\n", ours.Tileset},
		{"c.yaml", "name: shelf\nruleset: colony\ntokens: {zombie: 3}\n", ours.Collection},
		{"dir/.zmission.yaml", "", ours.Config},
		{".zmission.yml", "severity: {}\n", ours.Config},
		// Not ours: no such key, or no mapping at all.
		{"empty.yaml", "", ours.None},
		{"blank.yaml", "\n\n  \n", ours.None},
		{"notes.yaml", "# only a comment\n# and another\n", ours.None},
		{"play.yml", "- hosts: all\n  tasks:\n    - name: ping\n      ping: {}\n", ours.None},
		{"list.json", `[1, 2, 3]`, ours.None},
		{"k8s.yaml", "apiVersion: v1\nkind: Service\nmetadata: {name: a}\n---\napiVersion: v1\nkind: Pod\nmetadata: {name: b}\n", ours.None},
		{"package.json", `{"name": "site", "version": "1.0.0", "scripts": {"build": "x"}}`, ours.None},
		{"mkdocs.yml", "site_name: Missions\nnav:\n  - Home: index.md\ntheme: material\n", ours.None},
		{"ci.yml", "name: CI\non: [push]\njobs:\n  check:\n    runs-on: ubuntu-latest\n", ours.None},
		{"box.yaml", "name: box\nruleset: unknown-game\n", ours.None},
		{"box.yaml", "name: my-box\nruleset: zombicide-invader\ntokens: {exit: 1}\n", ours.None},
		{"scalar.yaml", "just text\n", ours.None},
		{"format.txt.yaml", "formatting: on\n", ours.None},
	}
	for _, c := range cases {
		if got := ours.Classify(c.name, []byte(c.data)); got != c.want {
			t.Errorf("Classify(%s, %q) = %q, want %q", c.name, c.data, got, c.want)
		}
	}
}

// The boundary of a file that does not parse, both ways: "A half-written
// mission (it has mission keys and errors) is still checked as a mission",
// while a broken file that shows none of them is passed over.
func TestClassifyUnparsed(t *testing.T) {
	cases := []struct {
		name, data string
		want       ours.Kind
	}{
		{"half.yaml", "format: 1\nid: half\ntiles:\n  - {face: 1A, at: [0, 0]\n", ours.Mission},
		{"half.yaml", "\ufefftitle: x\nruleset: \"zombicide-classic\" # the box\nsurvivors: [\n", ours.Mission},
		{"half.json", `{"format": 1, "tiles": [ {"face": "1A",`, ours.Mission},
		{"half.json", `{"notes": {"a": [1, {"b": 2}]}, "ruleset": "colony", "id": `, ours.Mission},
		{"two.yaml", "format: 1\nid: a\n---\nformat: 1\nid: b\n", ours.Mission},
		{"tiles.yaml", "name: mine\nfaces:\n  - [\n", ours.Tileset},
		{"shelf.yaml", "name: shelf\nruleset: colony\ntokens: {zombie: 3\n", ours.Collection},
		{"broken.yaml", "services:\n  web: {image: [\n", ours.None},
		{"broken.json", `{"name": "x", "dependencies": {"id": 1, "format": `, ours.None},
		{"broken.json", `[{"format": 1, "id": "a"}`, ours.None},
		{"indented.yaml", "spec:\n  format: 1\n  id: [\n", ours.None},
		{"tab.yaml", "x:\t[\nformat:1\n", ours.None},
		{"utf16.yaml", "\xff\xfef\x00o\x00r\x00m\x00a\x00t\x00:\x00 \x001\x00\n\x00", ours.Mission},
		{"utf16.yaml", "\x00f\x00o\x00r\x00m\x00a\x00t\x00:\x00 \x001\x00\n", ours.Mission},
		{"utf16.yaml", "\xff\xfen\x00o\x00:\x00 \x001\x00\n\x00", ours.None},
	}
	for _, c := range cases {
		if got := ours.Classify(c.name, []byte(c.data)); got != c.want {
			t.Errorf("Classify(%s, %q) = %q, want %q", c.name, c.data, got, c.want)
		}
	}
}

// Every example of the five games and every built-in file of theirs is
// claimed, as what it is.
func TestClassifyExamples(t *testing.T) {
	want := map[string]ours.Kind{
		"../examples/invader/first-contact.yaml":         ours.Mission,
		"../examples/classic/blue-line.yaml":             ours.Mission,
		"../examples/facility/breach-wing.yaml":          ours.Mission,
		"../examples/colony/field-hospital.yaml":         ours.Mission,
		"../examples/colony/collections/shelf.yaml":      ours.Collection,
		"../examples/survival-infection/base-game.yaml":  ours.Mission,
		"../examples/templates/zombicide-invader.yaml":   ours.Mission,
		"../layout/tilesets/city.yaml":                   ours.Tileset,
		"../schema/mission.schema.json":                  ours.None,
		"../schema/colony-collection.schema.json":        ours.None,
		"../examples/templates/survival-infection.yaml":  ours.Mission,
		"../examples/facility/cold-landing.yaml":         ours.Mission,
		"../examples/colony/radio-silence.yaml":          ours.Mission,
		"../examples/survival-infection/long-night.yaml": ours.Mission,
		"../examples/invader/violet-lockdown.yaml":       ours.Mission,
		"../examples/classic/night-shift.yaml":           ours.Mission,
		"../examples/templates/zombicide-classic.yaml":   ours.Mission,
		"../examples/templates/colony.yaml":              ours.Mission,
		"../examples/templates/facility.yaml":            ours.Mission,
		"../layout/tilesets/station.yaml":                ours.Tileset,
		"../schema/config.schema.json":                   ours.None,
		"../schema/facility.schema.json":                 ours.None,
		"../schema/colony.schema.json":                   ours.None,
	}
	for path, k := range want {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := ours.Classify(path, data); got != k {
			t.Errorf("%s: %q, want %q", path, got, k)
		}
	}
}

func write(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for name, data := range files {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func walk(t *testing.T, root string, o ours.WalkOptions) ([]string, int) {
	t.Helper()
	var got []string
	n, err := ours.Walk(root, o, func(p string) error {
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		got = append(got, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return got, n
}

const mission = "format: 1\nid: m\nruleset: zombicide-invader\n"

func TestWalkPassesOverOutputAndForeignFiles(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml":             mission,
		"sub/b.YML":          mission,
		"sub/notes.yaml":     "# nothing yet\n",
		"package.json":       `{"name": "x"}`,
		"readme.md":          "format: 1\n",
		".hidden.yaml":       mission,
		".github/ci.yml":     mission,
		"testdata/bad.yaml":  mission,
		"public/a.yaml":      mission,
		"site/copy/c.yaml":   mission,
		"site/copy/d.yaml":   mission,
		"tiles/mine.yaml":    "name: mine\nfaces: []\n",
		"deep/er/half.yaml":  "format: 1\nid: [\n",
		"deep/er/broke.yaml": "services: [\n",
	})
	if err := ours.MarkOutput(filepath.Join(root, "public")); err != nil {
		t.Fatal(err)
	}
	if err := ours.MarkOutput(filepath.Join(root, "site", "copy")); err != nil {
		t.Fatal(err)
	}
	got, n := walk(t, root, ours.WalkOptions{Owned: true})
	want := []string{"a.yaml", "deep/er/half.yaml", "sub/b.YML", "tiles/mine.yaml"}
	if !slices.Equal(got, want) {
		t.Errorf("walk gave %q, want %q", got, want)
	}
	// Two output folders, and package.json, notes.yaml and broke.yaml.
	if n != 5 {
		t.Errorf("passed over %d, want 5", n)
	}
	// Without Owned the caller classifies: every YAML and JSON file reached.
	got, n = walk(t, root, ours.WalkOptions{})
	want = []string{"a.yaml", "deep/er/broke.yaml", "deep/er/half.yaml", "package.json", "sub/b.YML", "sub/notes.yaml", "tiles/mine.yaml"}
	if !slices.Equal(got, want) || n != 2 {
		t.Errorf("walk gave %q (%d passed over), want %q (2)", got, n, want)
	}
	// A folder named itself is walked, marker or not.
	got, _ = walk(t, filepath.Join(root, "public"), ours.WalkOptions{Owned: true})
	if !slices.Equal(got, []string{"a.yaml"}) {
		t.Errorf("walking the output folder itself gave %q", got)
	}
}

func TestMarkOutputLeavesItsMarkerAlone(t *testing.T) {
	dir := t.TempDir()
	if err := ours.MarkOutput(dir); err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, ours.OutputMarker)
	first, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	old := first.ModTime().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
	if err := ours.MarkOutput(dir); err != nil {
		t.Fatal(err)
	}
	again, err := os.Stat(p)
	if err != nil {
		t.Fatal(err)
	}
	if !again.ModTime().Equal(old) {
		t.Error("a second MarkOutput rewrote the marker")
	}
	if err := ours.MarkOutput(filepath.Join(dir, "missing")); err == nil {
		t.Error("MarkOutput of a missing folder gave no error")
	}
}

func TestWalkMissingRoot(t *testing.T) {
	if _, err := ours.Walk(filepath.Join(t.TempDir(), "nope"), ours.WalkOptions{}, func(string) error { return nil }); !os.IsNotExist(err) {
		t.Errorf("walking a missing folder: %v, want not-exist", err)
	}
}
