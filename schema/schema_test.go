package schema

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

func value(t *testing.T, s string) *source.Node {
	t.Helper()
	root, probs := source.Parse("doc.json", []byte(s), source.DefaultLimits)
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	return root
}

const valid = `{"format":1,"id":"first-contact","title":"First Contact","ruleset":"zombicide-invader",
 "tileset":"station","tiles":[{"face":"1A","at":[0,0],"rot":90}],
 "tokens":[{"type":"start","at":[1,1]},{"type":"door","at":[2,1],"side":"e","color":"violet","state":"closed"},
   {"type":"spawn","color":"red","first":true,"in":"1A/c"},{"type":"mold","state":"active","at":[0,0]}],
 "objectives":[{"take":"violet"},{"exit":"all"},{"exit":3},{"survive":8,"order":2}],
 "rules":[{"when":{"take":"violet"},"then":[{"open":"violet"},{"activate":"green"}]},{"text":"free"}],
 "players":"1-6","xeno_deck":["1-25","51-54"]}`

func TestValidMission(t *testing.T) {
	vs, err := Validate(Mission, value(t, valid))
	if err != nil {
		t.Fatal(err)
	}
	if len(vs) != 0 {
		t.Fatalf("want valid, got %+v", vs)
	}
}

func TestViolations(t *testing.T) {
	cases := []struct {
		name, doc string
		want      Violation
	}{
		{"missing", `{"format":1,"title":"x","ruleset":"zombicide-invader"}`,
			Violation{Path: "", Key: "id", Kind: "missing", Message: `missing required key "id"`}},
		{"unknown with suggestion", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","titel":"y"}`,
			Violation{Path: "/titel", Key: "titel", Kind: "unknown", Message: `unknown key "titel"; did you mean "title"?`, Meant: "title"}},
		{"enum", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invadr"}`,
			Violation{Path: "/ruleset", Kind: "value", Message: `"zombicide-invadr" is not one of "zombicide-invader", "zombicide-classic", "facility", "colony", "survival-infection"; did you mean "zombicide-invader"?`}},
		{"type", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","survivors":"six"}`,
			Violation{Path: "/survivors", Kind: "value", Message: `is a number of Survivors, not text ("six")`}},
		{"oneOf merged", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","players":true}`,
			Violation{Path: "/players", Kind: "value", Message: `is a number of players or a range like 1-6, not true or false (true)`}},
		{"not for this token", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","tokens":[{"type":"spawn","side":"n","at":[0,0]}]}`,
			Violation{Path: "/tokens/0/side", Key: "side", Kind: "unknown", Message: `key "side" does not apply here`}},
		{"door needs side", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","tokens":[{"type":"door","at":[0,0]}]}`,
			Violation{Path: "/tokens/0", Key: "side", Kind: "missing", Message: `missing required key "side"`}},
		{"pattern", `{"format":1,"id":"First Contact","title":"x","ruleset":"zombicide-invader"}`,
			Violation{Path: "/id", Kind: "value", Message: `"First Contact" is not lower-case letters, digits and dashes, starting with a letter or digit (e.g. first-contact)`}},
		{"unknown key of one object", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","tiles":[{"face":"1A","at":[0,0],"rotate":90}]}`,
			Violation{Path: "/tiles/0/rotate", Key: "rotate", Kind: "unknown", Message: `unknown key "rotate"; did you mean "rot"?`, Meant: "rot"}},
		{"enum by prefix", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","tokens":[{"type":"door","at":[0,0],"side":"north"}]}`,
			Violation{Path: "/tokens/0/side", Kind: "value", Message: `"north" is not one of "n", "e", "s", "w"; did you mean "n"?`}},
		{"rotation", `{"format":1,"id":"a","title":"x","ruleset":"zombicide-invader","tiles":[{"face":"1A","at":[0,0],"rot":45}]}`,
			Violation{Path: "/tiles/0/rot", Kind: "value", Message: `45 is not one of 0, 90, 180, 270`}},
		{"version", `{"format":2,"id":"a","title":"x","ruleset":"zombicide-invader"}`,
			Violation{Path: "/format", Kind: "value", Message: `2 was written by a newer zmission; this one reads format 1`}},
		{"not an object", `[1,2]`,
			Violation{Path: "", Kind: "value", Message: `is a set of keys (key: value), not a list`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			vs, err := Validate(Mission, value(t, c.doc))
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range vs {
				if v == c.want {
					return
				}
			}
			t.Errorf("want %+v among %+v", c.want, vs)
		})
	}
}

func TestEmbeddedSchemasCompile(t *testing.T) {
	for _, n := range Names() {
		// The reference validator compiles it (checking it against the
		// draft's meta-schema), and the walk can apply every keyword.
		if _, err := reference(n); err != nil {
			t.Errorf("%s: %v", n, err)
		}
		if f, err := fastOf(n); err != nil || !f.usable {
			t.Errorf("%s: not usable by the walk (%v)", n, err)
		}
		src, _ := Source(n)
		var m map[string]any
		if err := json.Unmarshal(src, &m); err != nil {
			t.Fatal(err)
		}
		if want := Base + n + ".schema.json"; m["$id"] != want {
			t.Errorf("%s: $id %v, want %s", n, m["$id"], want)
		}
		if !bytes.Contains(src, []byte("2020-12")) {
			t.Errorf("%s: not draft 2020-12", n)
		}
	}
}

// TestConfigSchemaMatchesDocs: the documented configuration validates, and
// the mistakes the reader refuses are refused by the schema too.
func TestConfigSchemaMatchesDocs(t *testing.T) {
	good := `{"rules": {"spawn-near-start": "off", "mold-distance": {"severity": "warning", "threshold": 2}, "exit-unreachable": false},
	 "ignore": [{"path": "drafts/**"}, {"path": "missions/old-*.yaml", "rules": ["exit-unreachable"]}, "scratch.yaml"]}`
	if vs, err := Validate(Config, value(t, good)); err != nil || len(vs) != 0 {
		t.Fatalf("documented configuration refused: %v %+v", err, vs)
	}
	for _, bad := range []string{
		`{"rules": {"x": "warn"}}`,
		`{"ignore": [{"rules": ["x"]}]}`,
		`{"rulez": {}}`,
	} {
		if vs, _ := Validate(Config, value(t, bad)); len(vs) == 0 {
			t.Errorf("accepted %s", bad)
		}
	}
}

// TestWording: sizes, bounds and key names are worded for the author, with
// the figures of the value and of the schema.
func TestWording(t *testing.T) {
	head := `"format":1,"id":"a","ruleset":"zombicide-invader"`
	cases := []struct {
		schema, doc string
		want        Violation
	}{
		{Mission, `{` + head + `,"title":""}`,
			Violation{Path: "/title", Kind: "value", Message: "is empty; it needs at least 1 character"}},
		{Mission, `{` + head + `,"title":"` + strings.Repeat("é", 201) + `"}`,
			Violation{Path: "/title", Kind: "value", Message: "is 201 characters long; at most 200 are allowed"}},
		{Mission, `{` + head + `,"title":"x","tiles":[{"face":"1A","at":[-1,0]}]}`,
			Violation{Path: "/tiles/0/at/0", Kind: "value", Message: "-1 is outside the board: columns and rows count from 0, at the top left"}},
		{"colony-collection", `{"cards":{"starter-items":{"Big Gun":1}}}`,
			Violation{Path: "/cards/starter-items/Big Gun", Key: "Big Gun", Kind: "key",
				Message: `key "Big Gun" is not an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 40 (e.g. police-station)`}},
	}
	for _, c := range cases {
		vs, err := Validate(c.schema, value(t, c.doc))
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(vs, c.want) {
			t.Errorf("%s: want %+v among %+v", c.doc[:min(len(c.doc), 60)], c.want, vs)
		}
		sameAsReference(t, c.doc[:min(len(c.doc), 60)], c.schema, value(t, c.doc))
	}
}
