package editor

// The one-click fixes: for a finding whose fix is one edit and certainly
// that one, the edit, labelled in the game's words and sent as one step of
// Undo. Where the fix is a choice (remove the key or add a door? which of
// two Spawn Zones stays first?), there is none: picking the finding
// selects the piece or the field that fixes it. docs/authoring.md has the
// table, check by check, and fixes_test.go tests every fix made here.

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// fixer is what the fixes read beyond the finding: the document, and the
// tile set and tiles for the turns that join tile borders.
type fixer struct {
	root  *source.Node
	set   *layout.TileSet
	tiles []missions.Tile
	// turns counts the border findings whose turns were tried: each try
	// builds the board again, so a board with many is given none.
	turns int
}

// Bounds on the turns tried: a board this small builds in well under a
// millisecond, and the few findings of an author at work are all served.
const (
	maxTurnFindings = 8
	maxTurnTiles    = 64
)

func newFixer(s *snapshot) *fixer {
	fx := &fixer{root: docRoot(s)}
	if s != nil && s.res != nil && s.res.Scene != nil && s.res.Scene.Board != nil && s.res.Mission != nil {
		fx.set, fx.tiles = s.res.Scene.Board.Set, s.res.Mission.Tiles
	}
	return fx
}

// fix is the one edit that certainly fixes d, or nil.
func (fx *fixer) fix(d validate.Diagnostic) *Fix {
	if fx == nil || fx.root == nil {
		return nil
	}
	switch d.Rule {
	case "door-never-opens", "spawn-never-active":
		return keyRule(d, fx.root)
	case "players-backwards":
		return fx.players(d)
	case "border-mismatch", "border-dead-end":
		return fx.turn(d)
	case "door-duplicate":
		return fx.doubleDoor(d)
	case "door-slot":
		return doorSlot(d)
	case "id-order":
		return &Fix{Label: "Number the slots and corridors in reading order", Ops: []any{map[string]any{"op": "ids.renumber"}}}
	case "hidden-bite-type":
		if d.Pointer == "" {
			return nil
		}
		return &Fix{Label: "Make the Hidden Bite an Event", Ops: []any{valueSet(d.Pointer+"/type", "event")}}
	}
	return nil
}

func valueSet(ptr string, v any) map[string]any {
	data, _ := json.Marshal(v)
	return map[string]any{"op": "value.set", "pointer": ptr, "data": json.RawMessage(data)}
}

// keyRule: a coloured door nothing opens (or Spawn Zone nothing activates)
// on a map with one Objective of that colour and no rule yet about taking
// it gets the rule "taking the Objective opens (activates) them".
func keyRule(d validate.Diagnostic, root *source.Node) *Fix {
	var colour, verb, what string
	switch d.Rule {
	case "door-never-opens":
		m := doorColour.FindStringSubmatch(d.Message)
		if m == nil {
			return nil
		}
		colour, verb, what = m[1], "open", "opens "+m[1]+" doors"
	case "spawn-never-active":
		m := spawnColour.FindStringSubmatch(d.Message)
		if m == nil {
			return nil
		}
		colour, verb, what = m[1], "activate", "activates "+m[1]+" Spawn Zones"
	}
	if !oneObjective(root, colour) || takeRule(root, colour) {
		return nil // no key to give, or a rule about it the author wrote: which one to change is theirs to say
	}
	return &Fix{
		Label: fmt.Sprintf("Add rule: taking the %s Objective %s", colour, what),
		Ops: []any{map[string]any{"op": "rule.add", "item": map[string]any{
			"when": map[string]any{"take": colour},
			"then": []any{map[string]any{verb: colour}},
		}}},
	}
}

// players turns a range written high to low round: "6-2" allows no
// player count, and "2-6" is the only range its two numbers make.
func (fx *fixer) players(d validate.Diagnostic) *Fix {
	n := fx.root.Lookup(d.Pointer)
	if n == nil {
		return nil
	}
	if n.Kind == source.Object { // Zombie: Survival Infection's {min, max}
		lo, hi := n.Field("min").Int(), n.Field("max").Int()
		if lo <= hi {
			return nil
		}
		return &Fix{Label: fmt.Sprintf("Set the players to %d–%d", hi, lo),
			Ops: []any{valueSet(d.Pointer+"/min", hi), valueSet(d.Pointer+"/max", lo)}}
	}
	lo, hi, ok := rules.ParsePlayers(n.Str())
	if !ok || lo <= hi {
		return nil
	}
	return &Fix{Label: fmt.Sprintf("Set the players to %d–%d", hi, lo), Ops: []any{valueSet(d.Pointer, fmt.Sprintf("%d-%d", hi, lo))}}
}

var tileNamed = regexp.MustCompile(`\btile (\d+) \(`)

// turn is the one turn of one of the finding's tiles that makes its
// borders meet its neighbours': a turn after which no door, opening or
// corridor of that tile faces a wall or runs into one, and the board has
// fewer such borders. Where two turns (or either tile) would do, the
// choice is the author's.
func (fx *fixer) turn(d validate.Diagnostic) *Fix {
	if fx.set == nil || len(fx.tiles) > maxTurnTiles || fx.turns >= maxTurnFindings {
		return nil
	}
	fx.turns++
	place := make([]layout.Placement, len(fx.tiles))
	for i, t := range fx.tiles {
		place[i] = layout.Placement{Face: t.Face, Col: t.At[0], Row: t.At[1], Rot: t.Rot}
	}
	_, probs := layout.Build(fx.set, place)
	before := len(borderProblems(probs, -1, ""))
	type cand struct{ tile, rot int }
	var found []cand
	seen := map[int]bool{}
	for _, i := range tilesNamed(d, fx.tiles) {
		if seen[i] {
			continue
		}
		seen[i] = true
		was := place[i].Rot
		for _, r := range []int{0, 90, 180, 270} {
			if r == was {
				continue
			}
			place[i].Rot = r
			_, probs := layout.Build(fx.set, place)
			if len(borderProblems(probs, i, fx.tiles[i].Face)) == 0 && len(borderProblems(probs, -1, "")) < before {
				found = append(found, cand{i, r})
			}
		}
		place[i].Rot = was
	}
	if len(found) != 1 {
		return nil
	}
	c := found[0]
	t := fx.tiles[c.tile]
	return &Fix{Label: fmt.Sprintf("Turn tile %s %s so its borders meet", t.Face, turnWords((c.rot-t.Rot+360)%360)),
		Ops: []any{map[string]any{"op": "tile.rotate", "index": c.tile, "rot": c.rot}}}
}

func turnWords(by int) string {
	switch by {
	case 90:
		return "a quarter turn clockwise"
	case 180:
		return "half a turn"
	}
	return "a quarter turn anticlockwise"
}

// borderProblems are the problems of borders that do not meet; with
// tile ≥ 0, only those of that tile (reported at it, or naming it by its
// number or its face).
func borderProblems(ps []layout.Problem, tile int, face string) []layout.Problem {
	var out []layout.Problem
	name := fmt.Sprintf("tile %d (", tile+1)
	for _, p := range ps {
		switch p.Code {
		case layout.ProblemBorderMismatch, layout.ProblemBorderDeadEnd, layout.ProblemBorderOpenSpace:
			if tile < 0 || p.Tile == tile || strings.Contains(p.Message, name) || slices.Contains(facesNamed(p.Message), face) {
				out = append(out, p)
			}
		}
	}
	return out
}

var faceNamed = regexp.MustCompile(`\b(?:of|in) (\w+)\b`)

func facesNamed(msg string) []string {
	var out []string
	for _, m := range faceNamed.FindAllStringSubmatch(msg, -1) {
		out = append(out, m[1])
	}
	return out
}

// tilesNamed are the tiles a border finding is about: the one it is
// reported at, those it numbers ("tile 2 (7A …)") and those it names by a
// face only one tile shows ("a corridor of 1A ends in a wall of 3A").
func tilesNamed(d validate.Diagnostic, tiles []missions.Tile) []int {
	var out []int
	if s, ok := strings.CutPrefix(d.Pointer, "/tiles/"); ok {
		if i, err := strconv.Atoi(s); err == nil && i >= 0 && i < len(tiles) {
			out = append(out, i)
		}
	}
	for _, m := range tileNamed.FindAllStringSubmatch(d.Message, -1) {
		if i, err := strconv.Atoi(m[1]); err == nil && i >= 1 && i <= len(tiles) {
			out = append(out, i-1)
		}
	}
	for _, f := range facesNamed(d.Message) {
		at := -1
		for i, t := range tiles {
			if t.Face == f {
				if at >= 0 {
					at = -1 // shown twice: which one is not said
					break
				}
				at = i
			}
		}
		if at >= 0 {
			out = append(out, at)
		}
	}
	return out
}

// tokenIndex is the token a finding's pointer names: "/tokens/3" → 3.
func tokenIndex(ptr string) (int, bool) {
	s, ok := strings.CutPrefix(ptr, "/tokens/")
	if !ok {
		return 0, false
	}
	i, err := strconv.Atoi(s)
	return i, err == nil && i >= 0
}

// doubleDoor: of two doors on one edge, alike (colour, state, no id a rule
// names), the second goes; doors that differ leave the choice.
func (fx *fixer) doubleDoor(d validate.Diagnostic) *Fix {
	i, ok := tokenIndex(d.Pointer)
	toks := fx.root.Field("tokens")
	if !ok || toks == nil || i >= len(toks.Items) {
		return nil
	}
	t := toks.Items[i]
	if t.Field("id") != nil {
		return nil
	}
	for j := 0; j < i; j++ {
		o := toks.Items[j]
		if o.Field("type").Str() != missions.TokDoor || !sameEdge(o, t) {
			continue
		}
		if o.Field("color").Str() == t.Field("color").Str() && stateOf(o) == stateOf(t) {
			return &Fix{Label: "Remove the second door on this side", Ops: []any{map[string]any{"op": "token.remove", "index": i}}}
		}
		return nil
	}
	return nil
}

func stateOf(n *source.Node) string {
	if s := n.Field("state").Str(); s != "" {
		return s
	}
	return "closed"
}

// sameEdge tells whether two door tokens written by cell and side stand
// on one edge ([0,0] side e is [1,0] side w).
func sameEdge(a, b *source.Node) bool {
	ax, ay, as, ok1 := cellSide(a)
	bx, by, bs, ok2 := cellSide(b)
	if !ok1 || !ok2 {
		return false
	}
	return rules.KeyOf(ax, ay, as) == rules.KeyOf(bx, by, bs)
}

func cellSide(n *source.Node) (x, y int, d layout.Dir, ok bool) {
	at := n.Field("at")
	if at == nil || len(at.Items) != 2 {
		return 0, 0, 0, false
	}
	if at.Items[0].Kind != source.Number || at.Items[1].Kind != source.Number {
		return 0, 0, 0, false
	}
	d, ok = sides[n.Field("side").Str()]
	return at.Items[0].Int(), at.Items[1].Int(), d, ok
}

var sides = map[string]layout.Dir{"n": layout.N, "e": layout.E, "s": layout.S, "w": layout.W}

var doorAtHint = regexp.MustCompile(`^door_at: (\d+)$`)

// doorSlot: a corridor's door slot that faces the wrong one of its two
// ends turns to the other, the one the rules name (the Landing Zone at
// setup, the room it was laid from while exploring).
func doorSlot(d validate.Diagnostic) *Fix {
	m := doorAtHint.FindStringSubmatch(d.Hint)
	if m == nil || !strings.HasSuffix(d.Pointer, "/door_at") {
		return nil
	}
	slot, _ := strconv.Atoi(m[1])
	return &Fix{Label: fmt.Sprintf("Turn the door slot to face slot %d", slot), Ops: []any{valueSet(d.Pointer, slot)}}
}

// oneObjective tells whether the map holds exactly one Objective token of
// colour: with two, which of them is the key is the author's to say.
func oneObjective(root *source.Node, colour string) bool {
	toks := root.Field("tokens")
	if toks == nil {
		return false
	}
	n := 0
	for _, t := range toks.Items {
		if t.Field("type").Str() == "objective" && t.Field("color").Str() == colour {
			n++
		}
	}
	return n == 1
}

// takeRule tells whether a special rule already fires on taking colour.
func takeRule(root *source.Node, colour string) bool {
	rs := root.Field("rules")
	if rs == nil {
		return false
	}
	for _, r := range rs.Items {
		if w := r.Field("when"); w != nil && w.Field("take").Str() == colour {
			return true
		}
	}
	return false
}

// fixedRules are the checks whose findings may get a one-click fix: the
// table in docs/authoring.md names these and no others (TestFixTable).
var fixedRules = []string{
	"border-dead-end", "border-mismatch", "door-duplicate", "door-never-opens", "door-slot",
	"hidden-bite-type", "id-order", "players-backwards", "spawn-never-active",
}
