package missions

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Describe words a victory condition as a sentence for the printed map:
// "Take the violet Objective", "Take 2 red Objectives", "Reach the Exit
// with all Survivors", "Survive 8 Game Rounds". It does not know how many
// tokens the map holds; DescribeFor does. The order prefix ("1.") is the
// caller's; a condition given only as text is that text.
func (o Objective) Describe() string { return o.DescribeFor(-1) }

// DescribeFor words the condition knowing onMap, the number of Objective
// tokens of its colour on the map (-1: unknown). It only changes how
// "take COLOUR" without a count reads: one token is "the" Objective, two
// are "both", more are "all N".
func (o Objective) DescribeFor(onMap int) string {
	switch {
	case o.Take != "":
		return describeTake(o.Take, o.Count, onMap)
	case o.Exit != "":
		return "Reach the Exit with " + survivorsAmount(o.Exit)
	case o.Reach != "":
		return "Reach " + o.Reach
	case o.Activate != "":
		return "Activate " + o.Activate
	case o.Survive > 0:
		return fmt.Sprintf("Survive %d Game Round%s", o.Survive, plural(o.Survive))
	case o.Kill != "":
		if o.Count > 0 {
			return fmt.Sprintf("Kill %d %s", o.Count, pluralWord(o.Kill, o.Count))
		}
		return "Kill every " + o.Kill
	}
	return strings.TrimSpace(o.Text)
}

func describeTake(color string, count, onMap int) string {
	if color == "all" {
		if count > 0 {
			return fmt.Sprintf("Take %d Objective%s", count, plural(count))
		}
		return "Take all Objectives"
	}
	switch {
	case count > 0:
		return fmt.Sprintf("Take %d %s Objective%s", count, color, plural(count))
	case onMap == 2:
		return "Take both " + color + " Objectives"
	case onMap > 2:
		return fmt.Sprintf("Take all %d %s Objectives", onMap, color)
	}
	// One token, or unknown: a mission names a colour mostly for a
	// single token (the violet one), so "the" reads right.
	return "Take the " + color + " Objective"
}

// survivorsAmount words exit amounts: all, any, or a number.
func survivorsAmount(a Amount) string {
	switch a {
	case "all":
		return "all Survivors"
	case "any":
		return "at least one Survivor"
	}
	if n, ok := a.Int(); ok {
		return fmt.Sprintf("%d Survivor%s", n, plural(n))
	}
	return string(a) + " Survivors"
}

// Describe words a special rule: "When the violet Objective is taken:
// violet doors open; violet Spawn Zones activate." A rule given only as
// text is that text.
func (r Rule) Describe() string {
	if r.When == nil && len(r.Then) == 0 {
		return sentence(r.Text)
	}
	var eff []string
	for _, e := range r.Then {
		if s := e.Describe(); s != "" {
			eff = append(eff, s)
		}
	}
	effects := strings.Join(eff, "; ")
	if effects == "" {
		effects = "nothing happens"
	}
	if r.When == nil {
		return sentence(upperFirst(effects))
	}
	return sentence(r.When.Describe() + ": " + effects)
}

// Describe words a trigger: "When the violet Objective is taken".
func (t Trigger) Describe() string {
	switch {
	case t.Take != "":
		return "When the " + t.Take + " Objective is taken"
	case t.Reach != "":
		return "When a Survivor reaches " + t.Reach
	case t.Activate != "":
		return "When " + t.Activate + " is activated"
	case t.Round > 0:
		return fmt.Sprintf("At the start of Game Round %d", t.Round)
	}
	return "When"
}

// Describe words an effect as a clause: "violet doors open".
func (e Effect) Describe() string {
	switch {
	case e.Open != "":
		return e.Open + " doors open"
	case e.Activate != "":
		return e.Activate + " Spawn Zones activate"
	case e.Grant != "":
		return "the team gains " + itemName(e.Grant)
	case e.Remove != "":
		return e.Remove + " is removed"
	}
	return strings.TrimRight(strings.TrimSpace(e.Text), ".")
}

// itemName words an item a rule grants.
func itemName(item string) string {
	switch {
	case item == "oxygen-tank":
		return "an Oxygen Tank"
	case item == "door-opener":
		return "a door opener"
	case strings.HasPrefix(item, "remote:"):
		return "the remote of " + strings.TrimPrefix(item, "remote:")
	}
	return item
}

// sentence ends s with a full stop unless it already ends a sentence.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.HasSuffix(s, ".") || strings.HasSuffix(s, "!") || strings.HasSuffix(s, "?") {
		return s
	}
	return s + "."
}

func upperFirst(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if r == utf8.RuneError {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

func plural(n int) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// pluralWord adds an s to a type name for counts above one.
func pluralWord(w string, n int) string {
	if n == 1 || strings.HasSuffix(w, "s") {
		return w
	}
	return w + "s"
}
