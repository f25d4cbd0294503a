//go:build js && wasm

package main

import (
	"errors"
	"syscall/js"
)

// played() is the name and the document the Playtest panel plays: the
// last version whose board could be built (editor.Session.PlayedData),
// which the page hands to its playtest worker (assets/playtest.js).
func played(_ js.Value, _ []js.Value) any {
	s, n := current()
	if s == nil {
		return fail(errors.New("no mission is open"))
	}
	data := s.PlayedData()
	if data == nil {
		return fail(errors.New("there is no board to play yet"))
	}
	return result(map[string]string{"name": n, "data": string(data)})
}
