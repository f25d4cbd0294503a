package app

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

// whatIfGames bounds the games each what-if change is played: the changes
// are many, and common random numbers make a few hundred games enough to
// rank them.
const whatIfGames = 500

func (e *env) playtestCmd() *cli.Command {
	return &cli.Command{
		Name:      "playtest",
		Usage:     "play a mission many times by the rules' text and say how it plays: win rate, length, losses, bottlenecks",
		ArgsUsage: "MISSION",
		Description: "Plays whole games of the mission with an agent for the Survivors and prints, per Survivor count, the\n" +
			"win rate with its 95% interval, the game's length in rounds, why games are lost, when each objective\n" +
			"is met, where Survivors fall, and the one change among the mission's Spawn Zones and doors that moves\n" +
			"the win rate most. The same file, options and seed give the same numbers on any number of cores.\n" +
			"docs/playtest.md says what the model plays and what it assumes.",
		Flags: []cli.Flag{
			formatFlag("text", "text", "json"),
			&cli.StringFlag{Name: "survivors", Usage: "Survivor counts to play, N or A-B (default: the mission's)"},
			&cli.IntFlag{Name: "games", Value: playtest.DefaultGames, Usage: fmt.Sprintf("games per Survivor count (at most %d)", playtest.MaxGames)},
			&cli.Int64Flag{Name: "seed", Value: 1, Usage: "seed of the run: the same seed gives the same numbers"},
			&cli.StringFlag{Name: "agent", Usage: "who plays the Survivors: careful or strong (default: careful)"},
			&cli.BoolFlag{Name: "no-what-if", Usage: "leave out the what-if changes"},
			&cli.StringFlag{Name: "decks", Usage: "a deck file replacing the game's default decks (docs/playtest.md)"},
			&cli.StringFlag{Name: "heatmap", Usage: "also write the map with the zones tinted by Survivors eliminated there, as SVG"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			counts, err := survivorCounts(c.String("survivors"))
			if err != nil {
				return err
			}
			games := c.Int("games")
			if games < 1 {
				return usageErr("--games must be 1 or more")
			}
			if f := c.String("heatmap"); f != "" {
				// Before the games: a run is long, its heat map not to be lost.
				if err := checkOutput(f, path, c.String("decks")); err != nil {
					return err
				}
				if err := checkWritable(f); err != nil {
					return failErr("cannot write the heat map %s: %v", f, err)
				}
			}
			r, g, err := e.validScene(path)
			if err != nil {
				return err
			}
			if r.Model != nil {
				// A game not played on tiles (facility, colony, card game).
				return usageErr("%s", noPlaytest(r.Model.Ruleset()))
			}
			if r.Scene == nil || r.Mission == nil {
				return failErr("%s: no board to play on", path)
			}
			if _, ok := rules.Lookup(r.Mission.Ruleset).(playtest.Grid); !ok {
				return usageErr("%s", noPlaytest(r.Mission.Ruleset))
			}
			var decks []byte
			if f := c.String("decks"); f != "" {
				if decks, err = readSmall(f); err != nil {
					return failErr("%v", err)
				}
			}
			m, err := playtest.ForScene(r.Scene, decks)
			if err != nil {
				return &exitError{code: ExitFindings, msg: fmt.Sprintf("%s cannot be played: %v", path, err)}
			}
			if counts == nil {
				n := r.Mission.Survivors
				if n == 0 {
					n = 6
				}
				counts = []int{n}
			}
			opt := playtest.Options{Games: games, Seed: uint64(c.Int64("seed")), Survivors: counts, Agent: c.String("agent")}
			res, err := playtest.Run(m, opt)
			if err != nil {
				return usageErr("%v", err)
			}
			if res.Clamped {
				fmt.Fprintf(e.stderr, "zmission: warning: --games %d is over the bound: played %d per Survivor count\n", games, res.Games)
			}
			if v, ok := m.(playtest.Varied); ok && !c.Bool("no-what-if") {
				o := opt
				o.Games = min(res.Games, whatIfGames)
				changes, of := v.Changes(playtest.MaxChanges)
				if res.WhatIf, err = playtest.WhatIf(m, changes, o); err != nil {
					return failErr("what-if: %v", err)
				}
				if of > len(changes) {
					fmt.Fprintf(e.stderr, "zmission: warning: what-if plays the first %d of the mission's %d Spawn Zones and doors\n", len(changes), of)
				}
			}
			if f := c.String("heatmap"); f != "" {
				if err := writeHeatmap(f, r.Scene, g, m, res); err != nil {
					return err
				}
			}
			out := playtestJSON{Mission: r.Mission.Title, Ruleset: r.Mission.Ruleset, Result: res}
			if c.String("format") == "json" {
				return writeJSON(e.stdout, out)
			}
			writePlaytest(e.stdout, out)
			return nil
		},
	}
}

// writeHeatmap draws the map with the danger overlay: per zone, the
// Survivors eliminated there over every game played.
func writeHeatmap(path string, s *rules.Scene, g rules.BoardGame, m playtest.Model, res *playtest.Result) error {
	o := render.Options{Page: "fit", Margin: render.DefaultMargin,
		Overlays: []render.Overlay{{Kind: render.OverlayDanger, Danger: dangerOf(s, m, res)}}}
	var buf bytes.Buffer
	if err := render.SVG(&buf, s, g, o); err != nil {
		return failErr("drawing the heat map: %v", err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		return failErr("writing the heat map: %v", err)
	}
	return nil
}

// playtestJSON is the documented JSON of a playtest.
type playtestJSON struct {
	Mission string `json:"mission"`
	Ruleset string `json:"ruleset"`
	*playtest.Result
}

// survivorCounts reads --survivors: "4" or "3-6"; nil when not given.
func survivorCounts(s string) ([]int, error) {
	if s == "" {
		return nil, nil
	}
	a, b, isRange := strings.Cut(s, "-")
	lo, err1 := strconv.Atoi(strings.TrimSpace(a))
	hi := lo
	var err2 error
	if isRange {
		hi, err2 = strconv.Atoi(strings.TrimSpace(b))
	}
	if err1 != nil || err2 != nil || lo < 1 || hi < lo || hi > playtest.MaxSurvivors {
		return nil, usageErr("--survivors %q: want N or A-B, from 1 to %d", s, playtest.MaxSurvivors)
	}
	var out []int
	for n := lo; n <= hi; n++ {
		out = append(out, n)
	}
	return out, nil
}

// maxDeckFile bounds a --decks file.
const maxDeckFile = 1 << 20

func readSmall(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("reading the decks: %v", err)
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, maxDeckFile+1))
	if err != nil {
		return nil, fmt.Errorf("reading the decks: %v", err)
	}
	if len(data) > maxDeckFile {
		return nil, fmt.Errorf("%s: a deck file is at most %d bytes", path, maxDeckFile)
	}
	return data, nil
}

func pct(x float64) string { return strconv.FormatFloat(math.Round(x*1000)/10, 'f', 1, 64) + "%" }

// rounds prints a Spread of n games: "13 (9–18)", or "—" for none.
func rounds(sp playtest.Spread, n int) string {
	if n == 0 {
		return "—"
	}
	return fmt.Sprintf("%d (%d–%d)", sp.Median, sp.P10, sp.P90)
}

func writePlaytest(w io.Writer, p playtestJSON) {
	r := p.Result
	fmt.Fprintf(w, "%s (%s): %d games per Survivor count, seed %d\n", p.Mission, p.Ruleset, r.Games, r.Seed)
	fmt.Fprintf(w, "Agent %s: %s\n\n", r.Agent.Name, r.Agent.About)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "Survivors\tGames\tWins\tWin rate\t95% interval\tReads as\tRounds: median (p10–p90)\twon\tlost")
	for _, c := range r.BySurvivors {
		fmt.Fprintf(tw, "%d\t%d\t%d\t%s\t%s–%s\t%s\t%s\t%s\t%s\n", c.Survivors, c.Games, c.Wins, pct(c.WinRate), pct(c.CI95[0]), pct(c.CI95[1]), c.ReadsAs,
			rounds(c.Turns, c.Games), rounds(c.TurnsWon, c.Wins), rounds(c.TurnsLost, c.Games-c.Wins))
	}
	tw.Flush()
	for _, c := range r.BySurvivors {
		fmt.Fprintf(w, "\n%d Survivors:\n", c.Survivors)
		if len(c.Losses) == 0 {
			fmt.Fprintln(w, "  losses: none")
		}
		for _, l := range c.Losses {
			fmt.Fprintf(w, "  lost, %s: %d (%s)\n", l.Cause, l.Games, pct(l.Rate))
		}
		for _, o := range c.Objectives {
			when := "never met"
			if o.Median > 0 {
				when = fmt.Sprintf("median round %d", o.Median)
			}
			fmt.Fprintf(w, "  objective %s: met in %s of games, %s\n", o.Objective, pct(o.Rate), when)
		}
	}
	fmt.Fprintln(w, "\nWhere Survivors are eliminated (all counts):")
	if len(r.Zones) == 0 {
		fmt.Fprintln(w, "  nowhere")
	}
	for i, z := range r.Zones {
		if i == 5 {
			fmt.Fprintf(w, "  … and %d more zones\n", len(r.Zones)-5)
			break
		}
		fmt.Fprintf(w, "  %s: %d\n", z.Zone, z.Eliminations)
	}
	if len(r.WhatIf) > 0 {
		fmt.Fprintf(w, "\nWhat if (%d Survivors, %d games each, same seeds):\n", r.WhatIf[0].Survivors, min(r.Games, whatIfGames))
		for i, l := range r.WhatIf {
			if i == 3 {
				break
			}
			sig := "not significant"
			if l.Significant {
				sig = "significant"
			}
			fmt.Fprintf(w, "  %s: %s → %s (%+.1f points, 95%% interval %+.1f to %+.1f on the %d games that differ: %s)\n",
				l.Change, pct(l.From), pct(l.To), l.Delta*100, l.CI95[0]*100, l.CI95[1]*100, l.Gained+l.Lost, sig)
		}
	}
	fmt.Fprintln(w, "\nApproximations (docs/playtest.md):")
	for _, a := range r.Approximations {
		fmt.Fprintf(w, "  - %s\n", a)
	}
}

// noPlaytest says that a game has no playtest, and where a page says what
// one would take.
func noPlaytest(ruleset string) string {
	msg := fmt.Sprintf("no playtest for the %s ruleset yet", ruleset)
	if page, ok := playtestPlans[ruleset]; ok {
		msg += "; " + page
	}
	return msg
}

// playtestPlans are the games with no model of play yet whose docs page
// says what one would take.
var playtestPlans = map[string]string{
	"facility": "there is no model of a facility game to play yet: docs/playtest-facility.md says what one would take",
}
