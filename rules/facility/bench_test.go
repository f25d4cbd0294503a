package facility_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// generated writes a facility of cols×rows slots, every slot a room: the
// built-in rooms in their sections, custom ? rooms in the rest, a corridor
// between every two neighbours, a few tokens. It lints clean.
func generated(cols, rows int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "format: 1\nid: generated\ntitle: Generated\nruleset: facility\nplayers: 4\ngrid: [%d, %d]\nborders: [A/B, B/C]\n", cols, rows)
	section := func(x int) string {
		switch third := cols / 3; {
		case x < third:
			return "A"
		case x == third:
			return "A/B"
		case x < 2*third:
			return "B"
		case x == 2*third:
			return "B/C"
		}
		return "C"
	}
	id := func(x, y int) int { return y*cols + x + 1 }
	b.WriteString("slots:\n")
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			fmt.Fprintf(&b, "  - {id: %d, at: [%d, %d], section: %s}\n", id(x, y), x, y, section(x))
		}
	}
	// Section rooms go in the first free slot of their section, reading
	// order; the Landing Zone away from the edge so it has 4 corridors.
	byType := map[string][]string{
		"A": {"landing-zone", "drilling-station", "life-support-control-a", "surgery-room"},
		"B": {"hibernatorium", "cooling-system", "life-support-control-b", "server-room"},
		"C": {"nest", "escape-shuttle", "life-support-control-c", "reactor"},
		"?": {"alarm-room", "armory", "decontamination-room", "door-control-room", "emergency-room", "experimental-military-lab",
			"gunnery-room", "pressure-control", "security-robot-room", "shelter", "sprinklers-control", "supply-room", "technical-corridor-entrance"},
	}
	b.WriteString("rooms:\n")
	custom := 0
	var customs strings.Builder
	for y := 0; y < rows; y++ {
		for x := 0; x < cols; x++ {
			sec := section(x)
			room := ""
			if y > 0 && len(sec) == 1 && len(byType[sec]) > 0 {
				room, byType[sec] = byType[sec][0], byType[sec][1:]
			} else if len(byType["?"]) > 0 {
				room, byType["?"] = byType["?"][0], byType["?"][1:]
			} else {
				custom++
				room = fmt.Sprintf("custom-%d", custom)
				fmt.Fprintf(&customs, "  - {id: %s, name: Custom %d, type: \"?\"}\n", room, custom)
			}
			fmt.Fprintf(&b, "  - {slot: %d, room: %s}\n", id(x, y), room)
		}
	}
	if customs.Len() > 0 {
		b.WriteString("custom_rooms:\n" + customs.String())
	}
	b.WriteString("corridors:\n")
	n := 0
	// Reading order: a row's horizontal corridors, then the vertical ones below it.
	for y := 0; y < rows; y++ {
		for x := 0; x+1 < cols; x++ {
			n++
			fmt.Fprintf(&b, "  - {id: %d, between: [%d, %d], noise: %d}\n", n, id(x, y), id(x+1, y), 1+n%4)
		}
		for x := 0; x < cols && y+1 < rows; x++ {
			n++
			fmt.Fprintf(&b, "  - {id: %d, between: [%d, %d], noise: %d, door: open}\n", n, id(x, y), id(x, y+1), 1+n%4)
		}
	}
	b.WriteString("stacks: {A: [], B: [], C: [], \"?\": []}\ncorridor_pool: 0\n")
	b.WriteString("tokens:\n  - {type: intruder, kind: adult, count: 2, corridor: 1}\n  - {type: noise, corridor: 2}\n  - {type: fire, slot: 1}\n")
	b.WriteString("objectives:\n  - escape: any\n  - destroy: nest\n")
	return b.String()
}

func TestGeneratedIsClean(t *testing.T) {
	// 6×3 is the smallest grid with a section B column below row 0, where
	// the Hibernatorium must stand ("Place the Undiscovered Hibernatorium
	// tile on top of the Hibernatorium room").
	for _, size := range [][2]int{{6, 3}, {6, 5}, {10, 6}, {20, 12}} {
		src := generated(size[0], size[1])
		r := lint.Bytes("gen.yaml", []byte(src), lint.Options{Limits: source.DefaultLimits})
		for _, d := range r.Diags {
			if d.Severity != validate.Info {
				t.Errorf("%dx%d: %d:%d: %s [%s]", size[0], size[1], d.Line, d.Col, d.Message, d.Rule)
			}
		}
		if r.Model == nil {
			t.Fatalf("%dx%d: no model", size[0], size[1])
		}
	}
}

func benchLint(b *testing.B, cols, rows int) {
	src := []byte(generated(cols, rows))
	o := lint.Options{Limits: source.DefaultLimits}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if r := lint.Bytes("gen.yaml", src, o); r.Model == nil {
			b.Fatal("no model")
		}
	}
}

// The whole lint of one file: parse, schema, load, checks.
func BenchmarkLintFacility12(b *testing.B)  { benchLint(b, 4, 3) }
func BenchmarkLintFacility30(b *testing.B)  { benchLint(b, 6, 5) }
func BenchmarkLintFacility60(b *testing.B)  { benchLint(b, 10, 6) }
func BenchmarkLintFacility240(b *testing.B) { benchLint(b, 20, 12) }

func BenchmarkAnalyzeFacility60(b *testing.B) {
	src := []byte(generated(10, 6))
	r := lint.Bytes("gen.yaml", src, lint.Options{Limits: source.DefaultLimits})
	b.ReportAllocs()
	for b.Loop() {
		if (facility.Game{}).AnalyzeModel(r.Model, rules.AnalyzeOptions{}) == nil {
			b.Fatal("no analysis")
		}
	}
}

// The facility's own part of lint: reading the parsed document into the
// model and running every check (no YAML parsing, no JSON Schema).
func BenchmarkModelFacility60(b *testing.B) {
	src := []byte(generated(10, 6))
	root, probs := source.Parse("gen.yaml", src, source.DefaultLimits)
	if len(probs) > 0 {
		b.Fatal(probs)
	}
	d, _ := missions.FromNode("gen.yaml", root)
	g := facility.Game{}
	b.ReportAllocs()
	for b.Loop() {
		m, _ := g.Load(d, rules.LoadEnv{})
		if fs := g.CheckModel(m, nil); len(fs) > 1 {
			b.Fatal(fs)
		}
	}
}

// The same 60-room facility written as JSON: the parser is the difference.
func BenchmarkLintFacility60JSON(b *testing.B) {
	root, probs := source.Parse("gen.yaml", []byte(generated(10, 6)), source.DefaultLimits)
	if len(probs) > 0 {
		b.Fatal(probs)
	}
	src, err := json.Marshal(source.ToValue(root))
	if err != nil {
		b.Fatal(err)
	}
	o := lint.Options{Limits: source.DefaultLimits}
	b.SetBytes(int64(len(src)))
	b.ReportAllocs()
	for b.Loop() {
		if r := lint.Bytes("gen.json", src, o); r.Model == nil || len(r.Diags) > 0 {
			b.Fatal("not clean", r.Diags)
		}
	}
}
