package zmission_test

import (
	"os"
	"strings"
	"testing"
)

// TestFacilityDocsOutputs runs every '$ zmission ...' example in the
// facility docs, as TestReadmeOutputs does for the README: the output shown
// must be what the program prints ('…' stands for lines left out).
func TestFacilityDocsOutputs(t *testing.T) {
	ran := 0
	for _, file := range []string{"docs/facility-format.md", "docs/rules-facility.md"} {
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(string(data), "\n")
		inCode := false
		for i := 0; i < len(lines); i++ {
			l := lines[i]
			if strings.HasPrefix(l, "```") {
				inCode = !inCode
				continue
			}
			if !inCode || !strings.HasPrefix(l, "$ zmission ") {
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
				t.Errorf("%s line %d: %s\nshows:\n%s\nprints:\n%s", file, i+1, l, strings.Join(shown, "\n"), strings.Join(got, "\n"))
			}
		}
	}
	if ran < 2 {
		t.Fatalf("only %d facility doc examples were run", ran)
	}
}
