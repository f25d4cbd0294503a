package source

import (
	"fmt"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// readBoth reads raw YAML with the fast reader and with go-yaml, after the
// checks both see (ParseYAML's input checks, the value bound). checked is
// false when those checks refuse the input, so neither reader sees it.
func readBoth(raw []byte, lim Limits) (fast *Node, fastOK bool, slow *Node, probs []Problem, checked bool) {
	lim = lim.orDefaults()
	data, p := yamlInput(raw, lim)
	if p != nil {
		return nil, false, nil, nil, false
	}
	if bound, _ := yamlValueBound(data, lim.MaxNodes); bound > boundSlack*lim.MaxNodes {
		return nil, false, nil, nil, false
	}
	fast, fastOK = fastYAML(data, lim)
	slow, probs = loadYAML(data, lim)
	return fast, fastOK, slow, probs, true
}

// sameAsSlow returns "" when the fast reader gave up on raw or gave the
// tree go-yaml gives; otherwise what differs. taken tells whether the fast
// reader read it.
func sameAsSlow(raw []byte, lim Limits) (diff string, taken bool) {
	fast, ok, slow, probs, checked := readBoth(raw, lim)
	if !checked || !ok {
		return "", false
	}
	if len(probs) > 0 {
		return fmt.Sprintf("the fast reader took a document go-yaml reports: %v", probs[0]), true
	}
	return diffNode(fast, slow, "$"), true
}

// diffNode describes the first difference between two trees (got, want),
// with the path to it; "" when they are the same, positions included.
func diffNode(got, want *Node, path string) string {
	switch {
	case got == nil && want == nil:
		return ""
	case got == nil || want == nil:
		return fmt.Sprintf("%s: node %v, want %v", path, got != nil, want != nil)
	case got.Kind != want.Kind:
		return fmt.Sprintf("%s: kind %v, want %v (text %q, want %q)", path, got.Kind, want.Kind, got.Text, want.Text)
	case got.Pos != want.Pos:
		return fmt.Sprintf("%s: position %v, want %v", path, got.Pos, want.Pos)
	case got.KeyPos != want.KeyPos:
		return fmt.Sprintf("%s: key position %v, want %v", path, got.KeyPos, want.KeyPos)
	case got.Text != want.Text:
		return fmt.Sprintf("%s: text %q, want %q", path, got.Text, want.Text)
	case got.Bool != want.Bool:
		return fmt.Sprintf("%s: boolean %v, want %v", path, got.Bool, want.Bool)
	case len(got.Items) != len(want.Items) || (got.Items == nil) != (want.Items == nil):
		return fmt.Sprintf("%s: %d items (nil %v), want %d (nil %v)", path, len(got.Items), got.Items == nil, len(want.Items), want.Items == nil)
	case len(got.Keys) != len(want.Keys) || len(got.Fields) != len(want.Fields):
		return fmt.Sprintf("%s: keys %q, want %q", path, got.Keys, want.Keys)
	}
	for i := range got.Items {
		if d := diffNode(got.Items[i], want.Items[i], fmt.Sprintf("%s[%d]", path, i)); d != "" {
			return d
		}
	}
	for i := range got.Keys {
		if got.Keys[i] != want.Keys[i] {
			return fmt.Sprintf("%s: key %d is %q, want %q", path, i, got.Keys[i], want.Keys[i])
		}
		if d := diffNode(got.Fields[i], want.Fields[i], path+"."+got.Keys[i]); d != "" {
			return d
		}
	}
	return ""
}

func TestDiffNodeFindsDifferences(t *testing.T) {
	doc := []byte("a: [1, x]\nb: {c: true}\n")
	want, _ := loadYAML(doc, DefaultLimits.orDefaults())
	for _, change := range []func(n *Node){
		func(n *Node) { n.Fields[0].Items[1].Text = "y" },
		func(n *Node) { n.Fields[0].Items[0].Pos.Col++ },
		func(n *Node) { n.Fields[1].KeyPos.Line++ },
		func(n *Node) { n.Fields[1].Fields[0].Bool = false },
		func(n *Node) { n.Keys[1] = "z" },
		func(n *Node) { n.Fields[0].Items = n.Fields[0].Items[:1] },
		func(n *Node) { n.Fields[1].Fields[0].Kind = String },
	} {
		got, _ := loadYAML(doc, DefaultLimits.orDefaults())
		change(got)
		if diffNode(got, want, "$") == "" {
			t.Errorf("a change went unnoticed")
		}
	}
	got, _ := loadYAML(doc, DefaultLimits.orDefaults())
	if d := diffNode(got, want, "$"); d != "" {
		t.Errorf("equal trees differ: %s", d)
	}
}

// repoYAML returns every YAML file of the repository (examples, testdata
// folders, rules, the built-in tile sets...), by path.
func repoYAML(t testing.TB) map[string][]byte {
	docs := map[string][]byte{}
	err := filepath.WalkDir("..", func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if d.Name() == ".git" || d.Name() == "node_modules" {
				return filepath.SkipDir
			}
			return nil
		}
		if ext := filepath.Ext(p); ext == ".yaml" || ext == ".yml" {
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			docs[filepath.ToSlash(p)] = data
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, must := range []string{"../examples/", "../testdata/", "../missions/testdata/", "../layout/testdata/",
		"../layout/tilesets/station.yaml", "../layout/tilesets/city.yaml", "../rules/"} {
		found := false
		for p := range docs {
			found = found || strings.HasPrefix(p, must)
		}
		if !found {
			t.Fatalf("no YAML file under %s", must)
		}
	}
	return docs
}

func sortedKeys(m map[string][]byte) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}

// generatedCorpus writes missions the way bench/corpus does: each example
// with its own id, the old one left in a comment.
func generatedCorpus(docs map[string][]byte, n int) map[string][]byte {
	var srcs []string
	for _, p := range sortedKeys(docs) {
		if strings.HasPrefix(p, "../examples/") && !strings.Contains(p, "/templates/") && strings.Contains(string(docs[p]), "\nid: ") {
			srcs = append(srcs, p)
		}
	}
	out := map[string][]byte{}
	for i := range n {
		name := srcs[i%len(srcs)]
		s := strings.Replace(string(docs[name]), "\nid: ", fmt.Sprintf("\nid: m%05d\n# was: ", i), 1)
		out[fmt.Sprintf("corpus/m%05d.yaml (%s)", i, name)] = []byte(s)
	}
	return out
}

// TestFastYAMLRepository: on every YAML file of the repository the fast
// reader gives go-yaml's tree or gives up; it reads every example and at
// least 90 % of a generated corpus.
func TestFastYAMLRepository(t *testing.T) {
	docs := repoYAML(t)
	taken := 0
	for _, p := range sortedKeys(docs) {
		d, ok := sameAsSlow(docs[p], DefaultLimits)
		if d != "" {
			t.Errorf("%s: %s", p, d)
		}
		if ok {
			taken++
		}
		if strings.HasPrefix(p, "../examples/") && !ok {
			t.Errorf("%s: the fast reader gives up on an example", p)
		}
	}
	t.Logf("the fast reader reads %d of %d repository files", taken, len(docs))

	corpus := generatedCorpus(docs, 300)
	taken = 0
	for _, p := range sortedKeys(corpus) {
		d, ok := sameAsSlow(corpus[p], DefaultLimits)
		if d != "" {
			t.Errorf("%s: %s", p, d)
		}
		if ok {
			taken++
		}
	}
	if 10*taken < 9*len(corpus) {
		t.Errorf("the fast reader reads only %d of %d generated missions", taken, len(corpus))
	}
}

// mutate changes doc at random, in ways that tend to stay YAML or to hit
// the edges of what the fast reader takes.
func mutate(r *rand.Rand, doc []byte) []byte {
	s := string(doc)
	lines := strings.SplitAfter(s, "\n")
	const chars = " -:#{}[],'\"|>&*!%@`?\n\r\t~.0123456789aZé\\+_"
	snippets := []string{"", "   ", "# c", "  # c", "x: |", "x: >", "x: |-", "- a", "  - a", "  k: v", "k:", "- {a: 1}",
		"  text", "---", "...", "y: 'q'", "y: \"q\"", "z: [1, 2]", "z: {a: b}", "    deep: 1", "- - a", "-   k: v"}
	pick := func(n int) int { return r.IntN(n) }
	switch pick(12) {
	case 0, 1: // insert a character
		if len(s) == 0 {
			return []byte(chars[:1])
		}
		i := pick(len(s) + 1)
		c := string([]rune(chars)[pick(len([]rune(chars)))])
		return []byte(s[:i] + c + s[i:])
	case 2: // delete a byte
		if len(s) == 0 {
			return doc
		}
		i := pick(len(s))
		return []byte(s[:i] + s[i+1:])
	case 3: // replace a byte
		if len(s) == 0 {
			return doc
		}
		i := pick(len(s))
		return []byte(s[:i] + string(chars[pick(len(chars)-8)]) + s[i+1:])
	case 4: // delete a line
		i := pick(len(lines))
		lines = append(lines[:i], lines[i+1:]...)
	case 5: // duplicate a line
		i := pick(len(lines))
		lines = append(lines[:i+1], lines[i:]...)
	case 6: // swap two lines
		if len(lines) > 1 {
			i := pick(len(lines) - 1)
			lines[i], lines[i+1] = lines[i+1], lines[i]
		}
	case 7: // change the indentation of a line
		i := pick(len(lines))
		switch pick(3) {
		case 0:
			lines[i] = strings.TrimPrefix(lines[i], " ")
		case 1:
			lines[i] = " " + lines[i]
		default:
			lines[i] = "  " + strings.TrimLeft(lines[i], " ")
		}
	case 8: // swap quote styles
		from, to := `"`, `'`
		if pick(2) == 0 {
			from, to = to, from
		}
		return []byte(strings.Replace(s, from, to, 1+pick(4)))
	case 9: // quote a plain value
		i := strings.Index(s, ": ")
		for k := pick(8); k > 0 && i >= 0; k-- {
			j := strings.Index(s[i+2:], ": ")
			if j < 0 {
				break
			}
			i += 2 + j
		}
		if i < 0 {
			return doc
		}
		end := strings.IndexByte(s[i:], '\n')
		if end < 0 {
			end = len(s) - i
		}
		q := `"`
		if pick(2) == 0 {
			q = "'"
		}
		return []byte(s[:i+2] + q + s[i+2:i+end] + q + s[i+end:])
	default: // insert a line
		i := pick(len(lines) + 1)
		ind := strings.Repeat(" ", pick(3)*2)
		line := ind + snippets[pick(len(snippets))] + "\n"
		lines = append(lines[:i], append([]string{line}, lines[i:]...)...)
	}
	return []byte(strings.Join(lines, ""))
}

// TestFastYAMLMutations: on thousands of random changes of real
// documents, whenever the fast reader reads one, it reads it as go-yaml.
func TestFastYAMLMutations(t *testing.T) {
	docs := repoYAML(t)
	for i, doc := range subsetDocs {
		docs[fmt.Sprintf("subset %d", i)] = []byte(doc)
	}
	r := rand.New(rand.NewPCG(20, 26))
	names := sortedKeys(docs)
	perDoc := 4000/len(names) + 1
	if testing.Short() {
		perDoc = 3
	}
	tried, taken, failed := 0, 0, 0
	for _, p := range names {
		for range perDoc {
			doc := docs[p]
			for k := 1 + r.IntN(3); k > 0; k-- {
				doc = mutate(r, doc)
			}
			tried++
			d, ok := sameAsSlow(doc, DefaultLimits)
			if ok {
				taken++
			}
			if d != "" {
				if failed++; failed <= 10 {
					t.Errorf("%s mutated: %s\n%s", p, d, doc)
				}
			}
		}
	}
	t.Logf("%d mutations, %d read by the fast reader", tried, taken)
	if 4*taken < tried {
		t.Errorf("the fast reader read only %d of %d mutations: too few to compare", taken, tried)
	}
}

// TestFastYAMLGivesUp: on each construct outside its subset the fast
// reader gives up (go-yaml reads it, or words its problem), while the
// nearest document without it is read.
func TestFastYAMLGivesUp(t *testing.T) {
	cases := []struct {
		what     string
		taken    string
		given    string
		maxDepth int
		maxNodes int
	}{
		{what: "an anchor", taken: "a: 1\nb: 1\n", given: "a: &x 1\nb: 1\n"},
		{what: "an alias", taken: "a: 1\nb: 1\n", given: "a: &x 1\nb: *x\n"},
		{what: "a tag", taken: "a: 1\n", given: "a: !!str 1\n"},
		{what: "a merge key", taken: "a:\n  x: 1\n  y: 2\n", given: "a:\n  <<: {x: 1}\n  y: 2\n"},
		{what: "a complex key", taken: "a: b\n", given: "? a\n: b\n"},
		{what: "a directive", taken: "a: 1\n", given: "%YAML 1.2\n---\na: 1\n"},
		{what: "a document start", taken: "a: 1\n", given: "---\na: 1\n"},
		{what: "a document end", taken: "a: 1\n", given: "a: 1\n...\n"},
		{what: "a second document", taken: "a: 1\nb: 2\n", given: "a: 1\n---\nb: 2\n"},
		{what: "a multi-line plain scalar", taken: "a: b c\nd: 1\n", given: "a: b\n  c\nd: 1\n"},
		{what: "a multi-line double-quoted scalar", taken: "a: \"b c\"\n", given: "a: \"b\n  c\"\n"},
		{what: "a multi-line single-quoted scalar", taken: "a: 'b c'\n", given: "a: 'b\n  c'\n"},
		{what: "an escaped line break", taken: "a: \"b\\n\"\n", given: "a: \"b\\\n  c\"\n"},
		{what: "a flow collection over lines", taken: "a: [1, 2]\n", given: "a: [1,\n  2]\n"},
		{what: "a tab in indentation", taken: "a:\n  b: 1\n", given: "a:\n\tb: 1\n"},
		{what: "a tab in a value", taken: "a: b c\n", given: "a: b\tc\n"},
		{what: "an empty value", taken: "a: ~\nb: 1\n", given: "a:\nb: 1\n"},
		{what: "an empty value in a flow mapping", taken: "a: {x: 1}\n", given: "a: {x: }\n"},
		{what: "an empty sequence entry", taken: "- a\n- b\n", given: "-\n- b\n"},
		{what: "a duplicate key", taken: "a: 1\nb: 2\n", given: "a: 1\na: 2\n"},
		{what: "a duplicate key in a flow mapping", taken: "a: {x: 1, y: 2}\n", given: "a: {x: 1, x: 2}\n"},
		{what: "too deep", taken: "a: {b: 1}\n", given: "a: {b: [1]}\n", maxDepth: 2},
		{what: "too many values", taken: "a: [1, 2]\n", given: "a: [1, 2, 3]\n", maxNodes: 4},
		{what: "keep chomping", taken: "a: |\n  x\n", given: "a: |+\n  x\n"},
		{what: "an indentation indicator", taken: "a: |\n  x\n", given: "a: |2\n  x\n"},
		{what: "a byte order mark inside", taken: "a: b\n", given: "a: \ufeffb\n"},
		{what: "NEL", taken: "a: bc\n", given: "a: b\u0085c\n"},
		{what: "LS", taken: "a: bc\n", given: "a: b\u2028c\n"},
		{what: "PS", taken: "a: bc\n", given: "a: b\u2029c\n"},
		{what: "a lone CR", taken: "a: 1\r\nb: 2\r\n", given: "a: 1\rb: 2\r"},
		{what: "a number key", taken: "x: a\n", given: "1: a\n"},
		{what: "a boolean key", taken: "x: a\n", given: "true: a\n"},
		{what: "a null key", taken: "x: a\n", given: "~: a\n"},
		{what: "a number JSON cannot hold", taken: "a: 1.5\n", given: "a: .inf\n"},
		{what: "a trailing comma", taken: "a: [1, 2]\n", given: "a: [1, 2,]\n"},
		{what: "a lone scalar", taken: "a: hello\n", given: "hello\n"},
		{what: "an unknown escape", taken: "a: \"\\t\"\n", given: "a: \"\\q\"\n"},
		{what: "a leading blank line deeper than the text", taken: "a: |\n  \n  x\nb: 1\n", given: "a: |\n    \n  x\nb: 1\n"},
		{what: "a line of spaces in a block scalar", taken: "a: |\n  x\n\n  y\n", given: "a: |\n  x\n     \n  y\n"},
		{what: "a colon in a flow scalar", taken: "a: [b]\n", given: "a: [b:c]\n"},
		{what: "a key with a blank before its colon", taken: "a: 1\n", given: "a : 1\n"},
		{what: "a comment without a blank", taken: "a: \"b\" # c\n", given: "a: \"b\"# c\n"},
		{what: "an entry on the next line", taken: "- a: 1\n", given: "-\n  a: 1\n"},
		{what: "a value on the next line", taken: "a: b\n", given: "a:\n  b\n"},
	}
	for _, c := range cases {
		lim := Limits{MaxDepth: c.maxDepth, MaxNodes: c.maxNodes}.orDefaults()
		taken, _ := yamlInput([]byte(c.taken), lim)
		if _, ok := fastYAML(taken, lim); !ok {
			t.Errorf("%s: the fast reader gives up on %q", c.what, c.taken)
		} else if d, _ := sameAsSlow([]byte(c.taken), lim); d != "" {
			t.Errorf("%s: %q: %s", c.what, c.taken, d)
		}
		given, p := yamlInput([]byte(c.given), lim)
		if p != nil {
			t.Errorf("%s: the input checks refuse %q: %v", c.what, c.given, p)
			continue
		}
		if _, ok := fastYAML(given, lim); ok {
			t.Errorf("%s: the fast reader reads %q", c.what, c.given)
		}
	}
}

// TestFastYAMLSubset: the constructs the fast reader does read, each read
// as go-yaml reads it.
func TestFastYAMLSubset(t *testing.T) {
	taken := 0
	for _, doc := range subsetDocs {
		d, ok := sameAsSlow([]byte(doc), DefaultLimits)
		if d != "" {
			t.Errorf("%q: %s", doc, d)
		}
		if ok {
			taken++
		}
	}
	if taken < len(subsetDocs)*2/3 {
		t.Errorf("the fast reader reads only %d of %d documents", taken, len(subsetDocs))
	}
}

// subsetDocs hold the constructs of the fast reader's subset, and some
// just outside it.
var subsetDocs = []string{
	"# head\na: 1 # one\nb: -2\nc: 0x1F\nd: 1_000\ne: 1e400\nf: .5\ng: +1.5\nh: 017\ni: 08\nj: 2024-01-02\n",
	"a: true\nb: False\nc: yes\nd: null\ne: ~\nf: NULL\ng: <<\nh: -0\ni: 0o17\nj: 0b101\nk: 9223372036854775808\nl: 18446744073709551616\n",
	"tiles:\n  - {face: 1A, at: [0, 0]}\n  - {face: 3B, at: [1, 0], rot: 90}\nboxes: [invader-core]\n",
	"tokens:\n- {type: start, in: 1A/w}\n- type: door\n  at: [0, 0]\nnext: 1\n",
	"objectives:\n  - take: red\n    text: Take both Objectives (the data cores).\n  - exit: all\n",
	"briefing: |\n  The night shift\n  stopped answering.\n\n  Second paragraph.\nafter: 1\n",
	"a: |-\n  x\n\n\nb: >\n  folded\n  lines\n\n  para\n    indented\n  back\nc: >-\n  one\n  two\n",
	"a: |\n\n  leading blank\n  more\n\n\n",
	"a: |\n  last line without a break",
	"s: 'don''t'\nd: \"tab\\tq\\\"u\\x41\\u00e9\\U0001F600\\N\\_\\L\\P\\ \\/\\\\\\0\\a\\b\\e\\f\\v\\r\\n\"\n",
	"\"quoted key\": 1\n'single': 2\nplain key: 3\nk:v: 4\nurl: http://x.y/z#frag\nhash: a#b\n",
	"nested:\n  deeper:\n    deepest: [1, [2, [3, {x: y}]]]\n  back: {}\nempty: []\n",
	"- - a\n  - b\n- - c\n-   k: v\n    j: w\n",
	"- |\n  block in a list\n- >-\n  folded\n  in a list\n",
	"é: ü\nkey: naïve café\nx: [é, ü]\ny: {é: 1, ü: 2}\n",
	"a: 1\r\nb:\r\n  - x\r\n  - y\r\nc: |\r\n  one\r\n  two\r\n",
	"  indented: root\n  second: 2\n",
	"[1, 2, {a: b}]\n",
	"{a: 1, b: [x, y]}  # comment\n",
	"a: - b\n",
	"a: 'x' b\n",
	"a: [1] 2\n",
	"a: b: c\n",
	"a:\n  - x\n  y: 1\n",
	"a:\n    b: 1\n  c: 2\n",
	"k: [a b, c d , e]\nm: {x y: 1 2}\n",
	"k: -x\nl: [-1, -a]\nm: -.5\n",
	"0,0 e: door\n1A: face\n2024-01-01: date key\n",
	"a: 1\n#\n   # indented comment\n\nb: 2\n   \n",
	"a: |  # comment\n  text\n",
	"a: >\n  one\n\n\n  two\n   three\n  four\n",
	"- a: |\n    x\n  b: 1\n- a:\n  - x\n  b: 1\n",
	"a:\n- b: 1\n  c: 2\nd: 3\n",
	"emoji: 😀 x\n😀: [😀, \"😀\"]\nk: {😀: 1}\n",
	"  - a\n  - b\n",
	"a: ...\n...: b\n----: c\n",
}

// TestFastYAMLPlainScalars: random plain scalars, alone and in flow
// collections, resolve as go-yaml resolves them.
func TestFastYAMLPlainScalars(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 7))
	const alphabet = "0123456789+-._eExXoObBaAfFtTnNyYlLuU~<:/ é"
	runes := []rune(alphabet)
	fixed := []string{"0", "-0", "+0", "00", "-00", "0.0", "-0.0", "1e3", "1E+3", "1e-3", ".5", "-.5", "+.5", "5.", "1_0",
		"_1", "1_", "0x_1", "0x1_0", "0o", "0b", "0x", "0xG", "9223372036854775807", "-9223372036854775808",
		"9223372036854775808", "18446744073709551615", "18446744073709551616", "1e400", "-1e400", ".inf", "-.Inf",
		"+.INF", ".NaN", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "2001-12-14 21:59:43.10", "2001-1-1",
		"2001-13-01", "1-6", "1A", "1A/w", "3,4", "True", "tRUE", "on", "Off", "y", "n", "<<", "<", "~~"}
	// Indicators and blanks, which end or start plain scalars.
	syntax := []rune("ab :#-,[]{}'\"&*!|>%@`?~")
	var all []string
	all = append(all, fixed...)
	for k := range 4000 {
		alpha := runes
		if k%2 == 1 {
			alpha = syntax
		}
		n := 1 + r.IntN(8)
		var b strings.Builder
		for range n {
			b.WriteRune(alpha[r.IntN(len(alpha))])
		}
		all = append(all, b.String())
	}
	compared := 0
	for _, s := range all {
		for _, doc := range []string{"k: " + s + "\n", "k: [" + s + "]\n", "- {k: " + s + "}\n", s + ": v\n"} {
			d, ok := sameAsSlow([]byte(doc), DefaultLimits)
			if d != "" {
				t.Errorf("%q: %s", doc, d)
			}
			if ok {
				compared++
			}
		}
	}
	if compared < len(all) {
		t.Errorf("only %d documents compared", compared)
	}
}

// TestFastYAMLBlockScalars: random literal and folded scalars (blank
// lines, lines of spaces, deeper lines, text that looks like YAML) in a
// mapping, a sequence and a mapping in a sequence.
func TestFastYAMLBlockScalars(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	words := []string{"x", "two words", "# not a comment", "- not an entry", "key: not a key", "é😀", "trailing  ", "'q'", `"q"`, "{a: b}"}
	headers := []string{"|", "|-", ">", ">-", "| # c", ">-  # c", "|+", "|2", ">1-"}
	contexts := []struct {
		head, tail string
		min        int // the least indentation of the text
	}{
		{"k: ", "next: 1\n", 1},
		{"- ", "- next\n", 1},
		{"a:\n  - k: ", "  - next\n", 5},
		{"a:\n  k: ", "# c\n  next: 1\n", 3},
	}
	tried, taken := 0, 0
	for range 4000 {
		c := contexts[r.IntN(len(contexts))]
		indent := c.min + r.IntN(3)
		var b strings.Builder
		b.WriteString(c.head + headers[r.IntN(len(headers))] + "\n")
		lines := 1 + r.IntN(6)
		for l := range lines {
			switch r.IntN(6) {
			case 0:
				// An empty line.
			case 1:
				b.WriteString(strings.Repeat(" ", r.IntN(indent+3)))
			default:
				extra := 0
				if r.IntN(4) == 0 {
					extra = r.IntN(3)
				}
				if r.IntN(10) == 0 {
					extra = -1
				}
				b.WriteString(strings.Repeat(" ", indent+extra) + words[r.IntN(len(words))])
			}
			if l < lines-1 || r.IntN(5) > 0 {
				b.WriteString("\n")
			}
		}
		doc := b.String()
		if strings.HasSuffix(doc, "\n") && r.IntN(2) == 0 {
			doc += c.tail
		}
		tried++
		d, ok := sameAsSlow([]byte(doc), DefaultLimits)
		if d != "" {
			t.Errorf("%q: %s", doc, d)
		}
		if ok {
			taken++
		}
	}
	t.Logf("%d block scalars, %d read by the fast reader", tried, taken)
	if 3*taken < tried {
		t.Errorf("the fast reader read only %d of %d block scalars", taken, tried)
	}
}

// TestFastYAMLQuoted: random single- and double-quoted scalars, with
// escapes valid and not, as values, keys and flow entries.
func TestFastYAMLQuoted(t *testing.T) {
	r := rand.New(rand.NewPCG(23, 29))
	pieces := []string{"a", " ", "  ", "é", "😀", "#", ": ", ",", "]", "}", "''", "'", `"`, `\\`, `\"`, `\n`, `\t`, `\/`,
		`\0`, `\a`, `\b`, `\e`, `\f`, `\v`, `\r`, `\ `, `\N`, `\_`, `\L`, `\P`, `\x41`, `\xe9`, `\u00e9`, `\u2028`,
		`\uD800`, `\U0001F600`, `\U00110000`, `\x4`, `\q`, `\`, "\t"}
	tried, taken := 0, 0
	for range 4000 {
		var b strings.Builder
		for k := r.IntN(6); k >= 0; k-- {
			b.WriteString(pieces[r.IntN(len(pieces))])
		}
		q := `"`
		if r.IntN(3) == 0 {
			q = "'"
		}
		v := q + b.String() + q
		for _, doc := range []string{"k: " + v + "\n", v + ": 1\n", "k: [" + v + ", 1]\n", "k: {" + v + ": 1}\n", "- " + v + "\n"} {
			tried++
			d, ok := sameAsSlow([]byte(doc), DefaultLimits)
			if d != "" {
				t.Errorf("%q: %s", doc, d)
			}
			if ok {
				taken++
			}
		}
	}
	t.Logf("%d quoted scalars, %d read by the fast reader", tried, taken)
	if 4*taken < tried {
		t.Errorf("the fast reader read only %d of %d quoted scalars", taken, tried)
	}
}
