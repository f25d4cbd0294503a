package render

import (
	"fmt"
	"io"
	"strings"

	"github.com/zmission/zmission/rules/colony"
)

// Poker card size in mm: the Main Objective card prints at the size of the
// game's cards, so it can be sleeved with them.
const (
	cardW   = 63.0
	cardH   = 88.0
	cardGap = 10.0
	cropLen = 3.0
)

// card draws both sides of the Main Objective card at poker size, side by
// side with crop marks: the normal side, then the Hardcore side (or a
// plain back when the card has none). --page fit gives just the cards;
// any other page puts them at its top-left corner, to print at 100 %.
func (su sheetSetup) card(out io.Writer, o ModelOptions) error {
	st := su.st
	mg := o.Margin
	pw, ph := pageSize(o)
	if o.Page == "fit" {
		mg = 6
		pw, ph = 2*mg+2*cardW+cardGap, 2*mg+cardH
	}
	if pw < 2*mg+2*cardW+cardGap || ph < 2*mg+cardH {
		return &OptionError{Msg: fmt.Sprintf("the two %g×%g mm card sides do not fit on this page with a %s mm margin", cardW, cardH, num(mg))}
	}
	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(pw)+"mm", "height", num(ph)+"mm", "viewBox", "0 0 "+num(pw)+" "+num(ph), "font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(su.s.Objective.Name) + " — Main Objective card</title>\n")
	w.el("rect", "width", num(pw), "height", num(ph), "fill", st.c("paper"))
	sides := []*colony.Side{su.s.Objective.Normal, su.s.Objective.Hardcore}
	for i, d := range sides {
		x := mg + float64(i)*(cardW+cardGap)
		y := mg
		w.open("g", "class", "card", "transform", "translate("+num(x)+" "+num(y)+")")
		w.WriteByte('\n')
		if d == nil {
			su.cardBack(&w)
		} else {
			c := su
			c.side = d
			c.cardFace(&w)
		}
		w.close("g")
		cropMarks(&w, st, x, y)
	}
	w.close("svg")
	_, err := out.Write(w.Bytes())
	return err
}

// cropMarks are short lines outside the card's corners, for cutting.
func cropMarks(w *svgw, st style, x, y float64) {
	var p path
	for _, cx := range []float64{x, x + cardW} {
		for _, cy := range []float64{y, y + cardH} {
			dx, dy := -1.0, -1.0
			if cx > x {
				dx = 1
			}
			if cy > y {
				dy = 1
			}
			p.M(cx+dx*1, cy)
			p.L(cx+dx*(1+cropLen), cy)
			p.M(cx, cy+dy*1)
			p.L(cx, cy+dy*(1+cropLen))
		}
	}
	w.el("path", "d", p.String(), "stroke", st.c("ink"), "stroke-width", "0.2", "fill", "none")
}

// cardFace is one side: the name over a band saying which side, Morale and
// Round, the goal, the additional rules and the setup.
func (su sheetSetup) cardFace(w *svgw) {
	st := su.st
	d := su.side
	hard := d.Name == "hardcore"
	band := st.c("start")
	if hard {
		band = st.c("tok:red")
	}
	w.el("rect", "x", "0", "y", "0", "width", num(cardW), "height", num(cardH), "rx", "3", "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.4")
	w.el("rect", "x", "2", "y", "2", "width", num(cardW-4), "height", "15", "rx", "1.5", "fill", band)
	ink := inkOn(band)
	label := "MAIN OBJECTIVE"
	if hard {
		label = "MAIN OBJECTIVE · HARDCORE"
	}
	w.text(cardW/2, 6.3, 2.2, "middle", "bold", ink, label)
	ts := 4.2
	name := su.s.Objective.Name
	for ts > 2.6 && textWidth(name, ts, true) > cardW-7 {
		ts -= 0.1
	}
	nl := wrapSpans([]span{{text: name, bold: true, fill: ink}}, ts, cardW-7)
	for i, l := range nl[:min(len(nl), 2)] {
		writeLine(w, st, cardW/2, 11+float64(i)*ts*1.05, ts, "middle", l)
	}
	// Morale and Round
	for i, t := range []struct {
		label string
		v     int
	}{{"MORALE", d.Morale}, {"ROUND", d.Round}} {
		cx := 13 + float64(i)*37
		w.el("circle", "cx", num(cx), "cy", "24", "r", "5", "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.5")
		w.text(cx, 26, 5, "middle", "bold", st.c("ink"), fmt.Sprint(t.v))
		anchor, tx := "start", cx+6.5
		if i == 1 {
			anchor, tx = "end", cx-6.5
		}
		w.text(tx, 25, 2.2, anchor, "bold", st.c("ink"), t.label)
	}
	// The texts, shrunk until they fit the card.
	var parts [][]span
	parts = append(parts, []span{{text: "Victory: ", bold: true}, {text: su.filled(d.Victory)}})
	for _, r := range d.Rules {
		parts = append(parts, []span{{text: su.filled(r)}})
	}
	var setup []string
	for _, p := range d.Setup {
		setup = append(setup, placementText(su.s, p))
	}
	if len(setup) > 0 {
		parts = append(parts, []span{{text: "Setup: ", bold: true}, {text: strings.Join(setup, "; ") + "."}})
	}
	if d.Earliest > 1 {
		parts = append(parts, []span{{text: fmt.Sprintf("Cannot be met before round %d.", d.Earliest), italic: true}})
	}
	top, bottom := 31.5, cardH-7.0
	fs := 2.5
	var lines [][][]span
	for ; fs >= 1.4; fs -= 0.05 {
		lines = lines[:0]
		h := 0.0
		for _, p := range parts {
			ls := wrapSpans(p, fs, cardW-8)
			lines = append(lines, ls)
			h += float64(len(ls))*fs*1.25 + fs*0.6
		}
		if h <= bottom-top {
			break
		}
	}
	y := top
	for _, ls := range lines {
		for _, l := range ls {
			if y+fs > bottom {
				break
			}
			writeLine(w, st, 4, y+fs*0.9, fs, "start", l)
			y += fs * 1.25
		}
		y += fs * 0.6
	}
	foot := playersLabel(su.s)
	if su.players > 0 {
		foot = fmt.Sprintf("numbers for %d players", su.players)
	}
	w.el("path", "d", "M4 "+num(cardH-6)+"H"+num(cardW-4), "stroke", st.c("faint"), "stroke-width", "0.25")
	w.text(cardW/2, cardH-3, 1.9, "middle", "", st.c("faint"), foot)
}

// cardBack is the reverse of a card that has no Hardcore side.
func (su sheetSetup) cardBack(w *svgw) {
	st := su.st
	w.el("rect", "x", "0", "y", "0", "width", num(cardW), "height", num(cardH), "rx", "3", "fill", st.c("dark"), "stroke", st.c("ink"), "stroke-width", "0.4")
	ink := inkOn(st.c("dark"))
	w.text(cardW/2, cardH/2-2, 4, "middle", "bold", ink, "MAIN OBJECTIVE")
	w.text(cardW/2, cardH/2+4, 2.4, "middle", "", ink, "no Hardcore side")
}
