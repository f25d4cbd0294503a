package editor

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/source"
)

func TestTilesetOpsGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/outpost.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ops  []Op
		// findings the result must have (rule ids), none if empty
		rules []string
	}{
		// P1's corridor row gets a new room at its east end.
		{"paint-new-zone", []Op{{Op: "face.paint", Face: "P1", At: &[2]int{2, 1}, Label: "k", Kind: "room"},
			{Op: "face.zone", Face: "P1", Label: "k", Kind: "room", Value: "Kitchen", Features: []string{"oxygen"}}}, nil},
		// Painting n over: zone n is gone, and the edge 1,0 s (now inside c) with it.
		{"paint-merges", []Op{{Op: "face.paint", Face: "P1", At: &[2]int{1, 0}, Label: "c"}}, nil},
		{"edge-cycle", []Op{
			{Op: "face.edge", Face: "G", At: &[2]int{0, 0}, Side: "s", Kind: "door"},    // a | c, default wall
			{Op: "face.edge", Face: "G", At: &[2]int{1, 1}, Side: "n", Kind: "wall"},    // the declared 1,0 s door back to the default
			{Op: "face.edge", Face: "G", At: &[2]int{0, 1}, Side: "w", Kind: "marking"}, // the border
		}, nil},
		{"pair", []Op{{Op: "face.add", Face: "Q"}, {Op: "face.pair", Face: "G", Value: "Q"}}, nil},
		// Splitting a zone in two is shown by tiles check, not refused.
		{"split-zone", []Op{{Op: "face.paint", Face: "G", At: &[2]int{1, 1}, Label: "d"}}, []string{"tileset-grid"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := applyTilesetOps(src, c.ops...)
			if err != nil {
				t.Fatal(err)
			}
			for _, cm := range comments(src) {
				if !bytes.Contains(got, []byte(strings.TrimSpace(strings.TrimPrefix(cm, "#")))) && !strings.Contains(cm, "the north side") {
					// comments on keys the operations removed go with them
					if !(c.name == "paint-merges" && (strings.Contains(cm, "n and c") || strings.Contains(cm, "1,0 s"))) &&
						!(c.name == "edge-cycle" && strings.Contains(cm, "south side of cell 2,0")) {
						t.Errorf("comment %q lost", cm)
					}
				}
			}
			r := lint.Bytes("outpost.yaml", got, lint.Options{Limits: source.DefaultLimits})
			if r.Kind != lint.KindTileset {
				t.Fatalf("no longer a tile set: %v", r.Diags)
			}
			var rules []string
			for _, d := range r.Diags {
				rules = append(rules, d.Rule)
			}
			if strings.Join(rules, " ") != strings.Join(c.rules, " ") {
				t.Errorf("findings %v, want %v", r.Diags, c.rules)
			}
			goldenFile(t, filepath.Join("testdata", "tileset-ops", c.name+".yaml"), got)
		})
	}
}

func TestTilesetOpsRefused(t *testing.T) {
	src, _ := os.ReadFile("testdata/outpost.yaml")
	for _, op := range []Op{
		{Op: "face.paint", Face: "P9", At: &[2]int{0, 0}, Label: "a"},
		{Op: "face.paint", Face: "P1", At: &[2]int{3, 0}, Label: "a"},
		{Op: "face.paint", Face: "P1", At: &[2]int{0, 0}, Label: "a/b"},
		{Op: "face.edge", Face: "P1", At: &[2]int{0, 1}, Side: "e", Kind: "door"}, // c | c
		{Op: "face.edge", Face: "P1", At: &[2]int{0, 0}, Side: "e", Kind: "portal"},
		{Op: "face.zone", Face: "P1", Label: "zz", Kind: "room"},
		{Op: "face.pair", Face: "P1", Value: "P1"},
		{Op: "face.add", Face: "P1"},
	} {
		if _, err := applyTilesetOps(src, op); err == nil {
			t.Errorf("%+v: accepted", op)
		}
	}
}

// TestTilesetFaceAddBounded: a face past the tile set's bounds (16,384
// cells, layout.MaxTileSetCells) is refused with the bound's reason, not
// added to make the whole set unreadable.
func TestTilesetFaceAddBounded(t *testing.T) {
	var b strings.Builder
	b.WriteString("format: 1\nname: big\nsize: 16\nfaces:\n")
	for i := range 64 {
		fmt.Fprintf(&b, "  F%d:\n    grid:\n", i)
		for range 16 {
			b.WriteString("      -" + strings.Repeat(" a", 16) + "\n")
		}
		b.WriteString("    zones:\n      a: corridor\n")
	}
	_, err := applyTilesetOps([]byte(b.String()), Op{Op: "face.add", Face: "F64"})
	if err == nil || !strings.Contains(err.Error(), "at most 2048 faces and 16384 cells") {
		t.Fatalf("the 65th face of 16×16: %v", err)
	}
	one := strings.SplitAfter(b.String(), "      a: corridor\n")[0] // the set with its first face only
	if _, err := applyTilesetOps([]byte(one), Op{Op: "face.add", Face: "G"}); err != nil {
		t.Fatalf("a second face: %v", err)
	}
}
