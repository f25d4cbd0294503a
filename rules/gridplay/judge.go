package gridplay

// LostObjective is the loss of a game whose objectives can no longer all
// be met.
const LostObjective = "objective no longer possible"

// Judge is a game at play as its objectives are judged: "The game is won
// immediately when all of the Mission Objectives have been accomplished",
// and lost "when the Mission Objectives can no longer be fulfilled"
// (Invader's words; the classic game plays the same). The exit objectives,
// which the games read differently, are the game's: Exit says one is met
// now, ExitPossible (nil: always) that it still can be.
type Judge struct {
	Goals   []Goal
	Met     []int // per goal: the round it was met in, 0 while it is not
	Round   int
	Ending  bool     // the End Phase is being judged (survive objectives)
	Colours []string // per Objective token: its colour
	Taken   []bool   // per Objective token: taken or activated
	Gone    []bool   // per Objective token: removed from the board
	Reached []bool   // per zone: a Survivor has stood there
	Kills   *[Kinds]int
	// ExitHeld: an exit objective counts only while it holds (Invader:
	// reaching the Exit is where the Survivors stand now).
	ExitHeld     bool
	Exit         func(g Goal) bool
	ExitPossible func(g Goal) bool
}

// Run records in Met, with the round, the objectives met now, in order,
// each once the lower orders are met. It reports won when every objective
// is met, lost as soon as one can no longer be (the rest then unjudged).
func (j *Judge) Run() (won, lost bool) {
	all := true
	for i, g := range j.Goals {
		if j.ExitHeld && g.Kind == GoalExit && j.Met[i] > 0 && !j.Now(g) {
			j.Met[i] = 0
		}
		if j.Met[i] > 0 {
			continue
		}
		if g.Order > 0 && !OrderOpen(j.Goals, j.Met, g.Order) {
			all = false
			continue
		}
		if j.Now(g) {
			j.Met[i] = j.Round
			continue
		}
		all = false
		if !j.Possible(g) {
			return false, true
		}
	}
	return all, false
}

// Now says objective g is met now.
func (j *Judge) Now(g Goal) bool {
	switch g.Kind {
	case GoalTake:
		n := 0
		for i, c := range j.Colours {
			if j.Taken[i] && (g.O.Take == "all" || c == g.O.Take) {
				n++
			}
		}
		return n >= g.Need
	case GoalExit:
		return j.Exit(g)
	case GoalReach:
		return j.Reached[g.Zone]
	case GoalActivate:
		if g.Token >= 0 {
			return j.Taken[g.Token]
		}
		return j.Reached[g.Zone]
	case GoalSurvive:
		return j.Round > g.Need || (j.Round == g.Need && j.Ending)
	case GoalKill:
		if g.Enemy >= 0 {
			return j.Kills[g.Enemy] >= g.Need
		}
		return j.Kills[0]+j.Kills[1]+j.Kills[2]+j.Kills[3] >= g.Need
	}
	return true // free text
}

// Possible says objective g can still be met: not when the tokens it
// needs were removed (by a rule, by Mold), nor an exit the game says
// cannot be.
func (j *Judge) Possible(g Goal) bool {
	switch g.Kind {
	case GoalTake:
		n := 0
		for i, c := range j.Colours {
			if (j.Taken[i] || !j.Gone[i]) && (g.O.Take == "all" || c == g.O.Take) {
				n++
			}
		}
		return n >= g.Need
	case GoalActivate:
		return g.Token < 0 || j.Taken[g.Token] || !j.Gone[g.Token]
	case GoalExit:
		return j.ExitPossible == nil || j.ExitPossible(g)
	}
	return true
}
