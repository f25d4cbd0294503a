package render

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
)

// facilityView draws the facility crawler: the terminal facility, the
// analysis as text and the printable facility sheet.
type facilityView struct{}

func init() { RegisterView(facility.Ruleset, facilityView{}) }

// Overlays implements ModelView.
func (facilityView) Overlays() []string { return []string{"noise", "escape", "intruders"} }

// Each slot is a box fBoxW characters wide and fBoxH lines high; a
// horizontal corridor takes the fGapW characters between two boxes, a
// vertical one the line between two rows of boxes.
const (
	fBoxW = 16
	fBoxH = 4
	fGapW = 5
)

// canvas is a grid of runes for terminal drawings.
type canvas [][]rune

func newCanvas(w, h int) canvas {
	c := make(canvas, h)
	for i := range c {
		c[i] = []rune(strings.Repeat(" ", w))
	}
	return c
}

func (c canvas) put(x, y int, s string) {
	if y < 0 || y >= len(c) {
		return
	}
	for _, r := range s {
		if x >= 0 && x < len(c[y]) {
			c[y][x] = r
		}
		x++
	}
}

func (c canvas) write(w io.Writer) error {
	for _, row := range c {
		if _, err := fmt.Fprintln(w, strings.TrimRight(string(row), " ")); err != nil {
			return err
		}
	}
	return nil
}

// fit cuts s to n characters.
func fit(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}

// wrap2 splits a room name over two lines of n characters.
func wrap2(s string, n int) (string, string) {
	if utf8.RuneCountInString(s) <= n {
		return s, ""
	}
	words := strings.Fields(s)
	a := ""
	for i, w := range words {
		if utf8.RuneCountInString(a+" "+w) > n && a != "" {
			return a, fit(strings.Join(words[i:], " "), n)
		}
		if a == "" {
			a = w
		} else {
			a += " " + w
		}
	}
	return fit(a, n), ""
}

// doorGlyph marks a door slot: o open, ▮ closed, x destroyed.
func doorGlyph(state string) string {
	switch state {
	case "open":
		return "o"
	case "closed":
		return "▮"
	case "destroyed":
		return "x"
	}
	return ""
}

// corridorText is a corridor's noise as printed: "3", "3/1" (Deadly), "0"
// (reinforced).
func corridorText(c *facility.Corridor) string {
	s := strconv.Itoa(c.Noise)
	if c.Deadly > 0 && c.Noise > 0 {
		s += "/" + strconv.Itoa(c.Deadly)
	}
	return s
}

// Show implements ModelView: the slot grid with rooms and corridors.
func (facilityView) Show(w io.Writer, m rules.Model) error {
	f, ok := m.(*facility.Facility)
	if !ok {
		return fmt.Errorf("not a facility")
	}
	an := f.Analyze()
	fmt.Fprintf(w, "%s — %d×%d slots, %d rooms placed, %d empty, %d corridors\n", f.Name, f.Cols, f.Rows, an.Rooms, an.Empty, len(f.Corridors))
	cols, rows := min(f.Cols, 32), min(f.Rows, 32)
	cv := newCanvas(cols*(fBoxW+fGapW), rows*(fBoxH+1))
	ox := func(x int) int { return x * (fBoxW + fGapW) }
	oy := func(y int) int { return y * (fBoxH + 1) }
	var offGrid []*facility.Slot
	for _, s := range f.Slots {
		if s.X < 0 || s.Y < 0 || s.X >= cols || s.Y >= rows {
			offGrid = append(offGrid, s)
			continue
		}
		x, y := ox(s.X), oy(s.Y)
		top, bot, side := "─", "─", "│"
		if s.RoomID == "" {
			top, bot, side = "┄", "┄", "┆"
		}
		head := strconv.Itoa(s.ID) + " " + s.Section
		cv.put(x, y, "┌"+top+head+strings.Repeat(top, fBoxW-3-utf8.RuneCountInString(head))+"┐")
		for i := 1; i < fBoxH-1; i++ {
			cv.put(x, y+i, side)
			cv.put(x+fBoxW-1, y+i, side)
		}
		cv.put(x, y+fBoxH-1, "└"+strings.Repeat(bot, fBoxW-2)+"┘")
		var l1, l2 string
		switch {
		case s.Covered && s.Room != nil:
			l1, l2 = "[covered]", wrap1(s.Room.Name, fBoxW-2)
		case s.Room != nil:
			l1, l2 = wrap2(s.Room.Name, fBoxW-2)
		case s.RoomID != "":
			l1 = fit(s.RoomID+"?", fBoxW-2)
		default:
			l1 = "  empty " + s.Section
		}
		if s.Is(facility.LandingZone) {
			l2 = strings.TrimSpace(l2 + " S")
		}
		cv.put(x+1, y+1, l1)
		cv.put(x+1, y+2, l2)
	}
	var technical []*facility.Corridor
	for _, c := range f.Corridors {
		a, b := f.Slot(c.A), f.Slot(c.B)
		if a == nil || b == nil || c.Technical || a.X < 0 || a.Y < 0 || b.X < 0 || b.Y < 0 || a.X >= cols || b.X >= cols || a.Y >= rows || b.Y >= rows {
			technical = append(technical, c)
			continue
		}
		d := doorGlyph(c.Door)
		switch {
		case a.Y == b.Y && iabs(a.X-b.X) == 1:
			l := a
			if b.X < a.X {
				l = b
			}
			// A value off the tile (noise 100, reported by noise-range)
			// is cut to the gap rather than written past it.
			lab := fit(corridorText(c), fGapW)
			seg := []rune(strings.Repeat("═", fGapW))
			mid := (fGapW - utf8.RuneCountInString(lab)) / 2
			copy(seg[mid:], []rune(lab))
			if d != "" {
				if c.DoorAt == l.ID {
					seg[0] = []rune(d)[0]
				} else {
					seg[fGapW-1] = []rune(d)[0]
				}
			}
			cv.put(ox(l.X)+fBoxW, oy(l.Y)+fBoxH/2, string(seg))
		case a.X == b.X && iabs(a.Y-b.Y) == 1:
			t := a
			if b.Y < a.Y {
				t = b
			}
			lab := "║" + corridorText(c)
			if d != "" {
				lab = d + corridorText(c)
			}
			cv.put(ox(t.X)+fBoxW/2-1, oy(t.Y)+fBoxH, lab)
		default:
			technical = append(technical, c)
		}
	}
	if err := cv.write(w); err != nil {
		return err
	}
	fmt.Fprintln(w, "  S start (Landing Zone); ═3═ corridor and its noise value (0 reinforced, 3/1 with its Deadly value); door slot o open, ▮ closed, x destroyed; ┄ empty slot")
	var ls []string
	for _, x := range facility.Sections {
		st := "inactive"
		if f.LifeSupport[x] {
			st = "active"
		}
		ls = append(ls, x+" "+st)
	}
	fmt.Fprintf(w, "  life support: %s; Hibernatorium %s\n", strings.Join(ls, ", "), an.LifeSupply.Hibernatorium)
	var st []string
	for _, t := range []string{"A", "B", "C", "?"} {
		st = append(st, fmt.Sprintf("%s %d", t, len(f.Stacks[t])))
	}
	fmt.Fprintf(w, "  room stacks: %s", strings.Join(st, ", "))
	if f.CorridorPool >= 0 {
		fmt.Fprintf(w, "; corridor pool %d", f.CorridorPool)
	}
	fmt.Fprintln(w)
	for _, c := range technical {
		fmt.Fprintf(w, "  corridor %d: %d -- %d, noise %s", c.ID, c.A, c.B, corridorText(c))
		if c.Technical {
			fmt.Fprint(w, " (technical)")
		}
		fmt.Fprintln(w)
	}
	for _, s := range offGrid {
		fmt.Fprintf(w, "  slot %d at %d,%d is off the grid\n", s.ID, s.X, s.Y)
	}
	for _, t := range sortedTokens(f.Tokens) {
		fmt.Fprintf(w, "  %s\n", tokenLine(t))
	}
	return nil
}

func wrap1(s string, n int) string { return fit(s, n) }

// sortedTokens lists tokens corridors first, then rooms, by id.
func sortedTokens(ts []facility.Token) []facility.Token {
	out := append([]facility.Token(nil), ts...)
	sort.SliceStable(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if (a.Corridor != 0) != (b.Corridor != 0) {
			return a.Corridor != 0
		}
		return a.Corridor+a.Slot < b.Corridor+b.Slot
	})
	return out
}

// tokenLine describes one token: "2 adult intruders in corridor 4".
func tokenLine(t facility.Token) string {
	n := max(t.Count, 1)
	what := t.Type
	switch t.Type {
	case "intruder":
		what = t.Kind + " intruder"
		if t.Kind == "" {
			what = "intruder"
		}
	case "noise", "fire", "malfunction":
		what += " marker"
	case "secure":
		what += " token"
	}
	if n > 1 {
		what = strconv.Itoa(n) + " " + what + "s"
	}
	if t.Corridor != 0 {
		return what + " in corridor " + strconv.Itoa(t.Corridor)
	}
	return what + " in room " + strconv.Itoa(t.Slot)
}

func iabs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// Page implements ModelView; the sheet is in facility_sheet.go.
func (v facilityView) Page(w io.Writer, m rules.Model, o ModelOptions) error {
	f, ok := m.(*facility.Facility)
	if !ok {
		return fmt.Errorf("not a facility")
	}
	return facilitySheet(w, f, o)
}
