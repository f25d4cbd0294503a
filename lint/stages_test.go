package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// stageFiles are documents of every game that reach the board or the
// model: the examples and the gallery of broken files.
func stageFiles(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, g := range []string{"../examples/*/*.yaml", "../testdata/broken/*.yaml", "../testdata/broken/*.json"} {
		m, err := filepath.Glob(g)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, m...)
	}
	if len(out) < 50 {
		t.Fatalf("only %d files", len(out))
	}
	return out
}

func parsed(t *testing.T, path string) (*source.Node, bool) {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root, probs := source.Parse(path, data, source.DefaultLimits)
	return root, len(probs) == 0 && root.Kind == source.Object
}

func lintRoot(path string, root *source.Node) *Result {
	r := (&Result{File: path, Kind: KindMission}).checkRoot(root, Options{Limits: source.DefaultLimits})
	return r
}

func withoutRule(ds []validate.Diagnostic, rule string) []string {
	var out []string
	for _, d := range ds {
		if d.Rule != rule {
			out = append(out, fmt.Sprintf("%d:%d: %s: %s [%s] %s %v", d.Line, d.Col, d.Severity, d.Message, d.Rule, d.Hint, d.Related))
		}
	}
	return out
}

// TestFreeKeysUnread holds freeKeys to its word: no board, model or check
// reads them. Every free key of every document of every game is broken (a
// number where text or a word is wanted, a key nobody knows added), and
// every finding but the schema's own stays exactly as it was.
func TestFreeKeysUnread(t *testing.T) {
	tried := map[Kind]int{}
	for _, path := range stageFiles(t) {
		root, ok := parsed(t, path)
		if !ok {
			continue
		}
		before := lintRoot(path, root)
		if slices.ContainsFunc(before.Diags, func(d validate.Diagnostic) bool { return d.Rule == "schema" }) || before.Kind == KindOther {
			continue
		}
		broken := *root
		broken.Keys = append([]string{}, root.Keys...)
		broken.Fields = append([]*source.Node{}, root.Fields...)
		bad := func(at, key source.Pos) *source.Node {
			return &source.Node{Kind: source.Number, Text: "-5", Pos: at, KeyPos: key}
		}
		for k := range freeKeys {
			if i := slices.Index(broken.Keys, k); i >= 0 {
				broken.Fields[i] = bad(root.Fields[i].Pos, root.Fields[i].KeyPos)
				continue
			}
			broken.Keys = append(broken.Keys, k)
			broken.Fields = append(broken.Fields, bad(root.Pos, root.Pos))
		}
		broken.Keys = append(broken.Keys, "no-such-key")
		broken.Fields = append(broken.Fields, bad(root.Pos, root.Pos))
		after := lintRoot(path, &broken)
		if n := len(withoutRule(after.Diags, "schema")); n == len(after.Diags) {
			t.Errorf("%s: breaking every free key found no schema error", path)
			continue
		}
		want, got := withoutRule(before.Diags, "schema"), withoutRule(after.Diags, "schema")
		if !slices.Equal(want, got) {
			t.Errorf("%s: with broken free keys the other findings changed\nwant %q\ngot  %q", path, want, got)
		}
		tried[before.Kind]++
	}
	if tried[KindMission] < 40 {
		t.Errorf("only %d missions tried", tried[KindMission])
	}
}

// TestIndependentFindings: a mission of each game with several independent
// errors reports them all in one run, the schema's beside the board's or
// the model's; one whose board needs a broken part says once what did not
// run.
func TestIndependentFindings(t *testing.T) {
	for _, game := range []string{"invader", "classic", "facility", "colony", "survival-infection"} {
		path := "../testdata/broken/independent-" + game + ".yaml"
		r := Path(path, Options{Limits: source.DefaultLimits})
		rules := map[string]int{}
		for _, d := range r.Diags {
			rules[d.Rule]++
		}
		if rules["schema"] < 2 || len(rules) < 2 || rules["checks-skipped"] != 0 {
			t.Errorf("%s: want two schema errors or more beside findings of another check, and no skipped stage; got %v", path, rules)
		}
	}
	r := Path("../testdata/broken/checks-skipped.yaml", Options{Limits: source.DefaultLimits})
	var notes []validate.Diagnostic
	for _, d := range r.Diags {
		if d.Rule == "checks-skipped" {
			notes = append(notes, d)
		}
	}
	if len(notes) != 1 || notes[0].Severity != validate.Info || notes[0].Line != 10 || !strings.Contains(notes[0].Message, "tokens #2.type") {
		t.Errorf("want one info note at the misspelt type, got %+v", notes)
	}
}

// TestPassableKeepsRoot: what the later stages read is a copy; the
// document itself (which the editor and fmt work on) keeps every key.
func TestPassableKeepsRoot(t *testing.T) {
	data := []byte("format: 1\nid: a\ntitle: 5\nruleset: zombicide-invader\ncolour: red\ntokens:\n  - {type: start, at: [0, 1], glow: 2}\n")
	root, probs := source.Parse("x.yaml", data, source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	r := (&Result{File: "x.yaml"}).checkRoot(root, Options{Limits: source.DefaultLimits})
	if r.Mission == nil {
		t.Fatalf("the mission was not read: %+v", r.Diags)
	}
	if root.Field("colour") == nil || root.Field("title") == nil || root.Lookup("/tokens/0/glow") == nil {
		t.Error("the document lost a key")
	}
	if r.Doc.Root != root {
		t.Error("the result's document is not the one read")
	}
}

func TestWithout(t *testing.T) {
	root, _ := source.Parse("x.yaml", []byte("a: {b: 1, c: 2}\nd: [1, {e: 3, f: 4}]\n"), source.DefaultLimits)
	for _, c := range []struct{ ptr, gone, kept string }{
		{"/a/b", "/a/b", "/a/c"},
		{"/d/1/e", "/d/1/e", "/d/1/f"},
		{"/d/0", "", "/d/0"}, // an item is never dropped
		{"/x/y", "", "/a"},
	} {
		n := without(root, c.ptr)
		if c.gone != "" && n.Lookup(c.gone) != nil {
			t.Errorf("without(%s) kept %s", c.ptr, c.gone)
		}
		if n.Lookup(c.kept) == nil {
			t.Errorf("without(%s) lost %s", c.ptr, c.kept)
		}
		if root.Lookup(c.ptr) == nil && c.gone != "" {
			t.Errorf("without(%s) changed the original", c.ptr)
		}
	}
}
