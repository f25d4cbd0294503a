package source

import (
	"bytes"
	"errors"
	"fmt"
	"io"

	"go.yaml.in/yaml/v4"
	"go.yaml.in/yaml/v4/plugin/loaderlimits"
)

// ParseYAML reads one YAML document into a tree. YAML 1.2 and 1.1
// documents are read alike (see yamltags.go); tags other than the core
// ones are problems, never ignored.
//
// Scalars map to JSON kinds by their resolved tag (YAML 1.2 core schema):
// !!str and implicit !!timestamp (an unquoted date) are strings; !!int and
// !!float are numbers written as JSON literals (0x1F becomes 31, 1_000 becomes
// 1000, a leading zero is decimal); .inf and .nan are refused. Aliases are
// expanded into copies, counted against MaxNodes; the copy's root is placed
// at the alias, its insides where the anchored value is written. Merge keys
// (<<) are supported: keys written in the mapping win over merged ones, and
// earlier merge sources win over later ones.
func ParseYAML(data []byte, lim Limits) (*Node, []Problem) {
	lim = lim.orDefaults()
	data, p := yamlInput(data, lim)
	if p != nil {
		return nil, []Problem{*p}
	}
	return parseYAML(data, lim)
}

// yamlInput refuses what neither YAML reader should see, and returns the
// bytes they read: without a byte order mark, with %YAML 1.x directives
// rewritten as 1.1.
func yamlInput(data []byte, lim Limits) ([]byte, *Problem) {
	data, p := precheck(data, lim)
	if p == nil {
		p = checkYAMLChars(data)
	}
	if p == nil {
		data, p = YAMLVersions(data)
	}
	return data, p
}

func parseYAML(data []byte, lim Limits) (*Node, []Problem) {
	// The bound is at most one more than the bytes: a document shorter
	// than the slack allows (every mission) cannot pass it, and is not
	// scanned for it.
	if len(data)+1 > boundSlack*lim.MaxNodes {
		if bound, over := yamlValueBound(data, lim.MaxNodes); bound > boundSlack*lim.MaxNodes {
			return nil, []Problem{problemAt(Offset(data, int64(over)), CodeTooManyNodes,
				"the document may hold up to %d values, far over the limit of %d; it is not read", bound, lim.MaxNodes)}
		}
	}
	// The common case is read straight from the bytes; anything else, and
	// every problem, goes through go-yaml.
	if root, ok := fastYAML(data, lim); ok {
		return root, nil
	}
	return loadYAML(data, lim)
}

// loadYAML reads data through go-yaml and the builder: the reader of all
// of YAML, which words every problem, and the reference the fast reader is
// tested against.
func loadYAML(data []byte, lim Limits) (*Node, []Problem) {
	loader, err := yaml.NewLoader(bytes.NewReader(data), yaml.WithPlugin(
		// The builder enforces MaxDepth on flow and block levels combined, with
		// exact positions; the parser only stops runaway nesting before it
		// costs much. Aliases are expanded, and counted, by the builder.
		loaderlimits.New(loaderlimits.DepthValue(max(lim.MaxDepth, parserMaxDepth)), loaderlimits.AliasNone()),
	))
	if err != nil {
		return nil, []Problem{problemAt(wholeFile, CodeSyntax, "cannot start the YAML parser: %v", err)}
	}
	// Blank documents (a lone "---") are skipped; a second one with content
	// is an error.
	var doc *yaml.Node
	for {
		next, err := loadDoc(loader)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, []Problem{yamlProblem(err, data, lim)}
		}
		if isBlankDoc(next) {
			continue
		}
		if doc != nil {
			return nil, []Problem{problemAt(ypos(next), CodeMultiDocument,
				"a second YAML document starts here; a mission file holds one document")}
		}
		doc = next
	}
	if doc == nil {
		return nil, blankProblem(data)
	}

	b := &yamlBuilder{lim: lim, active: map[*yaml.Node]bool{}}
	root := b.value(doc.Content[0], 0)
	if len(b.probs) > 0 {
		return nil, sortProblems(b.probs)
	}
	return root, nil
}

// loadDoc loads the next document. The parser is third-party code fed with
// hostile input; a panic in it becomes an error, never a crash.
func loadDoc(l *yaml.Loader) (doc *yaml.Node, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("the YAML parser failed: %v", r)
		}
	}()
	var n yaml.Node
	if err := l.Load(&n); err != nil {
		return nil, err
	}
	if n.Kind != yaml.DocumentNode || len(n.Content) != 1 {
		return nil, errors.New("the YAML parser returned no document")
	}
	return &n, nil
}

// isBlankDoc reports a document with no content at all, such as a lone
// "---" line.
func isBlankDoc(doc *yaml.Node) bool {
	n := doc.Content[0]
	return n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "" && n.Style == 0 && n.Anchor == ""
}

// parserMaxDepth is the YAML parser's own nesting limit, per kind of nesting.
const parserMaxDepth = 10000

func ypos(n *yaml.Node) Pos { return Pos{Line: n.Line, Col: n.Column} }
