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
	slices.SortStableFunc(ds, compareDiagnostics)
}

func compareDiagnostics(a, b Diagnostic) int {
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
