package lint

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/validate"
)

// structure checks what the schema cannot say well: one condition per
// objective, one placement per token, unique token ids.
func structure(doc *missions.Doc, m *missions.Mission) []validate.Diagnostic {
	var out []validate.Diagnostic
	at := func(ptr string, key bool, rule, msg, hint string) {
		p := doc.Pos(ptr)
		if key {
			p = doc.KeyPos(ptr)
		}
		out = append(out, validate.Diagnostic{File: doc.File, Line: max(p.Line, 1), Col: max(p.Col, 1), Severity: validate.Error, Rule: rule, Message: msg, Hint: hint})
	}
	for i, o := range m.Objectives {
		ptr := "/objectives/" + strconv.Itoa(i)
		conds := objectiveConditions(o)
		switch {
		case len(conds) > 1:
			at(ptr, false, "objective-shape", fmt.Sprintf("objective %d has %d conditions (%s); write one objective per condition", i+1, len(conds), strings.Join(conds, ", ")), "each objective is one of take, exit, reach, activate, survive, kill, or text alone")
		case len(conds) == 0 && o.Text == "":
			at(ptr, false, "objective-shape", fmt.Sprintf("objective %d has no condition", i+1), "each objective is one of take, exit, reach, activate, survive, kill, or text alone")
		case o.Count > 0 && o.Take == "" && o.Kill == "":
			at(ptr+"/count", true, "objective-shape", fmt.Sprintf("objective %d: count goes with take or kill", i+1), "")
		}
	}
	ids := map[string]int{}
	for i, t := range m.Tokens {
		ptr := "/tokens/" + strconv.Itoa(i)
		switch {
		case t.At != nil && t.In != "":
			at(ptr+"/in", true, "token-place", fmt.Sprintf("%s token %d is placed twice, by at and by in; keep one", t.Type, i+1), "")
		case t.At == nil && t.In == "":
			at(ptr, false, "token-place", fmt.Sprintf("%s token %d has no place", t.Type, i+1), "place it by board cell (at: [x, y]) or by tile face and zone label (in: 1A/c)")
		}
		if t.ID == "" {
			continue
		}
		if j, dup := ids[t.ID]; dup {
			p := doc.Pos(fmt.Sprintf("/tokens/%d/id", j))
			d := validate.Diagnostic{Severity: validate.Error, Rule: "duplicate-id", Message: fmt.Sprintf("token id %q is already used by token %d", t.ID, j+1),
				Related: []validate.Related{{File: doc.File, Line: p.Line, Col: p.Col, Message: "first used here"}}}
			q := doc.Pos(ptr + "/id")
			d.File, d.Line, d.Col = doc.File, max(q.Line, 1), max(q.Col, 1)
			out = append(out, d)
			continue
		}
		ids[t.ID] = i
	}
	return out
}

func objectiveConditions(o missions.Objective) []string {
	var c []string
	if o.Take != "" {
		c = append(c, "take")
	}
	if o.Exit != "" {
		c = append(c, "exit")
	}
	if o.Reach != "" {
		c = append(c, "reach")
	}
	if o.Activate != "" {
		c = append(c, "activate")
	}
	if o.Survive != 0 {
		c = append(c, "survive")
	}
	if o.Kill != "" {
		c = append(c, "kill")
	}
	return c
}
