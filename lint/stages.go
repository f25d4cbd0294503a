package lint

import (
	"fmt"
	"strings"

	"github.com/zmission/zmission/schema"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// Findings come in stages: the schema, the document's structure, then the
// board (or a game's model) and the game's checks. An author should see
// every independent finding in one run, so a schema error in a part no
// later stage reads (a title too long, an unknown key, a bad difficulty)
// leaves the later stages to run on the document without that part. When a
// stage must be skipped, one info finding says which checks did not run
// and why (see skipped).

// freeKeys are the top-level keys no board, model or check reads: what a
// page or a listing prints. TestFreeKeysUnread holds every game to it.
var freeKeys = map[string]bool{
	"$schema": true, "id": true, "title": true, "author": true,
	"briefing": true, "notes": true, "difficulty": true, "duration": true,
}

// free reports whether the value at ptr lies under a free top-level key.
func free(ptr string) bool {
	top, _, _ := strings.Cut(strings.TrimPrefix(ptr, "/"), "/")
	return ptr != "" && freeKeys[unescape(top)]
}

func unescape(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
}

func escapeToken(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

// needed tells whether a later stage reads the part a violation is about,
// and names that part. An unknown key is read by nothing (the readers
// ignore what the schema does not know) unless it is a slip for a key that
// is read ("tyep" for a token's "type"): then the value meant is missing.
func needed(v schema.Violation) (string, bool) {
	switch v.Kind {
	case "unknown":
		if v.Meant == "" {
			return "", false
		}
		p := v.Path[:strings.LastIndexByte(v.Path, '/')+1] + escapeToken(v.Meant)
		return p, !free(p)
	case "missing":
		p := v.Path + "/" + escapeToken(v.Key)
		return p, !free(p)
	default:
		return v.Path, !free(v.Path)
	}
}

// stop says why a stage did not run, and where.
type stop struct {
	why string
	at  source.Pos
}

// blocker is the violation that stops the later stages and the part of the
// document they need from it.
type blocker struct {
	v    schema.Violation
	part string
}

// passable returns the tree the later stages read despite the schema's
// violations: root without the parts they are about, or nil (with the
// violation that stops them) when a later stage needs one of those parts.
// The tree is a copy along the paths it drops; root is never changed (the
// editor and fmt keep working on it).
func passable(name string, root *source.Node, vs []schema.Violation) (*source.Node, blocker) {
	var drop []string
	for _, v := range vs {
		if part, need := needed(v); need {
			return nil, blocker{v, part}
		}
		if v.Kind != "missing" {
			drop = append(drop, v.Path)
		}
	}
	out := root
	for _, p := range drop {
		out = without(out, p)
	}
	// What is left must pass but for free keys now missing: the later
	// stages rely on the schema's bounds for everything they read.
	left, err := schema.Validate(name, out)
	if err != nil {
		return nil, blocker{}
	}
	for _, v := range left {
		if _, need := needed(v); need || v.Kind != "missing" {
			return nil, blocker{v, v.Path}
		}
	}
	return out, blocker{}
}

// without returns n minus the member or item at ptr, copying only the
// nodes on the way to it.
func without(n *source.Node, ptr string) *source.Node {
	if ptr == "" || n == nil {
		return n
	}
	head, rest, deeper := strings.Cut(ptr[1:], "/")
	head = unescape(head)
	switch n.Kind {
	case source.Object:
		for i, k := range n.Keys {
			if k != head {
				continue
			}
			c := *n
			if !deeper {
				c.Keys = append(append([]string{}, n.Keys[:i]...), n.Keys[i+1:]...)
				c.Fields = append(append([]*source.Node{}, n.Fields[:i]...), n.Fields[i+1:]...)
				return &c
			}
			c.Fields = append([]*source.Node{}, n.Fields...)
			c.Fields[i] = without(n.Fields[i], "/"+rest)
			return &c
		}
	case source.Array:
		var i int
		if _, err := fmt.Sscan(head, &i); err != nil || i < 0 || i >= len(n.Items) || !deeper {
			// An item is never dropped: the items after it would move.
			return n
		}
		c := *n
		c.Items = append([]*source.Node{}, n.Items...)
		c.Items[i] = without(n.Items[i], "/"+rest)
		return &c
	}
	return n
}

// skipped adds the one info finding that says which checks did not run
// and why, at the part that stopped them.
func (r *Result) skipped(what string, s stop) {
	at, why := s.at, s.why
	r.Diags = append(r.Diags, validate.Diagnostic{File: r.File, Line: max(at.Line, 1), Col: max(at.Col, 1), Severity: validate.Info, Rule: "checks-skipped",
		Message: what + " did not run: " + why,
		Hint:    "every finding that does not depend on it is shown; fix it and validate again for the rest"})
}

// partWhy words why a part stopped a stage.
func partWhy(part string) string {
	if part == "" {
		return "the schema errors above come first"
	}
	return "they need " + describe(part) + ", which does not follow the schema"
}
