package editor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"reflect"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
)

// TestEditsAsFresh: what a session keeps from one edit to the next (the
// YAML tree the formatter read, the board built, the map's label places,
// fills, edges, badges and labels, the findings' readings) changes
// nothing it answers. Through random edits of three examples and a
// generated 20×20-tile board (tokens moved, placed and taken away, tiles
// turned), the session's state after each edit is, byte for byte, the
// state a session opened on the same file makes from nothing; and the
// edit's own answer, merged into the state the page held, is that state
// too.
func TestEditsAsFresh(t *testing.T) {
	type board struct {
		name  string
		data  []byte
		edits int
	}
	var boards []board
	for _, f := range []string{"invader/violet-lockdown.yaml", "classic/night-shift.yaml", "invader/first-contact.yaml"} {
		data, err := os.ReadFile("../examples/" + f)
		if err != nil {
			t.Fatal(err)
		}
		boards = append(boards, board{f, data, 40})
	}
	big, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	boards = append(boards, board{"20×20 tiles", big, 10})
	r := rand.New(rand.NewPCG(45, 2))
	for _, b := range boards {
		t.Run(b.name, func(t *testing.T) {
			s, err := NewSession("/mission/board.yaml", Options{Store: NewMemStore(b.data)})
			if err != nil {
				t.Fatal(err)
			}
			held := getState(t, s, "")
			done := 0
			for i := range b.edits {
				var st struct {
					Version string
					Key     string
					Board   struct {
						W, H   int
						Tiles  []struct{ Index int }
						Tokens []struct{ Index int }
					}
				}
				if err := json.Unmarshal(held, &st); err != nil {
					t.Fatal(err)
				}
				nTiles, nTokens := max(len(st.Board.Tiles), 1), max(len(st.Board.Tokens), 1)
				at := [2]int{r.IntN(max(st.Board.W, 1)), r.IntN(max(st.Board.H, 1))}
				var op Op
				switch r.IntN(6) {
				case 0, 1:
					op = Op{Op: "tile.rotate", Index: r.IntN(nTiles)}
				case 2:
					op = Op{Op: "token.place", Type: "noise", At: &at}
				case 3:
					op = Op{Op: "token.remove", Index: r.IntN(nTokens)}
				default:
					op = Op{Op: "token.move", Index: r.IntN(nTokens), At: &at}
				}
				body, _ := json.Marshal(map[string]any{"version": st.Version, "base": st.Key, "ops": []Op{op}})
				rep := s.Call(Request{Method: "POST", Path: "op", Body: body})
				if rep.Status != StatusOK {
					continue // refused: nothing changed
				}
				done++
				now := getState(t, s, "")
				data, err := s.store.Read()
				if err != nil {
					t.Fatal(err)
				}
				fresh, err := NewSession("/mission/board.yaml", Options{Store: NewMemStore(data)})
				if err != nil {
					t.Fatal(err)
				}
				want := getState(t, fresh, "")
				if err := sameState(now, want, false); err != nil {
					t.Fatalf("edit %d (%+v): the session's state differs from a fresh session's: %v", i, op, err)
				}
				// The answer, what changed since the state held, merged
				// into it.
				if err := sameState(mergeAnswer(t, held, rep.Body), now, true); err != nil {
					t.Fatalf("edit %d (%+v): the answer merged into the state held differs from the state: %v", i, op, err)
				}
				held = now
			}
			if done < b.edits/3 {
				t.Fatalf("only %d of %d edits made", done, b.edits)
			}
		})
	}
}

func getState(t *testing.T, s *Session, base string) []byte {
	t.Helper()
	rep := s.Call(Request{Method: "GET", Path: "state"})
	if rep.Status != StatusOK {
		t.Fatalf("state: %d %s", rep.Status, rep.Body)
	}
	return rep.Body
}

// mergeAnswer is what the page does with an edit's answer: the fields it
// sends replace those of the state held, those it names gone are taken
// away, the map is patched and the board's fields merged.
func mergeAnswer(t *testing.T, held, answer []byte) []byte {
	t.Helper()
	var page, d map[string]json.RawMessage
	if err := json.Unmarshal(held, &page); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(answer, &d); err != nil {
		t.Fatal(err)
	}
	var gone []string
	json.Unmarshal(d["gone"], &gone)
	for k, v := range d {
		page[k] = v
	}
	for _, k := range gone {
		delete(page, k)
	}
	if p, ok := d["svgPatch"]; ok {
		var ops []svgOp
		if err := json.Unmarshal(p, &ops); err != nil {
			t.Fatal(err)
		}
		var svg string
		json.Unmarshal(page["svg"], &svg)
		var before string
		var hp map[string]json.RawMessage
		json.Unmarshal(held, &hp)
		json.Unmarshal(hp["svg"], &before)
		svg = applySVGPatch(before, ops)
		page["svg"], _ = jsonNoEscape(svg)
	}
	if bp, ok := d["boardPatch"]; ok {
		var hp map[string]json.RawMessage
		json.Unmarshal(held, &hp)
		page["board"], _ = mergeBoardPatch(t, hp["board"], bp)
	}
	var hp map[string]json.RawMessage
	json.Unmarshal(held, &hp)
	mergeLists(t, page, hp, d)
	for _, k := range []string{"base", "gone", "svgPatch", "boardPatch", "lists"} {
		delete(page, k)
	}
	out, err := json.Marshal(page)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// sameState compares two states field by field, less what names the
// session's history rather than the file: its revision, its undo and
// redo counts, the key of the answer. Byte for byte, or (asValues) as
// the values the page reads.
func sameState(got, want []byte, asValues bool) error {
	var g, w map[string]json.RawMessage
	if err := json.Unmarshal(got, &g); err != nil {
		return err
	}
	if err := json.Unmarshal(want, &w); err != nil {
		return err
	}
	for _, k := range []string{"revision", "undo", "redo", "key"} {
		delete(g, k)
		delete(w, k)
	}
	for k := range w {
		if asValues {
			var a, b any
			json.Unmarshal(g[k], &a)
			json.Unmarshal(w[k], &b)
			if !reflect.DeepEqual(a, b) {
				return fmt.Errorf("%s:\n%.400s\nagainst\n%.400s", k, g[k], w[k])
			}
			continue
		}
		if !bytes.Equal(g[k], w[k]) {
			return fmt.Errorf("%s:\n%.400s\nagainst\n%.400s", k, g[k], w[k])
		}
	}
	if len(g) != len(w) {
		return fmt.Errorf("%d fields against %d", len(g), len(w))
	}
	return nil
}
