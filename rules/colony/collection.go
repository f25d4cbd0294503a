package colony

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
)

// CollectionSchema names the embedded schema of a collection file.
const CollectionSchema = "colony-collection"

// Collection is what a user owns of the game: a box file in the Zombicide
// boxes' format (name, title, ruleset, tokens — read by rules.ParseBox)
// with the colony's boards and card pools added. Several collections (a
// base game and an expansion) are summed.
type Collection struct {
	Names          []string
	Tokens         map[string]int // tokens owned, by kind (zombie, noise, ...)
	MoraleTrack    int            // 0: not stated
	RoundTrack     int
	EntranceSpaces int
	Locations      map[string]*LocationBoard
	Starter        map[string]int
	Survivors      int
	NonBetrayal    int
	Betrayal       int
	Crisis         map[string]int
	Crossroads     int
	Exiled         int
	Mature         map[string]int // "!?!" cards of each pool
	NonCoop        map[string]int // non-co-op cards of each pool
}

// LocationBoard is a Location board a collection owns.
type LocationBoard struct {
	Name   string         `json:"name"`
	Spaces int            `json:"spaces"`
	Deck   map[string]int `json:"deck"`
}

// collectionDoc is the colony part of a collection document.
type collectionDoc struct {
	Colony struct {
		Morale   int `json:"morale-track"`
		Round    int `json:"round-track"`
		Entrance int `json:"entrance-spaces"`
	} `json:"colony"`
	Locations map[string]*LocationBoard `json:"locations"`
	Cards     struct {
		Starter map[string]int `json:"starter-items"`
		Surv    int            `json:"survivors"`
		Secret  struct {
			NB int `json:"non-betrayal"`
			B  int `json:"betrayal"`
		} `json:"secret-objectives"`
		Crisis     map[string]int `json:"crisis"`
		Crossroads int            `json:"crossroads"`
		Exiled     int            `json:"exiled-objectives"`
		Mature     map[string]int `json:"mature"`
		NonCoop    map[string]int `json:"non-coop"`
	} `json:"cards"`
}

// pools are the card pools a collection counts, for mature and non-coop.
// Secret Objectives are left out: Co-op deals none, and the variants count
// Betrayal cards apart.
var pools = []string{"starter-items", "survivors", "crisis", "crossroads", "exiled-objectives"}

// problem is something wrong with a collection, worded for the author.
type problem struct {
	sub string // JSON Pointer inside the scenario's collection value
	msg string
}

// readCollection reads one collection: a file named in the scenario (through
// env, relative to the scenario) or the collection written in place.
func readCollection(n *source.Node, env rules.LoadEnv) (*Collection, []problem) {
	if n.Kind == source.String {
		// A scenario reads only files in its own folder or below it: one
		// shared from elsewhere could make it read anything on the disk.
		if !filepath.IsLocal(n.Text) {
			return nil, []problem{{"", fmt.Sprintf("the collection file %q is outside the scenario's folder: name a file in it or below it, relative to the scenario", n.Text)}}
		}
		if env.ReadFile == nil {
			return nil, []problem{{"", fmt.Sprintf("cannot read the collection file %q here", n.Text)}}
		}
		data, err := env.ReadFile(n.Text)
		if err != nil {
			return nil, []problem{{"", fmt.Sprintf("cannot read the collection: %v", err)}}
		}
		root, probs := source.Parse(n.Text, data, source.DefaultLimits)
		if len(probs) > 0 {
			return nil, []problem{{"", fmt.Sprintf("the collection %s: %s", n.Text, probs[0])}}
		}
		c, ps := decodeCollection(root, func(ptr string) string {
			p, _ := source.Locate(root, ptr)
			return fmt.Sprintf("%s:%d:%d: ", n.Text, max(p.Line, 1), max(p.Col, 1))
		})
		for i := range ps {
			ps[i].sub = ""
		}
		return c, ps
	}
	return decodeCollection(n, func(string) string { return "" })
}

// decodeCollection checks a collection against its schema and reads it;
// where words a place inside it for a message (a file's line:col).
func decodeCollection(root *source.Node, where func(ptr string) string) (*Collection, []problem) {
	vs, err := schema.Validate(CollectionSchema, root)
	if err != nil {
		return nil, []problem{{"", err.Error()}}
	}
	if len(vs) > 0 {
		var ps []problem
		for _, v := range vs {
			msg := v.Message
			if v.Path != "" {
				msg = strings.TrimPrefix(v.Path, "/") + ": " + msg
			}
			ps = append(ps, problem{v.Path, where(v.Path) + "collection: " + msg})
		}
		return nil, ps
	}
	data, err := json.Marshal(source.ToValue(root))
	if err != nil {
		return nil, []problem{{"", err.Error()}}
	}
	// The box part (name, title, ruleset, tokens) is read as every box is.
	box, err := rules.ParseBox("collection.json", data)
	if err != nil {
		return nil, []problem{{"", where("") + "collection: " + err.Error()}}
	}
	var d collectionDoc
	if err := source.Decode(root, &d); err != nil {
		return nil, []problem{{"", where("") + "collection: " + err.Error()}}
	}
	c := &Collection{
		Names:          []string{box.Name},
		Tokens:         map[string]int{},
		MoraleTrack:    d.Colony.Morale,
		RoundTrack:     d.Colony.Round,
		EntranceSpaces: d.Colony.Entrance,
		Locations:      d.Locations,
		Starter:        d.Cards.Starter,
		Survivors:      d.Cards.Surv,
		NonBetrayal:    d.Cards.Secret.NB,
		Betrayal:       d.Cards.Secret.B,
		Crisis:         d.Cards.Crisis,
		Crossroads:     d.Cards.Crossroads,
		Exiled:         d.Cards.Exiled,
		Mature:         d.Cards.Mature,
		NonCoop:        d.Cards.NonCoop,
	}
	for typ, byColour := range box.Tokens {
		c.Tokens[typ] = sum(byColour)
	}
	var ps []problem
	for _, set := range []struct {
		name string
		m    map[string]int
	}{{"mature", c.Mature}, {"non-coop", c.NonCoop}} {
		for _, pool := range sortedKeys(set.m) {
			ptr := "/cards/" + set.name + "/" + pool
			if !contains(pools, pool) {
				ps = append(ps, problem{ptr, where(ptr) + fmt.Sprintf("collection: cards.%s: no card pool %q; pools: %s", set.name, pool, strings.Join(pools, ", "))})
				continue
			}
			if have := c.poolSize(pool); set.m[pool] > have {
				ps = append(ps, problem{ptr, where(ptr) + fmt.Sprintf("collection: cards.%s.%s: %d marked cards, but the pool holds only %d", set.name, pool, set.m[pool], have)})
			}
		}
	}
	if len(ps) > 0 {
		return nil, ps
	}
	return c, nil
}

// poolSize is the number of cards a collection holds in a pool.
func (c *Collection) poolSize(pool string) int {
	switch pool {
	case "starter-items":
		return sum(c.Starter)
	case "survivors":
		return c.Survivors
	case "crisis":
		return sum(c.Crisis)
	case "crossroads":
		return c.Crossroads
	case "exiled-objectives":
		return c.Exiled
	}
	return 0
}

// merge adds another collection to c: counts add up, a track or a space
// count is the largest stated, a Location board stated twice keeps the
// first (the second is reported by the caller).
func (c *Collection) merge(o *Collection) (dupLocations []string) {
	c.Names = append(c.Names, o.Names...)
	for k, v := range o.Tokens {
		c.Tokens[k] += v
	}
	c.MoraleTrack = max(c.MoraleTrack, o.MoraleTrack)
	c.RoundTrack = max(c.RoundTrack, o.RoundTrack)
	c.EntranceSpaces = max(c.EntranceSpaces, o.EntranceSpaces)
	if c.Locations == nil {
		c.Locations = map[string]*LocationBoard{}
	}
	for _, k := range sortedBoardKeys(o.Locations) {
		if _, ok := c.Locations[k]; ok {
			dupLocations = append(dupLocations, k)
			continue
		}
		c.Locations[k] = o.Locations[k]
	}
	c.Starter = addCounts(c.Starter, o.Starter)
	c.Survivors += o.Survivors
	c.NonBetrayal += o.NonBetrayal
	c.Betrayal += o.Betrayal
	c.Crisis = addCounts(c.Crisis, o.Crisis)
	c.Crossroads += o.Crossroads
	c.Exiled += o.Exiled
	c.Mature = addCounts(c.Mature, o.Mature)
	c.NonCoop = addCounts(c.NonCoop, o.NonCoop)
	return dupLocations
}

func addCounts(a, b map[string]int) map[string]int {
	if a == nil {
		a = map[string]int{}
	}
	for k, v := range b {
		a[k] += v
	}
	return a
}

func sortedBoardKeys(m map[string]*LocationBoard) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Companion: a collection file has the game's ruleset, a name and no id or
// format (a scenario has both).
func (game) Companion(root *source.Node) (string, string, bool) {
	if root.Field("name") == nil || root.Field("id") != nil || root.Field("format") != nil {
		return "", "", false
	}
	return CollectionSchema, "collection", true
}

// CheckCompanion reads a collection file as a scenario naming it would.
func (game) CheckCompanion(root *source.Node) []rules.Finding {
	_, probs := decodeCollection(root, func(string) string { return "" })
	var fs []rules.Finding
	for _, p := range probs {
		fs = append(fs, rules.Finding{Rule: "colony-collection", Ptr: p.sub, Message: p.msg,
			Hint: "a collection lists the boards, decks and tokens you own: see docs/colony-format.md#collections"})
	}
	return fs
}
