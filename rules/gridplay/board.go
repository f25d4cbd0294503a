package gridplay

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// LinkKind is how two edge-sharing zones are joined for the actors at
// play, the most open first: where zones share several edges, the most
// open one counts.
type LinkKind uint8

const (
	LinkOpen  LinkKind = iota // an opening, a marking, a door opening without a door token
	LinkDoor                  // a door token stands there (Link.Door says which)
	LinkHatch                 // an Airlock's hatch (Invader)
	LinkWall                  // a wall: passable only where a game's rule opens it
)

// Link is one way out of a zone.
type Link struct {
	To   int
	Kind LinkKind
	Door int // index in the game's doors, or -1
}

// Links reads the board's joins: per zone, one Link to each zone it shares
// an edge with, in the board's adjacency order. doorAt holds the edges
// where a door token stands, by the game's door index.
func Links(b *layout.Board, doorAt map[rules.EdgeKey]int) [][]Link {
	links := make([][]Link, len(b.Zones))
	for _, adj := range b.Adjacent() {
		l := Link{Kind: LinkWall, Door: -1}
		for _, e := range adj.Edges {
			var k LinkKind
			door := -1
			switch e.Kind {
			case layout.EdgeNone, layout.EdgeOpening, layout.EdgeMarking:
				k = LinkOpen
			case layout.EdgeDoor:
				k = LinkOpen
				if i, ok := doorAt[rules.KeyOf(e.X, e.Y, e.Dir)]; ok {
					k, door = LinkDoor, i
				}
			case layout.EdgeHatch:
				k = LinkHatch
			case layout.EdgeWall:
				k = LinkWall
			default:
				continue
			}
			if k < l.Kind || (k == l.Kind && k == LinkDoor && l.Door < 0) {
				l.Kind, l.Door = k, door
			}
		}
		l.To = adj.B
		links[adj.A] = append(links[adj.A], l)
		l.To = adj.A
		links[adj.B] = append(links[adj.B], l)
	}
	return links
}

// Distances is the steps from zone z to every zone (-1: none) along the
// links pass lets through, breadth first. d and q are reused when large
// enough; the queue is returned for the next call.
func Distances(links [][]Link, z int, pass func(from int, l Link) bool, d []int16, q []int) ([]int16, []int) {
	for k := range d {
		d[k] = -1
	}
	d[z] = 0
	q = append(q[:0], z)
	for h := 0; h < len(q); h++ {
		a := q[h]
		for _, l := range links[a] {
			if d[l.To] < 0 && pass(a, l) {
				d[l.To] = d[a] + 1
				q = append(q, l.To)
			}
		}
	}
	return d, q
}
