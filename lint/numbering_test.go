package lint

import (
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// TestMessagesCountFromOne: a message that names the Nth tile, token,
// objective or rule, in words or in a schema path, means the Nth item of
// its list, counting from 1 as the editor's panels and the schema form's
// item numbers do, and it stands on that item's line.
func TestMessagesCountFromOne(t *testing.T) {
	structure := invaderHead + "tileset: station\ntiles:\n" +
		"  - {face: 1A, at: [0, 0]}\n" + // line 7: tile 1
		"  - {face: 2A, at: [1, 0]}\n" + // line 8: tile 2
		"tokens:\n" +
		"  - {type: start, at: [0, 1]}\n" + // line 10: token 1
		"  - {type: door, side: n}\n" + // line 11: token 2
		"objectives:\n" +
		"  - exit: all\n" + // line 13: objective 1
		"  - {text: x, count: 2}\n" // line 14: objective 2
	board := invaderHead + "tileset: station\ntiles:\n" +
		"  - {face: 1A, at: [0, 0]}\n" + // line 7: tile 1
		"  - {face: 9Z, at: [1, 0]}\n" + // line 8: tile 2
		"tokens:\n" +
		"  - {type: start, at: [0, 1]}\n" +
		"objectives:\n" +
		"  - exit: all\n" +
		"rules:\n" +
		"  - {text: First.}\n" + // line 14: rule 1
		"  - when: {take: blue}\n    then: [{text: x}]\n" // line 15: rule 2
	for _, c := range []struct {
		doc, rule, says string
		line            int
	}{
		{strings.Replace(structure, "[1, 0]}", "[1, 0], rot: 45}", 1), "schema", "tiles #2.rot: 45 is not one of", 8},
		{structure, "token-place", "door token 2 has no place", 11},
		{structure, "objective-shape", "objective 2: count goes with take or kill", 14},
		{board, "unknown-face", "tile 2 (9Z at [1,0])", 8},
		{board, "rule-does-nothing", "rule 2 never fires", 15},
	} {
		r := Bytes("t.yaml", []byte(c.doc), Options{Limits: source.DefaultLimits})
		found := false
		for _, d := range r.Diags {
			if d.Rule == c.rule && strings.Contains(d.Message, c.says) {
				found = true
				if d.Line != c.line {
					t.Errorf("%q is at line %d, want %d (the item it names)", d.Message, d.Line, c.line)
				}
			}
		}
		if !found {
			var all []string
			for _, d := range r.Diags {
				all = append(all, d.Message+" ["+d.Rule+"]")
			}
			t.Errorf("no %s saying %q; findings:\n%s", c.rule, c.says, strings.Join(all, "\n"))
		}
	}
}
