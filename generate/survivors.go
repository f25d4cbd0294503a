package generate

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zmission/zmission/rules"
)

// survivorsFit refuses a Survivor count the boxes cannot equip, before
// any search: Invader's rulebook lets "more than 6 Survivors" play only
// with "the extra Survivor dashboards, plastic markers, color bases, and
// Starting Equipment cards contained in expansions that are sold
// separately" — a game whose Play counts a kit per Survivor says how many
// its boxes equip.
func (rq *request) survivorsFit(b *board) error {
	if b.pl == nil || b.pl.Kit == nil {
		return nil
	}
	n := b.m.Survivors
	c, short := rules.SurvivorCount(b.scene, b.pl.CoreBox, b.pl.Kit, n)
	if len(short) == 0 {
		return nil
	}
	var need []string
	for _, p := range short {
		need = append(need, fmt.Sprintf("%d %s (%s %d)", p.Need, p.Part.Name, rq.st.hold(), p.Owned))
	}
	return impossible("%d Survivors need %s: the boxes equip %d Survivors, and playing with more takes the parts \"contained in expansions that are sold separately\" (the rulebook's 7+ Survivors); use --survivors %d or fewer",
		n, strings.Join(need, ", "), c.Owned, c.Owned)
}

// survivorsAgainstPlayers refuses fewer Survivors than the fewest
// players: each player plays one Survivor at least.
func survivorsAgainstPlayers(survivors int, players string) error {
	if survivors == 0 {
		return nil
	}
	lo, _, _ := strings.Cut(players, "-")
	if n, err := strconv.Atoi(lo); err == nil && survivors < n {
		return badOption("--survivors %d is fewer than the %d players of --players %s: each player plays one Survivor at least; use --survivors %d or more, or fewer --players", survivors, n, players, n)
	}
	return nil
}
