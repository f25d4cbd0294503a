package validate

import (
	"math/rand/v2"
	"slices"
	"testing"
)

func TestSortOrder(t *testing.T) {
	want := []Diagnostic{
		{File: "a.yaml", Line: 1, Col: 1, Severity: Error, Rule: "b"},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "a"},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "b", Message: "m1"},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "b", Message: "m2"},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "b", Message: "m2", Hint: "h"},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "b", Message: "m2", Hint: "h", Related: []Related{{File: "a", Line: 1}}},
		{File: "a.yaml", Line: 1, Col: 1, Severity: Warning, Rule: "b", Message: "m2", Hint: "h", Related: []Related{{File: "a", Line: 2}}},
		{File: "a.yaml", Line: 1, Col: 2, Severity: Info, Rule: "a"},
		{File: "a.yaml", Line: 2, Col: 1, Severity: Info, Rule: "a"},
		{File: "a.yaml", Line: 10, Col: 1, Severity: Info, Rule: "a"},
		{File: "b.yaml", Line: 1, Col: 1, Severity: Info, Rule: "a"},
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 50 {
		got := slices.Clone(want)
		rng.Shuffle(len(got), func(i, j int) { got[i], got[j] = got[j], got[i] })
		Sort(got)
		for i := range want {
			if compareDiagnostics(got[i], want[i]) != 0 {
				t.Fatalf("position %d: got %+v, want %+v", i, got[i], want[i])
			}
		}
	}
}

func TestExitCode(t *testing.T) {
	ds := []Diagnostic{{Severity: Info}, {Severity: Warning}, {Severity: Off}}
	for _, tc := range []struct {
		ds     []Diagnostic
		failOn Severity
		want   int
	}{
		{nil, Error, 0},
		{nil, Info, 0},
		{ds, Error, 0},
		{ds, Warning, 1},
		{ds, Info, 1},
		{ds, Off, 0},
		{[]Diagnostic{{Severity: Off}}, Info, 0},
		{[]Diagnostic{{Severity: Error}}, Error, 1},
		{[]Diagnostic{{Severity: Error}}, Off, 0},
	} {
		if got := ExitCode(tc.ds, tc.failOn); got != tc.want {
			t.Errorf("ExitCode(%v, %v) = %d, want %d", tc.ds, tc.failOn, got, tc.want)
		}
	}
}

func TestParseSeverity(t *testing.T) {
	for _, s := range []Severity{Off, Info, Warning, Error} {
		got, ok := ParseSeverity(s.String())
		if !ok || got != s {
			t.Errorf("ParseSeverity(%q) = %v, %v", s.String(), got, ok)
		}
	}
	for _, s := range []string{"", "Error", "warn", "none", "note"} {
		if _, ok := ParseSeverity(s); ok {
			t.Errorf("ParseSeverity(%q) accepted", s)
		}
	}
}
