package source

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzParse checks, for any input in either format: no panic, a tree or at
// least one problem (never both), every problem located inside the file,
// and every tree convertible to JSON (numbers are valid literals). For
// YAML, whenever the fast reader reads the input, go-yaml must read it to
// the same tree.
func FuzzParse(f *testing.F) {
	seeds := []string{
		"", " ", "#", "---", "...", "\ufeff", "\ufeffid: x\n",
		"format: 1\nid: first-contact\ntiles:\n  - {face: 1A, at: [0, 0]}\n",
		`{"format": 1, "id": "x", "tiles": [{"face": "1A", "at": [0, 0]}]}`,
		"a: &a [1, 2]\nb: *a\nc: {<<: {x: 1}, y: 2}\n", "a: &a [*a]", "a: *b",
		billionLaughs(),
		strings.Repeat("[", 100), strings.Repeat("{\"a\":", 80), nestedYAMLBlock(70),
		"a: 1\na: 2", `{"a":1,"a":2}`, "1: x\n? [a]\n: b\n? {a: 1}\n: c\n", "a: 1\n---\nb: 2\n",
		"a: .inf\nb: 0x1F\nc: 1_000\nd: 1e400\ne: !!int x\nf: !!bool yes\n",
		"a: 'unterminated", "a: [1, 2", `{"a": [1, 2,`, `{"a": "x`, `{"a": 1} x`, `{"a": 1,}`,
		"\x89PNG\r\n\x1a\n\x00\x00", "\xff\xfei\x00d\x00", "i\x00d\x00", "caf\xe9", "a: \x07",
		"a:\r\n  b: 1\r\n c: 2", "a: 1\rb: [\r", "x: \"\u2028\"\ny: [", "\t- a", "a: b: c",
		"%YAML 1.2\n---\na: 1", "!!map {? a: b}", "a: !!binary aGVsbG8=", "- - - - -",
	}
	seeds = append(seeds, subsetDocs...)
	for _, s := range seeds {
		f.Add([]byte(s), false)
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		name := "m.yaml"
		if asJSON {
			name = "m.json"
		}
		lim := Limits{MaxBytes: 1 << 16, MaxDepth: 40, MaxNodes: 20_000}
		if !asJSON {
			if d, _ := sameAsSlow(data, lim); d != "" {
				t.Errorf("the fast YAML reader and go-yaml differ: %s", d)
			}
		}
		root, probs := Parse(name, data, lim)
		if (root == nil) == (len(probs) == 0) {
			t.Fatalf("tree %v with problems %v: want exactly one of them", root != nil, probs)
		}
		maxLine := endPos(data).Line + 1
		for _, p := range probs {
			if p.Pos.Line < 1 || p.Pos.Col < 1 || p.Pos.Line > maxLine {
				t.Errorf("problem outside the file (%d lines): %v", maxLine-1, p)
			}
			if p.Code == "" || p.Message == "" {
				t.Errorf("problem without code or message: %#v", p)
			}
		}
		if root == nil {
			return
		}
		checkTree(t, root, maxLine)
		if _, err := json.Marshal(ToValue(root)); err != nil {
			t.Errorf("the tree is not JSON: %v", err)
		}
	})
}

func checkTree(t *testing.T, n *Node, maxLine int) {
	t.Helper()
	for _, p := range []Pos{n.Pos, n.KeyPos} {
		if p.Line < 1 || p.Col < 1 || p.Line > maxLine {
			t.Fatalf("node position %v outside the file", p)
		}
	}
	if len(n.Keys) != len(n.Fields) {
		t.Fatalf("%d keys for %d fields", len(n.Keys), len(n.Fields))
	}
	seen := map[string]bool{}
	for _, k := range n.Keys {
		if seen[k] {
			t.Fatalf("key %q twice in one object", k)
		}
		seen[k] = true
	}
	for _, c := range n.Items {
		checkTree(t, c, maxLine)
	}
	for _, c := range n.Fields {
		checkTree(t, c, maxLine)
	}
}
