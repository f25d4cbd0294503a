package app_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/app"
)

// FuzzBoardCommands runs show, zones, graph, los, analyze and render with
// overlays on any mission and any zone or overlay argument, as a user or a
// script would: every run ends with one of the documented exit codes, never
// an internal error; JSON output is JSON and an SVG is well-formed XML.
func FuzzBoardCommands(f *testing.F) {
	for _, p := range []string{"../examples/invader/first-contact.yaml", "../examples/invader/violet-lockdown.yaml", "../examples/classic/blue-line.yaml"} {
		data, err := os.ReadFile(p)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, "1A/c")
		f.Add(data, "3,4")
	}
	f.Add([]byte("format: 1\nid: x\ntitle: X\nruleset: zombicide-invader\ntiles:\n  - {face: 1A, at: [0.0, 0], rot: 90.0}\n"), "0,0")
	f.Add([]byte("format: 1\nid: x\ntitle: X\nruleset: zombicide-classic\ntiles:\n  - {face: 1B, at: [0, 0]}\ntokens:\n  - {type: start, at: [0, 1]}\n"), "sight=1B/a")
	dir := f.TempDir()
	path := filepath.Join(dir, "m.yaml")
	f.Fuzz(func(t *testing.T, mission []byte, arg string) {
		if err := os.WriteFile(path, mission, 0o644); err != nil {
			t.Fatal(err)
		}
		run := func(args ...string) (int, []byte) {
			var out, errb bytes.Buffer
			code := app.Run(append([]string{"zmission"}, args...), strings.NewReader(""), &out, &errb)
			if code < 0 || code > 3 || strings.Contains(errb.String(), "internal error") || strings.Contains(out.String(), "internal error") {
				t.Fatalf("zmission %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
			}
			return code, out.Bytes()
		}
		if code, _ := run("show", path); code != 0 {
			return // no board: the commands below say the same
		}
		if _, out := run("zones", "--format", "json", path); !json.Valid(out) {
			t.Errorf("zones --format json is not JSON:\n%s", out)
		}
		if code, out := run("graph", "--kind", "all", "--format", "json", path); code == 0 && !json.Valid(out) {
			t.Errorf("graph --format json is not JSON:\n%s", out)
		}
		run("graph", "--kind", "all", "--format", "dot", path)
		run("los", path, arg)
		run("analyze", path)
		for _, spec := range []string{arg, "sight=" + arg, "movement"} {
			if code, out := run("render", "--page", "fit", "--overlay", spec, "--overlay", "threat", "--overlay", "mold", path); code == 0 {
				app.WellFormedSVG(t, out)
			}
		}
	})
}
