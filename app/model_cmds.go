package app

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/rules"
)

// graphModel is the board of a game not played on tiles, for the commands
// that list places and ways; a game with no board at all is told so.
func graphModel(r *lint.Result) (rules.GraphModel, error) {
	gm, ok := r.Model.(rules.GraphModel)
	if !ok {
		return nil, &exitError{code: ExitUsage,
			msg:  fmt.Sprintf("the %s ruleset has no board: a scenario of this game is a setup of cards, chips and dice", r.Model.Ruleset()),
			hint: "try 'zmission show " + r.File + "' or 'zmission analyze " + r.File + "'"}
	}
	return gm, nil
}

// writeNodes lists the places of a graph or hub board (zmission zones).
func writeNodes(w io.Writer, gm rules.GraphModel, format string) error {
	nodes := gm.Nodes()
	if format == "json" {
		if nodes == nil {
			nodes = []rules.Node{}
		}
		return writeJSON(w, map[string]any{"zones": nodes})
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "ID\tKIND\tNAME\tFEATURES")
	for _, n := range nodes {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", n.ID, n.Kind, dash(n.Name), dash(strings.Join(n.Features, ",")))
	}
	return tw.Flush()
}

// writeLinks prints the ways between the places of a graph or hub board
// (zmission graph): text, JSON, or Graphviz with the places pinned.
func writeLinks(w io.Writer, gm rules.GraphModel, format string) error {
	nodes, links := gm.Nodes(), gm.Links()
	switch format {
	case "json":
		if nodes == nil {
			nodes = []rules.Node{}
		}
		if links == nil {
			links = []rules.Link{}
		}
		return writeJSON(w, map[string]any{"zones": nodes, "movement": links})
	case "dot":
		q := func(s string) string {
			return `"` + strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s) + `"`
		}
		fmt.Fprintf(w, "graph zones {\n  label=%s;\n  node [shape=box, fontname=\"Helvetica\"];\n", q(gm.Title()))
		for _, n := range nodes {
			label := n.ID
			if n.Name != "" {
				label += "\n" + n.Name // a line break, written \n by q
			}
			fmt.Fprintf(w, "  %s [label=%s, pos=\"%.1f,%.1f!\"];\n", q(n.ID), q(label), n.X, 0-n.Y) // 0-y, not -y: no "-0.0"
		}
		for _, l := range links {
			label := l.Via
			if len(l.Requires) > 0 {
				label += ": " + strings.Join(l.Requires, ", ")
			}
			if l.Note != "" {
				label += " (" + l.Note + ")"
			}
			fmt.Fprintf(w, "  %s -- %s [label=%s];\n", q(l.From), q(l.To), q(label))
		}
		fmt.Fprintln(w, "}")
		return nil
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintf(tw, "movement (%d):\n", len(links))
	for _, l := range links {
		line := fmt.Sprintf("  %s\t--\t%s\tvia %s", l.From, l.To, l.Via)
		if len(l.Requires) > 0 {
			line += "\tneeds " + strings.Join(l.Requires, ", ")
		}
		if l.Note != "" {
			line += "\t" + l.Note
		}
		fmt.Fprintln(tw, line)
	}
	return tw.Flush()
}
