package classic

import (
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/gridplay"
)

// The Zombies' Phase: each Zombie attacks, else moves (Runners twice),
// then the Spawn step, as Invader's rulebook has its Xenos do; classic
// Zombies never open a door.

// Activate gives the Zombies of the kinds set one Activation: the
// Attacks first, then the Moves.
func (s *state) Activate(kinds gridplay.KindSet) {
	n := s.m.n
	if len(s.occ) != n {
		s.occ = make([]int16, n)
	}
	clear(s.occ)
	for i := range s.surv {
		if s.surv[i].inPlay() {
			s.occ[s.surv[i].zone]++
		}
	}
	s.loudest = s.loudest[:0]
	zs := s.zs[:0]
	for z := 0; z < n; z++ {
		x := &s.zombies[z]
		if (kinds[0] && x[0] > 0) || (kinds[1] && x[1] > 0) || (kinds[2] && x[2] > 0) || (kinds[3] && x[3] > 0) {
			zs = append(zs, z)
		}
	}
	s.zs = zs
	if len(zs) == 0 {
		return
	}
	var buf [4]gridplay.Move
	gridplay.Activate(zombieHunt{s}, s.m.links, s.zombies, kinds, zs, s.occ, s.noise, &s.loudest, buf[:0])
}

// zombieAttack: each Zombie of the kinds set in zone z attacks the
// Survivors there, who share the blows so the fewest fall: each blow on
// the Survivor with the fewest Wounds.
func (s *state) zombieAttack(z int, kinds gridplay.KindSet) {
	for t := Abomination; t >= Walker; t-- {
		if !kinds[t] {
			continue
		}
		for range s.zombies[z][t] {
			best := -1
			for i := range s.surv {
				sv := &s.surv[i]
				if sv.inPlay() && sv.zone == z && (best < 0 || sv.wounds < s.surv[best].wounds) {
					best = i
				}
			}
			if best < 0 {
				return
			}
			s.wound(best, s.m.decks.Zombies[t].Damage)
			if s.over {
				return
			}
		}
	}
}

// zombieHunt is a game at play as the Zombies' Activation reads it
// (gridplay.Horde); no closed door stops them moving.
type zombieHunt struct{ s *state }

func (h zombieHunt) Sight(z int) []rules.Seen             { return h.s.sight(z) }
func (h zombieHunt) EnemyDist(t int) []int16              { return h.s.zombieDist(t) }
func (h zombieHunt) EnemyPassable(from int, l link) bool  { return h.s.zombiePassable(from, l) }
func (h zombieHunt) Over() bool                           { return h.s.over }
func (h zombieHunt) Attack(z int, kinds gridplay.KindSet) { h.s.zombieAttack(z, kinds) }
func (h zombieHunt) Blocked(int, []gridplay.Link) bool    { return false }

// Spawn: a Zombie card for each active Spawn Zone, in spawn order,
// read at the Danger Level of the most experienced Survivor in play.
func (s *state) Spawn() {
	for i, sp := range s.m.spawns {
		if !s.active[i] {
			continue
		}
		c, ok := s.drawZombie()
		if !ok {
			return
		}
		s.resolve(c, sp.zone)
		if s.over {
			return
		}
	}
}

// drawZombie draws a Zombie card, the discards reshuffled when the deck
// runs out.
func (s *state) drawZombie() (*ZombieCard, bool) {
	if len(s.zdeck) == 0 {
		s.zdeck, s.zdisc = s.zdisc, s.zdeck[:0]
		gridplay.Shuffle(s.rng, s.zdeck)
	}
	if len(s.zdeck) == 0 {
		return nil, false
	}
	c := s.zdeck[len(s.zdeck)-1]
	s.zdeck = s.zdeck[:len(s.zdeck)-1]
	s.zdisc = append(s.zdisc, c)
	return &s.m.decks.Zombie[c], true
}

// resolve plays a Zombie card drawn for zone z. An Extra Activation does
// nothing at the Blue Danger Level (as Invader's rulebook has it).
func (s *state) resolve(c *ZombieCard, z int) {
	d := s.danger()
	switch {
	case c.Spawn >= 0:
		s.place(c.Spawn, c.Count[d], z)
	case c.Extra >= 0 && d > gridplay.Blue:
		s.extraActivation(c.Extra)
	}
}

// place puts k Zombies of kind t in zone z; short of miniatures, those
// left are placed and every Zombie of the kind gets an Extra Activation
// (the box's rule, a default here).
func (s *state) place(t, k, z int) {
	if k <= 0 {
		return
	}
	avail := s.m.decks.Zombies[t].Pool - s.onBoardOf(t)
	n := min(k, max(avail, 0))
	s.zombies[z][t] += int16(n)
	if n < k {
		s.extraActivation(t)
	}
}

// extraActivation activates the kind t once more; Runners, with two
// Actions, twice.
func (s *state) extraActivation(t int) {
	s.Activate(gridplay.Only(t))
	if t == Runner && !s.over {
		s.Activate(gridplay.Only(Runner))
	}
}

func (s *state) onBoardOf(t int) int {
	n := 0
	for z := range s.zombies {
		n += int(s.zombies[z][t])
	}
	return n
}

// Line of sight at play: the shared ray casting over the doors of the
// moment.
type playSight struct{ s *state }

func (p playSight) RoomLike(z int) bool { return p.s.m.room[z] }
func (p playSight) Dark(z int) bool     { return p.s.m.b.Zones[z].HasFeature("dark") }
func (p playSight) BlocksSight(x, y int, d layout.Dir, a, b int) bool {
	switch p.s.m.b.Edge(x, y, d) {
	case layout.EdgeBoard, layout.EdgeWall, layout.EdgeHatch:
		return true
	case layout.EdgeDoor:
		if i, ok := p.s.m.doorAt[rules.KeyOf(x, y, d)]; ok {
			return p.s.doors[i] == doorClosed
		}
	}
	return false
}

// sight lists what zone z sees now, itself at range 0 first.
func (s *state) sight(z int) []rules.Seen {
	if s.sightTab == nil {
		s.sightTab = s.m.sight.Table(s.doors, func() [][]rules.Seen {
			t := make([][]rules.Seen, s.m.n)
			for i := range t {
				t[i] = rules.CastLOS(s.m.b, playSight{s}, i, rules.SightOptions{})
			}
			return t
		})
	}
	return s.sightTab[z]
}
