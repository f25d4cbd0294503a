package missions

import (
	"bytes"
	"math/rand/v2"
	"os"
	"reflect"
	"strconv"
	"testing"

	"github.com/zmission/zmission/internal/benchgen"
	"go.yaml.in/yaml/v4"
)

// TestPatchTreeAsRead holds patchTree to go-yaml reading the written
// document again: random editor edits (tokens moved, tiles turned,
// pieces placed and removed, any scalar set to awkward words) on the
// examples, a commented copy and a 20×20 board, each patched tree deep
// equal to the one read (values, tags, styles, comments, lines, columns).
func TestPatchTreeAsRead(t *testing.T) {
	var srcs [][]byte
	for _, f := range []string{"../examples/invader/violet-lockdown.yaml", "../examples/classic/night-shift.yaml", "../examples/invader/first-contact.yaml", "testdata/full.yaml"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		srcs = append(srcs, b)
	}
	// Comments beside, between and after the pieces' lines.
	commented := bytes.Replace(srcs[0], []byte("  - {face: 8A, at: [1, 0]}\n"), []byte("  # the second tile\n  - {face: 8A, at: [1, 0]} # its line\n\n  # after it\n"), 1)
	commented = bytes.Replace(commented, []byte("tokens:\n"), []byte("  # the tiles' foot\ntokens:\n"), 1)
	srcs = append(srcs, commented)
	big, err := benchgen.Mission("zombicide-classic", "city", 20, 25)
	if err != nil {
		t.Fatal(err)
	}
	srcs = append(srcs, big)
	words := []string{"yes", "null", "~", "1e3", "0x10", "a: b", "#x", "x #y", "'q'", "-", "[1]", "", " ", "é", "true", "3.0", "007"}
	r := rand.New(rand.NewPCG(45, 7))
	patched, fresh := 0, 0
	for si, src := range srcs {
		data, err := Format(src, false)
		if err != nil {
			t.Fatal(err)
		}
		for i := range 150 {
			base, err := loadYAML(data)
			if err != nil {
				t.Fatal(err)
			}
			docs := cloneDocs(base)
			if !reflect.DeepEqual(docs, base) {
				t.Fatalf("source %d edit %d: the copy differs from the tree", si, i)
			}
			var doc *yaml.Node
			for _, d := range docs {
				if !blankDoc(d) {
					doc = d
					break
				}
			}
			randomEdit(r, doc.Content[0], words)
			canon, err := writeCanonical(data, doc)
			if err != nil {
				continue
			}
			want, werr := loadYAML(canon)
			got := patchTree(data, base, canon)
			if got == nil {
				fresh++
			} else {
				patched++
				if werr != nil || !reflect.DeepEqual(got, want) {
					t.Fatalf("source %d edit %d: the patched tree is not the one read from\n%s", si, i, canon)
				}
			}
			if werr == nil {
				if out, _, err := format(canon, false, nil); err == nil {
					data = out
				}
			}
		}
	}
	if patched < 400 || fresh < 100 {
		t.Fatalf("%d trees patched, %d read again: the test covers too little", patched, fresh)
	}
	t.Logf("%d trees patched, %d read again", patched, fresh)
}

// randomEdit changes root as an editor would: mostly a token moved or a
// tile turned, sometimes a piece placed or removed, or any scalar set.
func randomEdit(r *rand.Rand, root *yaml.Node, words []string) {
	field := func(m *yaml.Node, key string) (int, *yaml.Node) {
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == key {
				return i, m.Content[i+1]
			}
		}
		return -1, nil
	}
	_, tiles := field(root, "tiles")
	_, tokens := field(root, "tokens")
	pick := func(seq *yaml.Node) *yaml.Node {
		if seq == nil || len(seq.Content) == 0 {
			return nil
		}
		return seq.Content[r.IntN(len(seq.Content))]
	}
	switch k := r.IntN(20); {
	case k < 8: // a token moved
		if tok := pick(tokens); tok != nil {
			if _, at := field(tok, "at"); at != nil && len(at.Content) == 2 {
				c := at.Content[r.IntN(2)]
				n, _ := strconv.Atoi(c.Value)
				c.Value = strconv.Itoa(max(0, n+r.IntN(3)-1))
			}
		}
	case k < 14: // a tile turned
		if tile := pick(tiles); tile != nil {
			rot := strconv.Itoa(90 * r.IntN(4))
			if _, v := field(tile, "rot"); v != nil {
				v.Value = rot
			} else {
				tile.Content = append(tile.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: "rot"},
					&yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: rot})
			}
		}
	case k < 16: // a piece placed: a copy of one
		for _, seq := range []*yaml.Node{tiles, tokens} {
			if p := pick(seq); p != nil && r.IntN(2) == 0 {
				seq.Content = append(seq.Content, cloneNode(p))
			}
		}
	case k < 18: // a piece removed
		for _, seq := range []*yaml.Node{tiles, tokens} {
			if seq != nil && len(seq.Content) > 1 && r.IntN(2) == 0 {
				i := r.IntN(len(seq.Content))
				seq.Content = append(seq.Content[:i], seq.Content[i+1:]...)
			}
		}
	default: // any scalar of a piece set to awkward words
		if p := pick(tokens); p != nil && len(p.Content) > 0 {
			c := p.Content[r.IntN(len(p.Content))]
			if c.Kind == yaml.ScalarNode {
				c.Value = words[r.IntN(len(words))]
				if r.IntN(2) == 0 {
					c.Style = yaml.DoubleQuotedStyle
				}
			}
		}
	}
}
