package lint

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/validate"
)

// TestFixedChecks: a limit of the format (board-too-large) cannot be
// configured away or silenced by a comment: a board past the bound would
// lose its tiles without a word.
func TestFixedChecks(t *testing.T) {
	c := validate.Lookup("board-too-large")
	if c == nil || !c.Fixed || c.Severity != validate.Error {
		t.Fatalf("board-too-large: %+v, want a fixed error", c)
	}
	dir := t.TempDir()
	for _, body := range []string{"rules:\n  board-too-large: off\n", "rules:\n  board-too-large: {severity: warning}\n"} {
		path := filepath.Join(dir, ".zmission.yaml")
		if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, ds := validate.LoadConfig(path)
		if len(ds) != 1 || ds[0].Severity != validate.Error || !strings.Contains(ds[0].Message, "is a limit of the format") || ds[0].Line != 2 {
			t.Errorf("%q: %v, want one error at line 2", body, ds)
		}
		if _, set := cfg.Rules["board-too-large"]; set {
			t.Errorf("%q: the severity was kept", body)
		}
	}
	path := filepath.Join(dir, ".zmission.yaml")
	os.WriteFile(path, []byte("rules:\n  board-too-large: error\n"), 0o644)
	if _, ds := validate.LoadConfig(path); len(ds) != 0 {
		t.Errorf("error, its own severity: %v", ds)
	}

	// A comment naming it silences nothing and says why.
	data, err := os.ReadFile("../testdata/broken/board-too-large.yaml")
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(data), "  - {face: F0, at: [0, 8]}\n", "  - {face: F0, at: [0, 8]} # zmission:ignore board-too-large\n", 1)
	mission := filepath.Join("../testdata/broken", "fixed-ignore.yaml")
	r := Bytes(mission, []byte(src), Options{AllowOutside: true})
	var rules []string
	for _, d := range r.Diags {
		rules = append(rules, d.Rule+": "+d.Message)
	}
	got := strings.Join(rules, "\n")
	if !strings.Contains(got, "board-too-large: tile 65") || !strings.Contains(got, "unused-ignore: zmission:ignore names board-too-large, a limit of the format") {
		t.Errorf("findings:\n%s", got)
	}
}
