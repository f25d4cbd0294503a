package source

import (
	"encoding/json"
	"testing"
)

// TestAppendJSONAsMarshal: the direct writer gives what json.Marshal gives
// of the map form, value for value.
func TestAppendJSONAsMarshal(t *testing.T) {
	docs := []string{
		"a: 1\nb: [1, 2.5, -3e2, true, null, \"x\"]\nc: {d: \"q\\\"uote\", e: \"é\\t\"}\n",
		"list:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2B, at: [1, 0], rot: 90}\n",
		"s: \"\\u0001 \\\\ </script>\"\n",
	}
	for _, d := range docs {
		root, probs := Parse("x.yaml", []byte(d), DefaultLimits)
		if len(probs) > 0 {
			t.Fatal(probs)
		}
		got, err := appendJSON(nil, root)
		if err != nil {
			t.Fatal(err)
		}
		want, err := json.Marshal(ToValue(root))
		if err != nil {
			t.Fatal(err)
		}
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("%s: not JSON: %v", got, err)
		}
		_ = json.Unmarshal(want, &b)
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Errorf("got %s\nwant %s", ja, jb)
		}
	}
}

func TestValidNumber(t *testing.T) {
	for s, want := range map[string]bool{"0": true, "-0": true, "12": true, "1.5": true, "1e3": true, "1E-3": true, "-2.5e+10": true,
		"": false, "01": false, ".5": false, "5.": false, "+5": false, "0x1F": false, "1e": false, "inf": false, "-": false} {
		if validNumber(s) != want {
			t.Errorf("validNumber(%q) = %v, want %v", s, !want, want)
		}
		_, err := json.Marshal(json.Number(s))
		if (err == nil) != want && s != "" {
			t.Errorf("%q: encoding/json disagrees", s)
		}
	}
}
