package gridplay

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Goal kinds: what a mission's objective asks, as a game checks it.
const (
	GoalTake     = "take"
	GoalExit     = "exit"
	GoalReach    = "reach"
	GoalActivate = "activate"
	GoalSurvive  = "survive"
	GoalKill     = "kill"
	GoalText     = "text" // nothing a game can check: counted met
)

// Goal is one objective of a mission as both grid games read it.
type Goal struct {
	O     missions.Objective
	Kind  string
	Need  int // take: tokens; exit: Survivors (0: all); kill: enemies; survive: rounds
	Zone  int // reach: the zone; activate: the token's zone
	Token int // activate: index in the Objective tokens
	Enemy int // kill: the enemy kind, -1 any
	Order int
}

// ReadGoals reads the mission's objectives. objectives are the mission's
// Objective tokens in document order, exits the Exit zones, and enemy
// reads an enemy's name ("worker", "walker") into its kind.
func ReadGoals(s *rules.Scene, objectives []*rules.Token, exits []int, enemy func(string) (int, bool)) ([]Goal, []string, error) {
	objs := s.Mission.Objectives
	if len(objs) == 0 {
		return nil, nil, fmt.Errorf("the mission has no objectives: nothing to win")
	}
	var goals []Goal
	var labels []string
	for i, o := range objs {
		g := Goal{O: o, Order: o.Order, Zone: -1, Token: -1, Enemy: -1}
		switch {
		case o.Take != "":
			g.Kind = GoalTake
			need, have := rules.Needed(s, o)
			if have == 0 || need > have {
				return nil, nil, fmt.Errorf("objective %d asks for %d %s Objective token(s); the map has %d", i+1, need, o.Take, have)
			}
			g.Need = need
		case o.Exit != "":
			g.Kind = GoalExit
			if len(exits) == 0 {
				return nil, nil, fmt.Errorf("objective %d: no Exit token to reach", i+1)
			}
			switch o.Exit {
			case "all":
			case "any":
				g.Need = 1
			default:
				n, ok := o.Exit.Int()
				if !ok || n < 1 {
					return nil, nil, fmt.Errorf("objective %d: exit %q is not all, any or a number", i+1, o.Exit)
				}
				g.Need = n
			}
		case o.Reach != "":
			g.Kind = GoalReach
			z, ok := rules.RefZone(s, o.Reach)
			if !ok {
				return nil, nil, fmt.Errorf("objective %d: no zone %q to reach", i+1, o.Reach)
			}
			g.Zone = z
		case o.Activate != "":
			g.Kind = GoalActivate
			for j, t := range objectives {
				if t.ID == o.Activate {
					g.Token, g.Zone = j, t.Zone.Index
				}
			}
			if g.Token < 0 {
				t := s.ByID(o.Activate)
				if t == nil {
					return nil, nil, fmt.Errorf("objective %d: no token %q to activate", i+1, o.Activate)
				}
				g.Zone = t.Zone.Index // a machine: activated in its zone
			}
		case o.Survive > 0:
			g.Kind, g.Need = GoalSurvive, o.Survive
		case o.Kill != "":
			g.Kind, g.Need = GoalKill, max(o.Count, 1)
			if t, ok := enemy(strings.TrimSuffix(strings.ToLower(o.Kill), "s")); ok {
				g.Enemy = t
			}
		default:
			g.Kind = GoalText
		}
		goals = append(goals, g)
		labels = append(labels, GoalLabel(i, o))
	}
	return goals, labels, nil
}

// GoalLabel names objective i as a result prints it ("1. take all red
// Objectives").
func GoalLabel(i int, o missions.Objective) string {
	var what string
	switch {
	case o.Take != "":
		n, colour := "all", o.Take+" "
		if o.Count > 0 {
			n = fmt.Sprint(o.Count)
		}
		if o.Take == "all" {
			colour = ""
		}
		what = fmt.Sprintf("take %s %sObjectives", n, colour)
		if n == "1" {
			what = strings.TrimSuffix(what, "s")
		}
	case o.Exit != "":
		what = fmt.Sprintf("exit %s", o.Exit)
	case o.Reach != "":
		what = "reach " + o.Reach
	case o.Activate != "":
		what = "activate " + o.Activate
	case o.Survive > 0:
		what = fmt.Sprintf("survive %d rounds", o.Survive)
	case o.Kill != "":
		what = "kill " + o.Kill
	default:
		what = "free text"
	}
	return fmt.Sprintf("%d. %s", i+1, what)
}

// OrderOpen says every objective of a lower order than order is met (met:
// the round each objective was met in, 0 while it is not).
func OrderOpen(goals []Goal, met []int, order int) bool {
	for j, h := range goals {
		if h.Order > 0 && h.Order < order && met[j] == 0 {
			return false
		}
	}
	return true
}

// RoundRules calls fire with each mission rule a round sets off
// (when: {round: N}) at the start of that round.
func RoundRules(rs []missions.Rule, round int, fire func(r int)) {
	for i, r := range rs {
		if r.When != nil && r.When.Round > 0 && r.When.Round == round {
			fire(i)
		}
	}
}

// ReachRules calls fire with each mission rule that a Survivor reaching
// zone z sets off (when: {reach: ZONE}).
func ReachRules(s *rules.Scene, rs []missions.Rule, z int, fire func(r int)) {
	for r, rule := range rs {
		if rule.When != nil && rule.When.Reach != "" {
			if rz, ok := rules.RefZone(s, rule.When.Reach); ok && rz == z {
				fire(r)
			}
		}
	}
}

// TakeFires says a rule whose trigger is w waits for the Objective token
// of that colour and id to be taken (when: {take: COLOUR}, or any with
// take: all) or activated (when: {activate: ID}). Taking a token and an agent's wish to
// take it both read it here, so they cannot disagree.
func TakeFires(w *missions.Trigger, colour, id string) bool {
	return w != nil && ((w.Take != "" && (w.Take == colour || w.Take == "all")) || (w.Activate != "" && w.Activate == id))
}

// Wanted says the Objective token t (its colour and id), neither taken nor
// removed, should be taken now: an objective still open whose turn has
// come (OrderOpen) counts it, or a rule not fired yet fires on it
// (TakeFires).
func Wanted(goals []Goal, met []int, rs []missions.Rule, fired []bool, t int, colour, id string) bool {
	for i, g := range goals {
		if met[i] > 0 || (g.Order > 0 && !OrderOpen(goals, met, g.Order)) {
			continue
		}
		if (g.Kind == GoalTake && (g.O.Take == "all" || g.O.Take == colour)) || (g.Kind == GoalActivate && g.Token == t) {
			return true
		}
	}
	for r := range rs {
		if !fired[r] && TakeFires(rs[r].When, colour, id) {
			return true
		}
	}
	return false
}

// FreeText is what a model says of the mission's free text: objectives
// counted met, rules not played (docs/playtest.md).
func FreeText(goals []Goal, rs []missions.Rule) []string {
	var out []string
	for i, g := range goals {
		if g.Kind == GoalText {
			out = append(out, fmt.Sprintf("objective %d is free text: counted met", i+1))
		}
	}
	for i, r := range rs {
		if r.When == nil && r.Text != "" {
			out = append(out, fmt.Sprintf("rule %d is free text: not played", i+1))
		}
	}
	return out
}
