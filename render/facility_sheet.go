package render

import (
	"fmt"
	"io"
	"math"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/rules/facility"
)

// The facility sheet: a title block, the three section border pieces with
// their life-support slots, the anti-aircraft stack and the Nest's egg
// track, the slot grid with rooms and corridors, and panels with the noise
// profiles, the escapes and their oxygen, and a setup checklist. Sizes are
// in mm.

// sectionColours tint each section's slots (colour, mono).
var sectionColours = map[string][2]string{
	"A": {"#dce9f5", "#f2f2f2"},
	"B": {"#e0f0dc", "#e6e6e6"},
	"C": {"#f6dede", "#d9d9d9"},
}

const (
	fMaxCell   = 38.0 // a small facility does not blow up to poster size
	fMinCell   = 4.0  // a briefing that fills the page still leaves the map drawable
	fFitCell   = 30.0
	fBoxFrac   = 0.70 // a slot's box in its cell; corridors take the rest
	fStripH    = 15.0 // the section border pieces above the map
	fPanelMinW = 80.0
)

type fSheet struct {
	f   *facility.Facility
	a   *facility.Analysis
	o   ModelOptions
	st  style
	ovs map[string]bool
}

func facilitySheet(out io.Writer, f *facility.Facility, o ModelOptions) error {
	if o.Page == "" {
		o.Page = "a4"
	}
	if o.Margin == 0 {
		o.Margin = DefaultMargin
	}
	if err := CheckPage(o.Page, o.Margin); err != nil {
		return &OptionError{Msg: err.Error()}
	}
	if o.Card {
		return &OptionError{Msg: "a facility scenario has no card: its page is the facility sheet"}
	}
	if o.Side != "" && o.Side != "normal" {
		return &OptionError{Msg: "a facility scenario has one side: --side is for two-sided objectives"}
	}
	if o.Players != 0 && (o.Players < f.PlayersMin || o.Players > f.PlayersMax) {
		return &OptionError{Msg: fmt.Sprintf("this scenario is for %s characters: --players %d is outside it", playersText(f), o.Players)}
	}
	s := &fSheet{f: f, a: f.Analyze(), o: o, st: style{mono: o.Mono}, ovs: map[string]bool{}}
	for _, ov := range o.Overlays {
		if ov == "escape" && o.PlayerVersion {
			return &OptionError{Msg: "the escape overlay plans routes through rooms still in the stacks: it is not for the players' version (--spoilers off)"}
		}
		s.ovs[ov] = true
	}
	return s.write(out)
}

func playersText(f *facility.Facility) string {
	if f.PlayersMin == f.PlayersMax {
		return strconv.Itoa(f.PlayersMin)
	}
	return strconv.Itoa(f.PlayersMin) + "-" + strconv.Itoa(f.PlayersMax)
}

func (s *fSheet) sectionFill(sec string) string {
	c := sectionColours[sec]
	if s.st.mono {
		return c[1]
	}
	return c[0]
}

// layout is where the parts of the sheet go.
type fLayout struct {
	pw, ph     float64
	title      block
	tx, ty     float64
	sx, sy, sw float64 // section strip
	mx, my     float64 // map top-left
	cell       float64
	panels     []block
	px, py     []float64
}

func (s *fSheet) write(out io.Writer) error {
	l := s.layout()
	var body svgw
	body.el("rect", "width", num(l.pw), "height", num(l.ph), "fill", s.st.c("paper"))
	body.open("g", "class", "title-block")
	body.WriteByte('\n')
	l.title.draw(&body, l.tx, l.ty)
	body.close("g")
	s.strip(&body, l.sx, l.sy, l.sw)
	body.open("g", "class", "facility")
	body.WriteByte('\n')
	s.drawMap(&body, l.mx, l.my, l.cell)
	body.close("g")
	body.open("g", "class", "panels")
	body.WriteByte('\n')
	for i, p := range l.panels {
		p.draw(&body, l.px[i], l.py[i])
	}
	body.close("g")
	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(l.pw)+"mm", "height", num(l.ph)+"mm", "viewBox", "0 0 "+num(l.pw)+" "+num(l.ph),
		"font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(s.f.Name) + "</title>\n")
	w.WriteString("<defs>\n")
	w.open("pattern", "id", "covered", "width", "2", "height", "2", "patternUnits", "userSpaceOnUse", "patternTransform", "rotate(45)")
	w.el("rect", "width", "2", "height", "2", "fill", s.st.c("paper"))
	w.el("rect", "width", "0.7", "height", "2", "fill", s.st.c("faint"))
	w.close("pattern")
	w.WriteString("</defs>\n")
	w.Write(body.Bytes())
	w.close("svg")
	_, err := out.Write(w.Bytes())
	return err
}

func (s *fSheet) layout() fLayout {
	var l fLayout
	o := s.o
	mg := o.Margin
	cols, rows := float64(max(s.f.Cols, 1)), float64(max(s.f.Rows, 1))
	if o.Page == "fit" {
		cw := math.Max(fitMinWidth, cols*fFitCell)
		l.pw = cw + 2*mg
		l.title = s.titleBlock(cw, 1)
		l.tx, l.ty = mg, mg
		l.sx, l.sy, l.sw = mg, mg+l.title.h+2, cw
		l.cell = math.Min(cw/cols, fFitCell*1.3)
		l.mx, l.my = mg+(cw-l.cell*cols)/2, l.sy+fStripH+3
		top := l.my + l.cell*rows + blockGap
		colW := (cw - colGap) / 2
		left, right := s.panelSections()
		lb, rb := column(left, colW, 1, blockGap), column(right, colW, 1, blockGap)
		l.panels = []block{lb, rb}
		l.px, l.py = []float64{mg, mg + colW + colGap}, []float64{top, top}
		l.ph = top + math.Max(lb.h, rb.h) + mg
		return l
	}
	size := pageSizes[o.Page]
	l.pw, l.ph = size[0], size[1]
	if o.Landscape {
		l.pw, l.ph = l.ph, l.pw
	}
	cw, ch := l.pw-2*mg, l.ph-2*mg
	left, right := s.panelSections()
	for _, sc := range []float64{1, 0.9, 0.8, 0.72, 0.65, 0.58} {
		l.title = s.titleBlock(cw, sc)
		l.tx, l.ty = mg, mg
		top := mg + l.title.h + 2
		if o.Landscape {
			pw := math.Max(fPanelMinW, cw*0.36)
			mapW := cw - pw - colGap
			l.sx, l.sy, l.sw = mg, top, mapW
			avail := ch - (top - mg) - fStripH - 3
			l.cell = math.Max(math.Min(math.Min(mapW/cols, avail/rows), fMaxCell), math.Min(fMinCell, mapW/cols))
			l.mx, l.my = mg+(mapW-l.cell*cols)/2, top+fStripH+3
			col := column(append(append([]sectionFn{}, left...), right...), pw, sc, blockGap*sc)
			l.panels = []block{col}
			l.px, l.py = []float64{mg + mapW + colGap}, []float64{top}
			if top+col.h <= l.ph-mg {
				return l
			}
			continue
		}
		l.sx, l.sy, l.sw = mg, top, cw
		// The map gets up to half of what is left; the panels the rest.
		avail := ch - (top - mg) - fStripH - 3
		l.cell = math.Max(math.Min(math.Min(cw/cols, avail*0.5/rows), fMaxCell), math.Min(fMinCell, cw/cols))
		l.mx, l.my = mg+(cw-l.cell*cols)/2, top+fStripH+3
		ptop := l.my + l.cell*rows + blockGap*sc
		colW := (cw - colGap) / 2
		lb, rb := column(left, colW, sc, blockGap*sc), column(right, colW, sc, blockGap*sc)
		l.panels = []block{lb, rb}
		l.px, l.py = []float64{mg, mg + colW + colGap}, []float64{ptop, ptop}
		if ptop+math.Max(lb.h, rb.h) <= l.ph-mg {
			return l
		}
	}
	return l
}

func (s *fSheet) titleBlock(width, scale float64) block {
	f := s.f
	ts := 7.5 * scale
	title := strings.TrimSpace(f.Name)
	for ts > 4.5*scale && textWidth(title, ts, true) > width {
		ts -= 0.25
	}
	tl := wrapSpans([]span{{text: title, bold: true}}, ts, width)
	facts := []string{}
	if f.Author != "" {
		facts = append(facts, "by "+f.Author)
	}
	facts = append(facts, playersText(f)+" characters")
	if f.Deadly {
		facts = append(facts, "Deadly mode")
	}
	facts = append(facts, "Facility crawler (Nemesis: Retaliation-style)")
	if s.o.PlayerVersion {
		facts = append(facts, "Players' version")
	}
	var under []span
	if b := strings.TrimSpace(f.Briefing); b != "" {
		under = []span{{text: strings.Join(strings.Fields(b), " "), italic: true}}
	}
	return headBlock(s.st, tl, ts, facts, under, width, scale)
}

// strip draws the three section border pieces: life support, and the
// anti-aircraft stack (B) and the Eggs space (C).
func (s *fSheet) strip(w *svgw, x, y, width float64) {
	w.open("g", "class", "sections")
	w.WriteByte('\n')
	gap := 2.0
	pw := (width - 2*gap) / 3
	ink, faint := s.st.c("ink"), s.st.c("faint")
	for i, sec := range facility.Sections {
		px := x + float64(i)*(pw+gap)
		w.el("rect", "x", num(px), "y", num(y), "width", num(pw), "height", num(fStripH), "rx", "1.5",
			"fill", s.sectionFill(sec), "stroke", ink, "stroke-width", "0.35")
		w.text(px+2, y+5, 3.6, "start", "bold", ink, "SECTION "+sec)
		// The life-support slot: a token, active or inactive side up.
		on := s.f.LifeSupport[sec]
		cx, cy := px+pw-6, y+fStripH/2
		fill := s.st.c("paper")
		if on {
			fill = s.st.c("start")
		}
		w.el("circle", "cx", num(cx), "cy", num(cy), "r", "3.6", "fill", fill, "stroke", ink, "stroke-width", "0.35")
		w.text(cx, cy+1.1, 2.6, "middle", "bold", inkOrPaper(s, on), "O₂")
		state := "life support inactive"
		if on {
			state = "life support active"
		}
		w.text(px+2, y+9.6, 2.6, "start", "", ink, state)
		extra := ""
		switch sec {
		case "A":
			extra = "robot card; the Landing Zone's gear"
		case "B":
			extra = "anti-aircraft: 2 tokens facedown"
			if !s.o.PlayerVersion && s.f.AntiAircraft != "random" {
				extra = "anti-aircraft: top token " + s.f.AntiAircraft
			}
		case "C":
			extra = "Eggs (the Nest):"
			ex := px + 2 + textWidth(extra, 2.4, false) + 2
			for e := 0; e < s.f.Eggs && e < 10; e++ {
				w.el("ellipse", "cx", num(ex+float64(e)*3.2), "cy", num(y+12.4), "rx", "1.1", "ry", "1.4",
					"fill", s.st.c("paper"), "stroke", ink, "stroke-width", "0.3")
			}
			if s.f.Eggs > 10 {
				w.text(ex+33, y+13.2, 2.4, "start", "", faint, "+"+strconv.Itoa(s.f.Eggs-10))
			}
		}
		if sec == "B" && s.f.HibActive {
			extra += "; Hibernatorium active"
		}
		w.text(px+2, y+13.2, 2.4, "start", "", faint, extra)
	}
	w.close("g")
}

func inkOrPaper(s *fSheet, dark bool) string {
	if dark {
		return s.st.c("paper")
	}
	return s.st.c("ink")
}

// centre of a slot's cell.
func (s *fSheet) centre(sl *facility.Slot, x, y, cell float64) (float64, float64) {
	return x + (float64(sl.X)+0.5)*cell, y + (float64(sl.Y)+0.5)*cell
}

func (s *fSheet) onGrid(sl *facility.Slot) bool {
	return sl != nil && sl.X >= 0 && sl.Y >= 0 && sl.X < s.f.Cols && sl.Y < s.f.Rows
}

func (s *fSheet) drawMap(w *svgw, x, y, cell float64) {
	f := s.f
	ink, faint := s.st.c("ink"), s.st.c("faint")
	box := cell * fBoxFrac
	half := box / 2
	// Section tint under every slot's cell, split for a border slot.
	w.open("g", "class", "section-tint")
	w.WriteByte('\n')
	for _, sl := range f.Slots {
		if !s.onGrid(sl) {
			continue
		}
		cx, cy := x+float64(sl.X)*cell, y+float64(sl.Y)*cell
		secs := strings.Split(sl.Section, "/")
		for i, sec := range secs {
			wd := cell / float64(len(secs))
			w.el("rect", "x", num(cx+float64(i)*wd), "y", num(cy), "width", num(wd), "height", num(cell), "fill", s.sectionFill(sec))
		}
	}
	w.close("g")
	heat := s.noiseHeat()
	// Corridors, under the rooms.
	w.open("g", "class", "corridors")
	w.WriteByte('\n')
	cors := append([]*facility.Corridor(nil), f.Corridors...)
	sort.SliceStable(cors, func(i, j int) bool { return cors[i].ID < cors[j].ID })
	for _, c := range cors {
		a, b := f.Slot(c.A), f.Slot(c.B)
		if !s.onGrid(a) || !s.onGrid(b) || a == b {
			continue
		}
		ax, ay := s.centre(a, x, y, cell)
		bx, by := s.centre(b, x, y, cell)
		width := cell * 0.16
		stroke := s.st.c("machine")
		if s.ovs["noise"] {
			stroke = s.st.ramp("ov:cold", "ov:hot", heat[c.ID])
		}
		dash := ""
		if c.Technical || !adjacentSlots(a, b) {
			dash = num(width*0.6) + " " + num(width*0.4)
			width *= 0.6
		}
		// From box edge to box edge: a corridor never crosses a slot.
		ux, uy := bx-ax, by-ay
		if n := math.Hypot(ux, uy); n > 0 {
			ux, uy = ux/n, uy/n
		}
		w.el("path", "d", "M"+num(ax+ux*half)+" "+num(ay+uy*half)+"L"+num(bx-ux*half)+" "+num(by-uy*half), "stroke", stroke, "stroke-width", num(width), "stroke-dasharray", dash, "fill", "none")
		// The noise value in a disc at the middle of the gap.
		mx, my := (ax+bx)/2, (ay+by)/2
		if !adjacentSlots(a, b) {
			mx, my = ax+(bx-ax)*0.5, ay+(by-ay)*0.5
		}
		r := cell * 0.085
		label := corridorText(c)
		fill := s.st.c("paper")
		if c.Noise == 0 {
			fill = s.st.c("faint")
		}
		w.el("circle", "cx", num(mx), "cy", num(my), "r", num(r), "fill", fill, "stroke", ink, "stroke-width", num(r*0.15))
		fsz := r * 1.25
		if len(label) > 1 {
			fsz = r * 0.95
		}
		w.text(mx, my+fsz*0.36, fsz, "middle", "bold", inkOrPaper(s, c.Noise == 0), label)
		if ay == by {
			w.text(mx, my-r*1.35, r*0.8, "middle", "", faint, "c"+strconv.Itoa(c.ID))
		} else {
			w.text(mx+r*1.3, my+r*0.3, r*0.8, "start", "", faint, "c"+strconv.Itoa(c.ID))
		}
		// The door slot, at the end it faces.
		if c.HasDoor() {
			end := a
			if c.DoorAt == b.ID {
				end = b
			}
			ex, ey := s.centre(end, x, y, cell)
			dx, dy := mx-ex, my-ey
			n := math.Hypot(dx, dy)
			if n > 0 {
				dx, dy = dx/n, dy/n
			}
			px, py := ex+dx*(half+cell*0.045), ey+dy*(half+cell*0.045)
			dw, dh := cell*0.2, cell*0.06
			if math.Abs(dy) > math.Abs(dx) {
				dw, dh = dh*1.0, dw
				dw, dh = dh, dw
				dw, dh = cell*0.2, cell*0.06
			} else {
				dw, dh = cell*0.06, cell*0.2
			}
			fillD := s.st.c("paper")
			if c.Door == "closed" {
				fillD = ink
			}
			w.el("rect", "x", num(px-dw/2), "y", num(py-dh/2), "width", num(dw), "height", num(dh), "fill", fillD, "stroke", ink, "stroke-width", num(cell*0.012))
			if c.Door == "destroyed" {
				w.el("path", "d", "M"+num(px-dw/2)+" "+num(py-dh/2)+"L"+num(px+dw/2)+" "+num(py+dh/2)+"M"+num(px+dw/2)+" "+num(py-dh/2)+"L"+num(px-dw/2)+" "+num(py+dh/2),
					"stroke", ink, "stroke-width", num(cell*0.015))
			}
		}
	}
	w.close("g")
	// Slots and rooms.
	w.open("g", "class", "rooms")
	w.WriteByte('\n')
	for _, sl := range f.Slots {
		if !s.onGrid(sl) {
			continue
		}
		cx, cy := s.centre(sl, x, y, cell)
		bx, by := cx-half, cy-half
		id := strconv.Itoa(sl.ID)
		switch {
		case sl.RoomID == "":
			w.el("rect", "x", num(bx), "y", num(by), "width", num(box), "height", num(box), "rx", num(box*0.06),
				"fill", s.st.c("paper"), "fill-opacity", "0.55", "stroke", faint, "stroke-width", num(box*0.012), "stroke-dasharray", num(box*0.04)+" "+num(box*0.03))
			letter := sl.Section
			w.text(cx, cy+box*0.12, box*0.32, "middle", "bold", faint, letter)
			w.text(cx, cy+box*0.32, box*0.09, "middle", "", faint, "empty slot")
		default:
			fill := s.st.c("kind:room")
			if s.st.mono {
				fill = s.st.c("paper")
			}
			w.el("rect", "x", num(bx), "y", num(by), "width", num(box), "height", num(box), "rx", num(box*0.06),
				"fill", fill, "stroke", ink, "stroke-width", num(box*0.025))
			name := sl.RoomID
			typ := "?"
			if sl.Room != nil {
				name, typ = sl.Room.Name, sl.Room.Type
			}
			if sl.Covered {
				w.el("rect", "x", num(bx+box*0.06), "y", num(by+box*0.2), "width", num(box*0.88), "height", num(box*0.5), "fill", "url(#covered)", "stroke", faint, "stroke-width", num(box*0.01))
				w.text(cx, cy-box*0.02, box*0.085, "middle", "bold", ink, "UNDISCOVERED")
				w.text(cx, cy+box*0.1, box*0.075, "middle", "", ink, "("+name+")")
			} else {
				fs := box * 0.105
				lines := wrapSpans([]span{{text: name, bold: true}}, fs, box*0.9)
				for len(lines) > 3 && fs > box*0.06 {
					fs *= 0.9
					lines = wrapSpans([]span{{text: name, bold: true}}, fs, box*0.9)
				}
				top := cy - float64(len(lines)-1)*fs*0.6
				for i, ln := range lines {
					writeLine(w, s.st, cx, top+float64(i)*fs*1.15+fs*0.1, fs, "middle", ln)
				}
			}
			w.text(bx+box*0.95, by+box*0.13, box*0.09, "end", "bold", faint, typ)
			if sl.Room != nil && sl.Room.Escape != "" {
				s.escapeIcon(w, bx+box*0.14, by+box*0.84, box*0.09, sl.Room.Escape)
			}
			if sl.Is(facility.LandingZone) {
				s.startIcon(w, bx+box*0.86, by+box*0.84, box*0.09)
			}
			if sl.Room != nil && sl.Room.LifeSupport != "" {
				w.text(cx, by+box*0.92, box*0.075, "middle", "", faint, "life support "+sl.Room.LifeSupport)
			}
			if sl.Is(facility.Nest) {
				w.text(cx, by+box*0.92, box*0.075, "middle", "", faint, strconv.Itoa(f.Eggs)+" eggs")
			}
		}
		w.text(bx+box*0.05, by+box*0.13, box*0.1, "start", "bold", ink, id)
	}
	w.close("g")
	s.drawTokens(w, x, y, cell)
	if s.ovs["escape"] {
		s.escapeOverlay(w, x, y, cell)
	}
	if s.ovs["intruders"] {
		s.intruderOverlay(w, x, y, cell)
	}
}

func adjacentSlots(a, b *facility.Slot) bool {
	dx, dy := a.X-b.X, a.Y-b.Y
	return dx*dx+dy*dy == 1
}

// startIcon: the characters' start, a disc with S.
func (s *fSheet) startIcon(w *svgw, cx, cy, r float64) {
	w.el("circle", "cx", num(cx), "cy", num(cy), "r", num(r), "fill", s.st.c("start"), "stroke", s.st.c("ink"), "stroke-width", num(r*0.12))
	w.text(cx, cy+r*0.42, r*1.15, "middle", "bold", s.st.c("paper"), "S")
}

// escapeIcon: a way out, a square with an arrow and its initial.
func (s *fSheet) escapeIcon(w *svgw, cx, cy, r float64, way string) {
	w.el("rect", "x", num(cx-r), "y", num(cy-r), "width", num(2*r), "height", num(2*r), "rx", num(r*0.25),
		"fill", s.st.c("exit"), "stroke", s.st.c("ink"), "stroke-width", num(r*0.12))
	letter := map[string]string{"lander": "L", "hibernation": "H", "shuttle": "E"}[way]
	w.text(cx, cy+r*0.42, r*1.15, "middle", "bold", s.st.c("ink"), letter)
}

// drawTokens: noise markers and intruders on corridors, markers in rooms.
func (s *fSheet) drawTokens(w *svgw, x, y, cell float64) {
	f := s.f
	ink := s.st.c("ink")
	perCor := map[int]int{}
	perRoom := map[int]int{}
	w.open("g", "class", "tokens")
	w.WriteByte('\n')
	for _, t := range f.Tokens {
		var px, py float64
		r := cell * 0.055
		switch {
		case t.Corridor != 0:
			c := f.Corridor(t.Corridor)
			if c == nil || !s.onGrid(f.Slot(c.A)) || !s.onGrid(f.Slot(c.B)) {
				continue
			}
			ax, ay := s.centre(f.Slot(c.A), x, y, cell)
			bx, by := s.centre(f.Slot(c.B), x, y, cell)
			mx, my := (ax+bx)/2, (ay+by)/2
			// Beside the noise disc, across the corridor.
			k := perCor[c.ID]
			perCor[c.ID]++
			if ay == by {
				px, py = mx-cell*0.11+float64(k)*r*2.2, my+cell*0.17
			} else {
				px, py = mx+cell*0.17, my-cell*0.11+float64(k)*r*2.2
			}
		case t.Slot != 0:
			sl := f.Slot(t.Slot)
			if !s.onGrid(sl) {
				continue
			}
			cx, cy := s.centre(sl, x, y, cell)
			k := perRoom[sl.ID]
			perRoom[sl.ID]++
			px, py = cx-cell*fBoxFrac*0.3+float64(k)*r*2.3, cy+cell*fBoxFrac*0.28
		default:
			continue
		}
		label, fill := "", s.st.c("paper")
		switch t.Type {
		case "noise":
			label, fill = "N", s.st.c("tok:yellow")
		case "intruder":
			label, fill = strings.ToUpper(t.Kind[:min(1, len(t.Kind))]), s.st.c("tok:red")
			if t.Kind == "" {
				label = "I"
			}
		case "fire":
			label, fill = "F", s.st.c("tok:orange")
		case "malfunction":
			label = "M"
		case "secure":
			label, fill = "✓", s.st.c("tok:green")
		case "character":
			label, fill = "C", s.st.c("start")
		}
		if t.Type == "intruder" {
			w.el("path", "d", "M"+num(px)+" "+num(py-r*1.2)+"L"+num(px+r*1.2)+" "+num(py)+"L"+num(px)+" "+num(py+r*1.2)+"L"+num(px-r*1.2)+" "+num(py)+"Z",
				"fill", fill, "stroke", ink, "stroke-width", num(r*0.15))
		} else {
			w.el("circle", "cx", num(px), "cy", num(py), "r", num(r), "fill", fill, "stroke", ink, "stroke-width", num(r*0.15))
		}
		txt := label
		if n := max(t.Count, 1); n > 1 {
			txt += strconv.Itoa(n)
		}
		fs := r * 1.1
		if len(txt) > 1 {
			fs = r * 0.85
		}
		w.text(px, py+fs*0.36, fs, "middle", "bold", ink, txt)
	}
	w.close("g")
}

// noiseHeat: for each corridor, how many die numbers of the rooms beside
// it hit it (one per room, two in Deadly mode with a second value), scaled
// to the hottest corridor.
func (s *fSheet) noiseHeat() map[int]float64 {
	raw := map[int]float64{}
	hottest := 0.0
	for _, n := range s.a.Noise {
		for _, h := range n.Hits {
			for _, c := range h.Corridors {
				raw[c]++
				hottest = math.Max(hottest, raw[c])
			}
		}
	}
	for k, v := range raw {
		raw[k] = v / math.Max(hottest, 1)
	}
	return raw
}

// escapeOverlay draws each escape's first plan through slot centres.
func (s *fSheet) escapeOverlay(w *svgw, x, y, cell float64) {
	w.open("g", "class", "overlay-escape")
	w.WriteByte('\n')
	for i, e := range s.a.Escapes {
		if len(e.Plans) == 0 {
			continue
		}
		p := e.Plans[0]
		col := pathColours[i%len(pathColours)]
		if s.st.mono {
			col = s.st.c("ov:free")
		}
		off := (float64(i) - 1) * cell * 0.05
		var d path
		for j, id := range p.Route {
			sl := s.f.Slot(id)
			if !s.onGrid(sl) {
				continue
			}
			cx, cy := s.centre(sl, x, y, cell)
			if j == 0 {
				d.M(cx+off, cy+off)
			} else {
				d.L(cx+off, cy+off)
			}
		}
		w.el("path", "d", d.String(), "fill", "none", "stroke", col, "stroke-width", num(cell*0.03), "stroke-linejoin", "round", "stroke-opacity", "0.85",
			"stroke-dasharray", map[bool]string{true: num(cell*0.06) + " " + num(cell*0.03), false: ""}[s.st.mono && i > 0])
		last := s.f.Slot(p.Route[len(p.Route)-1])
		if s.onGrid(last) {
			cx, cy := s.centre(last, x, y, cell)
			r := cell * 0.05
			w.el("circle", "cx", num(cx+off), "cy", num(cy+off), "r", num(r), "fill", col, "stroke", s.st.c("paper"), "stroke-width", num(r*0.15))
			w.text(cx+off, cy+off+r*0.42, r*1.15, "middle", "bold", s.st.c("paper"), wayLetter(e.Way))
		}
	}
	w.close("g")
}

// intruderOverlay draws, from every corridor on the map, an arrow to the
// room an intruder there moves into, and each placed intruder's whole
// route.
func (s *fSheet) intruderOverlay(w *svgw, x, y, cell float64) {
	f := s.f
	col := s.st.c("tok:red")
	if s.st.mono {
		col = s.st.c("ov:free")
	}
	w.open("g", "class", "overlay-intruders")
	w.WriteByte('\n')
	pos := func(step string) (float64, float64, bool) {
		kind, rest, _ := strings.Cut(step, " ")
		idText, _, _ := strings.Cut(rest, " ")
		id, err := strconv.Atoi(idText)
		if err != nil {
			return 0, 0, false
		}
		if kind == "room" {
			sl := f.Slot(id)
			if !s.onGrid(sl) {
				return 0, 0, false
			}
			cx, cy := s.centre(sl, x, y, cell)
			return cx, cy, true
		}
		c := f.Corridor(id)
		if c == nil || !s.onGrid(f.Slot(c.A)) || !s.onGrid(f.Slot(c.B)) {
			return 0, 0, false
		}
		ax, ay := s.centre(f.Slot(c.A), x, y, cell)
		bx, by := s.centre(f.Slot(c.B), x, y, cell)
		return (ax + bx) / 2, (ay + by) / 2, true
	}
	for _, r := range s.a.Intruders {
		if r.Target < 0 || len(r.Steps) == 0 {
			continue
		}
		fx, fy, ok := pos(r.From)
		if !ok {
			continue
		}
		if !r.Token {
			// One arrow: toward the first room, stopping short of it.
			tx, ty, ok := pos(r.Steps[0])
			if !ok {
				continue
			}
			s.arrow(w, fx, fy, fx+(tx-fx)*0.55, fy+(ty-fy)*0.55, cell*0.018, col)
			continue
		}
		px, py := fx, fy
		for _, st := range r.Steps {
			tx, ty, ok := pos(st)
			if !ok {
				break
			}
			s.arrow(w, px, py, tx, ty, cell*0.03, col)
			px, py = tx, ty
		}
	}
	w.close("g")
}

func (s *fSheet) arrow(w *svgw, x1, y1, x2, y2, width float64, col string) {
	dx, dy := x2-x1, y2-y1
	n := math.Hypot(dx, dy)
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	h := width * 3.2
	bx, by := x2-ux*h, y2-uy*h
	w.el("path", "d", "M"+num(x1)+" "+num(y1)+"L"+num(bx)+" "+num(by), "stroke", col, "stroke-width", num(width), "fill", "none")
	w.el("path", "d", "M"+num(x2)+" "+num(y2)+"L"+num(bx-uy*h*0.6)+" "+num(by+ux*h*0.6)+"L"+num(bx+uy*h*0.6)+" "+num(by-ux*h*0.6)+"Z", "fill", col)
}

// panelSections: left the escapes and the round track; right the noise
// profiles, the setup checklist, the objectives and the legend.
func (s *fSheet) panelSections() (left, right []sectionFn) {
	st := s.st
	a := s.a
	var objs []item
	for i, o := range s.f.Objectives {
		var t []string
		switch o.Escape {
		case "any":
			t = append(t, "Escape or hibernate, any way.")
		case "lander":
			t = append(t, "Escape in the Lander.")
		case "hibernation":
			t = append(t, "Hibernate in the Hibernatorium.")
		case "shuttle":
			t = append(t, "Escape in the Escape Shuttle.")
		}
		switch o.Destroy {
		case "nest":
			t = append(t, "Destroy the Nest: take or destroy every egg.")
		case "facility":
			t = append(t, "Destroy the facility: start the autodestruction.")
		}
		if o.Text != "" {
			t = append(t, o.Text)
		}
		objs = append(objs, item{prefix: strconv.Itoa(i+1) + ".", body: []span{{text: strings.Join(t, " ")}}})
	}
	if len(objs) > 0 {
		left = append(left, section(st, "Objectives", list(st, objs)))
	}
	if !s.o.PlayerVersion {
		var es []item
		for _, e := range a.Escapes {
			head := span{text: e.Room + ": ", bold: true}
			if e.Unreachable {
				es = append(es, item{prefix: wayLetter(e.Way), body: []span{head, {text: "cannot be reached."}}})
				continue
			}
			if e.Never {
				es = append(es, item{prefix: wayLetter(e.Way), body: []span{head, {text: sentence(e.Possible)}}})
				continue
			}
			var parts []string
			for _, p := range e.Plans {
				parts = append(parts, fmt.Sprintf("%s: %d moves, round %d, oxygen −%d, %s", p.Name, p.Moves, p.Round, p.OxygenLost, margin(p)))
			}
			body := []span{head, {text: sentence(e.Possible) + " "}, {text: strings.Join(parts, "; ") + ".", fill: st.c("faint")}}
			es = append(es, item{prefix: wayLetter(e.Way), body: body})
		}
		if len(es) > 0 {
			left = append(left, section(st, "Escapes and oxygen", para(st, span{text: fmt.Sprintf("From the Landing Zone; 7 oxygen each, −1 at the end of a turn in a section with inactive life support; %d oxygen tokens at the Landing Zone (+3 each).", a.LifeSupply.LandingOxygen), fill: st.c("faint")}), list(st, es)))
		}
		var ev []item
		for _, e := range a.Timeline {
			ev = append(ev, item{prefix: strconv.Itoa(e.Round), body: []span{{text: sentence(e.What)}}})
		}
		left = append(left, section(st, "Round track", list(st, ev)))
	} else {
		left = append(left, section(st, "Round track", list(st, []item{
			{prefix: strconv.Itoa(s.f.LanderRound), body: []span{{text: "The lander token: the Lander lands if the top anti-aircraft token is inactive."}}},
			{prefix: "14", body: []span{{text: "Round 14 ends: every character who has not escaped or hibernated dies."}}},
		})))
	}
	var ns []item
	for _, n := range a.Noise {
		var parts []string
		for _, h := range n.Hits {
			var cs []string
			for _, c := range h.Corridors {
				cs = append(cs, "c"+strconv.Itoa(c))
			}
			parts = append(parts, strconv.Itoa(h.Number)+": "+strings.Join(cs, ", "))
		}
		nothing := ""
		if len(n.Nothing) > 0 {
			var ds []string
			for _, d := range n.Nothing {
				ds = append(ds, strconv.Itoa(d))
			}
			nothing = "; nothing on " + strings.Join(ds, ", ")
		}
		ns = append(ns, item{prefix: strconv.Itoa(n.Slot), body: []span{{text: n.Room + " ", bold: true}, {text: strings.Join(parts, " · ") + nothing}}})
	}
	if len(ns) > 0 {
		right = append(right, section(st, "Noise profiles", list(st, ns)))
	}
	right = append(right, section(st, "Setup checklist", list(st, s.checklist())))
	right = append(right, section(st, "Legend", para(st, span{text: "S start (Landing Zone) · L H E escape: Lander, hibernation, Escape Shuttle · numbered disc: a corridor's noise value (grey: reinforced, 0; 3/1 with its Deadly value), cN its id · bar at a corridor's end: door slot (white open, black closed, crossed destroyed) · dashed box: empty slot, its section letter · N noise marker · diamond: intruder (A adult, L larva, D drone, Q queen)" + s.overlayLegend(), fill: st.c("faint")})))
	return left, right
}

func (s *fSheet) overlayLegend() string {
	var out []string
	if s.ovs["noise"] {
		out = append(out, "corridor colour: how many noise numbers of the rooms beside it hit it (darker: more)")
	}
	if s.ovs["escape"] {
		out = append(out, "lines: the quickest plan to each escape, ending in its letter")
	}
	if s.ovs["intruders"] {
		out = append(out, "arrows: where an intruder in each corridor moves (the whole route for placed intruders)")
	}
	if len(out) == 0 {
		return ""
	}
	return " · " + strings.Join(out, " · ")
}

func wayLetter(way string) string {
	return map[string]string{"lander": "L", "hibernation": "H", "shuttle": "E"}[way]
}

// checklist is the setup, for the chosen player count (or the range).
func (s *fSheet) checklist() []item {
	f := s.f
	lo, hi := f.PlayersMin, f.PlayersMax
	if s.o.Players != 0 {
		lo, hi = s.o.Players, s.o.Players
	}
	bag := fmt.Sprintf("%d", 6+lo)
	adults := fmt.Sprintf("%d", 3+lo)
	if hi != lo {
		bag += fmt.Sprintf("-%d", 6+hi)
		adults += fmt.Sprintf("-%d", 3+hi)
	}
	players := strconv.Itoa(lo)
	if hi != lo {
		players += "-" + strconv.Itoa(hi)
	}
	ls := "all inactive"
	var on []string
	for _, x := range facility.Sections {
		if f.LifeSupport[x] {
			on = append(on, x)
		}
	}
	if len(on) > 0 {
		ls = "active in " + strings.Join(on, ", ") + ", the rest inactive"
	}
	var stacks []string
	for _, t := range []string{"A", "B", "C", "?"} {
		stacks = append(stacks, fmt.Sprintf("%s %d", t, len(f.Stacks[t])))
	}
	items := []string{
		"Rooms and corridors as on the map; the Undiscovered tile on the Hibernatorium.",
		fmt.Sprintf("Round marker on 1, lander token on %d, autodestruction token above the track.", f.LanderRound),
		"Life support tokens " + ls + "; Hibernatorium token " + s.a.LifeSupply.Hibernatorium + ".",
		"Anti-aircraft: both tokens shuffled facedown on section B.",
		fmt.Sprintf("%d eggs in the Eggs space on section C.", f.Eggs),
		fmt.Sprintf("At the Landing Zone: %d ammo, %d grenade, %d oxygen, %d medpack tokens.", f.Gear["ammo"], f.Gear["grenade"], f.Gear["oxygen"], f.Gear["medpack"]),
		"Room stacks by type, shuffled facedown: " + strings.Join(stacks, ", ") + ".",
		fmt.Sprintf("Intruder bag (%s players): 1 blank, 2 Larvae, %s Adults — %s tokens.", players, adults, bag),
		"Each character: oxygen 7, in the Landing Zone, 4 tactical gear tokens of choice.",
		"Support equipment: draw 7, each player but the Contractor takes 1.",
	}
	if f.CorridorPool >= 0 {
		items = append(items, fmt.Sprintf("Corridor insert: %d corridor tiles, fronts unseen.", f.CorridorPool))
	}
	var out []item
	for _, t := range items {
		out = append(out, item{prefix: "□", body: []span{{text: t}}})
	}
	return out
}
