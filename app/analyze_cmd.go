package app

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/playtest"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
)

func (e *env) analyzeCmd() *cli.Command {
	return &cli.Command{
		Name:      "analyze",
		Usage:     "print the play order and a designer's metrics: routes, spawns, Mold risk, inventory",
		ArgsUsage: "MISSION",
		Flags: []cli.Flag{formatFlag("text", "text", "json"),
			&cli.Int64Flag{Name: "seed", Usage: "seed of the game's simulation, where it has one (0: its default seed)"},
			&cli.IntFlag{Name: "runs", Usage: "games simulated, where the analysis simulates (0: its default)"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			r, _, err := e.validScene(path)
			if err != nil {
				return err
			}
			if r.Model != nil {
				return e.analyzeModel(r, c)
			}
			an, ok := rules.Lookup(r.Mission.Ruleset).(rules.Analyzer)
			if !ok {
				return usageErr("no analysis for the %s ruleset yet", r.Mission.Ruleset)
			}
			if c.Int("runs") < 0 {
				return usageErr("--runs must be 0 or more")
			}
			if c.Int64("seed") < 0 {
				// The playtest's seed is printed back: a negative one would
				// print as a number --seed cannot take.
				return usageErr("--seed must be 0 or more")
			}
			a := an.Analyze(r.Scene)
			if a.Estimate != nil {
				// The difficulty from a short playtest where the game has
				// one (docs/estimates.md); the formula's reading stays.
				playtest.ReadDifficulty(r.Scene, a.Estimate, c.Int("runs"), uint64(c.Int64("seed")))
			}
			if c.String("format") == "json" {
				return writeJSON(e.stdout, a)
			}
			writeAnalysis(e.stdout, a)
			return nil
		},
	}
}

func writeAnalysis(w io.Writer, a *rules.Analysis) {
	fmt.Fprintf(w, "%s (%s): %d tiles, %d×%d cells, %d zones\n", a.Title, a.Ruleset, a.Tiles, a.Cells[0], a.Cells[1], a.Zones)
	if a.Start == "" {
		fmt.Fprintln(w, "\nNo start token: no play order.")
	} else {
		fmt.Fprintf(w, "\nPlay order (from the start in %s):\n", a.Start)
		for _, s := range a.Spheres {
			if len(s.Credits) > 0 {
				// Each key with the zones it opened.
				var parts []string
				for _, c := range s.Credits {
					parts = append(parts, fmt.Sprintf("once %s: %d zone%s reachable (%s)", gains(c.Opened, " and "), len(c.Zones), plural(len(c.Zones)), strings.Join(c.Zones, ", ")))
				}
				fmt.Fprintf(w, "  %d. %s\n", s.Index+1, strings.Join(parts, "; "))
			} else {
				head := "from the start"
				if len(s.Opened) > 0 {
					head = "once " + gains(s.Opened, ", ")
				}
				fmt.Fprintf(w, "  %d. %s: %d zone%s reachable", s.Index+1, head, len(s.Zones), plural(len(s.Zones)))
				if s.Index > 0 && len(s.Zones) > 0 {
					fmt.Fprintf(w, " (%s)", strings.Join(s.Zones, ", "))
				}
				fmt.Fprintln(w)
			}
			for _, t := range s.Taken {
				fmt.Fprintf(w, "     take %s\n", t)
			}
			for _, f := range s.Fired {
				fmt.Fprintf(w, "     %s\n", f)
			}
		}
		fmt.Fprintln(w, "\nVictory conditions:")
		for _, o := range a.Objectives {
			mark, when := "✗", "cannot be met"
			if o.Met {
				mark, when = "✓", fmt.Sprintf("in step %d", o.Sphere+1)
			}
			if o.Note != "" {
				when += "; " + o.Note
			}
			fmt.Fprintf(w, "  %s %d. %s — %s\n", mark, o.Number, o.Text, when)
		}
		if len(a.Routes) > 0 {
			fmt.Fprintf(w, "\nThe tour in play order (Survivor moves from the stop before; closest a red Spawn Zone comes, in %s moves):\n", enemy(a))
			tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
			for _, r := range a.Routes {
				if r.Moves < 0 {
					fmt.Fprintf(tw, "  %s\tunreachable\t\t\n", r.To)
					continue
				}
				danger := "no spawn reaches it"
				if r.SpawnDistance >= 0 {
					danger = fmt.Sprintf("spawn %d away", r.SpawnDistance)
				}
				fmt.Fprintf(tw, "  %s\t%d move%s\t%s\t%s\n", r.To, r.Moves, plural(r.Moves), danger, strings.Join(r.Path, " → "))
			}
			tw.Flush()
			if total, ok := tour(a.Routes); ok {
				fmt.Fprintf(w, "  %d moves in all\n", total)
			}
		}
	}
	fmt.Fprintln(w, "\nSpawn Zones (spawning order, clockwise from the first):")
	if len(a.Spawns) == 0 {
		fmt.Fprintln(w, "  none")
	}
	for _, s := range a.Spawns {
		to := "never reach the start"
		if s.ToStart >= 0 {
			to = fmt.Sprintf("%d %s move%s to the start", s.ToStart, enemy(a), plural(s.ToStart))
		}
		active := "active " + s.Active
		if s.Active == "never" {
			active = "never active"
		}
		fmt.Fprintf(w, "  %d. %s at %d,%d (%s): %s, %s\n", s.Order, s.Color, s.At[0], s.At[1], s.Zone, active, to)
	}
	if a.ExtraSpawns > 0 {
		fmt.Fprintf(w, "  + %d more red Spawn Zone%s for the number of Survivors\n", a.ExtraSpawns, plural(a.ExtraSpawns))
	}
	if a.Mold != nil {
		fmt.Fprintf(w, "\nMold: %d more Active Mold zone%s would link %s and %s", a.Mold.Zones, plural(a.Mold.Zones), a.Mold.Between[0], a.Mold.Between[1])
		if len(a.Mold.Chain) > 0 {
			fmt.Fprintf(w, " (%s)", strings.Join(a.Mold.Chain, ", "))
		}
		fmt.Fprintln(w)
	}
	for _, s := range a.Sections {
		fmt.Fprintf(w, "\n%s:\n", s.Title)
		for _, l := range s.Lines {
			fmt.Fprintf(w, "  %s\n", l)
		}
	}
	fmt.Fprintln(w, "\nInventory (used / owned):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, l := range a.Inventory {
		warn := ""
		if l.Used > l.Owned {
			warn = "  ← not enough"
		}
		fmt.Fprintf(tw, "  %s\t%d / %d%s\n", l.What, l.Used, l.Owned, warn)
	}
	tw.Flush()
	if a.Estimate != nil {
		fmt.Fprint(w, "\n"+a.Estimate.Report())
	}
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

func enemy(a *rules.Analysis) string {
	if a.Enemy == "" {
		return "enemy"
	}
	return a.Enemy
}

// tour adds up the legs of the tour; ok=false when a leg cannot be walked.
func tour(rs []rules.Route) (int, bool) {
	total := 0
	for _, r := range rs {
		if r.Moves < 0 {
			return 0, false
		}
		total += r.Moves
	}
	return total, len(rs) > 0
}

// analyzeModel analyses a scenario of a game not played on tiles.
func (e *env) analyzeModel(r *lint.Result, c *cli.Command) error {
	ruleset := r.Model.Ruleset()
	an, ok := rules.LookupModel(ruleset).(rules.ModelAnalyzer)
	if !ok {
		return usageErr("no analysis for the %s ruleset yet", ruleset)
	}
	if c.Int("runs") < 0 {
		return usageErr("--runs must be 0 or more")
	}
	a := an.AnalyzeModel(r.Model, rules.AnalyzeOptions{Seed: c.Int64("seed"), Runs: c.Int("runs")})
	if c.String("format") == "json" {
		return writeJSON(e.stdout, a)
	}
	v := render.View(ruleset)
	if v == nil {
		return usageErr("no text analysis for the %s ruleset yet: use --format json", ruleset)
	}
	if err := v.Analysis(e.stdout, a); err != nil {
		return failErr("writing the analysis: %v", err)
	}
	return nil
}

// gains words keys gained: "violet doors open (taking the violet Objective)".
func gains(gs []rules.Gain, sep string) string {
	var why []string
	for _, g := range gs {
		why = append(why, fmt.Sprintf("%s (%s)", rules.KeyEvent(g.Key), g.Reason))
	}
	return strings.Join(why, sep)
}
