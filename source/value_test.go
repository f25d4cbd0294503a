package source

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestToValue(t *testing.T) {
	doc := "s: text\nn: 0x1F\nf: .5\nb: true\nz: ~\nt: 2001-12-14\nl: [1, [], {}]\nm: {k: v}\n"
	root, probs := ParseYAML([]byte(doc), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	want := map[string]any{
		"s": "text",
		"n": json.Number("31"),
		"f": json.Number("0.5"),
		"b": true,
		"z": nil,
		"t": "2001-12-14",
		"l": []any{json.Number("1"), []any{}, map[string]any{}},
		"m": map[string]any{"k": "v"},
	}
	if got := ToValue(root); !reflect.DeepEqual(got, want) {
		t.Errorf("ToValue:\n got %#v\nwant %#v", got, want)
	}
	if ToValue(nil) != nil {
		t.Error("ToValue(nil) is not nil")
	}
}

// TestYAMLAndJSONAgree reads the same document written in both formats.
func TestYAMLAndJSONAgree(t *testing.T) {
	y := "id: x\nat: [0, -1, 2.5e3]\nok: false\nnone: null\nnested: {a: [b, {c: d}]}\n"
	j := `{"id": "x", "at": [0, -1, 2.5e3], "ok": false, "none": null, "nested": {"a": ["b", {"c": "d"}]}}`
	yr, yp := ParseYAML([]byte(y), Limits{})
	jr, jp := ParseJSON([]byte(j), Limits{})
	if len(yp)+len(jp) > 0 {
		t.Fatal(yp, jp)
	}
	if !reflect.DeepEqual(ToValue(yr), ToValue(jr)) {
		t.Errorf("YAML %#v\nJSON %#v", ToValue(yr), ToValue(jr))
	}
}

// TestJSONNumbersKeepTheirText: JSON can write numbers no float64 holds,
// and escapes the YAML parser would mis-read.
func TestJSONNumbersKeepTheirText(t *testing.T) {
	root, probs := ParseJSON([]byte(`{"big": 1E400, "neg": -0.0, "s": "a\/b\ud83d\ude00"}`), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if n := root.Field("big"); n.Kind != Number || n.Text != "1E400" {
		t.Errorf("big = %v %q", n.Kind, n.Text)
	}
	if n := root.Field("neg"); n.Kind != Number || n.Text != "-0.0" {
		t.Errorf("neg = %v %q", n.Kind, n.Text)
	}
	if got := root.Field("s").Text; got != "a/b\U0001F600" {
		t.Errorf("s = %q", got)
	}
}

func TestBlankDocumentsAreSkipped(t *testing.T) {
	root, probs := ParseYAML([]byte("---\n--- # nothing yet\n---\nid: a\n---\n"), Limits{})
	if len(probs) > 0 || root.Field("id").Text != "a" {
		t.Errorf("got %v, %v", root, probs)
	}
}

func TestDecode(t *testing.T) {
	type tile struct {
		Face string `json:"face"`
		At   [2]int `json:"at"`
	}
	var got struct {
		Tiles []tile `json:"tiles"`
		Big   any    `json:"big"`
	}
	root, probs := ParseYAML([]byte("tiles:\n  - {face: 1A, at: [0, 1]}\nbig: 123456789012345678901234567890\n"), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if err := Decode(root, &got); err != nil {
		t.Fatal(err)
	}
	if len(got.Tiles) != 1 || got.Tiles[0] != (tile{"1A", [2]int{0, 1}}) {
		t.Errorf("tiles = %+v", got.Tiles)
	}
	if got.Big != json.Number("123456789012345678901234567890") {
		t.Errorf("big = %#v, want the exact json.Number", got.Big)
	}
	var wrong struct {
		Tiles string `json:"tiles"`
	}
	if err := Decode(root, &wrong); err == nil {
		t.Error("decoding a list into a string did not fail")
	}
	if err := Decode(nil, &got); err == nil {
		t.Error("decoding nil did not fail")
	}
}

func TestYAMLNumbers(t *testing.T) {
	cases := map[string]string{
		"0":                              "0",
		"-0":                             "0",
		"+1":                             "1",
		"1_000":                          "1000",
		"010":                            "10", // YAML 1.2: decimal
		"0x1F":                           "31",
		"-0x1f":                          "-31",
		"0o17":                           "15",
		"0b101":                          "5",
		"1.5":                            "1.5",
		".5":                             "0.5",
		"-.5":                            "-0.5",
		"1.":                             "1",
		"1.e3":                           "1e3",
		"+2.5E-3":                        "2.5e-3",
		"00.50":                          "0.50",
		"1e400":                          "1e400",
		"123456789012345678901234567890": "123456789012345678901234567890",
	}
	for in, want := range cases {
		lit, why := yamlNumber(in)
		if why != "" || lit != want {
			t.Errorf("yamlNumber(%q) = %q, %q; want %q", in, lit, why, want)
		}
		if !json.Valid([]byte(lit)) {
			t.Errorf("yamlNumber(%q) = %q is not JSON", in, lit)
		}
	}
	for _, in := range []string{".inf", "-.Inf", "+.INF", ".nan", ".NaN", "abc", "0x", "1e", "--1", "0x-1", ".", "1.2.3"} {
		if lit, why := yamlNumber(in); why == "" {
			t.Errorf("yamlNumber(%q) = %q, want a refusal", in, lit)
		}
	}
}

// TestYAMLScalarKinds pins how resolved tags map to JSON kinds. (An
// explicit tag other than the core ones is refused: see TestYAMLTags.)
func TestYAMLScalarKinds(t *testing.T) {
	doc := "a: yes\nb: 'true'\nc: !!str 12\nd: 2001-12-14\ne: x\nf: \"\"\ng:\nh: True\ni: 1e400\nj: '1e400'\nk: !!float 3\n"
	root, probs := ParseYAML([]byte(doc), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	want := map[string]Kind{"a": String, "b": String, "c": String, "d": String, "e": String, "f": String,
		"g": Null, "h": Bool, "i": Number, "j": String, "k": Number}
	for k, kind := range want {
		if got := root.Field(k).Kind; got != kind {
			t.Errorf("%s: %v, want %v", k, got, kind)
		}
	}
}
