package render

import (
	"sort"
	"unicode"
	"unicode/utf8"

	"github.com/zmission/zmission/layout"
)

// Legend entries cover only what the map shows: the tokens, doors, edges,
// zone kinds and special rooms that are on it.

// tokenLegendOrder orders token types in the legend.
var tokenLegendOrder = map[string]int{"start": 0, "spawn": 1, "objective": 2, "exit": 3, "mold": 4, "noise": 5, "sentry-gun": 6, "bot": 7, "car": 8}

// title capitalises the first letter of s.
func title(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// legendEntries lists the legend of this board.
func (a *art) legendEntries() []legendEntry {
	var out []legendEntry
	out = append(out, a.tokenLegend()...)
	out = append(out, a.doorLegend()...)
	out = append(out, a.edgeLegend()...)
	out = append(out, a.zoneLegend()...)
	if len(a.b.Tiles) > 0 && !a.sheet {
		out = append(out, legendEntry{label: "Tile border, and face id with an arrow to the top edge of the face", swatch: func(w *svgw) {
			a.tileBorder(w, "M2 4H138", 1.6)
			wd := badgePad + textWidth("1A", badgeFont, true) + 4 + badgeArrow + 3 + textWidth("90°", badgeSub, true) + badgePad
			k := 134 / wd
			w.open("g", "transform", "translate(3 "+num(96-badgeH*k)+") scale("+num4(k)+")")
			a.tileBadge(w, rect{0, 0, wd, badgeH}, "1A", 90)
			w.close("g")
		}})
	}
	return out
}

func (a *art) tokenLegend() []legendEntry {
	type key struct {
		order       int
		typ, colour string
		id          string
	}
	seen := map[key]bool{}
	var keys []key
	for _, t := range a.tokens {
		k := key{order: 99, typ: t.Type, id: iconID(t.Type, t.State, t.Kind)}
		if o, ok := tokenLegendOrder[t.Type]; ok {
			k.order = o
		}
		if t.Type == "spawn" || t.Type == "objective" {
			k.colour = t.Color
		}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	sort.Slice(keys, func(i, j int) bool {
		p, q := keys[i], keys[j]
		if p.order != q.order {
			return p.order < q.order
		}
		if p.typ != q.typ {
			return p.typ < q.typ
		}
		if p.id != q.id {
			return p.id < q.id
		}
		return p.colour < q.colour
	})
	var out []legendEntry
	for _, k := range keys {
		k := k
		a.used[k.id] = true
		label := map[string]string{
			"i-start": "Starting Zone", "i-exit": "Exit", "i-mold": "Active Mold", "i-mold-off": "Inactive Mold",
			"i-noise": "Noise token", "i-sentry-gun": "Sentry Gun", "i-bot": "Bot", "i-car-police": "Police car",
			"i-car-pimpmobile": "Pimpmobile", "i-car": "Car", "i-unknown": "Token of an unknown type: " + k.typ,
		}[k.id]
		switch k.typ {
		case "spawn":
			label = title(k.colour) + " Spawn Zone (number: spawn order)"
		case "objective":
			label = title(k.colour) + " Objective"
		}
		out = append(out, legendEntry{label: label, swatch: func(w *svgw) {
			colour := ""
			if k.colour != "" {
				colour = a.st.token(k.colour)
			}
			w.use(k.id, 70, 50, 88, colour)
			if k.typ == "spawn" {
				w.text(70, 61, 30, "middle", "bold", a.st.c("ink"), "1")
			}
			if l := a.st.letter(k.colour); l != "" {
				a.letterBadge(w, 106, 14, 16, l)
			}
		}})
	}
	return out
}

func (a *art) doorLegend() []legendEntry {
	type key struct{ colour, state string }
	seen := map[key]bool{}
	var keys []key
	for _, t := range a.doors {
		k := key{t.Color, t.State}
		if !seen[k] {
			seen[k] = true
			keys = append(keys, k)
		}
	}
	rank := map[string]int{"closed": 0, "open": 1, "destroyed": 2}
	sort.Slice(keys, func(i, j int) bool {
		if keys[i].colour != keys[j].colour {
			return keys[i].colour < keys[j].colour
		}
		return rank[keys[i].state] < rank[keys[j].state]
	})
	var out []legendEntry
	for _, k := range keys {
		k := k
		state := k.state
		if state == "" {
			state = "closed"
		}
		out = append(out, legendEntry{label: title(k.colour) + " door, " + state, swatch: func(w *svgw) {
			w.el("path", "d", "M0 62H47M93 62H140", "stroke", a.st.c("ink"), "stroke-width", "7")
			a.door(w, 20, 62, true, -1, k.colour, k.state)
		}})
	}
	return out
}

func (a *art) edgeLegend() []legendEntry {
	ink := a.st.c("ink")
	var out []legendEntry
	if a.hasSide(sideWall) {
		out = append(out, legendEntry{label: "Wall", swatch: func(w *svgw) {
			w.el("path", "d", "M6 50H134", "stroke", ink, "stroke-width", "7")
		}})
	}
	if a.hasSide(sideDoor) {
		out = append(out, legendEntry{label: "Door opening (no door on it)", swatch: func(w *svgw) {
			w.el("path", "d", "M0 50H47M93 50H140", "stroke", ink, "stroke-width", "7")
			w.el("path", "d", "M47 41V59M93 41V59", "stroke", ink, "stroke-width", "3")
		}})
	}
	if a.hasSide(sideOpening) {
		out = append(out, legendEntry{label: "Opening", swatch: func(w *svgw) {
			w.el("path", "d", "M6 50H30M110 50H134", "stroke", ink, "stroke-width", "7")
		}})
	}
	if a.hasSide(sideMark) {
		out = append(out, legendEntry{label: "Linear marking between zones", swatch: func(w *svgw) {
			w.el("path", "d", "M6 50H134", "stroke", ink, "stroke-opacity", "0.7", "stroke-width", "2.5", "stroke-dasharray", "9 6")
		}})
	}
	if a.hasSide(sideHatch) {
		out = append(out, legendEntry{label: "Airlock hatch", swatch: func(w *svgw) {
			w.el("path", "d", "M6 50H134", "stroke", ink, "stroke-width", "11")
			w.el("path", "d", "M6 50H134", "stroke", a.st.c("paper"), "stroke-width", "4")
		}})
	}
	if a.hasSide(sideOpen) {
		out = append(out, legendEntry{label: "Open border: the zone runs on into the next tile", swatch: func(w *svgw) {
			w.el("path", "d", "M6 60H134", "stroke", ink, "stroke-width", "2")
			w.el("path", "d", "M58 62L70 48L82 62", "fill", "none", "stroke", ink, "stroke-width", "4", "stroke-linecap", "round", "stroke-linejoin", "round")
		}})
	}
	return out
}

// zoneKinds orders the kinds the legend knows; others follow by name.
var zoneKinds = map[string]int{layout.Room: 0, layout.Corridor: 1, layout.Exterior: 2, layout.Street: 3}

func (a *art) zoneLegend() []legendEntry {
	kinds := map[string]bool{}
	feats := map[string]bool{}
	for _, z := range a.b.Zones {
		kinds[z.Kind] = true
		for _, f := range []string{"security", "oxygen", "airlock", "dark"} {
			if z.HasFeature(f) {
				feats[f] = true
			}
		}
	}
	var ks []string
	for k := range kinds {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		p, okp := zoneKinds[ks[i]]
		q, okq := zoneKinds[ks[j]]
		if okp != okq {
			return okp
		}
		if p != q {
			return p < q
		}
		return ks[i] < ks[j]
	})
	var out []legendEntry
	for _, k := range ks {
		z := &layout.Zone{Kind: k}
		fill, pats := a.zoneFill(z), a.zonePatterns(z)
		label := map[string]string{layout.Room: "Room", layout.Corridor: "Corridor", layout.Exterior: "Exterior (planet surface)", layout.Street: "Street"}[k]
		if label == "" {
			label = title(k) + " zone"
		}
		out = append(out, legendEntry{label: label, swatch: a.fillSwatch(fill, pats, "", "")})
	}
	names := map[string]string{"security": "Security Room", "oxygen": "Oxygen Supply Room", "airlock": "Airlock", "dark": "Dark zone"}
	for _, f := range []string{"security", "oxygen", "airlock", "dark"} {
		if !feats[f] {
			continue
		}
		z := &layout.Zone{Kind: layout.Room, Features: []string{f}}
		tag, role := featureTag(z)
		out = append(out, legendEntry{label: names[f], swatch: a.fillSwatch(a.zoneFill(z), a.zonePatterns(z), tag, role)})
	}
	return out
}

func (a *art) fillSwatch(fill string, pats []string, tag, role string) func(w *svgw) {
	for _, p := range pats {
		a.used[p] = true
	}
	return func(w *svgw) {
		w.el("rect", "x", "6", "y", "6", "width", "128", "height", "88", "fill", fill, "stroke", a.st.c("ink"), "stroke-width", "3")
		for _, p := range pats {
			w.el("rect", "x", "6", "y", "6", "width", "128", "height", "88", "fill", "url(#"+p+")")
		}
		if tag != "" {
			fs := 20.0
			for fs > 10 && textWidth(tag, fs, true) > 120 {
				fs--
			}
			w.text(70, 50+fs*0.36, fs, "middle", "bold", a.st.c(role), tag)
		}
	}
}
