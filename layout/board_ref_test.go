package layout

import (
	"errors"
	"slices"
	"testing"
)

func refBoard(t *testing.T) *Board {
	// 2A then 1A: their top rows are corridors that join into one zone.
	a := handFace("1A", "", []string{"ccc", "aab", "aab"}, "a=room b=room c=corridor")
	b := handFace("2A", "", []string{"ddd", "eee", "fff"}, "d=corridor e=room f=room")
	return handBuild(t, handSet(3, a, b), Placement{Face: "2A"}, Placement{Face: "1A", Col: 1})
}

func TestRef(t *testing.T) {
	b := refBoard(t)
	// Zones: 2A/d (with 1A/c), 2A/e, 1A/a, 1A/b, 2A/f.
	if got := handZoneIDs(b); !slices.Equal(got, []string{"2A/d", "2A/e", "1A/a", "1A/b", "2A/f"}) {
		t.Fatalf("zones %v", got)
	}
	for ref, want := range map[string]string{
		"2A/d":      "2A/d",
		" 1A/b ":    "1A/b",
		"1A/c":      "2A/d", // a face label whose zone is named after the other tile
		"0,0":       "2A/d",
		"5, 0":      "2A/d",
		" 3 , 2 ":   "1A/a",
		"5,2":       "1A/b",
		"2,2":       "2A/f",
		"+1,1":      "2A/e",
		"2A/e":      "2A/e",
		"1A/a":      "1A/a",
		"5,1\t":     "1A/b",
		"\t0, 2\n ": "2A/f",
	} {
		z, err := b.Ref(ref)
		if err != nil {
			t.Errorf("Ref(%q): %v", ref, err)
			continue
		}
		if z.ID != want {
			t.Errorf("Ref(%q) = %s, want %s", ref, z.ID, want)
		}
	}
}

func TestRefErrors(t *testing.T) {
	b := refBoard(t)
	cases := []struct {
		board *Board
		ref   string
		msg   string
		close []string
	}{
		{b, "", `empty reference: want a zone id such as "1A/c" or a cell "x,y"`, nil},
		{b, "  ", `empty reference: want a zone id such as "1A/c" or a cell "x,y"`, nil},
		{b, "6,0", "cell 6,0 is outside the board (x 0-5, y 0-2)", nil},
		{b, "0,-1", "cell 0,-1 is outside the board (x 0-5, y 0-2)", nil},
		{b, "a,b", `bad cell "a,b": want "x,y" with whole numbers, such as "3,4"`, nil},
		{b, "1,2,3", `bad cell "1,2,3": want "x,y" with whole numbers, such as "3,4"`, nil},
		{b, "1.5,2", `bad cell "1.5,2": want "x,y" with whole numbers, such as "3,4"`, nil},
		{b, "1A/x", `face 1A has no zone "x" on this board`, []string{"1A/a", "1A/b"}},
		{b, "1a/b", `no zone "1a/b": face 1a is not on the board`, []string{"1A/b"}},
		{b, "1A/zzzz", `face 1A has no zone "zzzz" on this board`, []string{"1A/a", "1A/b"}},
		{b, "2A/f~2", `face 2A has no zone "f~2" on this board`, []string{"2A/f"}},
		{b, "9Z/a", `no zone "9Z/a": face 9Z is not on the board`, nil},
		{b, "2A", `"2A" is neither a zone id ("1A/c") nor a cell ("x,y")`, nil},
		{b, "2Ad", `"2Ad" is neither a zone id ("1A/c") nor a cell ("x,y")`, []string{"2A/d"}},
	}
	for _, c := range cases {
		z, err := c.board.Ref(c.ref)
		var re *RefError
		if !errors.As(err, &re) {
			t.Errorf("Ref(%q) = %v, %v: want a *RefError", c.ref, z, err)
			continue
		}
		if re.Reason != c.msg || !slices.Equal(re.Close, c.close) || re.Ref != c.ref {
			t.Errorf("Ref(%q): %q %q, want %q %q", c.ref, re.Reason, re.Close, c.msg, c.close)
		}
		if z != nil {
			t.Errorf("Ref(%q) returned a zone with an error", c.ref)
		}
	}
	var re *RefError
	if _, err := b.Ref("1A/x"); err.Error() != `face 1A has no zone "x" on this board; close zone ids: 1A/a, 1A/b` || !errors.As(err, &re) {
		t.Errorf("error text %q", err)
	}
}

func TestRefEmptyCell(t *testing.T) {
	f := handFace("1A", "", []string{"a"}, "a=room")
	b := handBuild(t, handSet(1, f), Placement{Face: "1A", Col: 1})
	_, err := b.Ref("0,0")
	if err == nil || err.Error() != "cell 0,0 is not covered by a tile" {
		t.Errorf("Ref on an empty cell: %v", err)
	}
}
