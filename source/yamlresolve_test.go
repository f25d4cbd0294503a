package source

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"go.yaml.in/yaml/v4"
)

// The hand-written matchers answer as the patterns they stand for.
func TestYAMLNumberMatchers(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 9))
	const alphabet = "0123456789+-._eExXoObB"
	for range 20000 {
		n := r.IntN(7)
		b := make([]byte, n)
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		s := string(b)
		if got, want := yamlStyleFloat(s), goYAMLStyleFloatRE.MatchString(s); got != want {
			t.Errorf("yamlStyleFloat(%q) = %v, want %v", s, got, want)
		}
		if got, want := yamlLooseFloat(s), builderFloatRE.MatchString(s); got != want {
			t.Errorf("yamlLooseFloat(%q) = %v, want %v", s, got, want)
		}
		if !strings.Contains(s, "_") {
			_, err := strconvParseInt(s)
			if syntax := goIntSyntax(s); syntax != (err == nil || isRangeErr(err)) {
				t.Errorf("goIntSyntax(%q) = %v, but ParseInt says %v", s, syntax, err)
			}
		}
	}
}

// builderFloatRE is the pattern of yamlFloatRE (yamlnum.go), which the
// builder's rule for large plain numbers uses; copied, as the variable is
// built on first use.
var builderFloatRE = regexp.MustCompile(`^([-+]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([-+]?[0-9]+))?$`)

// goYAMLStyleFloatRE is go-yaml's yamlStyleFloat pattern, copied.
var goYAMLStyleFloatRE = regexp.MustCompile(`^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$`)

func strconvParseInt(s string) (int64, error) { return strconv.ParseInt(s, 0, 64) }

func isRangeErr(err error) bool { return errors.Is(err, strconv.ErrRange) }

// TestYAMLPlainTag: yamlPlainTag gives the tag go-yaml gives, on the words
// and numbers that resolve to something and on random text.
func TestYAMLPlainTag(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 13))
	const alphabet = "0123456789+-._eExXoObBaAfFtTnNyYlLuUrRsS~<:/ "
	words := []string{"true", "True", "TRUE", "false", "FALSE", "null", "Null", "NULL", "~", "<<", ".nan", ".NaN", ".NAN",
		".inf", ".Inf", ".INF", "+.inf", "-.INF", "-0", "-0.0", "0", "017", "08", "0x1F", "0o17", "0b101", "1_000", "1e400",
		"2001-12-14", "2001-12-14T21:59:43.10Z", "2001-12-14 21:59:43.10", "9223372036854775808", "-9223372036854775809",
		"18446744073709551615", "18446744073709551616", "1.", ".5", "+.5", "5e3", "5e", "yes", "no", "on", "off"}
	for range 5000 {
		b := make([]byte, 1+r.IntN(10))
		for i := range b {
			b[i] = alphabet[r.IntN(len(alphabet))]
		}
		words = append(words, string(b))
	}
	compared := 0
	for _, s := range words {
		doc := "k: " + s + "\n"
		loader, err := yaml.NewLoader(bytes.NewReader([]byte(doc)))
		if err != nil {
			t.Fatal(err)
		}
		n, err := loadDoc(loader)
		if err != nil || n.Content[0].Kind != yaml.MappingNode || len(n.Content[0].Content) != 2 {
			continue
		}
		v := n.Content[0].Content[1]
		if v.Kind != yaml.ScalarNode || v.Style != 0 || v.Value != s {
			continue
		}
		compared++
		if got := yamlPlainTag(s); got != v.Tag {
			t.Errorf("yamlPlainTag(%q) = %s, go-yaml says %s", s, got, v.Tag)
		}
	}
	if compared < len(words)/2 {
		t.Errorf("only %d of %d words compared", compared, len(words))
	}
}
