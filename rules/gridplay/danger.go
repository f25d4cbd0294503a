package gridplay

// Danger Levels, from a Survivor's Experience Points.
const (
	Blue = iota
	Yellow
	Orange
	Red
)

// Level is the Danger Level of a Survivor with xp Experience Points: Blue
// 0-6, Yellow 7-18, Orange 19-42, Red 43+ (the thresholds the Invader
// rulebook prints; the classic Actions chapter names the levels only).
func Level(xp int) int {
	switch {
	case xp >= 43:
		return Red
	case xp >= 19:
		return Orange
	case xp >= 7:
		return Yellow
	}
	return Blue
}

// Actions is how many Actions a Survivor with xp Experience Points has in
// a Turn: three at Blue, four from Yellow (both rulebooks say so; Skills
// that add Actions are not played).
func Actions(xp int) int {
	if Level(xp) >= Yellow {
		return 4
	}
	return 3
}
