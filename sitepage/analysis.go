package sitepage

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/site"
)

// analysis is what 'zmission analyze' finds, shaped for a page: for a
// game on tiles from its figures (the play order as steps, the tour and
// the spawns as tables, the inventory as used / owned with what is short
// marked); for the others from the sections of the text their view writes.
func analysis(r *lint.Result) *site.Analysis {
	if r.Model != nil {
		an, ok := rules.LookupModel(r.Model.Ruleset()).(rules.ModelAnalyzer)
		v := render.View(r.Model.Ruleset())
		if !ok || v == nil {
			return nil
		}
		var buf bytes.Buffer
		if v.Analysis(&buf, an.AnalyzeModel(r.Model, rules.AnalyzeOptions{})) != nil {
			return nil
		}
		return fromText(buf.String())
	}
	an, ok := rules.Lookup(r.Mission.Ruleset).(rules.Analyzer)
	if !ok {
		return nil
	}
	out := fromGrid(an.Analyze(r.Scene))
	if sec, ok := playtestSection(r.Scene); ok {
		out.Sections = append(out.Sections, sec)
	}
	return out
}

func fromGrid(a *rules.Analysis) *site.Analysis {
	out := &site.Analysis{Summary: fmt.Sprintf("%d tiles, %d×%d cells, %d zones.", a.Tiles, a.Cells[0], a.Cells[1], a.Zones)}
	add := func(s site.AnalysisSection) { out.Sections = append(out.Sections, s) }
	enemy := a.Enemy
	if enemy == "" {
		enemy = "enemy"
	}
	if a.Start == "" {
		add(site.AnalysisSection{Title: "Play order", Lines: []string{"No start token: no play order."}})
	} else {
		order := site.AnalysisSection{Title: "Play order (from the start in " + a.Start + ")"}
		for _, s := range a.Spheres {
			var st site.Step
			if len(s.Credits) > 0 {
				var parts []string
				for _, c := range s.Credits {
					parts = append(parts, fmt.Sprintf("once %s: %s reachable (%s)", gains(c.Opened, " and "), count(len(c.Zones), "zone"), strings.Join(c.Zones, ", ")))
				}
				st.Text = strings.Join(parts, "; ")
			} else {
				head := "From the start"
				if len(s.Opened) > 0 {
					head = "Once " + gains(s.Opened, ", ")
				}
				st.Text = fmt.Sprintf("%s: %s reachable", head, count(len(s.Zones), "zone"))
				if s.Index > 0 && len(s.Zones) > 0 {
					st.Text += " (" + strings.Join(s.Zones, ", ") + ")"
				}
			}
			st.Text = upper(st.Text)
			for _, t := range s.Taken {
				st.Details = append(st.Details, "take "+t)
			}
			st.Details = append(st.Details, s.Fired...)
			order.Steps = append(order.Steps, st)
		}
		add(order)
		victory := site.AnalysisSection{Title: "Victory conditions"}
		for _, o := range a.Objectives {
			st := site.Step{Text: o.Text, Mark: "unmet"}
			when := "cannot be met"
			if o.Met {
				st.Mark, when = "met", fmt.Sprintf("can be met in step %d", o.Sphere+1)
			}
			if o.Note != "" {
				when += "; " + o.Note
			}
			st.Details = []string{when}
			victory.Steps = append(victory.Steps, st)
		}
		add(victory)
		if len(a.Routes) > 0 {
			t := &site.Table{Head: []string{"Stop", "Survivor moves from the stop before", "Closest red Spawn Zone (" + enemy + " moves)", "Path"}}
			total, whole := 0, true
			for _, r := range a.Routes {
				if r.Moves < 0 {
					whole = false
					t.Rows = append(t.Rows, site.Row{Cells: []string{r.To, "unreachable", "", ""}, Short: true})
					continue
				}
				total += r.Moves
				danger := "no spawn reaches it"
				if r.SpawnDistance >= 0 {
					danger = fmt.Sprint(r.SpawnDistance)
				}
				t.Rows = append(t.Rows, site.Row{Cells: []string{r.To, fmt.Sprint(r.Moves), danger, strings.Join(r.Path, " → ")}})
			}
			sec := site.AnalysisSection{Title: "The tour in play order", Table: t}
			if whole {
				sec.Lines = []string{fmt.Sprintf("%s in all.", count(total, "move"))}
			}
			add(sec)
		}
	}
	spawns := site.AnalysisSection{Title: "Spawn Zones (spawning order, clockwise from the first)"}
	if len(a.Spawns) == 0 {
		spawns.Lines = []string{"None."}
	} else {
		t := &site.Table{Head: []string{"Order", "Colour", "Where", "Active", enemy + " moves to the start"}}
		for _, s := range a.Spawns {
			to := "never reach it"
			if s.ToStart >= 0 {
				to = fmt.Sprint(s.ToStart)
			}
			active := s.Active
			if active == "never" {
				active = "never active"
			}
			t.Rows = append(t.Rows, site.Row{Cells: []string{fmt.Sprint(s.Order), s.Color, fmt.Sprintf("%d,%d (%s)", s.At[0], s.At[1], s.Zone), active, to}})
		}
		spawns.Table = t
	}
	if a.ExtraSpawns > 0 {
		spawns.Lines = append(spawns.Lines, fmt.Sprintf("And %s for the number of Survivors.", count(a.ExtraSpawns, "more red Spawn Zone")))
	}
	add(spawns)
	if a.Mold != nil {
		line := fmt.Sprintf("%s would link %s and %s", count(a.Mold.Zones, "more Active Mold zone"), a.Mold.Between[0], a.Mold.Between[1])
		if len(a.Mold.Chain) > 0 {
			line += " (" + strings.Join(a.Mold.Chain, ", ") + ")"
		}
		add(site.AnalysisSection{Title: "Mold", Lines: []string{line + "."}})
	}
	for _, s := range a.Sections {
		add(site.AnalysisSection{Title: s.Title, Lines: s.Lines})
	}
	inv := &site.Table{Head: []string{"Component", "Used", "Owned", ""}}
	for _, l := range a.Inventory {
		row := site.Row{Cells: []string{l.What, fmt.Sprint(l.Used), fmt.Sprint(l.Owned), ""}}
		if l.Used > l.Owned {
			row.Short, row.Cells[3] = true, fmt.Sprintf("%d short", l.Used-l.Owned)
		}
		inv.Rows = append(inv.Rows, row)
	}
	add(site.AnalysisSection{Title: "Inventory (used / owned)", Table: inv})
	return out
}

func gains(gs []rules.Gain, sep string) string {
	var why []string
	for _, g := range gs {
		why = append(why, fmt.Sprintf("%s (%s)", rules.KeyEvent(g.Key), g.Reason))
	}
	return strings.Join(why, sep)
}

func count(n int, noun string) string { return fmt.Sprintf("%d %s%s", n, noun, plural(n)) }

func upper(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

var columnsRe = regexp.MustCompile(`\s{2,}`)

// fromText shapes the text a game's view writes: a first line of summary,
// then blocks separated by blank lines, each headed by a line ending in a
// colon. A block whose lines all fall into the same columns (three or
// more, two spaces apart) is a table with its first line as the heading;
// the others keep their lines, indented as written.
func fromText(text string) *site.Analysis {
	out := &site.Analysis{}
	blocks := strings.Split(strings.TrimRight(strings.ReplaceAll(text, "\r\n", "\n"), "\n"), "\n\n")
	for i, b := range blocks {
		lines := strings.Split(b, "\n")
		if i == 0 {
			out.Summary = lines[0]
			lines = lines[1:]
			if len(lines) == 0 {
				continue
			}
		}
		sec := site.AnalysisSection{}
		if t := strings.TrimSpace(lines[0]); strings.HasSuffix(t, ":") && !strings.HasPrefix(lines[0], " ") {
			sec.Title = strings.TrimSuffix(t, ":")
			lines = lines[1:]
		} else if i == 0 {
			sec.Title = "Overview"
		}
		if t := table(lines); t != nil {
			sec.Table = t
		} else {
			for _, l := range lines {
				if strings.TrimSpace(l) != "" {
					sec.Lines = append(sec.Lines, strings.TrimRight(l, " "))
				}
			}
		}
		out.Sections = append(out.Sections, sec)
	}
	return out
}

// table reads lines as a table when they all have the same columns.
func table(lines []string) *site.Table {
	if len(lines) < 2 {
		return nil
	}
	var rows [][]string
	for _, l := range lines {
		cells := columnsRe.Split(strings.TrimSpace(l), -1)
		if len(cells) < 3 || len(rows) > 0 && len(cells) != len(rows[0]) {
			return nil
		}
		rows = append(rows, cells)
	}
	t := &site.Table{Head: rows[0]}
	for _, r := range rows[1:] {
		t.Rows = append(t.Rows, site.Row{Cells: r})
	}
	return t
}
