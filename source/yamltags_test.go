package source

import (
	"strings"
	"testing"
)

// TestYAMLVersions: "%YAML 1.2" documents are read (as 1.1 ones are), with
// positions unchanged; another major version is refused where it is named.
func TestYAMLVersions(t *testing.T) {
	for _, v := range []string{"1.1", "1.2", "1.10"} {
		src := "%YAML " + v + "\n---\nid: x\nat: [1, 2]\n"
		n, probs := ParseYAML([]byte(src), Limits{})
		if len(probs) > 0 {
			t.Errorf("%%YAML %s: %v", v, probs)
			continue
		}
		if id := n.Field("id"); id == nil || id.Text != "x" || id.Pos != (Pos{3, 5}) {
			t.Errorf("%%YAML %s: id = %+v", v, id)
		}
	}
	_, probs := ParseYAML([]byte("%YAML 2.0\n---\nid: x\n"), Limits{})
	if len(probs) != 1 || probs[0].Code != CodeSyntax || probs[0].Pos != (Pos{1, 7}) || !strings.Contains(probs[0].Message, "YAML 2.0 is not supported") {
		t.Errorf("%%YAML 2.0: %v", probs)
	}
	// Only a directive is rewritten: the same text inside a value is kept.
	n, probs := ParseYAML([]byte("%YAML 1.2\n---\nnote: |\n  %YAML 1.2\n"), Limits{})
	if len(probs) > 0 || n.Field("note").Text != "%YAML 1.2\n" {
		t.Errorf("a value that reads like a directive: %v %v", n, probs)
	}
}

// TestYAMLTags: the core tags are understood; every other tag is a located
// problem, never silently read as text.
func TestYAMLTags(t *testing.T) {
	n, probs := ParseYAML([]byte("a: !!str 12\nb: !!int \"7\"\nc: !!seq [1]\nd: !!map {x: 1}\ne: ! 12\nf: 2001-12-14\n"), Limits{})
	if len(probs) > 0 {
		t.Fatalf("core tags: %v", probs)
	}
	if a, b := n.Field("a"), n.Field("b"); a.Kind != String || a.Text != "12" || b.Kind != Number || b.Text != "7" {
		t.Errorf("!!str 12 = %+v, !!int \"7\" = %+v", a, b)
	}
	if f := n.Field("f"); f.Kind != String {
		t.Errorf("an untagged date is a string: %+v", f)
	}
	_, probs = ParseYAML([]byte("a: !include other.yaml\nb: !!binary aGk=\nc: !custom {x: 1}\nd: !!timestamp 2001-12-14\n!key k: 1\ne: !<tag:example.com,2000:x> 1\n"), Limits{})
	want := []struct {
		pos Pos
		tag string
	}{{Pos{1, 4}, "!include"}, {Pos{2, 4}, "!!binary"}, {Pos{3, 4}, "!custom"}, {Pos{4, 4}, "!!timestamp"}, {Pos{5, 1}, "!key"}, {Pos{6, 4}, "tag:example.com,2000:x"}}
	if len(probs) != len(want) {
		t.Fatalf("got %d problems, want %d: %v", len(probs), len(want), probs)
	}
	for i, w := range want {
		p := probs[i]
		if p.Code != CodeTag || p.Pos != w.pos || !strings.Contains(p.Message, "YAML tags are not supported: "+w.tag) {
			t.Errorf("problem %d = %v; want %v %s", i, p, w.pos, w.tag)
		}
	}
}
