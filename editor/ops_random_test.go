package editor

import (
	"bytes"
	"math/rand/v2"
	"os"
	"testing"

	"github.com/zmission/zmission/missions"
)

// TestRandomOps applies long random sequences of operations, many of them
// nonsense, to the commented template: every one is either refused with a
// message, leaving the file as it was, or gives a file that fmt leaves as
// it is and that still holds every comment of the template's header.
func TestRandomOps(t *testing.T) {
	src, err := os.ReadFile("testdata/commented.yaml")
	if err != nil {
		t.Fatal(err)
	}
	faces := []string{"1A", "2A", "3B", "4B", "9Z", ""}
	types := []string{"start", "spawn", "objective", "exit", "door", "noise", "mold", "dragon"}
	sides := []string{"", "n", "e", "s", "w", "x"}
	colours := []string{"", "red", "violet", "plaid"}
	r := rand.New(rand.NewPCG(1, 2))
	pick := func(l []string) string { return l[r.IntN(len(l))] }
	pos := func() *[2]int { return &[2]int{r.IntN(9) - 1, r.IntN(9) - 1} }
	random := func() Op {
		c := pick(colours)
		switch r.IntN(9) {
		case 0:
			return Op{Op: "tile.place", Face: pick(faces), At: pos()}
		case 1:
			return Op{Op: "tile.move", Index: r.IntN(5) - 1, At: pos()}
		case 2:
			return Op{Op: "tile.rotate", Index: r.IntN(5)}
		case 3:
			return Op{Op: "tile.remove", Index: r.IntN(5)}
		case 4:
			return Op{Op: "token.place", Type: pick(types), Color: &c, At: pos(), Side: pick(sides)}
		case 5:
			return Op{Op: "token.move", Index: r.IntN(8) - 1, At: pos(), Side: pick(sides)}
		case 6:
			return Op{Op: "token.set", Index: r.IntN(8), Color: &c}
		case 7:
			return Op{Op: "token.remove", Index: r.IntN(8)}
		}
		return Op{Op: "field.set", Field: pick([]string{"title", "briefing", "duration", "nope"}), Value: pick([]string{"", "A title", "12", "two\nlines"})}
	}
	data := src
	applied := 0
	for i := range 400 {
		op := random()
		out, err := applyOps(data, station, op)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("op %d %+v: an empty message", i, op)
			}
			continue
		}
		applied++
		if canon, err := missions.Format(out, false); err != nil || !bytes.Equal(canon, out) {
			t.Fatalf("op %d %+v: not canonical (%v):\n%s", i, op, err, out)
		}
		for _, c := range []string{"# yaml-language-server:", "# Violet Lockdown, being built in the editor.", "# end of the file"} {
			if !bytes.Contains(out, []byte(c)) {
				t.Fatalf("op %d %+v: comment %q lost:\n%s", i, op, c, out)
			}
		}
		data = out
	}
	if applied < 100 {
		t.Errorf("only %d of 400 operations applied", applied)
	}
}
