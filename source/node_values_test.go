package source

import "testing"

func TestNodeValues(t *testing.T) {
	num := func(s string) *Node { return &Node{Kind: Number, Text: s} }
	for text, want := range map[string]int{"90": 90, "90.0": 90, "1e0": 1, "-0.0": 0, "2.5": 0, "1e400": 0, "99999999999999999999": 0} {
		if got := num(text).Int(); got != want {
			t.Errorf("Int(%s) = %d, want %d", text, got, want)
		}
	}
	var none *Node
	if none.Int() != 0 || none.Str() != "" || none.True() {
		t.Error("a missing node has values")
	}
	if (&Node{Kind: String, Text: "7"}).Int() != 0 || num("7").Str() != "" {
		t.Error("a value of another kind was read")
	}
	if !(&Node{Kind: Bool, Bool: true}).True() || (&Node{Kind: String, Text: "true"}).True() {
		t.Error("True reads only the boolean true")
	}
}
