package render

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"sort"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Options say how a mission page is drawn.
type Options struct {
	Page      string  // a4 (default), letter, a3, or fit: just big enough
	Landscape bool    // board on the left, text on the right
	Margin    float64 // page margin in mm
	Grid      bool    // a scale grid with board coordinates along the edges
	Mono      bool    // for black-and-white printers: greys, patterns and letters
	Overlays  []Overlay
	Sight     rules.SightOptions // for sight overlays
	// Labels, when set, keeps the label places of each page drawn for the
	// next (a program drawing the same board after small changes).
	Labels *LabelCache
}

// DefaultMargin is the page margin in mm when none is given.
const DefaultMargin = 10.0

// pageSizes are portrait sizes in mm.
var pageSizes = map[string][2]float64{
	"a4":     {210, 297},
	"letter": {215.9, 279.4},
	"a3":     {297, 420},
}

// PageNames lists the accepted --page values.
func PageNames() []string { return []string{"a4", "letter", "a3", "fit"} }

// CheckPage validates page options; the error says what is allowed.
func CheckPage(page string, margin float64) error {
	size, ok := pageSizes[page]
	if !ok && page != "fit" && page != "" {
		return fmt.Errorf("unknown page %q: use %s", page, strings.Join(PageNames(), ", "))
	}
	if math.IsNaN(margin) || margin < 0 {
		return fmt.Errorf("the margin must be 0 mm or more (got %s)", num(margin))
	}
	if !ok {
		size = [2]float64{210, 297}
	}
	if margin > 40 || margin*2 >= math.Min(size[0], size[1])-60 {
		return fmt.Errorf("a %s mm margin leaves no room for the map: use at most 40", num(margin))
	}
	return nil
}

// Layout constants in mm.
const (
	colGap      = 7.0
	blockGap    = 6.0
	maxCellMM   = 42.0 // a tiny board does not blow up to poster size
	fitCellMM   = 24.0 // cell size on a fit page
	gridPadMM   = 5.0  // room for the coordinates of --grid
	minPanelW   = 78.0
	fitMinWidth = 180.0
)

// SVG draws the mission page of scene s: title block, board, briefing,
// objectives, special rules, components and legend, with the overlays in
// o. g supplies movement, sight and enemy paths; it may be nil when the
// mission's game has no zone graphs (then overlays are refused). The output
// is a self-contained SVG, the same bytes for the same input.
func SVG(out io.Writer, s *rules.Scene, g rules.BoardGame, o Options) error {
	_, err := SVGScaled(out, s, g, o)
	return err
}

// SVGScaled is SVG that also returns OverlayScale's answer, from the same
// laid-out page: a board of 200,000 zones is laid out once, not twice.
func SVGScaled(out io.Writer, s *rules.Scene, g rules.BoardGame, o Options) (float64, error) {
	m, err := newMapPage(s, g, o)
	if err != nil {
		return 1, err
	}
	return m.overlayScale(), m.write(out)
}

// newMapPage prepares the page: the board art, its overlays and labels.
func newMapPage(s *rules.Scene, g rules.BoardGame, o Options) (*mapPage, error) {
	if s == nil || s.Board == nil {
		return nil, errors.New("render: no board to draw")
	}
	if o.Page == "" {
		o.Page = "a4"
	}
	if err := CheckPage(o.Page, o.Margin); err != nil {
		return nil, err
	}
	st := style{mono: o.Mono}
	d := &overlayData{scene: s, game: g, sight: o.Sight}
	if pg, ok := g.(rules.PathGame); ok && g != nil {
		p := s.PathsOf(pg) // the editor's state asks for them again
		d.paths = &p
	}
	a := newArt(s.Board, st, s, spawnOrder(s, d.paths), false)
	if d.paths != nil && d.paths.Enemies != "" {
		a.enemies = d.paths.Enemies
	}
	var ovs []overlayArt
	for _, ov := range o.Overlays {
		oa, err := a.overlay(ov, d)
		if err != nil {
			return nil, err
		}
		ovs = append(ovs, oa)
	}
	a.labelCache = o.Labels
	return &mapPage{o: o, st: st, a: a, s: s, ovs: ovs}, nil
}

// MinOverlayScale is how much of its size the board may lose to the keys
// of its overlays on one page: below it, each overlay gets a page.
const MinOverlayScale = 0.8

// OverlayScale is the board's size with o's overlays on the page, as a
// fraction of its size without them (1 when there are none).
func OverlayScale(s *rules.Scene, g rules.BoardGame, o Options) (float64, error) {
	m, err := newMapPage(s, g, o)
	if err != nil {
		return 1, err
	}
	return m.overlayScale(), nil
}

func (m *mapPage) overlayScale() float64 {
	if len(m.ovs) == 0 {
		return 1
	}
	with := m.geometry().cell
	bare := *m
	bare.ovs = nil
	without := bare.geometry().cell
	if without <= 0 {
		return 1
	}
	return math.Min(1, with/without)
}

// Pages draws the mission for a document of several pages (a PDF). When
// the overlays fit (the board keeps MinOverlayScale of its size) it is the
// one page SVG draws. Otherwise it is the mission page without overlays,
// then one page for each overlay: the board at full size with that overlay,
// its key and the legend.
func Pages(s *rules.Scene, g rules.BoardGame, o Options) ([][]byte, error) {
	m, err := newMapPage(s, g, o)
	if err != nil {
		return nil, err
	}
	if m.overlayScale() >= MinOverlayScale {
		var b bytes.Buffer
		err := m.write(&b)
		return [][]byte{b.Bytes()}, err
	}
	// Each page is drawn afresh: overlays also add to the zone labels.
	var pages [][]byte
	for i := -1; i < len(o.Overlays); i++ {
		po := o
		po.Overlays = nil
		if i >= 0 {
			po.Overlays = o.Overlays[i : i+1]
		}
		pm, err := newMapPage(s, g, po)
		if err != nil {
			return nil, err
		}
		if i >= 0 {
			pm.overlayPage = fmt.Sprintf("overlay %d of %d", i+1, len(o.Overlays))
		}
		var b bytes.Buffer
		if err := pm.write(&b); err != nil {
			return nil, err
		}
		pages = append(pages, b.Bytes())
	}
	return pages, nil
}

// spawnOrder is the game's spawning order, or else the first spawn
// followed by the others in document order.
func spawnOrder(s *rules.Scene, p *rules.Paths) []int {
	if p != nil && len(p.SpawnOrder) > 0 {
		return p.SpawnOrder
	}
	var first, rest []int
	for _, t := range s.Tokens {
		if t.Type != "spawn" {
			continue
		}
		if t.First && len(first) == 0 {
			first = append(first, t.Index)
		} else {
			rest = append(rest, t.Index)
		}
	}
	return append(first, rest...)
}

// mapPage lays one mission page out.
type mapPage struct {
	o   Options
	st  style
	a   *art
	s   *rules.Scene
	ovs []overlayArt
	// overlayPage, when set, makes this a page of its own for one overlay:
	// the title says which, and the text is the overlay's key and the legend.
	overlayPage string
}

// boardGroup draws the board in board units, layers bottom to top. placed
// returns once the labels are placed (placeLabels, which may move tokens
// below a label): the layers that do not depend on them are drawn first,
// while they are being placed.
func (a *art) boardGroup(w *svgw, grid bool, ovs []overlayArt, placed func()) {
	if len(ovs) > 0 {
		placed() // overlays draw at the labels' graph nodes
	}
	a.pieces = a.startPieces()
	defer func() { a.keepPieces(a.pieces); a.pieces = nil }()
	a.drawFixed(w, groupFills, a.drawFills)
	for _, ov := range ovs {
		if ov.shade != nil {
			ov.shade(w)
		}
	}
	if grid {
		a.drawGrid(w)
	}
	a.drawTiles(w)
	a.drawFixed(w, groupEdges, a.drawEdges)
	a.drawDoors(w)
	// The tiles' badges come after the tokens in the drawing but stand
	// where they stand whatever the labels do: drawn aside meanwhile.
	var badges svgw
	badges.Grow(640 * len(a.b.Tiles)) // about what a badge takes
	a.drawTileBadges(&badges)
	placed()
	for _, ov := range ovs {
		if ov.lines != nil {
			ov.lines(w)
		}
	}
	a.drawTokens(w)
	w.Write(badges.Bytes())
	a.drawLabels(w)
}

// placeLabelsAside runs placeLabels on another goroutine (on a big board
// it takes as long as drawing the fills, edges and badges) and returns
// the wait for it; a panic there is raised again by the wait, in the
// caller's goroutine. The wait must be called.
func (a *art) placeLabelsAside() (wait func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		a.placeLabels()
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			if p := <-done; p != nil {
				panic(p)
			}
		})
	}
}

// geometry is where things go on the page, in mm.
type geometry struct {
	pw, ph       float64 // page size
	bx, by, cell float64 // board top-left and cell size
	tx, ty       float64 // title block
	title        block
	cols         []block // text columns
	colX, colY   []float64
}

// bodyBytesPerZone is about what a map's body takes per zone on the
// largest boards (one-cell zones: 480 bytes on a board of 184,320).
const bodyBytesPerZone = 512

// lastBody is the size of the last map page's body.
var lastBody atomic.Int64

func (m *mapPage) write(out io.Writer) error {
	placed := m.a.placeLabelsAside()
	defer placed()
	g := m.geometry()
	var body svgw
	if c := m.a.labelCache; c != nil {
		// The buffer of the page before, as large as this one will be:
		// a megabyte on a big board not made again at every edit.
		body.Buffer = *bytes.NewBuffer(c.takeBuffer())
		defer func() { c.putBuffer(body.Bytes()[:0]) }()
	}
	// Sized up front: about the size of the last page drawn (a program
	// that draws the same board again and again, the editor at every edit,
	// spares growing the buffer a dozen times), and at least about 500 bytes
	// a zone (grown by doubling, the body of a board of 184,320 zones, 88 MB,
	// cleared and copied some 180 MB of memory on the way).
	body.Grow(max(int(min(lastBody.Load(), 16<<20)), bodyBytesPerZone*len(m.a.b.Zones)+64<<10))
	defer func() { lastBody.Store(int64(body.Len())) }()
	body.el("rect", "width", num(g.pw), "height", num(g.ph), "fill", m.st.c("paper"))
	body.open("g", "class", "title-block")
	body.WriteByte('\n')
	g.title.draw(&body, g.tx, g.ty)
	body.close("g")
	b := m.a.b
	body.open("g", "class", "board", "transform", "translate("+num(g.bx)+" "+num(g.by)+") scale("+num4(g.cell/cell)+")")
	body.WriteByte('\n')
	m.a.boardGroup(&body, m.o.Grid, m.ovs, placed)
	body.close("g")
	if m.o.Grid {
		m.coordinates(&body, g)
	}
	body.open("g", "class", "panels")
	body.WriteByte('\n')
	for i, c := range g.cols {
		c.draw(&body, g.colX[i], g.colY[i])
	}
	body.close("g")
	if b.W == 0 || b.H == 0 {
		body.text(g.bx, g.by+5, bodySize, "start", "", m.st.c("ink"), "(no tiles on the board)")
	}
	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(g.pw)+"mm", "height", num(g.ph)+"mm", "viewBox", "0 0 "+num(g.pw)+" "+num(g.ph),
		"font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(m.s.Mission.Title) + "</title>\n")
	writeDefs(&w, m.a.used, m.st)
	if buf, ok := out.(*bytes.Buffer); ok {
		buf.Grow(w.Len() + body.Len() + len("</svg>\n")) // the page in one piece, not grown
	}
	// The head (its defs known once the body is drawn), then the body as it
	// is: a board of 200,000 zones makes a body of some 90 MB, not copied
	// once more behind its head.
	if _, err := out.Write(w.Bytes()); err != nil {
		return err
	}
	if _, err := out.Write(body.Bytes()); err != nil {
		return err
	}
	_, err := io.WriteString(out, "</svg>\n")
	return err
}

// geometry fits board and text onto the page, shrinking the text (down to
// 65%) when the board would otherwise get less than about half the page.
func (m *mapPage) geometry() geometry {
	o := m.o
	b := m.a.b
	wc, hc := math.Max(float64(b.W), 1), math.Max(float64(b.H), 1)
	pad := 0.0
	if o.Grid {
		pad = gridPadMM
	}
	left, right := m.sections()
	var g geometry
	mg := o.Margin
	if o.Page == "fit" {
		return m.fitGeometry(wc, hc, pad, left, right)
	}
	size := pageSizes[o.Page]
	g.pw, g.ph = size[0], size[1]
	if o.Landscape {
		g.pw, g.ph = g.ph, g.pw
	}
	cw, ch := g.pw-2*mg, g.ph-2*mg
	scales := []float64{1, 0.9, 0.8, 0.72, 0.65}
	for i, sc := range scales {
		g.title = m.titleBlock(cw, sc)
		g.tx, g.ty = mg, mg
		top := mg + g.title.h + blockGap*0.6
		availH := ch - g.title.h - blockGap*0.6
		if o.Landscape {
			rw := math.Max(minPanelW, cw*0.34)
			areaW := cw - rw - colGap
			g.cell = math.Min(math.Min((areaW-2*pad)/wc, (availH-2*pad)/hc), maxCellMM)
			boardW := g.cell*wc + 2*pad
			rw = cw - boardW - colGap // the text gets what the board leaves
			col := column(append(left, right...), rw, sc, blockGap)
			g.cols = []block{col}
			g.colX, g.colY = []float64{mg + boardW + colGap}, []float64{top}
			g.bx, g.by = mg+pad, top+pad
			if col.h <= availH || i == len(scales)-1 {
				return g
			}
			continue
		}
		colW := (cw - colGap) / 2
		l, r := column(left, colW, sc, blockGap), column(right, colW, sc, blockGap)
		panelH := math.Max(l.h, r.h)
		boardH := availH - panelH - blockGap
		g.cell = math.Min(math.Min((cw-2*pad)/wc, (boardH-2*pad)/hc), maxCellMM)
		if g.cell < 1 {
			g.cell = 1
		}
		g.bx = mg + (cw-g.cell*wc)/2
		g.by = top + pad
		below := g.by + g.cell*hc + pad + blockGap
		g.cols = []block{l, r}
		g.colX, g.colY = []float64{mg, mg + colW + colGap}, []float64{below, below}
		fits := g.cell*hc+2*pad >= 0.45*ch || g.cell >= maxCellMM || g.cell*wc+2*pad >= cw-0.5
		if fits || i == len(scales)-1 {
			return g
		}
	}
	return g
}

// fitGeometry makes the page just big enough for the board and text.
func (m *mapPage) fitGeometry(wc, hc, pad float64, left, right []sectionFn) geometry {
	var g geometry
	mg := m.o.Margin
	g.cell = fitCellMM
	boardW, boardH := wc*g.cell+2*pad, hc*g.cell+2*pad
	if m.o.Landscape {
		rw := 95.0
		cw := boardW + colGap + rw
		g.title = m.titleBlock(cw, 1)
		top := mg + g.title.h + blockGap*0.6
		col := column(append(left, right...), rw, 1, blockGap)
		g.cols, g.colX, g.colY = []block{col}, []float64{mg + boardW + colGap}, []float64{top}
		g.tx, g.ty = mg, mg
		g.bx, g.by = mg+pad, top+pad
		g.pw = cw + 2*mg
		g.ph = top + math.Max(boardH, col.h) + mg
		return g
	}
	cw := math.Max(boardW, fitMinWidth)
	g.title = m.titleBlock(cw, 1)
	top := mg + g.title.h + blockGap*0.6
	colW := (cw - colGap) / 2
	l, r := column(left, colW, 1, blockGap), column(right, colW, 1, blockGap)
	g.tx, g.ty = mg, mg
	g.bx, g.by = mg+(cw-wc*g.cell)/2, top+pad
	below := top + boardH + blockGap
	g.cols, g.colX, g.colY = []block{l, r}, []float64{mg, mg + colW + colGap}, []float64{below, below}
	g.pw = cw + 2*mg
	g.ph = below + math.Max(l.h, r.h) + mg
	return g
}

// coordinates writes board coordinates along the four edges of the board.
func (m *mapPage) coordinates(w *svgw, g geometry) {
	b := m.a.b
	fs := math.Min(2.6, g.cell*0.45)
	every := 1
	if g.cell < fs*1.8 {
		every = int(math.Ceil(fs * 1.8 / g.cell))
	}
	ink := m.st.c("faint")
	w.open("g", "class", "coordinates", "font-size", num(fs), "fill", ink, "text-anchor", "middle")
	w.WriteByte('\n')
	bw, bh := float64(b.W)*g.cell, float64(b.H)*g.cell
	for x := 0; x < b.W; x += every {
		cx := g.bx + (float64(x)+0.5)*g.cell
		for _, y := range []float64{g.by - 1.4, g.by + bh + 1.4 + fs*0.75} {
			w.open("text", "x", num(cx), "y", num(y))
			w.WriteString(itoa(x))
			w.close("text")
		}
	}
	for y := 0; y < b.H; y += every {
		cy := g.by + (float64(y)+0.5)*g.cell + fs*0.36
		for _, x := range []float64{g.bx - 1.2 - fs*0.35, g.bx + bw + 1.2 + fs*0.35} {
			w.open("text", "x", num(x), "y", num(cy))
			w.WriteString(itoa(y))
			w.close("text")
		}
	}
	w.close("g")
}

// titleBlock is the title and a line of facts under it.
func (m *mapPage) titleBlock(width, scale float64) block {
	mi := m.s.Mission
	ts := 7.5 * scale
	title := strings.TrimSpace(mi.Title)
	if title == "" {
		title = "Untitled mission"
	}
	if m.overlayPage != "" {
		title += " — " + m.overlayPage
	}
	for ts > 4.5*scale && textWidth(title, ts, true) > width {
		ts -= 0.25
	}
	tl := wrapSpans([]span{{text: title, bold: true}}, ts, width)
	var facts []string
	if mi.Author != "" {
		facts = append(facts, "by "+mi.Author)
	}
	if mi.Difficulty != "" {
		facts = append(facts, "Difficulty: "+mi.Difficulty)
	}
	sv := mi.Survivors
	if sv == 0 {
		sv = 6
	}
	facts = append(facts, fmt.Sprintf("%d Survivor%s", sv, plural(sv)))
	if mi.Players != "" {
		facts = append(facts, string(mi.Players)+" player"+plural(playersN(string(mi.Players))))
	}
	if mi.Duration > 0 {
		facts = append(facts, fmt.Sprintf("%d min", mi.Duration))
	}
	facts = append(facts, rules.GameName(mi.Ruleset)) // the game as players name it, not the ruleset's key
	return headBlock(m.st, tl, ts, facts, nil, width, scale)
}

// headBlock is the head of a printed page: the title lines (already fitted
// at size ts), a line of facts, and optional lines under them (a
// briefing), closed by a rule across the width.
func headBlock(st style, tl [][]span, ts float64, facts []string, under []span, width, scale float64) block {
	fs := bodySize * scale * 1.05
	fl := wrapSpans([]span{{text: strings.Join(facts, "  ·  "), fill: st.c("faint")}}, fs, width)
	var bl [][]span
	bs := bodySize * scale
	if len(under) > 0 {
		bl = wrapSpans(under, bs, width)
	}
	h := float64(len(tl))*ts*1.15 + float64(len(fl))*fs*leading + float64(len(bl))*bs*leading + 2.2*scale
	return block{h: h, draw: func(w *svgw, x, y float64) {
		for i, l := range tl {
			writeLine(w, st, x, y+ts*0.95+float64(i)*ts*1.15, ts, "start", l)
		}
		y += float64(len(tl)) * ts * 1.15
		for i, l := range fl {
			writeLine(w, st, x, y+fs*1.05+float64(i)*fs*leading, fs, "start", l)
		}
		y += float64(len(fl)) * fs * leading
		for i, l := range bl {
			writeLine(w, st, x, y+bs*1.05+float64(i)*bs*leading, bs, "start", l)
		}
		y += float64(len(bl))*bs*leading + 1.4*scale
		w.el("path", "d", "M"+num(x)+" "+num(y)+"H"+num(x+width), "stroke", st.c("ink"), "stroke-width", num(0.5*scale))
	}}
}

// playersN is the largest number in "1-6" or "4", for the plural.
func playersN(s string) int {
	n := 0
	for _, part := range strings.Split(s, "-") {
		v := 0
		for _, r := range strings.TrimSpace(part) {
			if r < '0' || r > '9' {
				return 2
			}
			v = v*10 + int(r-'0')
		}
		n = max(n, v)
	}
	return n
}

// sections returns the text panels: the story and the rules on the left,
// what to set up and how to read the map on the right.
func (m *mapPage) sections() (left, right []sectionFn) {
	mi := m.s.Mission
	st := m.st
	if m.overlayPage != "" {
		for _, ov := range m.ovs {
			left = append(left, ov.legend)
		}
		return left, []sectionFn{section(st, "Legend", legend(st, m.a.legendEntries()))}
	}
	if b := strings.TrimSpace(mi.Briefing); b != "" {
		left = append(left, section(st, "Briefing", para(st, span{text: paragraphs(b)})))
	}
	if items := m.objectiveItems(); len(items) > 0 {
		parts := []partFn{list(st, items)}
		if note := orderNote(mi.Objectives); note != "" {
			parts = append(parts, paraSized(st, smallSize, span{text: note, italic: true, fill: st.c("faint")}))
		}
		left = append(left, section(st, "Objectives", parts...))
	}
	if items := m.ruleItems(); len(items) > 0 {
		left = append(left, section(st, "Special rules", list(st, items)))
	}
	if n := strings.TrimSpace(mi.Notes); n != "" {
		left = append(left, section(st, "Notes", para(st, span{text: paragraphs(n)})))
	}
	right = append(right, section(st, "Components", list(st, m.componentItems())))
	right = append(right, section(st, "Legend", legend(st, m.a.legendEntries())))
	for _, ov := range m.ovs {
		right = append(right, ov.legend)
	}
	return left, right
}

// paragraphs joins wrapped lines; blank lines separate paragraphs.
func paragraphs(s string) string {
	var out []string
	for _, p := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n\n") {
		if p = strings.Join(strings.Fields(p), " "); p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}

// normalise reduces a sentence to its words without articles, for
// comparing an author's wording with the structured one.
func normalise(s string) string {
	words := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9')
	})
	var out []string
	for _, w := range words {
		if w != "the" && w != "a" && w != "an" {
			out = append(out, w)
		}
	}
	return strings.Join(out, " ")
}

// withText shows an author's text and, when it says something else, the
// structured sentence after it.
func (m *mapPage) withText(text, structured string) []span {
	text = strings.TrimSpace(text)
	structured = strings.TrimSpace(structured)
	switch {
	case text == "":
		return []span{{text: sentence(structured)}}
	case structured == "" || normalise(text) == normalise(structured):
		return []span{{text: text}}
	}
	return []span{{text: text}, {text: "(" + strings.TrimSuffix(structured, ".") + ".)", italic: true, fill: m.st.c("faint")}}
}

// orderNote says which objectives must be met in order, by their numbers
// in the list: "Objectives 1 and 2 are met in that order."
func orderNote(objs []missions.Objective) string {
	type step struct{ order, pos int }
	var steps []step
	for i, o := range objs {
		if o.Order > 0 {
			steps = append(steps, step{o.Order, i + 1})
		}
	}
	if len(steps) == 0 {
		return ""
	}
	sort.SliceStable(steps, func(i, j int) bool { return steps[i].order < steps[j].order })
	var nums []string
	for _, s := range steps {
		nums = append(nums, itoa(s.pos))
	}
	if len(nums) == 1 {
		return "" // one ordered objective orders nothing
	}
	list := strings.Join(nums[:len(nums)-1], ", ") + " and " + nums[len(nums)-1]
	inOrder := true
	for i := 1; i < len(steps); i++ {
		inOrder = inOrder && steps[i].pos > steps[i-1].pos
	}
	if inOrder {
		return "Objectives " + list + " are met in that order."
	}
	return "Objectives are met in this order: " + strings.Join(nums, ", then ") + "."
}

func sentence(s string) string {
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

func (m *mapPage) objectiveItems() []item {
	var out []item
	for i, o := range m.s.Mission.Objectives {
		// One style for every objective: numbered in list order, the
		// order they must be met in (if any) said under the list.
		prefix := itoa(i+1) + "."
		onMap := -1
		if o.Take != "" && o.Take != "all" {
			onMap = 0
			for _, t := range m.s.Tokens {
				if t.Type == "objective" && t.Color == o.Take {
					onMap++
				}
			}
		}
		structured := ""
		if o.Take != "" || o.Exit != "" || o.Reach != "" || o.Activate != "" || o.Survive > 0 || o.Kill != "" {
			structured = o.DescribeFor(onMap)
		}
		if name := m.tokenCalled(o.Reach); name != "" {
			structured = "Reach " + name // a token's id is the file's, not the player's
		}
		out = append(out, item{prefix: prefix, body: m.withText(o.Text, structured)})
	}
	return out
}

// tokenCalled is what players call the token whose id is ref ("the
// Pimpmobile", "the Exit"); "" when no token has that id.
func (m *mapPage) tokenCalled(ref string) string {
	if ref == "" {
		return ""
	}
	for _, t := range m.s.Tokens {
		if t.ID != ref {
			continue
		}
		switch {
		case t.Type == "car" && t.Kind == "pimpmobile":
			return "the Pimpmobile"
		case t.Type == "car" && t.Kind == "police":
			return "the police car"
		}
		return "the " + rules.TypeName(t.Type)
	}
	return ""
}

func (m *mapPage) ruleItems() []item {
	var out []item
	for _, r := range m.s.Mission.Rules {
		structured := ""
		if r.When != nil || len(r.Then) > 0 {
			bare := r
			bare.Text = ""
			structured = bare.Describe()
		}
		out = append(out, item{prefix: "•", body: m.withText(r.Text, structured)})
	}
	return out
}

// tokenNames are how the components list and the legend name token types.
var tokenNames = map[string][2]string{
	"start":      {"Starting Zone", "Starting Zones"},
	"spawn":      {"Spawn Zone", "Spawn Zones"},
	"objective":  {"Objective", "Objectives"},
	"exit":       {"Exit", "Exits"},
	"door":       {"door", "doors"},
	"mold":       {"Mold token", "Mold tokens"},
	"noise":      {"Noise token", "Noise tokens"},
	"sentry-gun": {"Sentry Gun", "Sentry Guns"},
	"bot":        {"Bot", "Bots"},
	"car":        {"car", "cars"},
}

func tokenName(typ string, n int) string {
	names, ok := tokenNames[typ]
	if !ok {
		if n == 1 {
			return typ
		}
		return typ + "s"
	}
	if n == 1 {
		return names[0]
	}
	return names[1]
}

// componentItems lists the tile faces and the tokens the mission needs,
// counted by type and colour.
func (m *mapPage) componentItems() []item {
	var faces []string
	for _, t := range m.a.b.Tiles {
		f := t.Face
		if t.Rot != 0 {
			f += " (" + itoa(t.Rot) + "°)"
		}
		faces = append(faces, f)
	}
	set := ""
	if m.a.b.Set != nil && m.a.b.Set.Name != "" {
		set = " of the " + m.a.b.Set.Name + " set"
	}
	out := []item{{prefix: itoa(len(faces)), body: []span{{text: "tile" + plural(len(faces)) + set + ": " + strings.Join(faces, ", ")}}}}
	type key struct{ typ, what string }
	counts := map[key]int{}
	var keys []key
	for _, t := range m.s.Tokens {
		if t.Type == "start" {
			continue // a place, not a token from the box
		}
		what := t.Color
		switch t.Type {
		case "door":
			what = t.Color
			if t.State != "closed" && t.State != "" {
				what += ", " + t.State
			}
		case "car":
			what = t.Kind
		case "mold":
			what = t.State
		}
		k := key{t.Type, what}
		if counts[k] == 0 {
			keys = append(keys, k)
		}
		counts[k]++
	}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].typ != keys[j].typ {
			return keys[i].typ < keys[j].typ
		}
		return keys[i].what < keys[j].what
	})
	for _, k := range keys {
		n := counts[k]
		name := tokenName(k.typ, n)
		text := name
		switch {
		case k.typ == "door" && strings.Contains(k.what, ","):
			c, state, _ := strings.Cut(k.what, ", ")
			text = c + " " + name + " (" + state + ")"
		case k.typ == "mold":
			text = k.what + " " + name
		case k.what != "":
			text = k.what + " " + name
		}
		out = append(out, item{prefix: itoa(n), body: []span{{text: text}}})
	}
	return out
}
