package render

import (
	"math"
	"sort"
	"strings"
)

// Icons are <symbol>s in a box from -50 to 50 each way, defined once in
// <defs> and placed with <use>. Parts drawn in "currentColor" take the
// colour of the token (its spawn, objective or door colour) from the
// color attribute of the <use>.

// iconSymbol returns the inner markup of an icon in style s.
func iconSymbol(id string, s style) string {
	ink, paper := s.c("ink"), s.c("paper")
	r := strings.NewReplacer("INK", ink, "PAPER", paper)
	switch id {
	case "i-start":
		// A flag in a disc: where the Survivors set off.
		return r.Replace(`<circle r="46" fill="PAPER" stroke="INK" stroke-width="5"/>` +
			`<path d="M-16 34V-34" stroke="INK" stroke-width="7" stroke-linecap="round"/>` +
			`<path d="M-14-34L32-20L-14-4z" fill="` + s.c("start") + `" stroke="INK" stroke-width="4" stroke-linejoin="round"/>` +
			`<path d="M-34 34H10" stroke="INK" stroke-width="6" stroke-linecap="round"/>`)
	case "i-spawn":
		// A burst in the spawn colour; the spawn number goes in its middle.
		return r.Replace(`<path d="` + starPath(12, 49, 35) + `" fill="currentColor" stroke="INK" stroke-width="4" stroke-linejoin="round"/>` +
			`<circle r="25" fill="PAPER" stroke="INK" stroke-width="3"/>`)
	case "i-objective":
		// An X in a square, the square in the colour of the hidden side.
		return r.Replace(`<rect x="-44" y="-44" width="88" height="88" rx="6" fill="currentColor" stroke="INK" stroke-width="5"/>` +
			`<path d="M-26-26L26 26M26-26L-26 26" stroke="PAPER" stroke-width="17" stroke-linecap="round"/>` +
			`<path d="M-26-26L26 26M26-26L-26 26" stroke="INK" stroke-width="8" stroke-linecap="round"/>`)
	case "i-exit":
		// A doorway with an arrow leaving it.
		return r.Replace(`<rect x="-46" y="-40" width="92" height="80" rx="8" fill="` + s.c("exit") + `" stroke="INK" stroke-width="5"/>` +
			`<path d="M-10-26H-32V26H-10" fill="none" stroke="INK" stroke-width="6" stroke-linejoin="round"/>` +
			`<path d="M-20 0H28M14-14L30 0L14 14" fill="none" stroke="INK" stroke-width="8" stroke-linecap="round" stroke-linejoin="round"/>`)
	case "i-mold":
		// Active Mold: a filled blotch.
		return `<path d="` + blobPath + `" fill="` + s.c("mold") + `" stroke="` + s.c("mold-dark") + `" stroke-width="4"/>` +
			`<circle cx="-14" cy="-8" r="8" fill="` + s.c("mold-dark") + `"/><circle cx="16" cy="10" r="6" fill="` + s.c("mold-dark") + `"/>` +
			`<circle cx="2" cy="-22" r="4" fill="` + s.c("mold-dark") + `"/>`
	case "i-mold-off":
		// Inactive Mold: the blotch's outline only.
		return `<path d="` + blobPath + `" fill="` + paper + `" fill-opacity="0.6" stroke="` + s.c("mold-dark") + `" stroke-width="4" stroke-dasharray="9 6"/>`
	case "i-noise":
		// A point with sound waves either side.
		return r.Replace(`<circle r="47" fill="PAPER" stroke="INK" stroke-width="3"/>` +
			`<circle r="11" fill="INK"/>` +
			`<path d="M-22-16A26 26 0 0 0-22 16M22-16A26 26 0 0 1 22 16M-33-26A40 40 0 0 0-33 26M33-26A40 40 0 0 1 33 26" fill="none" stroke="INK" stroke-width="6" stroke-linecap="round"/>`)
	case "i-sentry-gun":
		// A turret on a tripod, seen from above.
		return r.Replace(`<path d="M0 0L-36 36M0 0L36 36M0 0L0-44" stroke="INK" stroke-width="6" stroke-linecap="round"/>` +
			`<circle r="24" fill="` + s.c("machine") + `" stroke="INK" stroke-width="5"/>` +
			`<rect x="-6" y="-48" width="12" height="34" rx="3" fill="INK"/>` +
			`<circle r="8" fill="INK"/>`)
	case "i-bot":
		// A robot head.
		return r.Replace(`<path d="M0-28V-42" stroke="INK" stroke-width="5"/><circle cy="-44" r="6" fill="INK"/>` +
			`<rect x="-38" y="-28" width="76" height="64" rx="14" fill="` + s.c("machine") + `" stroke="INK" stroke-width="5"/>` +
			`<circle cx="-15" cy="-4" r="9" fill="INK"/><circle cx="15" cy="-4" r="9" fill="INK"/>` +
			`<path d="M-18 20H18" stroke="INK" stroke-width="5" stroke-linecap="round"/>`)
	case "i-car-police", "i-car-pimpmobile", "i-car":
		body := map[string]string{"i-car-police": "police", "i-car-pimpmobile": "pimpmobile", "i-car": "car"}[id]
		out := r.Replace(`<rect x="-48" y="-24" width="96" height="48" rx="14" fill="` + s.c(body) + `" stroke="INK" stroke-width="5"/>` +
			`<path d="M12-18H24Q30 0 24 18H12Z" fill="` + s.c("glass") + `" stroke="INK" stroke-width="3"/>` +
			`<path d="M-28-18H-20V18H-28Q-33 0-28-18Z" fill="` + s.c("glass") + `" stroke="INK" stroke-width="3"/>`)
		switch id {
		case "i-car-police":
			out += `<rect x="-12" y="-9" width="9" height="18" fill="` + s.c("siren-red") + `" stroke="` + ink + `" stroke-width="2"/>` +
				`<rect x="-3" y="-9" width="9" height="18" fill="` + s.c("siren-blue") + `" stroke="` + ink + `" stroke-width="2"/>`
		case "i-car-pimpmobile":
			out += `<path d="` + starPath(5, 12, 5) + `" transform="translate(-4 0)" fill="` + s.c("tok:yellow") + `" stroke="` + ink + `" stroke-width="2"/>`
		}
		return out
	}
	// An unknown token type: a question mark in a disc.
	return r.Replace(`<circle r="44" fill="PAPER" stroke="INK" stroke-width="5"/>` +
		`<text y="20" font-size="56" font-weight="bold" text-anchor="middle" fill="INK">?</text>`)
}

// blobPath is the irregular outline of a Mold token.
const blobPath = "M-6-44C12-48 24-34 34-30C48-24 46-6 40 6C48 20 36 38 18 38C6 48-14 46-22 36C-40 34-48 18-42 4C-50-10-40-28-26-30C-22-40-14-42-6-44Z"

// starPath is a star with n points between radii outer and inner.
func starPath(n int, outer, inner float64) string {
	var p path
	for i := 0; i < 2*n; i++ {
		r := outer
		if i%2 == 1 {
			r = inner
		}
		a := float64(i) * math.Pi / float64(n)
		x, y := r*math.Sin(a), -r*math.Cos(a)
		if i == 0 {
			p.M(x, y)
		} else {
			p.L(x, y)
		}
	}
	p.WriteByte('Z')
	return p.String()
}

// iconID is the symbol a token is drawn with.
func iconID(typ, state, kind string) string {
	switch typ {
	case "start", "spawn", "objective", "exit", "noise", "sentry-gun", "bot":
		return "i-" + typ
	case "mold":
		if state == "inactive" {
			return "i-mold-off"
		}
		return "i-mold"
	case "car":
		if kind == "police" || kind == "pimpmobile" {
			return "i-car-" + kind
		}
		return "i-car"
	}
	return "i-unknown"
}

// patternDef returns the <pattern> of a fill pattern id.
func patternDef(id string, s style) string {
	switch id {
	case "p-airlock":
		return `<pattern id="p-airlock" patternUnits="userSpaceOnUse" width="24" height="24" patternTransform="rotate(45)">` +
			`<rect width="10" height="24" fill="` + s.c("stripe") + `" fill-opacity="0.55"/></pattern>`
	case "p-security":
		return `<pattern id="p-security" patternUnits="userSpaceOnUse" width="16" height="16">` +
			`<path d="M0 0L16 16M16 0L0 16" stroke="` + s.c("faint") + `" stroke-width="1" stroke-opacity="0.6"/></pattern>`
	case "p-oxygen":
		return `<pattern id="p-oxygen" patternUnits="userSpaceOnUse" width="18" height="18">` +
			`<circle cx="9" cy="9" r="3" fill="none" stroke="` + s.c("faint") + `" stroke-width="1.2"/></pattern>`
	case "p-dark":
		return `<pattern id="p-dark" patternUnits="userSpaceOnUse" width="10" height="10">` +
			`<rect width="10" height="10" fill="` + s.c("dark") + `" fill-opacity="0.22"/>` +
			`<circle cx="5" cy="5" r="1.6" fill="` + s.c("dark") + `" fill-opacity="0.5"/></pattern>`
	case "p-mold":
		return `<pattern id="p-mold" patternUnits="userSpaceOnUse" width="14" height="14" patternTransform="rotate(-45)">` +
			`<rect width="4" height="14" fill="` + s.c("ov:mold") + `" fill-opacity="0.75"/></pattern>`
	case "p-exterior":
		return `<pattern id="p-exterior" patternUnits="userSpaceOnUse" width="20" height="20">` +
			`<circle cx="5" cy="6" r="1.5" fill="` + s.c("dots") + `" fill-opacity="0.7"/>` +
			`<circle cx="15" cy="15" r="1.2" fill="` + s.c("dots") + `" fill-opacity="0.7"/></pattern>`
	}
	return ""
}

// defs writes the <defs> holding every symbol and pattern in used, sorted,
// so each <use> and url() finds its target and nothing unused is written.
func writeDefs(w *svgw, used map[string]bool, s style) {
	if len(used) == 0 {
		return
	}
	ids := make([]string, 0, len(used))
	for id := range used {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	w.WriteString("<defs>\n")
	for _, id := range ids {
		if strings.HasPrefix(id, "p-") {
			w.WriteString(patternDef(id, s))
			w.WriteByte('\n')
			continue
		}
		w.WriteString(`<symbol id="` + id + `" viewBox="-50 -50 100 100" overflow="visible">`)
		w.WriteString(iconSymbol(id, s))
		w.WriteString("</symbol>\n")
	}
	w.WriteString("</defs>\n")
}

// use places icon id centred on (x, y), size units wide.
func (w *svgw) use(id string, x, y, size float64, colour string) {
	w.el("use", "href", "#"+id, "x", num(x-size/2), "y", num(y-size/2), "width", num(size), "height", num(size), "color", colour)
}
