package editor

import (
	"strings"
	"testing"
)

// Each tab undoes its own steps and the saves made outside, the latest
// first; a step older than the file's last change is taken back around the
// later ones, and refused when they touched its lines.
func TestHistoryTabsAndMerge(t *testing.T) {
	v0 := "title: A\nauthor: x\ndifficulty: easy\nnotes: n\nduration: 60\n"
	v1 := strings.Replace(v0, "title: A", "title: B", 1)                 // tab a
	v2 := strings.Replace(v1, "duration: 60", "duration: 90", 1)         // tab b
	v3 := strings.Replace(v2, "difficulty: easy", "difficulty: hard", 1) // outside
	var h history
	h.push([]byte(v0), []byte(v1), "a")
	h.push([]byte(v1), []byte(v2), "b")
	h.push([]byte(v2), []byte(v3), outside)
	if u, r := h.counts("a"); u != 2 || r != 0 {
		t.Errorf("tab a can undo %d, redo %d; want 2 (its edit, the outside save), 0", u, r)
	}
	cur := []byte(v3)
	step := func(undo bool, tab, want string) {
		t.Helper()
		do := h.undo
		if !undo {
			do = h.redo
		}
		out, commit, err := do(tab, cur)
		if err != nil {
			t.Fatalf("%s: %v", tab, err)
		}
		if string(out) != want {
			t.Fatalf("%s: got\n%s\nwant\n%s", tab, out, want)
		}
		commit()
		cur = out
	}
	// Tab a: the outside save, then its own title, keeping b's duration.
	step(true, "a", v2)
	step(true, "a", strings.Replace(v2, "title: B", "title: A", 1))
	if _, _, err := h.undo("a", cur); err != errNothing {
		t.Errorf("tab a undid a step of tab b: %v", err)
	}
	// Tab b: its duration; then a redoes its title over it.
	step(true, "b", v0)
	step(false, "a", strings.Replace(v0, "title: A", "title: B", 1))
	if u, r := h.counts("b"); u != 0 || r != 1 {
		t.Errorf("tab b can undo %d, redo %d; want 0 (the redone title is a's), 1", u, r)
	}

	// A later change on the same line: the undo is refused.
	var g history
	g.push([]byte(v0), []byte(v1), "a")
	later := strings.Replace(v1, "title: B", "title: C", 1)
	g.push([]byte(v1), []byte(later), "b")
	if _, _, err := g.undo("a", []byte(later)); err != errConflict {
		t.Errorf("undo under a change of the same line: %v, want a conflict", err)
	}
}

// merge3 keeps both sides' changes when apart, and refuses overlapping
// ones.
func TestMerge3(t *testing.T) {
	base := "1\n2\n3\n4\n5\n6\n"
	for _, c := range []struct {
		a, b, want string
		ok         bool
	}{
		{"1\nX\n3\n4\n5\n6\n", "1\n2\n3\n4\nY\n6\n", "1\nX\n3\n4\nY\n6\n", true},
		{"0\n1\n2\n3\n4\n5\n6\n", "1\n2\n3\n4\n5\n6\n7\n", "0\n1\n2\n3\n4\n5\n6\n7\n", true},
		{"1\n3\n4\n5\n6\n", "1\n2\n3\n4\n6\n", "1\n3\n4\n6\n", true},
		{"1\nX\n3\n4\n5\n6\n", "1\nY\n3\n4\n5\n6\n", "", false},
		{"1\nX\n3\n4\n5\n6\n", "1\n2\nY\n4\n5\n6\n", "", false},
	} {
		got, ok := merge3([]byte(base), []byte(c.a), []byte(c.b))
		if ok != c.ok || (ok && string(got) != c.want) {
			t.Errorf("merge3(%q, %q) = %q, %v; want %q, %v", c.a, c.b, got, ok, c.want, c.ok)
		}
	}
}
