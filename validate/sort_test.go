package validate

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strings"
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
			if compareDiagnostic(got[i], want[i]) != 0 {
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

// orderAsWritten is the order Sort keeps, as it was first written: every
// key compared, the first that differs deciding.
func orderAsWritten(a, b Diagnostic) int {
	if c := cmp.Or(
		strings.Compare(a.File, b.File),
		cmp.Compare(a.Line, b.Line),
		cmp.Compare(a.Col, b.Col),
		cmp.Compare(b.Severity, a.Severity),
		strings.Compare(a.Rule, b.Rule),
		strings.Compare(a.Message, b.Message),
		strings.Compare(a.Hint, b.Hint),
	); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Related, b.Related, func(x, y Related) int {
		return cmp.Or(strings.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Col, y.Col), strings.Compare(x.Message, y.Message))
	})
}

// TestSortAsWritten: Sort, which compares a key only when the ones before
// it tie and leaves a sorted list as it is, gives the stable sort by every
// key: random lists of diagnostics that tie on many keys, sorted from
// random orders and sorted again.
func TestSortAsWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 9))
	pick := func(s ...string) string { return s[r.IntN(len(s))] }
	for range 300 {
		n := r.IntN(40)
		if r.IntN(5) == 0 {
			n = r.IntN(600) // past the sorts' small-list cases
		}
		ds := make([]Diagnostic, n)
		for i := range ds {
			ds[i] = Diagnostic{File: pick("a", "b"), Line: r.IntN(3), Col: r.IntN(3), Severity: Severity(r.IntN(4)),
				Rule: pick("x", "y"), Message: pick("m", "n", ""), Hint: pick("", "h"), Pointer: pick("/a", "/b")}
			for range r.IntN(3) {
				ds[i].Related = append(ds[i].Related, Related{File: pick("a", "b"), Line: r.IntN(2), Message: pick("", "r")})
			}
		}
		for i, a := range ds {
			for _, b := range ds[i:] {
				if got, want := compareDiagnostic(a, b), orderAsWritten(a, b); got != want {
					t.Fatalf("compare %+v, %+v = %d, want %d", a, b, got, want)
				}
			}
		}
		want := slices.Clone(ds)
		slices.SortStableFunc(want, orderAsWritten)
		got := slices.Clone(ds)
		Sort(got)
		again := slices.Clone(got)
		Sort(again)
		for i := range want {
			// Pointer is no key: the same element in the same place.
			if got[i].Pointer != want[i].Pointer || orderAsWritten(got[i], want[i]) != 0 || again[i].Pointer != want[i].Pointer {
				t.Fatalf("position %d: %+v (again %+v), want %+v", i, got[i], again[i], want[i])
			}
		}
	}
}
