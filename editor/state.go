package editor

import (
	"fmt"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// State is everything the page shows of one version of the file.
type State struct {
	Version string `json:"version"`
	// Revision is Version and the snapshot's number, as events name it.
	Revision string `json:"revision"`
	File     string `json:"file"`
	Mode     string `json:"mode"` // mission or tileset
	// Kind is the board kind the page draws: "grid" (tiles on cells),
	// "facility" (rooms on slots, corridors), "sheet" (a printable sheet,
	// read-only), or "" when the game brings no canvas yet (the shell still
	// edits the forms and shows the findings).
	Kind    string `json:"kind"`
	Ruleset string `json:"ruleset,omitempty"`
	Title   string `json:"title,omitempty"`
	// Error is set when this version cannot be drawn: the page keeps the
	// last good board (Stale) and shows why.
	Error string `json:"error,omitempty"`
	// Missing: the file is gone from the disk (deleted, moved); the page
	// shows it as it was last read.
	Missing  bool          `json:"missing,omitempty"`
	Stale    bool          `json:"stale"`
	SVG      string        `json:"svg,omitempty"`
	Findings []Finding     `json:"findings"`
	Lines    []string      `json:"lines"`
	Board    *Board        `json:"board,omitempty"`
	Palette  *Palette      `json:"palette,omitempty"`
	Tour     []Leg         `json:"tour,omitempty"`
	Goals    []Goal        `json:"goals,omitempty"`
	Form     *Form         `json:"form,omitempty"`
	Schema   *SchemaForm   `json:"schema,omitempty"` // the sheet kind's form
	Tileset  *TilesetState `json:"tileset,omitempty"`
	Undo     int           `json:"undo"`
	Redo     int           `json:"redo"`
	Enemies  string        `json:"enemies,omitempty"`
	// Overlays are the map overlays this game can draw (render's names).
	Overlays []string `json:"overlays,omitempty"`
	// Facility is the facility kind's board (Kind "facility").
	Facility *FacilityState `json:"facility,omitempty"`

	// svgTree reads SVG as lines for the patch to the next drawing (nil:
	// read it then).
	svgTree func() *svgTree
}

// Finding is a diagnostic and its place on the board.
type Finding struct {
	Severity string             `json:"severity"`
	Rule     string             `json:"rule"`
	Message  string             `json:"message"`
	Hint     string             `json:"hint,omitempty"`
	Line     int                `json:"line"`
	Col      int                `json:"col"`
	Place    *Place             `json:"place,omitempty"`
	Related  []validate.Related `json:"related,omitempty"`
	Pointer  string             `json:"pointer,omitempty"` // the JSON pointer of the value it is about
	// The finding in the editor's words (words.go): the kind of problem
	// (the check's title), what is wrong on the table, how to fix it, and
	// the edit that certainly fixes it, where there is one.
	Title  string `json:"title,omitempty"`
	Words  string `json:"words"`
	Advice string `json:"advice,omitempty"`
	Fix    *Fix   `json:"fix,omitempty"`
}

// Place is where a finding is on the board, in cells.
type Place struct {
	Kind  string `json:"kind"` // token, door, tile, zone, cell (named by the message; Side too when it names one)
	X     int    `json:"x"`
	Y     int    `json:"y"`
	W     int    `json:"w,omitempty"`
	H     int    `json:"h,omitempty"`
	Side  string `json:"side,omitempty"`
	Token int    `json:"token"`
	Tile  int    `json:"tile"`
	Zone  string `json:"zone,omitempty"`
	Face  string `json:"face,omitempty"` // tile sets: the face it is on
}

// Board is the grid kind's board, for drawing on top of the map.
type Board struct {
	W     int     `json:"w"`
	H     int     `json:"h"`
	N     int     `json:"n"`
	Cell  float64 `json:"cell"` // one cell in the SVG board group's units
	Tiles []Tile  `json:"tiles"`
	Zones []Zone  `json:"zones"`
	// Tokens is every token of the file, by index: those the rules could
	// not place are marked Bad, drawn where the file puts them, or in the
	// margin (a column right of the board) when that is no board cell.
	Tokens []Token `json:"tokens"`
	// Margin is how many tokens stand in the margin.
	Margin int `json:"margin,omitempty"`
}

type Tile struct {
	Index int    `json:"index"`
	Face  string `json:"face"`
	Col   int    `json:"col"`
	Row   int    `json:"row"`
	Rot   int    `json:"rot"`
	// Bad: the rules could not put it down (it overlaps another, its face
	// is not in the tile set): drawn where the file puts it, in an error
	// style, so it can be selected and moved or removed.
	Bad bool `json:"bad,omitempty"`
}

type Zone struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Features []string `json:"features"`
	Cells    [][2]int `json:"cells"`
}

type Token struct {
	Index int    `json:"index"`
	ID    string `json:"id,omitempty"`
	Type  string `json:"type"`
	Color string `json:"color,omitempty"`
	State string `json:"state,omitempty"`
	First bool   `json:"first,omitempty"`
	X     int    `json:"x"`
	Y     int    `json:"y"`
	Side  string `json:"side,omitempty"`
	Zone  string `json:"zone,omitempty"`
	// Bad: the rules could not place it (its finding says why).
	Bad bool `json:"bad,omitempty"`
	// Off: it has no cell on the board; X, Y are its place in the margin.
	Off bool `json:"off,omitempty"`
}

// Palette is what can be put on the board.
type Palette struct {
	Faces  []FaceView  `json:"faces"`
	Tokens []TokenKind `json:"tokens"`
}

// FaceView is a tile face for the palette: its zone labels per cell and
// the kind of each zone, and whether it, or its other side, is in use.
type FaceView struct {
	ID        string            `json:"id"`
	Other     string            `json:"other,omitempty"`
	Title     string            `json:"title,omitempty"`
	Grid      [][]string        `json:"grid"`
	Kinds     map[string]string `json:"kinds"`
	Used      int               `json:"used"`
	OtherUsed int               `json:"other_used"`
}

// TokenKind is one kind of token with how many the mission uses and how
// many its boxes hold.
type TokenKind struct {
	Type  string `json:"type"`
	Color string `json:"color,omitempty"`
	All   bool   `json:"all,omitempty"` // every colour of the type together: a count, not a token to drag
	Used  int    `json:"used"`
	Extra int    `json:"extra,omitempty"` // of Used: added by the rules (Spawn Zones for 7+ Survivors)
	Owned int    `json:"owned"`           // -1: not counted (the start)
}

// Leg is one stop of analyze's tour: the zones walked to reach it.
type Leg struct {
	To    string   `json:"to"`
	Moves int      `json:"moves"`
	Path  []string `json:"path"`
	Spawn int      `json:"spawn"`
}

// Goal is one victory condition and whether it can be met.
type Goal struct {
	Text string `json:"text"`
	Met  bool   `json:"met"`
	Step int    `json:"step"`
	Note string `json:"note,omitempty"`
}

// Form holds the mission's text fields and its objectives and special
// rules as the document has them.
type Form struct {
	Title      string `json:"title"`
	ID         string `json:"id"`
	Author     string `json:"author"`
	Briefing   string `json:"briefing"`
	Difficulty string `json:"difficulty"`
	Duration   int    `json:"duration"`
	Survivors  int    `json:"survivors"`
	Notes      string `json:"notes"`
	Players    string `json:"players"`
	Boxes      string `json:"boxes"`
	Equipment  string `json:"equipment"`
	XenoDeck   string `json:"xeno_deck"`
	Objectives []any  `json:"objectives"`
	Rules      []any  `json:"rules"`
	// Described says each objective and rule in words, as the map does.
	ObjectiveText []string `json:"objective_text"`
	RuleText      []string `json:"rule_text"`
}

// maxLines bounds the source lines sent to the page.
const maxLines = 20000

func (s *Session) state(cur, good *snapshot) *State {
	st := &State{Version: cur.version, Revision: cur.revision(), File: filepath.Base(s.path), Mode: "mission", Findings: []Finding{}, Missing: s.missing}
	lines := strings.Split(string(cur.data), "\n")
	if len(lines) > maxLines {
		lines = lines[:maxLines]
	}
	st.Lines = lines
	if cur.kind == lint.KindTileset {
		st.Mode = "tileset"
		s.tilesetState(st, cur, good)
		return st
	}
	if cur.res.Model != nil || (cur.res.Mission == nil && good != nil && good.res != nil && good.res.Model != nil) {
		s.sheetState(st, cur, good)
		return st
	}
	if m := cur.res.Mission; m != nil {
		st.Ruleset, st.Title = m.Ruleset, m.Title
		st.Form = formOf(cur.res.Doc, m)
	}
	// The head (title, briefing, difficulty…) is the form every game's
	// head is edited with, made from the schema.
	st.Schema = schemaFormOf(cur, good, "tiles", "tokens", "objectives", "rules")
	defer func() { pointFindings(st.Findings, cur) }()
	var kind boardKind
	if m := cur.res.Mission; m != nil {
		kind = kindOf(m.Ruleset)
	}
	if kind == nil && !hasError(cur) && cur.res.Scene == nil {
		// A game with no board the editor can draw (yet): the shell's
		// forms and issues still work.
		st.Findings = placeFindings(cur, nil)
		return st
	}
	show := cur
	if !cur.ok() {
		st.Error = whyNot(cur)
		if good != nil && good.kind != lint.KindTileset && good.res != nil && good.res.Mission != nil {
			show, st.Stale = good, true
		} else {
			show = nil
		}
	}
	st.Findings = placeFindings(cur, show)
	if show == nil {
		return st
	}
	if kind == nil {
		kind = kindOf(show.res.Mission.Ruleset)
	}
	if kind != nil {
		st.Kind = kind.name()
		kind.fill(st, show)
	}
	if st.Ruleset == "" {
		st.Ruleset, st.Title = show.res.Mission.Ruleset, show.res.Mission.Title
	}
	return st
}

func hasError(s *snapshot) bool {
	for _, d := range s.diags {
		if d.Severity == validate.Error {
			return true
		}
	}
	return false
}

// whyNot says why a version cannot be drawn: its first error.
func whyNot(s *snapshot) string {
	for _, d := range s.diags {
		if d.Severity == validate.Error {
			return fmt.Sprintf("line %d: %s", d.Line, d.Message)
		}
	}
	if s.drawErr != "" {
		return s.drawErr
	}
	return "the board cannot be built"
}

func formOf(doc *missions.Doc, m *missions.Mission) *Form {
	f := &Form{Title: m.Title, ID: m.ID, Author: m.Author, Briefing: m.Briefing, Difficulty: m.Difficulty,
		Duration: m.Duration, Survivors: m.Survivors, Notes: m.Notes, Players: string(m.Players),
		Boxes: strings.Join(m.Boxes, ", "), Equipment: strings.Join(m.Equipment, ", "), XenoDeck: strings.Join(m.XenoDeck, ", "),
		Objectives: []any{}, Rules: []any{}}
	if doc != nil {
		if l, ok := source.ToValue(doc.Root.Field("objectives")).([]any); ok {
			f.Objectives = l
		}
		if l, ok := source.ToValue(doc.Root.Field("rules")).([]any); ok {
			f.Rules = l
		}
	}
	for _, o := range m.Objectives {
		f.ObjectiveText = append(f.ObjectiveText, o.Describe())
	}
	for _, r := range m.Rules {
		f.RuleText = append(f.RuleText, r.Describe())
	}
	return f
}

func boardOf(sc *rules.Scene) *Board {
	b := sc.Board
	out := &Board{W: b.W, H: b.H, N: b.N, Cell: render.CellUnits, Tiles: []Tile{}, Zones: []Zone{}, Tokens: []Token{}}
	placed := map[int]bool{}
	for _, t := range b.Tiles {
		placed[t.Index] = true
		out.Tiles = append(out.Tiles, Tile{Index: t.Index, Face: t.Face, Col: t.Col, Row: t.Row, Rot: t.Rot})
	}
	for i, t := range sc.Mission.Tiles {
		if !placed[i] {
			out.Tiles = append(out.Tiles, Tile{Index: i, Face: t.Face, Col: t.At[0], Row: t.At[1], Rot: t.Rot, Bad: true})
		}
	}
	out.Zones = zonesOf(b)
	out.Tokens = tokenViews(sc)
	for _, t := range out.Tokens {
		if t.Off {
			out.Margin++
		}
	}
	return out
}

// zonesOf is the board's zones for the page. The zones of the same tiles
// of the same tile set are the same: an edit of tokens (most edits) finds
// them made already.
func zonesOf(b *layout.Board) []Zone {
	var key strings.Builder
	fmt.Fprintf(&key, "%p %d %d %d", b.Set, b.W, b.H, b.N)
	for _, t := range b.Tiles {
		fmt.Fprintf(&key, "|%s %d %d %d", t.Face, t.Col, t.Row, t.Rot)
	}
	k := key.String()
	lastZones.Lock()
	defer lastZones.Unlock()
	if lastZones.key == k && b.Set != nil {
		return lastZones.zones
	}
	out := make([]Zone, len(b.Zones))
	for i, z := range b.Zones {
		cells := make([][2]int, len(z.Cells))
		for j, c := range z.Cells {
			cells[j] = [2]int{c.X, c.Y}
		}
		out[i] = Zone{ID: z.ID, Kind: z.Kind, Features: z.Features, Cells: cells}
	}
	lastZones.key, lastZones.zones = k, out
	return out
}

// lastZones are the zones last made, and what they were made of. They are
// shared by the states that have them and never changed.
var lastZones struct {
	sync.Mutex
	key   string
	zones []Zone
}

// paletteOf lists the tile set's faces and the boxes' tokens with what the
// mission uses of each.
func paletteOf(sc *rules.Scene) *Palette {
	p := &Palette{Faces: []FaceView{}, Tokens: []TokenKind{}}
	used := map[string]int{}
	for _, t := range sc.Mission.Tiles {
		used[t.Face]++
	}
	if set := sc.Board.Set; set != nil {
		for _, f := range set.Faces {
			fv := FaceView{ID: f.ID, Other: f.Other, Title: f.Title, Grid: f.Grid, Kinds: map[string]string{}, Used: used[f.ID]}
			if f.Other != "" {
				fv.OtherUsed = used[f.Other]
			}
			for l, z := range f.Zones {
				fv.Kinds[l] = z.Kind
			}
			p.Faces = append(p.Faces, fv)
		}
	}
	starts := 0
	for _, t := range sc.Mission.Tokens {
		if t.Type == missions.TokStart {
			starts++
		}
	}
	// The counts are the game's inventory, the numbers analyze and the
	// site's pages show: a token shows one side, so a colour is owned as
	// many times as there are tokens that can show it, and the line of
	// all colours says what the colours leave each other.
	p.Tokens = append(p.Tokens, TokenKind{Type: missions.TokStart, Used: starts, Owned: -1})
	var counts []rules.Count
	for _, c := range rules.InventoryOf(sc) {
		if c.Placed() {
			counts = append(counts, c)
		}
	}
	rank := func(t string) int {
		if i := slices.Index(tokenTypes, t); i >= 0 {
			return i
		}
		return len(tokenTypes)
	}
	slices.SortStableFunc(counts, func(a, b rules.Count) int {
		if d := rank(a.Type) - rank(b.Type); d != 0 {
			return d
		}
		return strings.Compare(a.Type, b.Type) // within a type, the inventory's order
	})
	for _, c := range counts {
		p.Tokens = append(p.Tokens, TokenKind{Type: c.Type, Color: c.Color, All: c.All, Used: c.Used, Extra: c.Extra, Owned: c.Owned})
	}
	return p
}

var zoneRef = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b[0-9A-Za-z]+/[0-9A-Za-z]+\b`) })

// placeFindings puts each finding of cur where it is on the board of show:
// at the token or tile whose line it is on, else at a zone its message
// names, else at the place of a related line.
func placeFindings(cur, show *snapshot) []Finding {
	out := []Finding{}
	var lines map[int]string
	if cur.res != nil && cur.res.Doc != nil {
		lines = anchorLines(cur.res.Doc.Root)
	}
	var sc *rules.Scene
	var views []Token
	if show != nil && show == cur {
		sc = show.res.Scene // places only make sense on the board they were found on
	}
	if sc != nil {
		views = tokenViews(sc)
	}
	fx := newFixer(cur)
	for _, d := range cur.diags {
		f := Finding{Severity: d.Severity.String(), Rule: d.Rule, Message: d.Message, Hint: d.Hint, Line: d.Line, Col: d.Col, Related: d.Related,
			Words: tableWords(d.Rule, d.Message), Advice: tableAdvice(d), Fix: fx.fix(d)}
		if c := validate.Lookup(d.Rule); c != nil {
			f.Title = c.Title
		}
		if sc != nil {
			f.Place = placeOf(sc, views, lines[d.Line], d.Message)
			for _, r := range d.Related {
				if f.Place != nil {
					break
				}
				f.Place = placeOf(sc, views, lines[r.Line], "")
			}
			f.Place = atNamedCell(sc, f.Place, d.Message)
		}
		out = append(out, f)
	}
	return out
}

// anchorLines maps each line of the document to the tile or token it
// belongs to: "/tokens/3".
func anchorLines(root *source.Node) map[int]string {
	out := map[int]string{}
	if root == nil {
		return out
	}
	for _, key := range []string{"tiles", "tokens"} {
		l := root.Field(key)
		if l == nil || l.Kind != source.Array {
			continue
		}
		for i, it := range l.Items {
			mark(it, fmt.Sprintf("/%s/%d", key, i), out)
		}
	}
	return out
}

func mark(n *source.Node, ptr string, out map[int]string) {
	if _, ok := out[n.Pos.Line]; !ok {
		out[n.Pos.Line] = ptr
	}
	if _, ok := out[n.KeyPos.Line]; !ok {
		out[n.KeyPos.Line] = ptr
	}
	for _, c := range n.Items {
		mark(c, ptr, out)
	}
	for _, c := range n.Fields {
		mark(c, ptr, out)
	}
}

// tokenViews is every token of the mission, by index, where the page
// draws it: placed ones at their cell; one the rules refused (a door on a
// wall, a token on a square with no tile) where the file puts it, marked
// Bad; one with no board cell at all (outside the board, in a zone that is
// not there) in the margin, a column right of the board.
func tokenViews(sc *rules.Scene) []Token {
	placed := map[int]*rules.Token{}
	for _, t := range sc.Tokens {
		placed[t.Index] = t
	}
	b := sc.Board
	out := make([]Token, 0, len(sc.Mission.Tokens))
	margin := 0
	for i, raw := range sc.Mission.Tokens {
		d := rules.Defaults(raw)
		tv := Token{Index: i, ID: d.ID, Type: d.Type, Color: d.Color, State: d.State, First: d.First, Side: d.Side}
		if t := placed[i]; t != nil {
			tv.X, tv.Y = t.Cell.X, t.Cell.Y
			if t.Zone != nil {
				tv.Zone = t.Zone.ID
			}
		} else {
			tv.Bad = true
			if d.At != nil && d.At[0] >= 0 && d.At[1] >= 0 && d.At[0] < b.W && d.At[1] < b.H {
				tv.X, tv.Y = d.At[0], d.At[1]
				if z := b.ZoneAt(tv.X, tv.Y); z != nil {
					tv.Zone = z.ID
				}
			} else {
				tv.Off, tv.X, tv.Y, tv.Side = true, b.W+1, margin, ""
				margin++
			}
		}
		out = append(out, tv)
	}
	return out
}

func placeOf(sc *rules.Scene, views []Token, ptr, msg string) *Place {
	var i int
	switch {
	case ptr != "" && scan(ptr, "/tokens/%d", &i):
		if i >= 0 && i < len(views) {
			t := views[i]
			p := &Place{Kind: "token", X: t.X, Y: t.Y, Token: i, Tile: -1, Zone: t.Zone}
			if t.Type == missions.TokDoor && t.Side != "" {
				p.Kind, p.Side = "door", t.Side
			}
			return p
		}
	case ptr != "" && scan(ptr, "/tiles/%d", &i):
		b := sc.Board
		for _, t := range b.Tiles {
			if t.Index == i {
				return &Place{Kind: "tile", X: t.Col * b.N, Y: t.Row * b.N, W: b.N, H: b.N, Token: -1, Tile: i}
			}
		}
		// A tile that could not be put down (an unknown face, a place
		// taken) is marked where the file puts it.
		if i < len(sc.Mission.Tiles) {
			at := sc.Mission.Tiles[i].At
			return &Place{Kind: "tile", X: at[0] * b.N, Y: at[1] * b.N, W: b.N, H: b.N, Token: -1, Tile: i}
		}
	}
	for _, ref := range msgZoneRefs(msg) {
		if z := sc.Board.Zone(ref); z != nil {
			return zonePlace(z)
		}
	}
	return nil
}

var cellRef = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`\bat (\d{1,4}),(\d{1,4})\b(?:[^(]*\(its (north|east|south|west) border\))?`)
})

// atNamedCell moves a finding placed on a whole tile or zone (or nowhere)
// to the board cell its message names ("ends in a wall of 3A at 2,1 (its
// east border)"), and the side it names: the badge then marks the place.
// A token's or door's place stays: it is the token's own.
func atNamedCell(sc *rules.Scene, p *Place, msg string) *Place {
	if p != nil && p.Kind != "tile" && p.Kind != "zone" || !namesCell(msg) {
		return p
	}
	c := msgCellRef(msg)
	if !c.ok {
		return p
	}
	x, y := c.x, c.y
	b := sc.Board
	if x >= b.W || y >= b.H {
		return p
	}
	q := &Place{Kind: "cell", X: x, Y: y, Token: -1, Tile: -1}
	if p != nil {
		q.Tile = p.Tile
	}
	q.Side = c.side
	if z := b.ZoneAt(x, y); z != nil {
		q.Zone = z.ID
	}
	return q
}

// namesCell tells whether msg may name a cell as cellRef reads one: it
// holds "at " and a digit. Most messages do not, and the regular
// expression costs a thousand findings a millisecond or more in the page.
func namesCell(msg string) bool {
	for {
		i := strings.Index(msg, "at ")
		if i < 0 {
			return false
		}
		msg = msg[i+3:]
		if msg != "" && msg[0] >= '0' && msg[0] <= '9' {
			return true
		}
	}
}

func zonePlace(z *layout.Zone) *Place {
	c := z.Cells[0]
	return &Place{Kind: "zone", X: c.X, Y: c.Y, Zone: z.ID, Token: -1, Tile: -1}
}

// scan reads s as format, a prefix and then "%d", as fmt.Sscanf reads
// it (what follows the number is not read), without Sscanf's cost: it
// runs for every finding, a thousand on a big board.
func scan(s, format string, v *int) bool {
	prefix, ok := strings.CutSuffix(format, "%d")
	if !ok {
		panic("scan: a format is a prefix and %d")
	}
	rest, ok := strings.CutPrefix(s, prefix)
	if !ok {
		return false
	}
	end := 0
	if end < len(rest) && (rest[end] == '+' || rest[end] == '-') {
		end++
	}
	digits := end
	for end < len(rest) && rest[end] >= '0' && rest[end] <= '9' {
		end++
	}
	if end == digits {
		return false
	}
	n, err := strconv.Atoi(rest[:end])
	if err != nil {
		return false
	}
	*v = n
	return true
}

// sheetState is the page of a game not played on tiles: its printable
// sheet, redrawn on every save, and the findings. The last good sheet
// stays on screen while a save cannot be read.
func (s *Session) sheetState(st *State, cur, good *snapshot) {
	st.Kind = "sheet"
	st.Findings = placeFindings(cur, nil)
	pointFindings(st.Findings, cur)
	st.Schema = schemaFormOf(cur, good)
	show := cur
	if !cur.ok() {
		st.Error = whyNot(cur)
		show, st.Stale = good, true
		if good == nil || !good.ok() || good.res.Model == nil {
			return
		}
	}
	st.Ruleset, st.Title = show.res.Model.Ruleset(), show.res.Model.Title()
	// The page puts the sheet in its own document: the element alone.
	svg := show.svg
	if i := strings.Index(svg, "<svg"); i > 0 {
		svg = svg[i:]
	}
	st.SVG = svg
	if k := kindOf(st.Ruleset); k != nil {
		// A game with a canvas of its own: the sheet stays in SVG.
		st.Kind = k.name()
		k.fill(st, show)
	}
}
