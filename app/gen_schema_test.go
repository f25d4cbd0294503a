package app_test

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"regexp"
	"regexp/syntax"
	"slices"
	"strings"
	"sync"

	"github.com/zmission/zmission/schema"
)

// schemaGen makes values from an embedded JSON Schema: the sheet games'
// documents (colony, Survival Infection) and the configuration have no
// geometry, so their odd-but-legal files are the schema's own corners:
// every number at, next to, or between its bounds, lists empty or full,
// optional keys there or not. Where a string names something (a card, a
// Location), vocab offers the names the game knows, so the checks behind
// the schema are reached too, not only "unknown name".
type schemaGen struct {
	r     *rand.Rand
	root  map[string]any
	vocab func(path []string) []string // names for the string at path (its last key), or nil
	depth int
}

var schemaCache sync.Map // name -> map[string]any

func loadSchema(name string) map[string]any {
	if v, ok := schemaCache.Load(name); ok {
		return v.(map[string]any)
	}
	src, ok := schema.Source(name)
	if !ok {
		panic("no schema " + name)
	}
	var m map[string]any
	if err := json.Unmarshal(src, &m); err != nil {
		panic(err)
	}
	schemaCache.Store(name, m)
	return m
}

func (g *schemaGen) resolve(s map[string]any) map[string]any {
	for {
		ref, ok := s["$ref"].(string)
		if !ok {
			return s
		}
		cur := any(g.root)
		for _, p := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
			cur = cur.(map[string]any)[p]
		}
		// Keywords beside $ref (a description) are dropped: they never
		// constrain in these schemas.
		s = cur.(map[string]any)
	}
}

func (g *schemaGen) chance(p float64) bool { return g.r.Float64() < p }

// value makes one value for schema s at path.
func (g *schemaGen) value(s map[string]any, path []string) any {
	s = g.resolve(s)
	if c, ok := s["const"]; ok {
		return fromJSON(c)
	}
	if e, ok := s["enum"].([]any); ok {
		return fromJSON(e[g.r.IntN(len(e))])
	}
	if alts, ok := s["oneOf"].([]any); ok && s["properties"] == nil {
		return g.value(alts[g.r.IntN(len(alts))].(map[string]any), path)
	}
	typ, _ := s["type"].(string)
	if typ == "" && s["properties"] != nil {
		typ = "object"
	}
	switch typ {
	case "object":
		return g.object(s, path)
	case "array":
		return g.array(s, path)
	case "integer":
		return g.integer(s)
	case "string":
		return g.str(s, path)
	case "boolean":
		return g.chance(0.5)
	}
	panic(fmt.Sprintf("schemaGen: no way to make %v at %v", s, path))
}

func fromJSON(v any) any {
	if f, ok := v.(float64); ok {
		return int(f)
	}
	return v
}

func sortedKeys(m map[string]any) []string {
	ks := make([]string, 0, len(m))
	for k := range m {
		ks = append(ks, k)
	}
	slices.Sort(ks)
	return ks
}

func (g *schemaGen) object(s map[string]any, path []string) any {
	props, _ := s["properties"].(map[string]any)
	required := map[string]bool{}
	req, _ := s["required"].([]any)
	for _, k := range req {
		required[k.(string)] = true
	}
	// A oneOf of "required" branches beside the properties (one of zombies
	// or noise): take one branch's keys and leave the others' out.
	forbidden := map[string]bool{}
	if alts, ok := s["oneOf"].([]any); ok {
		pick := g.r.IntN(len(alts))
		for i, a := range alts {
			for _, k := range a.(map[string]any)["required"].([]any) {
				if i == pick {
					required[k.(string)] = true
				} else {
					forbidden[k.(string)] = true
				}
			}
		}
		for k := range required {
			delete(forbidden, k)
		}
	}
	maxP := 1 << 30
	if m, ok := s["maxProperties"].(float64); ok {
		maxP = int(m)
	}
	minP := 0
	if m, ok := s["minProperties"].(float64); ok {
		minP = int(m)
	}
	var out obj
	pOpt := 0.5
	if g.depth > 4 {
		pOpt = 0.2
	}
	g.depth++
	defer func() { g.depth-- }()
	for _, k := range sortedKeys(props) {
		if forbidden[k] || k == "$schema" {
			continue
		}
		if len(out) >= maxP || !required[k] && !g.chance(pOpt) {
			continue
		}
		out.set(k, g.value(props[k].(map[string]any), append(path, k)))
	}
	// Still short of minProperties: add optional keys in order.
	for _, k := range sortedKeys(props) {
		if len(out) >= minP {
			break
		}
		if _, there := out.get(k); there || forbidden[k] || k == "$schema" {
			continue
		}
		out.set(k, g.value(props[k].(map[string]any), append(path, k)))
	}
	if add, ok := s["additionalProperties"].(map[string]any); ok {
		names := g.vocab(append(path, "*key*"))
		pattern := ".+"
		if pn, ok := s["propertyNames"].(map[string]any); ok {
			pattern = pn["pattern"].(string)
		}
		n := g.count(minP, min(maxP, 64))
		seen := map[string]bool{}
		for i := 0; i < n*2 && len(out) < n; i++ {
			var k string
			if len(names) > 0 && g.chance(0.85) {
				k = names[g.r.IntN(len(names))]
			} else {
				k = g.pattern(pattern)
			}
			if seen[k] {
				continue
			}
			seen[k] = true
			out.set(k, g.value(add, append(path, k)))
		}
	}
	return out
}

// count picks a length between lo and hi: mostly short, sometimes either
// end.
func (g *schemaGen) count(lo, hi int) int {
	switch {
	case hi <= lo:
		return lo
	case g.chance(0.1):
		return lo
	case g.chance(0.04):
		return hi
	}
	return lo + g.r.IntN(min(hi-lo, 5)+1)
}

func (g *schemaGen) array(s map[string]any, path []string) any {
	lo, hi := 0, 64
	if m, ok := s["minItems"].(float64); ok {
		lo = int(m)
	}
	if m, ok := s["maxItems"].(float64); ok {
		hi = int(m)
	}
	var out []any
	if pre, ok := s["prefixItems"].([]any); ok {
		for i, p := range pre {
			out = append(out, g.value(p.(map[string]any), append(path, fmt.Sprint(i))))
		}
		return out
	}
	items := s["items"].(map[string]any)
	n := g.count(lo, hi)
	unique := s["uniqueItems"] == true
	seen := map[string]bool{}
	for tries := 0; len(out) < n && tries < 4*n+8; tries++ {
		v := g.value(items, append(path, fmt.Sprint(len(out))))
		if unique {
			k := string(toJSON(v))
			if seen[k] {
				continue
			}
			seen[k] = true
		}
		out = append(out, v)
	}
	return out
}

// unbounded are the values tried for a side of a number the schema leaves
// open: a program must bound them itself.
var unbounded = []int{-1 << 40, -1000, -1, 0, 1, 2, 3, 10, 100, 1 << 31, 1 << 40}

func (g *schemaGen) integer(s map[string]any) any {
	lo, hasLo := s["minimum"].(float64)
	hi, hasHi := s["maximum"].(float64)
	if !hasLo || !hasHi {
		for {
			v := unbounded[g.r.IntN(len(unbounded))]
			if (!hasLo || float64(v) >= lo) && (!hasHi || float64(v) <= hi) {
				return v
			}
		}
	}
	a, b := int(lo), int(hi)
	switch x := g.r.IntN(10); {
	case x < 2:
		return a
	case x < 4:
		return b
	case x < 5:
		return min(a+1, b)
	case x < 6:
		return max(b-1, a)
	case x < 8:
		return a + g.r.IntN(min(b-a, 6)+1)
	}
	return a + g.r.IntN(b-a+1)
}

func (g *schemaGen) str(s map[string]any, path []string) any {
	pattern, _ := s["pattern"].(string)
	lo, hi := 0, 40
	if m, ok := s["minLength"].(float64); ok {
		lo = int(m)
	}
	if m, ok := s["maxLength"].(float64); ok {
		hi = int(m)
	}
	if names := g.vocab(path); len(names) > 0 && g.chance(0.85) {
		n := names[g.r.IntN(len(names))]
		if len([]rune(n)) >= lo && len([]rune(n)) <= hi && (pattern == "" || regexp.MustCompile(pattern).MatchString(n)) {
			return n
		}
	}
	if pattern != "" {
		return g.pattern(pattern)
	}
	n := lo + g.r.IntN(min(hi-lo, 12)+1)
	if g.chance(0.03) {
		n = hi // a text at its longest
	}
	return g.text(n)
}

// text is n characters of words, with now and then a character that needs
// quoting or is not ASCII.
func (g *schemaGen) text(n int) string {
	const letters = "abcdefghij klmnopqrstuvwxyz ABCXYZ 0123456789"
	odd := []rune{':', '#', '"', '\'', '{', '}', '[', ']', ',', '&', '*', '!', '|', '>', '%', '@', '`', 'é', '→', '{', '1', '}', '\n'}
	rs := make([]rune, n)
	for i := range rs {
		if g.chance(0.08) {
			rs[i] = odd[g.r.IntN(len(odd))]
		} else {
			rs[i] = rune(letters[g.r.IntN(len(letters))])
		}
	}
	s := string(rs)
	if strings.TrimSpace(s) != s || strings.TrimSpace(s) == "" {
		s = "x" + strings.TrimSpace(s) // no surrounding blanks, so the length stays in bounds
		if len([]rune(s)) > n {
			s = string([]rune(s)[:max(n, 1)])
		}
	}
	return s
}

var patternCache sync.Map // pattern -> *syntax.Regexp

// pattern makes a string the regular expression p matches, from its
// syntax tree: repeats mostly short, sometimes at their longest.
func (g *schemaGen) pattern(p string) string {
	var re *syntax.Regexp
	if v, ok := patternCache.Load(p); ok {
		re = v.(*syntax.Regexp)
	} else {
		r, err := syntax.Parse(p, syntax.Perl)
		if err != nil {
			panic(err)
		}
		re = r.Simplify()
		patternCache.Store(p, re)
	}
	var b strings.Builder
	g.walkRe(&b, re)
	return b.String()
}

func (g *schemaGen) walkRe(b *strings.Builder, re *syntax.Regexp) {
	switch re.Op {
	case syntax.OpLiteral:
		b.WriteString(string(re.Rune))
	case syntax.OpCharClass:
		b.WriteRune(g.classRune(re.Rune))
	case syntax.OpAnyCharNotNL, syntax.OpAnyChar:
		b.WriteRune(rune('a' + g.r.IntN(26)))
	case syntax.OpCapture:
		g.walkRe(b, re.Sub[0])
	case syntax.OpConcat:
		for _, s := range re.Sub {
			g.walkRe(b, s)
		}
	case syntax.OpAlternate:
		g.walkRe(b, re.Sub[g.r.IntN(len(re.Sub))])
	case syntax.OpStar, syntax.OpPlus, syntax.OpQuest, syntax.OpRepeat:
		lo, hi := 0, 3
		switch re.Op {
		case syntax.OpPlus:
			lo = 1
		case syntax.OpQuest:
			hi = 1
		case syntax.OpRepeat:
			lo, hi = re.Min, re.Max
			if hi < 0 {
				hi = lo + 3
			}
		}
		n := lo + g.r.IntN(min(hi-lo, 6)+1)
		if g.chance(0.05) {
			n = hi
		}
		for range n {
			g.walkRe(b, re.Sub[0])
		}
	case syntax.OpBeginText, syntax.OpEndText, syntax.OpBeginLine, syntax.OpEndLine, syntax.OpEmptyMatch:
	default:
		panic(fmt.Sprintf("pattern op %v", re.Op))
	}
}

// classRune picks a rune of a character class, mostly printable ASCII.
func (g *schemaGen) classRune(ranges []rune) rune {
	var ascii [][2]rune
	for i := 0; i < len(ranges); i += 2 {
		lo, hi := max(ranges[i], '!'), min(ranges[i+1], '~')
		if lo <= hi {
			ascii = append(ascii, [2]rune{lo, hi})
		}
	}
	if len(ascii) > 0 && g.chance(0.95) {
		r := ascii[g.r.IntN(len(ascii))]
		return r[0] + rune(g.r.IntN(int(r[1]-r[0])+1))
	}
	for {
		i := 2 * g.r.IntN(len(ranges)/2)
		lo, hi := ranges[i], min(ranges[i+1], 0x2FFF)
		if lo > hi {
			continue
		}
		c := lo + rune(g.r.IntN(int(hi-lo)+1))
		if c >= ' ' && c != 0x7f && (c < 0x80 || c >= 0xa0) {
			return c
		}
	}
}
