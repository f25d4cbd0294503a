package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

func TestSplitComment(t *testing.T) {
	for _, tc := range []struct {
		line    string
		comment string // "" when the line has none
	}{
		{"  - {type: spawn, at: [1, 1]} # zmission:ignore x", " zmission:ignore x"},
		{"# zmission:ignore x", " zmission:ignore x"},
		{"title: \"a # b\" # c", " c"},
		{"title: 'a # b' # c", " c"},
		{"title: 'it''s # here' # c", " c"},
		{"title: Don't # c", " c"},
		{"title: a#b", ""},
		{`title: "a \" # b"`, ""},
		{`title: "a \\" # b`, " b"},
		{"  - ['a # b', \"c # d\"] # e", " e"},
		{"url: http://x/#frag", ""},
	} {
		_, got, _ := splitComment(tc.line)
		if got != tc.comment {
			t.Errorf("%s: comment %q, want %q", tc.line, got, tc.comment)
		}
	}
}

func TestFindIgnores(t *testing.T) {
	src := strings.Join([]string{
		"briefing: |",                          // 1
		"  # zmission:ignore not-a-comment",    // 2: text of the block
		"tokens:",                              // 3
		"  # zmission:ignore spawn-near-start", // 4: alone on its line
		"  # another comment",                  // 5
		"",                                     // 6
		"  - {type: spawn, at: [1, 1]} # zmission:ignore a-check, other-check the reason", // 7
		"  # zmission:ignore",          // 8
		"  # zmission:ignore Bad,",     // 9
		"  # zmission:ignored not one", // 10
		"  - {type: exit, at: [5, 1]}", // 11
	}, "\n")
	ds := findIgnores([]byte(src))
	type got struct {
		line, col, target int
		rules             string
		bad               bool
	}
	var gs []got
	for _, d := range ds {
		gs = append(gs, got{d.line, d.col, d.target, strings.Join(d.rules, "+"), d.problem != ""})
	}
	want := []got{
		{4, 3, 7, "spawn-near-start", false},
		{7, 31, 7, "a-check+other-check", false},
		{8, 3, 11, "", true},
		{9, 3, 11, "", true},
	}
	if fmt.Sprint(gs) != fmt.Sprint(want) {
		t.Errorf("directives:\n%v\nwant:\n%v", gs, want)
	}
}

// The issue: "`# zmission:ignore rule-id[, rule-id] [reason]` on the line (or
// the line before) of a finding, reported as `unused-ignore` when nothing was
// suppressed."
func TestInlineSuppression(t *testing.T) {
	mission := func(spawnLine string) string {
		return "format: 1\nid: example\ntitle: Example\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n" +
			spawnLine + "  - {type: exit, at: [5, 1]}\nobjectives:\n  - exit: all\n"
	}
	rules := func(src string) []string {
		var out []string
		for _, d := range Bytes("m.yaml", []byte(src), Options{Limits: source.DefaultLimits}).Diags {
			out = append(out, fmt.Sprintf("%d:%d %s", d.Line, d.Col, d.Rule))
		}
		return out
	}
	const spawn = "  - {type: spawn, at: [1, 1]}"
	for _, tc := range []struct {
		name, spawnLines string
		want             []string
	}{
		{"no directive: the finding shows", spawn + "\n", []string{"11:5 spawn-near-start"}},
		{"on the line", spawn + " # zmission:ignore spawn-near-start the rush is the point\n", nil},
		{"on the line before", "  # zmission:ignore spawn-near-start\n" + spawn + "\n", nil},
		{"with other checks named", spawn + " # zmission:ignore spawn-first, spawn-near-start\n", []string{"11:31 unused-ignore"}},
		{"another check only", spawn + " # zmission:ignore spawn-first\n", []string{"11:5 spawn-near-start", "11:31 unused-ignore"}},
		{"two lines before is too far", "  # zmission:ignore spawn-near-start\n  - {type: noise, at: [0, 1]}\n" + spawn + "\n",
			[]string{"11:3 unused-ignore", "13:5 spawn-near-start"}},
		{"an unknown check", spawn + " # zmission:ignore spawn-near-strat\n", []string{"11:5 spawn-near-start", "11:31 unused-ignore"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := rules(mission(tc.spawnLines))
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Errorf("findings %v, want %v\n%s", got, tc.want, mission(tc.spawnLines))
			}
		})
	}
	// The unknown check's message suggests the right one.
	r := Bytes("m.yaml", []byte(mission(spawn+" # zmission:ignore spawn-near-strat\n")), Options{Limits: source.DefaultLimits})
	for _, d := range r.Diags {
		if d.Rule == "unused-ignore" && !strings.Contains(d.Hint, "did you mean spawn-near-start?") {
			t.Errorf("hint %q", d.Hint)
		}
	}
	// When an error stops the file before the game's checks, a directive for
	// one of them cannot be judged: it is not reported.
	broken := strings.Replace(mission(spawn+" # zmission:ignore spawn-near-start\n"), "title: Example", "titel: Example", 1)
	for _, d := range Bytes("m.yaml", []byte(broken), Options{Limits: source.DefaultLimits}).Diags {
		if d.Rule == "unused-ignore" {
			t.Errorf("an early stop reports %d:%d %s", d.Line, d.Col, d.Message)
		}
	}
	if c := validate.Lookup("unused-ignore"); c == nil || c.Severity != validate.Warning {
		t.Errorf("unused-ignore is not a registered warning: %+v", c)
	}
}

// A file of nothing but directives is read in linear time and reports each
// (capped like any other flood of findings).
func TestManyDirectives(t *testing.T) {
	var b strings.Builder
	b.WriteString("format: 1\nid: x\ntitle: X\nruleset: zombicide-invader\ntileset: station\ntiles:\n  - {face: 1A, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n")
	for i := 0; i < 100000; i++ {
		b.WriteString("# zmission:ignore spawn-near-start, nope 'x\" # [\n")
	}
	r := Bytes("m.yaml", []byte(b.String()), Options{Limits: source.DefaultLimits})
	if len(r.Diags) != maxFindings+1 || r.Diags[maxFindings].Rule != "findings-truncated" {
		t.Errorf("%d findings, the last %+v", len(r.Diags), r.Diags[len(r.Diags)-1])
	}
}

func FuzzFindIgnores(f *testing.F) {
	f.Add("a: 'b' # zmission:ignore x, y why\n# zmission:ignore\nc: |\n  # zmission:ignore z\n")
	f.Add("\"\\\\\" # zmission:ignore a\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, d := range findIgnores([]byte(s)) {
			if d.line < 1 || d.col < 1 || d.target != 0 && d.target < d.line {
				t.Fatalf("directive %+v", d)
			}
		}
	})
}
