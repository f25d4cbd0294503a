package ours_test

import (
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/zmission/zmission/examples"
	"github.com/zmission/zmission/layout"
	_ "github.com/zmission/zmission/lint" // registers the five games
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/schema"
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
		{"m.yaml", "title: Started\nruleset: facility\n", ours.Mission},           // a ruleset naming a game
		{"m.yaml", "format: 1\nid: a\nruleset: zombicide-invadr\n", ours.Mission}, // misspelt: claimed, so reported
		{"m.yaml", "ruleset: 7\n", ours.Mission},
		{"m.json", `{"$schema": "../schema/mission.schema.json", "title": "x"}`, ours.Mission},
		{"m.json", `{"$schema": "https://zmission.github.io/schema/v1/facility.schema.json"}`, ours.Mission},
		{"m.yaml", "# yaml-language-server: $schema=../../schema/colony.schema.json\ntitle: x\n", ours.Mission},
		{"t.yaml", "# yaml-language-server: $schema=schema/tileset.schema.json\nname: mine\n", ours.Tileset},
		{"t.json", `{"$schema": "schema/tileset.schema.json", "name": "mine"}`, ours.Tileset},
		{"c.json", `{"$schema": "../schema/colony-collection.schema.json"}`, ours.Collection},
		{"m.js\u006fn", `{"rul\u0065set": "colony", "format": 1, "id": "x"}`, ours.Mission},
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
		// Look-alikes: keys a mission has, in files of other tools.
		{"m.yaml", "briefing: soon\n", ours.None},
		{"manifest.json", lookalike["manifest.json"], ours.None},
		{"_quarto.yml", lookalike["_quarto.yml"], ours.None},
		{"schema.json", lookalike["schema.json"], ours.None},
		{"_data/missions.yml", lookalike["_data/missions.yml"], ours.None},
		{"_data/site.yml", lookalike["_data/site.yml"], ours.None},
		{"map.json", lookalike["map.json"], ours.None},
		{"tileset.json", lookalike["tileset.json"], ours.None},
		{"other.json", `{"$schema": "https://example.org/mission.schema.json", "id": "x"}`, ours.None},
		{"other.yaml", "# yaml-language-server: $schema=https://json.schemastore.org/github-workflow.json\non: push\n", ours.None},
		{"other.yaml", "note: \"# yaml-language-server: $schema=schema/mission.schema.json\"\n", ours.None},
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
		{"half.yaml", "format: 1\nid: half\ntiles:\n  - {face: 1A, at: [0, 0]\nruleset: facility\n", ours.Mission},
		{"half.yaml", "format: 1\nid: half\ntiles:\n  - {face: 1A, at: [0, 0]\n", ours.None},
		{"half.yaml", "\ufefftitle: x\nruleset: \"zombicide-classic\" # the box\nsurvivors: [\n", ours.Mission},
		{"half.json", `{"format": 1, "ruleset": "zombicide-classic", "tiles": [ {"face": "1A",`, ours.Mission},
		{"half.json", `{"$schema": "../schema/mission.schema.json", "tiles": [ {"face": "1A",`, ours.Mission},
		{"half.json", `{"notes": {"a": [1, {"b": 2}]}, "ruleset": "colony", "id": `, ours.Mission},
		{"two.yaml", "format: 1\nid: a\nruleset: colony\n---\nformat: 1\nid: b\n", ours.Mission},
		{"two.yaml", "format: 1\nid: a\n---\nformat: 1\nid: b\n", ours.None},
		{"tiles.yaml", "name: mine\nfaces:\n  - [\n", ours.Tileset},
		{"shelf.yaml", "name: shelf\nruleset: colony\ntokens: {zombie: 3\n", ours.Collection},
		{"broken.yaml", "services:\n  web: {image: [\n", ours.None},
		{"broken.json", `{"name": "x", "dependencies": {"id": 1, "format": `, ours.None},
		{"broken.json", `[{"format": 1, "id": "a"}`, ours.None},
		{"indented.yaml", "spec:\n  format: 1\n  id: [\n", ours.None},
		{"tab.yaml", "x:\t[\nformat:1\n", ours.None},
		{"utf16.yaml", utf16le("\ufeffruleset: colony\n"), ours.Mission},
		{"utf16.yaml", utf16be("ruleset: colony\n"), ours.Mission},
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

// Every file zmission ships as an example of its formats (the examples of
// the five games, the templates of zmission new, the built-in tile sets,
// the collections beside the examples) is claimed, as what it is, with and
// without the comment naming its schema; the schemas themselves are not.
func TestClassifyEveryEmbeddedFile(t *testing.T) {
	check := func(fsys fs.FS, want func(string) ours.Kind) {
		err := fs.WalkDir(fsys, ".", func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			data, err := fs.ReadFile(fsys, p)
			if err != nil {
				return err
			}
			k := want(p)
			if got := ours.Classify(p, data); got != k {
				t.Errorf("%s: %q, want %q", p, got, k)
			}
			// Without its comments (the schema line among them) it is
			// still told by its keys.
			var bare []byte
			for _, l := range strings.SplitAfter(string(data), "\n") {
				if !strings.HasPrefix(l, "#") {
					bare = append(bare, l...)
				}
			}
			if got := ours.Classify(p, bare); got != k {
				t.Errorf("%s without comments: %q, want %q", p, got, k)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	check(examples.FS, func(string) ours.Kind { n++; return ours.Mission })
	check(examples.Companions, func(string) ours.Kind { n++; return ours.Collection })
	if n < 15 {
		t.Errorf("only %d examples, templates and collections looked at", n)
	}
	for _, name := range layout.BuiltinNames() {
		data, ok := layout.BuiltinSource(name)
		if !ok {
			t.Fatalf("no source for the built-in tile set %s", name)
		}
		if got := ours.Classify(name+".yaml", data); got != ours.Tileset {
			t.Errorf("built-in tile set %s: %q", name, got)
		}
	}
	for _, name := range schema.Names() {
		data, _ := schema.Source(name)
		if got := ours.Classify(name+".schema.json", data); got != ours.None {
			t.Errorf("schema %s: %q, want none", name, got)
		}
	}
}

// A $schema claims a file only by the names of the schemas zmission
// writes (zmission schema --write, zmission new).
func TestSchemaFilesAreTheEmbeddedOnes(t *testing.T) {
	var want []string
	for _, n := range schema.Names() {
		if n != "config" { // the configuration is told by its name
			want = append(want, n+".schema.json")
		}
	}
	slices.Sort(want)
	if got := ours.SchemaFiles(); !slices.Equal(got, want) {
		t.Errorf("SchemaFiles() = %q, want %q", got, want)
	}
}

// A file with a mission's format: 1 and id: and no ruleset is not claimed,
// but named on purpose it is checked as the mission it is becoming; the
// look-alikes are not.
func TestUnfinished(t *testing.T) {
	cases := []struct {
		name, data string
		want       bool
	}{
		{"m.yaml", "format: 1\nid: a\ntitle: x\n", true},
		{"m.json", `{"format": 1, "id": "a"}`, true},
		{"m.yaml", "format: 1\nid: [\n", true}, // judged by the keys it shows
		{"m.json", `{"format": 1, "id": "a", "tiles": [`, true},
		{"m.yaml", "format: 1\nid: a\nruleset: colony\n", false}, // claimed already
		{"m.yaml", "id: a\n", false},
		{"_data/site.yml", "id: fan-site\nformat: html\n", false},
		{"_quarto.yml", lookalike["_quarto.yml"], false},
		{"manifest.json", lookalike["manifest.json"], false},
		{"schema.json", lookalike["schema.json"], false},
		{"m.yaml", "format: 2\nid: a\n", false},
	}
	for _, c := range cases {
		if got := ours.UnfinishedFile(c.name, []byte(c.data)); got != c.want {
			t.Errorf("UnfinishedFile(%s, %q) = %v, want %v", c.name, c.data, got, c.want)
		}
		if ours.Classify(c.name, []byte(c.data)) == ours.Mission && c.want {
			t.Errorf("%s: an unfinished mission is claimed", c.name)
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
		"deep/er/half.yaml":  "ruleset: colony\nformat: 1\nid: [\n",
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

// lookalike holds files of other tools with keys a mission has too (id,
// format, title, tiles), each as the tool writes it.
var lookalike = map[string]string{
	// A web app's manifest (W3C Web Application Manifest).
	"manifest.json": `{"id": "/", "name": "Mission board", "short_name": "Missions", "start_url": "/", "display": "standalone", "icons": [{"src": "icon.png", "sizes": "192x192"}]}`,
	// Quarto's project settings.
	"_quarto.yml": "project:\n  type: website\nwebsite:\n  title: \"Our missions\"\nformat:\n  html:\n    theme: cosmo\n",
	// A draft-04 JSON Schema names itself with id.
	"schema.json": `{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.org/box.json", "title": "Box", "type": "object", "properties": {"format": {"type": "integer"}}}`,
	// Jekyll data: a list, and a mapping of settings.
	"_data/missions.yml": "- id: first\n  title: First\n  format: pdf\n- id: second\n  title: Second\n",
	"_data/site.yml":     "id: fan-site\nformat: html\nbriefing: Fan missions\n",
	// A Tiled map and a Tiled tile set, saved as JSON.
	"map.json":     `{"compressionlevel": -1, "height": 10, "infinite": false, "layers": [{"id": 1, "name": "floor", "type": "tilelayer", "data": [1, 2]}], "nextobjectid": 1, "orientation": "orthogonal", "tiledversion": "1.10.2", "tileheight": 32, "tilesets": [{"firstgid": 1, "source": "tileset.json"}], "tilewidth": 32, "type": "map", "version": "1.10", "width": 10}`,
	"tileset.json": `{"columns": 8, "image": "tiles.png", "imageheight": 256, "imagewidth": 256, "margin": 0, "name": "station", "spacing": 0, "tilecount": 64, "tiledversion": "1.10.2", "tileheight": 32, "tiles": [{"id": 0, "type": "floor"}], "tilewidth": 32, "type": "tileset", "version": "1.10"}`,
}

func utf16le(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u), byte(u>>8))
	}
	return string(b)
}

func utf16be(s string) string {
	var b []byte
	for _, u := range utf16.Encode([]rune(s)) {
		b = append(b, byte(u>>8), byte(u))
	}
	return string(b)
}

// Outside a git checkout (a zip download) the folders of installed
// packages and build output are passed over; in a checkout, what
// .gitignore says decides, so the same folders are walked there unless it
// names them.
func TestWalkPassesOverBuildFoldersWithoutGit(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml":                       mission,
		"node_modules/pkg/m.yaml":      mission,
		"vendor/x/m.yaml":              mission,
		"dist/m.yaml":                  mission,
		"build/m.yaml":                 mission,
		".venv/lib/m.yaml":             mission,
		"missions/build-night.yaml":    mission,
		"missions/dist/keep/notes.txt": "x",
	})
	var why []string
	got, n := walk(t, root, ours.WalkOptions{Owned: true, Passed: func(p, w string) {
		rel, _ := filepath.Rel(root, p)
		why = append(why, filepath.ToSlash(rel)+": "+w)
	}})
	if want := []string{"a.yaml", "missions/build-night.yaml"}; !slices.Equal(got, want) {
		t.Errorf("walk without git gave %q, want %q", got, want)
	}
	if n != 5 || !slices.Contains(why, "node_modules: "+ours.WhyBuilt) {
		t.Errorf("passed over %d: %q", n, why)
	}
	// The same tree as a git checkout: walked, but for what .gitignore names.
	if err := os.Mkdir(filepath.Join(root, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, root, map[string]string{".gitignore": "node_modules/\n"})
	got, _ = walk(t, root, ours.WalkOptions{Owned: true})
	if want := []string{"a.yaml", "build/m.yaml", "dist/m.yaml", "missions/build-night.yaml", "vendor/x/m.yaml"}; !slices.Equal(got, want) {
		t.Errorf("walk of a checkout gave %q, want %q", got, want)
	}
}

// What the configuration's ignore: names is passed over, folder or file.
func TestWalkPassesOverWhatTheUserIgnores(t *testing.T) {
	root := t.TempDir()
	write(t, root, map[string]string{
		"a.yaml":          mission,
		"drafts/b.yaml":   mission,
		"old/c.yaml":      mission,
		"old/keep/d.yaml": mission,
	})
	ignored := func(p string) bool {
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		return rel == "drafts" || rel == "old/c.yaml"
	}
	var why []string
	got, n := walk(t, root, ours.WalkOptions{Ignored: ignored, Passed: func(_, w string) { why = append(why, w) }})
	if want := []string{"a.yaml", "old/keep/d.yaml"}; !slices.Equal(got, want) || n != 2 {
		t.Errorf("walk gave %q (%d passed over), want %q (2)", got, n, want)
	}
	if !slices.Equal(why, []string{ours.WhyConfig, ours.WhyConfig}) {
		t.Errorf("told %q", why)
	}
}
