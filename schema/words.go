package schema

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/zmission/zmission/internal/typo"
	"github.com/zmission/zmission/source"
)

func pointer(loc []string) string {
	var b strings.Builder
	for _, t := range loc {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// flatten walks the error tree down to the leaves that say what is wrong.
// Of the branches of a failed oneOf/anyOf it keeps the one that got
// furthest into the value, because the others mostly say "wrong type".
func flatten(e *verr, all []string, out *[]Violation) {
	switch e.kind {
	case kOneOf, kAnyOf:
		if len(e.causes) == 0 {
			if e.kind == kOneOf {
				*out = append(*out, Violation{Path: pointer(e.loc), Kind: "value",
					Message: fmt.Sprintf("matches more than one allowed form (forms %d and %d)", e.n+1, e.limit+1)})
			}
			return
		}
		if msg, ok := alternatives(e); ok {
			*out = append(*out, Violation{Path: pointer(e.loc), Kind: "value", Message: msg})
			return
		}
		flatten(best(e.causes), all, out)
		return
	case kPropertyNames:
		*out = append(*out, keyName(e))
		return
	}
	if len(e.causes) > 0 {
		for _, x := range e.causes {
			flatten(x, all, out)
		}
		return
	}
	leaf(e, all, out)
}

// alternatives merges a oneOf whose every branch failed on type, const or
// enum at the same place into one message saying what is allowed.
func alternatives(e *verr) (string, bool) {
	var want, types []string
	var got *source.Node
	for _, c := range e.causes {
		if len(c.causes) == 1 && len(c.loc) == len(e.loc) {
			c = c.causes[0]
		}
		if len(c.loc) != len(e.loc) {
			return "", false
		}
		switch c.kind {
		case kType:
			types = append(types, c.types...)
			got = c.got
		case kConst, kEnum:
			for _, w := range c.want {
				want = append(want, show(w))
			}
			got = c.got
		default:
			return "", false
		}
	}
	if got == nil {
		return "", false
	}
	// The field's own words say what it takes (players: a number or a
	// range); else the values and types allowed.
	if s, ok := fieldIs[field(e.loc)]; ok {
		return fmt.Sprintf("is %s, not %s", s, plainValue(got)), true
	}
	if len(types) > 0 {
		want = append(want, what(e.loc, types))
	}
	return fmt.Sprintf("is %s, not %s", orList(want), plainValue(got)), true
}

// best picks the branch whose errors reach deepest into the instance.
func best(cs []*verr) *verr {
	bi, bd := 0, -1
	for i, c := range cs {
		if d := depth(c); d > bd {
			bi, bd = i, d
		}
	}
	return cs[bi]
}

func depth(e *verr) int {
	d := len(e.loc)
	if e.kind == kType {
		d-- // a plain type mismatch is the least informative branch
	}
	for _, c := range e.causes {
		if cd := depth(c); cd > d {
			d = cd
		}
	}
	return d
}

func leaf(e *verr, all []string, out *[]Violation) {
	at := pointer(e.loc)
	add := func(v Violation) { *out = append(*out, v) }
	value := func(format string, args ...any) {
		add(Violation{Path: at, Kind: "value", Message: fmt.Sprintf(format, args...)})
	}
	switch e.kind {
	case kRequired:
		for _, m := range e.names {
			add(Violation{Path: at, Key: m, Kind: "missing", Message: fmt.Sprintf("missing required key %q", m)})
		}
	case kDependentRequired:
		for _, m := range e.names {
			add(Violation{Path: at, Key: m, Kind: "missing", Message: fmt.Sprintf("%q needs %q beside it", e.prop, m)})
		}
	case kAdditional:
		cands := e.siblings
		if len(cands) == 0 {
			cands = all
		}
		for _, p := range e.names {
			msg := fmt.Sprintf("unknown key %q", p)
			s := suggest(p, cands)
			if s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			add(Violation{Path: at + "/" + escape(p), Key: p, Kind: "unknown", Message: msg, Meant: s})
		}
	case kFalse:
		name := ""
		if n := len(e.loc); n > 0 {
			name = e.loc[n-1]
		}
		add(Violation{Path: at, Key: name, Kind: "unknown", Message: fmt.Sprintf("key %q does not apply here", name)})
	case kType:
		value("is %s, not %s", what(e.loc, e.types), plainValue(e.got))
	case kEnum:
		var want []string
		for _, w := range e.want {
			want = append(want, show(w))
		}
		msg := fmt.Sprintf("%s is not one of %s", shown(e.got), strings.Join(want, ", "))
		if e.got.Kind == source.String {
			if g := suggest(e.got.Text, unquote(want)); g != "" {
				msg += fmt.Sprintf("; did you mean %q?", g)
			}
		}
		value("%s", msg)
	case kConst:
		value("%s", constant(e.loc, e.got, e.want[0]))
	case kPattern:
		value("%s", patternMessage(e.loc, shown(e.got), e.pattern))
	case kMinLength:
		if e.n == 0 {
			value("is empty; it needs at least %s", count(e.limit, "character"))
		} else {
			value("is %s long; it needs at least %d", count(e.n, "character"), e.limit)
		}
	case kMaxLength:
		value("is %s long; at most %d are allowed", count(e.n, "character"), e.limit)
	case kMinItems:
		if e.n == 0 {
			value("is empty; it needs at least %s", count(e.limit, "item"))
		} else {
			value("has %s; it needs at least %d", count(e.n, "item"), e.limit)
		}
	case kMaxItems:
		value("has %s; at most %d are allowed", count(e.n, "item"), e.limit)
	case kMinProps:
		if e.n == 0 {
			value("is empty; it needs at least %s", count(e.limit, "key"))
		} else {
			value("has %s; it needs at least %d", count(e.n, "key"), e.limit)
		}
	case kMaxProps:
		value("has %s; at most %d are allowed", count(e.n, "key"), e.limit)
	case kUnique:
		value("items %d and %d are the same; each may be listed once", e.n, e.limit)
	case kMinimum:
		value("%s", bounded(e.loc, e.got.Text, e.bound, true, false))
	case kMaximum:
		value("%s", bounded(e.loc, e.got.Text, e.bound, false, false))
	case kExMinimum:
		value("%s", bounded(e.loc, e.got.Text, e.bound, true, true))
	case kExMaximum:
		value("%s", bounded(e.loc, e.got.Text, e.bound, false, true))
	case kNot:
		value("this value is not allowed here")
	default:
		value("does not match the schema")
	}
}

// keyName words a key that breaks the object's rule for key names, at the
// key itself.
func keyName(e *verr) Violation {
	at := pointer(e.loc) + "/" + escape(e.prop)
	msg := fmt.Sprintf("key %s is not allowed here", show(e.prop))
	for _, c := range e.causes {
		if c.kind == kPattern {
			if f, ok := keyForms[c.pattern]; ok {
				msg = fmt.Sprintf("key %s is not %s", show(e.prop), f)
			} else if f, ok := patternForms[c.pattern]; ok {
				msg = fmt.Sprintf("key %s is not %s", show(e.prop), f)
			} else {
				msg = fmt.Sprintf("key %s does not match %s", show(e.prop), c.pattern)
			}
			break
		}
	}
	return Violation{Path: at, Key: e.prop, Kind: "key", Message: msg}
}

// keyForms words the key-name patterns of our schemas.
var keyForms = map[string]string{
	"^[a-z0-9][a-z0-9-]{0,39}$": "an id: lower-case letters, digits and dashes, starting with a letter or digit, at most 40 (e.g. police-station)",
}

func count(n int, what string) string {
	if n == 1 {
		return "1 " + what
	}
	return strconv.Itoa(n) + " " + what + "s"
}

// PatternWords words a text that does not have the form the schema asks
// at ptr ("players" wants a number or a range like 1-6), for a reader
// other than Validate (the editor's forms); got is the value as shown.
func PatternWords(ptr, got, pattern string) string {
	var loc []string
	if ptr != "" {
		loc = strings.Split(ptr[1:], "/")
	}
	if m := patternMessage(loc, got, pattern); !strings.HasSuffix(m, pattern) {
		return m
	}
	return got + " is not of the form this value takes"
}

// patternMessage words pattern failures by what the value is for.
func patternMessage(loc []string, got, pattern string) string {
	last := ""
	if len(loc) > 0 {
		last = loc[len(loc)-1]
	}
	if last == "id" && len(loc) > 1 {
		last = "token-id"
	}
	if len(loc) >= 2 && loc[len(loc)-2] == "boxes" {
		last = "boxes"
	}
	if len(loc) >= 2 && loc[len(loc)-2] == "xeno_deck" {
		last = "xeno_deck"
	}
	forms := map[string]string{
		"id":        "lower-case letters, digits and dashes, starting with a letter or digit (e.g. first-contact)",
		"token-id":  "a token id: a letter, then letters, digits, - and _ (e.g. gun-1)",
		"face":      "a tile face id without '/', ',' or spaces (e.g. 1A)",
		"in":        "a tile face and a zone label, like 1A/c",
		"players":   "a number or a range like 1-6",
		"boxes":     "a box name: lower-case letters, digits and dashes (e.g. invader-core)",
		"xeno_deck": "a card number or range like 1-25",
	}
	if f, ok := forms[last]; ok {
		return fmt.Sprintf("%s is not %s", got, f)
	}
	if f, ok := patternForms[pattern]; ok {
		return fmt.Sprintf("%s is not %s", got, f)
	}
	return fmt.Sprintf("%s does not match %s", got, pattern)
}

// showNode writes a document value as JSON.
func showNode(n *source.Node) string { return show(source.ToValue(n)) }

// show writes a value as JSON as a person reads it: <, > and & as
// themselves (json.Marshal writes \u003c for a page's sake, and a
// message is text, never markup).
func show(v any) string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return fmt.Sprint(v)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func unquote(ss []string) []string {
	out := make([]string, 0, len(ss))
	for _, s := range ss {
		out = append(out, strings.Trim(s, `"`))
	}
	return out
}

func orList(ss []string) string {
	ss = append([]string(nil), ss...)
	sort.Strings(ss)
	switch len(ss) {
	case 0:
		return "nothing"
	case 1:
		return ss[0]
	}
	return strings.Join(ss[:len(ss)-1], ", ") + " or " + ss[len(ss)-1]
}

func escape(t string) string {
	return strings.ReplaceAll(strings.ReplaceAll(t, "~", "~0"), "/", "~1")
}

func dedupe(vs []Violation) []Violation {
	seen := map[Violation]bool{}
	out := vs[:0]
	for _, v := range vs {
		if !seen[v] {
			seen[v] = true
			out = append(out, v)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// suggest returns the closest candidate, or "". Beyond typo.Guess, a word
// of four letters or more may be two edits from the one meant ("tokn" for
// "tokens") when that candidate is the only one so close.
func suggest(s string, cands []string) string {
	if g := typo.Guess(s, cands); g != "" {
		return g
	}
	if len([]rune(s)) < 4 {
		return ""
	}
	best, n := "", 0
	for _, c := range cands {
		if typo.Distance(strings.ToLower(s), strings.ToLower(c)) <= 2 {
			best, n = c, n+1
		}
	}
	if n == 1 {
		return best
	}
	return ""
}

// misspelt drops a "missing required key" report when an unknown key at the
// same object is close to it: "typ: noise" is one slip, reported once as
// 'unknown key "typ"; did you mean "type"?'.
func misspelt(vs []Violation) []Violation {
	meant := map[[2]string]bool{} // (object path, key meant)
	for _, v := range vs {
		if v.Kind != "unknown" {
			continue
		}
		obj := v.Path[:strings.LastIndexByte(v.Path, '/')+1]
		if v.Meant != "" {
			meant[[2]string{strings.TrimSuffix(obj, "/"), v.Meant}] = true
		}
	}
	out := vs[:0]
	for _, v := range vs {
		if v.Kind == "missing" && meant[[2]string{v.Path, v.Key}] {
			continue
		}
		out = append(out, v)
	}
	return out
}
