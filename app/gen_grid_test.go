package app_test

import (
	"fmt"
	"math/rand/v2"
	"strings"

	"github.com/zmission/zmission/layout"
)

// The tile games' cases: a tile set of the case's own (1 to 6 cells a
// side, zones of random shapes and kinds) or a built-in one, placed
// alone, in a block, along a line, scattered far apart or by the
// hundred, with tokens of every type and colour on it and objectives and
// rules that name them.

// faceInfo is what a mission needs to know of a face: its id, its zone
// labels and the face on the other side.
type faceInfo struct {
	id     string
	labels []string
}

type tilesetInfo struct {
	size  int
	faces []faceInfo
}

// tileset themes: which zone kinds a set's faces hold.
var tilesetThemes = []string{"mixed", "mixed", "station", "city", "exterior", "airlocks", "sealed", "walled"}

var edgeKinds = []string{"wall", "opening", "door", "marking", "hatch"}

// tilesetDoc makes a tile-set file that loads without an error (warnings
// are fine: a hatch that leads nowhere is a legal, odd file).
func tilesetDoc(r *rand.Rand) (obj, tilesetInfo) {
	size := 1 + r.IntN(6)
	theme := tilesetThemes[r.IntN(len(tilesetThemes))]
	nf := 1 + r.IntN(6)
	info := tilesetInfo{size: size}
	var faces obj
	ids := map[string]bool{}
	for i := range nf {
		id := faceID(r, i)
		for ids[id] {
			id += "x"
		}
		ids[id] = true
		f, labels := faceDoc(r, size, theme)
		faces.set(id, f)
		info.faces = append(info.faces, faceInfo{id: id, labels: labels})
	}
	var doc obj
	doc.set("format", 1)
	doc.set("name", fmt.Sprintf("gen-%d", r.IntN(1000)))
	if r.IntN(2) == 0 {
		doc.set("title", "Generated "+theme)
	}
	doc.set("size", size)
	if r.IntN(2) == 0 {
		// Pair the faces into physical tiles, some double-sided.
		order := r.Perm(nf)
		var tiles []any
		for i := 0; i < nf; {
			if i+1 < nf && r.IntN(2) == 0 {
				tiles = append(tiles, []any{info.faces[order[i]].id, info.faces[order[i+1]].id})
				i += 2
				continue
			}
			tiles = append(tiles, []any{info.faces[order[i]].id})
			i++
		}
		doc.set("tiles", tiles)
	}
	doc.set("faces", faces)
	return doc, info
}

func faceID(r *rand.Rand, i int) string {
	switch r.IntN(4) {
	case 0:
		return fmt.Sprintf("%d%c", i+1, 'A'+rune(r.IntN(2)))
	case 1:
		return fmt.Sprint(i + 1) // digits only: a key YAML must quote
	case 2:
		return fmt.Sprintf("F_%d-z", i)
	}
	return string(rune('a'+r.IntN(26))) + fmt.Sprint(i)
}

const labelRunes = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// faceDoc makes one face: cells joined into zones at random (a zone is
// always in one piece: cells join only across a shared side), each zone a
// kind of the theme, some edges and border cells declared.
func faceDoc(r *rand.Rand, size int, theme string) (obj, []string) {
	n := size * size
	parent := make([]int, n)
	for i := range parent {
		parent[i] = i
	}
	var find func(int) int
	find = func(i int) int {
		for parent[i] != i {
			i = parent[i]
		}
		return i
	}
	type pair struct{ a, b int }
	var pairs []pair
	for y := range size {
		for x := range size {
			if x+1 < size {
				pairs = append(pairs, pair{y*size + x, y*size + x + 1})
			}
			if y+1 < size {
				pairs = append(pairs, pair{y*size + x, (y+1)*size + x})
			}
		}
	}
	join := r.Float64()
	for _, i := range r.Perm(len(pairs)) {
		if r.Float64() < join {
			parent[find(pairs[i].a)] = find(pairs[i].b)
		}
	}
	label := map[int]string{}
	var labels []string
	grid := make([]string, n)
	for i := range n {
		root := find(i)
		if _, ok := label[root]; !ok {
			label[root] = string(labelRunes[len(labels)])
			labels = append(labels, label[root])
		}
		grid[i] = label[root]
	}
	kinds := map[string]string{}
	zones := obj{}
	for _, l := range labels {
		kind, z := zoneDoc(r, theme)
		kinds[l] = kind
		zones.set(l, z)
	}
	var rows []any
	for y := range size {
		rows = append(rows, strings.Join(grid[y*size:(y+1)*size], " "))
	}
	var f obj
	if r.IntN(3) == 0 {
		f.set("title", "Face "+labels[0])
	}
	f.set("grid", rows)
	f.set("zones", zones)

	// Edges between zones: declared now and then, never a marking next to
	// a room. A sealed or walled set declares none: its rooms have no way in.
	var edges obj
	if theme != "sealed" {
		for _, p := range pairs {
			la, lb := grid[p.a], grid[p.b]
			if la == lb || r.IntN(3) != 0 {
				continue
			}
			kind := edgeKinds[r.IntN(len(edgeKinds))]
			if kind == "marking" && (kinds[la] == "room" || kinds[lb] == "room") {
				kind = "door"
			}
			side := "e"
			if p.b-p.a != 1 {
				side = "s"
			}
			edges.set(fmt.Sprintf("%d,%d %s", p.a%size, p.a/size, side), kind)
		}
	}
	if len(edges) > 0 {
		f.set("edges", edges)
	}

	// The border: a whole side at once, one value per cell, or the default.
	var border obj
	for s, side := range []string{"n", "e", "s", "w"} {
		cells := borderCells(size, s)
		value := func(cell int) string {
			v := []string{"open", "wall", "opening", "door", "marking", "hatch"}[r.IntN(6)]
			if v == "marking" && kinds[grid[cell]] == "room" {
				v = "wall"
			}
			return v
		}
		switch {
		case theme == "walled" || theme == "sealed":
			border.set(side, "wall")
		case r.IntN(3) == 0:
			v := value(cells[0])
			if v == "marking" {
				for _, c := range cells {
					if kinds[grid[c]] == "room" {
						v = "wall"
					}
				}
			}
			border.set(side, v)
		case r.IntN(3) == 0:
			var vs []any
			for _, c := range cells {
				vs = append(vs, value(c))
			}
			border.set(side, vs)
		}
	}
	if len(border) > 0 {
		f.set("border", border)
	}
	return f, labels
}

// borderCells lists the cells along side s (0 n, 1 e, 2 s, 3 w) in the
// order a border list names them: n and s left to right, e and w top to
// bottom.
func borderCells(size, s int) []int {
	out := make([]int, size)
	for i := range size {
		switch s {
		case 0:
			out[i] = i
		case 1:
			out[i] = i*size + size - 1
		case 2:
			out[i] = (size-1)*size + i
		case 3:
			out[i] = i * size
		}
	}
	return out
}

var roomFeatures = []string{"security", "oxygen", "airlock", "dark", "flooded"}

// zoneDoc makes a zone of the theme: its kind, and the zone as written
// (the kind alone, or with features and a name).
func zoneDoc(r *rand.Rand, theme string) (string, any) {
	var kind string
	switch theme {
	case "station":
		kind = []string{"room", "room", "corridor", "exterior"}[r.IntN(4)]
	case "city":
		kind = []string{"room", "street", "street"}[r.IntN(3)]
	case "exterior":
		kind = "exterior"
	case "airlocks", "sealed":
		kind = "room"
	default:
		kind = []string{"room", "corridor", "exterior", "street"}[r.IntN(4)]
	}
	var features []any
	if theme == "airlocks" {
		features = append(features, "airlock")
	} else if r.IntN(3) == 0 {
		for _, f := range roomFeatures {
			if r.IntN(4) == 0 {
				features = append(features, f)
			}
		}
	}
	if len(features) == 0 && r.IntN(2) == 0 {
		return kind, kind
	}
	var z obj
	z.set("kind", kind)
	if len(features) > 0 {
		z.set("features", features)
	}
	if r.IntN(2) == 0 {
		z.set("name", "Zone "+kind)
	}
	return kind, z
}

// builtinInfo describes a built-in set for placing its faces.
func builtinInfo(name string) tilesetInfo {
	ts, err := layout.Builtin(name)
	if err != nil {
		panic(err)
	}
	info := tilesetInfo{size: ts.Size}
	for _, f := range ts.Faces {
		info.faces = append(info.faces, faceInfo{id: f.ID, labels: f.Labels()})
	}
	return info
}

var colors = []string{"red", "blue", "green", "violet", "white", "yellow", "orange", "neutral"}

var tokenTypes = []string{"start", "spawn", "objective", "exit", "door", "mold", "noise", "sentry-gun", "bot", "car"}

// placement modes of the tiles.
var placements = []string{"single", "block", "block", "block", "line", "sparse", "far", "huge", "spawns"}

// gridMission makes a mission for a tile game on the set described by
// info (named tileset in the file).
func gridMission(r *rand.Rand, ruleset, tileset string, info tilesetInfo, heavy bool) obj {
	var doc obj
	doc.set("format", 1)
	doc.set("id", fmt.Sprintf("gen-%d", r.IntN(10000)))
	doc.set("title", "Generated mission")
	if r.IntN(4) == 0 {
		doc.set("briefing", "Go in.\nGet out: {quickly} & quietly # not a comment")
	}
	doc.set("ruleset", ruleset)
	if r.IntN(2) == 0 {
		doc.set("survivors", []int{1, 2, 6, 7, 8, 23, 24}[r.IntN(7)])
	}
	if r.IntN(3) == 0 {
		doc.set("players", []any{1, 12, "1-6", "2-4", "6-2", "12", "1-99"}[r.IntN(7)])
	}
	if r.IntN(4) == 0 {
		doc.set("difficulty", []string{"easy", "medium", "hard", "deadly"}[r.IntN(4)])
		doc.set("duration", []int{5, 60, 1440}[r.IntN(3)])
	}
	if r.IntN(3) == 0 {
		boxes := []any{}
		for _, b := range []string{"invader-core", "zombicide-s1", "no-such-box"} {
			if r.IntN(2) == 0 {
				boxes = append(boxes, b)
			}
		}
		doc.set("boxes", boxes)
	}
	if r.IntN(3) == 0 {
		doc.set("equipment", []any{[]string{"oxygen-tank", "door-opener", "chainsaw"}[r.IntN(3)]})
	}
	if tileset != "" {
		doc.set("tileset", tileset)
	}

	mode := placements[r.IntN(len(placements))]
	if !heavy && (mode == "huge" || mode == "spawns") {
		mode = "block"
	}
	tiles, cells := placeTiles(r, info, mode)
	if len(tiles) > 0 || r.IntN(2) == 0 {
		doc.set("tiles", tiles)
	}
	placed := map[string]bool{}
	for _, t := range tiles {
		f, _ := t.(obj).get("face")
		placed[f.(string)] = true
	}

	// Tokens: several starts or none, spawns or none, every type and
	// colour, by cell (on a tile, or anywhere on the grid) or by zone.
	var tokens []any
	var ids []string
	nTok := r.IntN(14)
	if mode == "spawns" {
		nTok = 200 + r.IntN(800)
	}
	for i := range nTok {
		typ := tokenTypes[r.IntN(len(tokenTypes))]
		if mode == "spawns" && i > 0 {
			typ = "spawn"
		} else if i == 0 && r.IntN(5) != 0 {
			typ = "start"
		}
		var t obj
		t.set("type", typ)
		switch typ {
		case "spawn", "objective", "door":
			if r.IntN(2) == 0 {
				t.set("color", colors[r.IntN(len(colors))])
			}
		}
		if r.IntN(4) == 0 {
			id := fmt.Sprintf("t%d", i)
			ids = append(ids, id)
			t.set("id", id)
		}
		switch typ {
		case "door":
			if r.IntN(2) == 0 {
				t.set("state", []string{"closed", "open", "destroyed"}[r.IntN(3)])
			}
		case "mold":
			if r.IntN(2) == 0 {
				t.set("state", []string{"active", "inactive"}[r.IntN(2)])
			}
		case "spawn":
			if r.IntN(4) == 0 {
				t.set("first", r.IntN(3) != 0)
			}
		case "car":
			t.set("kind", []string{"police", "pimpmobile"}[r.IntN(2)])
		}
		switch {
		case len(tiles) > 0 && r.IntN(3) == 0:
			f := info.faces[r.IntN(len(info.faces))]
			t.set("in", f.id+"/"+f.labels[r.IntN(len(f.labels))])
		case len(cells) > 0 && r.IntN(6) != 0:
			c := cells[r.IntN(len(cells))]
			t.set("at", []any{c[0], c[1]})
		default:
			t.set("at", []any{r.IntN(4096), r.IntN(4096)})
		}
		if typ == "door" {
			t.set("side", []string{"n", "e", "s", "w"}[r.IntN(4)])
		}
		tokens = append(tokens, t)
	}
	if len(tokens) > 0 || r.IntN(2) == 0 {
		doc.set("tokens", tokens)
	}

	ref := func() string {
		switch r.IntN(4) {
		case 0:
			if len(ids) > 0 {
				return ids[r.IntN(len(ids))]
			}
		case 1:
			if len(cells) > 0 {
				c := cells[r.IntN(len(cells))]
				return fmt.Sprintf("%d,%d", c[0], c[1])
			}
		case 2:
			return "nowhere"
		}
		f := info.faces[r.IntN(len(info.faces))]
		return f.id + "/" + f.labels[r.IntN(len(f.labels))]
	}
	if n := r.IntN(5); n > 0 || r.IntN(2) == 0 {
		var objs []any
		for range n {
			var o obj
			switch r.IntN(7) {
			case 0:
				o.set("take", append(colors, "all")[r.IntN(len(colors)+1)])
				if r.IntN(2) == 0 {
					o.set("count", []int{1, 2, 999}[r.IntN(3)])
				}
			case 1:
				o.set("exit", []any{"all", "any", 1, 24}[r.IntN(4)])
			case 2:
				o.set("reach", ref())
			case 3:
				o.set("activate", ref())
			case 4:
				o.set("survive", []int{1, 99}[r.IntN(2)])
			case 5:
				o.set("kill", "abomination")
				if r.IntN(2) == 0 {
					o.set("count", 3)
				}
			default:
				o.set("text", "Hold on.")
			}
			if r.IntN(3) == 0 {
				o.set("order", 1+r.IntN(3))
			}
			objs = append(objs, o)
		}
		doc.set("objectives", objs)
	}
	if n := r.IntN(4); n > 0 {
		var rs []any
		for range n {
			var rule obj
			if r.IntN(5) == 0 {
				rule.set("text", "A rule in words.")
				rs = append(rs, rule)
				continue
			}
			var when obj
			switch r.IntN(4) {
			case 0:
				when.set("take", colors[r.IntN(len(colors))])
			case 1:
				when.set("reach", ref())
			case 2:
				when.set("activate", ref())
			default:
				when.set("round", []int{1, 99}[r.IntN(2)])
			}
			rule.set("when", when)
			var then []any
			for range 1 + r.IntN(3) {
				var e obj
				switch r.IntN(5) {
				case 0:
					e.set("open", colors[r.IntN(len(colors))])
				case 1:
					e.set("activate", colors[r.IntN(len(colors))])
				case 2:
					e.set("grant", []string{"oxygen-tank", "door-opener", "remote:" + ref()}[r.IntN(3)])
				case 3:
					e.set("remove", ref())
				default:
					e.set("text", "Something happens.")
				}
				then = append(then, e)
			}
			rule.set("then", then)
			rs = append(rs, rule)
		}
		doc.set("rules", rs)
	}
	if r.IntN(5) == 0 {
		doc.set("xeno_deck", []any{"1-25", "51-54", "999", "0-0"}[:1+r.IntN(4)])
	}
	return doc
}

// placeTiles lays faces of info on the tile grid the way mode says, and
// returns the tiles and some board cells that lie on them.
func placeTiles(r *rand.Rand, info tilesetInfo, mode string) ([]any, [][2]int) {
	n := info.size
	// Tile columns and rows stay below 64 (the bad-position check); a
	// face of 6 cells puts the last one at cell 383.
	const maxAt = 63
	var ats [][2]int
	switch mode {
	case "single":
		c := []int{0, 0, 1, maxAt}[r.IntN(4)]
		ats = append(ats, [2]int{c, c})
	case "block":
		w, h := 1+r.IntN(5), 1+r.IntN(5)
		for y := range h {
			for x := range w {
				if r.IntN(5) != 0 {
					ats = append(ats, [2]int{x, y})
				}
			}
		}
	case "line":
		for x := range 1 + r.IntN(12) {
			ats = append(ats, [2]int{x, 0})
		}
	case "sparse", "far":
		lim := 12
		if mode == "far" {
			lim = maxAt + 1
		}
		seen := map[[2]int]bool{}
		for range 2 + r.IntN(5) {
			a := [2]int{r.IntN(lim), r.IntN(lim)}
			if !seen[a] {
				seen[a] = true
				ats = append(ats, a)
			}
		}
	case "huge", "spawns":
		// As many tiles as a board may cover with cells (128×128), at most
		// the 1,024 the limits allow.
		side := min(32, 128/max(info.size, 1))
		if mode == "spawns" {
			side = 8 + r.IntN(8)
		}
		for y := range side {
			for x := range side {
				ats = append(ats, [2]int{x, y})
			}
		}
	}
	// A huge board repeats one face (the worst case for zone ids); others
	// pick a face per tile.
	one := info.faces[r.IntN(len(info.faces))].id
	var tiles []any
	var cells [][2]int
	for _, a := range ats {
		face := info.faces[r.IntN(len(info.faces))].id
		if mode == "huge" {
			face = one
		}
		var t obj
		t.set("face", face)
		t.set("at", []any{a[0], a[1]})
		if rot := []int{0, 0, 90, 180, 270}[r.IntN(5)]; rot != 0 || r.IntN(8) == 0 {
			t.set("rot", rot)
		}
		tiles = append(tiles, t)
		if len(cells) < 64 {
			cells = append(cells, [2]int{a[0]*n + r.IntN(n), a[1]*n + r.IntN(n)})
		}
	}
	return tiles, cells
}
