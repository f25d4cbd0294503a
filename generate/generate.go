// Package generate makes missions: it proposes a board and a structure
// within the boxes an author owns, then proves each candidate with the
// whole lint before handing it back. It is pure and seeded: the same
// options and seed give the same bytes. Completing a mission an author
// started (--from) is the general case; generating from nothing is
// completing an empty one.
package generate

import (
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"math/rand/v2"
	"strconv"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
)

// Options of one generated mission.
type Options struct {
	Ruleset    string
	Boxes      []string // nil: the game's core box (or the --from file's)
	Players    string   // "N" or "A-B"; "" = the game's range
	W, H       int      // board size: tiles (Zombicide games) or slots (facility); 0 = from the length
	Difficulty string   // easy, medium, hard; "" = medium
	Length     string   // short, medium, long; "" = medium
	Seed       uint64
	// JudgeBy is how the difficulty asked is reached: JudgePlaytest (""),
	// or JudgeFormula.
	JudgeBy string
	// Judge, when set, has the last word on a candidate's difficulty
	// (easy, medium or hard) in place of the playtest, given the candidate
	// as the checks read it, once the formula put it within a band of the
	// difficulty asked. Not for the facility.
	Judge func(r *lint.Result) (string, error) `json:"-"`
	// Survivors is how many Survivors play (0: the --from file's, else
	// 6): Objectives and Spawn Zones scale with them.
	Survivors int
	// Type is the mission type, one of the game's (Games lists them);
	// "": the seed chooses, trying the others in turn when one finds no
	// mission on the board.
	Type string
	// From is a mission to complete (its bytes) and FromName its file
	// name, for messages and the header comment.
	From     []byte
	FromName string
	// Replacing says the mission is written over its From file: the
	// command in its header then no longer makes it again (its input is
	// gone), and the header says what it was made from instead.
	Replacing bool
	// Keep, with From, keeps only the file's tiles and tokens it names
	// (by their place in the file's lists) and makes the rest again:
	// the editor's "Regenerate the rest" around what the author pinned.
	Keep *Keep
}

// Keep names the tiles and tokens of a file being completed that stay,
// by index in the file's tiles and tokens. What a generator makes of the
// structure (objectives, special rules, the Xeno deck, briefing,
// duration) goes with the rest.
type Keep struct {
	Tiles  []int `json:"tiles"`
	Tokens []int `json:"tokens"`
}

// Result is a generated mission.
type Result struct {
	Data    []byte // the mission as fmt writes it
	Mission *missions.Mission
	// Estimate is the kept candidate's difficulty and duration.
	Estimate rules.Estimate
	// Judged words how the difficulty was read: by a playtest (its games
	// and wins) or by the formula, and why.
	Judged string
	// Type is the mission type made ("" for the facility).
	Type       string
	Candidates int      // candidates that passed the checks, of which it was kept
	Attempts   int      // candidates made
	Rejected   []string // why each candidate that failed the checks did

}

// Impossible is a request no mission can meet, with the reason.
// SeedBound: none was found from this seed, and another seed may find
// one (the candidates made missed the difficulty, or failed the checks);
// otherwise no seed will (a board larger than the boxes hold).
type Impossible struct {
	Reason    string
	SeedBound bool
}

func (e *Impossible) Error() string { return e.Reason }

// BadOption is an option that cannot be read or does not fit the game.
type BadOption struct {
	Reason string
	Hint   string // a "did you mean" for a value that is a slip for a choice, or ""
}

func (e *BadOption) Error() string { return e.Reason }

func impossible(format string, a ...any) error {
	return &Impossible{Reason: fmt.Sprintf(format, a...)}
}

// missed is a refusal another seed may not meet.
func missed(format string, a ...any) error {
	return &Impossible{Reason: fmt.Sprintf(format, a...), SeedBound: true}
}

func badOption(format string, a ...any) error {
	return &BadOption{Reason: fmt.Sprintf(format, a...)}
}

// Rulesets are the games generate knows.
func Rulesets() []string { return []string{"facility", "zombicide-classic", "zombicide-invader"} }

// Generate makes one mission.
func Generate(o Options) (*Result, error) {
	if err := o.check(); err != nil {
		return nil, err
	}
	if g, ok := grids[o.Ruleset]; ok {
		return g.generate(o)
	}
	if o.Ruleset == "facility" {
		return generateFacility(o)
	}
	return nil, &BadOption{Reason: fmt.Sprintf("--ruleset is %s, not %q: generate makes missions for these games", orList(Rulesets()), o.Ruleset), Hint: typo.Hint(o.Ruleset, Rulesets())}
}

func (o *Options) check() error {
	switch o.Difficulty {
	case "":
		if o.From == nil {
			o.Difficulty = "medium" // a file being completed may say
		}
	case "easy", "medium", "hard":
	default:
		return &BadOption{Reason: fmt.Sprintf("--difficulty is easy, medium or hard, not %q", o.Difficulty), Hint: typo.Hint(o.Difficulty, []string{"easy", "medium", "hard"})}
	}
	switch o.Length {
	case "":
		o.Length = "medium"
	case "short", "medium", "long":
	default:
		return &BadOption{Reason: fmt.Sprintf("--length is short, medium or long, not %q", o.Length), Hint: typo.Hint(o.Length, []string{"short", "medium", "long"})}
	}
	switch o.JudgeBy {
	case "", JudgePlaytest, JudgeFormula:
	default:
		return &BadOption{Reason: fmt.Sprintf("--judge is playtest or formula, not %q", o.JudgeBy), Hint: typo.Hint(o.JudgeBy, []string{JudgePlaytest, JudgeFormula})}
	}
	if o.Survivors < 0 || o.Survivors > 24 {
		return badOption("the Survivors are 1 to 24, as a mission's survivors: are, not %d", o.Survivors)
	}
	if o.W < 0 || o.H < 0 {
		return badOption("--size is COLUMNSxROWS, e.g. 3x3")
	}
	return nil
}

// ParseSize reads "WxH" (or "W×H").
func ParseSize(s string) (w, h int, err error) {
	a, b, ok := strings.Cut(strings.ReplaceAll(strings.ToLower(s), "×", "x"), "x")
	if ok {
		w, err1 := strconv.Atoi(strings.TrimSpace(a))
		h, err2 := strconv.Atoi(strings.TrimSpace(b))
		if err1 == nil && err2 == nil && w > 0 && h > 0 && w <= 64 && h <= 64 {
			return w, h, nil
		}
	}
	return 0, 0, badOption("--size is COLUMNSxROWS with each from 1 to 64, e.g. 3x3, not %q", s)
}

// ParsePlayers reads "N" or "A-B" for a game whose range is lo-hi.
func ParsePlayers(s string, lo, hi int) (string, error) {
	a, b, rng := strings.Cut(s, "-")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y := x
	var err2 error
	if rng {
		y, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil {
		return "", badOption("--players is a number or a range such as 1-6, not %q", s)
	}
	if x > y {
		return "", badOption("--players %s runs backwards: write the smaller number first", s)
	}
	if x < lo || y > hi {
		return "", badOption("--players %s: the game is played by %d to %d players; give a count or a range within %d-%d", s, lo, hi, lo, hi)
	}
	if x == y {
		return strconv.Itoa(x), nil
	}
	return fmt.Sprintf("%d-%d", x, y), nil
}

// orList lists choices as "a, b or c".
func orList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}

// newRand is the seeded source every choice draws from.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
}

// pick returns a random element of xs (xs not empty).
func pick[T any](r *rand.Rand, xs []T) T { return xs[r.IntN(len(xs))] }

// Command is the command line that makes the mission again.
func (o Options) Command() string {
	var b strings.Builder
	b.WriteString("zmission generate --ruleset " + o.Ruleset)
	if len(o.Boxes) > 0 {
		b.WriteString(" --boxes " + strings.Join(o.Boxes, ","))
	}
	if o.Players != "" {
		b.WriteString(" --players " + o.Players)
	}
	if o.Survivors > 0 {
		fmt.Fprintf(&b, " --survivors %d", o.Survivors)
	}
	if o.W > 0 {
		fmt.Fprintf(&b, " --size %dx%d", o.W, o.H)
	}
	fmt.Fprintf(&b, " --difficulty %s --length %s --seed %d", o.Difficulty, o.Length, o.Seed)
	if o.Type != "" {
		b.WriteString(" --type " + o.Type)
	}
	if o.JudgeBy == JudgeFormula {
		b.WriteString(" --judge formula")
	}
	if o.FromName != "" && o.Keep == nil {
		b.WriteString(" --from " + o.FromName)
	}
	return b.String()
}

// Game is what a game offers to generate: its boxes (the core first),
// its players, the unit of its size and whether a mission of it can be
// completed around kept pieces.
type Game struct {
	Ruleset  string   `json:"ruleset"`
	Name     string   `json:"name"`
	Boxes    []string `json:"boxes"`
	Core     string   `json:"core,omitempty"`
	Players  [2]int   `json:"players"`
	Types    []string `json:"types"` // mission types; none: the game has one
	Unit     string   `json:"unit"`  // "tiles" or "slots"
	Complete bool     `json:"complete"`
	// Sizes are the size each length makes when none is given.
	Sizes map[string]string `json:"sizes"`
}

// Games lists what generate makes, by ruleset.
func Games() []Game {
	var out []Game
	for _, r := range Rulesets() {
		if g, ok := grids[r]; ok {
			boxes := []string{g.CoreBox}
			for _, b := range rules.BoxNames(r) {
				if b != g.CoreBox {
					boxes = append(boxes, b)
				}
			}
			out = append(out, Game{Ruleset: r, Name: rules.GameName(r), Boxes: boxes, Core: g.CoreBox, Players: [2]int{g.Players[0], g.Players[1]},
				Unit: "tiles", Complete: true, Sizes: sizeWords(gridSizes), Types: g.Types})
			continue
		}
		out = append(out, Game{Ruleset: r, Name: rules.GameName(r), Boxes: []string{}, Players: [2]int{1, 5}, Unit: "slots", Sizes: sizeWords(facilitySizes), Types: FacilityTypes})
	}
	return out
}

func sizeWords(m map[string][2]int) map[string]string {
	out := map[string]string{}
	for k, v := range m {
		out[k] = fmt.Sprintf("%dx%d", v[0], v[1])
	}
	return out
}
