package lint

import (
	"fmt"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// TestFindingsCapped: a file with thousands of findings prints a bounded
// number and says how many were left out; many Spawn Zones in few zones
// give one Mold finding per pair of zones, not per pair of tokens.
func TestFindingsCapped(t *testing.T) {
	var b strings.Builder
	b.WriteString("format: 1\nid: x\ntitle: X\nruleset: zombicide-invader\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n")
	// Mold removes every Objective in its zone: one finding per Objective.
	b.WriteString("tokens:\n  - {type: start, at: [0, 1]}\n  - {type: mold, at: [5, 2]}\n")
	for i := 0; i < 2000; i++ {
		b.WriteString("  - {type: objective, color: violet, at: [5, 2]}\n")
	}
	for i := 0; i < 300; i++ {
		fmt.Fprintf(&b, "  - {type: spawn, at: [%d, 1]}\n", 2+i%4)
	}
	b.WriteString("objectives:\n  - take: violet\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n")
	r := Bytes("many.yaml", []byte(b.String()), Options{Limits: source.DefaultLimits})
	if len(r.Diags) > maxFindings+1 {
		t.Fatalf("%d findings printed, want at most %d", len(r.Diags), maxFindings+1)
	}
	truncated, mold := false, 0
	for _, d := range r.Diags {
		truncated = truncated || d.Rule == "findings-truncated"
		if d.Rule == "mold-distance" {
			mold++
		}
	}
	if !truncated {
		t.Error("no findings-truncated note")
	}
	if mold > 6 {
		t.Errorf("%d mold-distance findings for spawns in a few zones", mold)
	}
}
