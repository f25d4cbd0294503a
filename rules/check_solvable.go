package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
)

// checkStart: exactly one start.
func (pl *Play) checkStart() []Finding {
	st := pl.Of(missions.TokStart)
	if len(st) == 0 && written(pl.Mission, missions.TokStart, "") > 0 {
		return nil // the start is off the board, reported where it stands
	}
	if len(st) == 0 {
		ptr := "/tokens"
		if len(pl.Mission.Tokens) == 0 {
			ptr = ""
		}
		return []Finding{{Rule: "start-missing", Ptr: ptr, Key: ptr != "", Message: "the mission has no start token: where do the Survivors begin?",
			Hint: "add '- {type: start, at: [x, y]}' to tokens"}}
	}
	var out []Finding
	for _, t := range st[1:] {
		out = append(out, Finding{Rule: "start-multiple", Ptr: t.Ptr(), Message: fmt.Sprintf("a second start token, %s; the Survivors start in one zone", TokenName(t)),
			Related: []Related{{Ptr: st[0].Ptr(), Message: "the first start token"}}})
	}
	return out
}

// checkRefs: every reference in objectives and rules names something real.
func (pl *Play) checkRefs() []Finding {
	var out []Finding
	ref := func(ptr, r string, tokenOnly bool) {
		if r == "" {
			return
		}
		if pl.ByID(r) != nil {
			return
		}
		var refErr *layout.RefError
		if !tokenOnly {
			_, err := pl.Board.Ref(r)
			if err == nil {
				return
			}
			errors.As(err, &refErr)
		}
		if refErr != nil && refErr.Reason != "" && strings.Contains(r, ",") {
			// A cell, just not one of this board: say which and why.
			out = append(out, Finding{Rule: "unknown-ref", Ptr: ptr, Message: fmt.Sprintf("%q: %s", r, refErr.Reason)})
			return
		}
		what := "a token id, a zone id (1A/c) or a cell (\"x,y\")"
		if tokenOnly {
			what = "a token id"
		}
		out = append(out, Finding{Rule: "unknown-ref", Ptr: ptr, Message: fmt.Sprintf("%q names nothing on this mission's board; want %s", r, what)})
	}
	for i, o := range pl.Mission.Objectives {
		ref(fmt.Sprintf("/objectives/%d/reach", i), o.Reach, false)
		ref(fmt.Sprintf("/objectives/%d/activate", i), o.Activate, true)
	}
	for i, r := range pl.Mission.Rules {
		if r.When != nil {
			ref(fmt.Sprintf("/rules/%d/when/reach", i), r.When.Reach, false)
			ref(fmt.Sprintf("/rules/%d/when/activate", i), r.When.Activate, true)
		}
		for j, e := range r.Then {
			ref(fmt.Sprintf("/rules/%d/then/%d/remove", i, j), e.Remove, true)
		}
	}
	return out
}

// checkSolvable judges every victory condition on the fixpoint of keys, and
// the coloured doors.
func (pl *Play) checkSolvable() []Finding {
	p := pl.Puzzle
	if p.Start < 0 {
		return nil
	}
	m := pl.Mission
	var out []Finding
	if len(m.Objectives) == 0 {
		out = append(out, Finding{Rule: "no-objectives", Ptr: "/title", Key: true, Message: "the mission has no objectives: nothing says how to win",
			Hint: "add objectives, e.g. '- exit: all'"})
	}
	sol := pl.Solved(true)
	free := pl.Solved(false)
	// What the Survivors reach only once the enemies destroy a door they
	// cannot remove from their side is a warning (room-shut), not an error.
	var soft *Solution
	if p.HasOneWay() {
		soft = Solve(p.Lenient(), true)
	}
	firstStuck := 0 // the lowest order that fails only because of the order
	for i, o := range m.Objectives {
		if _, ok := sol.Met[i]; ok || o.Order == 0 {
			continue
		}
		if _, ok := free.Met[i]; ok && (firstStuck == 0 || o.Order < firstStuck) {
			firstStuck = o.Order
		}
	}
	for i, o := range m.Objectives {
		if _, ok := sol.Met[i]; ok {
			continue
		}
		ptr := fmt.Sprintf("/objectives/%d", i)
		if soft != nil {
			if _, ok := soft.Met[i]; ok {
				continue // room-shut says why
			}
		}
		if _, ok := free.Met[i]; ok && o.Order > 0 {
			// Later ordered objectives fail only because this one does.
			if o.Order == firstStuck {
				out = append(out, pl.orderFinding(free, i, ptr))
			}
			continue
		}
		out = append(out, pl.objectiveFindings(free, i, ptr)...)
	}
	out = pl.moldFindings(out)
	doors := pl.doorFindings(free)
	out = append(dropBehindLock(out, doors), doors...)
	if soft != nil {
		out = append(out, pl.shutFindings(free)...)
	}
	return out
}

// dropBehindLock: an Objective behind a door that only it opens is one
// problem, reported once as key-behind-lock; the objectives that need it
// become notes there.
func dropBehindLock(out, doors []Finding) []Finding {
	behind := map[string]int{} // objective token ptr -> index in doors
	for i, d := range doors {
		if d.Rule != "key-behind-lock" {
			continue
		}
		for _, r := range d.Related {
			if r.Message == noteBehind {
				behind[r.Ptr] = i
			}
		}
	}
	kept := out[:0]
	for _, f := range out {
		if i, ok := behind[f.Ptr]; ok && f.Rule == "objective-unreachable" {
			for _, r := range f.Related {
				if r.Message == noteNeeds && !slices.Contains(doors[i].Related, r) {
					doors[i].Related = append(doors[i].Related, r)
				}
			}
			continue
		}
		kept = append(kept, f)
	}
	return kept
}

const (
	noteBehind = "behind the door"
	noteNeeds  = "the objective that needs it"
)

// orderFinding explains an order that cannot be followed: objective i can
// be met, but only once a later-ordered objective has been.
func (pl *Play) orderFinding(free *Solution, i int, ptr string) Finding {
	m := pl.Mission
	o := m.Objectives[i]
	var later []string
	var rel []Related
	for j, q := range m.Objectives {
		if q.Order > o.Order && free.Met[j] <= free.Met[i] {
			later = append(later, fmt.Sprintf("objective %d (%s, order %d)", j+1, objectiveShort(pl, q), q.Order))
			rel = append(rel, Related{Ptr: fmt.Sprintf("/objectives/%d", j), Message: "comes later in the order, but must be met first"})
		}
	}
	msg := fmt.Sprintf("%s cannot be met as number %d in the order", objectiveName(pl, i, o), o.Order)
	if len(later) > 0 {
		msg += ": it needs what " + strings.Join(later, " and ") + " gives"
	}
	return Finding{Rule: "objective-order", Ptr: ptr + "/order", Message: msg, Hint: "swap the order, or move what the earlier objective needs", Related: rel}
}

// objectiveFindings explains why objective i cannot be met at all.
func (pl *Play) objectiveFindings(sol *Solution, i int, ptr string) []Finding {
	o := pl.Mission.Objectives[i]
	name := objectiveName(pl, i, o)
	switch {
	case o.Take != "":
		need, have := Needed(pl.Scene, o)
		if have < written(pl.Mission, missions.TokObjective, o.Take) {
			return nil // a token off the board is reported where it stands
		}
		if have == 0 {
			what := o.Take + " Objective"
			if o.Take == "all" {
				what = "Objective"
			}
			return []Finding{{Rule: "objective-count", Ptr: ptr + "/take", Message: fmt.Sprintf("%s: there is no %s token on the map", name, what)}}
		}
		if need > have {
			return []Finding{{Rule: "objective-count", Ptr: ptr + "/count", Message: fmt.Sprintf("%s asks for %d, but the map has %d", name, need, have)}}
		}
		var out []Finding
		var gone []*Token
		for _, t := range pl.Of(missions.TokObjective) {
			if pl.Puzzle.Gone[t.Index] != nil && (o.Take == "all" || t.Color == o.Take) {
				gone = append(gone, t)
			}
		}
		if len(gone) > 0 && need > have-len(gone) {
			// Worded by moldFindings, once per token for every objective
			// that needs it.
			for _, t := range gone {
				out = append(out, Finding{Rule: "objective-in-mold", Ptr: t.Ptr(), Message: name,
					Related: []Related{{Ptr: ptr, Message: noteNeeds}}})
			}
			return out
		}
		for _, t := range pl.Of(missions.TokObjective) {
			if _, ok := sol.Taken[t.Index]; ok || !(o.Take == "all" || t.Color == o.Take) || pl.Puzzle.Gone[t.Index] != nil {
				continue
			}
			why, rel := pl.explain(sol, t.Zone.Index)
			rel = append(rel, Related{Ptr: ptr, Message: noteNeeds})
			out = append(out, Finding{Rule: "objective-unreachable", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s cannot be reached, so %s cannot be met: %s", TokenName(t), name, why), Related: rel})
		}
		return out
	case o.Exit != "":
		if n, ok := o.Exit.Int(); ok && n > pl.Survivors {
			return []Finding{{Rule: "objective-count", Ptr: ptr + "/exit", Message: fmt.Sprintf("%s: the mission has only %s", name, CountOf(pl.Survivors, "Survivor"))}}
		}
		ex := pl.Of(missions.TokExit)
		if len(ex) == 0 && written(pl.Mission, missions.TokExit, "") > 0 {
			return nil // the exit is off the board, reported where it stands
		}
		if len(ex) == 0 {
			return []Finding{{Rule: "exit-missing", Ptr: ptr + "/exit", Message: fmt.Sprintf("%s, but there is no exit token on the map", name), Hint: "add '- {type: exit, at: [x, y]}' to tokens"}}
		}
		why, rel := pl.explain(sol, ex[0].Zone.Index)
		rel = append(rel, Related{Ptr: ptr, Message: noteNeeds})
		return []Finding{{Rule: "exit-unreachable", Ptr: ex[0].Ptr(), Message: fmt.Sprintf("%s cannot be reached: %s", TokenName(ex[0]), why), Related: rel}}
	case o.Reach != "", o.Activate != "":
		ref := o.Reach + o.Activate
		z, ok := RefZone(pl.Scene, ref)
		if !ok {
			return nil // unknown-ref says so
		}
		why, rel := pl.explain(sol, z)
		return []Finding{{Rule: "objective-unreachable", Ptr: ptr, Message: fmt.Sprintf("%s cannot be met: %s (%s) cannot be reached: %s", name, ref, zoneName(pl, z), why), Related: rel}}
	}
	return nil
}

// explain words why zone z is out of reach, with the places that show it.
func (pl *Play) explain(sol *Solution, z int) (string, []Related) {
	if e, ok := pl.explained[z]; ok {
		return e.text, slices.Clone(e.rel) // callers append their own notes
	}
	text, rel := pl.explainZone(sol, z)
	if pl.explained == nil {
		pl.explained = map[int]explanation{}
	}
	pl.explained[z] = explanation{text, slices.Clone(rel)}
	return text, rel
}

// explanation is why a zone is out of reach, kept per zone: many tokens
// can stand behind the same door.
type explanation struct {
	text string
	rel  []Related
}

func (pl *Play) explainZone(sol *Solution, z int) (string, []Related) {
	p := pl.Puzzle
	blockers, walled := p.Why(sol, z)
	if walled {
		for _, mv := range pl.Moves {
			if !mv.Survivors && (mv.From == z || mv.To == z) {
				return "no way for Survivors leads there (only " + pl.Enemy + "s can get in)", nil
			}
		}
		return "no way leads there from the start, whatever doors open: it is walled off", nil
	}
	var parts []string
	var rel []Related
	seen := map[string]bool{}
	for _, b := range blockers {
		edge := edgeName(pl, b.Move)
		if b.Shut {
			s := edge + " can be removed only from the other side (Door Activation works inside a room), until " + pl.Enemy + "s destroy it"
			if !seen[s] {
				seen[s] = true
				parts = append(parts, s)
				if b.Move.Door >= 0 {
					rel = append(rel, Related{Ptr: fmt.Sprintf("/tokens/%d", b.Move.Door), Message: "the door in the way"})
				}
			}
			continue
		}
		var why []string
		for _, k := range b.Missing {
			why = append(why, pl.keyWhy(k, &rel))
		}
		s := edge + " needs " + strings.Join(why, " and ")
		if seen[s] {
			continue
		}
		seen[s] = true
		parts = append(parts, s)
		if b.Move.Door >= 0 {
			rel = append(rel, Related{Ptr: fmt.Sprintf("/tokens/%d", b.Move.Door), Message: "the door in the way"})
		}
	}
	if len(parts) > 3 {
		parts = append(parts[:3], fmt.Sprintf("%d more ways are closed", len(parts)-3))
	}
	return strings.Join(parts, "; "), rel
}

// keyWhy: "violet doors to open, which only taking the violet Objective does,
// and that Objective is behind this very door".
func (pl *Play) keyWhy(k string, rel *[]Related) string {
	p := pl.Puzzle
	if pl.KeyWhy != nil {
		if s := pl.KeyWhy(k); s != "" {
			return s
		}
	}
	prov := p.Providers(k)
	if len(prov) == 0 {
		return keyName(k) + ", and no special rule opens them"
	}
	var how []string
	for _, r := range prov {
		how = append(how, triggerName(pl.Mission.Rules[r]))
		*rel = append(*rel, Related{Ptr: fmt.Sprintf("/rules/%d", r), Message: "the rule that would open it"})
	}
	s := fmt.Sprintf("%s, which only %s does", keyName(k), strings.Join(how, " or "))
	switch {
	case p.SelfLocked(k):
		s += ", and that is behind this very door"
	case missingTakes(pl, prov) != "":
		s += ", and there is no " + missingTakes(pl, prov) + " on the map"
	default:
		s += ", and that cannot happen either"
	}
	return s
}

// doorFindings: coloured doors nothing opens, and doors whose key is behind
// them.
func (pl *Play) doorFindings(sol *Solution) []Finding {
	p := pl.Puzzle
	var out []Finding
	for _, t := range pl.Of(missions.TokDoor) {
		if t.Color == "neutral" || t.State != "closed" || p.Gone[t.Index] != nil {
			continue
		}
		k := KeyDoor(t.Color)
		prov := p.Providers(k)
		if len(prov) == 0 {
			out = append(out, Finding{Rule: "door-never-opens", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s never opens: no special rule opens %s doors", TokenName(t), t.Color),
				Hint:    fmt.Sprintf("add a special rule that opens it, e.g.\nrules:\n  - when: {take: %s}\n    then: [{open: %s}]\nor make it a neutral door", t.Color, t.Color)})
			continue
		}
		if _, ok := sol.Keys[k]; ok {
			continue
		}
		if p.SelfLocked(k) {
			var how []string
			var rel []Related
			for _, r := range prov {
				how = append(how, triggerName(pl.Mission.Rules[r]))
				rel = append(rel, Related{Ptr: fmt.Sprintf("/rules/%d", r), Message: "the rule that opens it"})
			}
			for _, o := range pl.Of(missions.TokObjective) {
				if _, taken := sol.Taken[o.Index]; !taken && triggers(pl.Mission, prov, o) {
					rel = append(rel, Related{Ptr: o.Ptr(), Message: noteBehind})
				}
			}
			out = append(out, Finding{Rule: "key-behind-lock", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is opened only by %s, which is behind it", TokenName(t), strings.Join(how, " or ")),
				Hint:    "move the key (the Objective or the zone that opens it) to this side of the door", Related: rel})
		}
	}
	return out
}

// triggers reports whether taking objective token o fires one of the
func triggers(m *missions.Mission, rs []int, o *Token) bool {
	for _, r := range rs {
		if w := m.Rules[r].When; w != nil && w.Take == o.Color {
			return true
		}
	}
	return false
}

// missingTakes names the Objective colour the rules wait for that has no
// token on the map ("violet Objective"), or "".
func missingTakes(pl *Play, prov []int) string {
	for _, r := range prov {
		wh := pl.Mission.Rules[r].When
		if wh == nil || wh.Take == "" {
			return ""
		}
		for _, t := range pl.Of(missions.TokObjective) {
			if t.Color == wh.Take {
				return ""
			}
		}
	}
	if len(prov) == 0 {
		return ""
	}
	return pl.Mission.Rules[prov[0]].When.Take + " Objective"
}

// written counts the tokens of a type (and objective colour, "all" or ""
// for any) the mission lists, placed on the board or not.
func written(m *missions.Mission, typ, color string) int {
	n := 0
	for _, t := range m.Tokens {
		t = Defaults(t)
		if t.Type == typ && (color == "" || color == "all" || t.Color == color) {
			n++
		}
	}
	return n
}

// shutFindings: parts of the board the Survivors get into only once the
// enemies destroy a closed door, because Door Activation works on "a door
// opening in a room Zone they occupy": from inside the room only. One
// finding per such part, on its first door.
func (pl *Play) shutFindings(free *Solution) []Finding {
	p := pl.Puzzle
	n := len(pl.Board.Zones)
	lp := p.Lenient()
	lsol := Solve(lp, false)
	strict := Reachable(p.Moves, n, p.Start, free.Keys)
	loose := Reachable(lp.Moves, n, p.Start, lsol.Keys)
	part := make([]int, n) // which shut part a zone is in; -1 none
	for i := range part {
		part[i] = -1
	}
	adj := make([][]int, n)
	for i := range lp.Moves {
		if m := &lp.Moves[i]; usable(m, lsol.Keys) {
			adj[m.From] = append(adj[m.From], m.To)
			adj[m.To] = append(adj[m.To], m.From)
		}
	}
	var parts [][]int
	for z := 0; z < n; z++ {
		if !loose[z] || strict[z] || part[z] >= 0 {
			continue
		}
		id := len(parts)
		part[z] = id
		zs := []int{}
		for q := []int{z}; len(q) > 0; q = q[1:] {
			c := q[0]
			zs = append(zs, c)
			for _, o := range adj[c] {
				if loose[o] && !strict[o] && part[o] < 0 {
					part[o] = id
					q = append(q, o)
				}
			}
		}
		slices.Sort(zs)
		parts = append(parts, zs)
	}
	var out []Finding
	for id, zs := range parts {
		var doors []Move
		var at []string
		for _, m := range p.Moves {
			if !m.OneWay || !m.Survivors {
				continue
			}
			in, far := m.From, m.To
			if !strict[in] {
				in, far = far, in
			}
			if !strict[in] || part[far] != id || m.Leaving(in) || m.Door < 0 {
				continue
			}
			doors = append(doors, m)
			for _, e := range m.Edges {
				at = append(at, pl.doorPlace(e))
			}
		}
		if len(doors) == 0 {
			continue // entered from another shut part: reported there
		}
		var ids []string
		for _, z := range zs {
			ids = append(ids, zoneName(pl, z))
		}
		first := doors[0]
		room := first.Out
		what := "the closed door at " + at[0]
		if len(at) > 1 {
			what = "the closed doors at " + JoinIDs(at)
		}
		var msg string
		if room < 0 {
			msg = fmt.Sprintf("no Survivor can remove %s: Door Activation works only on a door opening of a room they stand in, and neither side is a room", what)
		} else {
			msg = fmt.Sprintf("%s can be removed only from inside %s (Door Activation works on a door opening of the room a Survivor stands in)", what, zoneName(pl, room))
		}
		into := ids[0]
		if len(ids) > 1 {
			into = fmt.Sprintf("%s and %d zone%s beyond (%s)", ids[0], len(ids)-1, Plural(len(ids)-1), JoinIDs(ids[1:]))
		}
		it := "it"
		if len(at) > 1 {
			it = "one of them"
		}
		msg += fmt.Sprintf(": the Survivors get into %s only once %ss destroy %s", into, pl.Enemy, it)
		for _, d := range doors {
			if sp := p.Destroyed[d.Door]; sp != nil {
				// Certain, so analyze counts it open; still the mission
				// waits for the enemies.
				msg += fmt.Sprintf(", as the %ss of %s will: it is their only way toward the Survivors", pl.Enemy, TokenName(sp))
				break
			}
		}
		var rel []Related
		for _, t := range pl.Tokens {
			if t.Zone == nil || part[t.Zone.Index] != id {
				continue
			}
			switch t.Type {
			case missions.TokObjective:
				rel = append(rel, Related{Ptr: t.Ptr(), Message: "an Objective behind it"})
			case missions.TokExit:
				rel = append(rel, Related{Ptr: t.Ptr(), Message: "the Exit behind it"})
			}
		}
		out = append(out, Finding{Rule: "room-shut", Ptr: ptrf("/tokens/%d", first.Door), Message: msg,
			Hint: "leave the door open ('state: open'), or give the room a way in that is not a closed door", Related: rel})
	}
	return out
}

// moldFindings words the objective-in-mold findings, one per Objective
// token, naming every victory condition it fails.
func (pl *Play) moldFindings(out []Finding) []Finding {
	at := map[string]int{} // token ptr -> index in kept
	kept := out[:0]
	for _, f := range out {
		if f.Rule != "objective-in-mold" {
			kept = append(kept, f)
			continue
		}
		if i, ok := at[f.Ptr]; ok {
			kept[i].Message += " and " + f.Message
			kept[i].Related = append(kept[i].Related, f.Related...)
			continue
		}
		at[f.Ptr] = len(kept)
		kept = append(kept, f)
	}
	for _, i := range at {
		f := &kept[i]
		for _, t := range pl.Of(missions.TokObjective) {
			if t.Ptr() != f.Ptr {
				continue
			}
			m := pl.Puzzle.Gone[t.Index]
			f.Message = fmt.Sprintf("%s stands in a Mold zone: the Mold at %d,%d (%s) removes it before play (\"Remove any Objective and Door tokens in the Zone\"), so %s cannot be met", TokenName(t), m.Cell.X, m.Cell.Y, m.Zone.ID, f.Message)
			f.Hint = "move the Objective out of the Mold zone, or the Mold away from it"
			f.Related = append([]Related{{Ptr: m.Ptr(), Message: "the Mold that removes it"}}, f.Related...)
		}
	}
	return kept
}

// doorPlace names a cell edge as the door token on it is written ("5,2:n"),
// or from the edge's own cell when no token stands there.
func (pl *Play) doorPlace(e layout.CellEdge) string {
	k := KeyOf(e.X, e.Y, e.Dir)
	for _, t := range pl.Of(missions.TokDoor) {
		if d, ok := Side(t.Side); ok && KeyOf(t.Cell.X, t.Cell.Y, d) == k {
			return fmt.Sprintf("%d,%d:%s", t.Cell.X, t.Cell.Y, d)
		}
	}
	return fmt.Sprintf("%d,%d:%s", e.X, e.Y, e.Dir)
}
