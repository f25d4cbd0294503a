package source

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// Shapes like the ones the games decode into: named fields, an
// UnmarshalJSON type, fixed arrays, pointers, maps, free values.
type dAmount struct{ text string }

func (a *dAmount) UnmarshalJSON(b []byte) error {
	var n json.Number
	if err := json.Unmarshal(b, &n); err == nil {
		a.text = "n" + n.String()
		return nil
	}
	var s string
	if err := json.Unmarshal(b, &s); err != nil {
		return errors.New("want a number or a text")
	}
	a.text = "s" + s
	return nil
}

type dTile struct {
	Face string `json:"face"`
	At   [2]int `json:"at"`
	Rot  int    `json:"rot"`
}

type dDoc struct {
	Format   int              `json:"format"`
	ID       string           `json:"id"`
	Title    string           `json:"title,omitempty"`
	Players  dAmount          `json:"players,omitempty"`
	Tiles    []dTile          `json:"tiles,omitempty"`
	Tokens   []map[string]any `json:"tokens,omitempty"`
	Extra    *dTile           `json:"extra,omitempty"`
	Counts   map[string]int   `json:"counts,omitempty"`
	Scale    float64          `json:"scale,omitempty"`
	Small    int8             `json:"small,omitempty"`
	Count    uint16           `json:"count,omitempty"`
	Num      json.Number      `json:"num,omitempty"`
	Free     any              `json:"free,omitempty"`
	Flag     bool             `json:"flag,omitempty"`
	Skipped  string           `json:"-"`
	Untagged string
	hidden   string
}

// sameDecode decodes n both ways into fresh values of v's type and fails
// when they differ: in the value, or in whether it fits.
func sameDecode(t *testing.T, what string, n *Node, typ reflect.Type) (fast bool) {
	t.Helper()
	a := reflect.New(typ)
	b := reflect.New(typ)
	fast = decodeFast(n, a.Interface())
	err := decodeGeneral(n, b.Interface())
	switch {
	case fast && err != nil:
		t.Errorf("%s: the fast path stores a value the general path refuses (%v)", what, err)
	case fast && !reflect.DeepEqual(a.Elem().Interface(), b.Elem().Interface()):
		t.Errorf("%s: the paths store different values:\n fast    %#v\n general %#v", what, a.Elem().Interface(), b.Elem().Interface())
	case !fast && !reflect.ValueOf(a.Elem().Interface()).IsZero():
		t.Errorf("%s: the fast path gave up but changed the value", what)
	}
	return fast
}

func TestDecodeFastSnippets(t *testing.T) {
	typ := reflect.TypeFor[dDoc]()
	cases := []struct {
		doc  string
		fast bool // whether the fast path takes it
	}{
		{`{}`, true},
		{`{"format": 1, "id": "a", "players": "1-6", "tiles": [{"face": "1A", "at": [1, 2], "rot": 90}]}`, true},
		{`{"players": 4, "tiles": [], "tokens": [], "counts": {}}`, true},
		{`{"tiles": [{"at": [1, 2, 3]}], "extra": {"face": "x"}}`, true},
		{`{"tokens": [{"at": [1.0, 2e0], "x": {"y": [true, "z"]}}], "free": [1.50, -0.0]}`, true},
		{`{"rot": 90.0, "tiles": [{"rot": 9e1}], "num": 1.0, "scale": 2.5, "small": 127, "count": 65535}`, true},
		{`{"Untagged": "u", "hidden": "h", "Skipped": "s", "unknown": [1]}`, true},
		{`{"ID": "case differs"}`, false},
		{`{"untagged": "case differs"}`, false},
		{`{"title": null}`, false},
		{`{"format": "one"}`, false},
		{`{"format": 1.5}`, false},
		{`{"small": 128}`, false},
		{`{"count": -1}`, false},
		{`{"format": 1e400}`, false},
		{`{"players": true}`, false},
		{`{"tiles": {"face": "1A"}}`, false},
		{`{"counts": {"a": "b"}}`, false},
		{`{"num": "12"}`, false},
		{`{"id": 12}`, false},
		{`[1, 2]`, false},
	}
	for _, c := range cases {
		n, probs := ParseJSON([]byte(c.doc), Limits{})
		if len(probs) > 0 {
			t.Fatalf("%s: %v", c.doc, probs)
		}
		if got := sameDecode(t, c.doc, n, typ); got != c.fast {
			t.Errorf("%s: fast path took it: %v, want %v", c.doc, got, c.fast)
		}
	}
	// A value already set is left to the general path, which merges.
	v := dDoc{ID: "set"}
	n, _ := ParseJSON([]byte(`{"format": 1}`), Limits{})
	if decodeFast(n, &v) {
		t.Error("the fast path decoded into a value already set")
	}
	if err := Decode(n, &v); err != nil || v.ID != "set" || v.Format != 1 {
		t.Errorf("Decode into a set value: %+v, %v", v, err)
	}
}

// TestDecodeFastOnFiles decodes every YAML and JSON file of the repository
// that parses, and thousands of mutations of them, both ways, into the
// mission-like type and into a free value.
func TestDecodeFastOnFiles(t *testing.T) {
	var roots []*Node
	for _, dir := range []string{"../examples", "../testdata", "../missions/testdata", "../lint/testdata", "../layout/testdata"} {
		_ = filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.Contains(".yaml.yml.json", filepath.Ext(p)) || filepath.Ext(p) == "" {
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return nil
			}
			if n, probs := Parse(p, data, DefaultLimits); len(probs) == 0 {
				roots = append(roots, n)
			}
			return nil
		})
	}
	if len(roots) < 50 {
		t.Fatalf("only %d files", len(roots))
	}
	types := []reflect.Type{reflect.TypeFor[dDoc](), reflect.TypeFor[any](), reflect.TypeFor[map[string]any]()}
	for i, n := range roots {
		for _, typ := range types {
			sameDecode(t, fmt.Sprintf("file %d as %v", i, typ), n, typ)
		}
	}
	r := rand.New(rand.NewPCG(5, 6))
	values := []string{`0`, `-1`, `90.0`, `1e400`, `2.5`, `""`, `"red"`, `"1-6"`, `true`, `null`, `[]`, `{}`, `[1, 2]`, `{"face": "1A"}`, `"\u00e9"`}
	fast := 0
	const rounds = 3000
	for i := 0; i < rounds; i++ {
		n := cloneNode(roots[r.IntN(len(roots))])
		var all []*Node
		var walk func(n *Node)
		walk = func(n *Node) {
			all = append(all, n)
			for _, c := range n.Items {
				walk(c)
			}
			for _, c := range n.Fields {
				walk(c)
			}
		}
		walk(n)
		for k := 0; k <= r.IntN(3); k++ {
			at := all[r.IntN(len(all))]
			v, _ := ParseJSON([]byte(values[r.IntN(len(values))]), Limits{})
			if r.IntN(4) == 0 && at.Kind == Object {
				key := []string{"format", "players", "tiles", "at", "rot", "Format", "free", "counts"}[r.IntN(8)]
				if at.Field(key) == nil {
					at.Keys = append(at.Keys, key)
					at.Fields = append(at.Fields, v)
				}
				continue
			}
			*at = *v
		}
		if sameDecode(t, fmt.Sprintf("mutation %d", i), n, types[0]) {
			fast++
		}
	}
	if fast < rounds/10 || fast > rounds*9/10 {
		t.Errorf("the fast path took %d of %d mutations: the mix does not test both ways", fast, rounds)
	}
}

func cloneNode(n *Node) *Node {
	c := *n
	c.Keys = append([]string(nil), n.Keys...)
	c.Items, c.Fields = nil, nil
	for _, it := range n.Items {
		c.Items = append(c.Items, cloneNode(it))
	}
	for _, f := range n.Fields {
		c.Fields = append(c.Fields, cloneNode(f))
	}
	return &c
}
