package generate

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/missions"
)

// texts gives the mission an id, a title and a briefing (keeping the
// file's own), worded from the structure.
func (rq *request) texts(m *missions.Mission, locks []*lock) {
	w := rq.g.Words
	if m.Title == "" {
		m.Title = pick(rq.rng, w.First) + " " + pick(rq.rng, w.Second)
	}
	if m.ID == "" {
		m.ID = slug(m.Title) + fmt.Sprintf("-%d", rq.o.Seed)
	}
	if m.Briefing == "" {
		m.Briefing = briefing(rq, m, locks)
	}
	if m.Difficulty == "" {
		m.Difficulty = rq.o.Difficulty
	}
}

func briefing(rq *request, m *missions.Mission, locks []*lock) string {
	w := rq.g.Words
	var s []string
	s = append(s, pick(rq.rng, w.Openings))
	objs := 0
	for _, t := range m.Tokens {
		if t.Type == missions.TokObjective {
			objs++
		}
	}
	if objs > 0 {
		s = append(s, fmt.Sprintf("Find the %d Objectives scattered around here.", objs))
	}
	for _, l := range locks {
		s = append(s, fmt.Sprintf("The %s door will not open until the %s Objective is taken.", l.color, l.color))
	}
	s = append(s, fmt.Sprintf("Then reach the Exit, %s, before the %s close in.", w.Place, w.Enemy))
	return wrap(strings.Join(s, " "), 76) + "\n"
}

// lockText is the special rule of one lock, in words.
func lockText(g *gridGame, l *lock) string {
	t := fmt.Sprintf("Once the %s Objective has been taken, the %s door can be opened", l.color, l.color)
	if l.spawn {
		t += fmt.Sprintf(", and the %s Spawn Zone activates", l.color)
	}
	return t + "."
}

// wrap breaks text into lines of at most width characters.
func wrap(text string, width int) string {
	var b strings.Builder
	n := 0
	for i, word := range strings.Fields(text) {
		if i > 0 {
			if n+1+len(word) > width {
				b.WriteString("\n")
				n = 0
			} else {
				b.WriteString(" ")
				n++
			}
		}
		b.WriteString(word)
		n += len(word)
	}
	return b.String()
}

// slug makes an id from a title: "Cold Relay" -> "cold-relay".
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
