package source

import "testing"

func TestLookup(t *testing.T) {
	doc := `{"a/b": 1, "m~n": 2, "": 3, "~1": 4, "list": [10, 11, [12]], "x": {"y": {"z": true}}}`
	root, probs := ParseJSON([]byte(doc), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	found := map[string]string{
		"/a~1b":     "1",
		"/m~0n":     "2",
		"/":         "3", // the empty key
		"/~01":      "4", // "~0" first becomes "~", so "~01" is the key "~1"
		"/list/0":   "10",
		"/list/1":   "11",
		"/list/2/0": "12",
		"/x/y/z":    "",
		"/x/y":      "",
		"":          "",
	}
	for ptr, text := range found {
		n := root.Lookup(ptr)
		if n == nil {
			t.Errorf("Lookup(%q) = nil", ptr)
			continue
		}
		if n.Text != text {
			t.Errorf("Lookup(%q).Text = %q, want %q", ptr, n.Text, text)
		}
	}
	if root.Lookup("") != root {
		t.Error(`Lookup("") is not the root`)
	}
	missing := []string{
		"a",         // no leading slash
		"/a/b",      // "/" must be escaped
		"/~2",       // bad escape
		"/m~",       // escape cut short
		"/list/3",   // out of range
		"/list/-",   // the slot after the end is not a node
		"/list/01",  // leading zero
		"/list/+1",  // sign
		"/list/-1",  // negative
		"/list/x",   // not an index
		"/list/0/0", // into a number
		"/x/y/z/w",  // into a bool
		"/nope",
	}
	for _, ptr := range missing {
		if n := root.Lookup(ptr); n != nil {
			t.Errorf("Lookup(%q) = %v, want nil", ptr, n)
		}
	}
	var none *Node
	if none.Lookup("") != nil || none.Lookup("/a") != nil {
		t.Error("Lookup on a nil node is not nil")
	}
	if v, k := Locate(nil, "/a"); v != (Pos{}) || k != (Pos{}) {
		t.Error("Locate on a nil root is not the zero Pos")
	}
	if v, _ := Locate(root, "bad"); v != root.Pos {
		t.Error("Locate with a malformed pointer is not the root")
	}
}
