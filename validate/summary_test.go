package validate

import (
	"bytes"
	"testing"
)

func TestSummary(t *testing.T) {
	for _, tc := range []struct {
		ds    []Diagnostic
		files int
		want  string
	}{
		{nil, 3, ""},
		{[]Diagnostic{{File: "a", Severity: Off}}, 3, ""},
		{sample(), 5, "2 errors, 1 warning, 1 info in 3 of 5 files\n"},
		{sample(), 3, "2 errors, 1 warning, 1 info in 3 files\n"},
		{sample(), 0, "2 errors, 1 warning, 1 info in 3 files\n"},
		{[]Diagnostic{{File: "a", Severity: Warning}, {File: "a", Severity: Warning}}, 1, "2 warnings in 1 file\n"},
		{[]Diagnostic{{File: "a", Severity: Info}, {File: "a", Severity: Info}}, 2, "2 info in 1 of 2 files\n"},
	} {
		var b bytes.Buffer
		Summary(&b, tc.ds, tc.files, Options{})
		if b.String() != tc.want {
			t.Errorf("Summary(%d files) = %q, want %q", tc.files, b.String(), tc.want)
		}
	}
	var b bytes.Buffer
	Summary(&b, sample(), 3, Options{Color: true})
	if !bytes.Contains(b.Bytes(), []byte("\x1b[31;1m2 errors")) {
		t.Errorf("coloured summary = %q", b.String())
	}
}
