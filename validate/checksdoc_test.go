package validate

import (
	"bytes"
	"strings"
	"testing"
)

// fakeRun stands for the application: it reports the example it was given.
func fakeRun(example string) string {
	return "example.yaml:1:1: error: found " + strings.TrimSpace(strings.SplitN(example, "\n", 2)[0]) + " [fake]\n"
}

func TestWriteChecksDoc(t *testing.T) {
	var b bytes.Buffer
	if err := WriteChecksDoc(&b, fakeRun, nil); err != nil {
		t.Fatal(err)
	}
	golden(t, "checks.md", b.Bytes())
	got := b.String()
	for _, want := range []string{
		"| [mold-distance](#mold-distance) | Mold \\| spreads too far | info | invader, invader-2 |\n",
		"| [exit-unreachable](#exit-unreachable) | The exit cannot be reached from the start | error | all |\n",
		"## exit-unreachable\n",
		"### Example\n\n```yaml\nexit: Z9\n```\n\n```\nexample.yaml:1:1: error: found exit: Z9 [fake]\n```\n",
		"### Fixed\n\n```yaml\nexit: Z2\n```\n",
		"````yaml\nmold: [Z1, Z7]\n```\n````\n", // a longer fence around backticks
		"- Options: `label` (default `x`), `ratio` (default `0.5`, from 0 to 1)",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("checks doc lacks %q", want)
		}
	}
	if strings.Index(got, "## exit-unreachable") > strings.Index(got, "## spawn-near-start") {
		t.Error("sections are not sorted by id")
	}
}

func TestWriteCheckDoc(t *testing.T) {
	var b bytes.Buffer
	if err := WriteCheckDoc(&b, Lookup("spawn-near-start"), fakeRun, nil); err != nil {
		t.Fatal(err)
	}
	want := "# spawn-near-start\n\nA spawn zone is too close to the starting zone\n\n" +
		"- Default severity: warning\n- Games: invader\n\n" +
		"Spawns next to the start make the first turn unfair.\n\n" +
		"## Example\n\n```yaml\nspawn: Z1\nstart: Z1\n```\n\n```\nexample.yaml:1:1: error: found spawn: Z1 [fake]\n```\n\n" +
		"## Fixed\n\n```yaml\nspawn: Z8\nstart: Z1\n```\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

func TestWriteChecksDocNeedsExamples(t *testing.T) {
	checks := []*Check{Lookup("exit-unreachable"), {ID: "bare", Title: "No docs", Bad: "x: 1\n"}}
	var b bytes.Buffer
	err := writeChecksDoc(&b, checks, fakeRun, nil)
	if err == nil || !strings.Contains(err.Error(), "bare") {
		t.Errorf("err = %v, want one naming the undocumented check", err)
	}
	if b.Len() != 0 {
		t.Error("wrote a partial catalogue")
	}
}
