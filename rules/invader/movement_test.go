package invader_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/zmission/zmission/rules"
)

// Every way between zones of a test mission: "A B via[#door token]
// [Survivors' requirements]". Pairs missing from a list have no way between
// them: walls stop Survivors and Xenos alike.
var moveCases = []struct {
	rule  string
	file  string
	moves []string
}{
	{"markings join corridor zones; walls join nothing", "line.yaml", []string{
		"line/a line/b marking",
		"line/a line/f marking",
		"line/b line/c marking",
		"line/c line/d marking",
	}},
	{"doors: a closed neutral door costs nothing but opens from inside the room only (Door Activation: \"a door opening in a room Zone they occupy\"); open and destroyed ones go both ways", "doors.yaml", []string{
		"doors/a doors/c door#1 survivors-from:doors/a",
		"doors/b doors/c door#2",
		"doors/d doors/c door#3",
		"doors/e doors/c door",
	}},
	{"two ways between one pair are listed apart; a closed coloured door needs its colour", "moves.yaml", []string{
		"moves/p moves/q door#1 door:violet",
		"moves/p moves/q opening",
		"moves/c moves/d marking",
		"moves/c moves/r door#2 survivors-from:moves/r",
		"moves/d moves/s door#3",
	}},
	{"hatch and every step outside need oxygen; a room meets the exterior only through the Airlock", "airlock.yaml", []string{
		"5B/x 5B/v marking oxygen",
		"5B/v 5B/l hatch oxygen",
		"5B/a 5B/c door",
		"5B/l 5B/c door",
		"5B/b 5B/c door",
	}},
	{"an Airlock with Mold: walls open, the hatch still needs oxygen", "airlock-mold.yaml", []string{
		"5B/x 5B/v marking oxygen",
		"5B/v 5B/l hatch oxygen",
		"5B/a 5B/l mold",
		"5B/a 5B/c door",
		"5B/l 5B/b mold",
		"5B/l 5B/c door",
		"5B/b 5B/c door",
	}},
	{"exterior zones: every step needs oxygen", "exterior.yaml", []string{
		"8B/a 8B/b marking oxygen",
		"8B/a 8B/c marking oxygen",
		"8B/a 8B/d marking oxygen",
		"8B/b 8B/d marking oxygen",
		"8B/b 8B/e marking oxygen",
		"8B/c 8B/d marking oxygen",
		"8B/c 8B/e marking oxygen",
		"8B/d 8B/e marking oxygen",
	}},
	{"without Mold: only the violet door", "mold-walls-none.yaml", []string{
		"moldx/m moldx/c door#1 door:violet",
	}},
	{"Mold: the door is removed, walls open, not the one to the exterior", "mold-walls.yaml", []string{
		"moldx/m moldx/n mold",
		"moldx/m moldx/c door",
		"moldx/m moldx/z mold",
	}},
	{"Inactive Mold opens walls too", "rooms-inactive.yaml", []string{
		"rooms/p rooms/q opening",
		"rooms/p rooms/q mold",
		"rooms/p rooms/c door",
		"rooms/q rooms/s opening",
		"rooms/q rooms/s mold",
		"rooms/q rooms/c mold",
		"rooms/c rooms/u door",
		"rooms/u rooms/x opening",
	}},
}

func TestMovement(t *testing.T) {
	for _, c := range moveCases {
		t.Run(c.rule, func(t *testing.T) {
			w := mission(t, c.file)
			var got []string
			for _, m := range w.Movement() {
				got = append(got, moveString(w, m))
				if !m.Survivors || !m.Xenos {
					t.Errorf("%s: Survivors (with their keys) and Xenos both take every way: %+v", moveString(w, m), m)
				}
			}
			want := slices.Clone(c.moves)
			slices.Sort(got)
			slices.Sort(want)
			if !slices.Equal(got, want) {
				t.Errorf("%s: moves\n got: %s\nwant: %s", c.file, strings.Join(got, "; "), strings.Join(want, "; "))
			}
		})
	}
}

// TestMovementOrder: moves come sorted by (From, To, Via, Requires).
func TestMovementOrder(t *testing.T) {
	for _, c := range moveCases {
		w := mission(t, c.file)
		ms := w.Movement()
		for i := 1; i < len(ms); i++ {
			p, q := ms[i-1], ms[i]
			if p.From > q.From || p.From == q.From && (p.To > q.To || p.To == q.To && p.Via > q.Via) {
				t.Errorf("%s: move %d (%s) before move %d (%s)", c.file, i-1, moveString(w, p), i, moveString(w, q))
			}
		}
	}
}

// TestHatchInsideStation: a hatch that a board puts between two station
// zones needs no oxygen (oxygen is for being outside) and still blocks sight.
func TestHatchInsideStation(t *testing.T) {
	w := missionWith(t, "hatch-inside.yaml")
	corridor, airlock := zone(t, w, "2B/c"), zone(t, w, "6B/l")
	var hatch []string
	for _, m := range w.Movement() {
		if m.Via == "hatch" {
			hatch = append(hatch, moveString(w, m))
		}
	}
	if len(hatch) == 0 {
		t.Skip("the board no longer lets a hatch face a station zone")
	}
	if want := []string{"2B/c 6B/l hatch"}; !slices.Equal(hatch, want) {
		t.Errorf("hatch moves %v, want %v", hatch, want)
	}
	for _, s := range w.LOS(airlock, rules.SightOptions{}) {
		if s.Zone == corridor {
			t.Errorf("the Airlock sees the corridor through its hatch")
		}
	}
}
