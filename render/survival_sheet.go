package render

import (
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/zmission/zmission/rules"
	si "github.com/zmission/zmission/rules/survivalinfection"
)

// The setup sheet of a Zombie: Survival Infection setup: the Camps around
// the City Center for one player count, the chips by value and side, the
// deck recipe and what few players leave out, the Hidden Bite procedure
// with its pile sizes, and the dice. --card draws the card checklist.

// survival colours: the card frames of the rulebook ("green-framed Actions
// and Reactions, black-framed/green bordered Events, and orange-framed
// Character and Hideouts"), and the two sides of a chip.
var survivalPalette = map[string][2]string{
	"action":    {"#2e8540", "#3c3c3c"},
	"reaction":  {"#7cb342", "#b4b4b4"},
	"event":     {"#1b1b1b", "#000000"},
	"character": {"#ef7d1a", "#787878"},
	"hideout":   {"#b85c00", "#dcdcdc"},
	"survivor":  {"#f3e6c4", "#ffffff"},
	"zombie":    {"#6b8f3a", "#9a9a9a"},
	"table":     {"#f5f1e8", "#f4f4f4"},
	"camp":      {"#fde9cf", "#ffffff"},
	"camp-edge": {"#b85c00", "#555555"},
	"rule":      {"#c9c2b3", "#b0b0b0"},
}

func (s style) sc(role string) string {
	p, ok := survivalPalette[role]
	if !ok {
		return s.c(role)
	}
	if s.mono {
		return p[1]
	}
	return p[0]
}

// sheet is one page being drawn.
type sheet struct {
	w     svgw
	st    style
	s     *si.Setup
	n     int // players drawn
	pw    float64
	ph    float64
	m     float64
	fit   bool
	used  float64 // lowest y drawn, for fit pages
	title string
}

// Page draws the setup sheet, or with --card the card checklist.
func (survivalView) Page(out io.Writer, m rules.Model, o ModelOptions) error {
	s, err := setupOf(m)
	if err != nil {
		return err
	}
	if err := CheckPage(o.Page, marginOr(o.Margin)); err != nil {
		return &OptionError{Msg: err.Error()}
	}
	if o.Side != "" && o.Side != "normal" {
		return &OptionError{Msg: "a Zombie: Survival Infection setup has no hardcore side (--side)"}
	}
	n := o.Players
	if n == 0 {
		n = s.Players.Max
	}
	if len(s.Counts()) == 0 {
		return &FileError{Msg: fmt.Sprintf("the setup allows no player count (players %d to %d): fix it first", s.Players.Min, s.Players.Max)}
	}
	if n < s.Players.Min || n > s.Players.Max {
		return &OptionError{Msg: fmt.Sprintf("--players %d: this setup is for %s players", n, si.Span(s.Players.Min, s.Players.Max))}
	}
	sh := &sheet{st: style{mono: o.Mono}, s: s, n: n, m: marginOr(o.Margin)}
	size, ok := pageSizes[o.Page]
	if !ok {
		size = pageSizes["a4"]
		sh.fit = o.Page == "fit"
	}
	sh.pw, sh.ph = size[0], size[1]
	if o.Landscape {
		sh.pw, sh.ph = sh.ph, sh.pw
	}
	if o.Card {
		sh.title = s.Name + " — card checklist"
		sh.checklist()
		if !sh.fit && sh.used > sh.ph-sh.m+0.01 {
			return &OptionError{Msg: fmt.Sprintf("the checklist of %d card names does not fit on one %s page: use --page fit (one tall page) or --landscape", len(s.Deck), pageName(o.Page))}
		}
	} else {
		sh.title = s.Name + " — setup sheet"
		sh.setupSheet()
		if !sh.fit && sh.used > sh.ph-sh.m+0.01 {
			return &OptionError{Msg: fmt.Sprintf("the setup sheet does not fit on one %s page (its notes and changes are long): use --page fit or --page a3", pageName(o.Page))}
		}
	}
	return sh.write(out)
}

func pageName(p string) string {
	if p == "" {
		return "a4"
	}
	return p
}

func marginOr(m float64) float64 {
	if m == 0 {
		return DefaultMargin
	}
	return m
}

func (sh *sheet) write(out io.Writer) error {
	ph := sh.ph
	if sh.fit {
		ph = math.Ceil(sh.used + sh.m)
	}
	var w svgw
	w.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	w.open("svg", "xmlns", "http://www.w3.org/2000/svg", "version", "1.1",
		"width", num(sh.pw)+"mm", "height", num(ph)+"mm", "viewBox", "0 0 "+num(sh.pw)+" "+num(ph),
		"font-family", fontFamily)
	w.WriteByte('\n')
	w.WriteString("<title>" + esc(sh.title) + "</title>\n")
	w.el("rect", "width", num(sh.pw), "height", num(ph), "fill", sh.st.c("paper"))
	w.Write(sh.w.Bytes())
	w.close("svg")
	_, err := out.Write(w.Bytes())
	return err
}

// txt writes one line and notes how far down the page it reaches.
func (sh *sheet) txt(x, y, size float64, anchor string, bold bool, fill, s string) {
	wt := ""
	if bold {
		wt = "bold"
	}
	if fill == "" {
		fill = sh.st.c("ink")
	}
	sh.w.text(x, y, size, anchor, wt, fill, s)
	sh.mark(y + size*0.3)
}

func (sh *sheet) mark(y float64) { sh.used = max(sh.used, y) }

// para writes wrapped text and returns the y below it.
func (sh *sheet) para(x, y, width, size float64, bold bool, s string) float64 {
	for _, line := range wrapText(s, size, width, bold) {
		y += size
		sh.txt(x, y, size, "start", bold, "", line)
		y += size * (leading - 1)
	}
	return y
}

// wrapText breaks s into lines no wider than width.
func wrapText(s string, size, width float64, bold bool) []string {
	var lines []string
	line := ""
	for _, word := range strings.Fields(s) {
		try := word
		if line != "" {
			try = line + " " + word
		}
		if textWidth(try, size, bold) <= width || line == "" && textWidth(word, size, bold) > width {
			if line == "" && textWidth(word, size, bold) > width {
				parts := breakWord(word, size, bold, width)
				lines = append(lines, parts[:len(parts)-1]...)
				line = parts[len(parts)-1]
				continue
			}
			line = try
			continue
		}
		lines = append(lines, line)
		line = word
	}
	if line != "" {
		lines = append(lines, line)
	}
	return lines
}

// heading writes a section heading with a rule under it; the y below.
func (sh *sheet) heading(x, y, width float64, s string) float64 {
	y += headSize
	sh.txt(x, y, headSize, "start", true, "", s)
	y += 1.2
	sh.w.el("line", "x1", num(x), "y1", num(y), "x2", num(x+width), "y2", num(y), "stroke", sh.st.sc("rule"), "stroke-width", "0.3")
	return y + 1.5
}

// row writes table cells at the given x offsets; the y below.
func (sh *sheet) row(x, y float64, cols []float64, cells []string, bold bool, size float64) float64 {
	y += size
	for i, c := range cells {
		anchor := "start"
		cx := x + cols[i]
		if i > 0 {
			anchor = "end"
		}
		sh.txt(cx, y, size, anchor, bold, "", c)
	}
	return y + size*(leading-1)
}

func (sh *sheet) setupSheet() {
	s, n, m := sh.s, sh.n, sh.m
	width := sh.pw - 2*m
	y := m + 6
	sh.txt(m, y, 6.5, "start", true, "", s.Name)
	y += 5
	sub := fmt.Sprintf("Zombie: Survival Infection · setup for %d players (this setup: %s)", n, si.Span(s.Players.Min, s.Players.Max))
	if s.Author != "" {
		sub += " · by " + s.Author
	}
	sh.txt(m, y, bodySize, "start", false, sh.st.c("faint"), sub)
	y += 3
	landscape := sh.pw > sh.ph
	var diagramW, colW float64
	var cols [][2]float64 // x, top of each text column
	if landscape {
		diagramW = width * 0.46
		colW = (width - diagramW - 2*colGap) / 2
		top := y
		sh.diagram(m, y, diagramW, math.Min(diagramW, sh.ph-y-m))
		cols = [][2]float64{{m + diagramW + colGap, top}, {m + diagramW + 2*colGap + colW, top}}
	} else {
		diagramW = width
		h := math.Min(width*0.55, 110)
		sh.diagram(m, y, diagramW, h)
		y += h + 3
		colW = (width - colGap) / 2
		cols = [][2]float64{{m, y}, {m + colW + colGap, y}}
	}
	x0, y0 := cols[0][0], cols[0][1]
	y0 = sh.deckBlock(x0, y0, colW)
	y0 = sh.biteBlock(x0, y0+blockGap/2, colW)
	x1, y1 := cols[1][0], cols[1][1]
	y1 = sh.chipBlock(x1, y1, colW)
	y1 = sh.diceBlock(x1, y1+blockGap/2, colW)
	y1 = sh.turnBlock(x1, y1+blockGap/2, colW)
	bottom := max(y0, y1)
	if len(s.Changes) > 0 || s.Notes != "" {
		yy := sh.heading(m, bottom+blockGap/2, width, "House rules and notes")
		if len(s.Changes) > 0 {
			yy = sh.para(m, yy, width, smallSize, false, "Changed from the base game: "+strings.Join(s.Changes, "; ")+".")
		}
		if s.Notes != "" {
			yy = sh.para(m, yy, width, smallSize, false, s.Notes)
		}
		bottom = yy
	}
	// The figures of games played out come last, and only where the page
	// has room for them: the author's house rules and notes are what the
	// sheet must carry, and analyze gives the figures in full.
	if w := playedWords(s, n); w != "" {
		lines := len(wrapText(w, smallSize, width, false))
		need := blockGap/2 + headSize + 2.7 + float64(lines)*smallSize*leading
		if sh.fit || bottom+need <= sh.ph-m {
			yy := sh.heading(m, bottom+blockGap/2, width, "Played out")
			bottom = sh.para(m, yy, width, smallSize, false, w)
		}
	}
	sh.mark(bottom)
}

// sheetGames is how many whole games the sheet plays for its figures, at
// most (fewer when the games run long): fewer than analyze, as a sheet is
// drawn often (the site draws one per setup); the sheet says how many,
// and analyze gives the full table.
const sheetGames = 200

// playedWords sums up whole games played out with n players, in one
// sentence (empty when none can be played).
func playedWords(s *si.Setup, n int) string {
	if n < s.Players.Min || n > s.Players.Max {
		return ""
	}
	for _, r := range []si.GameStat{s.PlayCount(n, si.DefaultSeed, sheetGames)} {
		if r.Problem != "" || r.Games == 0 {
			continue
		}
		seats := make([]string, len(r.Seats))
		for i, x := range r.Seats {
			seats[i] = fmt.Sprintf("%.0f%%", x.Rate*100)
		}
		return fmt.Sprintf("In %d simulated games with %d players (seed %d; the players' policy and the model: zmission analyze), seats 1 to %d won %s; the Zombies won %.0f%%; a game lasted %d rounds (median; %d to %d for most).",
			r.Games, n, si.DefaultSeed, n, strings.Join(seats, ", "), r.Zombies.Rate*100, r.Rounds.Median, r.Rounds.P10, r.Rounds.P90)
	}
	return ""
}

// diagram draws the table: the City Center in the middle, the draw and
// discard piles beside it, the Camps around it.
func (sh *sheet) diagram(x, y, w, h float64) {
	s, n, st := sh.s, sh.n, sh.st
	// The sheet's main figure: a site's card is cut to it.
	sh.w.open("g", "class", "figure")
	sh.w.WriteByte('\n')
	defer sh.w.close("g")
	sh.w.el("rect", "x", num(x), "y", num(y), "width", num(w), "height", num(h), "rx", "3", "fill", st.sc("table"), "stroke", st.sc("rule"), "stroke-width", "0.3")
	cx, cy := x+w/2, y+h/2
	rx, ry := w/2-20, h/2-11
	// City Center
	cr := math.Min(rx, ry) * 0.52
	sh.w.el("circle", "cx", num(cx), "cy", num(cy), "r", num(cr), "fill", st.c("paper"), "stroke", st.c("ink"), "stroke-width", "0.4")
	sh.txt(cx, cy-cr+5, bodySize, "middle", true, "", "City Center")
	center := s.CityCenter(n)
	surv, zomb := 0, 0
	for _, c := range center {
		surv += c.Value * c.Survivors
		zomb += c.Value * c.Zombies
	}
	rowsFit := min(len(center), int((2*cr-18)/4.6))
	ly := cy - float64(rowsFit)*4.6/2 + 2.4
	// chips by value: a Survivor chip and a Zombie chip with counts
	for _, c := range center {
		if ly > cy+cr-9 {
			break
		}
		sh.chip(cx-cr*0.55, ly-1, 1.8, "survivor", c.Value)
		sh.txt(cx-cr*0.55+2.8, ly, smallSize, "start", false, "", fmt.Sprintf("×%d", c.Survivors))
		sh.chip(cx+cr*0.12, ly-1, 1.8, "zombie", c.Value)
		sh.txt(cx+cr*0.12+2.8, ly, smallSize, "start", false, "", fmt.Sprintf("×%d", c.Zombies))
		ly += 4.6
	}
	sh.txt(cx, cy+cr-6, smallSize, "middle", false, "", rules.CountOf(surv, "Survivor"))
	sh.txt(cx, cy+cr-2.8, smallSize, "middle", false, "", rules.CountOf(zomb, "Zombie"))
	// draw and discard piles, in the table's top left corner, which no
	// Camp reaches
	p, _ := s.Piles(n)
	pw, ph := 7.0, 9.8
	px, py := x+2.5, y+2.5
	sh.w.el("rect", "x", num(px), "y", num(py), "width", num(pw), "height", num(ph), "rx", "0.8", "fill", st.sc("event"), "stroke", st.c("ink"), "stroke-width", "0.3")
	sh.txt(px+pw/2, py+ph/2+0.9, smallSize*0.9, "middle", true, st.c("paper"), fmt.Sprint(p.First+p.Second+1))
	sh.txt(px+pw/2, py+ph+2.6, smallSize*0.8, "middle", false, "", "draw")
	sh.w.el("rect", "x", num(px+pw+1.5), "y", num(py), "width", num(pw), "height", num(ph), "rx", "0.8", "fill", "none", "stroke", st.c("ink"), "stroke-width", "0.3", "stroke-dasharray", "1 0.8")
	sh.txt(px+pw*1.5+1.5, py+ph+2.6, smallSize*0.8, "middle", false, "", "discard")
	// Camps around the table, the starting player at the bottom
	bw := math.Min(48, w/3.8)
	bh := sh.campHeight(bw)
	for i := 0; i < n; i++ {
		a := math.Pi/2 + 2*math.Pi*float64(i)/float64(n)
		bx := cx + rx*math.Cos(a) - bw/2
		by := cy + ry*math.Sin(a) - bh/2
		bx = math.Max(x+1, math.Min(bx, x+w-bw-1))
		by = math.Max(y+1, math.Min(by, y+h-bh-1))
		sh.camp(bx, by, bw, bh, i)
	}
}

func (sh *sheet) chip(x, y, r float64, side string, value int) {
	sh.w.el("circle", "cx", num(x), "cy", num(y), "r", num(r), "fill", sh.st.sc(side), "stroke", sh.st.c("ink"), "stroke-width", "0.25")
	fill := sh.st.c("ink")
	if side == "zombie" && !sh.st.mono {
		fill = sh.st.c("paper")
	}
	sh.txt(x, y+0.8, 2.1, "middle", true, fill, fmt.Sprint(value))
}

// campLines is what a Camp's box says, wrapped to its width.
func (sh *sheet) campLines(i int, w float64) []string {
	s := sh.s
	lines := []string{
		"Phase card, Survival side up",
		s.Camp.Hideout + " over No Hideout",
		rules.CountOf(s.Hand.N, "card") + " in hand",
	}
	if i == 0 {
		lines = append(lines, "Base and Survival dice")
	}
	var out []string
	for _, l := range lines {
		out = append(out, wrapText(l, campSize, w-3, false)...)
	}
	return out
}

const campSize = 2.2

// campHeight fits the longest Camp box (the starting player's).
func (sh *sheet) campHeight(w float64) float64 {
	return 6.2 + float64(len(sh.campLines(0, w)))*2.9
}

func (sh *sheet) camp(x, y, w, h float64, i int) {
	s, st := sh.s, sh.st
	sh.w.el("rect", "x", num(x), "y", num(y), "width", num(w), "height", num(h), "rx", "1.5", "fill", st.sc("camp"), "stroke", st.sc("camp-edge"), "stroke-width", "0.5")
	name := fmt.Sprintf("Camp %d", i+1)
	if i == 0 {
		name += " · starts"
	}
	sh.txt(x+1.5, y+3.4, smallSize, "start", true, "", truncateWidth(name, smallSize, w-3-float64(len(s.Camp.Chips))*3.8))
	for k, l := range sh.campLines(i, w) {
		sh.txt(x+1.5, y+6.6+float64(k)*2.9, campSize, "start", false, "", l)
	}
	for k, v := range s.Camp.Chips {
		sh.chip(x+w-2.6-float64(k)*3.8, y+3.2, 1.6, "survivor", v)
	}
}

func truncateWidth(s string, size, width float64) string {
	if textWidth(s, size, false) <= width {
		return s
	}
	r := []rune(s)
	for len(r) > 1 && textWidth(string(r)+"…", size, false) > width {
		r = r[:len(r)-1]
	}
	return string(r) + "…"
}

// deckBlock is the deck recipe: cards by type and symbol, and what the
// open-symbol filter leaves in the box.
func (sh *sheet) deckBlock(x, y, w float64) float64 {
	s := sh.s
	y = sh.heading(x, y, w, "The deck")
	type cnt struct{ open, closed int }
	by := map[string]*cnt{}
	for _, t := range si.Types {
		by[t] = &cnt{}
	}
	var leftOut []string
	for _, c := range s.Deck {
		t := c.PlayedAs()
		if by[t] == nil {
			by[t] = &cnt{}
		}
		if c.Closed {
			by[t].closed += c.Count
			if c.Count > 0 {
				leftOut = append(leftOut, fmt.Sprintf("%s ×%d", c.Name, c.Count))
			}
		} else {
			by[t].open += c.Count
		}
	}
	cols := []float64{0, w * 0.55, w * 0.78, w}
	y = sh.row(x, y, cols, []string{"Type", "open", "closed", "total"}, true, smallSize)
	to, tc := 0, 0
	for _, t := range si.Types {
		c := by[t]
		if c.open+c.closed == 0 {
			continue
		}
		sh.w.el("rect", "x", num(x), "y", num(y+0.5), "width", "1.6", "height", num(smallSize), "fill", sh.st.sc(t), "stroke", sh.st.c("ink"), "stroke-width", "0.15")
		y = sh.row(x+2.4, y, []float64{0, cols[1] - 2.4, cols[2] - 2.4, cols[3] - 2.4},
			[]string{strings.ToUpper(t[:1]) + t[1:], fmt.Sprint(c.open), fmt.Sprint(c.closed), fmt.Sprint(c.open + c.closed)}, false, smallSize)
		to, tc = to+c.open, tc+c.closed
	}
	if c := by[""]; c != nil && c.open+c.closed > 0 {
		y = sh.row(x, y, cols, []string{"(no type)", fmt.Sprint(c.open), fmt.Sprint(c.closed), fmt.Sprint(c.open + c.closed)}, false, smallSize)
		to, tc = to+c.open, tc+c.closed
	}
	y = sh.row(x, y, cols, []string{"All cards", fmt.Sprint(to), fmt.Sprint(tc), fmt.Sprint(to + tc)}, true, smallSize)
	if p := s.Players; p.OpenOnlyUpTo >= p.Min && tc > 0 {
		y += 1
		y = sh.para(x, y, w, smallSize, true, fmt.Sprintf("With %s players, return the %d closed-symbol cards to the box:", si.Span(p.Min, min(p.OpenOnlyUpTo, p.Max)), tc))
		y = sh.para(x, y, w, smallSize, false, strings.Join(leftOut, ", ")+".")
	}
	return y
}

// biteBlock is the Hidden Bite procedure with this player count's numbers.
func (sh *sheet) biteBlock(x, y, w float64) float64 {
	s, n := sh.s, sh.n
	f := s.Filter(n)
	p, rest := s.Piles(n)
	y = sh.heading(x, y, w, fmt.Sprintf("The Hidden Bite, %d players", n))
	deck := fmt.Sprintf("the %d cards", f.Cards)
	if f.OpenOnly {
		deck = fmt.Sprintf("the %d open-symbol cards", f.Cards)
	}
	var steps []string
	if s.Bite.SetAside {
		steps = append(steps, "Set the Hidden Bite aside.")
	} else {
		steps = append(steps, "Shuffle the Hidden Bite with the rest (house rule).")
		deck = fmt.Sprintf("%s and the Hidden Bite", deck)
	}
	steps = append(steps, fmt.Sprintf("Shuffle %s and deal %d to each player (%d in all).", deck, s.Hand.N, p.Dealt))
	if rest < 2 {
		steps = append(steps, fmt.Sprintf("%d cards are left: too few for two piles. This setup cannot be played with %d players.", max(rest, 0), n))
	} else {
		steps = append(steps, fmt.Sprintf("Split the %d cards left into two piles: %d and %d.", rest, p.First, p.Second))
		first, last := 0, 0
		switch {
		case !s.Bite.SetAside:
			steps = append(steps, "Put the first pile on top of the second: the Hidden Bite may be anywhere, even dealt.")
		case s.Bite.Into == si.IntoFirst:
			steps = append(steps, fmt.Sprintf("Shuffle the Hidden Bite into the first pile (%d cards), and put it on top of the second.", p.First+1))
			first, last = 1, p.First+1
		case s.Bite.Into == si.IntoDeck:
			steps = append(steps, "Stack the piles and shuffle the Hidden Bite into the whole draw deck.")
			first, last = 1, p.First+p.Second+1
		default:
			steps = append(steps, fmt.Sprintf("Shuffle the Hidden Bite into the second pile (%d cards), and put the first pile on top.", p.Second+1))
			first, last = p.First+1, p.First+p.Second+1
		}
		if first > 0 {
			steps = append(steps, fmt.Sprintf("The Infection Phase starts with the %s to %s card drawn.", ordinal(first), ordinal(last)))
		}
	}
	for i, st := range steps {
		sh.txt(x, y+smallSize, smallSize, "start", true, "", fmt.Sprintf("%d.", i+1))
		y = sh.para(x+4, y, w-4, smallSize, false, st)
	}
	return y
}

// chipBlock is the chips by value: in the set, to the Camps, flipped to
// Zombie, left as Survivors.
func (sh *sheet) chipBlock(x, y, w float64) float64 {
	s, n := sh.s, sh.n
	y = sh.heading(x, y, w, "Chips")
	cols := []float64{0, w * 0.32, w * 0.52, w * 0.72, w}
	y = sh.row(x, y, cols, []string{"Value", "in set", "Camps", "Zombie", "Survivor"}, true, smallSize)
	center := s.CityCenter(n)
	for _, c := range center {
		have, _ := s.ChipCount(c.Value)
		sh.chip(x+1.9, y+smallSize*0.6, 1.7, "survivor", c.Value)
		y = sh.row(x, y, cols, []string{"", fmt.Sprint(have.Count), fmt.Sprint(n * s.CampChips(c.Value)), fmt.Sprint(c.Zombies), fmt.Sprint(c.Survivors)}, false, smallSize)
		y += 0.6
	}
	missing := s.Missing(n)
	y += 0.5
	txt := fmt.Sprintf("All chips Survivor side up; each Camp takes %s. ", joinValues(s.Camp.Chips))
	if missing > 0 {
		txt += fmt.Sprintf("%d players are %d short of %d: flip %d× (%s) to Zombie.", n, missing, s.City.FullTable, missing, si.ChipWords(s.City.Flip))
	} else {
		txt += "A full table: no chip is flipped."
	}
	return sh.para(x, y, w, smallSize, false, txt)
}

func joinValues(v []int) string {
	if len(v) == 0 {
		return "no chips"
	}
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = fmt.Sprint(x)
	}
	return "one chip of " + strings.Join(s, ", one of ")
}

// diceBlock draws each die's faces and the rolls' expected values.
func (sh *sheet) diceBlock(x, y, w float64) float64 {
	s := sh.s
	y = sh.heading(x, y, w, "Dice")
	an := si.Analyze(&si.Setup{Dice: s.Dice}, rules.AnalyzeOptions{Runs: 1})
	fs := 4.2
	for _, d := range s.Dice {
		sh.txt(x, y+fs*0.8, smallSize, "start", true, "", d.Name)
		fx := x + w*0.24
		for k, f := range d.Faces {
			if k >= 8 {
				break
			}
			bx := fx + float64(k)*(fs+0.8)
			sh.w.el("rect", "x", num(bx), "y", num(y), "width", num(fs), "height", num(fs), "rx", "0.7", "fill", sh.st.c("paper"), "stroke", sh.st.c("ink"), "stroke-width", "0.3")
			label := f.String()
			switch {
			case f.Blank:
				label = ""
			case f.Symbol:
				label = "×2"
			}
			sh.txt(bx+fs/2, y+fs*0.72, 2.3, "middle", true, "", label)
		}
		for _, ds := range an.Dice {
			if ds.Die == d.Name {
				sh.txt(x+w, y+fs*0.8, smallSize, "end", false, "", fmt.Sprintf("mean %.2f", ds.Mean))
			}
		}
		y += fs + 1.2
	}
	for _, r := range an.Rolls {
		y = sh.para(x, y, w, smallSize, false, fmt.Sprintf("%s: %.2f on average (%d to %d), doubled %s of the time; each +1 modifier adds %.2f.", r.Roll, r.Mean, r.Min, r.Max, pct(r.Doubled), r.PerModifier))
	}
	return y
}

// turnBlock reminds the turn order, with the setup's redraw size.
func (sh *sheet) turnBlock(x, y, w float64) float64 {
	s := sh.s
	y = sh.heading(x, y, w, "Each turn")
	for i, st := range []string{
		"Survival or Infection Roll: the Base Die, and the phase die if you have it; a symbol doubles the result.",
		fmt.Sprintf("Redraw: draw until you have %d cards in your hand.", s.Redraw.N),
		"Take Action: an Event drawn must be played; else play a card, discard up to 2, trade, or pass.",
		"End of your turn: pass the Base Die to the left.",
	} {
		sh.txt(x, y+smallSize, smallSize, "start", true, "", fmt.Sprintf("%d.", i+1))
		y = sh.para(x+4, y, w-4, smallSize, false, st)
	}
	return y
}

// checklist draws every card with a box per copy, by type, in columns.
func (sh *sheet) checklist() {
	s, m := sh.s, sh.m
	width := sh.pw - 2*m
	y := m + 6
	sh.txt(m, y, 6.5, "start", true, "", s.Name)
	y += 5
	total := 0
	for _, c := range s.Deck {
		total += c.Count
	}
	sh.txt(m, y, bodySize, "start", false, sh.st.c("faint"), fmt.Sprintf("Card checklist: %d cards. Tick a box per copy; ● open symbol, ○ closed (left out with few players).", total))
	y += 4
	ncol := 2
	if sh.pw > sh.ph {
		ncol = 3
	}
	colW := (width - float64(ncol-1)*colGap) / float64(ncol)
	top := y
	bottom := sh.ph - m
	col := 0
	cx := m
	line := smallSize * leading
	for _, t := range append(append([]string(nil), si.Types...), "") {
		var cards []si.Card
		for _, c := range s.Deck {
			if c.PlayedAs() == t {
				cards = append(cards, c)
			}
		}
		if len(cards) == 0 {
			continue
		}
		name := "No type"
		if t != "" {
			name = strings.ToUpper(t[:1]) + t[1:] + "s"
		}
		if !sh.fit && y+headSize+5+line > bottom && col+1 < ncol {
			col++
			cx, y = m+float64(col)*(colW+colGap), top
		}
		y = sh.heading(cx, y, colW, name)
		for _, c := range cards {
			label := c.Name
			if c.Text != "" {
				label += " — " + c.Text
			}
			boxes := min(c.Count, 12)
			bw := float64(boxes)*3.1 + 4
			lines := wrapText(label, smallSize, colW-bw-3, false)
			need := float64(len(lines))*line + 0.6
			if !sh.fit && y+need > bottom && col+1 < ncol {
				col++
				cx, y = m+float64(col)*(colW+colGap), top
			}
			sym := "●"
			if c.Closed {
				sym = "○"
			}
			sh.txt(cx, y+smallSize, smallSize, "start", false, "", sym)
			for k, l := range lines {
				sh.txt(cx+3, y+smallSize+float64(k)*line, smallSize, "start", k == 0 && c.HiddenBite, "", l)
			}
			for k := 0; k < boxes; k++ {
				bx := cx + colW - float64(boxes-k)*3.1
				sh.w.el("rect", "x", num(bx), "y", num(y+0.4), "width", "2.4", "height", "2.4", "fill", "none", "stroke", sh.st.c("ink"), "stroke-width", "0.25")
			}
			if c.Count > boxes {
				sh.txt(cx+colW-float64(boxes)*3.1-1, y+smallSize, smallSize, "end", false, "", fmt.Sprintf("%d×", c.Count))
			}
			y += need
			sh.mark(y)
		}
		y += 2
	}
}
