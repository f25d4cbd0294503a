package validate

import (
	"bytes"
	"encoding/json"
	"regexp"
	"strings"
	"testing"
)

// codeScanLog is the part of a SARIF log code scanning reads beyond the
// schema: rule help and names, fingerprints, the invocation.
type codeScanLog struct {
	Runs []struct {
		Tool struct {
			Driver struct {
				Rules []struct {
					ID, Name string
					Help     *struct{ Text, Markdown string }
				}
			}
		}
		Invocations []struct {
			ExecutionSuccessful        bool
			ToolExecutionNotifications []struct {
				Level   string
				Message struct{ Text string }
			}
		}
		Results []struct {
			RuleID              string
			PartialFingerprints map[string]string
		}
	}
}

func readCodeScan(t *testing.T, b []byte) codeScanLog {
	t.Helper()
	var log codeScanLog
	if err := json.Unmarshal(b, &log); err != nil {
		t.Fatal(err)
	}
	return log
}

var pascal = regexp.MustCompile(`^[A-Z][A-Za-z0-9]*$`)

// The Multitool's GitHub rules (GH2012) want a help object on every rule,
// and SARIF1001 a name that is not the id, compared without case.
func TestSARIFRulesForCodeScanning(t *testing.T) {
	ds := append(sample(), Diagnostic{File: "a.yaml", Line: 1, Col: 1, Severity: Error, Rule: "read", Message: "cannot read"})
	log := readCodeScan(t, write(t, SARIF, ds, Options{}))
	rules := log.Runs[0].Tool.Driver.Rules
	if len(rules) == 0 {
		t.Fatal("no rules")
	}
	for _, r := range rules {
		if r.Help == nil || strings.TrimSpace(r.Help.Text) == "" || strings.TrimSpace(r.Help.Markdown) == "" {
			t.Errorf("rule %s has no help text and markdown: %+v", r.ID, r.Help)
		}
		if !pascal.MatchString(r.Name) || strings.EqualFold(r.Name, r.ID) {
			t.Errorf("rule %s is named %q: want PascalCase, not the id", r.ID, r.Name)
		}
	}
	for id, want := range map[string]string{"read": "ReadProblem", "exit-unreachable": "ExitUnreachable", "x": "XProblem"} {
		if got := sarifName(id); got != want {
			t.Errorf("sarifName(%q) = %q, want %q", id, got, want)
		}
	}
}

// The help is the check's documentation: its title and doc as text, its
// section of docs/checks.md (examples included) as Markdown.
func TestSARIFHelpFromCatalogue(t *testing.T) {
	c := &Check{ID: "door-jam", Title: "A door cannot open", Severity: Warning,
		Doc: "Doors need a free side.\n\nMove the wall (see [config.md](config.md#ignore)).", Bad: "doors: [A1]\n", Good: "doors: []\n"}
	h := checkHelp(c)
	if !strings.HasPrefix(h.Text, "A door cannot open\n\nDoors need a free side.\n\nMove the wall (see [config.md](config.md#ignore)).") || !strings.HasSuffix(h.Text, DocURL("door-jam")) {
		t.Errorf("help text = %q", h.Text)
	}
	for _, want := range []string{"## door-jam\n", "- Default severity: warning", "Move the wall (see [config.md](https://github.com/zmission/zmission/blob/main/docs/config.md#ignore)).", "```yaml\ndoors: [A1]\n```", "### Fixed", "(" + DocURL("door-jam") + ")"} {
		if !strings.Contains(h.Markdown, want) {
			t.Errorf("help markdown lacks %q:\n%s", want, h.Markdown)
		}
	}
}

func fingerprintsOf(t *testing.T, ds []Diagnostic) []string {
	t.Helper()
	log := readCodeScan(t, write(t, SARIF, ds, Options{}))
	var out []string
	for _, r := range log.Runs[0].Results {
		fp, ok := r.PartialFingerprints[fingerprintKey]
		if !ok {
			t.Fatalf("result %s has no %s: %v", r.RuleID, fingerprintKey, r.PartialFingerprints)
		}
		out = append(out, fp)
	}
	return out
}

// An alert follows its finding when lines move: the fingerprint is what
// the finding is about, not where it is.
func TestSARIFFingerprintsFollowMovedLines(t *testing.T) {
	at := func(line int, ptr, msg string) Diagnostic {
		return Diagnostic{File: "m.yaml", Line: line, Col: 3, Severity: Error, Rule: "door-jam", Pointer: ptr, Message: msg}
	}
	before := fingerprintsOf(t, []Diagnostic{at(10, "/doors/0", "door A1 jams")})
	after := fingerprintsOf(t, []Diagnostic{at(14, "/doors/0", "door A1 jams")})
	if before[0] != after[0] {
		t.Errorf("moving the finding 4 lines changed its fingerprint: %s -> %s", before[0], after[0])
	}
	other := fingerprintsOf(t, []Diagnostic{at(10, "/doors/1", "door A1 jams")})
	if other[0] == before[0] {
		t.Error("findings about different values share a fingerprint")
	}
	// Without a pointer the message identifies it, line numbers left out.
	m1 := fingerprintsOf(t, []Diagnostic{at(5, "", "duplicate key \"a\": it is already defined at line 3")})
	m2 := fingerprintsOf(t, []Diagnostic{at(9, "", "duplicate key \"a\": it is already defined at line 7")})
	m3 := fingerprintsOf(t, []Diagnostic{at(9, "", "duplicate key \"b\": it is already defined at line 7")})
	if m1[0] != m2[0] || m1[0] == m3[0] {
		t.Errorf("message fingerprints: %s %s %s", m1[0], m2[0], m3[0])
	}
	// Two findings alike in all but their line are told apart by rank.
	twice := fingerprintsOf(t, []Diagnostic{at(4, "/doors/0", "door A1 jams"), at(8, "/doors/0", "door A1 jams")})
	if !strings.HasSuffix(twice[0], ":1") || !strings.HasSuffix(twice[1], ":2") || strings.TrimSuffix(twice[0], ":1") != strings.TrimSuffix(twice[1], ":2") {
		t.Errorf("repeated fingerprints = %v", twice)
	}
}

// A run that did not complete says so in its invocation; a complete one
// writes none (its results are the whole story).
func TestSARIFFailedRun(t *testing.T) {
	var b bytes.Buffer
	s, err := NewStream(&b, SARIF, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s.Failed("cannot read m.yaml")
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	log := readCodeScan(t, b.Bytes())
	inv := log.Runs[0].Invocations
	if len(inv) != 1 || inv[0].ExecutionSuccessful || len(inv[0].ToolExecutionNotifications) != 1 ||
		inv[0].ToolExecutionNotifications[0].Message.Text != "cannot read m.yaml" || inv[0].ToolExecutionNotifications[0].Level != "error" {
		t.Errorf("invocations = %+v", inv)
	}
	if log := readCodeScan(t, write(t, SARIF, sample(), Options{})); len(log.Runs[0].Invocations) != 0 {
		t.Errorf("a complete run has invocations: %+v", log.Runs[0].Invocations)
	}
}

// A stream that is never closed (the run stopped with a usage error)
// writes nothing in JSON or SARIF: no report that reads as clean.
func TestStreamUnclosedWritesNothing(t *testing.T) {
	for _, f := range []Format{JSON, SARIF} {
		var b bytes.Buffer
		if _, err := NewStream(&b, f, Options{}); err != nil {
			t.Fatal(err)
		}
		if b.Len() != 0 {
			t.Errorf("%s: %q written before any finding or Close", f, b.String())
		}
	}
}

// Paths rewrites every path of the machine formats, related ones too, and
// leaves text (and the caller's findings) as they were.
func TestOptionsPaths(t *testing.T) {
	o := Options{Paths: func(p string) string { return "root/" + p }}
	for _, f := range []Format{JSON, SARIF, GitHub} {
		got := string(write(t, f, sample(), o))
		if !strings.Contains(got, "root/missions") || !strings.Contains(got, "root/tiles") {
			t.Errorf("%s: paths not rewritten:\n%s", f, got)
		}
	}
	in := sample()
	if got := string(write(t, Text, in, o)); strings.Contains(got, "root/") {
		t.Errorf("text paths rewritten:\n%s", got)
	}
	write(t, JSON, in, o)
	if in[0].File != "missions/a.yaml" || in[0].Related[1].File != "tiles/b c.yaml" {
		t.Errorf("the caller's findings were changed: %+v", in[0])
	}
}
