package invader_test

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/invader"
)

// TestSolvedSharedWithoutOrder: with no objective ordered, the play asks
// Solve once for both questions (ordered or not), and its answer is what
// each Solve would give; with an order, the two are solved apart. Every
// test board and example is tried as written and with its last objective
// given an order.
func TestSolvedSharedWithoutOrder(t *testing.T) {
	type file struct {
		name string
		data []byte
	}
	var files []file
	boards, _ := filepath.Glob(filepath.Join(boardDir, "*.yaml"))
	for _, p := range boards {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, file{p, data})
	}
	// The examples and the gallery of broken missions (a broken one may
	// still build a board and a play).
	for _, dir := range []string{"examples", "testdata"} {
		_ = filepath.WalkDir(filepath.Join("..", "..", dir), func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || filepath.Ext(p) != ".yaml" {
				return nil
			}
			data, err := os.ReadFile(p)
			if err == nil && bytes.Contains(data, []byte("zombicide-invader")) && bytes.Contains(data, []byte("\nobjectives:")) {
				files = append(files, file{p, data})
			}
			return nil
		})
	}
	if len(files) < 10 {
		t.Fatalf("only %d missions found", len(files))
	}
	tried := 0
	for _, f := range files {
		for _, ordered := range []bool{false, true} {
			r := lint.Bytes(f.name, f.data, lintOpts)
			if r.Scene == nil || len(r.Scene.Mission.Objectives) == 0 {
				continue
			}
			if ordered {
				r.Scene.Mission.Objectives[len(r.Scene.Mission.Objectives)-1].Order = 1
			}
			pl := invader.NewWorld(r.Scene).Play()
			if pl == nil {
				continue
			}
			tried++
			inOrder, free := pl.Solved(true), pl.Solved(false)
			if !reflect.DeepEqual(inOrder, rules.Solve(pl.Puzzle, true)) || !reflect.DeepEqual(free, rules.Solve(pl.Puzzle, false)) {
				t.Errorf("%s (ordered %v): Solved differs from Solve", f.name, ordered)
			}
			hasOrder := false
			for _, o := range r.Scene.Mission.Objectives {
				hasOrder = hasOrder || o.Order > 0
			}
			if shared := inOrder == free; shared == hasOrder {
				t.Errorf("%s (an order given: %v): one fixpoint shared: %v", f.name, ordered, shared)
			}
		}
	}
	if tried < 60 {
		t.Fatalf("only %d plays tried", tried)
	}
}
