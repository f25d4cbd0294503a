package lint

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// TestPlayersBackwardsInEveryGame: a player range written high to low is
// the same error, with the same id and wording, in all five games (the
// colony game refused it while the Zombicide games took it silently and the
// facility game swapped it).
func TestPlayersBackwardsInEveryGame(t *testing.T) {
	cases := []struct {
		file, players, want string
	}{
		{"invader/first-contact.yaml", "players: 6-2", "the player range 6-2 runs backwards: it allows no player count at all"},
		{"classic/blue-line.yaml", "players: 6-2", "the player range 6-2 runs backwards: it allows no player count at all"},
		{"facility/cold-landing.yaml", "players: 5-2", "the player range 5-2 runs backwards: it allows no player count at all"},
		{"colony/field-hospital.yaml", "players: 6-2", "the player range 6-2 runs backwards: it allows no player count at all"},
		{"survival-infection/base-game.yaml", "players: {min: 6, max: 2, open-only-up-to: 3}", "the player range min 6, max 2 runs backwards: it allows no player count at all"},
	}
	line := regexp.MustCompile(`(?m)^(\s*)players: .*$`)
	for _, c := range cases {
		path := filepath.Join("..", "examples", c.file)
		src, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if r := Path(path, Options{Limits: source.DefaultLimits}); len(r.Diags) != 0 {
			t.Fatalf("%s: the example is not clean: %v", c.file, r.Diags)
		}
		loc := line.FindSubmatchIndex(src)
		if loc == nil {
			t.Fatalf("%s: no players line", c.file)
		}
		indent := string(src[loc[2]:loc[3]])
		bad := string(src[:loc[0]]) + indent + c.players + string(src[loc[1]:])
		// A copy of the game's folder, so a collection it names is found.
		dir := t.TempDir()
		if err := os.CopyFS(dir, os.DirFS(filepath.Dir(path))); err != nil {
			t.Fatal(err)
		}
		tmp := filepath.Join(dir, filepath.Base(path))
		if err := os.WriteFile(tmp, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		r := Path(tmp, Options{Limits: source.DefaultLimits})
		var got []string
		for _, d := range r.Diags {
			if d.Rule == "players-backwards" {
				got = append(got, d.Message)
			}
		}
		if len(got) != 1 || got[0] != c.want {
			var all []string
			for _, d := range r.Diags {
				all = append(all, d.Message+" ["+d.Rule+"]")
			}
			t.Errorf("%s with %q: players-backwards %q, want %q\nall: %s", c.file, c.players, got, c.want, strings.Join(all, "\n"))
		}
	}
}
