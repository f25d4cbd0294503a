package source

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"go.yaml.in/yaml/v4"
)

// billionLaughs is the classic alias bomb: nine levels of nine aliases, a
// few hundred bytes that expand to 9^9 values.
func billionLaughs() string {
	var b strings.Builder
	b.WriteString("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n")
	prev := "a"
	for _, c := range "bcdefghi" {
		fmt.Fprintf(&b, "%c: &%c [%s]\n", c, c, strings.TrimSuffix(strings.Repeat("*"+prev+", ", 9), ", "))
		prev = string(c)
	}
	return b.String()
}

func nestedYAMLBlock(levels int) string {
	var b strings.Builder
	for i := 0; i < levels; i++ {
		fmt.Fprintf(&b, "%sk:\n", strings.Repeat(" ", i))
	}
	fmt.Fprintf(&b, "%sk: 1\n", strings.Repeat(" ", levels))
	return b.String()
}

// manyKeys is an unclosed JSON object with n keys, k0 to k(n-1).
func manyKeys(n int) string {
	var b strings.Builder
	b.WriteString("{")
	for i := 0; i < n; i++ {
		if i > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"k%d\": %d", i, i)
	}
	return b.String()
}

var problemCases = []struct {
	name string
	file string
	data string
	lim  Limits
	code string
	pos  Pos
	msg  string // a part of the message
}{
	// too-large
	{"yaml too large", "m.yaml", "id: twenty bytes....", Limits{MaxBytes: 10}, CodeTooLarge, Pos{1, 1}, "20 bytes"},
	{"json too large", "m.json", `{"id": "twenty bytes"}`, Limits{MaxBytes: 10}, CodeTooLarge, Pos{1, 1}, "files over 10 bytes"},

	// encoding
	{"yaml binary", "m.yaml", "\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", Limits{}, CodeEncoding, Pos{3, 1}, "binary"},
	{"json binary", "m.json", "{\"a\": \"\x00\"}", Limits{}, CodeEncoding, Pos{1, 8}, "NUL"},
	{"yaml latin-1", "m.yaml", "title: caf\xe9\n", Limits{}, CodeEncoding, Pos{1, 11}, "0xE9 is not valid UTF-8"},
	{"json latin-1", "m.json", "{\"title\": \"caf\xe9\"}", Limits{}, CodeEncoding, Pos{1, 15}, "save it as UTF-8"},
	{"yaml utf-16le bom", "m.yaml", "\xff\xfei\x00d\x00:\x00", Limits{}, CodeEncoding, Pos{1, 1}, "the file is UTF-16; save it as UTF-8"},
	{"json utf-16be bom", "m.json", "\xfe\xff\x00{\x00}", Limits{}, CodeEncoding, Pos{1, 1}, "the file is UTF-16; save it as UTF-8"},
	{"yaml utf-16le no bom", "m.yaml", "i\x00d\x00:\x00 \x00x\x00\n\x00", Limits{}, CodeEncoding, Pos{1, 1}, "UTF-16"},
	{"json utf-16be no bom", "m.json", "\x00{\x00\"\x00a\x00\"\x00:\x001\x00}", Limits{}, CodeEncoding, Pos{1, 1}, "UTF-16"},
	{"yaml utf-32 bom", "m.yaml", "\xff\xfe\x00\x00i\x00\x00\x00", Limits{}, CodeEncoding, Pos{1, 1}, "UTF-32"},
	{"yaml control character", "m.yaml", "id: a\x07b\n", Limits{}, CodeEncoding, Pos{1, 6}, "U+0007"},

	// empty
	{"yaml zero bytes", "m.yaml", "", Limits{}, CodeEmpty, Pos{1, 1}, "the file is empty"},
	{"json zero bytes", "m.json", "", Limits{}, CodeEmpty, Pos{1, 1}, "the file is empty"},
	{"yaml bom only", "m.yaml", "\xef\xbb\xbf", Limits{}, CodeEmpty, Pos{1, 1}, "empty"},
	{"yaml blank", "m.yaml", " \n\n\t\n", Limits{}, CodeEmpty, Pos{1, 1}, "only blank space"},
	{"json blank", "m.json", " \r\n ", Limits{}, CodeEmpty, Pos{1, 1}, "only blank space"},
	{"yaml comments only", "m.yaml", "# a mission\n# to come\n", Limits{}, CodeEmpty, Pos{1, 1}, "only comments"},
	{"yaml document marker only", "m.yaml", "---\n# nothing\n", Limits{}, CodeEmpty, Pos{1, 1}, "no data"},

	// syntax
	{"yaml bad indentation", "m.yaml", "tiles:\n  - face: 1A\n    at: [0, 0]\n   rot: 90\n", Limits{}, CodeSyntax, Pos{4, 4}, "check the indentation"},
	{"yaml value with colon", "m.yaml", "title: Part 2: The Return\n", Limits{}, CodeSyntax, Pos{1, 14}, "quote a value"},
	{"yaml tab indent", "m.yaml", "tiles:\n\t- face: 1A\n", Limits{}, CodeSyntax, Pos{2, 1}, "spaces"},
	{"yaml unterminated string", "m.yaml", "id: x\ntitle: \"First Cont", Limits{}, CodeSyntax, Pos{2, 8}, "quoted string is never closed"},
	{"yaml unterminated flow list", "m.yaml", "id: x\nat: [0,\n  1\n", Limits{}, CodeSyntax, Pos{2, 5}, "list '[' is never closed: the file ends first, at line 3 (is the file truncated?)"},
	{"yaml unterminated flow mapping", "m.yaml", "tiles:\n  - {face: 1A, at: [0, 0]\n", Limits{}, CodeSyntax, Pos{2, 5}, "mapping '{' is never closed"},
	{"yaml ends after an opener", "m.yaml", "x: 1\ny: [\n\n", Limits{}, CodeSyntax, Pos{2, 5}, "the file ends unexpectedly (is it truncated?)"},
	{"yaml unknown anchor", "m.yaml", "a: *nowhere\n", Limits{}, CodeSyntax, Pos{1, 4}, "*nowhere has no &nowhere"},
	{"yaml bad merge", "m.yaml", "a:\n  <<: 5\n", Limits{}, CodeSyntax, Pos{2, 7}, "merge key"},
	{"yaml explicit bool", "m.yaml", "a: !!bool yes\n", Limits{}, CodeSyntax, Pos{1, 4}, "not a boolean"},
	{"json trailing comma", "m.json", "{\"a\": [1, 2,]\n}", Limits{}, CodeSyntax, Pos{1, 12}, "trailing comma"},
	{"json truncated in array", "m.json", "{\"a\": [1, 2,\n  3", Limits{}, CodeSyntax, Pos{1, 7}, "list '[' is never closed: the file ends first, at line 2 (is the file truncated?)"},
	{"json truncated in string", "m.json", "{\"a\": \"abc", Limits{}, CodeSyntax, Pos{1, 7}, "quoted string is never closed"},
	{"json truncated in literal", "m.json", "tru", Limits{}, CodeSyntax, Pos{1, 4}, "truncated"},
	{"json trailing content", "m.json", "{\"a\": 1}\n{\"b\": 2}\n", Limits{}, CodeSyntax, Pos{2, 1}, "after the end of the JSON value"},
	{"json missing colon", "m.json", "{\"a\" 1}", Limits{}, CodeSyntax, Pos{1, 6}, "expected ':' after the key, found '1'"},
	{"json comment", "m.json", "// mission\n{}", Limits{}, CodeSyntax, Pos{1, 1}, "expected a value (a string, a number, true, false, null, a list or a mapping), found '/' (JSON has no comments)"},
	{"json single quotes", "m.json", "{'a': 1}", Limits{}, CodeSyntax, Pos{1, 2}, "expected a key in double quotes, found a single quote: JSON quotes keys with \", never '"},
	{"json missing comma", "m.json", "{\"format\": 1 \"id\": \"a\"}", Limits{}, CodeSyntax, Pos{1, 14}, "expected ',' or '}' after this mapping's value, found a '\"' (the start of a string) (is a comma missing?)"},
	{"json missing comma in list", "m.json", "{\"a\": [1 2]}", Limits{}, CodeSyntax, Pos{1, 10}, "expected ',' or ']' after this list's item, found '2' (is a comma missing?)"},
	{"json misspelt literal", "m.json", "{\"a\": tru}", Limits{}, CodeSyntax, Pos{1, 10}, "expected true (true, false and null are written in full, in lower case), found '}'"},
	{"json capital literal", "m.json", "{\"a\": True}", Limits{}, CodeSyntax, Pos{1, 7}, "expected a value (a string, a number, true, false, null, a list or a mapping), found 'T'"},
	{"json tab in string", "m.json", "{\"a\": \"x\ty\"}", Limits{}, CodeSyntax, Pos{1, 9}, "a control character ('\\t') inside a quoted string"},
	{"json bad escape", "m.json", "{\"a\": \"x\\qy\"}", Limits{}, CodeSyntax, Pos{1, 10}, "unknown escape \\q in a quoted string"},
	{"json bad number", "m.json", "{\"a\": 1.}", Limits{}, CodeSyntax, Pos{1, 9}, "a number is not written as JSON writes one, found '}'"},

	// too-deep
	{"yaml deep flow", "m.yaml", strings.Repeat("[", 200) + strings.Repeat("]", 200), Limits{}, CodeTooDeep, Pos{1, 65}, "deeper than 64 levels"},
	{"yaml deep block", "m.yaml", nestedYAMLBlock(100), Limits{}, CodeTooDeep, Pos{65, 65}, "deeper than 64 levels"},
	{"yaml deep mixed", "m.yaml", "a:\n  b: [[{c: 1}]]\n", Limits{MaxDepth: 3}, CodeTooDeep, Pos{2, 7}, "deeper than 3 levels"},
	{"yaml deep through alias", "m.yaml", "a: &a [[1]]\nb: [[*a]]\n", Limits{MaxDepth: 3}, CodeTooDeep, Pos{2, 6}, "deeper than 3 levels through alias *a"},
	{"json deep", "m.json", strings.Repeat("[", 200) + strings.Repeat("]", 200), Limits{}, CodeTooDeep, Pos{1, 65}, "deeper than 64 levels"},
	{"json deep and truncated", "m.json", strings.Repeat("{\"a\":", 100), Limits{}, CodeTooDeep, Pos{1, 321}, "deeper"},
	{"json deep at limit plus one", "m.json", `{"a": [{"b": 1}]}`, Limits{MaxDepth: 2}, CodeTooDeep, Pos{1, 8}, "deeper than 2"},

	// too-many-nodes
	{"yaml billion laughs", "m.yaml", billionLaughs(), Limits{}, CodeTooManyNodes, Pos{6, 12}, "alias bombs"},
	{"yaml alias cycle", "m.yaml", "a: &a [1, *a]\n", Limits{}, CodeTooManyNodes, Pos{1, 11}, "alias *a refers to a value that contains it"},
	{"yaml many values", "m.yaml", "[1, 2, 3, 4, 5]", Limits{MaxNodes: 5}, CodeTooManyNodes, Pos{1, 14}, "more than 5 values"},
	{"yaml far too many values", "m.yaml", "[" + strings.Repeat("1, ", 20) + "1]", Limits{MaxNodes: 5}, CodeTooManyNodes, Pos{1, 14}, "may hold up to 22 values, far over the limit of 5"},
	{"yaml long flow list", "m.yaml", "[" + strings.Repeat("1,", 500_000) + "1]", Limits{}, CodeTooManyNodes, Pos{1, 400_000}, "may hold up to 500002 values, far over the limit of 200000"},
	{"json many values", "m.json", "[1, 2, 3, 4, 5]", Limits{MaxNodes: 5}, CodeTooManyNodes, Pos{1, 14}, "more than 5 values"},

	// duplicate-key
	{"yaml duplicate key", "m.yaml", "id: a\ntitle: T\nid: b\n", Limits{}, CodeDuplicateKey, Pos{3, 1}, `duplicate key "id": it is already defined at line 1`},
	{"yaml duplicate nested key", "m.yaml", "tiles:\n  - {face: 1A, face: 1B}\n", Limits{}, CodeDuplicateKey, Pos{2, 16}, `duplicate key "face": it is already defined at line 2, column 6`},
	{"yaml duplicate key quoted", "m.yaml", "id: a\n\"id\": b\n", Limits{}, CodeDuplicateKey, Pos{2, 1}, `"id"`},
	{"yaml duplicate merge key", "m.yaml", "a: &a {x: 1}\nb:\n  <<: *a\n  <<: *a\n", Limits{}, CodeDuplicateKey, Pos{4, 3}, `"<<"`},
	{"json duplicate key", "m.json", "{\n  \"id\": \"a\",\n  \"id\": \"b\"\n}", Limits{}, CodeDuplicateKey, Pos{3, 3}, `duplicate key "id": it is already defined at line 2`},
	{"json duplicate nested key", "m.json", `{"t": [{"f": 1, "f": 2}]}`, Limits{}, CodeDuplicateKey, Pos{1, 17}, `"f"`},

	{"json duplicate key in a large object", "m.json", manyKeys(40) + `, "k7": 0}`, Limits{}, CodeDuplicateKey, Pos{1, 422}, `duplicate key "k7"`},
	{"yaml duplicate key in a large object", "m.yaml", manyKeys(40) + `, "k39": 0}`, Limits{}, CodeDuplicateKey, Pos{1, 422}, `duplicate key "k39"`},

	// key-type
	{"yaml int key", "m.yaml", "1: x\n", Limits{}, CodeKeyType, Pos{1, 1}, `keys must be strings; quote it: "1"`},
	{"yaml float key", "m.yaml", "a:\n  1.5: x\n", Limits{}, CodeKeyType, Pos{2, 3}, `quote it: "1.5"`},
	{"yaml bool key", "m.yaml", "true: x\n", Limits{}, CodeKeyType, Pos{1, 1}, `quote it: "true"`},
	{"yaml null key", "m.yaml", "null: x\n", Limits{}, CodeKeyType, Pos{1, 1}, `quote it: "null"`},
	{"yaml empty key", "m.yaml", "? \n: x\n", Limits{}, CodeKeyType, Pos{1, 2}, "empty"},
	{"yaml list key", "m.yaml", "? [a]\n: b\n", Limits{}, CodeKeyType, Pos{1, 3}, "a list cannot be a key"},
	{"yaml flow list key", "m.yaml", "{[a]: b}", Limits{}, CodeKeyType, Pos{1, 2}, "a list cannot be a key"},
	{"yaml mapping key", "m.yaml", "? {a: 1}\n: b\n", Limits{}, CodeKeyType, Pos{1, 3}, "a mapping cannot be a key"},
	{"yaml alias key", "m.yaml", "a: &n 1\n*n : b\n", Limits{}, CodeKeyType, Pos{2, 1}, `quote it: "1"`},

	// multi-document
	{"yaml two documents", "m.yaml", "id: a\n---\nid: b\n", Limits{}, CodeMultiDocument, Pos{2, 1}, "second YAML document"},
	{"yaml document after end marker", "m.yaml", "id: a\n...\nid: b\n", Limits{}, CodeMultiDocument, Pos{3, 1}, "second YAML document"},

	{"yaml blank document then two", "m.yaml", "---\n---\nid: a\n---\nid: b\n", Limits{}, CodeMultiDocument, Pos{4, 1}, "second YAML document"},

	// number
	{"yaml inf", "m.yaml", "survive: .inf\n", Limits{}, CodeNumber, Pos{1, 10}, "infinity"},
	{"yaml negative inf", "m.yaml", "x: -.Inf\n", Limits{}, CodeNumber, Pos{1, 4}, "-.Inf (infinity)"},
	{"yaml nan", "m.yaml", "x: [.NaN]\n", Limits{}, CodeNumber, Pos{1, 5}, "not a number"},
	{"yaml tagged non-number", "m.yaml", "x: !!int ten\n", Limits{}, CodeNumber, Pos{1, 4}, `"ten" is not a number`},
}

func TestProblems(t *testing.T) {
	for _, tc := range problemCases {
		t.Run(tc.name, func(t *testing.T) {
			n, probs := Parse(tc.file, []byte(tc.data), tc.lim)
			if n != nil {
				t.Errorf("got a tree, want nil with problems")
			}
			if len(probs) != 1 {
				t.Fatalf("got %d problems %v, want exactly one", len(probs), probs)
			}
			p := probs[0]
			if p.Code != tc.code || p.Pos != tc.pos || !strings.Contains(p.Message, tc.msg) {
				t.Errorf("got %v\nwant %d:%d: ...%s... [%s]", p, tc.pos.Line, tc.pos.Col, tc.msg, tc.code)
			}
		})
	}
}

// TestProblemsFormatsAgree checks that the same mistake reads the same in
// both formats where both can make it.
func TestProblemsFormatsAgree(t *testing.T) {
	pairs := []struct {
		yaml, json string
		lim        Limits
	}{
		{"a: 1\na: 2\n", "{\"a\": 1,\n\"a\": 2}", Limits{}},
		{strings.Repeat("[", 70) + strings.Repeat("]", 70), strings.Repeat("[", 70) + strings.Repeat("]", 70), Limits{}},
		{"[1, 2, 3]", "[1, 2, 3]", Limits{MaxNodes: 3}},
		{"x: 1\ny: [0\n", "{\"x\": 1,\n\"y\": [0\n", Limits{}},
	}
	for _, p := range pairs {
		_, yp := ParseYAML([]byte(p.yaml), p.lim)
		_, jp := ParseJSON([]byte(p.json), p.lim)
		if len(yp) != 1 || len(jp) != 1 || yp[0].Code != jp[0].Code || yp[0].Message != jp[0].Message {
			t.Errorf("YAML %q gives %v\nJSON %q gives %v", p.yaml, yp, p.json, jp)
		}
	}
}

func TestSeveralProblemsInOrder(t *testing.T) {
	_, probs := ParseYAML([]byte("b: 1\n2: x\nb: 2\nc: .nan\n"), Limits{})
	var got []string
	for _, p := range probs {
		got = append(got, fmt.Sprintf("%d:%s", p.Pos.Line, p.Code))
	}
	want := "2:key-type 3:duplicate-key 4:number"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v, want %s", got, want)
	}
}

// TestAliasBombIsQuick guards against expansion that builds before it
// counts. It allows a generous minute so a loaded machine never fails it;
// an unbounded expansion of 9^9 values would not finish.
func TestAliasBombIsQuick(t *testing.T) {
	done := make(chan []Problem, 1)
	go func() {
		_, probs := ParseYAML([]byte(billionLaughs()), Limits{})
		done <- probs
	}()
	select {
	case probs := <-done:
		if len(probs) != 1 || probs[0].Code != CodeTooManyNodes {
			t.Fatalf("got %v", probs)
		}
	case <-time.After(time.Minute):
		t.Fatal("the alias bomb was not refused")
	}
}

// TestYAMLValueBound checks that the bound is never below the real count,
// which the builder measures, on documents of every shape.
func TestYAMLValueBound(t *testing.T) {
	docs := []string{
		posYAML, billionLaughs(), nestedYAMLBlock(10),
		"a: 1\n...\nb\n", "- - - [a, {b: c, ? d}]\n- ? x\n  : y\n", "{a:1, \"b\":2, [c]: d}",
		"--- a\n--- b\n", "x:\n  - \n  -\n", "k: [[], {}, [[]]]",
	}
	for _, doc := range docs {
		loader, err := yaml.NewLoader(strings.NewReader(doc))
		if err != nil {
			t.Fatal(err)
		}
		bound, _ := yamlValueBound([]byte(doc), 0)
		nodes := 0
		for {
			d, err := loadDoc(loader)
			if err != nil {
				break
			}
			nodes += countYAML(d.Content[0])
		}
		if bound < nodes {
			t.Errorf("bound %d under the %d values of %q", bound, nodes, doc)
		}
	}
}

// countYAML counts the values the parser composed, keys excluded and
// aliases not expanded.
func countYAML(n *yaml.Node) int {
	count := 1
	for i, c := range n.Content {
		if n.Kind == yaml.MappingNode && i%2 == 0 {
			continue
		}
		count += countYAML(c)
	}
	return count
}

func TestProblemsAreCapped(t *testing.T) {
	yamlDoc := "{" + strings.Repeat("a: 1, ", 500) + "}"
	jsonDoc := "{" + strings.Repeat(`"a": 1, `, 500) + `"b": 2}`
	for name, probs := range map[string][]Problem{
		"yaml": second(ParseYAML([]byte(yamlDoc), Limits{})),
		"json": second(ParseJSON([]byte(jsonDoc), Limits{})),
	} {
		if len(probs) != maxProblems {
			t.Errorf("%s: %d problems, want the first %d", name, len(probs), maxProblems)
		}
	}
}

func second(_ *Node, p []Problem) []Problem { return p }
