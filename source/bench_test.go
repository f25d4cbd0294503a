package source

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"
	"testing"
)

// benchDocs returns the same mission-like document of about 100 KB in
// YAML and in JSON.
func benchDocs() (yamlDoc, jsonDoc []byte) {
	var y strings.Builder
	y.WriteString("format: 1\nid: big-mission\ntitle: A Big Mission\nruleset: zombicide-invader\ntileset: station\ntiles:\n")
	type tile struct {
		Face string `json:"face"`
		At   [2]int `json:"at"`
		Rot  int    `json:"rot"`
	}
	type token struct {
		ID   string `json:"id"`
		Type string `json:"type"`
		At   [2]int `json:"at"`
	}
	var tiles []tile
	var tokens []token
	for i := 0; i < 600; i++ {
		tl := tile{fmt.Sprintf("%dA", i%9+1), [2]int{i % 30, i / 30}, (i % 4) * 90}
		tiles = append(tiles, tl)
		fmt.Fprintf(&y, "  - {face: %s, at: [%d, %d], rot: %d}\n", tl.Face, tl.At[0], tl.At[1], tl.Rot)
	}
	y.WriteString("tokens:\n")
	for i := 0; i < 1700; i++ {
		tk := token{fmt.Sprintf("t%d", i), "spawn", [2]int{i % 90, i / 90}}
		tokens = append(tokens, tk)
		fmt.Fprintf(&y, "  - id: %s\n    type: %s\n    at: [%d, %d]\n", tk.ID, tk.Type, tk.At[0], tk.At[1])
	}
	j, err := json.MarshalIndent(map[string]any{
		"format": 1, "id": "big-mission", "title": "A Big Mission", "ruleset": "zombicide-invader",
		"tileset": "station", "tiles": tiles, "tokens": tokens[:1000],
	}, "", " ")
	if err != nil {
		panic(err)
	}
	return []byte(y.String()), j
}

func TestBenchDocsAreAbout100KB(t *testing.T) {
	y, j := benchDocs()
	for _, d := range [][]byte{y, j} {
		if len(d) < 80_000 || len(d) > 130_000 {
			t.Errorf("benchmark document is %d bytes", len(d))
		}
	}
}

func BenchmarkParseYAML(b *testing.B) {
	doc, _ := benchDocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, probs := ParseYAML(doc, Limits{}); len(probs) > 0 {
			b.Fatal(probs)
		}
	}
}

// BenchmarkParseYAMLMission reads a typical small mission, the case a lint
// of a folder of missions repeats thousands of times.
func BenchmarkParseYAMLMission(b *testing.B) {
	doc, err := os.ReadFile("../examples/invader/first-contact.yaml")
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, probs := ParseYAML(doc, Limits{}); len(probs) > 0 {
			b.Fatal(probs)
		}
	}
}

func BenchmarkParseJSON(b *testing.B) {
	_, doc := benchDocs()
	b.SetBytes(int64(len(doc)))
	for b.Loop() {
		if _, probs := ParseJSON(doc, Limits{}); len(probs) > 0 {
			b.Fatal(probs)
		}
	}
}
