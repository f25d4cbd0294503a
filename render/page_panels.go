package render

import (
	"math"
	"strconv"
	"strings"
)

// Text panels are laid out in mm. A section is a heading and its parts;
// each part is measured for a width and a text scale first, then drawn,
// so the page can shrink its text until everything fits.

// Type sizes at scale 1, in mm (3.05 mm is about 8.6 pt).
const (
	headSize  = 3.9
	bodySize  = 3.05
	smallSize = 2.75
	leading   = 1.3
	partGap   = 1.6
)

// block is something measured, ready to draw with its top-left at (x, y).
type block struct {
	h    float64
	draw func(w *svgw, x, y float64)
}

// partFn measures a part of a section at a width and text scale.
type partFn func(width, scale float64) block

// sectionFn measures a whole section.
type sectionFn func(width, scale float64) block

// span is a run of text in one style.
type span struct {
	text   string
	bold   bool
	italic bool
	fill   string // "" = the body ink
}

// section is a heading over parts; an empty heading draws none.
func section(st style, title string, parts ...partFn) sectionFn {
	return func(width, scale float64) block {
		var bs []block
		h := 0.0
		hs := headSize * scale
		if title != "" {
			h += hs * 1.45
		}
		for i, p := range parts {
			b := p(width, scale)
			if i > 0 {
				h += partGap * scale
			}
			bs = append(bs, b)
			h += b.h
		}
		return block{h: h, draw: func(w *svgw, x, y float64) {
			if title != "" {
				w.text(x, y+hs, hs, "start", "bold", st.c("ink"), title, "class", "heading")
				w.el("path", "d", "M"+num(x)+" "+num(y+hs*1.22)+"H"+num(x+width), "stroke", st.c("ink"), "stroke-width", num(0.25*scale))
				y += hs * 1.45
			}
			for i, b := range bs {
				if i > 0 {
					y += partGap * scale
				}
				b.draw(w, x, y)
				y += b.h
			}
		}}
	}
}

// column stacks sections with a gap between them.
func column(secs []sectionFn, width, scale, gap float64) block {
	var bs []block
	h := 0.0
	for _, s := range secs {
		b := s(width, scale)
		if len(bs) > 0 {
			h += gap
		}
		bs = append(bs, b)
		h += b.h
	}
	return block{h: h, draw: func(w *svgw, x, y float64) {
		for i, b := range bs {
			if i > 0 {
				y += gap
			}
			b.draw(w, x, y)
			y += b.h
		}
	}}
}

// wrapSpans breaks styled text into lines at most width wide at font size
// size, greedily by words. "\n" starts a new line. A word too long for a
// line is cut.
func wrapSpans(spans []span, size, width float64) [][]span {
	type word struct {
		text string
		st   int
		brk  bool
	}
	var words []word
	for si, s := range spans {
		for pi, piece := range strings.Split(s.text, "\n") {
			for wi, f := range strings.Fields(piece) {
				words = append(words, word{text: f, st: si, brk: pi > 0 && wi == 0})
			}
			if pi > 0 && len(strings.Fields(piece)) == 0 {
				words = append(words, word{st: si, brk: true})
			}
		}
	}
	var lines [][]span
	var cur []word
	curW := 0.0
	flush := func() {
		var line []span
		for i, wd := range cur {
			s := spans[wd.st]
			text := wd.text
			if i > 0 {
				text = " " + text
			}
			if n := len(line); n > 0 && i > 0 && cur[i-1].st == wd.st {
				line[n-1].text += text
				continue
			}
			line = append(line, span{text: text, bold: s.bold, italic: s.italic, fill: s.fill})
		}
		lines = append(lines, line)
		cur, curW = nil, 0
	}
	for _, wd := range words {
		bold := spans[wd.st].bold
		if wd.brk && (len(cur) > 0 || len(lines) > 0) {
			flush()
		}
		if wd.text == "" {
			continue
		}
		ww := textWidth(wd.text, size, bold)
		sp := textWidth(" ", size, bold)
		if len(cur) > 0 && curW+sp+ww > width {
			flush()
		}
		if len(cur) == 0 && ww > width {
			pieces := breakWord(wd.text, size, bold, width)
			for _, p := range pieces[:len(pieces)-1] {
				cur = append(cur, word{text: p, st: wd.st})
				flush()
			}
			wd.text = pieces[len(pieces)-1]
			ww = textWidth(wd.text, size, bold)
		}
		if len(cur) > 0 {
			curW += sp
		}
		cur = append(cur, wd)
		curW += ww
	}
	if len(cur) > 0 {
		flush()
	}
	return lines
}

// writeLine writes one line of spans with its baseline at y.
func writeLine(w *svgw, st style, x, y, size float64, anchor string, line []span) {
	if len(line) == 1 {
		s := line[0]
		w.text(x, y, size, anchor, weight(s.bold), fillOr(st, s.fill), strings.TrimLeft(s.text, " "), "font-style", italic(s.italic))
		return
	}
	w.open("text", "x", num(x), "y", num(y), "font-size", num(size), "text-anchor", anchor, "fill", st.c("ink"), "xml:space", "preserve")
	for _, s := range line {
		w.open("tspan", "font-weight", weight(s.bold), "font-style", italic(s.italic), "fill", s.fill)
		w.WriteString(esc(s.text))
		w.WriteString("</tspan>")
	}
	w.close("text")
}

func weight(bold bool) string {
	if bold {
		return "bold"
	}
	return ""
}

func italic(it bool) string {
	if it {
		return "italic"
	}
	return ""
}

func fillOr(st style, fill string) string {
	if fill == "" {
		return st.c("ink")
	}
	return fill
}

// para is wrapped text.
func para(st style, spans ...span) partFn {
	return paraSized(st, bodySize, spans...)
}

func paraSized(st style, size float64, spans ...span) partFn {
	return func(width, scale float64) block {
		fs := size * scale
		lines := wrapSpans(spans, fs, width)
		lead := fs * leading
		return block{h: float64(len(lines)) * lead, draw: func(w *svgw, x, y float64) {
			for i, l := range lines {
				writeLine(w, st, x, y+float64(i)*lead+fs*0.93, fs, "start", l)
			}
		}}
	}
}

// item is one entry of a list: a prefix ("1.", "•") and its text.
type item struct {
	prefix string
	body   []span
}

// list is items with a hanging indent.
func list(st style, items []item) partFn {
	return func(width, scale float64) block {
		fs := bodySize * scale
		lead := fs * leading
		indent := 0.0
		for _, it := range items {
			indent = math.Max(indent, textWidth(it.prefix, fs, true))
		}
		indent += fs * 0.5
		var all [][][]span
		h := 0.0
		for i, it := range items {
			lines := wrapSpans(it.body, fs, width-indent)
			if len(lines) == 0 {
				lines = [][]span{{{text: ""}}}
			}
			all = append(all, lines)
			h += float64(len(lines)) * lead
			if i > 0 {
				h += fs * 0.35
			}
		}
		return block{h: h, draw: func(w *svgw, x, y float64) {
			for i, it := range items {
				if i > 0 {
					y += fs * 0.35
				}
				w.text(x, y+fs*0.93, fs, "start", "bold", st.c("ink"), it.prefix)
				for j, l := range all[i] {
					writeLine(w, st, x+indent, y+float64(j)*lead+fs*0.93, fs, "start", l)
				}
				y += float64(len(all[i])) * lead
			}
		}}
	}
}

// legendEntry is a swatch drawn in a box of swatchW x swatchH board units,
// and what it means.
type legendEntry struct {
	label  string
	swatch func(w *svgw)
}

const (
	swatchW = 140.0
	swatchH = 100.0
)

// legend lays entries out in as many columns as fit.
func legend(st style, entries []legendEntry) partFn {
	return func(width, scale float64) block {
		fs := smallSize * scale
		lead := fs * leading
		sh := 5.4 * scale
		sw := sh * swatchW / swatchH
		gap, colGap := 1.6*scale, 3*scale
		cols := int((width + colGap) / (44*scale + colGap))
		cols = max(1, min(3, cols, len(entries)))
		colW := (width - float64(cols-1)*colGap) / float64(cols)
		type placed struct {
			lines [][]span
			h     float64
		}
		ps := make([]placed, len(entries))
		for i, e := range entries {
			lines := wrapSpans([]span{{text: e.label}}, fs, colW-sw-gap)
			ps[i] = placed{lines: lines, h: math.Max(sh, float64(len(lines))*lead)}
		}
		var rowH []float64
		for i := 0; i < len(entries); i += cols {
			h := 0.0
			for j := i; j < i+cols && j < len(entries); j++ {
				h = math.Max(h, ps[j].h)
			}
			rowH = append(rowH, h)
		}
		total := 0.0
		for i, h := range rowH {
			if i > 0 {
				total += gap * 0.7
			}
			total += h
		}
		return block{h: total, draw: func(w *svgw, x, y float64) {
			k := sh / swatchH
			for r, h := range rowH {
				for c := 0; c < cols; c++ {
					i := r*cols + c
					if i >= len(entries) {
						break
					}
					ex := x + float64(c)*(colW+colGap)
					w.open("g", "class", "swatch", "transform", "translate("+num(ex)+" "+num(y)+") scale("+num4(k)+")")
					w.WriteByte('\n')
					entries[i].swatch(w)
					w.close("g")
					lines := ps[i].lines
					ty := y + (sh-float64(len(lines))*lead)/2
					if len(lines) > 1 {
						ty = y
					}
					for j, l := range lines {
						writeLine(w, st, ex+sw+gap, ty+float64(j)*lead+fs*0.93, fs, "start", l)
					}
				}
				y += h + gap*0.7
			}
		}}
	}
}

// num4 keeps four decimals, for scale factors.
func num4(v float64) string { return trimNum(strconv.FormatFloat(v, 'f', 4, 64)) }
