package app

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFmtStopsBetweenFilesOnInterrupt: once interrupted, fmt -w touches no
// further file, says how many it left, and leaves no temporary file.
func TestFmtStopsBetweenFilesOnInterrupt(t *testing.T) {
	dir := t.TempDir()
	messy := "title: T\nid: t\nformat: 1\nruleset: zombicide-invader\n"
	for _, n := range []string{"a.yaml", "b.yaml", "c.yaml"} {
		if err := os.WriteFile(filepath.Join(dir, n), []byte(messy), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var out, errb strings.Builder
	e := &env{stdin: strings.NewReader(""), stdout: &out, stderr: &errb, getenv: func(string) string { return "" }}
	ctx, cancel := context.WithCancel(context.Background())
	cancel() // the signal came before the first file
	err := e.root().Run(ctx, []string{"zmission", "fmt", "-w", dir})
	ee, ok := err.(*exitError)
	if !ok || ee.code != ExitFailed {
		t.Fatalf("err = %v, want exit %d", err, ExitFailed)
	}
	if !strings.Contains(errb.String(), "interrupted: 3 files not looked at, left as they were") {
		t.Errorf("stderr: %q", errb.String())
	}
	ents, _ := os.ReadDir(dir)
	for _, en := range ents {
		data, _ := os.ReadFile(filepath.Join(dir, en.Name()))
		if string(data) != messy || strings.HasSuffix(en.Name(), ".tmp") {
			t.Errorf("%s was touched after the interrupt", en.Name())
		}
	}
}
