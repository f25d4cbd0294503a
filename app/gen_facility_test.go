package app_test

import (
	"fmt"
	"math/rand/v2"

	"github.com/zmission/zmission/rules/facility"
)

// facility scenarios: a slot grid of 1 to 32 a side, filled thinly or
// wholly, cut into sections (with border slots where the scenario declares
// the border), the catalogue's rooms and the scenario's own on some slots,
// corridors between neighbours (and technical ones between any two), and
// the setup values from the schema, at and near their bounds.

func facilityRooms() []string {
	var out []string
	for _, r := range facility.BuiltinRooms() {
		out = append(out, r.ID)
	}
	return out
}

func facilityVocab(path []string) []string {
	switch {
	case under(path, "stacks"), last(path) == "room":
		return append(facilityRooms(), "cold-store", "unknown-room")
	case last(path) == "id" && under(path, "custom_rooms"):
		return []string{"cold-store", "armory", "vault"}
	}
	return nil
}

func facilityDoc(r *rand.Rand, heavy bool) obj {
	g := &schemaGen{r: r, root: loadSchema("facility"), vocab: facilityVocab}
	base := g.value(g.root, nil).(obj)

	cols, rows := 1+r.IntN(6), 1+r.IntN(5)
	switch {
	case heavy && r.IntN(3) == 0:
		cols, rows = 32, 32
	case r.IntN(6) == 0:
		cols, rows = 1, 1
	case r.IntN(6) == 0:
		cols, rows = 1+r.IntN(32), 1+r.IntN(32)
	}
	var borders []string
	for _, b := range []string{"A/B", "A/C", "B/C"} {
		if r.IntN(2) == 0 {
			borders = append(borders, b)
		}
	}
	// Sections by column: A on the left, B, then C; a column on a split
	// is the border between them when it is declared.
	split1, split2 := r.IntN(cols+1), r.IntN(cols+1)
	if split1 > split2 {
		split1, split2 = split2, split1
	}
	declared := map[string]bool{}
	for _, b := range borders {
		declared[b] = true
	}
	section := func(x int) string {
		if r.IntN(10) == 0 {
			return []string{"A", "B", "C", "A/B", "A/C", "B/C"}[r.IntN(6)]
		}
		switch {
		case x == split1 && declared["A/B"]:
			return "A/B"
		case x == split2 && declared["B/C"]:
			return "B/C"
		case x < split1:
			return "A"
		case x < split2:
			return "B"
		}
		return "C"
	}
	density := []float64{0.3, 0.7, 1, 1}[r.IntN(4)]
	type slot struct{ id, x, y int }
	var slots []slot
	at := map[[2]int]int{}
	for y := range rows {
		for x := range cols {
			if r.Float64() < density || len(slots) == 0 && x == cols-1 && y == rows-1 {
				slots = append(slots, slot{len(slots) + 1, x, y})
			}
		}
	}
	if r.IntN(5) == 0 {
		// Ids out of reading order, up to the largest allowed.
		for i, p := range r.Perm(len(slots)) {
			slots[i].id = 9999 - p
		}
	}
	var slotList []any
	for _, s := range slots {
		at[[2]int{s.x, s.y}] = s.id
		var o obj
		o.set("id", s.id)
		o.set("at", []any{s.x, s.y})
		o.set("section", section(s.x))
		slotList = append(slotList, o)
	}

	// Rooms: the three the rules need (mostly), then others, each on a
	// slot of its own.
	free := r.Perm(len(slots))
	var roomList []any
	names := facilityRooms()
	for i, name := range append([]string{"landing-zone", "hibernatorium", "nest"}, names...) {
		if len(free) == 0 || i >= 3 && r.IntN(4) != 0 || i < 3 && r.IntN(8) == 0 {
			continue
		}
		var o obj
		o.set("slot", slots[free[0]].id)
		free = free[1:]
		o.set("room", name)
		if r.IntN(4) == 0 {
			o.set("covered", r.IntN(2) == 0)
		}
		roomList = append(roomList, o)
	}
	if cr, ok := base.get("custom_rooms"); ok && len(free) > 0 && len(cr.([]any)) > 0 {
		id, _ := cr.([]any)[0].(obj).get("id")
		var o obj
		o.set("slot", slots[free[0]].id)
		o.set("room", id)
		roomList = append(roomList, o)
	}

	// Corridors between neighbouring slots, and now and then a technical
	// one; noise mostly on the tile (0 to 4), sometimes at the schema's
	// bounds.
	var corridors []any
	cid := 0
	addCorridor := func(a, b int, technical bool) {
		cid++
		var o obj
		o.set("id", cid)
		o.set("between", []any{a, b})
		noise := r.IntN(5)
		if r.IntN(12) == 0 {
			noise = []int{-100, -1, 5, 100}[r.IntN(4)]
		}
		o.set("noise", noise)
		if r.IntN(4) == 0 {
			o.set("deadly", []int{0, 1, 2, -100, 100}[r.IntN(5)])
		}
		if r.IntN(3) == 0 {
			o.set("door", []string{"none", "open", "closed", "destroyed"}[r.IntN(4)])
			if r.IntN(4) != 0 {
				o.set("door_at", []int{a, b}[r.IntN(2)])
			}
		}
		if technical {
			o.set("technical", true)
		}
		corridors = append(corridors, o)
	}
	pCorr := r.Float64()
	for _, s := range slots {
		for _, d := range [][2]int{{1, 0}, {0, 1}} {
			if o, ok := at[[2]int{s.x + d[0], s.y + d[1]}]; ok && r.Float64() < pCorr {
				addCorridor(s.id, o, false)
			}
		}
	}
	for range r.IntN(3) {
		a, b := slots[r.IntN(len(slots))], slots[r.IntN(len(slots))]
		addCorridor(a.id, b.id, true)
	}

	var tokens []any
	for range r.IntN(8) {
		var o obj
		typ := []string{"noise", "intruder", "character", "fire", "malfunction", "secure"}[r.IntN(6)]
		o.set("type", typ)
		if typ == "intruder" {
			o.set("kind", []string{"larva", "adult", "drone", "queen"}[r.IntN(4)])
		}
		if r.IntN(3) == 0 {
			o.set("count", []int{1, 2, 49, 50}[r.IntN(4)])
		}
		if len(corridors) > 0 && r.IntN(2) == 0 {
			o.set("corridor", 1+r.IntN(len(corridors)))
		} else {
			o.set("slot", slots[r.IntN(len(slots))].id)
		}
		tokens = append(tokens, o)
	}

	var doc obj
	for _, e := range base {
		switch e.k {
		case "grid":
			e.v = []any{cols, rows}
		case "borders":
			var bs []any
			for _, b := range borders {
				bs = append(bs, b)
			}
			e.v = bs
		case "slots":
			e.v = slotList
		case "rooms":
			e.v = roomList
		case "corridors":
			e.v = corridors
		case "tokens":
			e.v = tokens
		case "id":
			e.v = fmt.Sprintf("gen-%d", r.IntN(10000))
		}
		doc = append(doc, e)
	}
	return doc
}
