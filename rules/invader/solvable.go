package invader

import (
	"fmt"
	"slices"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

func init() { checks = append(checks, checkStart, checkSolvable, checkRefs) }

// itemKey maps granted items and starting equipment to keys.
func itemKey(item string) string {
	switch item {
	case "oxygen-tank", "oxygen":
		return rules.KeyOxygen
	}
	return item
}

// Puzzle is the mission as the solver sees it.
func (w *World) Puzzle() *rules.Puzzle {
	p := &rules.Puzzle{Scene: w.Scene, Moves: w.Movement(), Start: -1, ItemKey: itemKey}
	if st := w.Of(missions.TokStart); len(st) > 0 {
		p.Start = st[0].Zone.Index
	}
	for _, e := range w.Mission.Equipment {
		p.Initial = append(p.Initial, itemKey(e))
	}
	p.ZoneKeys = func(z int) map[string]string {
		zone := w.B.Zones[z]
		// An Oxygen Supply Room gives Oxygen Tanks unless Mold took its
		// special properties away.
		if zone.HasFeature("oxygen") && w.Mold[z] == NoMold && !isExterior(w, z) {
			return map[string]string{rules.KeyOxygen: "the Oxygen Supply Room " + zone.ID}
		}
		return nil
	}
	return p
}

// checkStart: exactly one start; a start outside needs oxygen from the start.
func checkStart(w *World, _ rules.Options) []rules.Finding {
	st := w.Of(missions.TokStart)
	if len(st) == 0 {
		ptr := "/tokens"
		if len(w.Mission.Tokens) == 0 {
			ptr = ""
		}
		return []rules.Finding{{Rule: "start-missing", Ptr: ptr, Key: ptr != "", Message: "the mission has no start token: where do the Survivors begin?",
			Hint: "add '- {type: start, at: [x, y]}' to tokens"}}
	}
	var out []rules.Finding
	for _, t := range st[1:] {
		out = append(out, rules.Finding{Rule: "start-multiple", Ptr: t.Ptr(), Message: fmt.Sprintf("a second start token, %s; the Survivors start in one zone", tokenName(t)),
			Related: []rules.Related{{Ptr: st[0].Ptr(), Message: "the first start token"}}})
	}
	if z := st[0].Zone.Index; isExterior(w, z) && !slices.Contains(w.Puzzle().Initial, rules.KeyOxygen) {
		out = append(out, rules.Finding{Rule: "start-outside", Ptr: st[0].Ptr(),
			Message: fmt.Sprintf("the Survivors start outside, in %s, without Oxygen Tanks: they cannot survive there", zoneName(w, z)),
			Hint:    "start inside the station, or give the team tanks: 'equipment: [oxygen-tank]'"})
	}
	return out
}

// checkRefs: every reference in objectives and rules names something real.
func checkRefs(w *World, _ rules.Options) []rules.Finding {
	var out []rules.Finding
	ref := func(ptr, r string, tokenOnly bool) {
		if r == "" {
			return
		}
		if w.ByID(r) != nil {
			return
		}
		if !tokenOnly {
			if _, err := w.B.Ref(r); err == nil {
				return
			}
		}
		what := "a token id, a zone id (1A/c) or a cell (\"x,y\")"
		if tokenOnly {
			what = "a token id"
		}
		out = append(out, rules.Finding{Rule: "unknown-ref", Ptr: ptr, Message: fmt.Sprintf("%q names nothing on this mission's board; want %s", r, what)})
	}
	for i, o := range w.Mission.Objectives {
		ref(fmt.Sprintf("/objectives/%d/reach", i), o.Reach, false)
		ref(fmt.Sprintf("/objectives/%d/activate", i), o.Activate, true)
	}
	for i, r := range w.Mission.Rules {
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
func checkSolvable(w *World, _ rules.Options) []rules.Finding {
	p := w.Puzzle()
	if p.Start < 0 {
		return nil
	}
	m := w.Mission
	var out []rules.Finding
	if len(m.Objectives) == 0 {
		out = append(out, rules.Finding{Rule: "no-objectives", Ptr: "/title", Key: true, Message: "the mission has no objectives: nothing says how to win",
			Hint: "add objectives, e.g. '- exit: all'"})
	}
	sol := rules.Solve(p, true)
	free := rules.Solve(p, false)
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
		if _, ok := free.Met[i]; ok && o.Order > 0 {
			// Later ordered objectives fail only because this one does.
			if o.Order == firstStuck {
				out = append(out, orderFinding(w, free, i, ptr))
			}
			continue
		}
		out = append(out, objectiveFindings(w, p, free, i, ptr)...)
	}
	out = append(out, doorFindings(w, p, free)...)
	return out
}

// orderFinding explains an order that cannot be followed: objective i can
// be met, but only once a later-ordered objective has been.
func orderFinding(w *World, free *rules.Solution, i int, ptr string) rules.Finding {
	m := w.Mission
	o := m.Objectives[i]
	var later []string
	var rel []rules.Related
	for j, q := range m.Objectives {
		if q.Order > o.Order && free.Met[j] <= free.Met[i] {
			later = append(later, fmt.Sprintf("objective %d (%s, order %d)", j+1, objectiveShort(w, q), q.Order))
			rel = append(rel, rules.Related{Ptr: fmt.Sprintf("/objectives/%d", j), Message: "comes later in the order, but must be met first"})
		}
	}
	msg := fmt.Sprintf("%s cannot be met as number %d in the order", objectiveName(w, i, o), o.Order)
	if len(later) > 0 {
		msg += ": it needs what " + strings.Join(later, " and ") + " gives"
	}
	return rules.Finding{Rule: "objective-order", Ptr: ptr + "/order", Message: msg, Hint: "swap the order, or move what the earlier objective needs", Related: rel}
}

// objectiveFindings explains why objective i cannot be met at all.
func objectiveFindings(w *World, p *rules.Puzzle, sol *rules.Solution, i int, ptr string) []rules.Finding {
	o := w.Mission.Objectives[i]
	name := objectiveName(w, i, o)
	switch {
	case o.Take != "":
		need, have := rules.Needed(w.Scene, o)
		if have == 0 {
			what := o.Take + " Objective"
			if o.Take == "all" {
				what = "Objective"
			}
			return []rules.Finding{{Rule: "objective-count", Ptr: ptr + "/take", Message: fmt.Sprintf("%s: there is no %s token on the map", name, what)}}
		}
		if need > have {
			return []rules.Finding{{Rule: "objective-count", Ptr: ptr + "/count", Message: fmt.Sprintf("%s asks for %d, but the map has %d", name, need, have)}}
		}
		var out []rules.Finding
		for _, t := range w.Of(missions.TokObjective) {
			if _, ok := sol.Taken[t.Index]; ok || !(o.Take == "all" || t.Color == o.Take) {
				continue
			}
			why, rel := explain(w, p, sol, t.Zone.Index)
			rel = append(rel, rules.Related{Ptr: ptr, Message: "the objective that needs it"})
			out = append(out, rules.Finding{Rule: "objective-unreachable", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s cannot be reached, so %s cannot be met: %s", tokenName(t), name, why), Related: rel})
		}
		return out
	case o.Exit != "":
		if n, ok := o.Exit.Int(); ok && n > survivors(w.Mission) {
			return []rules.Finding{{Rule: "objective-count", Ptr: ptr + "/exit", Message: fmt.Sprintf("%s: the mission has only %d Survivors", name, survivors(w.Mission))}}
		}
		ex := w.Of(missions.TokExit)
		if len(ex) == 0 {
			return []rules.Finding{{Rule: "exit-missing", Ptr: ptr + "/exit", Message: fmt.Sprintf("%s, but there is no exit token on the map", name), Hint: "add '- {type: exit, at: [x, y]}' to tokens"}}
		}
		why, rel := explain(w, p, sol, ex[0].Zone.Index)
		rel = append(rel, rules.Related{Ptr: ptr, Message: "the objective that needs it"})
		return []rules.Finding{{Rule: "exit-unreachable", Ptr: ex[0].Ptr(), Message: fmt.Sprintf("%s cannot be reached: %s", tokenName(ex[0]), why), Related: rel}}
	case o.Reach != "", o.Activate != "":
		ref := o.Reach + o.Activate
		z, ok := rules.RefZone(w.Scene, ref)
		if !ok {
			return nil // unknown-ref says so
		}
		why, rel := explain(w, p, sol, z)
		return []rules.Finding{{Rule: "objective-unreachable", Ptr: ptr, Message: fmt.Sprintf("%s cannot be met: %s (%s) cannot be reached: %s", name, ref, zoneName(w, z), why), Related: rel}}
	}
	return nil
}

func survivors(m *missions.Mission) int {
	if m.Survivors > 0 {
		return m.Survivors
	}
	return 6
}

// explain words why zone z is out of reach, with the places that show it.
func explain(w *World, p *rules.Puzzle, sol *rules.Solution, z int) (string, []rules.Related) {
	blockers, walled := p.Why(sol, z)
	if walled {
		for _, mv := range w.Movement() {
			if !mv.Survivors && (mv.From == z || mv.To == z) {
				return "no way for Survivors leads there (only Xenos can get in)", nil
			}
		}
		return "no door, opening or airlock leads there from the start: it is walled off", nil
	}
	var parts []string
	var rel []rules.Related
	seen := map[string]bool{}
	for _, b := range blockers {
		edge := edgeName(w, b.Move)
		var why []string
		for _, k := range b.Missing {
			why = append(why, keyWhy(w, p, k, &rel))
		}
		s := edge + " needs " + strings.Join(why, " and ")
		if seen[s] {
			continue
		}
		seen[s] = true
		parts = append(parts, s)
		if b.Move.Door >= 0 {
			rel = append(rel, rules.Related{Ptr: fmt.Sprintf("/tokens/%d", b.Move.Door), Message: "the door in the way"})
		}
	}
	if len(parts) > 3 {
		parts = append(parts[:3], fmt.Sprintf("%d more ways are closed", len(parts)-3))
	}
	return strings.Join(parts, "; "), rel
}

// keyWhy: "violet doors to open, which only taking the violet Objective does,
// and that Objective is behind this very door".
func keyWhy(w *World, p *rules.Puzzle, k string, rel *[]rules.Related) string {
	if k == rules.KeyOxygen {
		return "an Oxygen Tank, and no Oxygen Supply Room can be reached without one (nor does the team start with one)"
	}
	prov := p.Providers(k)
	if len(prov) == 0 {
		return keyName(k) + ", and no special rule opens them"
	}
	var how []string
	for _, r := range prov {
		how = append(how, triggerName(w.Mission.Rules[r]))
		*rel = append(*rel, rules.Related{Ptr: fmt.Sprintf("/rules/%d", r), Message: "the rule that would open it"})
	}
	s := fmt.Sprintf("%s, which only %s does", keyName(k), strings.Join(how, " or "))
	switch {
	case p.SelfLocked(k):
		s += ", and that is behind this very door"
	case missingTakes(w, prov) != "":
		s += ", and there is no " + missingTakes(w, prov) + " on the map"
	default:
		s += ", and that cannot happen either"
	}
	return s
}

// doorFindings: coloured doors nothing opens, and doors whose key is behind
// them.
func doorFindings(w *World, p *rules.Puzzle, sol *rules.Solution) []rules.Finding {
	var out []rules.Finding
	for _, t := range w.Of(missions.TokDoor) {
		if t.Color == "neutral" || t.State != "closed" {
			continue
		}
		k := rules.KeyDoor(t.Color)
		prov := p.Providers(k)
		if len(prov) == 0 {
			out = append(out, rules.Finding{Rule: "door-never-opens", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s never opens: no special rule opens %s doors", tokenName(t), t.Color),
				Hint:    fmt.Sprintf("add a rule, e.g. '- when: {take: %s}\\n  then: [{open: %s}]', or make it a neutral door", t.Color, t.Color)})
			continue
		}
		if _, ok := sol.Keys[k]; ok {
			continue
		}
		if p.SelfLocked(k) {
			var how []string
			var rel []rules.Related
			for _, r := range prov {
				how = append(how, triggerName(w.Mission.Rules[r]))
				rel = append(rel, rules.Related{Ptr: fmt.Sprintf("/rules/%d", r), Message: "the rule that opens it"})
			}
			for _, o := range w.Of(missions.TokObjective) {
				if _, taken := sol.Taken[o.Index]; !taken && triggers(w.Mission, prov, o) {
					rel = append(rel, rules.Related{Ptr: o.Ptr(), Message: "behind the door"})
				}
			}
			out = append(out, rules.Finding{Rule: "key-behind-lock", Ptr: t.Ptr(),
				Message: fmt.Sprintf("%s is opened only by %s, which is behind it", tokenName(t), strings.Join(how, " or ")),
				Hint:    "move the key (the Objective or the zone that opens it) to this side of the door", Related: rel})
		}
	}
	return out
}

// triggers reports whether taking objective token o fires one of the rules.
func triggers(m *missions.Mission, rs []int, o *rules.Token) bool {
	for _, r := range rs {
		if w := m.Rules[r].When; w != nil && w.Take == o.Color {
			return true
		}
	}
	return false
}

// missingTakes names the Objective colour the rules wait for that has no
// token on the map ("violet Objective"), or "".
func missingTakes(w *World, prov []int) string {
	for _, r := range prov {
		wh := w.Mission.Rules[r].When
		if wh == nil || wh.Take == "" {
			return ""
		}
		for _, t := range w.Of(missions.TokObjective) {
			if t.Color == wh.Take {
				return ""
			}
		}
	}
	if len(prov) == 0 {
		return ""
	}
	return w.Mission.Rules[prov[0]].When.Take + " Objective"
}
