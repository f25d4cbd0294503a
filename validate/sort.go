package validate

import (
	"cmp"
	"slices"
	"strings"
)

// Sort orders diagnostics by file, line, column, severity (most severe
// first), rule and message; hint and related locations break the remaining
// ties, so the order is total and output is byte-identical across runs.
func Sort(ds []Diagnostic) {
	// A list sorted already (the editor sorts lint's sorted findings
	// again) is left as it is, as the stable sort would leave it, after
	// one pass.
	if isSorted(ds) {
		return
	}
	// The order of a stable sort is the order by (keys, place in the list),
	// one order whichever sort makes it: the places are sorted, not the
	// diagnostics, each of them some two hundred bytes that the stable
	// sort's merges copied about n·log²n times (2% of an edit of a big
	// board in the editor's module).
	at := make([]int32, len(ds))
	for i := range at {
		at[i] = int32(i)
	}
	slices.SortFunc(at, func(i, j int32) int {
		if c := compareDiagnosticAt(&ds[i], &ds[j]); c != 0 {
			return c
		}
		return cmp.Compare(i, j)
	})
	sorted := make([]Diagnostic, len(ds))
	for k, i := range at {
		sorted[k] = ds[i]
	}
	copy(ds, sorted)
}

// isSorted is slices.IsSortedFunc with compareDiagnostic, without a copy
// of each diagnostic a comparison.
func isSorted(ds []Diagnostic) bool {
	for i := 1; i < len(ds); i++ {
		if compareDiagnosticAt(&ds[i], &ds[i-1]) < 0 {
			return false
		}
	}
	return true
}

// compareDiagnostic is compareDiagnostics on pointers, each key compared
// only when the ones before it tie: a board's five hundred findings are
// compared some five thousand times a sort.
func compareDiagnostic(a, b Diagnostic) int {
	return compareDiagnosticAt(&a, &b)
}

func compareDiagnosticAt(a, b *Diagnostic) int {
	if c := strings.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Line, b.Line); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Col, b.Col); c != 0 {
		return c
	}
	if c := cmp.Compare(b.Severity, a.Severity); c != 0 {
		return c
	}
	if c := strings.Compare(a.Rule, b.Rule); c != 0 {
		return c
	}
	if c := strings.Compare(a.Message, b.Message); c != 0 {
		return c
	}
	if c := strings.Compare(a.Hint, b.Hint); c != 0 {
		return c
	}
	return slices.CompareFunc(a.Related, b.Related, func(x, y Related) int {
		return cmp.Or(
			strings.Compare(x.File, y.File),
			cmp.Compare(x.Line, y.Line),
			cmp.Compare(x.Col, y.Col),
			strings.Compare(x.Message, y.Message),
		)
	})
}

// ExitCode is 1 when any diagnostic is at or above failOn, else 0.
// Diagnostics switched off never count, and failOn Off means findings never
// fail the run (for reporting-only pipelines). Exit codes 2 (usage) and 3
// (could not run) are the application's to decide.
func ExitCode(ds []Diagnostic, failOn Severity) int {
	if failOn == Off {
		return 0
	}
	for _, d := range ds {
		if d.Severity != Off && d.Severity >= failOn {
			return 1
		}
	}
	return 0
}
