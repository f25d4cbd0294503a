package survivalinfection

import (
	"math"
	"strings"
)

// DieStat is one die alone: the number it shows (blank and symbol show 0).
type DieStat struct {
	Die    string  `json:"die"`
	Faces  string  `json:"faces"`
	Mean   float64 `json:"mean"`
	SD     float64 `json:"sd"`
	Symbol float64 `json:"symbol"` // chance of the symbol
}

// RollStat is a roll of the Base Die with a phase die: the sum of the two
// numbers, doubled when a symbol shows, before any modifier.
type RollStat struct {
	Roll    string  `json:"roll"`
	Mean    float64 `json:"mean"`
	SD      float64 `json:"sd"`
	Min     int     `json:"min"`
	Max     int     `json:"max"`
	Doubled float64 `json:"doubled"` // chance the result is doubled
	// PerModifier is what each +1 modifier adds to the mean: the modifiers
	// are doubled with the dice ("calculate the dice and modifiers as
	// normal then double the result").
	PerModifier float64 `json:"per_modifier"`
}

func (f Face) value() int {
	if f.Blank || f.Symbol {
		return 0
	}
	return f.N
}

func diceStats(s *Setup) ([]DieStat, []RollStat) {
	var dice []DieStat
	for _, d := range s.Dice {
		if len(d.Faces) == 0 {
			continue
		}
		var sum, sq float64
		sym := 0
		for _, f := range d.Faces {
			v := float64(f.value())
			sum += v
			sq += v * v
			if f.Symbol {
				sym++
			}
		}
		k := float64(len(d.Faces))
		mean := sum / k
		dice = append(dice, DieStat{Die: d.Name, Faces: faceWords(d.Faces), Mean: round2(mean),
			SD: round2(math.Sqrt(math.Max(0, sq/k-mean*mean))), Symbol: round2(float64(sym) / k)})
	}
	var rolls []RollStat
	b := s.Die("base")
	if b == nil || len(b.Faces) == 0 {
		return dice, rolls
	}
	rolls = append(rolls, roll("Base Die alone", b, nil))
	for _, name := range []string{"survival", "infection"} {
		if d := s.Die(name); d != nil && len(d.Faces) > 0 {
			rolls = append(rolls, roll("Base + "+strings.ToUpper(name[:1])+name[1:]+" Die", b, d))
		}
	}
	return dice, rolls
}

// roll enumerates every pair of faces. A result is doubled once when any
// symbol shows.
func roll(name string, b, d *Die) RollStat {
	phase := []Face{{}}
	if d != nil {
		phase = d.Faces
	}
	var sum, sq, dbl, mult float64
	lo, hi := math.MaxInt, math.MinInt
	n := 0
	for _, x := range b.Faces {
		for _, y := range phase {
			v, m := x.value()+y.value(), 1
			if x.Symbol || y.Symbol {
				m = 2
				dbl++
			}
			v *= m
			sum += float64(v)
			sq += float64(v * v)
			mult += float64(m)
			lo, hi = min(lo, v), max(hi, v)
			n++
		}
	}
	k := float64(n)
	mean := sum / k
	return RollStat{Roll: name, Mean: round2(mean), SD: round2(math.Sqrt(math.Max(0, sq/k-mean*mean))),
		Min: lo, Max: hi, Doubled: round2(dbl / k), PerModifier: round2(mult / k)}
}
