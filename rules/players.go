package rules

import (
	"fmt"
	"strconv"
	"strings"
)

// ParsePlayers reads a player count, "4", or a range, "2-5", as written;
// ok is false when the text is neither. The schemas admit only these
// shapes, so a false ok is a value the schema already reported.
func ParsePlayers(s string) (lo, hi int, ok bool) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	lo, err := strconv.Atoi(a)
	if err != nil {
		return 0, 0, false
	}
	if !isRange {
		return lo, lo, true
	}
	hi, err = strconv.Atoi(b)
	if err != nil {
		return 0, 0, false
	}
	return lo, hi, true
}

// PlayersBackwards is the one finding every game gives for a player range
// written high to low ("6-2"): such a range allows no player count at all.
// what words the range as the author wrote it: "6-2", or "min 6, max 2".
func PlayersBackwards(ptr, what string, lo, hi int, fix string) []Finding {
	if lo <= hi {
		return nil
	}
	return []Finding{{Rule: "players-backwards", Ptr: ptr,
		Message: fmt.Sprintf("the player range %s runs backwards: it allows no player count at all", what),
		Hint:    fix}}
}

// checkPlayers: a Zombicide mission's player range reads low to high.
func (p *Play) checkPlayers() []Finding {
	lo, hi, ok := ParsePlayers(string(p.Mission.Players))
	if !ok {
		return nil
	}
	return PlayersBackwards("/players", fmt.Sprintf("%d-%d", lo, hi), lo, hi, fmt.Sprintf("write %d-%d", hi, lo))
}
