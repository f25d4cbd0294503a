package missions

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// FuzzLoad checks missions.Load on any bytes: a document or problems, never
// both and never a panic; every position a document gives lies in the file;
// decoding either gives a mission or a located error in the author's words,
// never a message of the Go decoder.
func FuzzLoad(f *testing.F) {
	for _, p := range []string{"testdata/full.yaml", "testdata/full.json", "../examples/invader/first-contact.yaml", "../examples/classic/blue-line.yaml"} {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data, strings.HasSuffix(p, ".json"))
		}
	}
	for _, s := range []string{"", "- a", "format: 1.0\ntiles: [{face: 1A, at: [1.0, -0.0], rot: 9e1}]", "tiles: [{at: [1e400, 0]}]",
		"%YAML 1.2\n---\nid: x", "id: !include x", "tokens: [{at: \"3,4\"}]", `{"tiles": [{"rot": 1e30}]}`} {
		f.Add([]byte(s), strings.HasPrefix(s, "{"))
	}
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		name := "m.yaml"
		if asJSON {
			name = "m.json"
		}
		lim := source.Limits{MaxBytes: 1 << 16, MaxDepth: 40, MaxNodes: 20_000}
		doc, probs := Load(name, data, lim)
		if (doc == nil) == (len(probs) == 0) {
			t.Fatalf("document %v with problems %v: want exactly one", doc != nil, probs)
		}
		// Positions count the breaks the YAML reader counts: LF, CR, and
		// NEL, LS and PS (see source.Offset).
		lines := 2
		for _, br := range []string{"\n", "\r", "\u0085", "\u2028", "\u2029"} {
			lines += strings.Count(string(data), br)
		}
		for _, p := range probs {
			if p.Pos.Line < 1 || p.Pos.Col < 1 || p.Pos.Line > lines {
				t.Errorf("problem outside the file: %v", p)
			}
		}
		if doc == nil {
			return
		}
		for _, ptr := range []string{"", "/tiles/0/at/1", "/tokens/3", "/objectives/0/take", "/nope/~1x"} {
			if pos := doc.Pos(ptr); pos.Line < 1 || pos.Line > lines {
				t.Errorf("Pos(%q) = %v, outside the file", ptr, pos)
			}
		}
		m, err := doc.Decode()
		if err != nil {
			if strings.Contains(err.Error(), "json:") || strings.Contains(err.Error(), "Go struct") {
				t.Errorf("a Go decoder message: %v", err)
			}
			if de, ok := err.(*source.DecodeError); ok && (de.Pos.Line < 1 || de.Pos.Line > lines) {
				t.Errorf("decode error outside the file: %+v", de)
			}
			return
		}
		if _, err := json.Marshal(m); err != nil {
			t.Errorf("a decoded mission that cannot be written: %v", err)
		}
	})
}
