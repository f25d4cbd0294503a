package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/zmission/zmission/rules"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"
	"syscall"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/ours"
	"github.com/zmission/zmission/source"
)

func (e *env) fmtCmd() *cli.Command {
	return &cli.Command{
		Name:      "fmt",
		Usage:     "write missions in the canonical format",
		ArgsUsage: "FILE|DIR... (- reads standard input)",
		Description: "Without flags, prints the one FILE in the canonical format. Folders are walked as\n" +
			"validate walks them, and of what they hold only missions and collections are formatted: no\n" +
			"other file is opened for writing. A file that cannot be read as a mission is reported as\n" +
			"path:line:col: error: message [rule] and never rewritten. Exit codes: 0 done (or, with\n" +
			"--check, all files canonical), 1 files not canonical (--check) or not missions,\n" +
			"2 usage error, 3 could not read or write a file.",
		Flags: []cli.Flag{
			&cli.BoolFlag{Name: "w", Usage: "rewrite the files that change, in place, and print their names"},
			&cli.BoolFlag{Name: "check", Usage: "print the names of files not in canonical form; exit 1 if there are any"},
			&cli.BoolFlag{Name: "diff", Aliases: []string{"d"}, Usage: "print a unified diff of each change instead of names"},
			verboseFlag(),
		},
		Action: func(ctx context.Context, c *cli.Command) error {
			write, check, diff := c.Bool("w"), c.Bool("check"), c.Bool("diff")
			if c.Args().Len() == 0 {
				return usageErr("fmt needs files or folders, e.g. 'zmission fmt -w examples'")
			}
			if write && check {
				return usageErr("-w and --check do not go together: --check only reports")
			}
			// A walk gives only files of ours, and of those fmt writes
			// missions and collections; a tile set found is left as it is.
			var passed passedOver
			var tell func(path, why string)
			if c.Bool("verbose") {
				tell = passed.add
			}
			defer passed.print(e.stderr)
			files, named, err := collect(c.Args().Slice(), true, newConfigs(""), tell)
			if err != nil {
				return err
			}
			printOne := !write && !check && !diff
			if printOne && len(files) != 1 {
				return usageErr("fmt prints one file; give -w, --check or --diff to format several")
			}
			code := ExitOK
			for _, f := range files {
				if f == "-" && write {
					return usageErr("-w cannot rewrite standard input")
				}
			}
			// Ctrl-C or SIGTERM stops between files, never in the middle of
			// a write; a second one stops at once, and the temporary file of
			// a write cut short is removed on the way out.
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			defer missions.RemoveTemps()
			for i, f := range files {
				if ctx.Err() != nil {
					stop()
					fmt.Fprintf(e.stderr, "zmission: interrupted: %s not looked at, left as they were\n", rules.CountOf(len(files)-i, "file"))
					return codeErr(ExitFailed)
				}
				r := e.fmtOne(f, named[f])
				if r.skip {
					if tell != nil {
						tell(f, "a tile set or configuration: fmt writes missions and collections only, and leaves these as their authors laid them out")
					}
					continue
				}
				if r.code != ExitOK {
					code = max(code, r.code)
					continue
				}
				changed := !bytes.Equal(r.before, r.after)
				switch {
				case printOne:
					if _, err := e.stdout.Write(r.after); err != nil {
						return failErr("writing output: %v", err)
					}
					continue
				case !changed:
					continue
				case write:
					// Only over what was read: an edit saved meanwhile is kept.
					if err := missions.ReplaceFile(f, r.after, r.before); err != nil {
						fmt.Fprintf(e.stderr, "zmission: error: cannot write %s: %v\n", f, writeProblem(err))
						code = ExitFailed
						continue
					}
				case check:
					code = max(code, ExitFindings)
				}
				if diff {
					io.WriteString(e.stdout, unifiedDiff(r.name+".orig", r.name, r.before, r.after))
				} else {
					fmt.Fprintln(e.stdout, r.name)
				}
			}
			return codeErr(code)
		},
	}
}

// fmtResult is one file read and formatted, or the exit code it failed with.
type fmtResult struct {
	name          string // as printed
	before, after []byte
	code          int
	skip          bool // found by a walk, and not a file fmt writes
}

// fmtOne reads and formats one file, reporting why it cannot on stderr.
// fmt writes missions and colony collections (each in its own key order);
// named on purpose, any other file is refused with not-mission, and found
// by a walk it is passed over.
func (e *env) fmtOne(file string, named bool) fmtResult {
	r := fmtResult{name: file}
	lim := source.DefaultLimits
	if file == "-" {
		r.name = "<stdin>"
		data, err := io.ReadAll(io.LimitReader(e.stdin, lim.MaxBytes+1))
		if err != nil {
			fmt.Fprintf(e.stderr, "%s:1:1: error: cannot read standard input: %v [read]\n", r.name, err)
			r.code = ExitFailed
			return r
		}
		r.before = data
	} else {
		data, p := source.ReadFile(file, lim)
		if p != nil {
			e.fmtProblem(r.name, *p)
			if h := pathHint(file); h != "" && p.Code == source.CodeRead {
				fmt.Fprintf(e.stderr, "    hint: %s\n", h)
			}
			r.code = ExitFindings
			if p.Code == source.CodeRead {
				r.code = ExitFailed
			}
			return r
		}
		r.before = data
	}
	switch kind := ours.Classify(file, r.before); {
	case kind == ours.Mission || kind == ours.Collection:
	case !named:
		r.skip = true
		return r
	case kind == ours.Tileset:
		// missions.Format says why it leaves a tile set alone.
	case !parses(file, r.before):
		// missions.Format words why it cannot be read.
	case ours.UnfinishedFile(file, r.before):
		// Named, a mission's format and id without a ruleset yet: formatted
		// as the mission it is becoming (validate reports the ruleset).
	default:
		e.fmtProblem(r.name, source.Problem{Pos: source.Pos{Line: 1, Col: 1}, Code: missions.CodeNotMission,
			Message: "this is not a mission: it has no ruleset: naming a game and no $schema naming one of zmission's schemas; fmt formats missions and collections only, and leaves this file as it is"})
		r.code = ExitFindings
		return r
	}
	out, err := missions.Format(r.before, strings.EqualFold(filepath.Ext(file), ".json"))
	if err != nil {
		r.code = ExitFindings
		var fe *missions.FormatError
		if !errors.As(err, &fe) {
			fe = &missions.FormatError{Problems: []source.Problem{{Pos: source.Pos{Line: 1, Col: 1}, Code: missions.CodeInternal, Message: err.Error()}}}
		}
		for _, p := range fe.Problems {
			e.fmtProblem(r.name, p)
			if p.Code == missions.CodeInternal {
				r.code = ExitFailed
			}
		}
		return r
	}
	r.after = missions.KeepLineEnds(r.before, out)
	return r
}

// parses tells whether data reads as a document at all.
func parses(file string, data []byte) bool {
	_, probs := source.Parse(file, data, source.DefaultLimits)
	return len(probs) == 0
}

// writeProblem words why a file was not written.
func writeProblem(err error) string {
	switch {
	case errors.Is(err, missions.ErrChanged):
		return "it changed on disk since it was read (saved in an editor?); it was left as it is: run fmt again"
	case errors.Is(err, missions.ErrReadOnly):
		return "the file is read-only; it was left as it is"
	case errors.Is(err, missions.ErrNotFile):
		return "it is not a regular file"
	}
	return unwrapPath(err).Error()
}

func (e *env) fmtProblem(name string, p source.Problem) {
	pos := p.Pos
	if pos.Line < 1 || pos.Col < 1 {
		pos = source.Pos{Line: 1, Col: 1}
	}
	fmt.Fprintf(e.stderr, "%s:%d:%d: error: %s [%s]\n", name, pos.Line, pos.Col, source.ShortenQuotes(p.Message), p.Code)
}

// unwrapPath drops the path an *os.PathError repeats: the line names it.
func unwrapPath(err error) error {
	if u := errors.Unwrap(err); u != nil {
		return u
	}
	return err
}

// unifiedDiff returns the changes from a to b as a unified diff with three
// lines of context, or "" when they are equal.
func unifiedDiff(nameA, nameB string, a, b []byte) string {
	ops := diffLines(splitLinesKeep(a), splitLinesKeep(b))
	const context = 3
	var out strings.Builder
	// aLine[i] and bLine[i] count the lines of a and b before ops[i].
	aLine, bLine := make([]int, len(ops)+1), make([]int, len(ops)+1)
	for i, o := range ops {
		aLine[i+1], bLine[i+1] = aLine[i], bLine[i]
		if o.kind != '+' {
			aLine[i+1]++
		}
		if o.kind != '-' {
			bLine[i+1]++
		}
	}
	for i := 0; i < len(ops); {
		for i < len(ops) && ops[i].kind == ' ' {
			i++
		}
		if i == len(ops) {
			break
		}
		// A hunk runs from context lines before the first change to context
		// lines after the last change whose gap to the next is short.
		start, end := max(0, i-context), i
		for {
			for end < len(ops) && ops[end].kind != ' ' {
				end++
			}
			next := end
			for next < len(ops) && ops[next].kind == ' ' {
				next++
			}
			if next < len(ops) && next-end <= 2*context {
				end = next
				continue
			}
			break
		}
		stop := min(len(ops), end+context)
		if out.Len() == 0 {
			fmt.Fprintf(&out, "--- %s\n+++ %s\n", nameA, nameB)
		}
		fmt.Fprintf(&out, "@@ -%s +%s @@\n", hunkRange(aLine[start], aLine[stop]-aLine[start]), hunkRange(bLine[start], bLine[stop]-bLine[start]))
		for _, o := range ops[start:stop] {
			out.WriteByte(o.kind)
			out.WriteString(o.text)
			if !strings.HasSuffix(o.text, "\n") {
				out.WriteString("\n\\ No newline at end of file\n")
			}
		}
		i = stop
	}
	return out.String()
}

// hunkRange writes "start,count" the way diff -u does: an empty range names
// the line before it, and a count of one is left out.
func hunkRange(before, count int) string {
	switch count {
	case 0:
		return fmt.Sprintf("%d,0", before)
	case 1:
		return fmt.Sprintf("%d", before+1)
	}
	return fmt.Sprintf("%d,%d", before+1, count)
}

// splitLinesKeep splits text into lines that keep their "\n".
func splitLinesKeep(data []byte) []string {
	var lines []string
	for s := string(data); s != ""; {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			lines = append(lines, s)
			break
		}
		lines = append(lines, s[:i+1])
		s = s[i+1:]
	}
	return lines
}

type diffOp struct {
	kind byte // ' ' kept, '-' removed, '+' added
	text string
}

// maxDiffCells bounds the longest-common-subsequence table (4 bytes a
// cell); a larger change is shown as the old lines, then the new ones.
const maxDiffCells = 1 << 22

// diffLines finds a shortest edit from a to b: the common start and end are
// kept, and the middle is matched by a longest common subsequence.
func diffLines(a, b []string) []diffOp {
	pre := 0
	for pre < len(a) && pre < len(b) && a[pre] == b[pre] {
		pre++
	}
	suf := 0
	for suf < len(a)-pre && suf < len(b)-pre && a[len(a)-1-suf] == b[len(b)-1-suf] {
		suf++
	}
	var ops []diffOp
	for _, l := range a[:pre] {
		ops = append(ops, diffOp{' ', l})
	}
	ma, mb := a[pre:len(a)-suf], b[pre:len(b)-suf]
	n, m := len(ma), len(mb)
	if n*m > maxDiffCells {
		for _, l := range ma {
			ops = append(ops, diffOp{'-', l})
		}
		for _, l := range mb {
			ops = append(ops, diffOp{'+', l})
		}
	} else {
		// t[i*(m+1)+j] is the length of the longest common subsequence of
		// ma[i:] and mb[j:].
		t := make([]int32, (n+1)*(m+1))
		for i := n - 1; i >= 0; i-- {
			for j := m - 1; j >= 0; j-- {
				if ma[i] == mb[j] {
					t[i*(m+1)+j] = t[(i+1)*(m+1)+j+1] + 1
				} else {
					t[i*(m+1)+j] = max(t[(i+1)*(m+1)+j], t[i*(m+1)+j+1])
				}
			}
		}
		i, j := 0, 0
		for i < n && j < m {
			switch {
			case ma[i] == mb[j]:
				ops = append(ops, diffOp{' ', ma[i]})
				i, j = i+1, j+1
			case t[(i+1)*(m+1)+j] >= t[i*(m+1)+j+1]:
				ops = append(ops, diffOp{'-', ma[i]})
				i++
			default:
				ops = append(ops, diffOp{'+', mb[j]})
				j++
			}
		}
		for ; i < n; i++ {
			ops = append(ops, diffOp{'-', ma[i]})
		}
		for ; j < m; j++ {
			ops = append(ops, diffOp{'+', mb[j]})
		}
	}
	for _, l := range a[len(a)-suf:] {
		ops = append(ops, diffOp{' ', l})
	}
	return ops
}
