package source

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// jsonDocs are the JSON texts the fast reader is compared on: every JSON
// file of the repository, and every YAML example written as JSON, compact
// and indented.
func jsonDocs(t *testing.T) map[string][]byte {
	docs := map[string][]byte{}
	filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() && (d.Name() == ".git" || d.Name() == "node_modules") {
			if d != nil && d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		switch filepath.Ext(p) {
		case ".json":
			if data, err := os.ReadFile(p); err == nil {
				docs[p] = data
			}
		case ".yaml":
			if !strings.Contains(p, "examples") {
				return nil
			}
			data, _ := os.ReadFile(p)
			root, probs := Parse(p, data, DefaultLimits)
			if len(probs) > 0 {
				return nil
			}
			compact, _ := json.Marshal(ToValue(root))
			indented, _ := json.MarshalIndent(ToValue(root), "", "\t")
			docs[p+" compact"] = compact
			docs[p+" indented"] = indented
		}
		return nil
	})
	if len(docs) < 20 {
		t.Fatalf("only %d JSON documents", len(docs))
	}
	return docs
}

// TestFastJSONAsWalker: the direct reader gives the token walker's tree,
// positions included, or leaves the document to it.
func TestFastJSONAsWalker(t *testing.T) {
	r := rand.New(rand.NewPCG(8, 1))
	n := 0
	for name, data := range jsonDocs(t) {
		variants := [][]byte{data,
			[]byte(strings.ReplaceAll(string(data), `"`, `"é`)),                              // non-ASCII text
			[]byte(strings.Replace(string(data), `"title": "`, `"title": "a\u00e9\n\"b`, 1)), // escapes
			[]byte(" \r\n" + string(data) + "\n\n"),
		}
		// A duplicate key, which only the walker reports.
		if i := strings.Index(string(data), `"id":`); i >= 0 {
			variants = append(variants, []byte(string(data[:i])+`"id": 1, `+string(data[i:])))
		}
		for k := 0; k < 5; k++ {
			b := []byte(string(data))
			b = append(b[:0:0], b...)
			if len(b) > 0 {
				i := r.IntN(len(b))
				b[i] = "0123 \"{}[],:\\é"[r.IntN(15)]
			}
			variants = append(variants, b)
		}
		for v, doc := range variants {
			if !json.Valid(doc) {
				continue
			}
			what := fmt.Sprintf("%s variant %d", name, v)
			// The count of values sizes the nodes' block; a count too small
			// (every other variant) only makes more blocks.
			values := jsonValues(doc)
			if v%2 == 1 {
				values = 1
			}
			fast, ok := fastJSON(doc, values, DefaultLimits.orDefaults())
			slow, probs := walkJSON(doc, DefaultLimits.orDefaults())
			if !ok {
				continue
			}
			n++
			if len(probs) > 0 {
				t.Errorf("%s: the fast reader accepted what the walker reports: %v", what, probs[0])
				continue
			}
			if !reflect.DeepEqual(fast, slow) {
				t.Errorf("%s: the trees differ", what)
			}
		}
	}
	if n < 50 {
		t.Errorf("only %d documents compared", n)
	}
}

// TestFastJSONLeavesDuplicates: a duplicate key goes to the walker, whose
// problem names both places.
func TestFastJSONLeavesDuplicates(t *testing.T) {
	_, probs := ParseJSON([]byte("{\"a\": 1,\n \"a\": 2}"), DefaultLimits)
	if len(probs) != 1 || probs[0].Code != CodeDuplicateKey || probs[0].Pos.Line != 2 {
		t.Fatalf("got %v", probs)
	}
}

// jsonOffGrammar are texts just off JSON's grammar, each next to what the
// fast reader must refuse; json.Valid refuses them all.
var jsonOffGrammar = []string{
	`tru`, `truE`, `nul`, `nulll`, `fals`, `[true false]`, `01`, `-01`, `1.`, `.5`, `1e`, `1e+`, `-`, `+1`, `--1`,
	`1.5e3.2`, `0x1F`, `NaN`, `Infinity`, `-Infinity`, `1_000`, `[1,]`, `{"a":1,}`, `{"a" 1}`, `{1:2}`, `{'a':1}`,
	`[1 2]`, `1 2`, `{"a":1} x`, `{"a":1}}`, `[`, `]`, `{"a":`, "\f1", "[\v1]", "\"a\x01\"", "\"\t\"", "\"a\nb\"",
	`"\x"`, `"\u12"`, `"\u12G4"`, `"a`, `"a\"`, `{"a":"b"`, `[1,2`, "\x00", `{"a":[1,{"b":nul}]}`, `[1e5, 2E-, 3]`,
	`//c` + "\n1", `/*c*/1`, `[1,,2]`, `[,1]`, `{,}`, `{"a":1 "b":2}`,
}

// TestFastJSONOnlyValid: whatever the fast reader accepts, json.Valid
// accepts and the token walker reads to the same tree, so skipping
// json.Valid for what it reads changes no answer; text off JSON's grammar
// is left to the slower path.
func TestFastJSONOnlyValid(t *testing.T) {
	lim := DefaultLimits.orDefaults()
	for _, s := range jsonOffGrammar {
		if json.Valid([]byte(s)) {
			t.Errorf("%q: json.Valid accepts it; the list is of texts it refuses", s)
		}
		if _, ok := fastJSON([]byte(s), jsonValues([]byte(s)), lim); ok {
			t.Errorf("%q: the fast reader accepted what json.Valid refuses", s)
		}
	}
	valid := []string{`0`, `-0`, `-0.5e-3`, `1E+2`, `123.456e789`, `"\u00e9\n\"\\"`, `"é"`, "\"caf\xe9\"", ` [ ] `, `{}`,
		`{"a":[true,false,null,{"b":[]}]}`, "\t\r\n{\"a\" :\t1 }\n"}
	for _, s := range valid {
		fast, ok := fastJSON([]byte(s), jsonValues([]byte(s)), lim)
		slow, probs := walkJSON([]byte(s), lim)
		if !ok || len(probs) > 0 || !reflect.DeepEqual(fast, slow) {
			t.Errorf("%q: fast %v (ok %v), walker %v %v", s, fast, ok, slow, probs)
		}
	}
	// Every document of the repository broken at random, a byte at a time.
	r := rand.New(rand.NewPCG(45, 2))
	accepted, refused := 0, 0
	for name, data := range jsonDocs(t) {
		for k := 0; k < 40; k++ {
			b := append([]byte(nil), data...)
			for m := 1 + r.IntN(2); m > 0 && len(b) > 0; m-- {
				i := r.IntN(len(b))
				switch r.IntN(3) {
				case 0:
					const set = "0123456789 \"{}[],:\\eE.+-tfnulx\x01\t"
					b[i] = set[r.IntN(len(set))]
				case 1:
					b = append(b[:i], b[i+1:]...)
				default:
					const set = "0\"{}[],:\\e.-t"
					b = append(b[:i], append([]byte{set[r.IntN(len(set))]}, b[i:]...)...)
				}
			}
			fast, ok := fastJSON(b, jsonValues(b), lim)
			if !ok {
				refused++
				continue
			}
			accepted++
			if !json.Valid(b) {
				t.Fatalf("%s, broken: the fast reader accepted what json.Valid refuses:\n%s", name, b)
			}
			if slow, probs := walkJSON(b, lim); len(probs) > 0 || !reflect.DeepEqual(fast, slow) {
				t.Fatalf("%s, broken: the trees differ (walker's problems %v)", name, probs)
			}
		}
	}
	if accepted < 100 || refused < 100 {
		t.Errorf("accepted %d, refused %d: too few of one kind to compare", accepted, refused)
	}
}

// FuzzFastJSON: whatever the fast reader accepts, json.Valid accepts, and
// the walker reads it to the same tree.
func FuzzFastJSON(f *testing.F) {
	for _, s := range jsonOffGrammar {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"format": 1, "id": "x", "tiles": [{"face": "1A", "at": [0, -1.5e2]}], "a": "\u00e9\n", "b": [true, false, null]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		lim := Limits{MaxBytes: 1 << 16, MaxDepth: 40, MaxNodes: 20_000}.orDefaults()
		fast, ok := fastJSON(data, jsonValues(data), lim)
		if !ok {
			return
		}
		if !json.Valid(data) {
			t.Fatalf("the fast reader accepted what json.Valid refuses: %q", data)
		}
		if slow, probs := walkJSON(data, lim); len(probs) > 0 || !reflect.DeepEqual(fast, slow) {
			t.Fatalf("the trees differ (walker's problems %v): %q", probs, data)
		}
	})
}

// TestFastJSONNestingAsValid: json.Valid refuses a document nested deeper
// than encoding/json's own ceiling (10,000 levels) whatever the limit a
// caller sets, so the fast reader, whose acceptance skips json.Valid, must
// refuse it too and leave ParseJSON to word it as before.
func TestFastJSONNestingAsValid(t *testing.T) {
	lim := Limits{MaxDepth: 20_000}
	for _, depth := range []int{10_000, 10_001} {
		doc := []byte(strings.Repeat("[", depth) + strings.Repeat("]", depth))
		root, probs := ParseJSON(doc, lim)
		if valid := json.Valid(doc); valid != (len(probs) == 0) {
			t.Errorf("%d levels: json.Valid %v, ParseJSON's problems %v", depth, valid, probs)
		} else if !valid && (root != nil || probs[0].Code != CodeSyntax) {
			t.Errorf("%d levels: tree %v, problems %v; want the syntax problem", depth, root != nil, probs)
		}
	}
}
