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

// cornersTiles is one 3×3 face whose two rooms and two corridor zones touch
// only where walls stand between them (a room beside a corridor is walled
// unless an edge says otherwise), or only at a corner (the corridors): the
// board has zones but not one move between them.
const cornersTiles = `format: 1
name: corners
size: 3
faces:
  X:
    grid:
      - a a b
      - a a b
      - c d d
    zones:
      a: room
      b: corridor
      c: corridor
      d: room
`

const cornersMission = `format: 1
id: corners
title: Corners
ruleset: zombicide-invader
tileset: ./tiles.yaml
tiles:
  - {face: X, at: [0, 0]}
tokens:
  - {type: start, at: [0, 0]}
`

// TestBoardWithoutMoves runs every command that reads a board on a board
// with no way between its zones: each ends with a documented exit code and
// its ordinary output, never an internal error (the reach walk indexed an
// adjacency that was never built when there were no moves).
func TestBoardWithoutMoves(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{"tiles.yaml": cornersTiles, "m.yaml": cornersMission} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, "m.yaml")
	run := func(args ...string) (int, string) {
		t.Helper()
		var out, errb bytes.Buffer
		code := app.Run(append([]string{"zmission", "--allow-outside"}, args...), strings.NewReader(""), &out, &errb)
		if strings.Contains(out.String()+errb.String(), "internal error") || code == app.ExitFailed || code == app.ExitUsage {
			t.Fatalf("zmission %s: exit %d\n%s%s", strings.Join(args, " "), code, out.String(), errb.String())
		}
		return code, out.String()
	}

	// The board is legal; what the game makes of it is a finding, not a crash.
	if code, out := run("validate", path); code > app.ExitFindings {
		t.Errorf("validate: exit %d\n%s", code, out)
	}
	if _, out := run("zones", path); !strings.Contains(out, "X/a") || !strings.Contains(out, "X/d") {
		t.Errorf("zones does not list the four zones:\n%s", out)
	}
	if _, out := run("graph", "--kind", "all", "--format", "json", path); !json.Valid([]byte(out)) {
		t.Errorf("graph --format json is not JSON:\n%s", out)
	}
	run("graph", "--kind", "all", "--format", "dot", path)
	if _, out := run("los", path, "X/a"); !strings.Contains(out, "X/a") {
		t.Errorf("los X/a does not name its zone:\n%s", out)
	}
	run("los", path, "0,0")
	run("show", path)
	run("analyze", path)
	run("analyze", "--format", "json", path)
	for _, overlay := range []string{"threat", "mold", "movement", "xenos", "sight=X/a"} {
		if code, out := run("render", "--page", "fit", "--overlay", overlay, path); code == app.ExitOK {
			app.WellFormedSVG(t, []byte(out))
		}
	}
}
