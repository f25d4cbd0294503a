package source

import (
	"math/rand/v2"
	"strings"
	"testing"
)

const posYAML = `# mission
id: "café"
tiles:
  - face: 1A
    at: [0, 0]
  - {face: 2B, at: [1, 0]}
"a/b": x
m~n: y
ünï: [[1, 2], [3]]
`

const posJSON = `{
  "id": "café",
  "tiles": [
    {"face": "1A", "at": [0, 0]},
    {"face": "2B",
     "at": [1, 0]}
  ],
  "a/b": "x",
  "ünï": [[1, 2], [3]]
}
`

type posCase struct {
	ptr        string
	value, key Pos
}

var yamlPositions = []posCase{
	{"", Pos{2, 1}, Pos{2, 1}},
	{"/id", Pos{2, 5}, Pos{2, 1}},
	{"/tiles", Pos{4, 3}, Pos{3, 1}},
	{"/tiles/0", Pos{4, 5}, Pos{4, 5}},
	{"/tiles/0/face", Pos{4, 11}, Pos{4, 5}},
	{"/tiles/0/at", Pos{5, 9}, Pos{5, 5}},
	{"/tiles/0/at/1", Pos{5, 13}, Pos{5, 13}},
	{"/tiles/1", Pos{6, 5}, Pos{6, 5}},
	{"/tiles/1/at", Pos{6, 20}, Pos{6, 16}},
	{"/a~1b", Pos{7, 8}, Pos{7, 1}},
	{"/m~0n", Pos{8, 6}, Pos{8, 1}},
	{"/ünï", Pos{9, 6}, Pos{9, 1}},
	{"/ünï/0", Pos{9, 7}, Pos{9, 7}},
	{"/ünï/0/1", Pos{9, 11}, Pos{9, 11}},
	{"/ünï/1/0", Pos{9, 16}, Pos{9, 16}},
	// Missing paths fall back to the nearest ancestor.
	{"/tiles/0/rot", Pos{4, 5}, Pos{4, 5}},
	{"/tiles/7/at", Pos{4, 3}, Pos{3, 1}},
	{"/nothing/here", Pos{2, 1}, Pos{2, 1}},
}

var jsonPositions = []posCase{
	{"", Pos{1, 1}, Pos{1, 1}},
	{"/id", Pos{2, 9}, Pos{2, 3}},
	{"/tiles", Pos{3, 12}, Pos{3, 3}},
	{"/tiles/0", Pos{4, 5}, Pos{4, 5}},
	{"/tiles/0/face", Pos{4, 14}, Pos{4, 6}},
	{"/tiles/0/at", Pos{4, 26}, Pos{4, 20}},
	{"/tiles/0/at/1", Pos{4, 30}, Pos{4, 30}},
	{"/tiles/1", Pos{5, 5}, Pos{5, 5}},
	{"/tiles/1/at", Pos{6, 12}, Pos{6, 6}},
	{"/a~1b", Pos{8, 10}, Pos{8, 3}},
	{"/ünï", Pos{9, 10}, Pos{9, 3}},
	{"/ünï/0", Pos{9, 11}, Pos{9, 11}},
	{"/ünï/0/1", Pos{9, 15}, Pos{9, 15}},
	{"/ünï/1/0", Pos{9, 20}, Pos{9, 20}},
	{"/tiles/1/rot", Pos{5, 5}, Pos{5, 5}},
}

// TestPositions checks value and key positions in both formats, also with
// a byte order mark and with CRLF line ends, which must not move them.
func TestPositions(t *testing.T) {
	formats := []struct {
		name, file, doc string
		want            []posCase
	}{
		{"yaml", "m.yaml", posYAML, yamlPositions},
		{"json", "m.json", posJSON, jsonPositions},
	}
	for _, f := range formats {
		variants := map[string]string{
			"plain": f.doc,
			"bom":   "\ufeff" + f.doc,
			"crlf":  strings.ReplaceAll(f.doc, "\n", "\r\n"),
		}
		for vname, doc := range variants {
			root, probs := Parse(f.file, []byte(doc), Limits{})
			if len(probs) > 0 {
				t.Fatalf("%s/%s: %v", f.name, vname, probs)
			}
			for _, c := range f.want {
				v, k := Locate(root, c.ptr)
				if v != c.value || k != c.key {
					t.Errorf("%s/%s %q: value %v key %v, want %v %v", f.name, vname, c.ptr, v, k, c.value, c.key)
				}
			}
		}
	}
}

// TestPositionsOfAliasesAndMerges pins where expanded values point: the
// copy's root at the alias, its insides at the anchored text, merged
// members at the mapping they come from.
func TestPositionsOfAliasesAndMerges(t *testing.T) {
	doc := "base: &b {x: 1, y: 2}\nuse: *b\nmerged:\n  <<: *b\n  y: 3\n"
	root, probs := ParseYAML([]byte(doc), Limits{})
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	cases := []posCase{
		{"/base", Pos{1, 7}, Pos{1, 1}},
		{"/use", Pos{2, 6}, Pos{2, 1}},
		{"/use/x", Pos{1, 14}, Pos{1, 11}},
		{"/merged/x", Pos{1, 14}, Pos{1, 11}},
		{"/merged/y", Pos{5, 6}, Pos{5, 3}},
	}
	for _, c := range cases {
		v, k := Locate(root, c.ptr)
		if v != c.value || k != c.key {
			t.Errorf("%q: value %v key %v, want %v %v", c.ptr, v, k, c.value, c.key)
		}
	}
	if got := strings.Join(root.Lookup("/merged").Keys, ","); got != "x,y" {
		t.Errorf("merged keys %s, want x,y", got)
	}
	if got := root.Lookup("/merged/y").Text; got != "3" {
		t.Errorf("merged y = %s, want the written 3", got)
	}
}

func TestOffset(t *testing.T) {
	data := []byte("ab\ncé\r\nx\ry\u2028z")
	cases := []struct {
		off  int64
		want Pos
	}{
		{0, Pos{1, 1}},
		{2, Pos{1, 3}},
		{3, Pos{2, 1}},
		{4, Pos{2, 2}}, // é
		{6, Pos{2, 3}}, // the CR of CRLF
		{8, Pos{3, 1}},
		{10, Pos{4, 1}}, // after a lone CR
		{14, Pos{5, 1}}, // after LS
		{15, Pos{5, 2}}, // the end
		{99, Pos{5, 2}},
	}
	for _, c := range cases {
		if got := Offset(data, c.off); got != c.want {
			t.Errorf("Offset(%d) = %v, want %v", c.off, got, c.want)
		}
	}
	if got := Offset([]byte("\ufeffab"), 4); got != (Pos{1, 2}) {
		t.Errorf("after a BOM: %v, want 1:2", got)
	}
}

// TestCursorPlainAsGeneral: on ASCII text without CR the cursor jumps from
// line feed to line feed; it gives the positions the character-by-character
// scan gives, for offsets in order, repeated, going back and past the end.
func TestCursorPlainAsGeneral(t *testing.T) {
	r := rand.New(rand.NewPCG(45, 3))
	const chars = "ab {}[]\":,\n\n \t0"
	for k := 0; k < 300; k++ {
		b := make([]byte, r.IntN(200))
		for i := range b {
			b[i] = chars[r.IntN(len(chars))]
		}
		plain := newCursor(b)
		if !plain.plain {
			t.Fatalf("%q: not taken as plain", b)
		}
		general := newCursor(b)
		general.plain = false
		for j := 0; j < 20; j++ {
			off := r.IntN(len(b) + 3)
			if j%3 != 0 { // mostly forward, as the readers go
				off = min(plain.off+r.IntN(12), len(b)+1)
			}
			if got, want := plain.to(off), general.to(off); got != want {
				t.Fatalf("%q at %d: plain %v, character by character %v", b, off, got, want)
			}
		}
	}
	for _, s := range []string{"a\rb", "caf\xc3\xa9", "\ufeffa", "a\u2028b"} {
		if plainASCII([]byte(s)) {
			t.Errorf("%q taken as plain ASCII", s)
		}
	}
}

// TestOffsetBeforeStart: an offset before the start is the start, in a
// plain ASCII file as in any other (Offset is exported; it never panics).
func TestOffsetBeforeStart(t *testing.T) {
	for _, s := range []string{"a\nb", "caf\xc3\xa9\nb", "a\r\nb", ""} {
		if got := Offset([]byte(s), -1); got != (Pos{Line: 1, Col: 1}) {
			t.Errorf("%q at -1: %v, want 1:1", s, got)
		}
	}
}
