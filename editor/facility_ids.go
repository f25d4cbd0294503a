package editor

import (
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v4"
)

// The facility's ids follow the board's reading order, as its rules want
// (the "lowest id" and "top-left, row by row" tie-breaks then agree):
// slots row by row from the top-left, corridors by their midpoint the same
// way. The editor keeps that order when it adds a slot or a corridor, and
// renumbers a whole scenario on request, with every reference to an id.

// idPlan is the ids a scenario's slots and corridors get in reading
// order: old id → new id.
type idPlan struct {
	slots, corridors map[int]int
	// ordered: the ids already increase in reading order (gaps allowed),
	// which is all the rules ask.
	ordered bool
}

// readingOrder plans the ids; an entry with no id or place, or an id used
// twice, leaves the scenario to be fixed in the text first.
func readingOrder(root *yaml.Node) (*idPlan, error) {
	slots, err := slotList(root)
	if err != nil {
		return nil, err
	}
	type slot struct{ id, x, y int }
	var ss []slot
	at := map[int][2]int{}
	for _, it := range slots.Content {
		id, ok1 := intOf(get(it, "id"))
		p, ok2 := pairOf(get(it, "at"))
		if !ok1 || !ok2 {
			return nil, refuse("a slot has no id or place; fix it in the text first")
		}
		if _, dup := at[id]; dup {
			return nil, refuse("two slots have id %d; fix it in the text first", id)
		}
		at[id] = p
		ss = append(ss, slot{id, p[0], p[1]})
	}
	slices.SortStableFunc(ss, func(a, b slot) int {
		if a.y != b.y {
			return a.y - b.y
		}
		return a.x - b.x
	})
	plan := &idPlan{slots: map[int]int{}, corridors: map[int]int{}, ordered: true}
	for i, s := range ss {
		plan.slots[s.id] = i + 1
		if i > 0 && s.id < ss[i-1].id {
			plan.ordered = false
		}
	}
	// Technical corridors, and those with an end that is no slot, have no
	// place in the reading order (the rule passes over them): they follow
	// the others, in the order of their ids.
	type cor struct {
		id, my, mx int
		free       bool
	}
	var cs []cor
	if l, err := list(root, "corridors", false); err == nil {
		for _, it := range l.Content {
			id, ok1 := intOf(get(it, "id"))
			e, ok2 := pairOf(get(it, "between"))
			if !ok1 || !ok2 {
				return nil, refuse("a corridor has no id or ends; fix it in the text first")
			}
			if _, dup := plan.corridors[id]; dup {
				return nil, refuse("two corridors have id %d; fix it in the text first", id)
			}
			plan.corridors[id] = 0
			a, okA := at[e[0]]
			b, okB := at[e[1]]
			t := get(it, "technical")
			free := !okA || !okB || t != nil && strings.EqualFold(t.Value, "true")
			cs = append(cs, cor{id, a[1] + b[1], a[0] + b[0], free}) // doubled midpoint, rows first
		}
	}
	slices.SortStableFunc(cs, func(a, b cor) int {
		switch {
		case a.free != b.free:
			if a.free {
				return 1
			}
			return -1
		case a.free:
			return a.id - b.id
		case a.my != b.my:
			return a.my - b.my
		}
		return a.mx - b.mx
	})
	for i, c := range cs {
		plan.corridors[c.id] = i + 1
		if i > 0 && !c.free && c.id < cs[i-1].id {
			plan.ordered = false
		}
	}
	return plan, nil
}

// apply renumbers the scenario: the ids, every reference to them (rooms,
// corridor ends and door slots, tokens), and the lists put in id order.
func (p *idPlan) apply(root *yaml.Node) {
	re := func(n *yaml.Node, m map[int]int) {
		if v, ok := intOf(n); ok {
			if w, ok := m[v]; ok && w != v {
				n.Value = strconv.Itoa(w)
				n.Tag = ""
			}
		}
	}
	byNewID := func(l *yaml.Node) {
		slices.SortStableFunc(l.Content, func(a, b *yaml.Node) int {
			x, _ := intOf(get(a, "id"))
			y, _ := intOf(get(b, "id"))
			return x - y
		})
	}
	if l, err := list(root, "slots", false); err == nil {
		for _, it := range l.Content {
			re(get(it, "id"), p.slots)
		}
		byNewID(l)
	}
	if l, err := list(root, "rooms", false); err == nil {
		for _, it := range l.Content {
			re(get(it, "slot"), p.slots)
		}
	}
	if l, err := list(root, "corridors", false); err == nil {
		for _, it := range l.Content {
			re(get(it, "id"), p.corridors)
			if b := get(it, "between"); b != nil && b.Kind == yaml.SequenceNode {
				for _, e := range b.Content {
					re(e, p.slots)
				}
			}
			re(get(it, "door_at"), p.slots)
		}
		byNewID(l)
	}
	if l, err := list(root, "tokens", false); err == nil {
		for _, it := range l.Content {
			re(get(it, "slot"), p.slots)
			re(get(it, "corridor"), p.corridors)
		}
	}
}

// renumberOp gives the whole scenario ids in reading order.
func renumberOp(root *yaml.Node, op Op) error {
	p, err := readingOrder(root)
	if err != nil {
		return err
	}
	p.apply(root)
	return nil
}

// keepOrder runs add, an operation that adds a slot or a corridor, and
// renumbers after it when the ids were in reading order before: then they
// still are, the new one among them (and any gaps closed).
func keepOrder(add func(*yaml.Node, Op) error) func(*yaml.Node, Op) error {
	return func(root *yaml.Node, op Op) error {
		p, err := readingOrder(root)
		ordered := err == nil && p.ordered
		if err := add(root, op); err != nil {
			return err
		}
		if !ordered {
			return nil
		}
		if p, err = readingOrder(root); err == nil {
			p.apply(root)
		}
		return nil
	}
}
