package survivalinfection

import (
	_ "embed"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

// baseYAML is the base game written out in the format itself, so the
// built-in data and the documented example can be compared.
//
//go:embed base.yaml
var baseYAML []byte

var base = sync.OnceValue(func() *Setup {
	root, probs := source.Parse("base.yaml", baseYAML, source.Limits{})
	if len(probs) > 0 {
		panic("survival-infection: the built-in base game does not parse: " + probs[0].Message)
	}
	r := &reader{builtin: true}
	s := &Setup{}
	r.sections(s, root.Field("setup"), "/setup")
	if len(r.out) > 0 {
		panic("survival-infection: the built-in base game does not load: " + r.out[0].Message)
	}
	return s
})

// Base returns a copy of the built-in base game.
func Base() *Setup { return base().clone() }

func (s *Setup) clone() *Setup {
	c := *s
	c.played = nil
	c.Camp.Chips = append([]int(nil), s.Camp.Chips...)
	c.Deck = append([]Card(nil), s.Deck...)
	c.Chips = append([]Chips(nil), s.Chips...)
	c.City.Flip = append([]Chips(nil), s.City.Flip...)
	c.Dice = make([]Die, len(s.Dice))
	for i, d := range s.Dice {
		d.Faces = append([]Face(nil), d.Faces...)
		c.Dice[i] = d
	}
	c.Written = append([]string(nil), s.Written...)
	c.Changes = append([]string(nil), s.Changes...)
	return &c
}

// Load reads a document that passed the schema: the base game, the
// sections of setup:, then changes:.
func Load(doc *missions.Doc) (*Setup, []rules.Finding) {
	root := doc.Root
	s := Base()
	s.ID = str(root.Field("id"))
	s.Name = str(root.Field("title"))
	s.Author = str(root.Field("author"))
	s.Notes = str(root.Field("notes"))
	s.Written, s.Changes = nil, nil
	s.Fallback = "/ruleset"
	r := &reader{}
	if n := root.Field("setup"); n != nil {
		r.sections(s, n, "/setup")
		s.Written = append([]string(nil), n.Keys...)
	}
	if n := root.Field("changes"); n != nil && len(n.Keys) > 0 {
		s.Fallback = "/changes"
		r.changes(s, n, "/changes")
	}
	s.played = &lintPlayed{}
	return s, r.out
}

// reader turns document nodes into the model. For the built-in base game
// every pointer is "": it points into no user's document.
type reader struct {
	builtin bool
	out     []rules.Finding
}

func (r *reader) ptr(p string) string {
	if r.builtin {
		return ""
	}
	return p
}

// sections replaces each section the node has.
func (r *reader) sections(s *Setup, n *source.Node, at string) {
	for i, k := range n.Keys {
		v, p := n.Fields[i], at+"/"+k
		switch k {
		case "players":
			s.Players = Players{Min: num(v.Field("min")), Max: num(v.Field("max")), Ptr: r.ptr(p)}
			s.Players.OpenOnlyUpTo = 3 // the rule, unless the section says otherwise
			setInt(v, "open-only-up-to", &s.Players.OpenOnlyUpTo)
		case "camp":
			s.Camp = Camp{Sets: num(v.Field("sets")), Hideout: str(v.Field("hideout")), Chips: ints(v.Field("chips")), Ptr: r.ptr(p)}
		case "hand":
			s.Hand = Num{N: num(v), Ptr: r.ptr(p)}
		case "redraw":
			s.Redraw = Num{N: num(v), Ptr: r.ptr(p)}
		case "hidden-bite":
			s.Bite = Bite{SetAside: v.Field("set-aside").Bool, Into: str(v.Field("into")), Ptr: r.ptr(p)}
		case "deck":
			s.Deck, s.DeckPtr = nil, r.ptr(p)
			for j, c := range v.Items {
				s.Deck = append(s.Deck, r.card(c, p+"/"+strconv.Itoa(j)))
			}
		case "chips":
			s.Chips = r.chips(v, p)
		case "city-center":
			s.City = City{FullTable: num(v.Field("full-table")), Flip: r.chips(v.Field("flip"), p+"/flip"), Ptr: r.ptr(p)}
		case "dice":
			s.Dice = nil
			for j, d := range v.Items {
				s.Dice = append(s.Dice, r.die(d, p+"/"+strconv.Itoa(j)))
			}
		}
	}
}

func (r *reader) card(n *source.Node, p string) Card {
	c := Card{Name: str(n.Field("card")), Type: str(n.Field("type")), Count: 1, Text: str(n.Field("text")), Ptr: r.ptr(p)}
	c.Closed = str(n.Field("symbol")) == "closed"
	if f := n.Field("count"); f != nil {
		c.Count = num(f)
	}
	if f := n.Field("hidden-bite"); f != nil {
		c.HiddenBite = f.Bool
	}
	return c
}

func (r *reader) chips(n *source.Node, p string) []Chips {
	var out []Chips
	if n == nil {
		return out
	}
	for j, c := range n.Items {
		out = append(out, Chips{Value: num(c.Field("value")), Count: num(c.Field("count")), Ptr: r.ptr(p + "/" + strconv.Itoa(j))})
	}
	return out
}

func (r *reader) die(n *source.Node, p string) Die {
	d := Die{Name: str(n.Field("die")), Ptr: r.ptr(p)}
	if f := n.Field("faces"); f != nil {
		for _, x := range f.Items {
			switch {
			case x.Kind == source.String && x.Text == "symbol":
				d.Faces = append(d.Faces, Face{Symbol: true})
			case x.Kind == source.String:
				d.Faces = append(d.Faces, Face{Blank: true})
			default:
				d.Faces = append(d.Faces, Face{N: num(x)})
			}
		}
	}
	return d
}

// changes applies a variant to the setup, in the order the format lists
// them: settings, then cards added, removed and edited, chips, dice.
func (r *reader) changes(s *Setup, n *source.Node, at string) {
	note := func(format string, a ...any) { s.Changes = append(s.Changes, fmt.Sprintf(format, a...)) }
	if v := n.Field("players"); v != nil {
		p := &s.Players
		setInt(v, "min", &p.Min)
		setInt(v, "max", &p.Max)
		setInt(v, "open-only-up-to", &p.OpenOnlyUpTo)
		p.Ptr = at + "/players"
		note("players %s (open-symbol cards only up to %d)", span(p.Min, p.Max), p.OpenOnlyUpTo)
	}
	if v := n.Field("camp"); v != nil {
		c := &s.Camp
		setInt(v, "sets", &c.Sets)
		if f := v.Field("hideout"); f != nil {
			c.Hideout = f.Text
		}
		if f := v.Field("chips"); f != nil {
			c.Chips = ints(f)
		}
		c.Ptr = at + "/camp"
		note("Starting Camp: %s, %s, chips %s each", plural(c.Sets, "set", "sets"), c.Hideout, joinInts(c.Chips))
	}
	if v := n.Field("hand"); v != nil {
		s.Hand = Num{N: num(v), Ptr: at + "/hand"}
		note("%s dealt to each player", plural(s.Hand.N, "card", "cards"))
	}
	if v := n.Field("redraw"); v != nil {
		s.Redraw = Num{N: num(v), Ptr: at + "/redraw"}
		note("redraw to %s each turn", plural(s.Redraw.N, "card", "cards"))
	}
	if v := n.Field("hidden-bite"); v != nil {
		if f := v.Field("set-aside"); f != nil {
			s.Bite.SetAside = f.Bool
		}
		if f := v.Field("into"); f != nil {
			s.Bite.Into = f.Text
		}
		s.Bite.Ptr = at + "/hidden-bite"
		note("Hidden Bite: %s", biteWords(s.Bite))
	}
	if v := n.Field("add"); v != nil {
		for j, c := range v.Items {
			r.add(s, c, fmt.Sprintf("%s/add/%d", at, j), note)
		}
	}
	if v := n.Field("remove"); v != nil {
		for j, c := range v.Items {
			r.remove(s, c, fmt.Sprintf("%s/remove/%d", at, j), note)
		}
	}
	if v := n.Field("edit"); v != nil {
		for j, c := range v.Items {
			r.edit(s, c, fmt.Sprintf("%s/edit/%d", at, j), note)
		}
	}
	if v := n.Field("chips"); v != nil {
		for _, c := range r.chips(v, at+"/chips") {
			if i := chipIndex(s.Chips, c.Value); i >= 0 {
				s.Chips[i] = c
			} else {
				s.Chips = append(s.Chips, c)
			}
			note("%s of value %d", plural(c.Count, "chip", "chips"), c.Value)
		}
	}
	if v := n.Field("city-center"); v != nil {
		setInt(v, "full-table", &s.City.FullTable)
		if f := v.Field("flip"); f != nil {
			s.City.Flip = r.chips(f, at+"/city-center/flip")
		}
		s.City.Ptr = at + "/city-center"
		note("City Center: per player under %d, flip %s", s.City.FullTable, chipWords(s.City.Flip))
	}
	if v := n.Field("dice"); v != nil {
		for j, d := range v.Items {
			nd := r.die(d, fmt.Sprintf("%s/dice/%d", at, j))
			if old := s.Die(nd.Name); old != nil {
				*old = nd
				note("%s die: %s", nd.Name, faceWords(nd.Faces))
			} else {
				s.Dice = append(s.Dice, nd)
				note("new %s die: %s", nd.Name, faceWords(nd.Faces))
			}
		}
	}
}

// find returns the index of the deck's card with a name, or -1.
func find(deck []Card, name string) int {
	for i, c := range deck {
		if c.Name == name {
			return i
		}
	}
	return -1
}

func names(deck []Card) []string {
	out := make([]string, len(deck))
	for i, c := range deck {
		out[i] = c.Name
	}
	return out
}

// unknown reports a change that names a card the deck does not have.
func (r *reader) unknown(s *Setup, name, verb, p string) {
	f := rules.Finding{Rule: "variant-card", Ptr: p + "/card",
		Message: fmt.Sprintf("the variant %s %q, but the deck has no such card", verb, name),
		Hint:    "name a card of the deck exactly as it is written: " + strings.Join(names(s.Deck), ", ")}
	if g := typo.Guess(name, names(s.Deck)); g != "" {
		f.Hint = fmt.Sprintf("did you mean %q?", g)
	}
	r.out = append(r.out, f)
}

func (r *reader) add(s *Setup, n *source.Node, p string, note func(string, ...any)) {
	c := r.card(n, p)
	i := find(s.Deck, c.Name)
	if i < 0 {
		if n.Field("symbol") == nil {
			c.Closed = false
		}
		s.Deck, s.DeckPtr = append(s.Deck, c), p
		note("added %d %s (%s)", c.Count, c.Name, cardWords(c))
		return
	}
	old := &s.Deck[i]
	if c.Type != "" && old.Type != "" && c.Type != old.Type {
		r.out = append(r.out, rules.Finding{Rule: "variant-card", Ptr: p + "/type",
			Message: fmt.Sprintf("the variant adds %q as %s, but the deck has it as %s", c.Name, article(c.Type), article(old.Type)),
			Hint:    "leave out type: to add copies of the deck's card, or give the new card a name of its own"})
		return
	}
	if f := n.Field("symbol"); f != nil && (f.Text == "closed") != old.Closed {
		r.out = append(r.out, rules.Finding{Rule: "variant-card", Ptr: p + "/symbol",
			Message: fmt.Sprintf("the variant adds %q with the %s symbol, but the deck's copies have the %s symbol", c.Name, symbol(c.Closed), symbol(old.Closed)),
			Hint:    "use edit: to change the symbol of every copy, or give the new card a name of its own"})
		return
	}
	old.Count += c.Count
	if c.Type != "" && old.Type == "" {
		old.Type = c.Type
	}
	if n.Field("hidden-bite") != nil {
		old.HiddenBite = c.HiddenBite
	}
	old.Ptr, s.DeckPtr = p, p
	note("added %d %s (now %d)", c.Count, c.Name, old.Count)
}

func (r *reader) remove(s *Setup, n *source.Node, p string, note func(string, ...any)) {
	name := str(n.Field("card"))
	i := find(s.Deck, name)
	if i < 0 {
		r.unknown(s, name, "removes", p)
		return
	}
	old := &s.Deck[i]
	if f := n.Field("count"); f != nil {
		k := num(f)
		if k > old.Count {
			r.out = append(r.out, rules.Finding{Rule: "variant-card", Ptr: p + "/count",
				Message: fmt.Sprintf("the variant removes %d %q, but the deck has %d", k, name, old.Count),
				Hint:    "leave out count: to remove every copy"})
			return
		}
		old.Count -= k
		old.Ptr, s.DeckPtr = p, p
		note("removed %d %s (%d left)", k, name, old.Count)
		return
	}
	note("removed every %s (%d)", name, old.Count)
	s.DeckPtr = p
	s.Deck = append(s.Deck[:i], s.Deck[i+1:]...)
}

func (r *reader) edit(s *Setup, n *source.Node, p string, note func(string, ...any)) {
	name := str(n.Field("card"))
	i := find(s.Deck, name)
	if i < 0 {
		r.unknown(s, name, "edits", p)
		return
	}
	c := &s.Deck[i]
	var what []string
	if f := n.Field("count"); f != nil {
		c.Count = num(f)
		what = append(what, plural(c.Count, "copy", "copies"))
	}
	if f := n.Field("type"); f != nil {
		c.Type = f.Text
		what = append(what, f.Text)
	}
	if f := n.Field("symbol"); f != nil {
		c.Closed = f.Text == "closed"
		what = append(what, f.Text+" symbol")
	}
	if f := n.Field("text"); f != nil {
		c.Text = f.Text
		what = append(what, "new text")
	}
	c.Ptr, s.DeckPtr = p, p
	note("%s: %s", name, strings.Join(what, ", "))
}

func chipIndex(cs []Chips, v int) int {
	for i, c := range cs {
		if c.Value == v {
			return i
		}
	}
	return -1
}

func setInt(n *source.Node, key string, dst *int) {
	if f := n.Field(key); f != nil {
		*dst = num(f)
	}
}

// The document's values, read after the schema has checked them.
func str(n *source.Node) string { return n.Str() }
func num(n *source.Node) int    { return n.Int() }

func ints(n *source.Node) []int {
	var out []int
	if n == nil {
		return out
	}
	for _, x := range n.Items {
		out = append(out, num(x))
	}
	return out
}
