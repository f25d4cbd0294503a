package render

import (
	"bytes"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// The tests of this file check the legibility defects a printed page had
// (issue "Print and ship"), each against the drawing's geometry or markup.

var exampleMissions = []string{"invader/first-contact.yaml", "invader/violet-lockdown.yaml", "classic/blue-line.yaml", "classic/night-shift.yaml"}

func examplePage(t *testing.T, name string, mono bool) *mapPage {
	t.Helper()
	s, g := missionScene(t, filepath.Join(examplesDir, name))
	m, err := newMapPage(s, g, Options{Page: "a4", Margin: DefaultMargin, Mono: mono})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// "tile ids are ≈2.4 mm grey text in a corner — print them large, in a
// badge, with the rotation visible."
func TestTileBadgesAreLargeAndClear(t *testing.T) {
	for _, name := range exampleMissions {
		m := examplePage(t, name, false)
		a := m.a
		g := m.geometry()
		if mm := badgeFont * g.cell / cell; mm < 4 {
			t.Errorf("%s: tile ids are %.1f mm tall, want at least 4", name, mm)
		}
		for _, tile := range a.b.Tiles {
			box := a.badgeBox(tile)
			c := a.badgeCell(tile)
			cellBox := rect{float64(c.X) * cell, float64(c.Y) * cell, float64(c.X+1) * cell, float64(c.Y+1) * cell}
			if box.x1 < cellBox.x1 || box.y1 < cellBox.y1 || box.x2 > cellBox.x2 || box.y2 > cellBox.y2 {
				t.Errorf("%s: the badge of %s (%v) leaves its cell %v", name, tile.Face, box, cellBox)
			}
			n := a.b.N
			if c.X != tile.Col*n && c.X != (tile.Col+1)*n-1 || c.Y != tile.Row*n && c.Y != (tile.Row+1)*n-1 {
				t.Errorf("%s: the badge of %s is not in a corner of its tile", name, tile.Face)
			}
			for i, p := range a.places {
				tb := rect{p.x - p.size/2, p.y - p.size/2, p.x + p.size/2, p.y + p.size/2}
				if intersects(tb, box) {
					t.Errorf("%s: token %d covers the badge of %s", name, i, tile.Face)
				}
			}
			for _, l := range a.labels {
				if intersects(rect{l.x - l.w/2, l.y - l.h/2, l.x + l.w/2, l.y + l.h/2}, box) {
					t.Errorf("%s: label %s covers the badge of %s", name, l.main, tile.Face)
				}
			}
		}
		var b bytes.Buffer
		if err := m.write(&b); err != nil {
			t.Fatal(err)
		}
		board := b.String()[strings.Index(b.String(), `<g class="tile-badges">`):]
		board = board[:strings.Index(board, "</g>")]
		if got := strings.Count(board, `class="face-badge"`); got != len(a.b.Tiles) {
			t.Errorf("%s: %d badges for %d tiles", name, got, len(a.b.Tiles))
		}
	}
	// The arrow turns with the tile: it points up, right, down, left.
	for rot, dir := range map[int][2]float64{0: {0, -1}, 90: {1, 0}, 180: {0, 1}, 270: {-1, 0}} {
		a := &art{st: style{}}
		var w svgw
		a.tileBadge(&w, rect{0, 0, 100, badgeH}, "1A", rot)
		m := regexp.MustCompile(`<path d="M([-\d.]+) ([-\d.]+)L[^"]*Z" fill="#ffffff" class="face-turn"`).FindStringSubmatch(w.String())
		if m == nil {
			t.Fatalf("rot %d: no arrow head in %s", rot, w.String())
		}
		tipX, _ := strconv.ParseFloat(m[1], 64)
		tipY, _ := strconv.ParseFloat(m[2], 64)
		cx := badgePad + textWidth("1A", badgeFont, true) + 4 + badgeArrow/2
		cy := badgeH / 2
		if (tipX-cx)*dir[0]+(tipY-cy)*dir[1] < 8 {
			t.Errorf("rot %d: the arrow's tip (%g,%g) does not point %v from (%g,%g)", rot, tipX, tipY, dir, cx, cy)
		}
		if rot != 0 && !strings.Contains(w.String(), ">"+strconv.Itoa(rot)+"°<") {
			t.Errorf("rot %d: the badge does not say the turn", rot)
		}
	}
}

// "the thin dashed tile outline looks like the dashed linear marking
// between zones — make tile borders unmistakable (and different in --mono)."
func TestTileBordersUnlikeMarkings(t *testing.T) {
	border := regexp.MustCompile(`<path d="[^"]*" fill="none" stroke="[^"]*" stroke-width="[\d.]+"( stroke-dasharray="([^"]*)")? class="tile-border"/>`)
	for _, mono := range []bool{false, true} {
		m := examplePage(t, "invader/first-contact.yaml", mono)
		var b bytes.Buffer
		if err := m.write(&b); err != nil {
			t.Fatal(err)
		}
		svg := b.String()
		got := border.FindStringSubmatch(svg)
		if got == nil {
			t.Fatalf("mono=%v: no tile border", mono)
		}
		if !strings.Contains(svg, `class="tile-seam"`) {
			t.Errorf("mono=%v: no light seam under the tile border", mono)
		}
		switch {
		case !mono && got[2] != "":
			t.Errorf("colour tile borders are dashed (%s), like markings", got[2])
		case mono && len(strings.Fields(got[2])) != 4:
			t.Errorf("mono tile borders are %q, want a dash-dot (4 lengths) unlike the markings' 9 6", got[2])
		}
		if !mono && (style{}).c("tile") == (style{}).c("ink") {
			t.Error("the tile border has the colour of walls and markings")
		}
	}
}

// luminance is a colour's relative lightness, 0 to 1.
func luminance(hex string) float64 {
	c := hexRGB(hex)
	return (0.299*float64(c[0]) + 0.587*float64(c[1]) + 0.114*float64(c[2])) / 255
}

// "a closed neutral door looks like an airlock hatch; on a light street it
// has little contrast."
func TestNeutralDoorUnlikeHatch(t *testing.T) {
	for _, st := range []style{{}, {mono: true}} {
		a := &art{st: st}
		var w svgw
		a.door(&w, 0, 0, true, 1, "neutral", "closed")
		m := regexp.MustCompile(`class="door-closed"`).FindString(w.String())
		fill := regexp.MustCompile(`fill="(#[0-9a-f]{6})"`).FindStringSubmatch(w.String())
		if m == "" || fill == nil {
			t.Fatalf("mono=%v: no closed door in %s", st.mono, w.String())
		}
		// The hatch is a dark line with a paper core; the door must not be
		// paper-light, and must stand out on every floor.
		if luminance(fill[1]) > 0.6 {
			t.Errorf("mono=%v: the neutral door %s is as light as a hatch's core", st.mono, fill[1])
		}
		for _, floor := range []string{"street", "room", "corridor", "exterior"} {
			if d := math.Abs(luminance(fill[1]) - luminance(st.kindFill(floor))); d < 0.2 {
				t.Errorf("mono=%v: the neutral door %s barely shows on a %s (%s): contrast %.2f", st.mono, fill[1], floor, st.kindFill(floor), d)
			}
		}
	}
}

// "the objectives list mixes numbered and bulleted items with ragged
// indents."
func TestObjectivesOneStyle(t *testing.T) {
	m := examplePage(t, "invader/violet-lockdown.yaml", false)
	m.s.Mission.Objectives = []missions.Objective{{Take: "red"}, {Take: "violet", Order: 2}, {Exit: "all", Order: 1}}
	items := m.objectiveItems()
	for i, it := range items {
		if want := strconv.Itoa(i+1) + "."; it.prefix != want {
			t.Errorf("objective %d has prefix %q, want %q", i+1, it.prefix, want)
		}
	}
	if got, want := orderNote(m.s.Mission.Objectives), "Objectives are met in this order: 3, then 2."; got != want {
		t.Errorf("orderNote = %q, want %q", got, want)
	}
	night := []missions.Objective{{Take: "all", Order: 1}, {Exit: "all", Order: 2}}
	if got, want := orderNote(night), "Objectives 1 and 2 are met in that order."; got != want {
		t.Errorf("orderNote = %q, want %q", got, want)
	}
	if got := orderNote([]missions.Objective{{Take: "red"}, {Exit: "all"}}); got != "" {
		t.Errorf("no ordered objectives, yet a note: %q", got)
	}
}

// "in --mono, the Oxygen pattern runs under the zone label and objective
// badge, and corridor grey is too close to exterior grey."
func TestMonoPatternsAndGreys(t *testing.T) {
	mono := style{mono: true}
	if d := math.Abs(luminance(mono.kindFill(layout.Corridor)) - luminance(mono.kindFill(layout.Exterior))); d < 0.15 {
		t.Errorf("mono corridor %s and exterior %s differ by %.2f only", mono.kindFill(layout.Corridor), mono.kindFill(layout.Exterior), d)
	}
	m := examplePage(t, "invader/violet-lockdown.yaml", true)
	var b bytes.Buffer
	if err := m.write(&b); err != nil {
		t.Fatal(err)
	}
	labels := b.String()[strings.Index(b.String(), `<g class="labels">`):]
	labels = labels[:strings.Index(labels, "</g>")]
	if strings.Contains(labels, "fill-opacity") {
		t.Error("mono label plates let the patterns show through")
	}
}

// Overlays that do not fit get pages of their own.
func TestOverlayPages(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "violet-lockdown.yaml"))
	var ovs []Overlay
	for _, spec := range []string{"sight=1B/c", "xenos", "movement", "threat", "mold"} {
		ov, err := ParseOverlay(spec, s.Board, g)
		if err != nil {
			t.Fatal(err)
		}
		ovs = append(ovs, ov)
	}
	o := Options{Page: "a4", Margin: DefaultMargin, Overlays: ovs}
	scale, err := OverlayScale(s, g, o)
	if err != nil || scale >= MinOverlayScale {
		t.Fatalf("5 overlays leave the board %.2f of its size (%v); the test needs ones that do not fit", scale, err)
	}
	pages, err := Pages(s, g, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) != 6 {
		t.Fatalf("%d pages, want the map and one per overlay", len(pages))
	}
	if bytes.Contains(pages[0], []byte(`class="overlay`)) {
		t.Error("the first page carries overlays")
	}
	for i, p := range pages[1:] {
		checkSVG(t, p)
		if want := "— overlay " + strconv.Itoa(i+1) + " of 5"; !bytes.Contains(p, []byte(want)) {
			t.Errorf("page %d does not say %q", i+2, want)
		}
	}
	one := o
	one.Overlays = ovs[1:2]
	if pages, _ := Pages(s, g, one); len(pages) != 1 {
		t.Errorf("one overlay that fits: %d pages", len(pages))
	}
}

// "the tile-set sheet is 284 × 502 mm: paginate it on the chosen paper
// size."
func TestSheetsPaginate(t *testing.T) {
	set, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []SheetOptions{{Page: "a4"}, {Page: "letter", Landscape: true}, {Page: "a3", Mono: true}} {
		pages, err := Sheets(set, o)
		if err != nil {
			t.Fatal(err)
		}
		size := pageSizes[o.Page]
		if o.Landscape {
			size[0], size[1] = size[1], size[0]
		}
		want := `width="` + num(size[0]) + `mm" height="` + num(size[1]) + `mm"`
		seen := map[string]int{}
		for i, p := range pages {
			checkSVG(t, p)
			if !bytes.Contains(p, []byte(want)) {
				t.Errorf("%+v page %d is not %s", o, i+1, want)
			}
			for _, m := range regexp.MustCompile(`data-face="([^"]+)"`).FindAllSubmatch(p, -1) {
				seen[string(m[1])]++
			}
			if len(pages) > 1 && !bytes.Contains(p, []byte("page "+strconv.Itoa(i+1)+" of "+strconv.Itoa(len(pages)))) {
				t.Errorf("%+v page %d does not number itself", o, i+1)
			}
		}
		for _, f := range set.Faces {
			if seen[f.ID] != 1 {
				t.Errorf("%+v: face %s drawn %d times", o, f.ID, seen[f.ID])
			}
		}
		if !bytes.Contains(pages[len(pages)-1], []byte(">Legend<")) {
			t.Errorf("%+v: the legend is not on the last page", o)
		}
		if o.Page == "a4" && len(pages) < 2 {
			t.Errorf("the station sheet fits one A4 page? %d pages", len(pages))
		}
	}
}

// "seed 980039 prints '(Reach getaway.)' (the car's id)": an objective
// that reaches a token by its id is worded by what the token is, and
// once when the author's text says just that.
func TestReachNamesTheToken(t *testing.T) {
	m := examplePage(t, "invader/violet-lockdown.yaml", false)
	m.s.Tokens = append(m.s.Tokens, &rules.Token{Token: missions.Token{Type: "car", Kind: "pimpmobile", ID: "getaway"}})
	m.s.Mission.Objectives = []missions.Objective{{Reach: "getaway", Text: "Reach the Pimpmobile."}, {Reach: "getaway", Text: "Get to the car."}, {Reach: "1A/c"}}
	items := m.objectiveItems()
	if len(items[0].body) != 1 || items[0].body[0].text != "Reach the Pimpmobile." {
		t.Errorf("the text that says what the page would is shown with a note: %+v", items[0].body)
	}
	if len(items[1].body) != 2 || items[1].body[1].text != "(Reach the Pimpmobile.)" {
		t.Errorf("another text: %+v", items[1].body)
	}
	if items[2].body[0].text != "Reach 1A/c." {
		t.Errorf("a zone reached is named by its id on the map: %+v", items[2].body)
	}
}
