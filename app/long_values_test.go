package app_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
)

// TestLongValuesShortened: a value of 900 KB is quoted by its first 80
// characters and "…" in every output format, never echoed whole, wherever
// it stands (a value, a key, a tile face, a ruleset).
func TestLongValuesShortened(t *testing.T) {
	dir := t.TempDir()
	long := strings.Repeat("x", 900_000)
	head, tooLong := strings.Repeat("x", 78)+"…", strings.Repeat("x", 80)
	mission := "format: 1\nid: long\ntitle: T\nruleset: zombicide-invader\ntiles:\n  - {face: F, at: [0, 0]}\ntokens:\n  - {type: T, at: [0, 1]}\n  - {type: exit, at: [2, 1]}\nobjectives:\n  - exit: all\n"
	cases := map[string]string{
		"face.yaml":    strings.Replace(mission, "face: F", "face: "+long, 1),
		"type.yaml":    strings.Replace(mission, "type: T", "type: "+long, 1),
		"key.yaml":     mission + long + ": 1\n",
		"ruleset.yaml": strings.Replace(mission, "zombicide-invader", long, 1),
		"id.yaml":      strings.Replace(mission, "id: long", "id: A"+long, 1),
	}
	for name, text := range cases {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, format := range []string{"text", "json", "sarif", "github"} {
			var out, errb bytes.Buffer
			code := app.Run([]string{"zmission", "validate", "--format", format, path}, nil, &out, &errb)
			if code != 1 {
				t.Errorf("%s %s: exit %d, want 1\n%s", name, format, code, errb.String())
			}
			if out.Len() > 512<<10 { // SARIF carries the whole check catalogue; the value alone is 900 KB
				t.Errorf("%s %s: %d bytes of output: the value was echoed", name, format, out.Len())
			}
			if !strings.Contains(out.String(), head) || strings.Contains(out.String(), tooLong) {
				t.Errorf("%s %s: the output does not quote the value's start with …:\n%.600s", name, format, out.String())
			}
		}
	}
}
