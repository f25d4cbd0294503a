package survivalinfection

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Words for messages, the terminal view and the sheet.

func itoa(n int) string { return strconv.Itoa(n) }

func sortDesc(v []int) { sort.Sort(sort.Reverse(sort.IntSlice(v))) }

// span writes a range of player counts: "2–6", or "4" for one.
func span(a, b int) string {
	if a == b {
		return itoa(a)
	}
	return itoa(a) + "–" + itoa(b)
}

// Span writes a range of player counts, for views.
func Span(a, b int) string { return span(a, b) }

func joinInts(v []int) string {
	s := make([]string, len(v))
	for i, x := range v {
		s[i] = itoa(x)
	}
	return "[" + strings.Join(s, ", ") + "]"
}

func article(t string) string {
	if t == "" {
		return "a card of no type"
	}
	if strings.ContainsRune("aeiou", rune(t[0])) {
		return "an " + t
	}
	return "a " + t
}

func symbol(closed bool) string {
	if closed {
		return "closed"
	}
	return "open"
}

// Symbol is the card's symbol word.
func (c Card) Symbol() string { return symbol(c.Closed) }

func cardWords(c Card) string {
	t := c.Type
	if t == "" {
		t = "no type"
	}
	s := t + ", " + symbol(c.Closed)
	if c.HiddenBite {
		s += ", Hidden Bite"
	}
	return s
}

// BiteWords says how the Hidden Bite goes into the deck.
func BiteWords(b Bite) string { return biteWords(b) }

func biteWords(b Bite) string {
	where := map[string]string{IntoSecond: "shuffled into the second pile", IntoFirst: "shuffled into the first pile", IntoDeck: "shuffled into the whole draw deck"}[b.Into]
	if where == "" {
		where = "shuffled in"
	}
	if b.SetAside {
		return "set aside before the deal, then " + where
	}
	return "shuffled with the rest before the deal, then " + where
}

// ChipWords writes chips as "1×10, 3×5".
func ChipWords(cs []Chips) string { return chipWords(cs) }

func chipWords(cs []Chips) string {
	if len(cs) == 0 {
		return "nothing"
	}
	s := make([]string, len(cs))
	for i, c := range cs {
		s[i] = fmt.Sprintf("%d×%d", c.Count, c.Value)
	}
	return strings.Join(s, ", ")
}

// FaceWords writes a die's faces as the format does: "1 1 2 2 3 blank".
func FaceWords(fs []Face) string { return faceWords(fs) }

func faceWords(fs []Face) string {
	s := make([]string, len(fs))
	for i, f := range fs {
		s[i] = f.String()
	}
	return strings.Join(s, " ")
}

// runs groups player counts into ranges: [2 3 5] → "2–3 and 5".
func runs(ns []int) string {
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		parts = append(parts, span(ns[i], ns[j]))
		i = j + 1
	}
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return itoa(n) + " " + many
}
