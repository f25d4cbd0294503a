package app

import (
	"bytes"
	"regexp"
	"strings"
	"testing"
)

// TestHelpDefaultsOnce: a flag whose usage names its default in words
// ("default: the scenario's") does not get a second, numeric one appended.
func TestHelpDefaultsOnce(t *testing.T) {
	twice := regexp.MustCompile(`\(default: [^)]*\).*\(default: `)
	var top bytes.Buffer
	Run([]string{"zmission", "help"}, strings.NewReader(""), &top, &bytes.Buffer{})
	cmds := regexp.MustCompile(`(?m)^   ([a-z]+)[ ,]`).FindAllStringSubmatch(top.String(), -1)
	if len(cmds) < 10 {
		t.Fatalf("found %d commands in the help:\n%s", len(cmds), top.String())
	}
	for _, c := range cmds {
		var out bytes.Buffer
		Run([]string{"zmission", "help", c[1]}, strings.NewReader(""), &out, &bytes.Buffer{})
		for _, l := range strings.Split(out.String(), "\n") {
			if twice.MatchString(l) {
				t.Errorf("zmission help %s: %s", c[1], strings.TrimSpace(l))
			}
		}
	}
}
