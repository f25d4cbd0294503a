package schema

import (
	"encoding/json"
	"fmt"
	"github.com/zmission/zmission/internal/typo"
	"sort"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

var printer = message.NewPrinter(language.English)

func pointer(loc []string) string {
	var b strings.Builder
	for _, t := range loc {
		b.WriteByte('/')
		t = strings.ReplaceAll(t, "~", "~0")
		b.WriteString(strings.ReplaceAll(t, "/", "~1"))
	}
	return b.String()
}

// flatten walks the validator's error tree down to the leaves that say what
// is wrong. Of the branches of a failed oneOf/anyOf it keeps the one that got
// furthest into the value, because the others mostly say "wrong type".
func flatten(e *jsonschema.ValidationError, c *compiled, out *[]Violation) {
	switch k := e.ErrorKind.(type) {
	case *kind.OneOf, *kind.AnyOf:
		if len(e.Causes) == 0 {
			if o, ok := k.(*kind.OneOf); ok && len(o.Subschemas) > 1 {
				*out = append(*out, Violation{Path: pointer(e.InstanceLocation), Kind: "value", Message: "matches more than one allowed form"})
			}
			return
		}
		if msg, ok := alternatives(e); ok {
			*out = append(*out, Violation{Path: pointer(e.InstanceLocation), Kind: "value", Message: msg})
			return
		}
		flatten(best(e.Causes), c, out)
		return
	}
	if len(e.Causes) > 0 {
		for _, x := range e.Causes {
			flatten(x, c, out)
		}
		return
	}
	leaf(e, c, out)
}

// alternatives merges a oneOf whose every branch failed on type, const or
// enum at the same place into one message listing what is allowed.
func alternatives(e *jsonschema.ValidationError) (string, bool) {
	var want []string
	got := ""
	for _, c := range e.Causes {
		if len(c.Causes) == 1 && len(c.InstanceLocation) == len(e.InstanceLocation) {
			c = c.Causes[0]
		}
		if len(c.InstanceLocation) != len(e.InstanceLocation) {
			return "", false
		}
		switch k := c.ErrorKind.(type) {
		case *kind.Type:
			want = append(want, k.Want...)
			got = k.Got
		case *kind.Const:
			want = append(want, show(k.Want))
			got = show(k.Got)
		case *kind.Enum:
			for _, w := range k.Want {
				want = append(want, show(w))
			}
			got = show(k.Got)
		default:
			return "", false
		}
	}
	return fmt.Sprintf("got %s, want %s", got, orList(want)), true
}

// best picks the branch whose errors reach deepest into the instance.
func best(cs []*jsonschema.ValidationError) *jsonschema.ValidationError {
	bi, bd := 0, -1
	for i, c := range cs {
		if d := depth(c); d > bd {
			bi, bd = i, d
		}
	}
	return cs[bi]
}

func depth(e *jsonschema.ValidationError) int {
	d := len(e.InstanceLocation)
	if _, ok := e.ErrorKind.(*kind.Type); ok {
		d-- // a plain type mismatch is the least informative branch
	}
	for _, c := range e.Causes {
		if cd := depth(c); cd > d {
			d = cd
		}
	}
	return d
}

func leaf(e *jsonschema.ValidationError, c *compiled, out *[]Violation) {
	at := pointer(e.InstanceLocation)
	add := func(v Violation) { *out = append(*out, v) }
	switch k := e.ErrorKind.(type) {
	case *kind.Required:
		for _, m := range k.Missing {
			add(Violation{Path: at, Key: m, Kind: "missing", Message: fmt.Sprintf("missing required key %q", m)})
		}
	case *kind.DependentRequired:
		for _, m := range k.Missing {
			add(Violation{Path: at, Key: m, Kind: "missing", Message: fmt.Sprintf("%q needs %q beside it", k.Prop, m)})
		}
	case *kind.AdditionalProperties:
		for _, p := range k.Properties {
			msg := fmt.Sprintf("unknown key %q", p)
			if s := suggest(p, c.siblings(e.SchemaURL)); s != "" {
				msg += fmt.Sprintf("; did you mean %q?", s)
			}
			add(Violation{Path: at + "/" + escape(p), Key: p, Kind: "unknown", Message: msg})
		}
	case *kind.FalseSchema:
		name := ""
		if n := len(e.InstanceLocation); n > 0 {
			name = e.InstanceLocation[n-1]
		}
		add(Violation{Path: at, Key: name, Kind: "unknown", Message: fmt.Sprintf("key %q does not apply here", name)})
	case *kind.Type:
		add(Violation{Path: at, Kind: "value", Message: fmt.Sprintf("got %s, want %s", k.Got, orList(k.Want))})
	case *kind.Enum:
		var want []string
		for _, w := range k.Want {
			want = append(want, show(w))
		}
		msg := fmt.Sprintf("%s is not one of %s", show(k.Got), strings.Join(want, ", "))
		if s, ok := k.Got.(string); ok {
			if g := suggest(s, unquote(want)); g != "" {
				msg += fmt.Sprintf("; did you mean %q?", g)
			}
		}
		add(Violation{Path: at, Kind: "value", Message: msg})
	case *kind.Const:
		add(Violation{Path: at, Kind: "value", Message: fmt.Sprintf("got %s, want %s", show(k.Got), show(k.Want))})
	case *kind.Pattern:
		add(Violation{Path: at, Kind: "value", Message: patternMessage(e.InstanceLocation, k)})
	default:
		add(Violation{Path: at, Kind: "value", Message: e.ErrorKind.LocalizedString(printer)})
	}
}

// patternMessage words pattern failures by what the value is for.
func patternMessage(loc []string, k *kind.Pattern) string {
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
		return fmt.Sprintf("%s is not %s", show(k.Got), f)
	}
	return fmt.Sprintf("%s does not match %s", show(k.Got), k.Want)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	return string(b)
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
		if _, g, ok := strings.Cut(v.Message, "did you mean "); ok {
			meant[[2]string{strings.TrimSuffix(obj, "/"), strings.Trim(g, `"?`)}] = true
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
