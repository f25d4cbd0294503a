package gridplay

import (
	"slices"
	"testing"

	"github.com/zmission/zmission/rules"
)

// square is four zones in a ring, 0-1-3-2-0, and zone 4 behind 3 (a wall
// enemies cannot pass unless open is set).
type square struct {
	seen  map[int][]int
	wall4 bool
}

func (q square) links() [][]Link {
	k := LinkOpen
	if q.wall4 {
		k = LinkWall
	}
	return [][]Link{
		{{To: 1, Door: -1}, {To: 2, Door: -1}},
		{{To: 0, Door: -1}, {To: 3, Door: -1}},
		{{To: 0, Door: -1}, {To: 3, Door: -1}},
		{{To: 1, Door: -1}, {To: 2, Door: -1}, {To: 4, Kind: k, Door: -1}},
		{{To: 3, Kind: k, Door: -1}},
	}
}

func (q square) Sight(z int) []rules.Seen {
	var out []rules.Seen
	for _, t := range q.seen[z] {
		out = append(out, rules.Seen{Zone: t})
	}
	return out
}

func (q square) EnemyPassable(_ int, l Link) bool { return l.Kind != LinkWall }

func (q square) EnemyDist(t int) []int16 {
	links := q.links()
	d, _ := Distances(links, t, q.EnemyPassable, make([]int16, len(links)), nil)
	return d
}

func TestEnemySteps(t *testing.T) {
	to := func(ls []Link) []int {
		var out []int
		for _, l := range ls {
			out = append(out, l.To)
		}
		return out
	}
	for _, c := range []struct {
		name       string
		q          square
		occ, noise []int16
		from       int
		want       []int
	}{
		{"a Survivor in sight, two equal routes: both", square{seen: map[int][]int{0: {3}}}, []int16{0, 0, 0, 1, 0}, []int16{0, 0, 0, 0, 0}, 0, []int{1, 2}},
		{"none in sight: toward the noisiest zone", square{}, []int16{0, 0, 0, 1, 0}, []int16{0, 2, 0, 0, 0}, 0, []int{1}},
		{"in sight beats louder out of sight", square{seen: map[int][]int{0: {3}}}, []int16{0, 0, 0, 1, 0}, []int16{0, 5, 0, 0, 0}, 0, []int{1, 2}},
		{"the sighted zone with the most Noise", square{seen: map[int][]int{0: {1, 2}}}, []int16{0, 1, 1, 0, 0}, []int16{0, 0, 1, 0, 0}, 0, []int{2}},
		{"an unreachable noisy zone is passed over", square{wall4: true}, []int16{0, 0, 1, 0, 0}, []int16{0, 0, 0, 0, 4}, 0, []int{2}},
		{"already there: no step", square{}, []int16{1, 0, 0, 0, 0}, []int16{0, 0, 0, 0, 0}, 0, nil},
		{"no Noise anywhere: no step", square{}, []int16{0, 0, 0, 0, 0}, []int16{0, 0, 0, 0, 0}, 1, nil},
	} {
		var loudest []int
		got := to(EnemySteps(c.q, c.q.links(), c.from, c.occ, c.noise, &loudest))
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: steps to %v, want %v", c.name, got, c.want)
		}
	}
}

func TestSplit(t *testing.T) {
	for c := 0; c <= 9; c++ {
		for k := 1; k <= 4; k++ {
			sum, prev := 0, c+1
			for j := range k {
				n := Split(c, k, j)
				if n > prev || n < c/k || n > c/k+1 {
					t.Errorf("%d enemies on %d ways: way %d takes %d", c, k, j, n)
				}
				sum, prev = sum+n, n
			}
			if sum != c {
				t.Errorf("%d enemies on %d ways: %d go", c, k, sum)
			}
		}
	}
}
