package lint

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// TestFindingsCapped: a file with thousands of findings prints a bounded
// number and says how many were left out; many Spawn Zones in few zones
// give one Mold finding per pair of zones, not per pair of tokens.
func TestFindingsCapped(t *testing.T) {
	r := Bytes("many.yaml", []byte(manyFindings(300)), Options{Limits: source.DefaultLimits})
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

// TestCapAfterConfig: a configuration's severities apply before the
// findings are capped, so a rule switched off does not fill the cap, and
// no note says findings are left out when none is.
func TestCapAfterConfig(t *testing.T) {
	doc := manyFindings(0)
	r := Bytes("many.yaml", []byte(doc), Options{Limits: source.DefaultLimits})
	counts := map[string]int{}
	for _, d := range r.Diags {
		counts[d.Rule]++
	}
	many := ""
	for rule, n := range counts {
		if n > maxFindings/2 {
			many = rule
		}
	}
	if many == "" || counts["findings-truncated"] != 1 {
		t.Fatalf("without a configuration: %v, want one rule past half the cap and a truncation note", counts)
	}
	path := filepath.Join(t.TempDir(), ".zmission.yaml")
	if err := os.WriteFile(path, []byte("rules:\n  "+many+": off\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, ds := validate.LoadConfig(path)
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	r = Bytes("many.yaml", []byte(doc), Options{Limits: source.DefaultLimits, Config: cfg})
	for _, d := range r.Diags {
		if d.Rule == many || d.Rule == "findings-truncated" {
			t.Fatalf("with %s off: %s finding %q", many, d.Rule, d.Message)
		}
	}
	if len(r.Diags) == 0 {
		t.Error("with the rule off, nothing else is found")
	}
}

// manyFindings is a mission of thousands of findings: Mold removes every
// Objective in its zone, one finding per Objective (2,000), and spawns
// Spawn Zones a few zones apart.
func manyFindings(spawns int) string {
	var b strings.Builder
	b.WriteString("format: 1\nid: x\ntitle: X\nruleset: zombicide-invader\ntiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 2A, at: [1, 0]}\n")
	b.WriteString("tokens:\n  - {type: start, at: [0, 1]}\n  - {type: mold, at: [5, 2]}\n")
	for range 2000 {
		b.WriteString("  - {type: objective, color: violet, at: [5, 2]}\n")
	}
	for i := range spawns {
		fmt.Fprintf(&b, "  - {type: spawn, at: [%d, 1]}\n", 2+i%4)
	}
	b.WriteString("objectives:\n  - take: violet\nrules:\n  - when: {take: violet}\n    then: [{open: violet}]\n")
	return b.String()
}
