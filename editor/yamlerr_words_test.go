package editor

import (
	"strings"
	"testing"
)

// TestBrokenYAMLInWords: an edit of a file the YAML parser cannot read
// answers as validate does, at a line and column in plain words, never
// with the parser's own report ("go-yaml load error in parser ...").
func TestBrokenYAMLInWords(t *testing.T) {
	src := []byte("format: 1\nid: x\ntitle: X\nruleset: survival-infection\nchanges: {hand: 4,\n  redraw: 4\n  players: {max: 6}\n")
	_, err := applyOps(src, opContext{}, Op{Op: "value.set", Pointer: "/title", Data: []byte(`"Y"`)})
	if err == nil {
		t.Fatal("a broken file was edited")
	}
	t.Log(err)
	if msg := err.Error(); strings.Contains(msg, "go-yaml") || strings.Contains(msg, "L5") || !strings.Contains(msg, "line ") {
		t.Errorf("got %q", msg)
	}
}
