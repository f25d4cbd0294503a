package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

func envOf(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func TestUseColor(t *testing.T) {
	var buf bytes.Buffer
	f, err := os.Create(filepath.Join(t.TempDir(), "out"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		mode string
		w    any
		env  map[string]string
		want bool
	}{
		{"always", &buf, nil, true},
		{"always", &buf, map[string]string{"NO_COLOR": "1"}, true},
		{"never", &buf, nil, false},
		{"auto", &buf, nil, false},
		{"auto", f, nil, false}, // a regular file is no terminal
		{"auto", (*os.File)(nil), nil, false},
		{"bogus", &buf, nil, false},
	} {
		w, _ := tc.w.(interface{ Write([]byte) (int, error) })
		if got := UseColor(tc.mode, w, envOf(tc.env)); got != tc.want {
			t.Errorf("UseColor(%q, %T, %v) = %v, want %v", tc.mode, tc.w, tc.env, got, tc.want)
		}
	}
	if IsTerminal(&buf) || IsTerminal(f) || IsTerminal(nil) {
		t.Error("IsTerminal is true for a non-terminal")
	}
}

// TestUseColorOnTerminal runs only where the test's stdout is a terminal;
// it pins that auto then follows NO_COLOR and TERM.
func TestUseColorOnTerminal(t *testing.T) {
	if !IsTerminal(os.Stdout) {
		t.Skip("stdout is not a terminal")
	}
	if !UseColor("auto", os.Stdout, envOf(nil)) {
		t.Error("auto refuses colour on a terminal")
	}
	if UseColor("auto", os.Stdout, envOf(map[string]string{"NO_COLOR": "1"})) {
		t.Error("NO_COLOR ignored")
	}
	if !UseColor("auto", os.Stdout, envOf(map[string]string{"NO_COLOR": ""})) {
		t.Error("an empty NO_COLOR must not disable colour")
	}
	if UseColor("auto", os.Stdout, envOf(map[string]string{"TERM": "dumb"})) {
		t.Error("TERM=dumb ignored")
	}
}
