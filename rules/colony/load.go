package colony

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// game is the colony survival game on the board-kind seam.
type game struct{}

func init() { rules.RegisterModel(game{}) }

func (game) Ruleset() string  { return Ruleset }
func (game) Name() string     { return "colony survival" }
func (game) Kind() rules.Kind { return rules.KindHub }
func (game) Schema() string   { return "colony" }

// doc is the scenario document as the schema describes it.
type doc struct {
	ID        string          `json:"id"`
	Title     string          `json:"title"`
	Author    string          `json:"author"`
	Briefing  string          `json:"briefing"`
	Notes     string          `json:"notes"`
	Players   json.RawMessage `json:"players"`
	Variants  []string        `json:"variants"`
	Objective struct {
		Name     string   `json:"name"`
		Normal   *sideDoc `json:"normal"`
		Hardcore *sideDoc `json:"hardcore"`
		Needs    []struct {
			Cards    string `json:"cards"`
			Number   int    `json:"number"`
			Location string `json:"location"`
		} `json:"needs"`
	} `json:"objective"`
}

type sideDoc struct {
	Victory  string            `json:"victory"`
	Rules    []string          `json:"rules"`
	Numbers  []json.RawMessage `json:"numbers"`
	Morale   int               `json:"morale"`
	Round    int               `json:"round"`
	Earliest int               `json:"earliest"`
	Setup    []struct {
		Zombies int    `json:"zombies"`
		Noise   int    `json:"noise"`
		At      string `json:"at"`
	} `json:"setup"`
}

// Load reads a scenario that passed the schema. Problems with the
// collection or the Locations are findings; the model is returned whenever
// the objective could be read, so that what can be shown is shown.
func (game) Load(md *missions.Doc, env rules.LoadEnv) (rules.Model, []rules.Finding) {
	var d doc
	if err := source.Decode(md.Root, &d); err != nil {
		return nil, []rules.Finding{{Rule: "schema", Ptr: "", Message: err.Error()}}
	}
	s := &Scenario{ID: d.ID, Name: d.Title, Author: d.Author, Briefing: d.Briefing, Notes: d.Notes, File: md.File}
	s.MinP, s.MaxP = players(d.Players)
	for _, v := range AllVariants {
		if contains(d.Variants, v) {
			s.Variants = append(s.Variants, v)
		}
	}
	s.Objective.Name = d.Objective.Name
	s.Objective.Normal = readSide("normal", "/objective/normal", d.Objective.Normal)
	if d.Objective.Hardcore != nil {
		s.Objective.Hardcore = readSide("hardcore", "/objective/hardcore", d.Objective.Hardcore)
	}
	for i, n := range d.Objective.Needs {
		s.Objective.Needs = append(s.Objective.Needs, Need{Cards: n.Cards, Number: n.Number, Location: n.Location, Ptr: fmt.Sprintf("/objective/needs/%d", i)})
	}
	var fs []rules.Finding
	cn := md.Root.Field("collection")
	if cn != nil && cn.Kind == source.Object {
		s.collInline = cn
	}
	s.Coll, fs = loadCollections(cn, env)
	if s.Coll == nil {
		// the findings say why; an empty collection keeps the views whole
		s.Coll = &Collection{Tokens: map[string]int{}}
	}
	fs = append(fs, s.readLocations(md.Root.Field("locations"))...)
	s.played = &lintPlayed{}
	return s, fs
}

// players reads "2-5", "3" or 3 into a range.
func players(raw json.RawMessage) (int, int) {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n, n
	}
	var s string
	_ = json.Unmarshal(raw, &s)
	lo, hi, found := strings.Cut(s, "-")
	a, _ := strconv.Atoi(lo)
	if !found {
		return a, a
	}
	b, _ := strconv.Atoi(hi)
	return a, b
}

func readSide(name, ptr string, d *sideDoc) *Side {
	sd := &Side{Name: name, Ptr: ptr, Victory: d.Victory, Rules: d.Rules, Morale: d.Morale, Round: d.Round, Earliest: max(d.Earliest, 1)}
	for _, raw := range d.Numbers {
		var n Number
		var fixed int
		if json.Unmarshal(raw, &fixed) == nil {
			n.Fixed = fixed
		} else {
			var sc struct {
				Each int    `json:"each"`
				Per  string `json:"per"`
				Plus int    `json:"plus"`
			}
			_ = json.Unmarshal(raw, &sc)
			n = Number{Each: sc.Each, Per: sc.Per, Plus: sc.Plus, Scales: true}
		}
		sd.Numbers = append(sd.Numbers, n)
	}
	inColony := 0
	for i, p := range d.Setup {
		pl := Placement{Zombies: p.Zombies, Noise: p.Noise, At: slug(p.At), Ptr: fmt.Sprintf("%s/setup/%d", ptr, i)}
		if pl.At == ColonyID {
			pl.Before = inColony
			inColony += max(pl.Zombies, 0)
		}
		sd.Setup = append(sd.Setup, pl)
	}
	return sd
}

// loadCollections reads the scenario's collection value: one file, one
// collection in place, or a list of them, summed.
func loadCollections(n *source.Node, env rules.LoadEnv) (*Collection, []rules.Finding) {
	if n == nil {
		return nil, nil
	}
	type part struct {
		n   *source.Node
		ptr string
	}
	parts := []part{{n, "/collection"}}
	if n.Kind == source.Array {
		parts = nil
		for i, it := range n.Items {
			parts = append(parts, part{it, fmt.Sprintf("/collection/%d", i)})
		}
	}
	var all *Collection
	var fs []rules.Finding
	for _, p := range parts {
		c, probs := readCollection(p.n, env)
		for _, pr := range probs {
			fs = append(fs, rules.Finding{Rule: "colony-collection", Ptr: p.ptr + pr.sub, Message: pr.msg,
				Hint: "a collection lists the boards, decks and tokens you own: see docs/colony-format.md#collections"})
		}
		if c == nil {
			continue
		}
		if all == nil {
			all = c
			continue
		}
		for _, dup := range all.merge(c) {
			fs = append(fs, rules.Finding{Rule: "colony-collection", Ptr: p.ptr,
				Message: fmt.Sprintf("Location board %q is described by two collections; the first is used", dup)})
		}
	}
	if all == nil && len(fs) == 0 {
		all = &Collection{Tokens: map[string]int{}}
	}
	return all, fs
}

// readLocations resolves the six Locations: a base board or a board of the
// collection by id, or a custom one written in place.
func (s *Scenario) readLocations(n *source.Node) []rules.Finding {
	if n == nil {
		return nil
	}
	var fs []rules.Finding
	for i, it := range n.Items {
		ptr := fmt.Sprintf("/locations/%d", i)
		if it.Kind == source.Object {
			var lb struct {
				ID string `json:"id"`
				LocationBoard
			}
			if err := source.Decode(it, &lb); err != nil {
				continue
			}
			s.Locations = append(s.Locations, Location{ID: lb.ID, Name: lb.Name, Spaces: lb.Spaces, Deck: nonNil(lb.Deck), Source: "custom", Ptr: ptr})
			continue
		}
		id := slug(it.Text)
		l := Location{ID: id, Name: it.Text, Ptr: ptr}
		if b, ok := baseByID(id); ok {
			l.ID, l.Name, l.Source = b.ID, b.Name, "base"
		}
		if s.Coll != nil {
			if lb := s.Coll.Locations[l.ID]; lb != nil {
				if l.Source == "" {
					l.Source = "collection"
				}
				if lb.Name != "" {
					l.Name = lb.Name
				}
				l.Spaces, l.Deck = lb.Spaces, nonNil(lb.Deck)
			}
		}
		s.Locations = append(s.Locations, l)
	}
	return fs
}

func nonNil(m map[string]int) map[string]int {
	if m == nil {
		return map[string]int{}
	}
	return m
}
