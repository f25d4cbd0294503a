package generate_test

import (
	"testing"

	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// TestInvaderVariety: Invader missions use what the core box holds beyond
// Objectives and Spawn Zones, each on purpose and as the rules allow it:
// closed neutral doors ("The Survivor either places or removes a closed
// Door token on a door opening in a room Zone they occupy", so a door is
// shut only where its room keeps another way in, and "Xenos destroy doors
// on their path toward Survivors"), Noise that lures, the Falchion Sentry
// Gun ("A Survivor standing on a Falchion Sentry Gun's Zone may control
// it") where the Survivors pass near a Spawn Zone, and a coloured Spawn
// Zone that wakes in missions that are not hard. Every mission passes
// its checks and the floor.
func TestInvaderVariety(t *testing.T) {
	const book = "000_ada9705b43fae874.txt"
	quote(t, book, "The Survivor either places or removes a closed Door token on a door opening in a room Zone they occupy.")
	quote(t, book, "Xenos destroy doors on their path toward Survivors.")
	quote(t, book, "A Survivor standing on a Falchion Sentry Gun’s Zone may control it")
	seen := map[string]int{}
	n := seeds(t, 30)
	for s := 0; s < n; s++ {
		for _, d := range []string{"easy", "medium"} {
			r, err := generate.Generate(generate.Options{Ruleset: "zombicide-invader", Difficulty: d, Seed: uint64(s)})
			if err != nil {
				continue
			}
			res := lintOf(t, r.Data)
			if below := generate.Floor(res); len(below) > 0 {
				t.Errorf("seed %d %s: below the floor: %v", s, d, below)
			}
			for _, tk := range res.Mission.Tokens {
				tk = rules.Defaults(tk)
				switch {
				case tk.Type == missions.TokDoor && (tk.Color == "" || tk.Color == "neutral"):
					seen["neutral door"]++
				case tk.Type == missions.TokNoise:
					seen["noise"]++
				case tk.Type == missions.TokSentryGun:
					seen["sentry gun"]++
				case tk.Type == missions.TokSpawn && tk.Color != "red":
					seen["coloured spawn, "+d]++
				}
			}
		}
	}
	t.Logf("in %d seeds × easy, medium: %v", n, seen)
	for _, want := range []string{"neutral door", "noise", "sentry gun", "coloured spawn, medium"} {
		if seen[want] == 0 {
			t.Errorf("no %s in %d seeds", want, n)
		}
	}
}
