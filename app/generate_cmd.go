package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/generate"
	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/source"
)

func (e *env) generateCmd() *cli.Command {
	return &cli.Command{
		Name:  "generate",
		Usage: "make a mission for the boxes you own, checked before it is written",
		Description: "Lays tiles from the boxes named (default: the game's core box), puts a start, a chain of\n" +
			"doors and the Objectives that open them, an Exit and Spawn Zones on them, and runs every\n" +
			"check on the result: a mission with an error, or a warning of solvability, spawns or\n" +
			"inventory, is never written. The seed (random unless given) is printed and written into\n" +
			"the file's header with every option, so the same command makes the same file again.\n" +
			"--size is COLUMNSxROWS in tiles for the Zombicide games, in room slots for the facility.\n" +
			"--type picks the mission type (default: the seed chooses one the board has room for).\n" +
			"--from completes a mission of a Zombicide game:\n" +
			"what it places is kept and the rest made around it. Exit codes: 0 written, 1 the request\n" +
			"cannot be met (the reason is named), 2 usage error, 3 could not read or write a file.",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "ruleset", Usage: "the game (default: the --from file's): " + orWords(generate.Rulesets())},
			&cli.StringFlag{Name: "boxes", Usage: "the boxes to use, separated by commas (default: the game's core box)"},
			&cli.StringFlag{Name: "players", Usage: "the player count or range, e.g. 4 or 1-6 (default: the game's range)"},
			&cli.IntFlag{Name: "survivors", HideDefault: true, Usage: "how many Survivors play (default: the --from file's, else 6): Objectives and Spawn Zones scale with them, and the playtest plays at that count"},
			&cli.StringFlag{Name: "judge", Usage: "how --difficulty is reached: playtest (default: each candidate played, where the game has a playtest; else the formula, and the output says so) or formula"},
			&cli.StringFlag{Name: "size", Usage: "the board, COLUMNSxROWS in tiles (the facility: room slots), e.g. 3x3 (default: from --length)"},
			&cli.StringFlag{Name: "difficulty", Usage: "how hard (default: the --from file's, else medium): easy, medium or hard"},
			&cli.StringFlag{Name: "length", Value: "medium", Usage: "how long to play: short, medium or long"},
			&cli.StringFlag{Name: "type", Usage: "the mission type (default: the seed chooses): grab-and-go, key-chain or wake-spawns; airlock (zombicide-invader), car-escape (zombicide-classic); any-escape, lander, hibernation or shuttle (facility)"},
			&cli.StringFlag{Name: "seed", Usage: "the seed, a whole number (default: a random one, printed)"},
			&cli.StringFlag{Name: "from", Usage: "a mission to complete: its tiles, tokens, objectives, rules, boxes and players are kept"},
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the mission to this file, YAML (.yaml, .yml) or JSON (.json) by its name, - for standard output (with --count, into this folder)"},
			&cli.IntFlag{Name: "count", Value: 1, Usage: "how many missions to write into the -o folder, with seeds N, N+1, ...; a seed refused is skipped and listed"},
			&cli.BoolFlag{Name: "force", Usage: "replace files that exist"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			if c.Args().Len() > 0 {
				return usageErr("generate takes no arguments, only flags, e.g. 'zmission generate --ruleset zombicide-invader --size 3x3'")
			}
			o, err := e.generateOptions(c)
			if err != nil {
				return err
			}
			count, out := c.Int("count"), c.String("output")
			if count < 1 || count > 10000 {
				return usageErr("--count is from 1 to 10000, not %d", count)
			}
			if count > 1 && (out == "" || out == "-") {
				return usageErr("--count %d writes files: name their folder with -o DIR", count)
			}
			if err := outputKind(out, count); err != nil {
				return err
			}
			asJSON := false
			if count == 1 && out != "" && out != "-" {
				if asJSON, err = outputIsJSON(out); err != nil {
					return err
				}
			}
			// With --size the board's size leads, and --length is aimed at
			// only: a mission outside the length asked says so.
			lengthAsked := c.IsSet("length") && o.W > 0
			if count > 1 {
				return e.generateMany(o, count, out, c.Bool("force"), lengthAsked)
			}
			o.Replacing = o.FromName != "" && out != "" && out != "-" && sameFile(o.FromName, out)
			r, err := generate.Generate(o)
			if err != nil {
				return generateErr(err)
			}
			summary := fmt.Sprintf("seed %d; %s", o.Seed, summaryOf(r, o, lengthAsked))
			if asJSON {
				// JSON holds no comments: the command that makes it again is
				// printed instead of written in a header.
				for _, l := range strings.Split(string(r.Data), "\n") {
					if strings.HasPrefix(l, "# zmission generate ") {
						summary += "; made by: " + strings.TrimPrefix(l, "# ")
					}
				}
				if r.Data, err = missions.ToJSON(r.Data); err != nil {
					return failErr("generate: %v", err)
				}
			}
			if out == "" || out == "-" {
				if _, err := e.stdout.Write(r.Data); err != nil {
					return failErr("writing output: %v", err)
				}
				fmt.Fprintf(e.stderr, "zmission: %s\n", summary)
				return nil
			}
			if err := missions.WriteFile(out, r.Data, c.Bool("force")); err != nil {
				return newWriteErr(out, err)
			}
			fmt.Fprintf(e.stdout, "wrote %s (%s)\n", out, summary)
			return nil
		},
	}
}

// generateOptions reads the flags.
func (e *env) generateOptions(c *cli.Command) (generate.Options, error) {
	o := generate.Options{Ruleset: c.String("ruleset"), Players: c.String("players"),
		Difficulty: c.String("difficulty"), Length: c.String("length"), Type: c.String("type"),
		Survivors: int(c.Int("survivors")), JudgeBy: c.String("judge")}
	if c.IsSet("survivors") && (c.Int("survivors") < 1 || c.Int("survivors") > 24) {
		return o, usageErr("--survivors is from 1 to 24, as a mission's survivors: are, not %d", c.Int("survivors"))
	}
	if b := c.String("boxes"); b != "" {
		for _, n := range strings.Split(b, ",") {
			if n = strings.TrimSpace(n); n != "" {
				o.Boxes = append(o.Boxes, n)
			}
		}
	}
	if s := c.String("size"); s != "" {
		w, h, err := generate.ParseSize(s)
		if err != nil {
			return o, usageErr("%v", err)
		}
		o.W, o.H = w, h
	}
	if s := c.String("seed"); s != "" {
		n, err := strconv.ParseUint(s, 10, 64)
		if err != nil {
			return o, usageErr("--seed is a whole number from 0 to %d, not %q", uint64(1<<64-1), s)
		}
		o.Seed = n
	} else {
		o.Seed = rand.Uint64N(1_000_000_000)
	}
	if f := c.String("from"); f != "" {
		data, p := source.ReadFile(f, source.DefaultLimits)
		if p != nil {
			if p.Code == source.CodeRead {
				return o, withHint(failErr("--from %s: %s", f, p.Message), pathHint(f))
			}
			return o, usageErr("--from %s: %s", f, p.Message)
		}
		if len(bytes.TrimSpace(data)) == 0 {
			return o, withHint(usageErr("--from %s is empty: there is no mission in it to complete", f),
				"leave --from out to make a mission from nothing, or start one with 'zmission new'")
		}
		o.From, o.FromName = data, f
		if o.Ruleset == "" {
			if doc, probs := missions.Load(f, data, source.DefaultLimits); len(probs) == 0 {
				if r := doc.Root.Field("ruleset"); r != nil {
					o.Ruleset = r.Str()
				}
			}
		}
	}
	if o.Ruleset == "" {
		if o.FromName != "" {
			return o, usageErr("generate needs --ruleset: %s names no game (ruleset:); give one of %s", o.FromName, orWords(generate.Rulesets()))
		}
		return o, usageErr("generate needs --ruleset: %s", orWords(generate.Rulesets()))
	}
	return o, nil
}

// sameFile tells whether a and b name the one file.
func sameFile(a, b string) bool {
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// outputKind refuses a folder where one mission goes to a file, and a
// mission file's name where --count writes a folder (it would be made a
// folder called x.yaml), saying which to give.
func outputKind(out string, count int) error {
	if out == "" || out == "-" {
		return nil
	}
	st, err := os.Stat(out)
	isDir := err == nil && st.IsDir()
	if count == 1 && isDir {
		return usageErr("-o %s is a folder: name a mission file in it, e.g. %s, or write several into it with --count N", out, filepath.Join(out, "mission.yaml"))
	}
	if ext := filepath.Ext(out); count > 1 && !isDir && slices.Contains(generateExts, strings.ToLower(ext)) {
		return usageErr("--count %d writes its missions into a folder, and -o %s names a mission file; give a folder, e.g. -o %s", count, out, strings.TrimSuffix(out, ext))
	}
	return nil
}

// generateExts are the file names -o takes, and what each is written as.
var generateExts = []string{".yaml", ".yml", ".json"}

// outputIsJSON tells by its extension what -o FILE is written as: YAML or
// JSON, never YAML in a file whose name says otherwise.
func outputIsJSON(out string) (bool, error) {
	ext := strings.ToLower(filepath.Ext(out))
	switch ext {
	case ".yaml", ".yml":
		return false, nil
	case ".json":
		return true, nil
	}
	err := usageErr("-o %s: generate writes YAML (.yaml or .yml), JSON (.json), or - for standard output", out)
	if ext != "" {
		return false, withHint(err, typo.Hint(ext, generateExts))
	}
	return false, err
}

// generateMany writes count missions into dir, seeds o.Seed on: a seed
// whose request is refused (a board with no room for the difficulty) is
// skipped and listed, and the next seed tried, up to count more seeds
// than asked for. A request whose first firstSeeds seeds are all refused
// is refused then: no seed may meet it, and a large --count would try
// twice as many seeds as it asks for missions first.
func (e *env) generateMany(o generate.Options, count int, dir string, force, lengthAsked bool) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return failErr("cannot create %s: %v", dir, unwrapPath(err))
	}
	first := o.Seed
	var skipped []string
	written := 0
	for i := 0; written < count && i < 2*count+10 && (written > 0 || i < firstSeeds); i++ {
		o.Seed = first + uint64(i)
		r, err := generate.Generate(o)
		if no := (*generate.Impossible)(nil); errors.As(err, &no) && no.SeedBound {
			fmt.Fprintf(e.stderr, "zmission: skipped seed %d: %s\n", o.Seed, no.Reason)
			skipped = append(skipped, strconv.FormatUint(o.Seed, 10))
			continue
		}
		if err != nil {
			return generateErr(err)
		}
		path := filepath.Join(dir, r.Mission.ID+".yaml")
		if err := missions.WriteFile(path, r.Data, force); err != nil {
			return newWriteErr(path, err)
		}
		written++
		fmt.Fprintf(e.stdout, "wrote %s (seed %d; %s)\n", path, o.Seed, summaryOf(r, o, lengthAsked))
	}
	if len(skipped) > 0 {
		what := "seeds"
		if len(skipped) == 1 {
			what = "seed"
		}
		fmt.Fprintf(e.stdout, "skipped %d refused %s: %s\n", len(skipped), what, strings.Join(skipped, ", "))
	}
	if written < count {
		return &exitError{code: ExitFindings, msg: fmt.Sprintf("cannot generate: wrote %d of %d missions in %d seeds; try another first --seed, --size or --difficulty", written, count, written+len(skipped))}
	}
	return nil
}

// firstSeeds is how many seeds in a row, from the first, may be refused
// before generate --count gives up.
const firstSeeds = 10

// summaryOf words a generated mission's difficulty and length, and how
// the difficulty was read; with lengthAsked, a length outside the band
// asked is named, with how to reach it.
func summaryOf(r *generate.Result, o generate.Options, lengthAsked bool) string {
	s := fmt.Sprintf("%s, about %d minutes; difficulty %s", r.Estimate.Difficulty, r.Estimate.Minutes, r.Judged)
	if got := generate.LengthBandOf(o.Ruleset, r.Estimate.Minutes); lengthAsked && got != o.Length {
		s += fmt.Sprintf("; a %s mission, not %s: the %d×%d board --size gives leads (leave --size out for a board of the length)", got, o.Length, o.W, o.H)
	}
	return s
}

// generateErr words why nothing was generated, with the exit code it
// calls for.
func generateErr(err error) error {
	var bad *generate.BadOption
	if errors.As(err, &bad) {
		return withHint(usageErr("%s", bad.Reason), bad.Hint)
	}
	var no *generate.Impossible
	if errors.As(err, &no) {
		return &exitError{code: ExitFindings, msg: "cannot generate: " + no.Reason}
	}
	return failErr("generate: %v", err)
}

// orWords lists words as "a, b or c".
func orWords(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " or " + ws[len(ws)-1]
}
