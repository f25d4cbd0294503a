package lsp

import (
	"bytes"
	"fmt"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/rules/facility"
	"github.com/zmission/zmission/validate"
)

// Hover says what stands where the cursor is and what the rules make of
// it, from the same analysis as the diagnostics: a token's zone, what it
// sees and in which step of the play order it is reached; a tile's face
// and zones; a facility slot's room and corridors, a corridor's noise and
// door; and on a rule id (in a zmission:ignore comment or the
// configuration) that rule's documentation.

func (s *Server) hover(p positionParams) (any, *rpcError) {
	d, err := s.doc(p.TextDocument.URI)
	if err != nil {
		return nil, err
	}
	res, data := s.result(d)
	s.mu.Lock()
	enc := s.enc
	s.mu.Unlock()
	sp := newSpanner(data, res)
	off, ok := sp.text.offset(p.Position, enc)
	if !ok {
		return nil, errorf(codeInvalidParams, "a position that lies nowhere")
	}
	if id, a, b := ruleWord(data, off, isConfigName(d.path)); id != "" {
		var buf bytes.Buffer
		validate.WriteCheckDoc(&buf, validate.Lookup(id), nil, missions.CanonicalExample)
		r := sp.text.rangeOf(a, b, enc)
		return Hover{Contents: MarkupContent{Kind: "markdown", Value: buf.String()}, Range: &r}, nil
	}
	pl, ok := sp.at(off)
	if !ok || len(pl.path) == 0 {
		return nil, nil
	}
	var keyText string
	if pl.key {
		keyText = keyHover(d.path, data, schemaPath(sp.root, pl.path))
	}
	text := ""
	if len(pl.path) >= 2 {
		text = describe(res, pl)
	}
	if text == "" {
		if keyText == "" {
			return nil, nil
		}
		st, en := sp.lines.Span(sp.root, pl.pointer(), true)
		r := sp.text.rangeOf(sp.lines.Offset(st), sp.lines.Offset(en), enc)
		return Hover{Contents: MarkupContent{Kind: "markdown", Value: keyText}, Range: &r}, nil
	}
	if keyText != "" {
		text += "\n\n---\n\n" + keyText
	}
	// What the checks found there.
	prefix := "/" + escape(pl.path[0]) + "/" + pl.path[1]
	for _, dg := range res.Diags {
		if dg.Pointer == prefix || strings.HasPrefix(dg.Pointer, prefix+"/") {
			text += fmt.Sprintf("\n\n**%s** %s [`%s`](%s)", dg.Severity, dg.Message, dg.Rule, validate.DocURL(dg.Rule))
		}
	}
	st, en := sp.lines.Span(sp.root, prefix, false)
	r := sp.text.rangeOf(sp.lines.Offset(st), sp.lines.Offset(en), enc)
	return Hover{Contents: MarkupContent{Kind: "markdown", Value: text}, Range: &r}, nil
}

// ruleWord is the registered rule id at off, when off is in a comment (a
// zmission:ignore directive) or the line is a configuration's rule key.
func ruleWord(data []byte, off int, config bool) (string, int, int) {
	isWord := func(c byte) bool { return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' }
	a, b := off, off
	for a > 0 && isWord(data[a-1]) {
		a--
	}
	for b < len(data) && isWord(data[b]) {
		b++
	}
	id := string(data[a:b])
	if id == "" || validate.Lookup(id) == nil {
		return "", 0, 0
	}
	ls := bytes.LastIndexByte(data[:a], '\n') + 1
	line := data[ls:a]
	inComment := bytes.Contains(line, []byte("#"))
	if !inComment && !config {
		return "", 0, 0
	}
	return id, a, b
}

// describe words what the place's list item (a token, a tile, a slot, a
// corridor) is on the board.
func describe(res *lint.Result, pl place) string {
	i, err := strconv.Atoi(pl.path[1])
	if err != nil {
		return ""
	}
	switch {
	case res.Scene != nil:
		return describeGrid(res.Scene, pl.path[0], i)
	case res.Model != nil:
		if f, ok := res.Model.(*facility.Facility); ok {
			return describeFacility(f, pl.path[0], i)
		}
	}
	return ""
}

func describeGrid(sc *rules.Scene, list string, i int) string {
	var b strings.Builder
	switch list {
	case "tokens":
		var t *rules.Token
		for _, x := range sc.Tokens {
			if x.Index == i {
				t = x
			}
		}
		if t == nil || t.Zone == nil {
			return ""
		}
		fmt.Fprintf(&b, "**%s** — cell %d,%d, zone `%s` (%s", rules.TokenName(t), t.Cell.X, t.Cell.Y, t.Zone.ID, t.Zone.Kind)
		if len(t.Zone.Features) > 0 {
			fmt.Fprintf(&b, ": %s", strings.Join(t.Zone.Features, ", "))
		}
		b.WriteString(")")
		if g, ok := rules.Lookup(sc.Mission.Ruleset).(rules.BoardGame); ok {
			seen := g.LOS(sc, t.Zone.Index, rules.SightOptions{})
			var ids []string
			for _, v := range seen {
				if v.Zone != t.Zone.Index {
					ids = append(ids, fmt.Sprintf("`%s` (%d)", sc.Board.Zones[v.Zone].ID, v.Range))
				}
			}
			if len(ids) == 0 {
				b.WriteString("\n\nSees no other zone.")
			} else {
				fmt.Fprintf(&b, "\n\nSees %d zone%s (range): %s.", len(ids), plural(len(ids)), strings.Join(ids, ", "))
			}
		}
		if an, ok := rules.Lookup(sc.Mission.Ruleset).(rules.Analyzer); ok {
			a := an.Analyze(sc)
			step := -1
			for _, sph := range a.Spheres {
				if slices.Contains(sph.Zones, t.Zone.ID) {
					step = sph.Index
				}
			}
			switch {
			case a.Start == "":
				b.WriteString("\n\nNo start token: no play order.")
			case step == 0:
				b.WriteString("\n\nReached in step 1 of the play order: from the start.")
			case step > 0:
				var keys []string
				for _, g := range a.Spheres[step].Opened {
					keys = append(keys, g.Key)
				}
				fmt.Fprintf(&b, "\n\nReached in step %d of the play order, once %s.", step+1, strings.Join(keys, " and "))
			default:
				b.WriteString("\n\nNever reached: no step of the play order leads there.")
			}
		}
	case "tiles":
		at := -1
		for k := range sc.Board.Tiles {
			if sc.Board.Tiles[k].Index == i {
				at = k
			}
		}
		if at < 0 {
			return ""
		}
		pt, n := sc.Board.Tiles[at], sc.Board.N
		fmt.Fprintf(&b, "**tile %s**", pt.Face)
		face := sc.Board.Set.Face(pt.Face)
		if face != nil && face.Title != "" {
			fmt.Fprintf(&b, " — %s", face.Title)
		}
		fmt.Fprintf(&b, "\n\nTile %d,%d, rotated %d°: cells %d,%d to %d,%d.", pt.Col, pt.Row, pt.Rot, pt.Col*n, pt.Row*n, pt.Col*n+n-1, pt.Row*n+n-1)
		if face != nil && face.Other != "" {
			fmt.Fprintf(&b, " Its other side is %s.", face.Other)
		}
		var zs []string
		for _, z := range sc.Board.Zones {
			if z.Tile == at {
				zs = append(zs, fmt.Sprintf("`%s` (%s)", z.ID, z.Kind))
			}
		}
		if len(zs) > 0 {
			fmt.Fprintf(&b, "\n\nZones that begin on it: %s.", strings.Join(zs, ", "))
		}
	}
	return b.String()
}

func describeFacility(f *facility.Facility, list string, i int) string {
	var b strings.Builder
	switch list {
	case "slots":
		for _, sl := range f.Slots {
			if sl.Index != i {
				continue
			}
			fmt.Fprintf(&b, "**slot %d** — at %d,%d, section %s", sl.ID, sl.X, sl.Y, sl.Section)
			switch {
			case sl.Room != nil:
				fmt.Fprintf(&b, "\n\nRoom: %s (`%s`, stack %s)", sl.Room.Name, sl.Room.ID, sl.Room.Type)
				if sl.Room.Escape != "" {
					fmt.Fprintf(&b, "; an escape by %s", sl.Room.Escape)
				}
				b.WriteString(".")
			case sl.Covered:
				b.WriteString("\n\nThe Undiscovered Hibernatorium tile lies on it.")
			default:
				b.WriteString("\n\nEmpty: a room is drawn when it is explored.")
			}
			var cs []string
			for _, c := range sl.Corridors {
				other := c.B
				if other == sl.ID {
					other = c.A
				}
				cs = append(cs, fmt.Sprintf("%d (to slot %d)", c.ID, other))
			}
			if len(cs) > 0 {
				fmt.Fprintf(&b, "\n\nCorridors: %s.", strings.Join(cs, ", "))
			}
		}
	case "corridors":
		for _, c := range f.Corridors {
			if c.Index != i {
				continue
			}
			fmt.Fprintf(&b, "**corridor %d** — between slots %d and %d", c.ID, c.A, c.B)
			switch {
			case c.Technical:
				b.WriteString("\n\nA technical corridor.")
			case c.Noise == 0:
				b.WriteString("\n\nReinforced: no noise roll opens it.")
			default:
				fmt.Fprintf(&b, "\n\nNoise %d.", c.Noise)
			}
			if c.Door != "" && c.Door != "none" {
				fmt.Fprintf(&b, " Door: %s", c.Door)
				if c.DoorAt != 0 {
					fmt.Fprintf(&b, ", on the side of slot %d", c.DoorAt)
				}
				b.WriteString(".")
			}
		}
	}
	return b.String()
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// nameOf is a file's name for messages.
func nameOf(path string) string { return filepath.Base(path) }
