package facility

import (
	"encoding/json"

	"github.com/zmission/zmission/source"
)

// read fills a doc straight from the positioned tree (past the schema, so
// every value has its type); it is the hot path of lint, where a JSON round
// trip through encoding/json cost as much as all the checks.
func read(root *source.Node) *doc {
	d := &doc{}
	for i, k := range root.Keys {
		n := root.Fields[i]
		switch k {
		case "title":
			d.Title = n.Text
		case "id":
			d.ID = n.Text
		case "author":
			d.Author = n.Text
		case "briefing":
			d.Briefing = n.Text
		case "notes":
			d.Notes = n.Text
		case "players":
			if n.Kind == source.Number {
				d.Players = json.Number(n.Text)
			} else {
				d.Players = n.Text
			}
		case "mode":
			d.Mode = n.Text
		case "grid":
			d.Grid = ints(n)
		case "borders":
			d.Borders = strs(n)
		case "slots":
			for _, it := range n.Items {
				d.Slots = append(d.Slots, slotDoc{ID: num(it.Field("id")), At: ints(it.Field("at")), Section: text(it.Field("section"))})
			}
		case "rooms":
			for _, it := range n.Items {
				r := roomDoc{Slot: num(it.Field("slot")), Room: text(it.Field("room"))}
				if c := it.Field("covered"); c != nil {
					b := c.Bool
					r.Covered = &b
				}
				d.Rooms = append(d.Rooms, r)
			}
		case "custom_rooms":
			for _, it := range n.Items {
				d.CustomRooms = append(d.CustomRooms, Room{ID: text(it.Field("id")), Name: text(it.Field("name")), Type: text(it.Field("type")),
					Items: strs(it.Field("items")), Computer: flag(it.Field("computer")), NeverSecured: flag(it.Field("never_secured")),
					NeverBroken: flag(it.Field("never_broken")), Action: text(it.Field("action"))})
			}
		case "corridors":
			for _, it := range n.Items {
				d.Corridors = append(d.Corridors, corridorDoc{ID: num(it.Field("id")), Between: ints(it.Field("between")), Noise: num(it.Field("noise")),
					Deadly: num(it.Field("deadly")), Door: text(it.Field("door")), DoorAt: num(it.Field("door_at")), Technical: flag(it.Field("technical"))})
			}
		case "stacks":
			d.Stacks = map[string][]string{}
			for j, t := range n.Keys {
				d.Stacks[t] = strs(n.Fields[j])
				if d.Stacks[t] == nil {
					d.Stacks[t] = []string{}
				}
			}
		case "corridor_pool":
			v := num(n)
			d.CorridorPool = &v
		case "life_support":
			d.LifeSupport = map[string]string{}
			for j, t := range n.Keys {
				d.LifeSupport[t] = n.Fields[j].Text
			}
		case "hibernatorium":
			d.Hibernatorium = n.Text
		case "anti_aircraft":
			d.AntiAircraft = n.Text
		case "lander_round":
			d.LanderRound = num(n)
		case "eggs":
			v := num(n)
			d.Eggs = &v
		case "landing_zone_gear":
			d.LandingZoneGear = map[string]int{}
			for j, t := range n.Keys {
				d.LandingZoneGear[t] = num(n.Fields[j])
			}
		case "tokens":
			for _, it := range n.Items {
				d.Tokens = append(d.Tokens, Token{Type: text(it.Field("type")), Kind: text(it.Field("kind")), Count: num(it.Field("count")),
					Corridor: num(it.Field("corridor")), Slot: num(it.Field("slot"))})
			}
		case "objectives":
			for _, it := range n.Items {
				d.Objectives = append(d.Objectives, Objective{Escape: text(it.Field("escape")), Destroy: text(it.Field("destroy")), Text: text(it.Field("text"))})
			}
		}
	}
	return d
}

// The document's values, read after the schema has checked them.
func text(n *source.Node) string { return n.Str() }
func flag(n *source.Node) bool   { return n.True() }
func num(n *source.Node) int     { return n.Int() }

func ints(n *source.Node) []int {
	if n == nil {
		return nil
	}
	out := make([]int, 0, len(n.Items))
	for _, it := range n.Items {
		out = append(out, num(it))
	}
	return out
}

func strs(n *source.Node) []string {
	if n == nil {
		return nil
	}
	var out []string
	for _, it := range n.Items {
		out = append(out, text(it))
	}
	return out
}
