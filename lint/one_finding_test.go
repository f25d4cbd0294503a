package lint

import (
	"os"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// TestOneFindingPerMistake: one slip in a valid mission gives one finding,
// not that finding and others that follow from it (and contradict it: a
// start token off the board is not a mission without a start). Notes
// (info) may say what did not run.
func TestOneFindingPerMistake(t *testing.T) {
	example := func(path string) string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if r := Bytes(path, data, Options{Limits: source.DefaultLimits}); len(r.Diags) > 0 {
			t.Fatalf("the example is not clean: %v", r.Diags)
		}
		return string(data)
	}
	invader := example("../examples/invader/violet-lockdown.yaml")
	classic := example("../examples/classic/blue-line.yaml")
	facility := example("../examples/facility/cold-landing.yaml")
	const tiles = "  - {face: 4B, at: [2, 1]}\n"
	cases := []struct {
		name, old, new string
		rule           string
		says           string // part of the message
		base           string // the example, when not the Invader one
	}{
		{"a start token off the board", "{type: start, at: [1, 4]}", "{type: start, at: [20, 4]}", "token-off-board", "outside the board", ""},
		{"a start token in an unknown label", "{type: start, at: [1, 4]}", "{type: start, in: 1B/q}", "token-off-board", `no zone labelled "q"; its labels: a, b, c, d, e`, ""},
		{"a start token on a face not placed", "{type: start, at: [1, 4]}", "{type: start, in: 7A/a}", "token-off-board", "no tile on the board shows face 7A; the faces on it: 1B, 3B, 4B, 6A, 8A, 9B", ""},
		{"a tile of an unknown face, with tokens on it", "{face: 6A", "{face: 6Z", "unknown-face", `no face "6Z"`, ""},
		{"a tile placed with its other face", tiles, tiles + "  - {face: 4A, at: [3, 1]}\n", "both-faces", "one physical tile cannot show both faces", ""},
		{"a tile placed twice on one square", tiles, tiles + tiles, "tile-overlap", "left off the board", ""},
		{"a box of another game", "boxes: [invader-core]", "boxes: [zombicide-s1]", "box-ruleset", "the inventory is not checked", ""},
		{"a tile set of another game", "tileset: station", "tileset: city", "tileset-ruleset", "drawn for classic Zombicide", ""},
		{"classic: a start token off the board", "{type: start, at: [1, 4]}", "{type: start, at: [1, 40]}", "token-off-board", "outside the board", classic},
		{"classic: a box of another game", "boxes: [zombicide-s1]", "boxes: [invader-core]", "box-ruleset", "the inventory is not checked", classic},
		{"classic: a tile set of another game", "tileset: city", "tileset: station", "tileset-ruleset", "drawn for Zombicide: Invader", classic},
		{"seven Survivors with the core box", "survivors: 6", "survivors: 7", "inventory", "7 Survivors need 7 Survivor dashboards and 7 colour bases", ""},
		// 14 Survivors add 4 red Spawn Zones to the 3 placed: the tokens fall
		// short only because of the Survivors, said in their one finding.
		{"fourteen Survivors: their parts and their Spawn Zones", "survivors: 6", "survivors: 14", "inventory", "with the Spawn Zones they add the mission needs 7 (3 placed + 4 for 14 Survivors) spawn tokens", ""},
		{"facility: an explored corridor's door facing away", "{id: 5, between: [14, 15], noise: 1, door: closed, door_at: 15}", "{id: 5, between: [14, 15], noise: 1, door: closed, door_at: 14}", "door-slot", "connect with the newly explored room", facility},
		{"facility: two objectives on one Shuttle flight", "  - escape: any\n", "  - escape: shuttle\n  - escape: shuttle\n", "objective-impossible", "2 characters must do so", facility},
		{"facility: hibernate, and destroy the facility in another objective", "  - escape: any\n", "  - escape: hibernation\n  - destroy: facility\n", "objective-impossible", "even hibernated, are dead", facility},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			base := invader
			if c.base != "" {
				base = c.base
			}
			if !strings.Contains(base, c.old) {
				t.Fatalf("the example has no %q", c.old)
			}
			text := strings.Replace(base, c.old, c.new, 1)
			r := Bytes("t.yaml", []byte(text), Options{Limits: source.DefaultLimits})
			var got []validate.Diagnostic
			for _, d := range r.Diags {
				if d.Severity != validate.Info {
					got = append(got, d)
				}
			}
			if len(got) != 1 || got[0].Rule != c.rule {
				var s []string
				for _, d := range got {
					s = append(s, d.Rule+": "+d.Message)
				}
				t.Fatalf("findings:\n  %s\nwant one %s", strings.Join(s, "\n  "), c.rule)
			}
			if !strings.Contains(got[0].Message, c.says) {
				t.Errorf("message %q does not say %q", got[0].Message, c.says)
			}
		})
	}
}
