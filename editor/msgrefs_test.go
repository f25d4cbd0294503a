package editor

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"github.com/zmission/zmission/source"
)

// TestMsgRefsAsRead: the kept readings of messages are what the regular
// expressions read, for random texts of the pieces they read and the
// findings of a generated 20×20-tile board, each looked up many times in
// a random order, across many turns of the memo's generations.
func TestMsgRefsAsRead(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	pieces := []string{"at ", "at", " ", "1", "23", ",", "4", "(its ", "east", "north", " border)", "1A/z2", "Z/3", "/", "x", "\n"}
	var msgs []string
	for range 3000 {
		var b strings.Builder
		for range r.IntN(12) {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		msgs = append(msgs, b.String())
	}
	data, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	s := &Session{path: "board.yaml"}
	s.o.Lint.Limits = source.DefaultLimits
	named := 0
	for _, d := range s.snapshotOf(data).diags {
		msgs = append(msgs, d.Message)
		if cellRef().MatchString(d.Message) {
			named++
		}
	}
	if named == 0 {
		t.Fatal("no finding of the board names a cell: the test reads nothing of the memo's cells")
	}
	for i := range 4 * refMemoRound {
		m := msgs[r.IntN(len(msgs))]
		if i%2 == 0 {
			if got, want := msgZoneRefs(m), zoneRef().FindAllString(m, -1); !slices.Equal(got, want) {
				t.Fatalf("lookup %d: zones of %q: kept %q, read %q", i, m, got, want)
			}
			continue
		}
		got, want := msgCellRef(m), cellRefOf{}
		if sm := cellRef().FindStringSubmatch(m); sm != nil {
			want.ok = true
			want.x, _ = strconv.Atoi(sm[1])
			want.y, _ = strconv.Atoi(sm[2])
			if sm[3] != "" {
				want.side = sm[3][:1]
			}
		}
		if got != want {
			t.Fatalf("lookup %d: cell of %q: kept %+v, read %+v", i, m, got, want)
		}
	}
}
