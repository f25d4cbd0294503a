package editor

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/missions"
)

// A facility scenario opens on the facility canvas: its slots with their
// rooms, its corridors, the room catalogue as a palette, the findings at
// their slot or corridor, and the printable sheet beside them.
func TestFacilityState(t *testing.T) {
	s, err := New(copyFile(t, "testdata/facility.yaml"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	st := s.state(s.cur, s.good)
	fs := st.Facility
	if st.Kind != "facility" || fs == nil || !strings.HasPrefix(st.SVG, "<svg") || st.Title != "Cold Landing" {
		t.Fatalf("kind %q, title %q, facility %v, svg %.20q", st.Kind, st.Title, fs != nil, st.SVG)
	}
	if fs.Grid != [2]int{6, 4} || len(fs.Slots) != 21 || len(fs.Corridors) != 8 {
		t.Fatalf("grid %v, %d slots, %d corridors", fs.Grid, len(fs.Slots), len(fs.Corridors))
	}
	slot := func(id int) FacSlot {
		for _, s := range fs.Slots {
			if s.ID == id {
				return s
			}
		}
		t.Fatalf("no slot %d", id)
		return FacSlot{}
	}
	if lz := slot(7); lz.Room != "landing-zone" || lz.Name != "Landing Zone" || lz.Type != "A" || lz.At != [2]int{1, 1} || !lz.Known {
		t.Errorf("slot 7: %+v", lz)
	}
	if h := slot(15); !h.Covered || h.Escape != "hibernation" {
		t.Errorf("slot 15: %+v", h)
	}
	if c := fs.Corridors[4]; c.ID != 5 || c.Between != [2]int{14, 15} || c.Door != "closed" || c.DoorAt != 15 || c.Noise != 1 || !c.Unexplored {
		t.Errorf("corridor 5: %+v", c)
	}
	var nest, cold *FacRoom
	for i, r := range fs.Rooms {
		switch r.ID {
		case "nest":
			nest = &fs.Rooms[i]
		case "cold-store":
			cold = &fs.Rooms[i]
		}
	}
	if nest == nil || nest.Slot != 21 || cold == nil || !cold.Custom || cold.Slot != 0 || cold.Type != "?" {
		t.Errorf("palette: nest %+v, cold store %+v", nest, cold)
	}
	// The two token findings: one in corridor 6, one on slot 14.
	placed := map[string]string{}
	for i, f := range st.Findings {
		if f.Place != nil {
			placed[f.Rule+" "+f.Place.Zone] = f.Place.Kind
			var on []int
			switch f.Place.Kind {
			case "slot":
				for _, s := range fs.Slots {
					if "slot "+itoa(s.ID) == f.Place.Zone {
						on = s.Findings
					}
				}
			case "corridor":
				for _, c := range fs.Corridors {
					if "corridor "+itoa(c.ID) == f.Place.Zone {
						on = c.Findings
					}
				}
			}
			if !bytes.Contains(mustJSON(t, on), mustJSON(t, i)) {
				t.Errorf("finding %d (%s) is not listed at %s: %v", i, f.Rule, f.Place.Zone, on)
			}
		}
	}
	if placed["token-spot corridor 6"] != "corridor" || placed["token-spot slot 14"] != "slot" {
		t.Errorf("findings placed: %v (all: %+v)", placed, st.Findings)
	}

	// A save that cannot be read keeps the last good facility, with the
	// findings unplaced.
	bad := s.snapshotOf(append(append([]byte{}, s.cur.data...), "\n  - [unclosed\n"...))
	st = s.state(bad, s.cur)
	if st.Kind != "facility" || !st.Stale || st.Error == "" || st.Facility == nil || st.SVG == "" {
		t.Errorf("a broken save: kind %q, stale %v, error %q, facility %v", st.Kind, st.Stale, st.Error, st.Facility != nil)
	}
	for _, f := range st.Findings {
		if f.Place != nil {
			t.Errorf("a finding placed on a board not drawn: %+v", f)
		}
	}
}

func mustJSON(t *testing.T, v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func copyFile(t *testing.T, src string) string {
	t.Helper()
	data, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// Sequences of facility operations give exactly the golden files: in the
// canonical form, every comment kept.
func TestFacilityOpsGolden(t *testing.T) {
	src, err := os.ReadFile("testdata/facility.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name string
		ops  []Op
	}{
		{"rooms", []Op{
			{Op: "room.place", graphOp: graphOp{Slot: 12, Room: "armory"}},
			{Op: "room.place", graphOp: graphOp{Slot: 2, Room: "cold-store"}},
			{Op: "room.remove", graphOp: graphOp{Slot: 21}},
			{Op: "room.set", graphOp: graphOp{Slot: 15, Covered: ptr(false)}},
		}},
		{"corridors", []Op{
			// Each added corridor takes its place in reading order: 7-12 is
			// corridor 4, and those after it move up one.
			{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{7, 12}}},
			{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{13, 18}, Noise: ptr(3), Door: ptr("closed"), DoorAt: ptr(13)}},
			{Op: "corridor.set", graphOp: graphOp{Corridor: 2, Noise: ptr(0)}},
			{Op: "corridor.set", graphOp: graphOp{Corridor: 1, Door: ptr("none")}},
			{Op: "corridor.set", graphOp: graphOp{Corridor: 3, Door: ptr("open"), DoorAt: ptr(7), Deadly: ptr(2)}},
			{Op: "corridor.remove", graphOp: graphOp{Corridor: 7}}, // 15-16, corridor 6 before the first add, and the noise in it
		}},
		{"slots", []Op{
			{Op: "slot.add", At: &[2]int{0, 3}, graphOp: graphOp{Section: "A"}},
			{Op: "slot.add", At: &[2]int{5, 3}, graphOp: graphOp{Section: "C"}},
			{Op: "slot.remove", graphOp: graphOp{Slot: 15}}, // its room, 3 corridors, the noise in one
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, err := applyOps(src, opContext{}, c.ops...)
			if err != nil {
				t.Fatal(err)
			}
			canon, err := missions.Format(got, false)
			if err != nil || !bytes.Equal(canon, got) {
				t.Errorf("not in canonical form (err %v):\n%s", err, got)
			}
			for _, cm := range comments(src) {
				if !bytes.Contains(got, []byte(cm)) && !(c.name == "slots" && cm == "# under the Undiscovered tile") && !(c.name != "rooms" && cm == "# heard at setup") {
					t.Errorf("comment %q lost", cm)
				}
			}
			goldenFile(t, filepath.Join("testdata", "facility-ops", c.name+".yaml"), got)
		})
	}
}

// What cannot be is refused with a message that says why, and the file is
// not touched.
func TestFacilityOpsRefused(t *testing.T) {
	src, err := os.ReadFile("testdata/facility.yaml")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		op   Op
		want string
	}{
		{Op{Op: "room.place", graphOp: graphOp{Slot: 99, Room: "armory"}}, "there is no slot 99"},
		{Op{Op: "room.place", graphOp: graphOp{Slot: 7, Room: "armory"}}, "slot 7 already holds landing-zone"},
		{Op{Op: "room.place", graphOp: graphOp{Slot: 2, Room: "nest"}}, "nest is already on slot 21"},
		{Op{Op: "room.place", graphOp: graphOp{Slot: 2, Room: "armoury"}}, `unknown room "armoury"; did you mean "armory"?`},
		{Op{Op: "room.place", graphOp: graphOp{Slot: 2, Room: "armory", Covered: ptr(true)}}, "only the Hibernatorium"},
		{Op{Op: "room.place", graphOp: graphOp{Slot: 2}}, "needs a slot and a room"},
		{Op{Op: "room.remove", graphOp: graphOp{Slot: 2}}, "slot 2 holds no room"},
		{Op{Op: "room.set", graphOp: graphOp{Slot: 7, Covered: ptr(true)}}, "only the Hibernatorium"},
		{Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{7, 7}}}, "not slot 7 to itself"},
		{Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{7, 6}}}, "corridor 2 already joins slots 7 and 6"},
		{Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{7, 40}}}, "there is no slot 40"},
		{Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{1, 2}, Noise: ptr(5)}}, "noise is 1 to 4"},
		{Op{Op: "corridor.add"}, "needs the two slots"},
		{Op{Op: "corridor.set", graphOp: graphOp{Corridor: 30, Noise: ptr(2)}}, "there is no corridor 30"},
		{Op{Op: "corridor.set", graphOp: graphOp{Corridor: 2, Door: ptr("ajar")}}, "a door is none, open, closed, destroyed"},
		{Op{Op: "corridor.set", graphOp: graphOp{Corridor: 2, Door: ptr("open"), DoorAt: ptr(9)}}, "slot 6 or 7 (got 9)"},
		{Op{Op: "corridor.set", graphOp: graphOp{Corridor: 2, DoorAt: ptr(7)}}, "no door slot"},
		{Op{Op: "corridor.remove", graphOp: graphOp{Corridor: 9}}, "there is no corridor 9"},
		{Op{Op: "slot.add", At: &[2]int{1, 1}, graphOp: graphOp{Section: "A"}}, "slot 7 is already at [1, 1]"},
		{Op{Op: "slot.add", At: &[2]int{6, 0}, graphOp: graphOp{Section: "C"}}, "beyond the grid: it is 6×4"},
		{Op{Op: "slot.add", At: &[2]int{0, 3}, graphOp: graphOp{Section: "D"}}, "a section is A, B, C"},
		{Op{Op: "slot.remove", graphOp: graphOp{Slot: 22}}, "there is no slot 22"},
		{Op{Op: "slot.fly"}, `unknown operation "slot.fly"`},
	}
	for _, c := range cases {
		got, err := applyOps(src, opContext{}, c.op)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s %+v: %v, want %q", c.op.Op, c.op.graphOp, err, c.want)
		}
		if _, ok := err.(*OpError); err != nil && !ok {
			t.Errorf("%s: %T is not a refusal", c.op.Op, err)
		}
		if got != nil {
			t.Errorf("%s: a refused operation gave a file", c.op.Op)
		}
	}
	// The last slot cannot go.
	one := []byte("format: 1\nid: one\ntitle: One\nruleset: facility\ngrid: [1, 1]\nslots:\n  - {id: 1, at: [0, 0], section: A}\n")
	if _, err := applyOps(one, opContext{}, Op{Op: "slot.remove", graphOp: graphOp{Slot: 1}}); err == nil || !strings.Contains(err.Error(), "at least one slot") {
		t.Errorf("removing the last slot: %v", err)
	}
}

// Through the server, as the page sends them: an edit is written and the
// state follows with its finding on the slot; a refused one is a 400 with
// its message; undo brings the file back byte for byte.
func TestFacilityEditUndo(t *testing.T) {
	c, path := newClient(t, "testdata/facility.yaml")
	orig := read(t, path)
	st := c.state()
	code, body := c.do("POST", c.url+"api/op", `{"version": "`+st.Version+`", "ops": [{"op": "room.place", "slot": 12, "room": "escape-shuttle"}]}`, nil)
	if code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if !bytes.Contains(read(t, path), []byte("  - {slot: 12, room: escape-shuttle}\n")) {
		t.Fatalf("the file:\n%s", read(t, path))
	}
	st = c.state()
	found := false
	for _, sl := range st.Facility.Slots {
		if sl.ID == 12 {
			for _, i := range sl.Findings {
				found = found || st.Findings[i].Rule == "room-section" // a section C room in section A
			}
		}
	}
	if !found {
		t.Errorf("no room-section finding on slot 12: %+v", st.Findings)
	}
	edited := read(t, path)
	code, body = c.do("POST", c.url+"api/op", `{"version": "`+st.Version+`", "ops": [{"op": "corridor.add", "between": [7, 7]}]}`, nil)
	if code != 400 || !strings.Contains(string(body), "not slot 7 to itself") || !bytes.Equal(read(t, path), edited) {
		t.Errorf("a corridor to itself: %d %s", code, body)
	}
	code, body = c.do("POST", c.url+"api/undo", `{"version": "`+st.Version+`"}`, nil)
	if code != 200 || !bytes.Equal(read(t, path), orig) {
		t.Errorf("undo: %d %s; the file is\n%s", code, body, read(t, path))
	}
}
