package missions

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

var updateFmt = flag.Bool("update-fmt", false, "rewrite the expected outputs in testdata/fmt")

// fmtCases are the before/after pairs: NAME.in.yaml (or .json) and
// NAME.out.yaml.
func fmtCases(t testing.TB) []string {
	ins, err := filepath.Glob(filepath.Join("testdata", "fmt", "*.in.*"))
	if err != nil || len(ins) == 0 {
		t.Fatalf("no test files in testdata/fmt: %v", err)
	}
	return ins
}

func isJSON(name string) bool { return strings.HasSuffix(name, ".json") }

func TestFormatGolden(t *testing.T) {
	for _, in := range fmtCases(t) {
		t.Run(filepath.Base(in), func(t *testing.T) {
			data, err := os.ReadFile(in)
			if err != nil {
				t.Fatal(err)
			}
			got, err := Format(data, isJSON(in))
			if err != nil {
				t.Fatalf("Format: %v", err)
			}
			want := strings.Replace(in, ".in.", ".out.", 1)
			if *updateFmt {
				if err := os.WriteFile(want, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			exp, err := os.ReadFile(want)
			if err != nil {
				t.Fatalf("%v (run with -update-fmt to create it)", err)
			}
			if string(got) != string(exp) {
				t.Errorf("Format(%s) differs from %s:\n--- got\n%s--- want\n%s", in, want, got, exp)
			}
			sameMeaning(t, in, data, got)
			sameComments(t, data, got)
		})
	}
}

// fmtInputs are every file Format must accept: the examples, the test
// pairs on both sides, and the broken gallery's files that parse.
func fmtInputs(t testing.TB) []string {
	var files []string
	for _, pat := range []string{"../examples/*/*.yaml", "testdata/fmt/*", "../testdata/broken/*.yaml", "../testdata/broken/*.json"} {
		m, err := filepath.Glob(pat)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	return files
}

func TestFormatIdempotent(t *testing.T) {
	n := 0
	for _, f := range fmtInputs(t) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		once, err := Format(data, isJSON(f))
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || fe.Problems[0].Code == CodeInternal {
				t.Errorf("%s: %v", f, err)
			}
			continue // a broken file, refused with its problem
		}
		n++
		twice, err := Format(once, isJSON(f))
		if err != nil {
			t.Errorf("%s: formatting the formatted file: %v", f, err)
			continue
		}
		if string(once) != string(twice) {
			t.Errorf("%s: formatting is not idempotent:\n--- once\n%s--- twice\n%s", f, once, twice)
		}
		sameMeaning(t, f, data, once)
		sameComments(t, data, once)
	}
	if n < 10 {
		t.Fatalf("only %d files formatted", n)
	}
}

// The examples are written in the canonical form.
func TestExamplesCanonical(t *testing.T) {
	files, _ := filepath.Glob("../examples/*/*.yaml")
	if len(files) == 0 {
		t.Fatal("no examples")
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Format(data, false)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		if string(got) != string(data) {
			t.Errorf("%s is not in canonical form; run 'zmission fmt -w %s'", f, f)
		}
	}
}

// sameMeaning checks that before and after read to the same values, but
// for the tile rotations of 0 that Format leaves out.
func sameMeaning(t *testing.T, name string, before, after []byte) {
	t.Helper()
	a, probs := source.Parse(name, before, source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("%s: %v", name, probs)
	}
	b, probs := source.Parse(name, after, source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatalf("%s: the formatted file does not parse: %v", name, probs)
	}
	va, vb := source.ToValue(a), source.ToValue(b)
	if m, ok := va.(map[string]any); ok {
		tiles, _ := m["tiles"].([]any)
		for _, tl := range tiles {
			if tm, ok := tl.(map[string]any); ok && tm["rot"] == json.Number("0") {
				delete(tm, "rot")
			}
		}
	}
	if !reflect.DeepEqual(va, vb) {
		ja, _ := json.Marshal(va)
		jb, _ := json.Marshal(vb)
		t.Errorf("%s: the formatted file means something else:\nbefore %s\nafter  %s", name, ja, jb)
	}
}

// sameComments checks that the text of every comment line of the input is
// in the output. It reads comments the simple way: from " #" or a line
// starting with "#" to the end of the line, so the test files keep "#" out
// of their strings.
func sameComments(t *testing.T, before, after []byte) {
	t.Helper()
	for _, l := range strings.Split(string(before), "\n") {
		i := strings.Index(l, "#")
		if i < 0 || (i > 0 && l[i-1] != ' ' && l[i-1] != '\t') || strings.Contains(l[:i], `"`) {
			continue
		}
		if c := strings.TrimSpace(l[i:]); !strings.Contains(string(after), c) {
			t.Errorf("comment %q is lost", c)
		}
	}
}

func TestFormatRefuses(t *testing.T) {
	cases := []struct {
		name, data string
		json       bool
		code       string
		line, col  int
	}{
		{"syntax", "format: 1\ntiles: [\n", false, source.CodeSyntax, 0, 0},
		{"list", "- a\n- b\n", false, CodeRootType, 1, 1},
		{"tileset", "id: mine\ncell: 3\nfaces:\n  1A: {}\n", false, CodeNotMission, 3, 1},
		{"tileset json", `{"faces": {}}`, true, CodeNotMission, 1, 2},
		{"duplicate", "format: 1\nformat: 1\n", false, source.CodeDuplicateKey, 2, 1},
		{"empty", "# only a comment\n", false, source.CodeEmpty, 1, 1},
		{"json syntax", `{"format": 1,}`, true, source.CodeSyntax, 0, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out, err := Format([]byte(c.data), c.json)
			if out != nil {
				t.Errorf("Format returned output %q", out)
			}
			var fe *FormatError
			if !errors.As(err, &fe) || len(fe.Problems) == 0 {
				t.Fatalf("want a *FormatError, got %v", err)
			}
			p := fe.Problems[0]
			if p.Code != c.code {
				t.Errorf("code %q, want %q (%v)", p.Code, c.code, p)
			}
			if c.line > 0 && (p.Pos.Line != c.line || p.Pos.Col != c.col) {
				t.Errorf("at %d:%d, want %d:%d", p.Pos.Line, p.Pos.Col, c.line, c.col)
			}
		})
	}
}

// A mission that is a tile set in name only (it has a ruleset) is formatted.
func TestFormatFacesInMission(t *testing.T) {
	if _, err := Format([]byte("format: 1\nruleset: zombicide-invader\nfaces: 1\n"), false); err != nil {
		t.Fatal(err)
	}
}

// Short cases that are easier to read inline than as files.
func TestFormatSmall(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"plain strings lose needless quotes", "format: 1\nid: \"x\"\ntitle: 'y'\n", "format: 1\nid: x\ntitle: y\n"},
		{"strings that read as other values keep quotes", "format: 1\ntitle: \"1\"\nauthor: \"true\"\nnotes: \"null\"\n",
			"format: 1\ntitle: \"1\"\nauthor: \"true\"\nnotes: \"null\"\n"},
		{"a number too large is still a string", "format: 1\ntitle: \"1e400\"\n", "format: 1\ntitle: \"1e400\"\n"},
		{"trailing spaces stay quoted", "format: 1\nnotes: \"a \\nb\"\n", "format: 1\nnotes: \"a \\nb\"\n"},
		{"a literal block keeps its end", "format: 1\nnotes: \"a\\nb\"\n", "format: 1\nnotes: |-\n  a\n  b\n"},
		{"leading spaces need quotes", "format: 1\nnotes: \"  a\\nb\\n\"\n", "format: 1\nnotes: \"  a\\nb\\n\"\n"},
		{"document markers go", "---\nformat: 1\n...\n", "format: 1\n"},
		{"flow root", "{id: x, format: 1}\n", "format: 1\nid: x\n"},
		{"empty root", "{}\n", "{}\n"},
		{"crlf", "id: x\r\nformat: 1\r\n", "format: 1\r\nid: x\r\n"},
		{"a header stays on top", "# Night raid\n# by Ana\nid: x\nformat: 1\n", "# Night raid\n# by Ana\nformat: 1\nid: x\n"},
		{"a header set apart stays with its empty line only", "# Night raid\n\nid: x\nformat: 1\n", "# Night raid\n\nformat: 1\nid: x\n"},
		{"rot 0 only as a plain number", "format: 1\ntiles:\n  - {face: 1A, at: [0, 0], rot: \"0\"}\n",
			"format: 1\ntiles:\n  - {face: 1A, at: [0, 0], rot: \"0\"}\n"},
		{"the comment on a dropped rotation stays", "format: 1\ntiles:\n  - face: 1A\n    rot: 0 # upright\n",
			"format: 1\ntiles:\n  - {face: 1A} # upright\n"},
		{"aligned comments stay aligned", "format: 1       # one\nid: x           # two\n",
			"format: 1       # one\nid: x           # two\n"},
		{"a comment keeps its column", "format: 1\ntiles: [{face: 1A, at: [0,0]}] # c\n",
			"format: 1\ntiles:                         # c\n  - {face: 1A, at: [0, 0]}\n"},
		{"a comment pushed by longer content", "format: 1\ntiles:\n- {face: 1A, at: [0,0],rot: 90} # c\n",
			"format: 1\ntiles:\n  - {face: 1A, at: [0, 0], rot: 90} # c\n"},
		{"key and value comments", "format: 1\nsurvivors: # a\n  6 # b\n", "format: 1\nsurvivors: 6 # a # b\n"},
		{"null values", "format: 1\nnotes:\nx: {a: }\n", "format: 1\nnotes:\nx: {a: null}\n"},
		{"alias keys", "format: 1\nx: &k key\ny: {*k : 1}\n", "format: 1\nx: &k key\ny: {*k : 1}\n"},
		{"modeline first", "id: x\n# yaml-language-server: $schema=s.json\n# about format\nformat: 1\n",
			"# yaml-language-server: $schema=s.json\n# about format\nformat: 1\nid: x\n"},
		{"modeline moves alone", "# yaml-language-server: $schema=s.json\n# about id\nid: x\nformat: 1\n",
			"# yaml-language-server: $schema=s.json\nformat: 1\n# about id\nid: x\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Format([]byte(c.in), false)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != c.want {
				t.Errorf("Format(%q)\n got %q\nwant %q", c.in, got, c.want)
			}
			again, err := Format(got, false)
			if err != nil || string(again) != string(got) {
				t.Errorf("not idempotent: %q, %v", again, err)
			}
		})
	}
}

// Comments anywhere: comment lines at any column, line comments and empty
// lines put at random places of every test file. Whatever parses, Format
// takes without losing a comment, and one writing pass already gives the
// form that formats to itself: comments go where the reader gives them back
// to the same entry.
func TestFormatCommentPlacement(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	per := 25
	if testing.Short() {
		per = 5
	}
	tried := 0
	for _, file := range fmtInputs(t) {
		if isJSON(file) {
			continue
		}
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
		for n := 0; n < per; n++ {
			ls := append([]string(nil), lines...)
			for k := 0; k < 1+r.Intn(8); k++ {
				i := r.Intn(len(ls) + 1)
				switch r.Intn(3) {
				case 0:
					c := strings.Repeat(" ", r.Intn(13)) + fmt.Sprintf("# c%d", k)
					ls = append(ls[:i], append([]string{c}, ls[i:]...)...)
				case 1:
					if i < len(ls) && !strings.HasSuffix(ls[i], "|") {
						ls[i] += fmt.Sprintf("   # l%d", k)
					}
				case 2:
					ls = append(ls[:i], append([]string{""}, ls[i:]...)...)
				}
			}
			in := []byte(strings.Join(ls, "\n") + "\n")
			if _, probs := source.ParseYAML(in, source.DefaultLimits); len(probs) > 0 {
				continue // the comment landed inside a string, or broke the file
			}
			if _, err := Format(in, false); err != nil {
				var fe *FormatError
				if errors.As(err, &fe) && fe.Problems[0].Code != CodeInternal {
					continue // a list, a tile set: not a mission
				}
				t.Errorf("%v\n--- input\n%s", err, in)
				continue
			}
			tried++
			once, _, err := formatYAML(in, nil)
			if err != nil {
				t.Fatal(err)
			}
			if twice, _, err := formatYAML(once, nil); err != nil || string(twice) != string(once) {
				t.Errorf("a second pass moves comments (%v):\n--- input\n%s--- once\n%s--- twice\n%s", err, in, once, twice)
			}
		}
	}
	if tried < per*10 {
		t.Fatalf("only %d inputs tried", tried)
	}
}

// FuzzFormat: whatever Format accepts, it writes in a form that reads back
// and that it leaves alone.
func FuzzFormat(f *testing.F) {
	for _, file := range fmtInputs(f) {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, isJSON(file))
	}
	f.Add([]byte("format: 1 # c\ntiles:\n  - face: 1A # x\n    at: [0, 0]\n  # end\n"), false)
	f.Add([]byte("a: &a [1]\nb: *a\nformat: 1\n"), false)
	// Block scalars as written, with chomping, comments after their
	// headers, and trailing comments continued on the next line.
	f.Add([]byte("format: 1\nbriefing: >-   # story\n  one\n  two\n\n  three\nnotes: |\n  a\n    b\nid: x\n"), false)
	f.Add([]byte("format: 1\nbriefing: |+\n  kept\n\n\nid: x   # id\n        # more about it\nobjectives:\n  - text: >\n      folded\n      text\n"), false)
	f.Add([]byte("format: 1\ntokens:\n  - {type: start, at: [0, 0]}   # here\n                                # and here\n  - {type: exit, at: [1, 1]}\n"), false)
	f.Add([]byte("format: 1\nbriefing: >2\n   indented\n  less\nrules:\n  - text: |-\n      x\n    # c\n"), false)
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		out, err := Format(data, asJSON)
		if err != nil {
			var fe *FormatError
			if !errors.As(err, &fe) || len(fe.Problems) == 0 {
				t.Fatalf("error without problems: %v", err)
			}
			return
		}
		name := "f.yaml"
		if asJSON {
			name = "f.json"
		}
		lim := source.DefaultLimits
		lim.MaxBytes = max(lim.MaxBytes, int64(len(out)))
		if _, probs := source.Parse(name, out, lim); len(probs) > 0 {
			t.Fatalf("the output does not parse: %v\n%s", probs, out)
		}
		again, err := Format(out, asJSON)
		if err != nil {
			t.Fatalf("formatting the output: %v\n%s", err, out)
		}
		if string(again) != string(out) {
			t.Fatalf("not idempotent:\n--- input\n%q\n--- once\n%s--- twice\n%s", data, out, again)
		}
	})
}

// TestFormatBoxOrder: a box or collection file (a name, no id) keeps the
// order its readers document — name, title, ruleset, tileset, tokens —
// instead of being laid out as a mission, in YAML and in JSON.
func TestFormatBoxOrder(t *testing.T) {
	in := "title: My shelf\ntokens: {zombie: 30}\nruleset: colony\nname: my-shelf\ncards: {survivors: 30}\n"
	want := "name: my-shelf\ntitle: My shelf\nruleset: colony\ntokens: {zombie: 30}\ncards: {survivors: 30}\n"
	out, err := Format([]byte(in), false)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want {
		t.Errorf("YAML:\n%s\nwant:\n%s", out, want)
	}
	js, err := Format([]byte(`{"title": "My shelf", "ruleset": "colony", "name": "my-shelf"}`), true)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(string(js), "{\n  \"name\": \"my-shelf\",\n  \"title\"") {
		t.Errorf("JSON:\n%s", js)
	}
	// A mission is still laid out as one, whatever else it holds.
	out, err = Format([]byte("title: x\nname: n\nid: a\nformat: 1\n"), false)
	if err != nil || !strings.HasPrefix(string(out), "format: 1\nid: a\ntitle: x\n") {
		t.Errorf("mission with a name key:\n%s %v", out, err)
	}
}

// fmt keeps what the author wrote: a folded briefing stays folded with its
// line breaks and chomping, a literal block keeps its chomping, a trailing
// comment stays on its line at its column, and a comment continued under
// it stays under it.
func TestFormatKeepsAuthorsText(t *testing.T) {
	in := "format: 1\n" +
		"id: x                  # the id\n" +
		"briefing: >-           # the story\n" +
		"  A long folded briefing that goes on\n" +
		"  over several lines in the source file.\n" +
		"\n" +
		"  A second paragraph.\n" +
		"notes: |\n" +
		"  one\n" +
		"    two\n" +
		"tokens:\n" +
		"  - {type: start, at: [0, 0]}   # here\n" +
		"                                # and on\n" +
		"  - {type: exit, at: [1, 1]}\n" +
		"objectives:\n" +
		"  - text: Get out.\n" +
		"    escape: any\n"
	want := strings.Replace(in, "  - text: Get out.\n    escape: any\n", "  - escape: any\n    text: Get out.\n", 1)
	out, err := Format([]byte(in), false)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != want {
		t.Errorf("got:\n%s\nwant:\n%s", out, want)
	}
}

// What the author wrote stays: "a file's header comment stays on top with
// LF and CRLF alike, and the two line endings give the same output but for
// the line ends; no blank line the author did not write; an explicit
// `rot: 0` either stays or takes its comment with it."
func TestFormatKeepsWhatTheAuthorWrote(t *testing.T) {
	docs := []string{
		"# Night raid\n# by Ana\n\nid: raid\nformat: 1\ntitle: Raid\n",
		"# Night raid\nid: raid\nformat: 1\n",
		"# yaml-language-server: $schema=../schema/mission.schema.json\n# Night raid\nformat: 1\nid: raid\n",
		"format: 1\nid: raid\ntiles:\n  - face: 1A\n    at: [0, 0]\n    rot: 0 # upright, as printed\n  - {face: 1B, at: [1, 0], rot: 0}   # also upright\n",
		"format: 1\nid: raid\n\n# the board\ntiles:\n  - face: 1A\n    # no turn\n    rot: 0\n    at: [0, 0]\n",
		"id: raid\n\n\n\nformat: 1 # the first format\n",
	}
	for _, lf := range docs {
		out, err := Format([]byte(lf), false)
		if err != nil {
			t.Fatalf("%q: %v", lf, err)
		}
		crlf := strings.ReplaceAll(lf, "\n", "\r\n")
		outCRLF, err := Format([]byte(crlf), false)
		if err != nil {
			t.Fatalf("%q: %v", crlf, err)
		}
		if want := strings.ReplaceAll(string(out), "\n", "\r\n"); string(outCRLF) != want {
			t.Errorf("CRLF gives\n%q\nLF gives\n%q", outCRLF, out)
		}
		// The header: the comment lines that open the file open it still.
		if strings.HasPrefix(lf, "#") {
			head := lf[:strings.Index(lf, "\n")+1]
			if !strings.HasPrefix(string(out), head) {
				t.Errorf("%q: the header moved:\n%s", lf, out)
			}
		}
		// No blank line the author did not write.
		if n, m := strings.Count(string(out), "\n\n"), strings.Count(lf, "\n\n"); n > m {
			t.Errorf("%q: %d empty lines, the author wrote %d:\n%s", lf, n, m, out)
		}
		// Every comment is kept, rot: 0's among them.
		for _, l := range strings.Split(lf, "\n") {
			if i := strings.Index(l, "#"); i >= 0 && !strings.Contains(string(out), strings.TrimSpace(l[i:])) {
				t.Errorf("%q: lost the comment %q:\n%s", lf, l[i:], out)
			}
		}
	}
}
