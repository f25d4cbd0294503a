package rules

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"sync"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
)

// Box is what one box (a core set, an expansion) holds that a map uses.
// Boxes are data files, so adding an expansion is adding a file:
//
//	name: invader-core
//	title: Zombicide: Invader core box
//	ruleset: zombicide-invader
//	tileset: station            # one of each physical tile of this set
//	tokens:
//	  door: {neutral: 5, green: 1, violet: 1}   # by colour (or car kind)
//	  exit: 1                                   # or a plain count
type Box struct {
	Name    string                    `json:"name"`
	Title   string                    `json:"title"`
	Ruleset string                    `json:"ruleset"`
	Tileset string                    `json:"tileset"`
	Tokens  map[string]map[string]int `json:"-"`
	Raw     map[string]any            `json:"tokens"`
}

var boxes = struct {
	sync.Mutex
	pending []fs.FS // registered, not read yet
	m       map[string]*Box
}{m: map[string]*Box{}}

// RegisterBoxes adds every *.yaml box file in fsys; a game package calls it
// at init with its embedded data. The files are read on first use, so a
// command that needs no box pays nothing for them. A malformed built-in box
// is a programmer error and panics then, which the tests catch.
func RegisterBoxes(fsys fs.FS) {
	boxes.Lock()
	defer boxes.Unlock()
	boxes.pending = append(boxes.pending, fsys)
}

// readPending reads the registered box files not read yet. The caller
// holds the lock.
func readPending() {
	for _, fsys := range boxes.pending {
		files, _ := fs.Glob(fsys, "*.yaml")
		for _, f := range files {
			data, err := fs.ReadFile(fsys, f)
			if err != nil {
				panic(err)
			}
			b, err := ParseBox(path.Base(f), data)
			if err != nil {
				panic(fmt.Sprintf("box %s: %v", f, err))
			}
			boxes.m[b.Name] = b
		}
	}
	boxes.pending = nil
}

// ParseBox reads one box file.
func ParseBox(name string, data []byte) (*Box, error) {
	root, probs := source.Parse(name, data, source.DefaultLimits)
	if len(probs) > 0 {
		return nil, fmt.Errorf("%s", probs[0])
	}
	var b Box
	if err := source.Decode(root, &b); err != nil {
		return nil, err
	}
	if b.Name == "" || b.Ruleset == "" {
		return nil, fmt.Errorf("a box needs a name and a ruleset")
	}
	b.Tokens = map[string]map[string]int{}
	for typ, v := range b.Raw {
		if n, ok := count(v); ok {
			b.Tokens[typ] = map[string]int{"": n}
			continue
		}
		switch t := v.(type) {
		case map[string]any:
			b.Tokens[typ] = map[string]int{}
			for k, v := range t {
				n, ok := count(v)
				if !ok {
					return nil, fmt.Errorf("tokens.%s.%s: want a count", typ, k)
				}
				b.Tokens[typ][k] = n
			}
		default:
			return nil, fmt.Errorf("tokens.%s: want a count or counts by colour", typ)
		}
	}
	return &b, nil
}

// count reads a whole, non-negative number however the decoder gave it.
func count(v any) (int, bool) {
	var f float64
	switch n := v.(type) {
	case float64:
		f = n
	case json.Number:
		x, err := n.Float64()
		if err != nil {
			return 0, false
		}
		f = x
	default:
		return 0, false
	}
	if f < 0 || f != float64(int(f)) {
		return 0, false
	}
	return int(f), true
}

// LookupBox returns a registered box, or nil.
func LookupBox(name string) *Box {
	boxes.Lock()
	defer boxes.Unlock()
	readPending()
	return boxes.m[name]
}

// BoxNames lists the registered boxes of a ruleset ("" = all), sorted.
func BoxNames(ruleset string) []string {
	boxes.Lock()
	defer boxes.Unlock()
	readPending()
	var out []string
	for n, b := range boxes.m {
		if ruleset == "" || b.Ruleset == ruleset {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	return out
}

// mostOfGame is, for each token (type, colour) and tile set, the most that
// one box of the ruleset holds.
func mostOfGame(ruleset string) (tokens map[[2]string]int, sets map[string]int) {
	tokens, sets = map[[2]string]int{}, map[string]int{}
	for _, n := range BoxNames(ruleset) {
		b := LookupBox(n)
		for typ, byColor := range b.Tokens {
			for c, k := range byColor {
				key := [2]string{typ, c}
				tokens[key] = max(tokens[key], k)
			}
		}
		if b.Tileset != "" {
			sets[b.Tileset] = 1
		}
	}
	return tokens, sets
}

// Count is one line of an inventory: tokens of a type and colour (or tile
// uses) that a mission needs against what its boxes hold.
type Count struct {
	Type  string // token type, or "tile"
	Color string // colour, car kind, or the physical tile ("1A/1B") for tiles
	Used  int
	Owned int
	Extra int    // of Used: added by the rules (e.g. Spawn Zones for 7+ Survivors)
	First string // JSON Pointer of the first use
	Over  string // JSON Pointer of the first use beyond what is owned ("" if none)
}

// Label words a count's subject: "red spawn", "exit", "tile 1A/1B".
func (c Count) Label() string {
	switch {
	case c.Type == "tile":
		return "tile " + c.Color
	case c.Color == "":
		return c.Type
	}
	return c.Color + " " + c.Type
}

// Inventory counts what the mission uses against its boxes (or the core box
// when it names none). extra adds tokens the rules require beyond those
// placed, by type and colour. A box of another game counts nothing
// (box-ruleset says so). An unknown name (a typo) counts as the most any
// box of the game holds of each thing, so what Owned still lacks is missing
// whichever box was meant; unknown lists those names' indexes.
func Inventory(s *Scene, core string, extra map[[2]string]int) (counts []Count, unknown []int) {
	names := s.Mission.Boxes
	if len(names) == 0 {
		names = []string{core}
	}
	owned := map[[2]string]int{}
	sets := map[string]int{}
	for i, n := range names {
		b := LookupBox(n)
		if b == nil {
			unknown = append(unknown, i)
			continue
		}
		if b.Ruleset != s.Mission.Ruleset {
			continue
		}
		for typ, byColor := range b.Tokens {
			for c, k := range byColor {
				owned[[2]string{typ, c}] += k
			}
		}
		if b.Tileset != "" {
			sets[b.Tileset]++
		}
	}
	if len(unknown) > 0 {
		most, mostSets := mostOfGame(s.Mission.Ruleset)
		for range unknown {
			for k, n := range most {
				owned[k] += n
			}
			for k, n := range mostSets {
				sets[k] += n
			}
		}
	}
	type acc struct {
		used        int
		first, over string
	}
	uses := map[[2]string]*acc{}
	use := func(k [2]string, ptr string) {
		a := uses[k]
		if a == nil {
			a = &acc{first: ptr}
			uses[k] = a
		}
		a.used++
		if a.over == "" && a.used > owned[k] {
			a.over = ptr
		}
	}
	for i, t := range s.Mission.Tokens {
		t = Defaults(t)
		c := t.Color
		if t.Type == missions.TokCar {
			c = t.Kind
		}
		if _, ok := owned[[2]string{t.Type, c}]; !ok && c != "" {
			// a box that counts this type without colours
			if _, plain := owned[[2]string{t.Type, ""}]; plain {
				c = ""
			}
		}
		if t.Type == missions.TokStart {
			continue // the start is a place, not a token in the box
		}
		use([2]string{t.Type, c}, fmt.Sprintf("/tokens/%d", i))
	}
	extras := map[[2]string]int{}
	for k, n := range extra {
		for j := 0; j < n; j++ {
			use(k, "/survivors")
		}
		extras[k] = n
	}
	// Tiles: one use per placement of any face of a physical tile.
	if s.Board != nil && s.Board.Set != nil && sets[s.Board.Set.Name] > 0 {
		set := s.Board.Set
		for i, t := range s.Mission.Tiles {
			f := set.Face(t.Face)
			if f == nil {
				continue
			}
			phys := f.ID
			if f.Other != "" {
				pair := []string{f.ID, f.Other}
				sort.Strings(pair)
				phys = strings.Join(pair, "/")
			}
			k := [2]string{"tile", phys}
			if _, seen := owned[k]; !seen {
				owned[k] = sets[set.Name]
			}
			use(k, fmt.Sprintf("/tiles/%d", i))
		}
	}
	for k, a := range uses {
		counts = append(counts, Count{Type: k[0], Color: k[1], Used: a.used, Owned: owned[k], Extra: extras[k], First: a.first, Over: a.over})
	}
	sort.Slice(counts, func(i, j int) bool {
		if counts[i].Type != counts[j].Type {
			return counts[i].Type < counts[j].Type
		}
		return counts[i].Color < counts[j].Color
	})
	return counts, unknown
}
