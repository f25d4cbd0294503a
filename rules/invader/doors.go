package invader

import (
	"slices"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// destroyedDoors lists the closed doors Xenos destroy for certain, each
// with the red Spawn Zone whose Xenos do it. The rulebook: "A Xeno always
// goes for the noisiest target they can see or hear", each Survivor
// "counts as a Noise token", and "If a closed door bars the path to the
// next Zone toward their destination, all Xenos in the Zone spend their
// Action destroying it. ... The way is now open." So when the part of the
// board around a red Spawn Zone (what Xenos reach without breaking a
// door) holds neither the Survivors' start nor a Noise token, and one
// closed door is its only way out, every Xeno spawned there breaks that
// door on its way to the Survivors; the part grows by what lies beyond,
// and the search goes on. Only red Spawn Zones count (they spawn from the
// first End Phase); a part with two closed doors out leaves the choice to
// where the Survivors stand, and a coloured door is the mission's lock:
// neither is counted (docs/rules-invader.md, Decision 20).
func (w *World) destroyedDoors(moves []rules.Move, start int) map[int]*rules.Token {
	if start < 0 {
		return nil
	}
	n := len(w.B.Zones)
	noisy := make([]bool, n)
	for _, t := range w.Of(missions.TokNoise) {
		noisy[t.Zone.Index] = true
	}
	adj := make([][]int, n) // move indexes by zone, Xeno moves only
	for i, m := range moves {
		if m.Xenos {
			adj[m.From] = append(adj[m.From], i)
			adj[m.To] = append(adj[m.To], i)
		}
	}
	closed := make([]bool, len(moves))
	for i, m := range moves {
		closed[i] = m.Xenos && w.closedWay(m)
	}
	var out map[int]*rules.Token
	broken := make([]bool, len(moves))
	// in marks the zones of the current spawn's part by its number (gen);
	// settled, the zones of a part already read to its end: a later Spawn
	// Zone there finds the same, so each zone is walked about once.
	in := make([]int32, n)
	settled := make([]bool, n)
	gen := int32(0)
	for _, sp := range w.Of(missions.TokSpawn) {
		if sp.Color != "red" || settled[sp.Zone.Index] {
			continue
		}
		gen++
		in[sp.Zone.Index] = gen
		part := []int{sp.Zone.Index}
		q := part[:1:1]
		noise := false
		for {
			for ; len(q) > 0; q = q[1:] {
				z := q[0]
				noise = noise || noisy[z]
				for _, mi := range adj[z] {
					if o := moves[mi].Other(z); in[o] != gen && (!closed[mi] || broken[mi]) {
						in[o] = gen
						part = append(part, o)
						q = append(q, o)
					}
				}
			}
			if in[start] == gen || noise {
				break
			}
			way := -1 // the one closed way out; -2 several
			for _, z := range part {
				for _, mi := range adj[z] {
					if closed[mi] && !broken[mi] && in[moves[mi].Other(z)] != gen {
						if way == -1 {
							way = mi
						} else if way != mi {
							way = -2
						}
					}
				}
			}
			if way < 0 || slices.ContainsFunc(moves[way].Requires, func(k string) bool { return strings.HasPrefix(k, doorNeed) }) {
				break // no way out, several, or a coloured door
			}
			broken[way] = true
			if m := moves[way]; m.OneWay {
				if out == nil {
					out = map[int]*rules.Token{}
				}
				if out[m.Door] == nil {
					out[m.Door] = sp
				}
			}
			for _, z := range []int{moves[way].From, moves[way].To} {
				if in[z] != gen {
					in[z] = gen
					part = append(part, z)
					q = append(q, z)
				}
			}
		}
		for _, z := range part {
			settled[z] = true
		}
	}
	return out
}

// closedWay reports whether every cell edge of move m carries a closed
// door: Xenos then break one to pass.
func (w *World) closedWay(m rules.Move) bool {
	if m.Via != "door" || len(m.Edges) == 0 {
		return false
	}
	for _, e := range m.Edges {
		t := w.door(e.X, e.Y, e.Dir)
		if t == nil || t.State != "closed" {
			return false
		}
	}
	return true
}
