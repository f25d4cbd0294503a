package validate

import (
	"strings"
	"testing"

	"github.com/zmission/zmission/source"
)

func parseCfg(t *testing.T, name, text string) (*Config, *source.Node) {
	t.Helper()
	cfg, ds := ParseConfig(name, []byte(text))
	for _, d := range ds {
		if d.Severity == Error {
			t.Fatalf("%s: %s", name, d.Message)
		}
	}
	root, _ := source.Parse(name, []byte(text), source.DefaultLimits)
	return cfg, root
}

// What a pull request's configuration turns down is reported where it is
// written; what it tightens, or leaves as it was, is not.
func TestLoosened(t *testing.T) {
	base, _ := parseCfg(t, "base.yaml", "rules:\n  config: error\n  legacy-tile: warning\nignore:\n  - drafts/**\n  - path: old/*.yaml\n    rules: [config]\n")
	head, root := parseCfg(t, ".zmission.yaml", ""+
		"rules:\n"+
		"  config: warning\n"+ // lowered
		"  legacy-tile: error\n"+ // raised: not reported
		"  unused-ignore-x: off\n"+ // unknown rule: not compared
		"ignore:\n"+
		"  - drafts/**\n"+ // unchanged
		"  - path: old/*.yaml\n    rules: [config, legacy-tile]\n"+ // widened: a new entry
		"  - \"**\"\n") // new
	got := Loosened(base, head, root)
	var lines []string
	for _, d := range got {
		if d.Rule != LoosenedRule || d.Severity != Warning || d.File != ".zmission.yaml" {
			t.Errorf("finding %+v", d)
		}
		lines = append(lines, location(d.File, d.Line, d.Col)+" "+d.Message)
	}
	want := []string{
		`.zmission.yaml:2:3 this configuration checks less than the base branch's: it lowers rule config from error to warning`,
		`.zmission.yaml:7:5 this configuration checks less than the base branch's: it adds ignore "old/*.yaml" (config, legacy-tile)`,
		`.zmission.yaml:9:5 this configuration checks less than the base branch's: it adds ignore "**" (every rule)`,
	}
	if strings.Join(lines, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(lines, "\n"), strings.Join(want, "\n"))
	}
}

// A configuration new in the pull request is compared with the defaults:
// a rule switched off from its default severity is loosening.
func TestLoosenedNewFile(t *testing.T) {
	head, root := parseCfg(t, "m/.zmission.yaml", "rules:\n  config: off\n  legacy-tile: off\n")
	got := Loosened(nil, head, root)
	// legacy-tile is off by default (see sample checks): nothing lower.
	if len(got) != 1 || !strings.Contains(got[0].Message, "turns rule config off (error in the base configuration)") || got[0].Line != 2 {
		t.Errorf("got %+v", got)
	}
	if got := Loosened(head, head, root); len(got) != 0 {
		t.Errorf("a configuration compared with itself: %+v", got)
	}
}
