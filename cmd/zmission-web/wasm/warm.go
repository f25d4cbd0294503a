//go:build js && wasm

package main

import (
	"encoding/json"
	"errors"
	"net/url"
	"syscall/js"

	"github.com/zmission/zmission/editor"
	"github.com/zmission/zmission/web/opening"
)

// Chromium compiles the module's functions the first time each is called,
// and again, optimised, once they run often: the author's first edits of a
// mission wait for that (twice the time of later ones). warm makes the
// same calls first, while the page is idle: edits of a copy of the
// document in a session of its own, which no one sees and which touches
// neither the page's session, its history, its file nor the browser's
// storage.
var warmer struct {
	s       *editor.Session
	key     string
	version string
	tok     editor.Token
	n       int
	on      string // the file warmed on: the mission's, or its game's template
}

// warmCopyTiles is the most tiles of a board warmed on a copy of itself;
// a larger board (where an edit takes hundreds of milliseconds and a copy
// tens of megabytes) is warmed on its game's template, which runs the
// same code.
const warmCopyTiles = 16

// warm(ruleset, tiles) makes one edit of the copy (the first call makes
// the copy; the page says the mission's game and its number of tiles): a
// token nudged a cell one way, then back. It answers {done} when there is
// nothing to warm (no mission, no token to move) and {error} when the copy
// refused an edit.
func warm(_ js.Value, args []js.Value) any {
	s, n := current()
	if s == nil {
		return result(map[string]bool{"done": true})
	}
	if warmer.s == nil {
		data := s.Data()
		if len(args) >= 2 && args[1].Type() == js.TypeNumber && args[1].Int() > warmCopyTiles {
			if args[0].Type() != js.TypeString {
				return result(map[string]bool{"done": true})
			}
			tn, t, err := opening.Template(args[0].String())
			if err != nil {
				return result(map[string]bool{"done": true})
			}
			n, data = tn, t
		}
		w, err := editor.NewSession(dir+"/"+n, options(data))
		if err != nil {
			return fail(err)
		}
		rep := w.Call(editor.Request{Method: "GET", Path: "state", Query: url.Values{"tab": {"warm"}}})
		var st struct {
			Key, Version string
			Board        *editor.Board
		}
		if err := json.Unmarshal(rep.Body, &st); err != nil || st.Board == nil {
			return result(map[string]bool{"done": true})
		}
		found := false
		for _, t := range st.Board.Tokens {
			if t.Type != "door" && !t.Bad && !t.Off {
				warmer.tok, found = t, true
				break
			}
		}
		if !found {
			return result(map[string]bool{"done": true})
		}
		warmer.s, warmer.key, warmer.version, warmer.n, warmer.on = w, st.Key, st.Version, 0, n
	}
	dx := 1 - 2*(warmer.n%2) // right, then back
	t := &warmer.tok
	at := [2]int{t.X + dx, t.Y}
	body, _ := json.Marshal(map[string]any{
		"version": warmer.version, "tab": "warm", "base": warmer.key,
		"ops": []editor.Op{{Op: "token.move", Index: t.Index, At: &at, Side: t.Side}},
	})
	rep := warmer.s.Call(editor.Request{Method: "POST", Path: "op", Body: body})
	var ans struct{ Key, Version, Error string }
	json.Unmarshal(rep.Body, &ans)
	if rep.Status != editor.StatusOK || ans.Key == "" || ans.Version == "" {
		warmer.s = nil
		return fail(errors.New("the warming edit was refused: " + ans.Error))
	}
	t.X = at[0]
	warmer.key, warmer.version = ans.Key, ans.Version
	warmer.n++
	return result(map[string]any{"done": false, "edits": warmer.n, "on": warmer.on})
}

// warmEnd drops the copy.
func warmEnd(_ js.Value, _ []js.Value) any {
	warmer.s = nil
	return result(map[string]bool{"done": true})
}
