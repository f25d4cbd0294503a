package render

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/zmission/zmission/layout"
)

// TestPoleMatchesEverySample checks the label search that skips sample
// points a first guess beats, and stops measuring a point at its first
// obstacle below that, against the search that measured every point in
// full (poleEvery, the first version): the same place and score for every
// zone of 300 random boards, with plates of several sizes.
func TestPoleMatchesEverySample(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 1))
	sizes := [][2]float64{{20, 10.5}, {26, 10.5}, {60, 15}, {45, 27}, {120, 40}, {8, 8}}
	for n := range 300 {
		s := randomScene(t, r, 1+r.IntN(4), 1+r.IntN(4), r.IntN(40), 6)
		a := newArt(s.Board, style{}, s, spawnOrder(s, nil), n%5 == 0)
		obs := a.obstacles()
		for _, z := range s.Board.Zones {
			for _, hwh := range sizes {
				x, y, score := a.pole(z, obs, hwh[0], hwh[1])
				wx, wy, want := a.poleEvery(z, obs.at, hwh[0], hwh[1])
				if x != wx || y != wy || score != want {
					t.Fatalf("board %d, zone %s, plate %v: %v,%v (%v), measuring every point gives %v,%v (%v)",
						n, z.ID, hwh, x, y, score, wx, wy, want)
				}
			}
		}
	}
}

// poleEvery is pole as it was: every sample point of every cell measured
// against every obstacle until no farther ring of cells can come closer.
func (a *art) poleEvery(z *layout.Zone, obs [][]rect, hw, hh float64) (bx, by, best float64) {
	var mx, my float64
	for _, c := range z.Cells {
		mx += (float64(c.X) + 0.5) * cell
		my += (float64(c.Y) + 0.5) * cell
	}
	mx /= float64(len(z.Cells))
	my /= float64(len(z.Cells))
	const eps = 1e-9
	best, bestD := -1.0, math.Inf(1)
	step := cell / labelSamples
	for _, c := range z.Cells {
		for j := 0; j < labelSamples; j++ {
			for i := 0; i < labelSamples; i++ {
				px := float64(c.X)*cell + (float64(i)+0.5)*step
				py := float64(c.Y)*cell + (float64(j)+0.5)*step
				s := a.clearanceEvery(obs, c, px, py, hw, hh, best-eps)
				if s < best-eps {
					continue
				}
				d := (px-mx)*(px-mx) + (py-my)*(py-my)
				if s > best+eps || d < bestD-eps {
					best, bestD, bx, by = s, d, px, py
				}
			}
		}
	}
	return bx, by, best
}

func (a *art) clearanceEvery(obs [][]rect, c layout.Point, px, py, hw, hh, floor float64) float64 {
	b := a.b
	m := math.Inf(1)
	far := math.Max(hw, hh)
	for r := 0; r <= max(b.W, b.H); r++ {
		if r > 0 && m <= (float64(r-1)*cell-4)/far {
			break
		}
		for y := c.Y - r; y <= c.Y+r; y++ {
			if y < 0 || y >= b.H {
				continue
			}
			step := 1
			if r > 0 && y != c.Y-r && y != c.Y+r {
				step = 2 * r
			}
			for x := c.X - r; x <= c.X+r; x += step {
				if x < 0 || x >= b.W {
					continue
				}
				for _, o := range obs[y*b.W+x] {
					dx := math.Max(0, math.Max(o.x1-px, px-o.x2))
					dy := math.Max(0, math.Max(o.y1-py, py-o.y2))
					if s := math.Max(dx/hw, dy/hh); s < m {
						m = s
					}
				}
			}
		}
		if m < floor {
			return m
		}
	}
	return m
}
