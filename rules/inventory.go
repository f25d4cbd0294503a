package rules

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"math/bits"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

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
//	  spawn: {red/red: 4, red/green: 1}         # two-sided: shows either side
//	  exit: 1                                   # or a plain count
type Box struct {
	Name    string                    `json:"name"`
	Title   string                    `json:"title"`
	Ruleset string                    `json:"ruleset"`
	Tileset string                    `json:"tileset"`
	Tokens  map[string]map[string]int `json:"-"`
	Raw     map[string]any            `json:"tokens"`
	// Survivor counts what a Survivor takes at setup (Invader: dashboard,
	// colour base, plastic trackers), by part: a box holds so many
	// Survivors' sets. A game says how many of each part one Survivor
	// takes (KitPart).
	Survivor map[string]int `json:"survivor"`
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
	boxTables.Clear()
	boxTablesN.Store(0)
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

// mostOfGame is, for each token (type, colour), tile set and Survivor part,
// the most that one box of the ruleset holds.
func mostOfGame(ruleset string) (tokens map[[2]string]int, sets, survivor map[string]int) {
	tokens, sets, survivor = map[[2]string]int{}, map[string]int{}, map[string]int{}
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
		for k, v := range b.Survivor {
			survivor[k] = max(survivor[k], v)
		}
	}
	return tokens, sets, survivor
}

// Count is one line of an inventory: tokens of a type and colour (or tile
// uses) that a mission needs against what its boxes hold. A token shows one
// side on the board, so Owned is how many physical tokens can show that
// colour; for a type whose tokens have two colours (Red/Green Spawn tokens)
// a line with All set counts every colour against every token of the type.
type Count struct {
	Type  string // token type, or "tile"
	Color string // colour, car kind, or the physical tile ("1A/1B") for tiles
	All   bool   // every colour of the type together
	Used  int
	Owned int
	Extra int    // of Used: added by the rules (e.g. Spawn Zones for 7+ Survivors)
	First string // JSON Pointer of the first use
	Over  string // JSON Pointer of the first use beyond what is owned ("" if none)
}

// Label words a count's subject: "red spawn", "exit", "tile 1A/1B",
// "spawn, all colours", "Survivors".
func (c Count) Label() string {
	switch {
	case c.Type == "tile":
		return "tile " + c.Color
	case c.Type == CountSurvivors:
		return "Survivors"
	case c.All:
		return c.Type + ", all colours"
	case c.Color == "":
		return c.Type
	}
	return c.Color + " " + c.Type
}

// Shortage is what the boxes cannot supply of one token type: the uses of
// some colours together (Colors, all the type's colours used when All)
// need more physical tokens than there are that can show one of them.
type Shortage struct {
	Type   string
	Colors []string // sorted; [""] for a type without colours
	All    bool     // Colors are every colour of the type the mission uses
	Each   []int    // uses of each of Colors
	Used   int
	Extra  int // of Used: added by the rules
	Owned  int
	Over   string // JSON Pointer of the first use past Owned
	// TwoSided: some token of the type shows two colours, so Owned
	// counts the tokens that can show one of Colors.
	TwoSided bool
}

// What words the tokens a shortage is about, after their number: "spawn
// tokens (6 red, 1 green)", "green spawn tokens", "green or violet spawn
// tokens".
func (sh Shortage) What() string {
	noun := sh.Type + " token" + Plural(sh.Used)
	if sh.All && len(sh.Colors) > 1 {
		var parts []string
		for i, c := range sh.Colors {
			parts = append(parts, fmt.Sprintf("%d %s", sh.Each[i], c))
		}
		return fmt.Sprintf("%s (%s)", noun, strings.Join(parts, ", "))
	}
	if sh.Colors[0] == "" {
		return noun
	}
	return strings.Join(sh.Colors, " or ") + " " + noun
}

// physical is one kind of physical token: how many the boxes hold, and the
// colours its sides show (nil: any colour).
type physical struct {
	sides []string
	n     int
}

// sidesOf reads a box's key for a token: "red/green" is a token with a red
// and a green side, "red" one that is red, "" one of any colour.
func sidesOf(key string) []string {
	if key == "" {
		return nil
	}
	var out []string
	for _, c := range strings.Split(key, "/") {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	return out
}

func (p physical) shows(c string) bool { return p.sides == nil || slices.Contains(p.sides, c) }

// tokenUse is one token the mission needs, in document order (then the
// tokens the rules add).
type tokenUse struct {
	color string
	token int // index in the mission's tokens; -1 for a token the rules add
}

func (u tokenUse) extra() bool { return u.token < 0 }

// ptr is where the use is written: the token, or the Survivors' count
// that makes the rules add it. Worded only for a count that shows it.
func (u tokenUse) ptr() string {
	if u.token < 0 {
		return "/survivors"
	}
	return "/tokens/" + strconv.Itoa(u.token)
}

// tally is what Inventory and Shortages both read: the physical tokens of
// each type, the mission's uses of each, and the tile counts.
type tally struct {
	*boxTable
	uses map[string][]tokenUse
	s    *Scene
}

// boxTable is what a list of boxes holds: the physical tokens of each
// type (sorted by type and colour), the copies of each tile set, the
// Survivor parts, and the indexes of the names no box has. It depends on the ruleset and the
// names alone, so a folder of missions of the same boxes makes it once.
type boxTable struct {
	kinds   map[string][]physical
	sets    map[string]int
	unknown []int
	// survivor: the Survivor parts the boxes hold, by part (Box.Survivor).
	survivor map[string]int
}

// boxTables holds the tables made, by ruleset and box names; registering
// boxes empties it. The tables are shared: nothing changes one once made.
// It keeps at most maxBoxTables (a folder whose files name ever new lists
// of boxes must not grow it with the files); past that a table is made
// for each mission, as it was before the cache.
var (
	boxTables  sync.Map
	boxTablesN atomic.Int32
)

const maxBoxTables = 64

func tableOf(ruleset string, names []string) *boxTable {
	key := ruleset + "\x00" + strings.Join(names, "\x00")
	if bt, ok := boxTables.Load(key); ok {
		return bt.(*boxTable)
	}
	bt := &boxTable{kinds: map[string][]physical{}, sets: map[string]int{}, survivor: map[string]int{}}
	byKey := map[[2]string]int{}
	for i, n := range names {
		b := LookupBox(n)
		if b == nil {
			bt.unknown = append(bt.unknown, i)
			continue
		}
		if b.Ruleset != ruleset {
			continue
		}
		for typ, byColor := range b.Tokens {
			for c, k := range byColor {
				byKey[[2]string{typ, c}] += k
			}
		}
		if b.Tileset != "" {
			bt.sets[b.Tileset]++
		}
		for k, n := range b.Survivor {
			bt.survivor[k] += n
		}
	}
	if len(bt.unknown) > 0 {
		most, mostSets, mostSurvivor := mostOfGame(ruleset)
		for range bt.unknown {
			for k, n := range most {
				byKey[k] += n
			}
			for k, n := range mostSets {
				bt.sets[k] += n
			}
			for k, n := range mostSurvivor {
				bt.survivor[k] += n
			}
		}
	}
	keys := make([][2]string, 0, len(byKey))
	for k := range byKey {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareKeys)
	for _, k := range keys {
		bt.kinds[k[0]] = append(bt.kinds[k[0]], physical{sides: sidesOf(k[1]), n: byKey[k]})
	}
	if boxTablesN.Add(1) <= maxBoxTables {
		boxTables.Store(key, bt)
	}
	return bt
}

// compareKeys orders (type, colour) keys by type, then colour.
func compareKeys(a, b [2]string) int {
	if c := strings.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return strings.Compare(a[1], b[1])
}

func newTally(s *Scene, core string, extra map[[2]string]int) *tally {
	names := s.Mission.Boxes
	if len(names) == 0 {
		names = []string{core}
	}
	t := &tally{boxTable: tableOf(s.Mission.Ruleset, names), uses: map[string][]tokenUse{}, s: s}
	for i, tok := range s.Mission.Tokens {
		tok = Defaults(tok)
		if tok.Type == missions.TokStart {
			continue // the start is a place, not a token in the box
		}
		c := tok.Color
		if tok.Type == missions.TokCar {
			c = tok.Kind
		}
		if t.plain(tok.Type) {
			c = "" // a box that counts this type without colours
		}
		t.uses[tok.Type] = append(t.uses[tok.Type], tokenUse{color: c, token: i})
	}
	ks := make([][2]string, 0, len(extra))
	for k := range extra {
		ks = append(ks, k)
	}
	slices.SortFunc(ks, compareKeys)
	for _, k := range ks {
		for j := 0; j < extra[k]; j++ {
			t.uses[k[0]] = append(t.uses[k[0]], tokenUse{color: k[1], token: -1})
		}
	}
	return t
}

// plain reports whether the boxes count tokens of typ only without
// colours (classic Spawn tokens: "any colour").
func (t *tally) plain(typ string) bool {
	ks := t.kinds[typ]
	return len(ks) > 0 && !slices.ContainsFunc(ks, func(p physical) bool { return p.sides != nil })
}

// owned is how many physical tokens of typ can show one of the colours.
func (t *tally) owned(typ string, colors []string) int {
	n := 0
	for _, p := range t.kinds[typ] {
		if slices.ContainsFunc(colors, p.shows) {
			n += p.n
		}
	}
	return n
}

// twoSided reports whether some token of typ shows two colours: then one
// colour's count does not say what the others leave.
func (t *tally) twoSided(typ string) bool {
	return slices.ContainsFunc(t.kinds[typ], func(p physical) bool { return len(p.sides) > 1 })
}

// count is the line for the uses of typ whose colour is one of colors.
func (t *tally) count(typ string, colors []string, all bool) Count {
	c := Count{Type: typ, All: all, Owned: t.owned(typ, colors)}
	if !all {
		c.Color = colors[0]
	}
	for _, u := range t.uses[typ] {
		if !slices.Contains(colors, u.color) {
			continue
		}
		c.Used++
		if u.extra() {
			c.Extra++
		}
		if c.First == "" {
			c.First = u.ptr()
		}
		if c.Over == "" && c.Used > c.Owned {
			c.Over = u.ptr()
		}
	}
	return c
}

// types lists the token types the boxes hold or the mission uses, sorted.
func (t *tally) types() []string {
	var out []string
	for typ := range t.kinds {
		out = append(out, typ)
	}
	for typ := range t.uses {
		if _, ok := t.kinds[typ]; !ok {
			out = append(out, typ)
		}
	}
	slices.Sort(out)
	return out
}

// colors lists the colours of typ the boxes name or the mission uses, sorted.
func (t *tally) colors(typ string) []string {
	var out []string
	add := func(c string) {
		if !slices.Contains(out, c) {
			out = append(out, c)
		}
	}
	for _, p := range t.kinds[typ] {
		if p.sides == nil {
			add("")
		}
		for _, c := range p.sides {
			add(c)
		}
	}
	for _, u := range t.uses[typ] {
		add(u.color)
	}
	slices.Sort(out)
	return out
}

// Inventory counts what the mission uses against its boxes (or the core box
// when it names none): a line per token type and colour the boxes hold or
// the mission uses, a line for every colour together where tokens have two
// colours, and a line per physical tile used. extra adds tokens the rules
// require beyond those placed, by type and colour. A box of another game
// counts nothing (box-ruleset says so). An unknown name (a typo) counts as
// the most any box of the game holds of each thing, so what Owned still
// lacks is missing whichever box was meant; unknown lists those names'
// indexes. The editor's palette and analyze both show these lines.
func Inventory(s *Scene, core string, extra map[[2]string]int) (counts []Count, unknown []int) {
	t := newTally(s, core, extra)
	return t.inventory(), t.unknown
}

func (t *tally) inventory() (counts []Count) {
	for _, typ := range t.types() {
		for _, c := range t.colors(typ) {
			counts = append(counts, t.count(typ, []string{c}, false))
		}
		if t.twoSided(typ) {
			counts = append(counts, t.count(typ, t.colors(typ), true))
		}
	}
	return append(counts, tileCounts(t.s, t.sets)...)
}

// CountSurvivors is the Type of the inventory line that counts Survivors
// against the sets of Survivor parts the boxes hold; like "tile", it is no
// token to place.
const CountSurvivors = "survivors"

// Placed reports whether a count is of tokens placed on the board (not
// tiles, not Survivors).
func (c Count) Placed() bool { return c.Type != "tile" && c.Type != CountSurvivors }

// KitPart is one thing each Survivor takes at setup: its key in a box's
// survivor counts, how many one Survivor takes, and its name in a message
// ("Survivor dashboards").
type KitPart struct {
	Key  string
	Each int
	Name string
}

// PartShort is a part the boxes hold too few of for the Survivors.
type PartShort struct {
	Part        KitPart
	Need, Owned int
}

// SurvivorCount counts n Survivors against the sets of kit parts the
// mission's boxes hold (the tally Inventory counts tokens from): Owned is how
// many Survivors the boxes equip, short the parts that fall short. A box
// of another game counts nothing; an unknown name counts as the most any
// box of the game holds.
func SurvivorCount(s *Scene, core string, kit []KitPart, n int) (c Count, short []PartShort) {
	held := newTally(s, core, nil).survivor
	c = Count{Type: CountSurvivors, Used: n, Owned: -1, First: "/survivors"}
	for _, p := range kit {
		if p.Each <= 0 {
			continue
		}
		if k := held[p.Key] / p.Each; c.Owned < 0 || k < c.Owned {
			c.Owned = k
		}
		if need := n * p.Each; need > held[p.Key] {
			short = append(short, PartShort{Part: p, Need: need, Owned: held[p.Key]})
		}
	}
	c.Owned = max(c.Owned, 0)
	if n > c.Owned {
		c.Over = "/survivors"
	}
	return c, short
}

// Counted is a game whose missions are counted against its boxes.
type Counted interface {
	Inventory(s *Scene) []Count
}

// InventoryOf is the inventory of a placed mission as its game counts it
// (nil for a game that counts nothing): what analyze, the site's pages and
// the editor's palette show.
func InventoryOf(s *Scene) []Count {
	if g, ok := Lookup(s.Mission.Ruleset).(Counted); ok {
		return g.Inventory(s)
	}
	return nil
}

// Shortages says, per token type, what the boxes cannot supply. Each token
// placed needs a physical token of its own that can show its colour: that
// is a matching, and by Hall's theorem it exists unless some set of colours
// is used more often than there are tokens that can show one of them. The
// set reported is the one short by the most (the fewest tokens to take
// away), the smallest such set on a tie.
func Shortages(s *Scene, core string, extra map[[2]string]int) []Shortage {
	return newTally(s, core, extra).shortages()
}

// shortages tries every set of the colours used (at most 2^16, and a
// mission uses a few) with bit masks: a set's uses are the sum of its
// colours' uses, its tokens those whose mask meets the set's. Only the
// set reported is worded (its colours, its first use past the owned).
func (t *tally) shortages() []Shortage {
	var out []Shortage
	for _, typ := range t.types() {
		uses := t.uses[typ]
		var used []string
		for _, u := range uses {
			if !slices.Contains(used, u.color) {
				used = append(used, u.color)
			}
		}
		slices.Sort(used)
		if len(used) == 0 || len(used) > 16 {
			continue // the schema allows 8 colours; more is no mission of ours
		}
		var each [16]int
		for _, u := range uses {
			i, _ := slices.BinarySearch(used, u.color)
			each[i]++
		}
		kinds := t.kinds[typ]
		masks := make([]uint32, len(kinds))
		for j, p := range kinds {
			for i, c := range used {
				if p.shows(c) {
					masks[j] |= 1 << i
				}
			}
		}
		best, bestShort := uint32(0), 0
		for set := uint32(1); set < 1<<len(used); set++ {
			n := 0
			for i := range used {
				if set&(1<<i) != 0 {
					n += each[i]
				}
			}
			for j, p := range kinds {
				if masks[j]&set != 0 {
					n -= p.n
				}
			}
			if n <= 0 {
				continue
			}
			if best == 0 || n > bestShort || n == bestShort && bits.OnesCount32(set) < bits.OnesCount32(best) {
				best, bestShort = set, n
			}
		}
		if best == 0 {
			continue
		}
		var cs []string
		var counts []int
		for i, c := range used {
			if best&(1<<i) != 0 {
				cs = append(cs, c)
				counts = append(counts, each[i])
			}
		}
		c := t.count(typ, cs, len(cs) == len(used))
		out = append(out, Shortage{Type: typ, Colors: cs, All: c.All, Each: counts, Used: c.Used, Extra: c.Extra, Owned: c.Owned, Over: c.Over, TwoSided: t.twoSided(typ)})
	}
	return out
}

// tileCounts counts one use per placement of any face of a physical tile,
// against the copies of its tile set the boxes hold.
func tileCounts(s *Scene, sets map[string]int) []Count {
	if s.Board == nil || s.Board.Set == nil || sets[s.Board.Set.Name] == 0 {
		return nil
	}
	set := s.Board.Set
	byTile := map[string]*Count{}
	var order []string
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
		c := byTile[phys]
		if c == nil {
			c = &Count{Type: "tile", Color: phys, Owned: sets[set.Name], First: "/tiles/" + strconv.Itoa(i)}
			byTile[phys] = c
			order = append(order, phys)
		}
		c.Used++
		if c.Over == "" && c.Used > c.Owned {
			c.Over = "/tiles/" + strconv.Itoa(i)
		}
	}
	sort.Strings(order)
	out := make([]Count, 0, len(order))
	for _, p := range order {
		out = append(out, *byTile[p])
	}
	return out
}
