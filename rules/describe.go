package rules

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/missions"
)

// Wording shared by the checks and the analysis: how an author names things
// on the map.

func zoneName(p *Play, z int) string { return p.Board.Zones[z].ID }

// tokenName: "the violet Objective at 4,4 (5A/b)".
func TokenName(t *Token) string {
	what := TypeName(t.Type)
	if t.Color != "" && t.Type != missions.TokDoor || t.Type == missions.TokDoor && t.Color != "neutral" {
		what = t.Color + " " + what
	}
	if t.Type == missions.TokDoor {
		d, _ := Side(t.Side)
		return fmt.Sprintf("the %s at %d,%d:%s", what, t.Cell.X, t.Cell.Y, d)
	}
	return fmt.Sprintf("the %s at %d,%d (%s)", what, t.Cell.X, t.Cell.Y, t.Zone.ID)
}

// TypeName is what a token type is called in the rulebooks: "Spawn Zone",
// "Mold", "Sentry Gun".
func TypeName(typ string) string {
	if n, ok := map[string]string{
		missions.TokStart: "start", missions.TokSpawn: "Spawn Zone", missions.TokObjective: "Objective",
		missions.TokExit: "Exit", missions.TokDoor: "door", missions.TokMold: "Mold", missions.TokNoise: "Noise token",
		missions.TokSentryGun: "Sentry Gun", missions.TokBot: "Bot", missions.TokCar: "car",
	}[typ]; ok {
		return n
	}
	return typ
}

// edgeName names the way a move takes.
func edgeName(p *Play, m Move) string {
	if m.Door >= 0 {
		for _, t := range p.Tokens {
			if t.Index == m.Door {
				return TokenName(t)
			}
		}
	}
	k := KeyOf(m.Edge.X, m.Edge.Y, m.Edge.Dir)
	switch m.Via {
	case "hatch":
		return fmt.Sprintf("the airlock hatch at %s", k)
	case "door":
		return fmt.Sprintf("the doorway at %s", k)
	}
	return fmt.Sprintf("the way from %s to %s at %s", zoneName(p, m.From), zoneName(p, m.To), k)
}

// triggerName: "taking the violet Objective".
func triggerName(r missions.Rule) string {
	if r.When == nil {
		return "nothing"
	}
	switch {
	case r.When.Take != "":
		return fmt.Sprintf("taking the %s Objective", r.When.Take)
	case r.When.Reach != "":
		return "reaching " + r.When.Reach
	case r.When.Activate != "":
		return "activating " + r.When.Activate
	}
	return fmt.Sprintf("round %d", r.When.Round)
}

// keyName: what a key is, for a sentence "needs ...".
func keyName(k string) string {
	switch {
	case k == KeyOxygen:
		return "an Oxygen Tank"
	case k == KeyDoorOpener:
		return "a weapon that opens doors"
	case strings.HasPrefix(k, "door:"):
		return strings.TrimPrefix(k, "door:") + " doors to open"
	}
	return k
}

// objectiveName: "objective 2 (take the violet Objective)".
func objectiveName(p *Play, i int, o missions.Objective) string {
	return fmt.Sprintf("objective %d (%s)", i+1, objectiveShort(p, o))
}

func objectiveShort(p *Play, o missions.Objective) string {
	switch {
	case o.Take == "all":
		return "take all Objectives"
	case o.Take != "" && o.Count > 0:
		return fmt.Sprintf("take %d %s Objective%s", o.Count, o.Take, Plural(o.Count))
	case o.Take != "":
		_, have := Needed(p.Scene, o)
		if have == 1 {
			return fmt.Sprintf("take the %s Objective", o.Take)
		}
		return fmt.Sprintf("take the %s Objectives", o.Take)
	case o.Exit != "":
		return fmt.Sprintf("reach the Exit with %s Survivors", o.Exit)
	case o.Reach != "":
		return "reach " + o.Reach
	case o.Activate != "":
		return "activate " + o.Activate
	case o.Survive > 0:
		return "survive " + CountOf(o.Survive, "round")
	case o.Kill != "":
		return "kill " + o.Kill
	}
	return o.Text
}

// CountOf words a number of things: "1 corridor", "2 corridors"; many is the
// plural when it is not one+"s" ("1 Larva", "2 Larvae").
func CountOf(n int, one string, many ...string) string {
	if n == 1 {
		return "1 " + one
	}
	if len(many) > 0 {
		return fmt.Sprintf("%d %s", n, many[0])
	}
	return fmt.Sprintf("%d %ss", n, one)
}

// ListAnd joins words as a sentence lists them: "a", "a and b", "a, b and
// c"; nothing for none.
func ListAnd(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// Plural is the "s" a count of n puts on a regular noun.
func Plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// KeyEvent words the moment a key is gained, for a play order: "violet
// doors open", "an Oxygen Tank is at hand".
func KeyEvent(k string) string {
	switch {
	case k == KeyOxygen:
		return "an Oxygen Tank is at hand"
	case k == KeyDoorOpener:
		return "a door-opening weapon is found"
	case strings.HasPrefix(k, "door:"):
		return strings.TrimPrefix(k, "door:") + " doors open"
	case strings.HasPrefix(k, "removed:"):
		return "a token is removed"
	}
	return "the team gains " + k
}
