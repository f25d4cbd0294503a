package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/colony"
)

// sheetSetup is what one colony sheet shows: a side at a player count.
type sheetSetup struct {
	s       *colony.Scenario
	side    *colony.Side
	players int // 0: the numbers are worded, not filled in
	st      style
	hidden  bool // players' version: no supply/demand spoilers
}

// Page draws the setup sheet, or with o.Card the Main Objective card.
func (colonyView) Page(w io.Writer, m rules.Model, o ModelOptions) error {
	s, err := asScenario(m)
	if err != nil {
		return err
	}
	side := s.Objective.Normal
	if o.Side == "hardcore" {
		side = s.Objective.Hardcore
		if side == nil {
			return &OptionError{Msg: fmt.Sprintf("%s has no Hardcore side: drop --side hardcore, or add objective.hardcore", s.Name)}
		}
	}
	if o.Players != 0 && (o.Players < s.MinP || o.Players > s.MaxP) {
		return &OptionError{Msg: fmt.Sprintf("--players %d: %s is for %s", o.Players, s.Name, playersLabel(s))}
	}
	su := sheetSetup{s: s, side: side, players: o.Players, st: style{mono: o.Mono}, hidden: o.PlayerVersion}
	if o.Card {
		return su.card(w, o)
	}
	return su.sheet(w, o)
}

// pageSize is the page in mm after --page and --landscape ("fit" is A4
// for a sheet: the sheet is made for a printed page).
func pageSize(o ModelOptions) (float64, float64) {
	sz, ok := pageSizes[o.Page]
	if !ok {
		sz = pageSizes["a4"]
	}
	if o.Landscape {
		return sz[1], sz[0]
	}
	return sz[0], sz[1]
}

// values are the side's numbers for the sheet's player count.
func (su sheetSetup) values() []int {
	if su.players == 0 {
		return nil
	}
	return su.side.Values(su.players)
}

// filled is a template with the numbers in: values at a player count, or
// the numbers' wording ("2 per player") when the sheet is for every count.
func (su sheetSetup) filled(t string) string {
	if su.players > 0 {
		return colony.Fill(t, su.values())
	}
	out := t
	for i, n := range su.side.Numbers {
		v := n.String()
		if n.Scales {
			v = "[" + v + "]"
		}
		out = strings.ReplaceAll(out, fmt.Sprintf("{%d}", i+1), v)
	}
	return out
}

func (su sheetSetup) playerCounts() []int {
	if su.players > 0 {
		return []int{su.players}
	}
	return su.s.Players()
}

func (su sheetSetup) sheet(out io.Writer, o ModelOptions) error {
	pw, ph := pageSize(o)
	mg := o.Margin
	cw := pw - 2*mg
	st := su.st
	var secs []sectionFn
	title := su.titleBlock()
	obj := section(st, "Main Objective: "+su.s.Objective.Name+" ("+su.side.Name+" side)", su.objectiveParts()...)
	diagram := su.diagram()
	locs := section(st, "The six Locations", su.locationTable())
	deal := section(st, "The deal", su.dealTable(), paraSized(st, smallSize, span{text: "Per player: Starter Items and Survivors dealt, Survivors kept; Secret Objectives shuffled (non-Betrayal + Betrayal), 1 dealt to each player; Food paid per round with every Survivor in the Colony.", fill: st.c("faint")}))
	variants := section(st, "Variants", su.variantList())
	var supply sectionFn
	if !su.hidden {
		supply = section(st, "Supply and demand (cards)", su.supplyTable())
	}
	gap := blockGap
	var body block
	if o.Landscape {
		lw := cw*0.5 - colGap/2
		left := []sectionFn{title, obj, diagram}
		right := []sectionFn{locs, deal, variants}
		if supply != nil {
			right = append(right, supply)
		}
		lb, rb := column(left, lw, 1, gap), column(right, lw, 1, gap)
		body = block{h: math.Max(lb.h, rb.h), draw: func(w *svgw, x, y float64) {
			lb.draw(w, x, y)
			rb.draw(w, x+lw+colGap, y)
		}}
	} else {
		secs = []sectionFn{title, obj, diagram, locs}
		top := column(secs, cw, 1, gap)
		hw := cw*0.5 - colGap/2
		left := column([]sectionFn{deal, variants}, hw, 1, gap)
		var right block
		if supply != nil {
			right = column([]sectionFn{supply}, hw, 1, gap)
		}
		body = block{h: top.h + gap + math.Max(left.h, right.h), draw: func(w *svgw, x, y float64) {
			top.draw(w, x, y)
			y += top.h + gap
			left.draw(w, x, y)
			if right.draw != nil {
				right.draw(w, x+hw+colGap, y)
			}
		}}
	}
	// A scenario with long texts shrinks to the page rather than run off it.
	k := math.Min(1, (ph-2*mg)/body.h)
	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(pw)+"mm", "height", num(ph)+"mm", "viewBox", "0 0 "+num(pw)+" "+num(ph), "font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(su.s.Name) + " — setup sheet</title>\n")
	w.el("rect", "width", num(pw), "height", num(ph), "fill", st.c("paper"))
	w.open("g", "class", "sheet", "transform", "translate("+num(mg)+" "+num(mg)+") scale("+num4(k)+")")
	w.WriteByte('\n')
	body.draw(&w, 0, 0)
	w.close("g")
	w.close("svg")
	_, err := out.Write(w.Bytes())
	return err
}

func (su sheetSetup) titleBlock() sectionFn {
	st := su.st
	return func(width, scale float64) block {
		ts := 7.5
		for ts > 4.5 && textWidth(su.s.Name, ts, true) > width {
			ts -= 0.25
		}
		facts := []string{"Colony scenario", playersLabel(su.s)}
		if su.players > 0 {
			facts = append(facts, fmt.Sprintf("set up for %d players", su.players))
		} else {
			facts = append(facts, "numbers for every player count")
		}
		facts = append(facts, su.side.Name+" side")
		if su.s.Author != "" {
			facts = append(facts, "by "+su.s.Author)
		}
		fs := bodySize * 1.05
		fl := wrapSpans([]span{{text: strings.Join(facts, "  ·  "), fill: st.c("faint")}}, fs, width)
		var bl [][]span
		if su.s.Briefing != "" {
			bl = wrapSpans([]span{{text: su.s.Briefing, italic: true}}, bodySize, width)
		}
		h := ts*1.15 + float64(len(fl))*fs*leading + float64(len(bl))*bodySize*leading + 2.2
		return block{h: h, draw: func(w *svgw, x, y float64) {
			w.text(x, y+ts*0.95, ts, "start", "bold", st.c("ink"), su.s.Name)
			y += ts * 1.15
			for i, l := range fl {
				writeLine(w, st, x, y+fs*1.05+float64(i)*fs*leading, fs, "start", l)
			}
			y += float64(len(fl)) * fs * leading
			for i, l := range bl {
				writeLine(w, st, x, y+bodySize*1.05+float64(i)*bodySize*leading, bodySize, "start", l)
			}
			y += float64(len(bl))*bodySize*leading + 1.4
			w.el("path", "d", "M"+num(x)+" "+num(y)+"H"+num(x+width), "stroke", st.c("ink"), "stroke-width", "0.5")
		}}
	}
}

// objectiveParts: the start values, the goal and rules with their numbers,
// and the setup changes.
func (su sheetSetup) objectiveParts() []partFn {
	d := su.side
	st := su.st
	start := func(width, scale float64) block {
		return block{h: 13, draw: func(w *svgw, x, y float64) {
			for i, t := range []struct {
				label string
				v     int
			}{{"Morale", d.Morale}, {"Round", d.Round}} {
				cx := x + 6.5 + float64(i)*62
				w.el("circle", "cx", num(cx), "cy", num(y+6.5), "r", "6", "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.6")
				w.text(cx, y+8.6, 6, "middle", "bold", st.c("ink"), fmt.Sprint(t.v))
				w.text(cx+8, y+5.5, bodySize, "start", "bold", st.c("ink"), "Starting "+t.label)
				sub := "track: game over at 0"
				if t.label == "Round" && d.Earliest > 1 {
					sub = fmt.Sprintf("met from round %d", d.Earliest)
				}
				w.text(cx+8, y+9.5, smallSize, "start", "", st.c("faint"), sub)
			}
		}}
	}
	parts := []partFn{start, para(st, span{text: "Victory: ", bold: true}, span{text: su.filled(d.Victory)})}
	var items []item
	for _, r := range d.Rules {
		items = append(items, item{prefix: "•", body: []span{{text: su.filled(r)}}})
	}
	if len(items) > 0 {
		parts = append(parts, list(st, items))
	}
	if su.players == 0 && len(d.Numbers) > 0 {
		var nums []string
		for _, p := range su.s.Players() {
			var vs []string
			for _, v := range d.Values(p) {
				vs = append(vs, fmt.Sprint(v))
			}
			nums = append(nums, fmt.Sprintf("%dp: %s", p, strings.Join(vs, "/")))
		}
		parts = append(parts, paraSized(st, smallSize, span{text: "Numbers by player count: ", bold: true}, span{text: strings.Join(nums, "   ")}))
	}
	var setup []string
	for _, p := range d.Setup {
		setup = append(setup, placementText(su.s, p))
	}
	if len(setup) > 0 {
		parts = append(parts, para(st, span{text: "Setup: ", bold: true}, span{text: strings.Join(setup, "; ") + "."}))
	}
	return parts
}

// diagram draws the Colony with Entrances 1-6 and the setup zombies, and
// the six Locations around it with their spaces, zombies and Noise.
func (su sheetSetup) diagram() sectionFn {
	st := su.st
	d := su.side
	zombie := st.c("tok:red")
	if st.mono {
		zombie = st.c("ink")
	}
	return section(st, "The board at setup", func(width, scale float64) block {
		h := 78.0
		return block{h: h, draw: func(w *svgw, x, y float64) {
			// The sheet's main figure: a site's card is cut to it.
			w.open("g", "class", "figure")
			w.WriteByte('\n')
			defer w.close("g")
			cx, cy := x+width/2, y+h/2
			// Locations on a ring, joined to the Colony: every place reaches every other.
			n := len(su.s.Locations)
			cwid, chei := math.Min(52, width*0.38), 30.0
			lw, lh := math.Min(44, (width-cwid-6)/2), 17.0
			rx, ry := width/2-lw/2-1, h/2-lh/2-0.5
			zAt := map[string]int{}
			nAt := map[string]int{}
			for _, p := range d.Setup {
				zAt[p.At] += p.Zombies
				nAt[p.At] += p.Noise
			}
			pos := make([][2]float64, n)
			for i := range su.s.Locations {
				a := 2 * math.Pi * (float64(i) + 0.5) / float64(n)
				pos[i] = [2]float64{cx + rx*math.Sin(a), cy - ry*math.Cos(a)}
				w.el("path", "d", "M"+num(cx)+" "+num(cy)+"L"+num(pos[i][0])+" "+num(pos[i][1]), "stroke", st.c("faint"), "stroke-width", "0.3", "stroke-dasharray", "1 1")
			}
			for i, l := range su.s.Locations {
				bx, by := pos[i][0]-lw/2, pos[i][1]-lh/2
				w.el("rect", "x", num(bx), "y", num(by), "width", num(lw), "height", num(lh), "rx", "1.5", "fill", st.c("kind:room"), "stroke", st.c("ink"), "stroke-width", "0.4")
				name := l.Name
				for textWidth(fmt.Sprintf("%d. %s", i+1, name), bodySize, true) > lw-3 && len([]rune(name)) > 4 {
					r := []rune(name)
					name = string(r[:len(r)-2]) + "…"
				}
				w.text(bx+1.5, by+4, bodySize, "start", "bold", st.c("ink"), fmt.Sprintf("%d. %s", i+1, name))
				sp := "? spaces"
				if l.Spaces > 0 {
					sp = fmt.Sprintf("%d spaces", l.Spaces)
				}
				w.text(bx+1.5, by+7.6, smallSize, "start", "", st.c("faint"), fmt.Sprintf("%s · deck %d", sp, l.DeckSize()))
				// zombie spaces: filled for the zombies placed at setup
				slots := max(l.Spaces, zAt[l.ID])
				for k := 0; k < slots && k < 12; k++ {
					sx := bx + 3 + float64(k)*4
					fill := st.c("paper")
					if k < zAt[l.ID] {
						fill = zombie
					}
					w.el("circle", "cx", num(sx), "cy", num(by+11.5), "r", "1.5", "fill", fill, "stroke", st.c("ink"), "stroke-width", "0.3")
				}
				if nAt[l.ID] > 0 {
					w.text(bx+lw-1.5, by+lh-2, smallSize, "end", "bold", st.c("ink"), fmt.Sprintf("Noise %d", nAt[l.ID]))
				}
			}
			// The Colony: six Entrances numbered 1-6, filled in turn.
			bx, by := cx-cwid/2, cy-chei/2
			w.el("rect", "x", num(bx), "y", num(by), "width", num(cwid), "height", num(chei), "rx", "2", "fill", st.c("kind:corridor"), "stroke", st.c("ink"), "stroke-width", "0.7")
			w.text(cx, by+5.2, headSize, "middle", "bold", st.c("ink"), "Colony")
			ent := colony.ColonyEntrances(zAt[colony.ColonyID])
			spaces := su.s.Coll.EntranceSpaces
			ew := (cwid - 4) / 6
			for i := 0; i < colony.Entrances; i++ {
				ex := bx + 2 + float64(i)*ew
				w.el("rect", "x", num(ex+0.4), "y", num(by+8), "width", num(ew-0.8), "height", num(chei-10), "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.3")
				w.text(ex+ew/2, by+11.6, smallSize, "middle", "bold", st.c("ink"), fmt.Sprint(i+1))
				slots := max(spaces, ent[i])
				for k := 0; k < slots && k < 6; k++ {
					fill := st.c("paper")
					if k < ent[i] {
						fill = zombie
					}
					w.el("circle", "cx", num(ex+ew/2), "cy", num(by+14.5+float64(k)*3.4), "r", "1.3", "fill", fill, "stroke", st.c("ink"), "stroke-width", "0.3")
				}
			}
			// key
			w.el("circle", "cx", num(x+1.5), "cy", num(y+h-1.5), "r", "1.3", "fill", zombie, "stroke", st.c("ink"), "stroke-width", "0.3")
			w.text(x+4, y+h-0.6, smallSize, "start", "", st.c("ink"), "zombie placed at setup")
			w.el("circle", "cx", num(x+42), "cy", num(y+h-1.5), "r", "1.3", "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.3")
			w.text(x+44.5, y+h-0.6, smallSize, "start", "", st.c("ink"), "empty space; Colony Entrances fill 1→6")
		}}
	})
}

// tableCol is one column of a sheet table: a heading, a share of the
// width, and whether it is numeric (right-aligned).
type tableCol struct {
	head  string
	share float64
	right bool
}

// table draws rows under a heading row, text cut to fit each cell.
func table(st style, cols []tableCol, rows [][]string, bold func(i int) bool) partFn {
	return func(width, scale float64) block {
		fs := smallSize
		rh := fs * 1.55
		h := rh * float64(len(rows)+1)
		return block{h: h, draw: func(w *svgw, x, y float64) {
			tot := 0.0
			for _, c := range cols {
				tot += c.share
			}
			row := func(cells []string, yy float64, b bool) {
				cx := x
				for i, c := range cols {
					cwid := width * c.share / tot
					t := ""
					if i < len(cells) {
						t = cells[i]
					}
					for textWidth(t, fs, b) > cwid-2 && len([]rune(t)) > 1 {
						r := []rune(t)
						t = string(r[:len(r)-2]) + "…"
					}
					switch {
					case c.right:
						w.text(cx+cwid-1, yy, fs, "end", weight(b), st.c("ink"), t)
					case i > 0:
						w.text(cx+1.5, yy, fs, "start", weight(b), st.c("ink"), t)
					default:
						w.text(cx, yy, fs, "start", weight(b), st.c("ink"), t)
					}
					cx += cwid
				}
			}
			var heads []string
			for _, c := range cols {
				heads = append(heads, c.head)
			}
			row(heads, y+fs*1.05, true)
			w.el("path", "d", "M"+num(x)+" "+num(y+rh-0.3)+"H"+num(x+width), "stroke", st.c("ink"), "stroke-width", "0.3")
			for i, r := range rows {
				yy := y + rh*float64(i+1)
				if i%2 == 1 {
					w.el("rect", "x", num(x), "y", num(yy-0.1), "width", num(width), "height", num(rh), "fill", st.c("kind:other"))
				}
				row(r, yy+fs*1.05, bold != nil && bold(i))
			}
		}}
	}
}

func (su sheetSetup) locationTable() partFn {
	var rows [][]string
	for i, l := range su.s.Locations {
		sp := "?"
		if l.Spaces > 0 {
			sp = fmt.Sprint(l.Spaces)
		}
		rows = append(rows, []string{fmt.Sprint(i + 1), l.Name, sp, fmt.Sprint(l.DeckSize()), deckText(l.Deck)})
	}
	return table(su.st, []tableCol{{"#", 0.4, false}, {"Location", 3, false}, {"spaces", 1.5, true}, {"cards", 1.4, true}, {"item deck by kind", 7, false}}, rows, nil)
}

func (su sheetSetup) dealTable() partFn {
	var rows [][]string
	for _, p := range su.playerCounts() {
		d := colony.DealFor(p, "")
		rows = append(rows, []string{fmt.Sprint(p), fmt.Sprint(d.StarterPer), fmt.Sprint(4), fmt.Sprint(d.KeepPer),
			fmt.Sprintf("%d+%d", d.NonBetrayal, d.Betrayal), fmt.Sprint(colony.FoodPerRound(d.SurvivorsKept))})
	}
	return table(su.st, []tableCol{{"players", 1.4, true}, {"items", 1.2, true}, {"Survivors", 1.8, true}, {"keep", 1.1, true}, {"Secret", 1.4, true}, {"Food", 1.2, true}}, rows, nil)
}

func (su sheetSetup) variantList() partFn {
	a := colony.Analyze(su.s)
	st := su.st
	return func(width, scale float64) block {
		fs := smallSize
		type entry struct {
			lines [][]span
		}
		var es []entry
		h := 0.0
		for _, e := range a.Variants {
			head := e.Variant
			if e.Declared {
				head += " (offered)"
			}
			text := []span{{text: head + ": ", bold: true}, {text: strings.Join(e.Removes, "; ")}}
			if len(e.Short) > 0 && !su.hidden {
				text = append(text, span{text: " — short: " + strings.Join(e.Short, "; "), fill: st.c("tok:red")})
			}
			ls := wrapSpans(text, fs, width-5)
			es = append(es, entry{ls})
			h += float64(len(ls))*fs*leading + 0.8
		}
		return block{h: h, draw: func(w *svgw, x, y float64) {
			for _, e := range es {
				w.el("rect", "x", num(x+0.3), "y", num(y+0.5), "width", "2.6", "height", "2.6", "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.3")
				for i, l := range e.lines {
					writeLine(w, st, x+5, y+fs*0.95+float64(i)*fs*leading, fs, "start", l)
				}
				y += float64(len(e.lines))*fs*leading + 0.8
			}
		}}
	}
}

func (su sheetSetup) supplyTable() partFn {
	a := colony.Analyze(su.s)
	// What the objective asks for on this side, at the sheet's counts.
	need := map[string]int{}
	for _, n := range su.s.Objective.Needs {
		if n.Cards == "" || n.Number < 1 || n.Number > len(su.side.Numbers) {
			continue
		}
		for _, p := range su.playerCounts() {
			need[n.Cards] = max(need[n.Cards], su.side.Numbers[n.Number-1].Value(p))
		}
	}
	var rows [][]string
	for _, r := range a.Supply {
		obj := "-"
		if need[r.Kind] > 0 {
			obj = fmt.Sprint(need[r.Kind])
		}
		// The Starter Items as dealt at the sheet's counts, as the
		// objective check counts them.
		lo, hi := -1, 0
		for _, p := range su.playerCounts() {
			d := colony.StarterDealt(p, r.Starter)
			if lo < 0 || d < lo {
				lo = d
			}
			hi = max(hi, d)
		}
		rows = append(rows, []string{r.Kind, fmt.Sprint(r.Locations), countRange(max(lo, 0), hi), fmt.Sprint(r.Crisis), obj})
	}
	food := 0
	for _, p := range su.playerCounts() {
		d := colony.DealFor(p, "")
		food = max(food, colony.FoodPerRound(d.SurvivorsKept)*max(su.side.Round, 0))
	}
	rows = append(rows, []string{"Food eaten", "", "", "", fmt.Sprintf("≤ %d", food)})
	return table(su.st, []tableCol{{"kind", 2.2, false}, {"Locations", 1.5, true}, {"starter", 1.3, true}, {"Crisis", 1.2, true}, {"objective", 1.6, true}}, rows,
		func(i int) bool { return i == len(rows)-1 })
}
