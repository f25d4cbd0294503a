package lint

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/schema"
)

// TestEveryRulesetHasAGame: the mission schema admits exactly the rulesets
// a game is registered for, so a document the schema passes always has
// rules to check it, and every game can be written.
func TestEveryRulesetHasAGame(t *testing.T) {
	src, _ := schema.Source(schema.Mission)
	var doc struct {
		Properties struct {
			Ruleset struct {
				Enum []string `json:"enum"`
			} `json:"ruleset"`
		} `json:"properties"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		t.Fatal(err)
	}
	enum := doc.Properties.Ruleset.Enum
	if len(enum) == 0 {
		t.Fatal("no ruleset enum in the mission schema")
	}
	for _, r := range enum {
		if rules.KindOf(r) == "" {
			t.Errorf("the schema accepts ruleset %q, but no game is registered for it", r)
		}
	}
	for _, r := range rules.Rulesets() {
		found := false
		for _, e := range enum {
			found = found || e == r
		}
		if !found {
			t.Errorf("game %q is registered, but the mission schema does not accept its ruleset", r)
		}
	}
}

// TestTileGamesListed: the checks of tiles list rules.TileGames as their
// games, so the list names exactly the games registered on tiles.
func TestTileGamesListed(t *testing.T) {
	var grid []string
	for _, r := range rules.Rulesets() {
		if rules.KindOf(r) == rules.KindGrid {
			grid = append(grid, r)
		}
	}
	if strings.Join(grid, ",") != strings.Join(rules.TileGames, ",") {
		t.Errorf("the games on tiles are %v; rules.TileGames lists %v", grid, rules.TileGames)
	}
}
