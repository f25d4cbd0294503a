package app_test

import (
	"math/rand/v2"
	"slices"

	"github.com/zmission/zmission/rules/colony"
	"github.com/zmission/zmission/rules/survivalinfection"
)

// The sheet games (colony, Survival Infection) and the configuration are
// made from their schemas (gen_schema_test.go), with the names each game
// knows offered where a string names something.

func last(path []string) string {
	if len(path) == 0 {
		return ""
	}
	return path[len(path)-1]
}

// under tells whether path runs through key.
func under(path []string, key string) bool { return slices.Contains(path, key) }

var colonyKinds = []string{"food", "medicine", "fuel", "tool", "weapon", "junk", "outsider", "crossroads", "crisis", "zombie", "noise", "barricade"}

func colonyLocations() []string {
	return append(colony.BaseLocationIDs(), "cabin", "mall", "x")
}

func colonyVocab(path []string) []string {
	k := last(path)
	switch {
	case k == "*key*" && len(path) >= 2:
		switch path[len(path)-2] {
		case "locations":
			return colonyLocations()
		case "mature", "non-coop":
			return cardPools
		}
		return colonyKinds
	case k == "at":
		return append([]string{"colony", "colony", "entrance"}, colonyLocations()...)
	case k == "location" || k == "id" && under(path, "locations") || len(path) >= 2 && path[len(path)-2] == "locations":
		return colonyLocations()
	case k == "cards":
		return colonyKinds
	case k == "victory" || len(path) >= 2 && path[len(path)-2] == "rules":
		return []string{
			"The colony wins with {1} food cards in the supply.",
			"Win when {1} Medicine and {2} Fuel are in the supply.",
			"Survive {1} rounds.",
			"Keep {3} Survivors alive.",
			"No numbers here.",
			"{1}{1}{2}{9}",
		}
	}
	return nil
}

// colonyDoc is a colony scenario. Its collection is written in place, or
// named: then the file is returned too (name, document).
func colonyDoc(r *rand.Rand) (obj, obj) {
	g := &schemaGen{r: r, root: loadSchema("colony"), vocab: colonyVocab}
	doc := g.value(g.root, nil).(obj)
	var file obj
	for i, e := range doc {
		if e.k != "collection" {
			continue
		}
		switch v := e.v.(type) {
		case string:
			doc[i].v = "shelf.yaml"
			file = collectionDoc(r)
		case obj:
			doc[i].v = legalMarks(v)
		case []any:
			// A Location board is described by one collection of the
			// list: later ones leave it out.
			seen := map[string]bool{}
			var items []any
			for _, it := range v {
				var c obj
				switch it := it.(type) {
				case string:
					if file != nil {
						continue // the file once
					}
					file = collectionDoc(r)
					c = file
					items = append(items, "shelf.yaml")
				case obj:
					c = legalMarks(it)
					items = append(items, c)
				}
				for j, f := range c {
					if boards, ok := f.v.(obj); ok && f.k == "locations" {
						var kept obj
						for _, b := range boards {
							if !seen[b.k] {
								seen[b.k] = true
								kept = append(kept, b)
							}
						}
						c[j].v = kept
					}
				}
			}
			doc[i].v = items
		}
	}
	return doc, file
}

func collectionDoc(r *rand.Rand) obj {
	g := &schemaGen{r: r, root: loadSchema("colony-collection"), vocab: colonyVocab}
	return legalMarks(g.value(g.root, nil).(obj))
}

// cardPools are the pools a collection's mature and non-coop marks name.
var cardPools = []string{"starter-items", "survivors", "crisis", "crossroads", "exiled-objectives"}

// legalMarks keeps the collection's mature and non-coop marks within what
// the schema cannot say: each names a card pool and marks no more cards
// than the pool holds.
func legalMarks(coll obj) obj {
	for i, e := range coll {
		cards, ok := e.v.(obj)
		if e.k != "cards" || !ok {
			continue
		}
		size := map[string]int{}
		for _, p := range cards {
			switch v := p.v.(type) {
			case int:
				size[p.k] = v
			case obj:
				for _, c := range v {
					if n, ok := c.v.(int); ok {
						size[p.k] += n
					}
				}
			}
		}
		var kept obj
		for _, p := range cards {
			if marks, ok := p.v.(obj); ok && (p.k == "mature" || p.k == "non-coop") {
				var m obj
				for _, mk := range marks {
					if slices.Contains(cardPools, mk.k) {
						m.set(mk.k, min(mk.v.(int), size[mk.k]))
					}
				}
				p.v = m
			}
			kept = append(kept, p)
		}
		coll[i].v = kept
	}
	return coll
}

func siCardNames() []string {
	var out []string
	for _, c := range survivalinfection.Base().Deck {
		out = append(out, c.Name)
	}
	return append(out, "Barricade", "Horde Night", "hidden bite")
}

func siVocab(path []string) []string {
	switch last(path) {
	case "card":
		return siCardNames()
	case "die":
		return []string{"base", "survival", "infection", "infection", "custom"}
	case "hideout":
		return []string{"Apartment Building", "The Prison"}
	}
	return nil
}

func siDoc(r *rand.Rand) obj {
	g := &schemaGen{r: r, root: loadSchema("survival-infection"), vocab: siVocab}
	return g.value(g.root, nil).(obj)
}

// configDoc is a .zmission.yaml: severities of random checks (known ids
// and a few unknown ones) and the options of the checks that have them,
// at their bounds; ignore entries that may or may not match the case.
func configDoc(r *rand.Rand, ids []string, options map[string]map[string]optionBound) obj {
	var rulesObj obj
	sev := []any{"off", "info", "warning", "error", false}
	seen := map[string]bool{}
	for range r.IntN(6) {
		id := ids[r.IntN(len(ids))]
		if r.IntN(8) == 0 {
			id = "no-such-check"
		}
		if seen[id] {
			continue
		}
		seen[id] = true
		if opts, ok := options[id]; ok && r.IntN(2) == 0 {
			var m obj
			if r.IntN(2) == 0 {
				m.set("severity", sev[r.IntN(4)])
			}
			for _, k := range sortedOptionKeys(opts) {
				m.set(k, opts[k].pick(r))
			}
			rulesObj.set(id, m)
			continue
		}
		rulesObj.set(id, sev[r.IntN(len(sev))])
	}
	var doc obj
	if len(rulesObj) > 0 || r.IntN(2) == 0 {
		doc.set("rules", rulesObj)
	}
	if r.IntN(3) == 0 {
		var ig []any
		for range 1 + r.IntN(3) {
			p := []string{"*.yaml", "**/*.json", "case.*", "nothing-here", "**", "[a-c]*"}[r.IntN(6)]
			if r.IntN(2) == 0 {
				ig = append(ig, p)
				continue
			}
			var e obj
			e.set("path", p)
			if r.IntN(2) == 0 {
				e.set("rules", []any{ids[r.IntN(len(ids))]})
			}
			ig = append(ig, e)
		}
		doc.set("ignore", ig)
	}
	if len(doc) == 0 {
		doc.set("rules", obj{})
	}
	return doc
}

// optionBound is a check option's range: a value is picked at a bound,
// next to one, or between.
type optionBound struct{ lo, hi int }

func (b optionBound) pick(r *rand.Rand) int {
	switch r.IntN(6) {
	case 0:
		return b.lo
	case 1:
		return b.hi
	case 2:
		return min(b.lo+1, b.hi)
	case 3:
		return max(b.hi-1, b.lo)
	}
	return b.lo + r.IntN(min(b.hi-b.lo, 10)+1)
}

func sortedOptionKeys(m map[string]optionBound) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}
