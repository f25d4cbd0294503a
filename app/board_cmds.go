package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// scene lints a mission and returns it with its board. When the board could
// not be built it prints why (as validate would) and fails with exit 1. For a
// game not played on tiles, r.Model is set instead of r.Scene and the game
// is nil: every caller looks at r.Model first.
func (e *env) scene(path string) (*lint.Result, rules.BoardGame, error) {
	return e.sceneWith(path, nil)
}

// sceneWith reads a mission with its configuration's check options.
func (e *env) sceneWith(path string, cfg *validate.Config) (*lint.Result, rules.BoardGame, error) {
	opts := lint.Options{Limits: source.DefaultLimits, Rules: ruleOptions{cfg}, AllowOutside: e.allowOutside, Config: cfg}
	var r *lint.Result
	if path == "-" {
		// As validate reads it: at most the size limit, then refused.
		data, err := io.ReadAll(io.LimitReader(e.stdin, opts.Limits.MaxBytes+1))
		if err != nil {
			return nil, nil, failErr("cannot read standard input: %v", err)
		}
		r = lintStdin(data, "<stdin>", opts)
	} else {
		r = lint.Path(path, opts)
	}
	switch r.Kind {
	case lint.KindTileset:
		return nil, nil, usageErr("%s is a tile set, not a mission; try 'zmission tiles --tileset %s'", path, path)
	case lint.KindCompanion:
		return nil, nil, usageErr("%s is a %s, not a mission; 'zmission validate %s' checks it", path, r.Noun, path)
	case lint.KindOther:
		if r.Doc == nil { // else a mission still to be given its ruleset: its findings say so
			return nil, nil, usageErr("%s is not a mission: it has no ruleset: naming a game and no $schema naming one of zmission's schemas", path)
		}
	}
	if r.Scene == nil && r.Model == nil {
		_ = validate.Write(e.stderr, validate.Text, r.Diags, validate.Options{Color: validate.UseColor("auto", e.stderr, e.getenv)})
		for _, d := range r.Diags {
			if d.Rule == "read" {
				return nil, nil, &exitError{code: ExitFailed, msg: "cannot read " + path}
			}
		}
		msg := "cannot build the board of " + path
		for _, d := range r.Diags {
			if d.Severity == validate.Error {
				msg += "; fix the errors above"
				break
			}
		}
		return nil, nil, &exitError{code: ExitFindings, msg: msg}
	}
	if r.Model != nil {
		// A game not played on tiles: callers look at r.Model first.
		return r, nil, nil
	}
	g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
	return r, g, nil
}

// validScene is scene for the commands that print figures or pages of a
// mission (analyze, show, render): in every game, a mission that fails
// validate (an error after its configuration) stops them with its errors,
// exit 1, since what they would print from it can be impossible (chips
// below zero, more players than Camp sets, Morale past its track).
func (e *env) validScene(path string) (*lint.Result, rules.BoardGame, error) {
	cfg := newConfigs("").forFile(path)
	r, g, err := e.sceneWith(path, cfg)
	if err != nil {
		return nil, nil, err
	}
	var errs []validate.Diagnostic
	for _, d := range cfg.Apply(r.Diags) {
		if d.Severity == validate.Error {
			errs = append(errs, d)
		}
	}
	if len(errs) > 0 {
		_ = validate.Write(e.stderr, validate.Text, errs, validate.Options{Color: validate.UseColor("auto", e.stderr, e.getenv)})
		return nil, nil, &exitError{code: ExitFindings,
			msg:  fmt.Sprintf("%s does not validate (%d error%s): nothing is drawn or counted from it", path, len(errs), plural(len(errs))),
			hint: "fix the errors above ('zmission validate " + path + "' lists every finding)"}
	}
	return r, g, nil
}

// missionScene is the start of every command that reads one mission: the
// argument, then the placed board.
func (e *env) missionScene(c *cli.Command) (*lint.Result, rules.BoardGame, error) {
	path, err := missionArg(c, "")
	if err != nil {
		return nil, nil, err
	}
	return e.scene(path)
}

func missionArg(c *cli.Command, more string) (string, error) {
	want := 1
	if more != "" {
		want = 2
	}
	if c.Args().Len() != want {
		if more != "" {
			return "", usageErr("%s takes a mission file and %s", c.Name, more)
		}
		return "", usageErr("%s takes one mission file", c.Name)
	}
	return c.Args().First(), nil
}

func formatFlag(def string, allowed ...string) cli.Flag {
	return &cli.StringFlag{Name: "format", Aliases: []string{"f"}, Value: def, Usage: "output format: " + strings.Join(allowed, ", "),
		Validator: func(s string) error {
			for _, a := range allowed {
				if s == a {
					return nil
				}
			}
			return fmt.Errorf("unknown --format %q: use %s", s, strings.Join(allowed, ", "))
		}}
}

// zoneJSON is the documented JSON shape of a zone.
type zoneJSON struct {
	ID       string   `json:"id"`
	Kind     string   `json:"kind"`
	Features []string `json:"features"`
	Cells    [][2]int `json:"cells"`
	Tile     string   `json:"tile"`
}

// zoneList is the "zones" list of zones --format json and graph --format
// json.
func zoneList(b *layout.Board) jsonList {
	return jsonList{key: "zones", n: len(b.Zones), item: func(i int) any {
		z := b.Zones[i]
		j := zoneJSON{ID: z.ID, Kind: z.Kind, Features: append([]string{}, z.Features...), Tile: z.Face}
		for _, c := range z.Cells {
			j.Cells = append(j.Cells, [2]int{c.X, c.Y})
		}
		return j
	}}
}

// jsonList is one key of a JSON document written item by item: n items,
// item(i) the value of the i-th.
type jsonList struct {
	key  string
	n    int
	item func(i int) any
	// stream, when set instead of n and item, gives the items' texts as
	// item's encoding would be written (indented, without its last
	// newline), one by one, for lists of millions not held whole.
	stream func(yield func(item []byte))
}

// writeJSONLists writes the document {"key": [item, ...], ...} byte for
// byte as writeJSON writes it built whole (lists in the order given,
// which is encoding/json's sorted order of a map's keys), one item at a
// time: the graph of a board of 262,144 zones was encoded in memory twice
// over (1.6 GB).
func writeJSONLists(w io.Writer, lists ...jsonList) error {
	var item bytes.Buffer
	enc := json.NewEncoder(&item)
	enc.SetIndent("    ", "  ")
	enc.SetEscapeHTML(false)
	bw := bufio.NewWriterSize(w, 64<<10)
	bw.WriteString("{\n")
	for k, l := range lists {
		fmt.Fprintf(bw, "  %q: ", l.key)
		if l.stream != nil {
			first := true
			l.stream(func(item []byte) {
				if first {
					bw.WriteString("[\n    ")
					first = false
				} else {
					bw.WriteString(",\n    ")
				}
				bw.Write(item)
			})
			if first {
				bw.WriteString("[]")
			} else {
				bw.WriteString("\n  ]")
			}
		} else if l.n == 0 {
			bw.WriteString("[]")
		} else {
			bw.WriteString("[\n")
			for i := range l.n {
				item.Reset()
				if err := enc.Encode(l.item(i)); err != nil {
					return err
				}
				bw.WriteString("    ")
				bw.Write(bytes.TrimSuffix(item.Bytes(), []byte("\n")))
				if i < l.n-1 {
					bw.WriteString(",\n")
				} else {
					bw.WriteString("\n")
				}
			}
			bw.WriteString("  ]")
		}
		if k < len(lists)-1 {
			bw.WriteString(",\n")
		} else {
			bw.WriteString("\n")
		}
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// jsonString is s as writeJSONLists' encoder writes a string.
func jsonString(s string) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.Encode(s) // a string always encodes
	return bytes.TrimSuffix(b.Bytes(), []byte("\n"))
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

func (e *env) zonesCmd() *cli.Command {
	return &cli.Command{
		Name:      "zones",
		Usage:     "list the zones of a mission's board: id, kind, features, cells",
		ArgsUsage: "MISSION",
		Flags:     []cli.Flag{formatFlag("text", "text", "json")},
		Action: func(_ context.Context, c *cli.Command) error {
			r, _, err := e.missionScene(c)
			if err != nil {
				return err
			}
			if r.Model != nil {
				gm, err := graphModel(r)
				if err != nil {
					return err
				}
				return writeNodes(e.stdout, gm, c.String("format"))
			}
			b := r.Scene.Board
			if c.String("format") == "json" {
				return writeJSONLists(e.stdout, zoneList(b))
			}
			tw := tabwriter.NewWriter(e.stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "ID\tKIND\tFEATURES\tCELLS")
			for _, z := range b.Zones {
				var cells []string
				for _, p := range z.Cells {
					cells = append(cells, fmt.Sprintf("%d,%d", p.X, p.Y))
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", z.ID, z.Kind, dash(strings.Join(z.Features, ",")), strings.Join(cells, " "))
			}
			return tw.Flush()
		},
	}
}

func dash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

// glyph is the short mark of a token in the terminal drawing.
func glyph(t *rules.Token) string {
	initial := func(c string) string {
		if c == "" || c == "neutral" {
			return ""
		}
		return c[:1]
	}
	switch t.Type {
	case "start":
		return "S"
	case "exit":
		return "E"
	case "spawn":
		return "Z" + initial(t.Color)
	case "objective":
		return "O" + initial(t.Color)
	case "mold":
		if t.State == "inactive" {
			return "m"
		}
		return "M"
	case "noise":
		return "N"
	case "sentry-gun":
		return "G"
	case "bot":
		return "B"
	case "car":
		return "C"
	}
	return "?"
}

func (e *env) showCmd() *cli.Command {
	return &cli.Command{
		Name:      "show",
		Usage:     "draw a mission's board in the terminal: walls, doors, zone ids, tokens",
		ArgsUsage: "MISSION",
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
				v := render.View(r.Model.Ruleset())
				if v == nil {
					return usageErr("zmission cannot draw %s scenarios yet", r.Model.Ruleset())
				}
				if err := v.Show(e.stdout, r.Model); err != nil {
					return failErr("drawing: %v", err)
				}
				return nil
			}
			s := r.Scene
			var marks []render.TextMark
			var doors []render.TextDoor
			var legend []string
			for _, t := range s.Tokens {
				if t.Type == "door" {
					d, _ := rules.Side(t.Side)
					doors = append(doors, render.TextDoor{X: t.Cell.X, Y: t.Cell.Y, Dir: d, State: t.State})
					legend = append(legend, fmt.Sprintf("door %s %s at %d,%d:%s", t.Color, t.State, t.Cell.X, t.Cell.Y, t.Side))
					continue
				}
				g := glyph(t)
				marks = append(marks, render.TextMark{X: t.Cell.X, Y: t.Cell.Y, Glyph: g})
				desc := t.Type
				if t.Color != "" {
					desc = t.Color + " " + desc
				}
				legend = append(legend, fmt.Sprintf("%-2s %s at %d,%d (%s)", g, desc, t.Cell.X, t.Cell.Y, t.Zone.ID))
			}
			fmt.Fprintf(e.stdout, "%s — %d×%d cells, %d zones\n", r.Mission.Title, s.Board.W, s.Board.H, len(s.Board.Zones))
			if err := render.Text(e.stdout, s.Board, marks, doors); err != nil {
				return failErr("drawing: %v", err)
			}
			for _, l := range legend {
				fmt.Fprintln(e.stdout, "  "+l)
			}
			return nil
		},
	}
}

func (e *env) graphCmd() *cli.Command {
	return &cli.Command{
		Name:      "graph",
		Usage:     "print the movement and line-of-sight graphs between zones",
		ArgsUsage: "MISSION",
		Flags: []cli.Flag{
			&cli.StringFlag{Name: "kind", Value: "all", Usage: "which graph: movement, sight or all"},
			formatFlag("text", "text", "json", "dot"),
			&cli.BoolFlag{Name: "enhanced", Usage: "line of sight with the Enhanced senses skill"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			kind := c.String("kind")
			if kind != "all" && kind != "movement" && kind != "sight" {
				return choiceErr("--kind", kind, []string{"movement", "sight", "all"})
			}
			r, g, err := e.scene(path)
			if err != nil {
				return err
			}
			if r.Model != nil {
				gm, err := graphModel(r)
				if err != nil {
					return err
				}
				if kind == "sight" {
					return usageErr("the %s ruleset has no line of sight: use --kind movement", r.Model.Ruleset())
				}
				return writeLinks(e.stdout, gm, c.String("format"))
			}
			if g == nil {
				return usageErr("the %s ruleset has no zone graphs", r.Mission.Ruleset)
			}
			s := r.Scene
			var moves []rules.Move
			if kind != "sight" {
				moves = g.Movement(s)
			}
			// The sight graph is written as it is cast, zone by zone: an
			// open board's is millions of lines.
			var sight eachSight
			if kind != "movement" {
				o := rules.SightOptions{EnhancedSenses: c.Bool("enhanced")}
				sight = func(fn func(from int, to, rng []int32)) { g.EachSight(s, o, fn) }
			}
			switch c.String("format") {
			case "json":
				return writeJSONLists(e.stdout, graphStreams(s.Board, moves, sight, kind)...)
			case "dot":
				return writeDOT(e.stdout, r.Mission.Title, s.Board, moves, sight)
			}
			return writeGraphText(e.stdout, s.Board, moves, sight, kind)
		},
	}
}

type moveJSON struct {
	From      string   `json:"from"`
	To        string   `json:"to"`
	Via       string   `json:"via"`
	Requires  []string `json:"requires"`
	Survivors bool     `json:"survivors"`
	Xenos     bool     `json:"xenos"`
	// Direction is the way Survivors may take it: both, from-to, to-from,
	// or none (a closed door only removed from inside a room: Door
	// Activation). Xenos take every move both ways.
	Direction string `json:"direction"`
	// At lists the cell edges it goes through, as a door token names them
	// ("5,2:n").
	At []string `json:"at"`
}

// direction says which way Survivors may take m.
func direction(m rules.Move) string {
	switch {
	case !m.OneWay:
		return "both"
	case m.Out == m.From:
		return "from-to"
	case m.Out == m.To:
		return "to-from"
	}
	return "none"
}

// edgesAt writes the cell edges of a move the way a door token names its
// place, "5,2:n": from the room's cell when one side is a room (a door
// stands in a room's door opening), else from the first zone's cell.
func edgesAt(b *layout.Board, m rules.Move) []string {
	out := []string{}
	flip := b.Zones[m.To].Kind == layout.Room && b.Zones[m.From].Kind != layout.Room
	for _, e := range m.Edges {
		x, y, d := e.X, e.Y, e.Dir
		if flip {
			x, y, d = x+layout.DX[d], y+layout.DY[d], d.Opposite()
		}
		out = append(out, fmt.Sprintf("%d,%d:%s", x, y, d))
	}
	return out
}

type sightJSON struct {
	From  string `json:"from"`
	To    string `json:"to"`
	Range int    `json:"range"`
}

// graphLists are the lists of graph --format json, in the order of their
// keys: movement, sight, zones.
func graphLists(b *layout.Board, moves []rules.Move, sight []rules.Sightline, kind string) []jsonList {
	var out []jsonList
	if kind != "sight" {
		out = append(out, jsonList{key: "movement", n: len(moves), item: func(i int) any {
			m := moves[i]
			return moveJSON{From: b.Zones[m.From].ID, To: b.Zones[m.To].ID, Via: m.Via, Requires: append([]string{}, m.Requires...), Survivors: m.Survivors, Xenos: m.Xenos,
				Direction: direction(m), At: edgesAt(b, m)}
		}})
	}
	if kind != "movement" {
		// Each zone's name is quoted once: the open boards' sight lists
		// are millions of items.
		out = append(out, jsonList{key: "sight", n: len(sight), item: func(i int) any {
			l := sight[i]
			return sightJSON{From: b.Zones[l.From].ID, To: b.Zones[l.To].ID, Range: int(l.Range)}
		}})
	}
	return append(out, zoneList(b))
}

// eachSight gives a board's lines of sight zone by zone
// (rules.BoardGame.EachSight); nil for none.
type eachSight func(fn func(from int, to, rng []int32))

// sightOf gives the lines of a sight graph held whole as eachSight does.
func sightOf(sight []rules.Sightline) eachSight {
	return func(fn func(from int, to, rng []int32)) {
		var to, rng []int32
		for i := 0; i < len(sight); {
			from := sight[i].From
			to, rng = to[:0], rng[:0]
			for ; i < len(sight) && sight[i].From == from; i++ {
				to, rng = append(to, sight[i].To), append(rng, sight[i].Range)
			}
			fn(int(from), to, rng)
		}
	}
}

// graphStreams are graphLists with the sight list streamed: the same
// bytes, the sight graph never held whole.
func graphStreams(b *layout.Board, moves []rules.Move, sight eachSight, kind string) []jsonList {
	lists := graphLists(b, moves, nil, kind)
	for i := range lists {
		if lists[i].key != "sight" {
			continue
		}
		quoted := make([][]byte, len(b.Zones))
		for i, z := range b.Zones {
			quoted[i] = jsonString(z.ID)
		}
		lists[i].stream = func(yield func([]byte)) {
			var buf []byte
			sight(func(from int, to, rng []int32) {
				for k, z := range to {
					buf = append(buf[:0], "{\n      \"from\": "...)
					buf = append(buf, quoted[from]...)
					buf = append(buf, ",\n      \"to\": "...)
					buf = append(buf, quoted[z]...)
					buf = append(buf, ",\n      \"range\": "...)
					buf = strconv.AppendInt(buf, int64(rng[k]), 10)
					buf = append(buf, "\n    }"...)
					yield(buf)
				}
			})
		}
	}
	return lists
}

func who(m rules.Move) string {
	switch {
	case m.Survivors && m.OneWay && m.Out < 0:
		return "xenos; survivors neither way"
	case m.Survivors && m.OneWay && m.Xenos:
		return "all; survivors one way"
	case m.Survivors && m.Xenos:
		return "all"
	case m.Survivors:
		return "survivors only"
	case m.Xenos:
		return "xenos only"
	}
	return "nobody"
}

func writeGraphText(w io.Writer, b *layout.Board, moves []rules.Move, sight eachSight, kind string) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if kind != "sight" {
		fmt.Fprintf(tw, "movement (%d):\n", len(moves))
		for _, m := range moves {
			req := ""
			if len(m.Requires) > 0 {
				req = "needs " + strings.Join(m.Requires, ", ")
			}
			// A one-way move is written from the zone Survivors leave by it.
			from, link, to := m.From, "--", m.To
			if m.OneWay && m.Out >= 0 {
				from, link, to = m.Out, "->", m.Other(m.Out)
			}
			line := fmt.Sprintf("  %s\t%s\t%s\tvia %s\t%s", b.Zones[from].ID, link, b.Zones[to].ID, m.Via, who(m))
			if m.Via == "door" || m.Via == "hatch" {
				line += "\tat " + strings.Join(edgesAt(b, m), " ")
			}
			if req != "" {
				line += "\t" + req
			}
			fmt.Fprintln(tw, line)
		}
	}
	if err := tw.Flush(); err != nil || kind == "movement" {
		return err
	}
	return writeSightText(w, b, sight)
}

// writeSightText writes the sight lines in columns as a tabwriter would
// (each column as wide as its widest cell and two spaces), without holding
// millions of lines in one: a first pass over the lines counts them and
// measures the columns, the second writes them.
func writeSightText(w io.Writer, b *layout.Board, sight eachSight) error {
	width := make([]int, len(b.Zones))
	for i, z := range b.Zones {
		width[i] = utf8.RuneCountInString(z.ID)
	}
	n, wFrom, wTo := 0, 0, 0
	sight(func(from int, to, _ []int32) {
		if len(to) == 0 {
			return
		}
		n += len(to)
		wFrom = max(wFrom, width[from])
		for _, z := range to {
			wTo = max(wTo, width[z])
		}
	})
	bw := bufio.NewWriterSize(w, 64<<10)
	fmt.Fprintf(bw, "sight (%d):\n", n)
	pad := func(n int) {
		for ; n > 0; n-- {
			bw.WriteByte(' ')
		}
	}
	var num [20]byte
	sight(func(from int, to, rng []int32) {
		for k, z := range to {
			bw.WriteString("  ")
			bw.WriteString(b.Zones[from].ID)
			pad(wFrom - width[from] + 2)
			bw.WriteString("--  ")
			bw.WriteString(b.Zones[z].ID)
			pad(wTo - width[z] + 2)
			bw.WriteString("range ")
			bw.Write(strconv.AppendInt(num[:0], int64(rng[k]), 10))
			bw.WriteByte('\n')
		}
	})
	return bw.Flush()
}

// writeDOT prints the graphs for Graphviz, zones pinned at their positions.
func writeDOT(w io.Writer, title string, b *layout.Board, moves []rules.Move, sight eachSight) error {
	q := func(s string) string { return `"` + dotEscape.Replace(s) + `"` }
	fmt.Fprintf(w, "graph zones {\n  label=%s;\n  node [shape=box, fontname=\"Helvetica\"];\n", q(title))
	for _, z := range b.Zones {
		var sx, sy float64
		for _, c := range z.Cells {
			sx += float64(c.X)
			sy += float64(c.Y)
		}
		n := float64(len(z.Cells))
		shape := map[string]string{"room": "box", "corridor": "ellipse", "exterior": "octagon", "street": "ellipse"}[z.Kind]
		fmt.Fprintf(w, "  %s [shape=%s, pos=\"%.1f,%.1f!\"];\n", q(z.ID), dash(shape), sx/n, -sy/n)
	}
	for _, m := range moves {
		label := m.Via
		if len(m.Requires) > 0 {
			label += ": " + strings.Join(m.Requires, ", ")
		}
		style := "solid"
		if !m.Survivors || m.OneWay && m.Out < 0 {
			style = "dotted"
		} else if len(m.Requires) > 0 {
			style = "dashed"
		}
		from, to, dir := m.From, m.To, ""
		if m.OneWay && m.Out >= 0 {
			// Survivors take it one way only: an arrow from the zone they leave.
			from, to, dir = m.Out, m.Other(m.Out), ", dir=forward"
		}
		fmt.Fprintf(w, "  %s -- %s [label=%s, style=%s%s];\n", q(b.Zones[from].ID), q(b.Zones[to].ID), q(label), style, dir)
	}
	// The sight lines of an open board are millions: each zone's name is
	// quoted once and each line made in one buffer.
	quoted := make([]string, len(b.Zones))
	for i, z := range b.Zones {
		quoted[i] = q(z.ID)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	var line []byte
	if sight != nil {
		sight(func(from int, to, rng []int32) {
			for k, z := range to {
				line = append(line[:0], "  "...)
				line = append(line, quoted[from]...)
				line = append(line, " -- "...)
				line = append(line, quoted[z]...)
				line = append(line, ` [label="sight `...)
				line = strconv.AppendInt(line, int64(rng[k]), 10)
				line = append(line, "\", color=\"#3070c0\", constraint=false];\n"...)
				bw.Write(line)
			}
		})
	}
	bw.WriteString("}\n")
	return bw.Flush()
}

// dotEscape escapes a Graphviz quoted string.
var dotEscape = strings.NewReplacer(`\`, `\\`, `"`, `\"`)

func (e *env) losCmd() *cli.Command {
	return &cli.Command{
		Name:      "los",
		Usage:     "list the zones a zone sees, with the range in zones",
		ArgsUsage: "MISSION ZONE|x,y",
		Flags: []cli.Flag{
			formatFlag("text", "text", "json"),
			&cli.BoolFlag{Name: "enhanced", Usage: "with the Enhanced senses skill (1 Zone farther in rooms; ignores darkness)"},
		},
		Action: func(_ context.Context, c *cli.Command) error {
			path, err := missionArg(c, "a zone id or a cell x,y")
			if err != nil {
				return err
			}
			r, g, err := e.scene(path)
			if err != nil {
				return err
			}
			if r.Model != nil {
				return usageErr("the %s ruleset has no line of sight", r.Model.Ruleset())
			}
			if g == nil {
				return usageErr("the %s ruleset has no line of sight", r.Mission.Ruleset)
			}
			b := r.Scene.Board
			z, err := b.Ref(c.Args().Get(1))
			if err != nil {
				ee := &exitError{code: ExitUsage, msg: err.Error()}
				var re *layout.RefError
				if errors.As(err, &re) && len(re.Close) > 0 {
					ee.msg, ee.hint = re.Reason, "close zone ids: "+strings.Join(re.Close, ", ")
				}
				return ee
			}
			seen := g.LOS(r.Scene, z.Index, rules.SightOptions{EnhancedSenses: c.Bool("enhanced")})
			if c.String("format") == "json" {
				type vis struct {
					Zone  string `json:"zone"`
					Range int    `json:"range"`
				}
				out := struct {
					From    string `json:"from"`
					Visible []vis  `json:"visible"`
				}{From: z.ID, Visible: []vis{}}
				for _, s := range seen {
					out.Visible = append(out.Visible, vis{Zone: b.Zones[s.Zone].ID, Range: s.Range})
				}
				return writeJSON(e.stdout, out)
			}
			byRange := map[int][]string{}
			var ranges []int
			for _, s := range seen {
				if _, ok := byRange[s.Range]; !ok {
					ranges = append(ranges, s.Range)
				}
				byRange[s.Range] = append(byRange[s.Range], b.Zones[s.Zone].ID)
			}
			sort.Ints(ranges)
			fmt.Fprintf(e.stdout, "%s (%s) sees %d other zone%s:\n", z.ID, z.Kind, len(seen)-1, plural(len(seen)-1))
			for _, rg := range ranges {
				fmt.Fprintf(e.stdout, "  range %d: %s\n", rg, strings.Join(byRange[rg], ", "))
			}
			return nil
		},
	}
}
