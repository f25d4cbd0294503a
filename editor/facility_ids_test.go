package editor

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// idOrderFindings lints a facility scenario and returns its id-order
// findings. The rule (rules/facility, "The rules break ties two ways":
// intruders take "the shortest route that starts with the corridor/room
// with the lowest id number", and attacks resolve "starting with the
// corridor on the top-left of the facility and going row by row") wants
// ids that follow the reading order.
func idOrderFindings(t *testing.T, data []byte) []string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "f.yaml")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	s, err := New(path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range s.state(s.cur, s.good).Findings {
		if f.Rule == "id-order" {
			out = append(out, f.Message)
		}
	}
	return out
}

// A corridor laid from slot 12 to 13 and a slot added at [0, 3] get ids in
// reading order, those after them move up, and every reference follows;
// ids.renumber puts a scrambled scenario in order.
func TestFacilityIDsReadingOrder(t *testing.T) {
	src, err := os.ReadFile("testdata/facility.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if f := idOrderFindings(t, src); len(f) != 0 {
		t.Fatalf("the example is out of order to begin with: %q", f)
	}
	for _, op := range []Op{
		{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{12, 13}}},
		{Op: "slot.add", At: &[2]int{0, 3}, graphOp: graphOp{Section: "A"}},
	} {
		out, err := applyOps(src, opContext{}, op)
		if err != nil {
			t.Fatal(err)
		}
		if f := idOrderFindings(t, out); len(f) != 0 {
			t.Errorf("%s: %q\n%s", op.Op, f, out)
		}
	}
	// The nest stands on slot 21 at [4, 3]: after the slot at [0, 3] it is
	// slot 22, and its corridors' ends follow.
	out, _ := applyOps(src, opContext{}, Op{Op: "slot.add", At: &[2]int{0, 3}, graphOp: graphOp{Section: "A"}})
	for _, want := range []string{"{id: 22, at: [4, 3], section: C}", "{slot: 22, room: nest}", "between: [16, 22]"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("after the slot at [0, 3] the file lacks %q:\n%s", want, out)
		}
	}

	// Scrambled: slots 2 and 7 swapped, corridors 1 and 8 swapped.
	scr := strings.NewReplacer("{id: 2, at:", "{id: 7, at:", "{id: 7, at:", "{id: 2, at:",
		"- {id: 1, between:", "- {id: 8, between:", "- {id: 8, between:", "- {id: 1, between:").Replace(string(src))
	if f := idOrderFindings(t, []byte(scr)); len(f) == 0 {
		t.Fatalf("the scrambled scenario has no id-order finding:\n%s", scr)
	}
	out, err = applyOps([]byte(scr), opContext{}, Op{Op: "ids.renumber"})
	if err != nil {
		t.Fatal(err)
	}
	if f := idOrderFindings(t, out); len(f) != 0 {
		t.Errorf("after ids.renumber: %q\n%s", f, out)
	}
	// Renumbering a scenario in order changes nothing.
	if same, _ := applyOps(src, opContext{}, Op{Op: "ids.renumber"}); string(same) != string(src) {
		t.Errorf("ids.renumber changed a scenario in order")
	}
}

// An id the editor gives never creates a finding. In breach-wing the
// technical corridor 16 (the maintenance shaft) has no place in the
// reading order, and the rule passes over it; a corridor laid between slots
// 1 and 2 (shift-click or connect mode) once took id 17 and was reported
// out of order. Every corridor the editor can lay between neighbouring
// slots, and every slot it can add, is tried on each facility example.
func TestFacilityEditorIDsNeverFindings(t *testing.T) {
	src, err := os.ReadFile("../examples/facility/breach-wing.yaml")
	if err != nil {
		t.Fatal(err)
	}
	out, err := applyOps(src, opContext{}, Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{1, 2}}})
	if err != nil {
		t.Fatal(err)
	}
	if f := idOrderFindings(t, out); len(f) != 0 {
		t.Errorf("breach-wing, a corridor from 1 to 2: %q", f)
	}
	// It comes first in the reading order; the shaft keeps its place last.
	for _, want := range []string{"  - {id: 1, between: [1, 2], noise: 1}\n", "  - {id: 17, between: [11, 18], noise: 4, technical: true}"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the file lacks %q:\n%s", want, out)
		}
	}

	files, _ := filepath.Glob("../examples/facility/*.yaml")
	for _, file := range append(files, "testdata/facility.yaml") {
		src, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if f := idOrderFindings(t, src); len(f) != 0 {
			t.Fatalf("%s is out of order to begin with: %q", file, f)
		}
		var root yaml.Node
		if err := yaml.Unmarshal(src, &root); err != nil {
			t.Fatal(err)
		}
		slots, err := slotList(root.Content[0])
		if err != nil {
			t.Fatal(err)
		}
		grid, _ := pairOf(get(root.Content[0], "grid"))
		ids := map[[2]int]int{}
		for _, it := range slots.Content {
			id, _ := intOf(get(it, "id"))
			p, _ := pairOf(get(it, "at"))
			ids[p] = id
		}
		var ops []Op
		for y := 0; y < grid[1]; y++ {
			for x := 0; x < grid[0]; x++ {
				a, ok := ids[[2]int{x, y}]
				if !ok {
					ops = append(ops, Op{Op: "slot.add", At: &[2]int{x, y}, graphOp: graphOp{Section: "A"}})
					continue
				}
				for _, n := range [][2]int{{x + 1, y}, {x, y + 1}} {
					if b, ok := ids[n]; ok {
						ops = append(ops, Op{Op: "corridor.add", graphOp: graphOp{Between: &[2]int{a, b}}})
					}
				}
			}
		}
		tried := 0
		for _, op := range ops {
			out, err := applyOps(src, opContext{}, op)
			if err != nil {
				continue // a corridor already there
			}
			tried++
			if f := idOrderFindings(t, out); len(f) != 0 {
				what := "a corridor from " + strconv.Itoa(op.Between[0]) + " to " + strconv.Itoa(op.Between[1])
				if op.At != nil {
					what = "a slot at " + strconv.Itoa(op.At[0]) + "," + strconv.Itoa(op.At[1])
				}
				t.Errorf("%s, %s: %q", file, what, f)
			}
		}
		if tried == 0 {
			t.Errorf("%s: no operation tried", file)
		}
	}
}
