package render

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

func hypot(x, y float64) float64 { return math.Hypot(x, y) }

// sightOpacity shades range r of maxR: the viewer's zone darkest.
func sightOpacity(r, maxR int) float64 {
	if maxR <= 0 {
		return 0.5
	}
	return 0.55 - 0.4*float64(r)/float64(maxR)
}

// sightOverlay shades what zone from sees by range and outlines the viewer.
func (a *art) sightOverlay(from int, seen []rules.Seen, opt rules.SightOptions) overlayArt {
	maxR := 0
	for _, s := range seen {
		maxR = max(maxR, s.Range)
	}
	col := a.st.c("ov:sight")
	viewer := a.b.Zones[from]
	for _, s := range seen {
		if s.Range == 0 {
			a.notes[s.Zone] = append(a.notes[s.Zone], "viewer")
		} else {
			a.notes[s.Zone] = append(a.notes[s.Zone], "range "+itoa(s.Range))
		}
	}
	shade := func(w *svgw) {
		w.open("g", "class", "overlay overlay-sight")
		w.WriteByte('\n')
		for _, s := range seen {
			if s.Zone < 0 || s.Zone >= len(a.b.Zones) {
				continue
			}
			w.el("path", "d", zonePath(a.b.Zones[s.Zone]), "fill", col, "fill-opacity", num(sightOpacity(s.Range, maxR)), "data-range", itoa(s.Range))
		}
		w.close("g")
	}
	lines := func(w *svgw) {
		w.el("path", "d", a.zoneOutline(viewer), "class", "overlay overlay-sight-viewer", "fill", "none", "stroke", col,
			"stroke-width", "8", "stroke-dasharray", "16 8", "stroke-linecap", "round")
	}
	var entries []legendEntry
	for r := 0; r <= maxR; r++ {
		label := fmt.Sprintf("Range %d", r)
		if r == 0 {
			label = "Range 0: the viewer's zone (outlined)"
		}
		op := sightOpacity(r, maxR)
		entries = append(entries, legendEntry{label: label, swatch: func(w *svgw) {
			w.el("rect", "x", "10", "y", "10", "width", "120", "height", "80", "fill", a.st.c("kind:room"), "stroke", a.st.c("ink"), "stroke-width", "3")
			w.el("rect", "x", "10", "y", "10", "width", "120", "height", "80", "fill", col, "fill-opacity", num(op))
		}})
	}
	note := fmt.Sprintf("What %s (%s) sees: %d other zone%s, shaded by range in zones.", viewer.ID, viewer.Kind, len(seen)-1, plural(len(seen)-1))
	if opt.EnhancedSenses {
		note += " With Enhanced senses."
	}
	return overlayArt{shade: shade, lines: lines, legend: section(a.st, "Line of sight from "+viewer.ID, para(a.st, span{text: note}), legend(a.st, entries))}
}

// moveStyle is how the movement overlay draws a step.
type moveStyle struct {
	key    string // sorts and groups the legend
	label  string
	stroke string
	width  string
	dash   string
	letter string // mono: the door colour's letter at the crossing
}

func (a *art) moveStyle(m rules.Move) moveStyle {
	if !m.Survivors || m.OneWay && m.Out < 0 {
		return moveStyle{key: "4", label: a.enemies + " only", stroke: a.st.c("ov:xenos"), width: "2.5"}
	}
	if m.OneWay && len(m.Requires) == 0 {
		return moveStyle{key: "15", label: "Survivors one way, as the arrow shows: a closed door opened from inside its room; " + a.enemies + " both ways", stroke: a.st.c("ink"), width: "4", dash: "2 6"}
	}
	for _, r := range m.Requires {
		if c, ok := strings.CutPrefix(r, "door:"); ok {
			stroke := a.st.token(c)
			if c == "white" || c == "neutral" || c == "yellow" || a.st.mono {
				stroke = a.st.c("ink")
			}
			return moveStyle{key: "2" + c, label: "Needs " + c + " doors open", stroke: stroke, width: "5", dash: "14 8", letter: a.st.letter(c)}
		}
	}
	switch {
	case len(m.Requires) == 0:
	case slices.Contains(m.Requires, rules.KeyOxygen):
		return moveStyle{key: "3", label: "Needs an Oxygen Tank", stroke: a.st.c("ov:oxygen"), width: "5", dash: "0.5 9"}
	case slices.Contains(m.Requires, rules.KeyDoorOpener):
		return moveStyle{key: "25", label: "Needs a door opener (a locked door)", stroke: a.st.c("ink"), width: "4", dash: "8 5"}
	default:
		return moveStyle{key: "3" + strings.Join(m.Requires, ","), label: "Needs " + strings.Join(m.Requires, ", "), stroke: a.st.c("faint"), width: "4", dash: "10 4 2 4"}
	}
	return moveStyle{key: "1", label: "Free step", stroke: a.st.c("ov:free"), width: "4"}
}

// movementOverlay draws the adjacency graph: a dot at each zone's label,
// and each step as a line through the middle of the cell side it uses.
func (a *art) movementOverlay(moves []rules.Move) overlayArt {
	a.graph = true
	styles := map[string]moveStyle{}
	order := make([]int, len(moves))
	for i, m := range moves {
		order[i] = i
		st := a.moveStyle(m)
		styles[st.key] = st
	}
	// Free steps first, so the rarer styles stay on top.
	sort.SliceStable(order, func(i, j int) bool { return a.moveStyle(moves[order[i]]).key > a.moveStyle(moves[order[j]]).key })
	lines := func(w *svgw) {
		w.open("g", "class", "overlay overlay-movement", "fill", "none", "stroke-linecap", "round", "stroke-linejoin", "round")
		w.WriteByte('\n')
		for _, i := range order {
			m := moves[i]
			if m.From < 0 || m.To < 0 || m.From >= len(a.labels) || m.To >= len(a.labels) {
				continue
			}
			st := a.moveStyle(m)
			w.el("path", "d", polyline(a.route(m.From, m.To, m.Edge), 0, 0), "stroke", st.stroke, "stroke-width", st.width, "stroke-dasharray", st.dash,
				"data-via", m.Via)
			if st.letter != "" {
				x, y := edgeMid(m.Edge)
				a.letterBadge(w, x, y, 8, st.letter)
			}
			if m.OneWay && m.Out >= 0 {
				// The way Survivors may go: out of the room, across the door.
				x, y := edgeMid(m.Edge)
				dx, dy := float64(layout.DX[m.Edge.Dir]), float64(layout.DY[m.Edge.Dir])
				if m.Out != m.From {
					dx, dy = -dx, -dy
				}
				w.el("path", "d", arrowHead(x-dx*12, y-dy*12, x+dx*12, y+dy*12, 18), "fill", st.stroke, "stroke", "none")
			}
		}
		for z := range a.b.Zones {
			x, y := a.labelPoint(z)
			w.el("circle", "cx", num(x), "cy", num(y), "r", "9", "fill", a.st.c("ov:free"), "class", "node")
		}
		w.close("g")
	}
	keys := make([]string, 0, len(styles))
	for k := range styles {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var entries []legendEntry
	for _, k := range keys {
		st := styles[k]
		entries = append(entries, legendEntry{label: st.label, swatch: func(w *svgw) {
			w.el("path", "d", "M14 50H126", "fill", "none", "stroke", st.stroke, "stroke-width", st.width, "stroke-dasharray", st.dash, "stroke-linecap", "round")
			w.el("circle", "cx", "14", "cy", "50", "r", "9", "fill", a.st.c("ov:free"))
			w.el("circle", "cx", "126", "cy", "50", "r", "9", "fill", a.st.c("ov:free"))
		}})
	}
	note := fmt.Sprintf("%d ways between %d zones, through the doors, openings, markings and hatches they use.", len(moves), len(a.b.Zones))
	return overlayArt{lines: lines, legend: section(a.st, "Movement", para(a.st, span{text: note}), legend(a.st, entries))}
}

// pathDashes tell Xeno paths apart in mono.
var pathDashes = []string{"", "14 7", "4 6", "18 6 4 6"}

// xenoOverlay draws each Spawn Zone's shortest Xeno path to the start.
func (a *art) xenoOverlay(s *rules.Scene, p *rules.Paths, moves []rules.Move) overlayArt {
	// The first way Xenos can take between two zones, for routing.
	via := map[[2]int]rules.Move{}
	for _, m := range moves {
		if !m.Xenos {
			continue
		}
		k := [2]int{m.From, m.To}
		if _, ok := via[k]; !ok {
			via[k] = m
		}
	}
	byIndex := map[int]*rules.Token{}
	if s != nil {
		for _, t := range s.Tokens {
			byIndex[t.Index] = t
		}
	}
	n := len(p.EnemyPaths)
	var entries []legendEntry
	lines := func(w *svgw) {
		var badges [][2]float64
		w.open("g", "class", "overlay overlay-xenos", "fill", "none", "stroke-linecap", "round", "stroke-linejoin", "round")
		w.WriteByte('\n')
		for i, zs := range p.EnemyPaths {
			if len(zs) == 0 {
				continue
			}
			col := a.pathColour(i)
			off := (float64(i) - float64(n-1)/2) * 8
			pts := a.zoneRoute(zs, via)
			// Start from the Spawn Zone token itself, when it is drawn.
			if i < len(p.SpawnOrder) && len(pts) > 0 {
				for k, t := range a.tokens {
					if t.Index != p.SpawnOrder[i] || t.Zone == nil || t.Zone.Index != zs[0] {
						continue
					}
					tx, ty := a.places[k].x, a.places[k].y
					head := [][3]float64{{tx, ty, 0}}
					for _, q := range a.walk(zs[0], t.Cell, cellOf(pts[0][0], pts[0][1]), true) {
						head = append(head, [3]float64{q[0], q[1], 0})
					}
					pts = append(head, pts...)
					break
				}
			}
			// End at the edge of the start zone's label, where the arrow shows.
			if n := len(pts); n > 1 {
				pts[n-1] = a.clipToLabel(zs[len(zs)-1], pts[n-2], pts[n-1], 4)
			}
			xy := make([][2]float64, len(pts))
			for j, q := range pts {
				xy[j] = [2]float64{q[0], q[1]}
			}
			w.el("path", "d", polyline(xy, off, off), "stroke", col, "stroke-width", "6", "stroke-opacity", "0.9", "stroke-dasharray", a.pathDash(i))
			var heads path
			for j := 1; j < len(pts); j++ {
				if j == len(pts)-1 || pts[j][2] == 1 {
					q, r := pts[j-1], pts[j]
					heads.WriteString(arrowHead(q[0]+off, q[1]+off, r[0]+off, r[1]+off, 16))
				}
			}
			w.el("path", "d", heads.String(), "fill", col)
			// The number goes in the middle of the longest leg, clear of
			// the tokens and labels at the ends of legs.
			x, y := badgePlace(pts, off, badges)
			badges = append(badges, [2]float64{x, y})
			w.el("circle", "cx", num(x), "cy", num(y), "r", "13", "fill", col, "stroke", a.st.c("paper"), "stroke-width", "3")
			w.text(x, y+5, 14, "middle", "bold", a.st.c("paper"), itoa(i+1))
		}
		w.close("g")
	}
	for i, zs := range p.EnemyPaths {
		what := fmt.Sprintf("Spawn Zone %d", i+1)
		if i < len(p.SpawnOrder) {
			if t := byIndex[p.SpawnOrder[i]]; t != nil {
				what = fmt.Sprintf("%d: %s Spawn Zone at %d,%d (%s)", i+1, t.Color, t.Cell.X, t.Cell.Y, t.Zone.ID)
			}
		}
		if len(zs) == 0 {
			what += ": no path to the start"
		} else {
			what += fmt.Sprintf(": %d move%s to the start", len(zs)-1, plural(len(zs)-1))
		}
		col, dash, num := a.pathColour(i), a.pathDash(i), itoa(i+1)
		entries = append(entries, legendEntry{label: what, swatch: func(w *svgw) {
			w.el("path", "d", "M24 50H120", "fill", "none", "stroke", col, "stroke-width", "8", "stroke-dasharray", dash)
			w.el("path", "d", arrowHead(100, 50, 128, 50, 22), "fill", col)
			w.el("circle", "cx", "24", "cy", "50", "r", "20", "fill", col)
			w.text(24, 58, 22, "middle", "bold", a.st.c("paper"), num)
		}})
	}
	if len(entries) == 0 {
		return overlayArt{lines: lines, legend: section(a.st, singular(a.enemies)+" paths", para(a.st, span{text: "No Spawn Zone on the map."}))}
	}
	doors := "closed doors do not stop " + a.enemies
	if p.DoorsStop {
		doors = "closed doors stop " + a.enemies
	}
	return overlayArt{lines: lines, legend: section(a.st, singular(a.enemies)+" paths",
		para(a.st, span{text: "The shortest path from each Spawn Zone to the start, in spawning order (" + doors + ")."}),
		legend(a.st, entries))}
}

// badgePlace puts a path's number in the middle of its longest leg that
// no other number sits on yet.
func badgePlace(pts [][3]float64, off float64, taken [][2]float64) (float64, float64) {
	type leg struct{ l, x, y float64 }
	var legs []leg
	for j := 1; j < len(pts); j++ {
		legs = append(legs, leg{hypot(pts[j][0]-pts[j-1][0], pts[j][1]-pts[j-1][1]),
			(pts[j][0]+pts[j-1][0])/2 + off, (pts[j][1]+pts[j-1][1])/2 + off})
	}
	if len(legs) == 0 {
		return pts[0][0] + off, pts[0][1] + off
	}
	sort.SliceStable(legs, func(i, j int) bool { return legs[i].l > legs[j].l })
	for _, g := range legs {
		free := true
		for _, t := range taken {
			free = free && hypot(g.x-t[0], g.y-t[1]) > 34
		}
		if free {
			return g.x, g.y
		}
	}
	return legs[0].x, legs[0].y
}

// clipToLabel moves the end of the leg from p to q (q inside zone z's
// label plate) back to where the leg meets the plate, grown by pad.
func (a *art) clipToLabel(z int, p, q [3]float64, pad float64) [3]float64 {
	if z < 0 || z >= len(a.labels) {
		return q
	}
	l := a.labels[z]
	hw, hh := l.w/2+pad, l.h/2+pad
	dx, dy := q[0]-p[0], q[1]-p[1]
	if abs(q[0]-l.x) > 0.01 || abs(q[1]-l.y) > 0.01 {
		return q // not at the label's centre
	}
	k := math.Inf(1)
	if dx != 0 {
		k = math.Min(k, hw/abs(dx))
	}
	if dy != 0 {
		k = math.Min(k, hh/abs(dy))
	}
	t := 1 - k
	if t <= 0 || math.IsInf(k, 1) {
		return q
	}
	return [3]float64{p[0] + t*dx, p[1] + t*dy, q[2]}
}

func (a *art) pathColour(i int) string { return a.st.pathColour(i) }

func (a *art) pathDash(i int) string {
	if !a.st.mono {
		return ""
	}
	return pathDashes[i%len(pathDashes)]
}

// zoneRoute is the polyline through the labels of zones zs, crossing from
// one zone to the next through the middle of the side between them. The
// third value marks crossings (1), where an arrowhead goes.
func (a *art) zoneRoute(zs []int, via map[[2]int]rules.Move) [][3]float64 {
	var pts [][3]float64
	add := func(x, y, mark float64) {
		if n := len(pts); n > 0 && pts[n-1][0] == x && pts[n-1][1] == y {
			return
		}
		pts = append(pts, [3]float64{x, y, mark})
	}
	for i, z := range zs {
		if z < 0 || z >= len(a.labels) {
			continue
		}
		if i > 0 {
			prev := zs[i-1]
			k := [2]int{min(prev, z), max(prev, z)}
			if m, ok := via[k]; ok && prev >= 0 && prev < len(a.labels) {
				r := a.route(m.From, m.To, m.Edge)
				if m.From != prev {
					for l, h := 0, len(r)-1; l < h; l, h = l+1, h-1 {
						r[l], r[h] = r[h], r[l]
					}
				}
				mx, my := edgeMid(m.Edge)
				for _, q := range r[1 : len(r)-1] {
					mark := 0.0
					if q[0] == mx && q[1] == my {
						mark = 1
					}
					add(q[0], q[1], mark)
				}
			}
		}
		x, y := a.labelPoint(z)
		add(x, y, 0)
	}
	return pts
}

// threatFill is the tint of a threat distance t of maxT.
func (a *art) threatFill(t, maxT int) string {
	f := 0.0
	if maxT > 0 {
		f = float64(t) / float64(maxT)
	}
	return a.st.ramp("ov:hot", "ov:cold", f)
}

// threatOverlay tints every zone by its distance from the nearest active
// Spawn Zone.
func (a *art) threatOverlay(threat []int) overlayArt {
	maxT := 0
	for z, t := range threat {
		maxT = max(maxT, t)
		if t >= 0 {
			a.notes[z] = append(a.notes[z], "threat "+itoa(t))
		}
	}
	shade := func(w *svgw) {
		w.open("g", "class", "overlay overlay-threat")
		w.WriteByte('\n')
		for z, t := range threat {
			if t < 0 || z >= len(a.b.Zones) {
				continue
			}
			w.el("path", "d", zonePath(a.b.Zones[z]), "fill", a.threatFill(t, maxT), "fill-opacity", "0.68", "data-threat", itoa(t))
		}
		w.close("g")
	}
	steps := make([]int, maxT+1)
	for t := range steps {
		steps[t] = t
	}
	scale := a.rampKey(steps, func(t int) string { return a.threatFill(t, maxT) })
	note := singular(a.enemies) + " moves from the nearest active Spawn Zone: 0 is a Spawn Zone itself; untinted zones are out of their reach."
	if maxT == 0 && len(threat) > 0 {
		reach := false
		for _, t := range threat {
			reach = reach || t >= 0
		}
		if !reach {
			note = "No active Spawn Zone reaches any zone."
		}
	}
	return overlayArt{shade: shade, legend: section(a.st, "Threat", para(a.st, span{text: note}), scale)}
}

// rampKey is a legend's colour key: one swatch a value, in the order
// given, labelled as often as the labels fit and always at both ends.
func (a *art) rampKey(values []int, fill func(int) string) partFn {
	return func(width, scale float64) block {
		sw := math.Min(9*scale, width/float64(max(len(values), 1)))
		fs := smallSize * scale
		h := 5*scale + fs*1.4
		return block{h: h, draw: func(w *svgw, x, y float64) {
			every := int(math.Ceil(fs * 1.6 / sw))
			for i, v := range values {
				w.el("rect", "x", num(x+float64(i)*sw), "y", num(y), "width", num(sw), "height", num(5*scale), "fill", fill(v),
					"fill-opacity", "0.68", "stroke", a.st.c("ink"), "stroke-width", num(0.15*scale))
				if i%every == 0 || i == len(values)-1 {
					w.text(x+(float64(i)+0.5)*sw, y+5*scale+fs*1.1, fs, "middle", "", a.st.c("ink"), itoa(v))
				}
			}
		}}
	}
}

// dangerSteps are the counts a danger key shows: each count up to ten,
// past that ten steps from one to the most, rounded.
func dangerSteps(most int) []int {
	if most <= 10 {
		s := make([]int, most)
		for i := range s {
			s[i] = i + 1
		}
		return s
	}
	s := make([]int, 10)
	for i := range s {
		s[i] = 1 + int(math.Round(float64(i)*float64(most-1)/9))
	}
	return s
}

// dangerOverlay tints every zone where a playtest saw Survivors eliminated
// by how many, the most in the hottest tint.
func (a *art) dangerOverlay(d *Danger) overlayArt {
	counts, games := d.Counts, d.Games
	most := 0
	for z, c := range counts {
		if z < len(a.b.Zones) && c > 0 {
			most = max(most, c)
			a.notes[z] = append(a.notes[z], itoa(c)+" eliminated")
		}
	}
	fill := func(c int) string {
		f := 1.0
		if most > 0 {
			f = 1 - float64(c)/float64(most)
		}
		return a.st.ramp("ov:hot", "ov:cold", f)
	}
	shade := func(w *svgw) {
		w.open("g", "class", "overlay overlay-danger")
		w.WriteByte('\n')
		for z, c := range counts {
			if c <= 0 || z >= len(a.b.Zones) {
				continue
			}
			w.el("path", "d", zonePath(a.b.Zones[z]), "fill", fill(c), "fill-opacity", "0.68", "data-eliminations", itoa(c))
		}
		w.close("g")
	}
	played := itoa(games) + " games of a playtest"
	if d.Agent != "" {
		played += " (agent " + d.Agent + ", seed " + strconv.FormatUint(d.Seed, 10) + ")"
	}
	if n := len(d.Survivors); n == 1 {
		played += " with " + itoa(d.Survivors[0]) + " Survivors"
	} else if n > 1 {
		played += " with " + itoa(d.Survivors[0]) + " to " + itoa(d.Survivors[n-1]) + " Survivors"
	}
	note := "Survivors eliminated in each zone over " + played + "; the most, in the strongest tint: " + itoa(most) + "."
	if most == 0 {
		note = "No Survivor was eliminated in " + played + "."
	}
	if most == 0 {
		return overlayArt{shade: shade, legend: section(a.st, "Danger", para(a.st, span{text: note}))}
	}
	return overlayArt{shade: shade, legend: section(a.st, "Danger", para(a.st, span{text: note}), a.rampKey(dangerSteps(most), fill))}
}

// moldOverlay hatches the shortest chain of zones that, all Active Mold,
// would link two Spawn Zones.
func (a *art) moldOverlay(s *rules.Scene, chain []int) overlayArt {
	active := map[int]bool{}
	if s != nil {
		for _, t := range s.Tokens {
			if t.Type == "mold" && t.State != "inactive" && t.Zone != nil {
				active[t.Zone.Index] = true
			}
		}
	}
	more := 0
	for _, z := range chain {
		if !active[z] {
			more++
		}
	}
	a.used["p-mold"] = true
	shade := func(w *svgw) {
		w.open("g", "class", "overlay overlay-mold")
		w.WriteByte('\n')
		for _, z := range chain {
			if z < 0 || z >= len(a.b.Zones) {
				continue
			}
			zone := a.b.Zones[z]
			w.el("path", "d", zonePath(zone), "fill", "url(#p-mold)")
			w.el("path", "d", a.zoneOutline(zone), "fill", "none", "stroke", a.st.c("ov:mold"), "stroke-width", "4")
		}
		w.close("g")
	}
	var note string
	switch {
	case chain == nil:
		note = "No chain of Mold zones can link two Spawn Zones."
	case more == 0:
		note = "Active Mold already links two Spawn Zones: the game is lost."
	default:
		note = fmt.Sprintf("%d more Active Mold zone%s would link two Spawn Zones.", more, plural(more))
	}
	entries := []legendEntry{{label: "Shortest Mold chain between two Spawn Zones", swatch: func(w *svgw) {
		w.el("rect", "x", "10", "y", "10", "width", "120", "height", "80", "fill", a.st.c("kind:corridor"))
		w.el("rect", "x", "10", "y", "10", "width", "120", "height", "80", "fill", "url(#p-mold)", "stroke", a.st.c("ov:mold"), "stroke-width", "4")
	}}}
	return overlayArt{shade: shade, legend: section(a.st, "Mold", para(a.st, span{text: note, bold: true}), legend(a.st, entries))}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// singular: "Xenos" -> "Xeno".
func singular(s string) string { return strings.TrimSuffix(s, "s") }
