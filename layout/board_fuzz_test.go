package layout

import (
	"errors"
	"testing"
)

// FuzzBuild feeds odd placements to Build: it must never panic, and every
// problem must point at a placement or at none.
func FuzzBuild(f *testing.F) {
	f.Add("1A", 0, 0, 0, "2A", 1, 0, 90)
	f.Add("1A", -1, 5, 45, "1A", 0, 0, -90)
	f.Add("", 63, 63, 720, "zz", 1<<40, -1<<40, 1<<62)
	set := problemSet()
	f.Fuzz(func(t *testing.T, f1 string, c1, r1, rot1 int, f2 string, c2, r2, rot2 int) {
		tiles := []Placement{{f1, c1, r1, rot1}, {f2, c2, r2, rot2}}
		b, probs := Build(set, tiles)
		for _, p := range probs {
			if p.Tile < -1 || p.Tile >= len(tiles) || p.Message == "" || p.Code == "" {
				t.Errorf("bad problem %+v", p)
			}
		}
		if len(b.Cells) != b.W*b.H {
			t.Errorf("%d cells for %dx%d", len(b.Cells), b.W, b.H)
		}
	})
}

// FuzzRef: any reference gives a zone or a *RefError, never a panic.
func FuzzRef(f *testing.F) {
	for _, s := range []string{"1A/a", "0,0", " 3, 1 ", "1A/", "/", ",", "9,", "-0,-0", "1A/a~2", "ｘ,ｙ"} {
		f.Add(s)
	}
	b, _ := Build(problemSet(), []Placement{{Face: "1A"}, {Face: "2A", Col: 1}, {Face: "3A", Row: 1}})
	f.Fuzz(func(t *testing.T, ref string) {
		z, err := b.Ref(ref)
		var re *RefError
		switch {
		case err == nil && z == nil:
			t.Errorf("Ref(%q): no zone and no error", ref)
		case err != nil && (z != nil || !errors.As(err, &re) || re.Reason == ""):
			t.Errorf("Ref(%q) = %v, %v", ref, z, err)
		}
	})
}
