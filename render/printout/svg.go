// Package printout turns the SVG pages render writes into PDF and PNG.
//
// render draws every page once, as SVG text from a small subset of SVG.
// This package reads that subset back (Parse), resolves styles, symbols,
// patterns and transforms into a flat list of drawing operations in page
// millimetres, and replays the list on a PDF writer (with embedded DejaVu
// Sans, the face the SVG asks for first and whose widths render's layout
// measures with) or a rasteriser. Anything outside the subset is an error,
// never a silent gap: a test walks every SVG render produces.
package printout

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"strconv"
	"strings"
)

// Page is one parsed page, ready to print.
type Page struct {
	W, H  float64 // size in mm
	Title string
	ops   []op
	boxes map[string][4]float64 // by a group's class: what the first such group draws
}

// Box is the rectangle (x, y, width, height in page mm) that the first
// group of the class draws on the page, strokes and text included
// roughly; ok is false when the page has no such group or it draws
// nothing. The site cuts a sheet's card to its main figure with it.
func (p *Page) Box(class string) (box [4]float64, ok bool) {
	box, ok = p.boxes[class]
	return box, ok
}

// operation kinds.
const (
	opFill = iota
	opStroke
	opText
	opPattern
)

type op struct {
	kind  int
	path  shape       // page mm
	col   color.NRGBA // fill, stroke or text colour, opacity applied
	width float64     // stroke width in mm
	cap   string      // butt, round, square
	join  string      // miter, round, bevel
	dash  []float64   // in mm
	// text: runs laid out from x, y (baseline, page mm) at size mm.
	x, y float64
	runs []run
	// pattern fill: the tile's operations in pattern space, and the map
	// from pattern space to the page.
	pat *pattern
}

type run struct {
	text string
	face int // faceRegular…
	size float64
	col  color.NRGBA
	dx   float64 // offset from the text's x, mm
}

type pattern struct {
	w, h float64
	m    matrix
	ops  []op
}

// node is a parsed element.
type node struct {
	name  string
	attrs map[string]string
	kids  []*node
	text  string // character data directly inside (text, tspan, title)
	chars []any  // text content in order: string or *node (tspan)
}

// maxDepth and maxNodes bound what a page may hold, so that a damaged or
// hostile file cannot exhaust memory or recurse without end.
const (
	maxDepth = 64
	maxNodes = 2_000_000
	maxUses  = 16 // <use> nesting
	// maxWork bounds the elements drawn, <use> copies included: the
	// largest page render makes (a 400-tile board with every overlay)
	// draws about 25,000.
	maxWork = 250_000
)

// Parse reads one SVG page written by render.
func Parse(svg []byte) (*Page, error) {
	root, err := readTree(svg)
	if err != nil {
		return nil, err
	}
	if root.name != "svg" {
		return nil, fmt.Errorf("printout: the document is <%s>, not <svg>", root.name)
	}
	p := &Page{}
	d := &drawer{ids: map[string]*node{}, page: p}
	if err := d.collect(root, 0); err != nil {
		return nil, err
	}
	if err := d.root(root); err != nil {
		return nil, err
	}
	return p, nil
}

func readTree(svg []byte) (*node, error) {
	dec := xml.NewDecoder(bytes.NewReader(svg))
	dec.Strict = true
	var stack []*node
	var root *node
	count := 0
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("printout: reading the SVG: %v", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			count++
			if count > maxNodes || len(stack) >= maxDepth {
				return nil, errors.New("printout: the SVG is too large or too deeply nested")
			}
			n := &node{name: t.Name.Local, attrs: map[string]string{}}
			for _, a := range t.Attr {
				name := a.Name.Local
				if a.Name.Space == "xml" || a.Name.Space == "http://www.w3.org/XML/1998/namespace" {
					name = "xml:" + name
				}
				n.attrs[name] = a.Value
			}
			if len(stack) > 0 {
				parent := stack[len(stack)-1]
				parent.kids = append(parent.kids, n)
				parent.chars = append(parent.chars, n)
			} else if root == nil {
				root = n
			}
			stack = append(stack, n)
		case xml.EndElement:
			stack = stack[:len(stack)-1]
		case xml.CharData:
			if len(stack) > 0 {
				n := stack[len(stack)-1]
				n.text += string(t)
				n.chars = append(n.chars, string(t))
			}
		}
	}
	if root == nil {
		return nil, errors.New("printout: the SVG has no root element")
	}
	return root, nil
}

// paint is a fill or stroke: none, a colour, currentColor or a pattern.
type paint struct {
	none    bool
	current bool
	col     color.NRGBA
	ref     string
}

// state is the inherited style.
type state struct {
	m                matrix
	fill, stroke     paint
	fillOp, strokeOp float64
	strokeW          float64
	cap, join        string
	dash             []float64
	fontSize         float64
	bold, italic     bool
	anchor           string
	color            color.NRGBA
	preserve         bool
	uses             int
	inPattern        bool // drawing a pattern's tile
}

type drawer struct {
	ids  map[string]*node
	page *Page
	work int // elements drawn, <use> copies included
}

// collect registers every element with an id, for <use> and url(#…).
func (d *drawer) collect(n *node, depth int) error {
	if id := n.attrs["id"]; id != "" {
		d.ids[id] = n
	}
	for _, k := range n.kids {
		if err := d.collect(k, depth+1); err != nil {
			return err
		}
	}
	return nil
}

func (d *drawer) root(n *node) error {
	if err := checkAttrs(n); err != nil {
		return err
	}
	w, err := mm(n.attrs["width"])
	if err != nil {
		return err
	}
	h, err := mm(n.attrs["height"])
	if err != nil {
		return err
	}
	if !(w > 0 && h > 0 && w < 10000 && h < 10000) {
		return fmt.Errorf("printout: page size %s × %s is out of range", n.attrs["width"], n.attrs["height"])
	}
	d.page.W, d.page.H = w, h
	m := identity
	if vb := n.attrs["viewBox"]; vb != "" {
		v, err := numbers(vb)
		if err != nil || len(v) != 4 || v[2] <= 0 || v[3] <= 0 {
			return fmt.Errorf("printout: bad viewBox %q", vb)
		}
		s := math.Min(w/v[2], h/v[3])
		m = matrix{a: s, d: s, e: (w-v[2]*s)/2 - v[0]*s, f: (h-v[3]*s)/2 - v[1]*s}
	}
	st := state{
		m:    m,
		fill: paint{col: color.NRGBA{A: 255}}, stroke: paint{none: true},
		fillOp: 1, strokeOp: 1, strokeW: 1, cap: "butt", join: "miter",
		fontSize: 16, anchor: "start", color: color.NRGBA{A: 255},
	}
	return d.kids(n, st, &d.page.ops)
}

// mm reads a length in mm ("210mm", or a bare number taken as mm).
func mm(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSuffix(s, "mm"), 64)
	if err != nil {
		return 0, fmt.Errorf("printout: the page size %q is not in mm", s)
	}
	return v, nil
}

func (d *drawer) kids(n *node, st state, out *[]op) error {
	for _, k := range n.kids {
		if err := d.draw(k, st, out); err != nil {
			return err
		}
	}
	return nil
}

// draw emits the operations of element n.
func (d *drawer) draw(n *node, st state, out *[]op) error {
	if err := checkAttrs(n); err != nil {
		return err
	}
	// <use> can copy copies of copies: bound the whole drawing.
	if d.work++; d.work > maxWork {
		return errors.New("printout: the SVG draws too many elements")
	}
	switch n.name {
	case "title":
		if d.page.Title == "" {
			d.page.Title = strings.TrimSpace(n.text)
		}
		return nil
	case "defs", "symbol", "pattern":
		return nil // drawn where they are used
	}
	st, err := d.style(n, st)
	if err != nil {
		return err
	}
	switch n.name {
	case "g":
		class := n.attrs["class"]
		if class == "" || st.inPattern {
			return d.kids(n, st, out)
		}
		start := len(*out)
		if err := d.kids(n, st, out); err != nil {
			return err
		}
		if _, seen := d.page.boxes[class]; !seen {
			if b, ok := opsBox((*out)[start:]); ok {
				if d.page.boxes == nil {
					d.page.boxes = map[string][4]float64{}
				}
				d.page.boxes[class] = b
			}
		}
		return nil
	case "path":
		p, err := parsePath(n.attrs["d"])
		if err != nil {
			return fmt.Errorf("printout: %v", err)
		}
		return d.shape(p, st, out)
	case "rect":
		v, err := floats(n, "x", "y", "width", "height", "rx", "ry")
		if err != nil {
			return err
		}
		if v[2] <= 0 || v[3] <= 0 {
			return nil
		}
		return d.shape(rectShape(v[0], v[1], v[2], v[3], v[4], v[5]), st, out)
	case "line":
		v, err := floats(n, "x1", "y1", "x2", "y2")
		if err != nil {
			return err
		}
		// A line is a path of one segment; it has no inside to fill.
		p, err := parsePath(fmt.Sprintf("M%g %gL%g %g", v[0], v[1], v[2], v[3]))
		if err != nil {
			return fmt.Errorf("printout: %v", err)
		}
		st.fill = paint{none: true}
		return d.shape(p, st, out)
	case "ellipse":
		v, err := floats(n, "cx", "cy", "rx", "ry")
		if err != nil {
			return err
		}
		if v[2] <= 0 || v[3] <= 0 {
			return nil
		}
		// Two half-ellipse arcs, as a path.
		cx, cy, rx, ry := v[0], v[1], v[2], v[3]
		p, err := parsePath(fmt.Sprintf("M%g %gA%g %g 0 1 0 %g %gA%g %g 0 1 0 %g %gZ", cx-rx, cy, rx, ry, cx+rx, cy, rx, ry, cx-rx, cy))
		if err != nil {
			return fmt.Errorf("printout: %v", err)
		}
		return d.shape(p, st, out)
	case "circle":
		v, err := floats(n, "cx", "cy", "r")
		if err != nil {
			return err
		}
		if v[2] <= 0 {
			return nil
		}
		return d.shape(circleShape(v[0], v[1], v[2]), st, out)
	case "text":
		return d.text(n, st, out)
	case "use":
		return d.use(n, st, out)
	}
	return fmt.Errorf("printout: unsupported element <%s>", n.name)
}

// allowed lists the attributes each element may carry. Presentation
// attributes are allowed on all drawing elements.
var (
	presentation = set("fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin", "stroke-dasharray",
		"fill-opacity", "stroke-opacity", "font-size", "font-weight", "font-style", "font-family", "text-anchor",
		"color", "transform", "class", "id", "xml:space")
	allowed = map[string]map[string]bool{
		"svg":     set("xmlns", "version", "width", "height", "viewBox"),
		"title":   set(),
		"defs":    set(),
		"symbol":  set("viewBox", "overflow"),
		"pattern": set("patternUnits", "width", "height", "patternTransform"),
		"g":       set(),
		"path":    set("d"),
		"rect":    set("x", "y", "width", "height", "rx", "ry"),
		"circle":  set("cx", "cy", "r"),
		"line":    set("x1", "y1", "x2", "y2"),
		"ellipse": set("cx", "cy", "rx", "ry"),
		"text":    set("x", "y"),
		"tspan":   set(),
		"use":     set("href", "x", "y", "width", "height"),
	}
)

func set(names ...string) map[string]bool {
	m := map[string]bool{}
	for _, n := range names {
		m[n] = true
	}
	return m
}

// checkAttrs refuses elements and attributes outside the subset.
func checkAttrs(n *node) error {
	own, ok := allowed[n.name]
	if !ok {
		return fmt.Errorf("printout: unsupported element <%s>", n.name)
	}
	for a := range n.attrs {
		if own[a] || presentation[a] || strings.HasPrefix(a, "data-") {
			continue
		}
		return fmt.Errorf("printout: unsupported attribute %s on <%s>", a, n.name)
	}
	if n.name == "pattern" && n.attrs["patternUnits"] != "userSpaceOnUse" {
		return errors.New("printout: only patternUnits=\"userSpaceOnUse\" is supported")
	}
	return nil
}

// KnownElements lists the SVG elements Parse reads, with their attributes
// (presentation attributes included), for documentation and tests.
func KnownElements() map[string][]string {
	out := map[string][]string{}
	for el, attrs := range allowed {
		var names []string
		for a := range attrs {
			names = append(names, a)
		}
		for a := range presentation {
			names = append(names, a)
		}
		out[el] = names
	}
	return out
}

func floats(n *node, names ...string) ([]float64, error) {
	out := make([]float64, len(names))
	for i, name := range names {
		s, ok := n.attrs[name]
		if !ok {
			continue
		}
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			return nil, fmt.Errorf("printout: <%s %s=%q> is not a number", n.name, name, s)
		}
		out[i] = v
	}
	return out, nil
}

// style applies n's presentation attributes to the inherited state.
func (d *drawer) style(n *node, st state) (state, error) {
	a := n.attrs
	if t, ok := a["transform"]; ok {
		m, err := parseTransform(t)
		if err != nil {
			return st, fmt.Errorf("printout: %v", err)
		}
		st.m = st.m.mul(m)
	}
	if c, ok := a["color"]; ok {
		col, err := parseColor(c)
		if err != nil {
			return st, err
		}
		st.color = col
	}
	var err error
	if v, ok := a["fill"]; ok {
		if st.fill, err = parsePaint(v); err != nil {
			return st, err
		}
	}
	if v, ok := a["stroke"]; ok {
		if st.stroke, err = parsePaint(v); err != nil {
			return st, err
		}
	}
	for name, dst := range map[string]*float64{"fill-opacity": &st.fillOp, "stroke-opacity": &st.strokeOp, "stroke-width": &st.strokeW, "font-size": &st.fontSize} {
		if v, ok := a[name]; ok {
			f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
			if err != nil || f < 0 || math.IsInf(f, 0) {
				return st, fmt.Errorf("printout: %s=%q is not a number", name, v)
			}
			*dst = f
		}
	}
	if v, ok := a["stroke-linecap"]; ok {
		if v != "butt" && v != "round" && v != "square" {
			return st, fmt.Errorf("printout: unsupported stroke-linecap %q", v)
		}
		st.cap = v
	}
	if v, ok := a["stroke-linejoin"]; ok {
		if v != "miter" && v != "round" && v != "bevel" {
			return st, fmt.Errorf("printout: unsupported stroke-linejoin %q", v)
		}
		st.join = v
	}
	if v, ok := a["stroke-dasharray"]; ok {
		if v == "none" {
			st.dash = nil
		} else {
			ds, err := numbers(v)
			if err != nil {
				return st, fmt.Errorf("printout: stroke-dasharray: %v", err)
			}
			total := 0.0
			for _, x := range ds {
				if x < 0 {
					return st, fmt.Errorf("printout: negative stroke-dasharray %q", v)
				}
				total += x
			}
			if len(ds)%2 == 1 {
				ds = append(ds, ds...)
			}
			st.dash = ds
			if total == 0 {
				st.dash = nil
			}
		}
	}
	if v, ok := a["font-weight"]; ok {
		st.bold = v == "bold" || v == "700" || v == "800" || v == "900"
	}
	if v, ok := a["font-style"]; ok {
		st.italic = v == "italic" || v == "oblique"
	}
	if v, ok := a["text-anchor"]; ok {
		if v != "start" && v != "middle" && v != "end" {
			return st, fmt.Errorf("printout: unsupported text-anchor %q", v)
		}
		st.anchor = v
	}
	if v, ok := a["xml:space"]; ok {
		st.preserve = v == "preserve"
	}
	return st, nil
}

func parsePaint(v string) (paint, error) {
	v = strings.TrimSpace(v)
	switch {
	case v == "none":
		return paint{none: true}, nil
	case v == "currentColor":
		return paint{current: true}, nil
	case strings.HasPrefix(v, "url(#") && strings.HasSuffix(v, ")"):
		return paint{ref: v[5 : len(v)-1]}, nil
	}
	c, err := parseColor(v)
	return paint{col: c}, err
}

// parseColor reads #rgb, #rrggbb and the few names render uses.
func parseColor(v string) (color.NRGBA, error) {
	switch v {
	case "black":
		return color.NRGBA{A: 255}, nil
	case "white":
		return color.NRGBA{255, 255, 255, 255}, nil
	}
	if strings.HasPrefix(v, "#") && (len(v) == 4 || len(v) == 7) {
		h := v[1:]
		if len(h) == 3 {
			h = string([]byte{h[0], h[0], h[1], h[1], h[2], h[2]})
		}
		x, err := strconv.ParseUint(h, 16, 32)
		if err == nil {
			return color.NRGBA{uint8(x >> 16), uint8(x >> 8), uint8(x), 255}, nil
		}
	}
	return color.NRGBA{}, fmt.Errorf("printout: unsupported colour %q", v)
}

func withAlpha(c color.NRGBA, op float64) color.NRGBA {
	c.A = uint8(math.Round(float64(c.A) * math.Max(0, math.Min(1, op))))
	return c
}

// shape emits the fill and then the stroke of a path in user units.
func (d *drawer) shape(p shape, st state, out *[]op) error {
	page := p.transform(st.m)
	if !st.fill.none {
		if st.fill.ref != "" {
			if st.inPattern {
				return errors.New("printout: patterns hold only plain shapes")
			}
			pat, err := d.pattern(st.fill.ref, st.m)
			if err != nil {
				return err
			}
			*out = append(*out, op{kind: opPattern, path: page, pat: pat})
		} else {
			c := st.fill.col
			if st.fill.current {
				c = st.color
			}
			if c = withAlpha(c, st.fillOp); c.A > 0 {
				*out = append(*out, op{kind: opFill, path: page, col: c})
			}
		}
	}
	if !st.stroke.none && st.strokeW > 0 {
		if st.stroke.ref != "" {
			return errors.New("printout: pattern strokes are not supported")
		}
		c := st.stroke.col
		if st.stroke.current {
			c = st.color
		}
		if c = withAlpha(c, st.strokeOp); c.A > 0 {
			k := st.m.scale()
			var dash []float64
			for _, x := range st.dash {
				dash = append(dash, x*k)
			}
			*out = append(*out, op{kind: opStroke, path: page, col: c, width: st.strokeW * k, cap: st.cap, join: st.join, dash: dash})
		}
	}
	return nil
}

// pattern resolves a pattern fill used at user space m.
func (d *drawer) pattern(id string, m matrix) (*pattern, error) {
	n := d.ids[id]
	if n == nil || n.name != "pattern" {
		return nil, fmt.Errorf("printout: fill refers to #%s, which is not a pattern", id)
	}
	if err := checkAttrs(n); err != nil {
		return nil, err
	}
	v, err := floats(n, "width", "height")
	if err != nil {
		return nil, err
	}
	if v[0] <= 0 || v[1] <= 0 {
		return nil, fmt.Errorf("printout: pattern #%s has no size", id)
	}
	pm := identity
	if t, ok := n.attrs["patternTransform"]; ok {
		if pm, err = parseTransform(t); err != nil {
			return nil, fmt.Errorf("printout: %v", err)
		}
	}
	st := state{m: identity, fill: paint{col: color.NRGBA{A: 255}}, stroke: paint{none: true},
		fillOp: 1, strokeOp: 1, strokeW: 1, cap: "butt", join: "miter", fontSize: 16, anchor: "start", color: color.NRGBA{A: 255},
		inPattern: true}
	pat := &pattern{w: v[0], h: v[1], m: m.mul(pm)}
	for _, k := range n.kids {
		if err := d.draw(k, st, &pat.ops); err != nil {
			return nil, err
		}
		for _, o := range pat.ops {
			if o.kind == opPattern || o.kind == opText {
				return nil, errors.New("printout: patterns hold only shapes")
			}
		}
	}
	return pat, nil
}

// use draws a referenced symbol (fitted into x, y, width, height as SVG's
// default preserveAspectRatio does) or element.
func (d *drawer) use(n *node, st state, out *[]op) error {
	ref := n.attrs["href"]
	if !strings.HasPrefix(ref, "#") {
		return fmt.Errorf("printout: <use href=%q> must refer to an element in the page", ref)
	}
	target := d.ids[ref[1:]]
	if target == nil {
		return fmt.Errorf("printout: <use> refers to #%s, which is not defined", ref[1:])
	}
	if st.uses++; st.uses > maxUses {
		return errors.New("printout: <use> refers to itself")
	}
	v, err := floats(n, "x", "y", "width", "height")
	if err != nil {
		return err
	}
	st.m = st.m.mul(matrix{a: 1, d: 1, e: v[0], f: v[1]})
	if target.name != "symbol" {
		return d.drawTarget(target, st, out)
	}
	if err := checkAttrs(target); err != nil {
		return err
	}
	if vb, ok := target.attrs["viewBox"]; ok {
		b, err := numbers(vb)
		if err != nil || len(b) != 4 || b[2] <= 0 || b[3] <= 0 {
			return fmt.Errorf("printout: bad viewBox %q on #%s", vb, ref[1:])
		}
		w, h := v[2], v[3]
		if w <= 0 || h <= 0 {
			return nil
		}
		s := math.Min(w/b[2], h/b[3])
		st.m = st.m.mul(matrix{a: s, d: s, e: (w-b[2]*s)/2 - b[0]*s, f: (h-b[3]*s)/2 - b[1]*s})
	}
	return d.kids(target, st, out)
}

func (d *drawer) drawTarget(n *node, st state, out *[]op) error {
	switch n.name {
	case "defs", "pattern", "title":
		return fmt.Errorf("printout: <use> cannot draw a <%s>", n.name)
	}
	return d.draw(n, st, out)
}

// text lays out a line of text and its tspans.
func (d *drawer) text(n *node, st state, out *[]op) error {
	v, err := floats(n, "x", "y")
	if err != nil {
		return err
	}
	m := st.m
	if math.Abs(m.b) > 1e-9 || math.Abs(m.c) > 1e-9 || m.a <= 0 || math.Abs(m.a-m.d) > 1e-9*math.Abs(m.a) {
		return errors.New("printout: rotated or skewed text is not supported")
	}
	type piece struct {
		s  string
		st state
	}
	var pieces []piece
	for _, c := range n.chars {
		switch c := c.(type) {
		case string:
			pieces = append(pieces, piece{c, st})
		case *node:
			if c.name != "tspan" {
				return fmt.Errorf("printout: <%s> inside <text> is not supported", c.name)
			}
			if err := checkAttrs(c); err != nil {
				return err
			}
			if len(c.kids) > 0 {
				return errors.New("printout: nested <tspan> is not supported")
			}
			sst, err := d.style(c, st)
			if err != nil {
				return err
			}
			if sst.m != st.m {
				return errors.New("printout: a transform on <tspan> is not supported")
			}
			pieces = append(pieces, piece{c.text, sst})
		}
	}
	// White space as SVG handles it: newlines and tabs become spaces; by
	// default runs of spaces collapse and the ends are trimmed.
	for i := range pieces {
		s := pieces[i].s
		if strings.ContainsAny(s, "\r\n\t") {
			s = svgSpace.Replace(s)
		}
		if !st.preserve {
			s = strings.ReplaceAll(s, "\n", "")
			for strings.Contains(s, "  ") {
				s = strings.ReplaceAll(s, "  ", " ")
			}
		}
		pieces[i].s = s
	}
	if !st.preserve && len(pieces) > 0 {
		pieces[0].s = strings.TrimLeft(pieces[0].s, " ")
		last := len(pieces) - 1
		pieces[last].s = strings.TrimRight(pieces[last].s, " ")
	}
	k := m.a
	o := op{kind: opText}
	x := 0.0
	for _, p := range pieces {
		if p.s == "" {
			continue
		}
		if p.st.fill.none {
			x += advance(p.s, faceOf(p.st.bold, p.st.italic), p.st.fontSize*k)
			continue
		}
		if p.st.fill.ref != "" {
			return errors.New("printout: pattern-filled text is not supported")
		}
		c := p.st.fill.col
		if p.st.fill.current {
			c = p.st.color
		}
		f := faceOf(p.st.bold, p.st.italic)
		s := printable(p.s, f)
		size := p.st.fontSize * k
		o.runs = append(o.runs, run{text: s, face: f, size: size, col: withAlpha(c, p.st.fillOp), dx: x})
		x += advance(s, f, size)
	}
	if len(o.runs) == 0 {
		return nil
	}
	o.x, o.y = m.apply(v[0], v[1])
	switch st.anchor {
	case "middle":
		o.x -= x / 2
	case "end":
		o.x -= x
	}
	*out = append(*out, o)
	return nil
}

// svgSpace turns SVG text's newlines and tabs into spaces: made once, as a
// replacer costs more to build than to run on a label.
var svgSpace = strings.NewReplacer("\r", "", "\n", " ", "\t", " ")

// opsBox is the rectangle the operations cover: their paths' points (a
// stroke's half width added) and their text's runs, taken as about 0.6
// of their size a letter wide.
func opsBox(ops []op) ([4]float64, bool) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	add := func(x, y, r float64) {
		x0, y0, x1, y1 = math.Min(x0, x-r), math.Min(y0, y-r), math.Max(x1, x+r), math.Max(y1, y+r)
	}
	for _, o := range ops {
		switch o.kind {
		case opText:
			w, h := 0.0, 0.0
			for _, r := range o.runs {
				w = math.Max(w, r.dx+float64(len([]rune(r.text)))*r.size*0.6)
				h = math.Max(h, r.size)
			}
			add(o.x, o.y-h, 0)
			add(o.x+w, o.y+h*0.25, 0)
		default:
			r := 0.0
			if o.kind == opStroke {
				r = o.width / 2
			}
			for _, s := range o.path {
				n := 1
				if s.kind == segCubic {
					n = 3
				} else if s.kind == segClose {
					n = 0
				}
				for _, p := range s.pts[:n] {
					add(p[0], p[1], r)
				}
			}
		}
	}
	if x1 < x0 || y1 < y0 {
		return [4]float64{}, false
	}
	return [4]float64{x0, y0, x1 - x0, y1 - y0}, true
}
