package zmission_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
)

// TestExampleGoldens keeps the terminal drawing and the zone graphs of every
// example as golden files (testdata/examples/), so a change to tiles, zones,
// movement or sight shows up as a readable diff. 'go test . -update'
// rewrites them.
func TestExampleGoldens(t *testing.T) {
	var missions []string
	err := filepath.WalkDir("examples", func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".yaml") && !strings.Contains(p, "templates") && !strings.Contains(p, "collections") {
			missions = append(missions, filepath.ToSlash(p))
		}
		return err
	})
	if err != nil || len(missions) < 4 {
		t.Fatalf("examples: %v (%d found)", err, len(missions))
	}
	for _, m := range missions {
		name := strings.ReplaceAll(strings.TrimSuffix(strings.TrimPrefix(m, "examples/"), ".yaml"), "/", "-")
		for _, c := range []struct {
			ext  string
			args []string
		}{
			{".show", []string{"show", m}},
			{".graph.json", []string{"graph", "--format", "json", m}},
			{".analyze", []string{"analyze", m}},
		} {
			code, out, errOut := run(c.args...)
			if c.ext == ".graph.json" && code == app.ExitUsage && strings.Contains(errOut, "has no board") {
				continue // a game with no board: app/testdata/script shows what graph says
			}
			if code != 0 {
				t.Errorf("%s: exit %d: %s", strings.Join(c.args, " "), code, errOut)
				continue
			}
			golden := filepath.Join("testdata", "examples", name+c.ext)
			if *update {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, []byte(out), 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Errorf("%v (run 'go test . -update')", err)
				continue
			}
			if string(want) != out {
				t.Errorf("%s differs from %s (run 'go test . -update' and review the diff)", strings.Join(c.args, " "), golden)
			}
		}
	}
}
