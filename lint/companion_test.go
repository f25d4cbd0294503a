package lint

import (
	"os"
	"strings"
	"testing"
)

// TestCollectionFileOnItsOwn: a colony collection named or found in a
// folder is checked against its own schema, with findings at their place,
// and counted as what it is.
func TestCollectionFileOnItsOwn(t *testing.T) {
	data, err := os.ReadFile("../examples/colony/collections/shelf.yaml")
	if err != nil {
		t.Fatal(err)
	}
	r := Bytes("shelf.yaml", data, Options{})
	if r.Kind != KindCompanion || r.Noun != "collection" || len(r.Diags) != 0 {
		t.Fatalf("the example shelf: kind %q (%q), findings %+v", r.Kind, r.Noun, r.Diags)
	}

	bad := strings.Replace(string(data), "  school: {", "  High School: {", 1)
	bad = strings.Replace(bad, "noise: 20", "noise: many", 1)
	r = Bytes("shelf.yaml", []byte(bad), Options{})
	if r.Kind != KindCompanion {
		t.Fatalf("kind %q", r.Kind)
	}
	lines := strings.Split(bad, "\n")
	at := func(text string) (int, int) {
		for i, l := range lines {
			if c := strings.Index(l, text); c >= 0 {
				return i + 1, c + 1
			}
		}
		t.Fatalf("%q not in the document", text)
		return 0, 0
	}
	want := map[string][2]int{}
	l, c := at("High School")
	want[`key "High School" is not an id`] = [2]int{l, c}
	l, c = at("many")
	want[`tokens.noise: is a whole number, not text ("many")`] = [2]int{l, c}
	for _, d := range r.Diags {
		for msg, pos := range want {
			if strings.Contains(d.Message, msg) {
				if d.Line != pos[0] || d.Col != pos[1] {
					t.Errorf("%q at %d:%d, want %d:%d", d.Message, d.Line, d.Col, pos[0], pos[1])
				}
				delete(want, msg)
			}
		}
	}
	if len(want) > 0 {
		t.Errorf("missing findings %v among %+v", want, r.Diags)
	}

	// A Zombicide box file has a name and a ruleset too, but its game has
	// no companion files: it stays a file of another kind.
	box := "name: my-box\ntitle: My box\nruleset: zombicide-invader\ntokens: {exit: 1}\n"
	if r := Bytes("box.yaml", []byte(box), Options{}); r.Kind != KindOther {
		t.Errorf("a box file: kind %q", r.Kind)
	}
}
