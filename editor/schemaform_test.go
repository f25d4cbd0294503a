package editor

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/schema"
)

func data(s string) json.RawMessage { return json.RawMessage(s) }

// Sequences of form operations on the two sheet games' examples give
// exactly these files: in fmt's form, comments kept, numbers written as
// numbers.
func TestSchemaOpsGolden(t *testing.T) {
	cases := []struct {
		name, src string
		ops       []Op
	}{
		{"si-head", "long-night.yaml", []Op{
			{Op: "value.set", Pointer: "/title", Data: data(`"Longer Night"`)},
			{Op: "value.set", Pointer: "/changes/players/max", Data: data(`"6"`)}, // text from an input: a number
			{Op: "value.set", Pointer: "/changes/camp/sets", Data: data(`6`)},
			{Op: "value.set", Pointer: "/changes/hidden-bite/set-aside", Data: data(`"true"`)},
			{Op: "value.remove", Pointer: "/author"},
		}},
		{"si-lists", "long-night.yaml", []Op{
			{Op: "item.add", Pointer: "/changes/add"},
			{Op: "value.set", Pointer: "/changes/add/2/card", Data: data(`"Flare"`)},
			{Op: "value.set", Pointer: "/changes/add/2/type", Data: data(`"action"`)},
			{Op: "item.add", Pointer: "/changes/dice/0/faces", Data: data(`"blank"`)},
			{Op: "value.set", Pointer: "/changes/dice/0/faces/0", Data: data(`"2"`)},
			{Op: "item.remove", Pointer: "/changes/remove/1"},
			{Op: "item.remove", Pointer: "/changes/remove/0"}, // the list goes when it is empty
		}},
		{"si-new-section", "long-night.yaml", []Op{
			// Missing mappings above the value are made.
			{Op: "value.set", Pointer: "/changes/city-center/full-table", Data: data(`8`)},
			{Op: "value.set", Pointer: "/changes/hand", Data: data(`6`)},
			{Op: "value.remove", Pointer: "/changes/camp/sets"}, // camp is left empty and goes
		}},
		{"colony-head", "field-hospital.yaml", []Op{
			{Op: "value.set", Pointer: "/title", Data: data(`"Field Hospital, Winter"`)},
			{Op: "value.set", Pointer: "/players", Data: data(`"3"`)}, // the choice's number
			{Op: "value.set", Pointer: "/objective/normal/morale", Data: data(`7`)},
			{Op: "value.set", Pointer: "/objective/normal/numbers/0/each", Data: data(`3`)},
			{Op: "value.set", Pointer: "/objective/normal/numbers/1", Data: data(`{"each": 1, "per": "player"}`)},
			{Op: "item.remove", Pointer: "/variants/1"},
		}},
		{"colony-lists", "field-hospital.yaml", []Op{
			{Op: "value.set", Pointer: "/players", Data: data(`"2-4"`)}, // the choice's text
			{Op: "item.add", Pointer: "/objective/normal/setup"},
			{Op: "value.set", Pointer: "/objective/normal/setup/3/at", Data: data(`"school"`)},
			{Op: "item.add", Pointer: "/objective/normal/rules", Data: data(`"Noise at the School draws {2} Zombies."`)},
			{Op: "item.add", Pointer: "/locations", Data: data(`{"name": "Mall", "id": "mall", "spaces": 3, "deck": {"food": 4}}`)},
			{Op: "value.set", Pointer: "/locations/6/deck/tool", Data: data(`2`)},
		}},
	}
	// A comment goes with the value it is on.
	lost := map[string]string{"si-new-section": "two boxes"}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src, err := os.ReadFile(filepath.Join("testdata", "schemaform", c.src))
			if err != nil {
				t.Fatal(err)
			}
			got, err := applyOps(src, opContext{}, c.ops...)
			if err != nil {
				t.Fatal(err)
			}
			canon, err := missions.Format(got, false)
			if err != nil || !bytes.Equal(canon, got) {
				t.Errorf("not in canonical form (err %v):\n%s", err, got)
			}
			for _, cm := range comments(src) {
				if !bytes.Contains(got, []byte(cm)) && !strings.Contains(cm, "every copy") && (lost[c.name] == "" || !strings.Contains(cm, lost[c.name])) {
					t.Errorf("comment %q lost", cm)
				}
			}
			goldenFile(t, filepath.Join("testdata", "schemaform", "ops", c.name+".yaml"), got)
		})
	}
}

// What the schema does not allow is refused, with a message that says
// why, and nothing is changed.
func TestSchemaOpsRefused(t *testing.T) {
	src, err := os.ReadFile("testdata/schemaform/long-night.yaml")
	if err != nil {
		t.Fatal(err)
	}
	colony, err := os.ReadFile("testdata/schemaform/field-hospital.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		src  []byte
		op   Op
		want string
	}{
		{src, Op{Op: "value.set", Pointer: "/changes/bogus", Data: data(`1`)}, `no key "bogus" in changes: use players, camp`},
		{src, Op{Op: "value.set", Pointer: "/changes/players/max", Data: data(`"many"`)}, "changes/players/max is a number"},
		{src, Op{Op: "value.set", Pointer: "/changes/players/max", Data: data(`2.5`)}, "is a whole number"},
		{src, Op{Op: "value.set", Pointer: "/changes/players/max", Data: data(`20`)}, "changes/players/max is from 1 to 12 (not 20)"},
		{src, Op{Op: "value.set", Pointer: "/title", Data: data(`7`)}, "title is text"},
		{src, Op{Op: "value.set", Pointer: "/title", Data: data(`""`)}, "title cannot be empty"},
		{src, Op{Op: "value.set", Pointer: "/id", Data: data(`"Long Night"`)}, `id: "Long Night" is not lower-case letters, digits and dashes`},
		{src, Op{Op: "value.set", Pointer: "/format", Data: data(`2`)}, "format is always 1"},
		{src, Op{Op: "value.set", Pointer: "/changes/hidden-bite/into", Data: data(`"anywhere"`)}, `is one of "second-pile"`},
		{src, Op{Op: "value.set", Pointer: "/changes/players/max/deep", Data: data(`1`)}, "holds a single value"},
		{src, Op{Op: "value.set", Pointer: "/changes/add/9/card", Data: data(`"X"`)}, "there is no item 10 in changes/add (it has 2)"},
		{src, Op{Op: "value.set", Pointer: "changes", Data: data(`1`)}, "not a JSON pointer"},
		{src, Op{Op: "value.remove", Pointer: "/title"}, "title is required"},
		{src, Op{Op: "item.add", Pointer: "/changes/hand"}, "is not a list"},
		{src, Op{Op: "item.add", Pointer: "/changes/dice/0/faces", Data: data(`"seven"`)}, "fits none of its forms"},
		{src, Op{Op: "item.remove", Pointer: "/changes/camp"}, "is not a list item"},
		{colony, Op{Op: "value.set", Pointer: "/players", Data: data(`"lots"`)}, `players: "lots" is not a number or a range like 1-6`},
		{colony, Op{Op: "item.add", Pointer: "/variants", Data: data(`"pg"`)}, "lists \"pg\" already"},
		{colony, Op{Op: "value.set", Pointer: "/objective/normal/setup/0", Data: data(`{"at": "colony", "zombies": 1, "noise": 1}`)}, "fits 2 of its forms"},
	}
	for _, c := range cases {
		out, err := applyOps(c.src, opContext{}, c.op)
		var oe *OpError
		if err == nil || out != nil {
			t.Errorf("%s %s: made, want refused (%s)", c.op.Op, c.op.Pointer, c.want)
			continue
		}
		if !asOpError(err, &oe) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %s: %v, want %q", c.op.Op, c.op.Pointer, err, c.want)
		}
	}
	// The games played on tiles share the mission schema: its menu for
	// difficulty refuses a value it does not list; a game with no schema
	// at all has no form operations.
	inv := []byte("title: X\nruleset: zombicide-invader\ndifficulty: medium\n")
	if _, err := applyOps(inv, opContext{}, Op{Op: "value.set", Pointer: "/difficulty", Data: data(`"insane"`)}); err == nil {
		t.Errorf("a Zombicide mission took difficulty insane")
	}
	if out, err := applyOps(inv, opContext{}, Op{Op: "value.set", Pointer: "/difficulty", Data: data(`"hard"`)}); err != nil || !strings.Contains(string(out), "difficulty: hard") {
		t.Errorf("a Zombicide mission's difficulty: %v\n%s", err, out)
	}
	if _, err := applyOps([]byte("title: X\nruleset: no-such-game\n"), opContext{}, Op{Op: "value.set", Pointer: "/title", Data: data(`"Y"`)}); err == nil || !strings.Contains(err.Error(), "no form") {
		t.Errorf("a game with no schema: %v", err)
	}
}

func asOpError(err error, oe **OpError) bool {
	e, ok := err.(*OpError)
	*oe = e
	return ok
}

// Every property of every game schema with a form, found by a walk of the
// schema of its own, gets a field at the same place.
func TestSchemaFormCoversEveryProperty(t *testing.T) {
	for _, name := range []string{"colony", "survival-infection", "facility"} {
		t.Run(name, func(t *testing.T) {
			src, ok := schema.Source(name)
			if !ok {
				t.Fatalf("no schema %s", name)
			}
			var doc map[string]any
			if err := json.Unmarshal(src, &doc); err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{}
			var walk func(s any, path string, depth int)
			walk = func(s any, path string, depth int) {
				m, ok := s.(map[string]any)
				if !ok || depth > 30 {
					return
				}
				if ref, ok := m["$ref"].(string); ok {
					walk(doc["$defs"].(map[string]any)[strings.TrimPrefix(ref, "#/$defs/")], path, depth+1)
				}
				if p, ok := m["properties"].(map[string]any); ok {
					for k, c := range p {
						want[path+"/"+k] = true
						walk(c, path+"/"+k, depth+1)
					}
				}
				for _, k := range []string{"items", "additionalProperties"} {
					walk(m[k], path, depth+1)
				}
				for _, k := range []string{"oneOf", "anyOf"} {
					if l, ok := m[k].([]any); ok {
						for _, c := range l {
							walk(c, path, depth+1)
						}
					}
				}
			}
			walk(doc, "", 0)
			got := map[string]bool{}
			var fields func(f *FormField, path string)
			fields = func(f *FormField, path string) {
				if f.Key != "" {
					path += "/" + f.Key
					got[path] = true
					if f.Kind == "any" {
						t.Errorf("%s has no input of its own", path)
					}
				}
				for _, c := range f.Fields {
					fields(c, path)
				}
				for _, c := range f.Choices {
					fields(c, path)
				}
				if f.Items != nil {
					fields(f.Items, path)
				}
			}
			g := schemaOf(name)
			fields(g.form(), "")
			if len(want) < 10 {
				t.Fatalf("the walk found only %d properties", len(want))
			}
			for p := range want {
				if !got[p] && p != "/$schema" {
					t.Errorf("no form field for %s", p)
				}
			}
		})
	}
}

// The story comes first, then the schema's order, and the file's
// plumbing (id, format, game, tile set) last, marked Advanced and named
// in an author's words; each field's default is valid for its schema.
func TestSchemaFormOrderAndDefaults(t *testing.T) {
	for _, name := range []string{"colony", "survival-infection", "facility", "mission"} {
		f := schemaOf(name).form()
		var keys []string
		for _, c := range f.Fields {
			keys = append(keys, c.Key)
		}
		if keys[0] != "title" || (keys[1] != "author" && keys[1] != "briefing") {
			t.Errorf("%s: the form starts %v", name, keys)
		}
		if slices.Contains(keys, "$schema") {
			t.Errorf("%s: the form offers $schema", name)
		}
		seenAdvanced := false
		for _, c := range f.Fields {
			_, plumbing := advanced[c.Key]
			if c.Advanced != plumbing {
				t.Errorf("%s: %s is marked advanced %v", name, c.Key, c.Advanced)
			}
			if seenAdvanced && !c.Advanced {
				t.Errorf("%s: %s comes after the Advanced fields: %v", name, c.Key, keys)
			}
			seenAdvanced = seenAdvanced || c.Advanced
			for _, w := range []string{"slug", "Always 1 for now", "Tileset"} {
				if strings.Contains(c.Label+" "+c.Help, w) {
					t.Errorf("%s: the field %s says %q: %s %s", name, c.Key, w, c.Label, c.Help)
				}
			}
		}
		if !seenAdvanced {
			t.Errorf("%s: no field is Advanced: %v", name, keys)
		}
		g := schemaOf(name)
		props := g.root.Field("$defs")
		for i, k := range props.Keys {
			d := g.defaultOf(props.Fields[i], 0)
			if err := g.check(props.Fields[i], normalise(d), "/"+k); err != nil {
				t.Errorf("%s: the default of %s, %v, is refused: %v", name, k, d, err)
			}
		}
	}
}

// normalise passes a value through JSON, as the page sends it back.
func normalise(v any) any {
	b, _ := json.Marshal(v)
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var out any
	dec.Decode(&out)
	return out
}

// A sheet game's state carries the form with the file's values, and each
// finding the pointer of the value it is about.
func TestSchemaFormState(t *testing.T) {
	for _, c := range []struct{ ex, from, to, ptr, rule string }{
		{"survival-infection/long-night.yaml", "camp: {sets: 8}", "camp: {sets: 6}", "/changes/players", "camp-range"},
		{"colony/field-hospital.yaml", "morale: 6\n", "morale: 60\n", "/objective/normal/morale", "colony-track"},
	} {
		t.Run(c.ex, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "examples", filepath.Dir(c.ex)))); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(dir, filepath.Base(c.ex))
			s, err := New(path, Options{})
			if err != nil {
				t.Fatal(err)
			}
			st := s.state(s.cur, s.good)
			if st.Schema == nil || st.Schema.Root == nil || st.Schema.Locked {
				t.Fatalf("no form: %+v", st.Schema)
			}
			if v, ok := st.Schema.Values.(map[string]any); !ok || v["title"] == nil {
				t.Fatalf("values %v", st.Schema.Values)
			}
			src, _ := os.ReadFile(path)
			bad := strings.Replace(string(src), c.from, c.to, 1)
			if bad == string(src) {
				t.Fatal("the example changed; update the test")
			}
			snap := s.snapshotOf([]byte(bad))
			st = s.state(snap, s.good)
			found := false
			for _, f := range st.Findings {
				if f.Rule == c.rule {
					found = true
					if f.Pointer != c.ptr {
						t.Errorf("%s points at %q, want %q", f.Rule, f.Pointer, c.ptr)
					}
				}
			}
			if !found {
				t.Errorf("no %s finding: %+v", c.rule, st.Findings)
			}
			// A save that cannot be read: the last good values, locked.
			st = s.state(s.snapshotOf([]byte(bad+"\nformat: [1\n")), s.good)
			if st.Schema == nil || !st.Schema.Locked {
				t.Errorf("a broken save: form %+v", st.Schema)
			}
		})
	}
}
