package zmission_test

import (
	"os"
	"strings"
	"testing"
)

// TestSurvivalDocsOutputs runs the '$ zmission ...' examples of the Zombie:
// Survival Infection pages and compares what they print with what the page
// shows, as TestReadmeOutputs does for the README.
func TestSurvivalDocsOutputs(t *testing.T) {
	ran := 0
	for _, f := range []string{"docs/survival-infection-format.md", "docs/rules-survival-infection.md"} {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		inCode := false
		for i, l := range lines {
			if strings.HasPrefix(l, "```") {
				inCode = !inCode
				continue
			}
			if !inCode || !strings.HasPrefix(l, "$ zmission ") || strings.Contains(l, "zmission render") {
				continue
			}
			var shown []string
			for j := i + 1; j < len(lines) && !strings.HasPrefix(lines[j], "$ ") && !strings.HasPrefix(lines[j], "```"); j++ {
				shown = append(shown, lines[j])
			}
			_, stdout, stderr := run(strings.Fields(l)[2:]...)
			got := append(splitOut(stdout), splitOut(stderr)...)
			ran++
			head, tail := shown, []string(nil)
			for k, s := range shown {
				if s == "…" {
					head, tail = shown[:k], shown[k+1:]
				}
			}
			ok := len(got) >= len(head)+len(tail) && equal(got[:len(head)], head) && equal(got[len(got)-len(tail):], tail)
			if len(tail) == 0 && len(head) == len(shown) {
				ok = equal(got, shown)
			}
			if !ok {
				t.Errorf("%s line %d: %s\nshows:\n%s\nprints:\n%s", f, i+1, l, strings.Join(shown, "\n"), strings.Join(got, "\n"))
			}
		}
	}
	if ran < 4 {
		t.Fatalf("only %d examples were run", ran)
	}
}
