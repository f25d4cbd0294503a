package app

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/schema"
)

// modelineTarget reads a mission's "# yaml-language-server: $schema=PATH"
// line and resolves PATH the way the editor does: relative to the file.
func modelineTarget(t *testing.T, mission string) string {
	t.Helper()
	data, err := os.ReadFile(mission)
	if err != nil {
		t.Fatal(err)
	}
	first, _, _ := strings.Cut(string(data), "\n")
	rel, ok := strings.CutPrefix(first, modelinePrefix)
	if !ok {
		t.Fatalf("%s: no modeline on the first line: %q", mission, first)
	}
	if strings.Contains(rel, "://") || filepath.IsAbs(rel) {
		t.Fatalf("%s: the modeline is not a relative path: %q", mission, rel)
	}
	return filepath.Join(filepath.Dir(mission), filepath.FromSlash(rel))
}

func sameAsEmbedded(t *testing.T, path string) {
	t.Helper()
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the modeline does not resolve: %v", err)
	}
	name := strings.TrimSuffix(filepath.Base(path), ".schema.json")
	want, ok := schema.Source(name)
	if !ok || !bytes.Equal(got, want) {
		t.Errorf("%s is not zmission's %s schema", path, name)
	}
}

// The issue: "the template's modeline must point somewhere an editor can
// read ... test that the modeline path resolves from a new mission."
func TestNewMissionModelineResolves(t *testing.T) {
	t.Run("no schema folder yet: new writes one next to the mission", func(t *testing.T) {
		dir := t.TempDir()
		m := filepath.Join(dir, "blue-line.yaml")
		code, out, errOut := runTTY("new", "--ruleset", "zombicide-classic", m)
		if code != 0 {
			t.Fatalf("exit %d: %s%s", code, out, errOut)
		}
		if !strings.Contains(out, "wrote "+filepath.Join(dir, "schema")+string(filepath.Separator)+" (JSON Schemas: editors use them to check the mission as you type)\n") {
			t.Errorf("new does not say it wrote the schemas:\n%s", out)
		}
		target := modelineTarget(t, m)
		if target != filepath.Join(dir, "schema", "mission.schema.json") {
			t.Errorf("the modeline points at %s", target)
		}
		sameAsEmbedded(t, target)
		// A second mission in the same folder reuses them, quietly.
		_, out, _ = runTTY("new", filepath.Join(dir, "second.yaml"))
		if strings.Contains(out, "wrote") {
			t.Errorf("the schemas were written again:\n%s", out)
		}
		sameAsEmbedded(t, modelineTarget(t, filepath.Join(dir, "second.yaml")))
	})
	t.Run("a schema folder written by 'schema --write' higher up", func(t *testing.T) {
		root := t.TempDir()
		if code, out, errOut := runTTY("schema", "--write", filepath.Join(root, "schema")); code != 0 {
			t.Fatalf("schema --write: exit %d: %s%s", code, out, errOut)
		}
		deep := filepath.Join(root, "campaigns", "one")
		os.MkdirAll(deep, 0o755)
		m := filepath.Join(deep, "m.yaml")
		if code, out, errOut := runTTY("new", m); code != 0 {
			t.Fatalf("exit %d: %s%s", code, out, errOut)
		}
		if data, _ := os.ReadFile(m); !strings.HasPrefix(string(data), modelinePrefix+"../../schema/mission.schema.json\n") {
			t.Errorf("modeline: %q", strings.SplitN(string(data), "\n", 2)[0])
		}
		sameAsEmbedded(t, modelineTarget(t, m))
		if _, err := os.Stat(filepath.Join(deep, "schema")); err == nil {
			t.Errorf("new wrote a second schema folder")
		}
	})
	t.Run("another project's schema folder is passed over", func(t *testing.T) {
		root := t.TempDir()
		os.MkdirAll(filepath.Join(root, "schema"), 0o755)
		os.WriteFile(filepath.Join(root, "schema", "mission.schema.json"), []byte(`{"$id": "https://example.com/mission.schema.json"}`), 0o644)
		sub := filepath.Join(root, "sub")
		os.MkdirAll(sub, 0o755)
		runTTY("new", filepath.Join(sub, "m.yaml"))
		if target := modelineTarget(t, filepath.Join(sub, "m.yaml")); target != filepath.Join(sub, "schema", "mission.schema.json") {
			t.Errorf("the modeline points at %s", target)
		}
	})
}

// Every example's and template's modeline resolves in this repository.
func TestExampleModelinesResolve(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("..", "examples", "*", "*.yaml"))
	if len(files) < 4 {
		t.Fatalf("found %d examples", len(files))
	}
	for _, f := range files {
		sameAsEmbedded(t, modelineTarget(t, f))
	}
}

func TestSchemaWrite(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "out")
	code, out, _ := runTTY("schema", "--write", dir)
	want := ""
	for _, n := range schema.Names() {
		want += filepath.Join(dir, n+".schema.json") + "\n"
		src, _ := schema.Source(n)
		if got, _ := os.ReadFile(filepath.Join(dir, n+".schema.json")); !bytes.Equal(got, src) {
			t.Errorf("%s.schema.json differs from 'zmission schema %s'", n, n)
		}
	}
	if code != 0 || out != want {
		t.Errorf("exit %d, output %q, want %q", code, out, want)
	}
	// Again, and one name only: the files are replaced, not refused.
	if code, out, _ := runTTY("schema", "-w", dir, "config"); code != 0 || out != filepath.Join(dir, "config.schema.json")+"\n" {
		t.Errorf("rewrite: exit %d, %q", code, out)
	}
	file := filepath.Join(t.TempDir(), "f")
	os.WriteFile(file, nil, 0o644)
	if code, _, errOut := runTTY("schema", "--write", file); code != ExitUsage || !strings.Contains(errOut, "is a file, not a folder") {
		t.Errorf("a file as DIR: exit %d, %q", code, errOut)
	}
	if code, _, errOut := runTTY("schema", "--write", dir, "missions"); code != ExitUsage || !strings.Contains(errOut, `no schema named "missions"`) {
		t.Errorf("a bad name: exit %d, %q", code, errOut)
	}
}
