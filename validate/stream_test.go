package validate

import (
	"bytes"
	"testing"
)

// TestStreamMatchesWrite: streaming file by file prints exactly what Write
// prints for all the diagnostics at once, in every format, with and
// without findings.
func TestStreamMatchesWrite(t *testing.T) {
	a := []Diagnostic{
		{File: "a.yaml", Line: 3, Col: 1, Severity: Warning, Rule: "spawn-near-start", Message: "a <spawn> & \"more\"", Hint: "move it"},
		{File: "a.yaml", Line: 1, Col: 2, Severity: Error, Rule: "schema", Message: "first",
			Related: []Related{{File: "a.yaml", Line: 9, Col: 9, Message: "here"}}},
		{File: "a.yaml", Line: 2, Col: 2, Severity: Off, Rule: "schema", Message: "switched off"},
	}
	b := []Diagnostic{{File: "b.yaml", Line: 5, Col: 5, Severity: Info, Rule: "made-up-rule", Message: "note"}}
	for _, groups := range [][][]Diagnostic{{a, nil, b}, {nil}, {}, {a[2:]}} {
		var all []Diagnostic
		for _, g := range groups {
			all = append(all, g...)
		}
		for _, f := range Formats {
			var want, got bytes.Buffer
			if err := Write(&want, f, all, Options{Version: "1"}); err != nil {
				t.Fatal(err)
			}
			s, err := NewStream(&got, f, Options{Version: "1"})
			if err != nil {
				t.Fatal(err)
			}
			for _, g := range groups {
				if err := s.Add(g); err != nil {
					t.Fatal(err)
				}
			}
			if err := s.Close(); err != nil {
				t.Fatal(err)
			}
			if got.String() != want.String() {
				t.Errorf("%s, %d diagnostics: stream\n%s\nwant\n%s", f, len(all), got.String(), want.String())
			}
		}
	}
}
