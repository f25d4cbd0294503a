package validate

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

// FuzzConfig feeds arbitrary documents to the configuration reader: it must
// never panic, and every diagnostic it gives must be located.
func FuzzConfig(f *testing.F) {
	for _, s := range []string{
		"rules:\n  exit-unreachable: off\n",
		"rules:\n  mold-distance:\n    severity: warning\n    threshold: 2\n    zones: [a]\n",
		"ignore:\n  - path: \"drafts/**\"\n    rules: [exit-unreachable]\n  - x\n",
		"{\"rules\": {\"a\": [1, {\"b\": null}]}}",
		"- 1\n",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		root, problems := source.Parse(".zmission.yaml", data, source.DefaultLimits)
		if len(problems) > 0 || root == nil {
			return
		}
		cfg, ds := readConfig(".zmission.yaml", root)
		if cfg == nil {
			t.Fatal("nil Config")
		}
		for _, d := range ds {
			if d.Line < 1 || d.Col < 1 || d.Rule != configRule || d.Message == "" {
				t.Errorf("bad diagnostic %+v", d)
			}
		}
		cfg.Apply([]Diagnostic{{File: "drafts/a.yaml", Severity: Error, Rule: "exit-unreachable"}})
	})
}

// FuzzGlob checks that any pattern either is refused or matches without
// panicking, and that a folder pattern covers what is inside it.
func FuzzGlob(f *testing.F) {
	f.Add("drafts/**", "drafts/a/b.yaml")
	f.Add("**/old-*.yaml", "x/old-1.yaml")
	f.Add("[a-", "a")
	f.Fuzz(func(t *testing.T, pattern, path string) {
		g, err := compileGlob(pattern)
		if err != nil {
			return
		}
		if g.match(path) && !g.match(path+"/inner.yaml") && !strings.HasSuffix(path, "/") {
			t.Errorf("%q matches %q but not what is inside it", pattern, path)
		}
	})
}

// FuzzFormats writes one arbitrary diagnostic in every format: machine
// formats must stay parseable and one line per finding must hold.
func FuzzFormats(f *testing.F) {
	f.Add("a.yaml", "rule", "msg", "hint", 1, 2)
	f.Add("x,y:z%.yaml", "r:1", "a\r\nb\x1b", "", 0, 0)
	f.Fuzz(func(t *testing.T, file, rule, msg, hint string, line, col int) {
		ds := []Diagnostic{{File: file, Line: line, Col: col, Severity: Warning, Rule: rule, Message: msg, Hint: hint,
			Related: []Related{{File: file, Line: line, Col: col, Message: msg}}}}
		for _, format := range Formats {
			var b bytes.Buffer
			if err := Write(&b, format, ds, Options{}); err != nil {
				t.Fatal(err)
			}
			switch format {
			case JSON, SARIF:
				if !json.Valid(b.Bytes()) {
					t.Errorf("%s output is not JSON: %q", format, b.Bytes())
				}
			case GitHub:
				if strings.Count(b.String(), "\n") != 1 {
					t.Errorf("github annotation spans lines: %q", b.String())
				}
			case Text:
				for _, l := range strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")[1:] {
					if !strings.HasPrefix(l, "    ") {
						t.Errorf("text continuation not indented: %q", b.String())
					}
				}
			}
		}
	})
}
