package schema

import (
	"bytes"
	"errors"
	"fmt"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/zmission/zmission/source"
)

// The reference: a general JSON Schema validator, kept in the tests only.
// Its error tree is translated into the walk's form and flattened with the
// same wording, so what is compared is the verdict: the same violations,
// at the same places, of the same kind, with the same figures.

type refSchema struct {
	once sync.Once
	sch  *jsonschema.Schema
	doc  any
	err  error
}

var refCache sync.Map

func reference(name string) (*refSchema, error) {
	v, _ := refCache.LoadOrStore(name, &refSchema{})
	r := v.(*refSchema)
	r.once.Do(func() {
		src, ok := Source(name)
		if !ok {
			r.err = fmt.Errorf("no schema %s", name)
			return
		}
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			r.err = err
			return
		}
		id := Base + name + ".schema.json"
		c := jsonschema.NewCompiler()
		if err := c.AddResource(id, doc); err != nil {
			r.err = err
			return
		}
		r.sch, r.err = c.Compile(id)
		r.doc = doc
	})
	return r, r.err
}

// referenceValidate is Validate with the reference validator's verdicts.
func referenceValidate(t *testing.T, name string, root *source.Node) []Violation {
	t.Helper()
	r, err := reference(name)
	if err != nil {
		t.Fatal(err)
	}
	err = r.sch.Validate(source.ToValue(root))
	if err == nil {
		return nil
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		t.Fatal(err)
	}
	f, _ := fastOf(name)
	var out []Violation
	flatten(translate(t, ve, root, r.doc), f.props, &out)
	return misspelt(dedupe(out))
}

// translate turns the reference's error tree into the walk's.
func translate(t *testing.T, e *jsonschema.ValidationError, root *source.Node, doc any) *verr {
	t.Helper()
	v := &verr{loc: e.InstanceLocation}
	if v.loc == nil {
		v.loc = []string{}
	}
	at := func() *source.Node {
		n := root
		for _, tok := range e.InstanceLocation {
			switch n.Kind {
			case source.Object:
				n = n.Field(tok)
			case source.Array:
				i, _ := strconv.Atoi(tok)
				n = n.Items[i]
			}
		}
		return n
	}
	switch k := e.ErrorKind.(type) {
	case *kind.Schema, *kind.Group:
		v.kind = kGroup
	case *kind.Reference:
		v.kind = kRef
	case *kind.AllOf:
		v.kind = kAllOf
	case *kind.AnyOf:
		v.kind = kAnyOf
	case *kind.OneOf:
		v.kind = kOneOf
		if len(k.Subschemas) == 2 {
			v.n, v.limit = k.Subschemas[0], k.Subschemas[1]
		}
	case *kind.FalseSchema:
		v.kind = kFalse
	case *kind.Type:
		v.kind, v.got, v.types = kType, at(), k.Want
	case *kind.Const:
		v.kind, v.got, v.want = kConst, at(), []any{k.Want}
	case *kind.Enum:
		v.kind, v.got, v.want = kEnum, at(), k.Want
	case *kind.Required:
		v.kind, v.names = kRequired, k.Missing
	case *kind.DependentRequired:
		v.kind, v.prop, v.names = kDependentRequired, k.Prop, k.Missing
	case *kind.AdditionalProperties:
		// The reference visits keys in map order; the walk in document order.
		names := append([]string(nil), k.Properties...)
		n := at()
		sort.Slice(names, func(i, j int) bool { return keyIndex(n, names[i]) < keyIndex(n, names[j]) })
		v.kind, v.names, v.siblings = kAdditional, names, declared(e.SchemaURL, doc)
	case *kind.PropertyNames:
		v.kind, v.prop = kPropertyNames, k.Property
	case *kind.MinLength:
		v.kind, v.n, v.limit = kMinLength, k.Got, k.Want
	case *kind.MaxLength:
		v.kind, v.n, v.limit = kMaxLength, k.Got, k.Want
	case *kind.Pattern:
		v.kind, v.got, v.pattern = kPattern, at(), k.Want
	case *kind.MinItems:
		v.kind, v.n, v.limit = kMinItems, k.Got, k.Want
	case *kind.MaxItems:
		v.kind, v.n, v.limit = kMaxItems, k.Got, k.Want
	case *kind.UniqueItems:
		v.kind, v.n, v.limit = kUnique, k.Duplicates[0], k.Duplicates[1]
	case *kind.MinProperties:
		v.kind, v.n, v.limit = kMinProps, k.Got, k.Want
	case *kind.MaxProperties:
		v.kind, v.n, v.limit = kMaxProps, k.Got, k.Want
	case *kind.Minimum:
		v.kind, v.got, v.bound = kMinimum, at(), keyword(e.SchemaURL, doc, "minimum")
	case *kind.Maximum:
		v.kind, v.got, v.bound = kMaximum, at(), keyword(e.SchemaURL, doc, "maximum")
	case *kind.ExclusiveMinimum:
		v.kind, v.got, v.bound = kExMinimum, at(), keyword(e.SchemaURL, doc, "exclusiveMinimum")
	case *kind.ExclusiveMaximum:
		v.kind, v.got, v.bound = kExMaximum, at(), keyword(e.SchemaURL, doc, "exclusiveMaximum")
	case *kind.Not:
		v.kind = kNot
	default:
		t.Fatalf("the reference reports %T, which the walk does not know", k)
	}
	croot := root
	if v.kind == kPropertyNames { // its causes are about the key, checked as a string
		croot = &source.Node{Kind: source.String, Text: v.prop}
	}
	for _, c := range e.Causes {
		v.causes = append(v.causes, translate(t, c, croot, doc))
	}
	return v
}

// keyword returns a keyword's value in the schema at a URL, as written.
func keyword(schemaURL string, doc any, kw string) string {
	m, _ := schemaAt(schemaURL, doc).(map[string]any)
	return fmt.Sprint(m[kw])
}

func keyIndex(n *source.Node, k string) int {
	for i, x := range n.Keys {
		if x == k {
			return i
		}
	}
	return -1
}

// declared lists the properties of the object schema at a schema URL, as
// the walk keeps them on the compiled node (nil when there are none).
func declared(schemaURL string, doc any) []string {
	m, _ := schemaAt(schemaURL, doc).(map[string]any)
	props, _ := m["properties"].(map[string]any)
	var out []string
	for k := range props {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// schemaAt finds the schema a schema URL's fragment points to.
func schemaAt(schemaURL string, doc any) any {
	_, frag, _ := strings.Cut(schemaURL, "#")
	cur := doc
	for _, p := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if p == "" {
			continue
		}
		switch c := cur.(type) {
		case map[string]any:
			cur = c[strings.ReplaceAll(strings.ReplaceAll(p, "~1", "/"), "~0", "~")]
		case []any:
			i, err := strconv.Atoi(p)
			if err != nil || i < 0 || i >= len(c) {
				return nil
			}
			cur = c[i]
		default:
			return nil
		}
	}
	return cur
}

// sameAsReference fails when Validate and the reference disagree on a
// document; it reports whether the document is valid.
func sameAsReference(t *testing.T, what, name string, root *source.Node) bool {
	t.Helper()
	got, err := Validate(name, root)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	want := referenceValidate(t, name, root)
	// The reference gives a key-name error the location of the object being
	// checked without copying it, so a later key can overwrite it: of such
	// errors only the key is compared, after checking the walk's place ends
	// with it.
	keyOnly := func(vs []Violation, check bool) []Violation {
		out := append([]Violation(nil), vs...)
		for i, v := range out {
			if v.Kind != "key" {
				continue
			}
			if check && !strings.HasSuffix(v.Path, "/"+escape(v.Key)) {
				t.Errorf("%s: key error at %s, not at the key %q", what, v.Path, v.Key)
			}
			out[i].Path = escape(v.Key)
		}
		return out
	}
	// With key-name errors moved, the reference's order is that of its
	// clobbered places: compare as sets.
	bySet := func(vs []Violation) []Violation {
		sort.SliceStable(vs, func(i, j int) bool {
			if vs[i].Path != vs[j].Path {
				return vs[i].Path < vs[j].Path
			}
			return vs[i].Message < vs[j].Message
		})
		return vs
	}
	if !reflect.DeepEqual(bySet(keyOnly(got, true)), bySet(keyOnly(want, false))) {
		t.Errorf("%s (%s):\n walk      %+v\n reference %+v", what, name, got, want)
	}
	return len(want) == 0
}
