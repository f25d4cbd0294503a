package pattern

import (
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// schemaPatterns collects every "pattern" of the embedded schemas.
func schemaPatterns(t *testing.T) []string {
	files, _ := filepath.Glob("../../schema/*.schema.json")
	re := regexp.MustCompile(`"pattern":\s*"((?:[^"\\]|\\.)*)"`)
	seen := map[string]bool{}
	var out []string
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range re.FindAllStringSubmatch(string(data), -1) {
			p := strings.ReplaceAll(m[1], `\\`, `\`)
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	if len(out) < 5 {
		t.Fatalf("only %d patterns found", len(out))
	}
	return out
}

// TestSameAsRegexp: on the schemas' patterns, patterns of the simple shape
// made at random, and tricky ones, MatchString answers as regexp does, on
// strings built from the characters that matter (and some that never match).
func TestSameAsRegexp(t *testing.T) {
	exprs := append(schemaPatterns(t),
		"^[a-z0-9][a-z0-9-]{0,63}$", "^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$", "^[a-z][a-z0-9-]{0,31}$",
		"^[a-z]$", "^[a-z]?$", "^[0-9]{3}$", "^[0-9]{2}[a-z]{0,2}$", "^[_-a]{1,3}$", "^[-a]{2}[b-]{1,2}$",
		"^[a-z]*$", "[a-z]{2}", "^[a-z]{2}", "^[a-z]+$", "^a$", "^[^a]$", `^\s*$`, "^$")
	r := rand.New(rand.NewPCG(1, 2))
	classes := []string{"a-z", "a-z0-9", "a-z0-9-", "A-Za-z0-9_-", "0-9", "-a", "x_-"}
	for i := 0; i < 200; i++ {
		var b strings.Builder
		b.WriteString("^")
		n := 1 + r.IntN(3)
		for k := 0; k < n; k++ {
			b.WriteString("[" + classes[r.IntN(len(classes))] + "]")
			if k == n-1 {
				lo := r.IntN(3)
				b.WriteString("{" + itoa(lo) + "," + itoa(lo+r.IntN(5)) + "}")
			} else if r.IntN(2) == 0 {
				b.WriteString("{" + itoa(1+r.IntN(2)) + "}")
			}
		}
		b.WriteString("$")
		exprs = append(exprs, b.String())
	}
	alphabet := []rune("az09-_AZ/, \té.ä")
	simpleSeen := 0
	for _, e := range exprs {
		p := New(e)
		if p.Simple() {
			simpleSeen++
		}
		re := regexp.MustCompile(e)
		for j := 0; j < 300; j++ {
			var s strings.Builder
			for k := r.IntN(12); k > 0; k-- {
				s.WriteRune(alphabet[r.IntN(len(alphabet))])
			}
			if got, want := p.MatchString(s.String()), re.MatchString(s.String()); got != want {
				t.Fatalf("%s on %q: %v, regexp says %v", e, s.String(), got, want)
			}
		}
		for _, s := range []string{"", "a", "first-contact", strings.Repeat("a", 40), strings.Repeat("a", 64), "-a", "1A", "police-station"} {
			if got, want := p.MatchString(s), re.MatchString(s); got != want {
				t.Fatalf("%s on %q: %v, regexp says %v", e, s, got, want)
			}
		}
	}
	if simpleSeen < 150 {
		t.Errorf("only %d of %d expressions took the simple path", simpleSeen, len(exprs))
	}
	for _, e := range []string{"^[a-z0-9][a-z0-9-]{0,39}$", "^[a-z0-9][a-z0-9-]{0,63}$", "^[a-z][a-z0-9-]{0,31}$", "^[A-Za-z0-9][A-Za-z0-9_-]{0,15}$"} {
		if !New(e).Simple() {
			t.Errorf("%s: not on the simple path", e)
		}
	}
	for _, e := range []string{"[a-z]{2}", "^[a-z]*$", "^[^a]$", `^\s*$`, "^[a-z]{0,2}[0-9]$", "^(a)$"} {
		if New(e).Simple() {
			t.Errorf("%s: taken as simple", e)
		}
	}
}

func itoa(n int) string { return string(rune('0' + n)) }
