package validate

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

// sample is a fixed set of findings covering hints, related locations,
// unregistered rules, unknown positions and characters every format must
// escape. It is deliberately out of order.
func sample() []Diagnostic {
	return []Diagnostic{
		{File: "missions/a.yaml", Line: 12, Col: 5, EndLine: 14, EndCol: 2, Severity: Error, Rule: "exit-unreachable",
			Message: "exit Z3 is unreachable from the start",
			Hint:    "open the red door at B2, or move the exit",
			Related: []Related{
				{File: "missions/a.yaml", Line: 9, Col: 3, Message: "the red door is locked"},
				{File: "tiles/b c.yaml", Line: 2, Col: 1, Message: "wall here"},
			}},
		{File: "missions/odd, name:1.yaml", Line: 1, Col: 1, Severity: Info, Rule: "yaml-style",
			Message: "line one\nline two\r\n100% \x1b[31mred\x1b[0m"},
		{File: "missions/a.yaml", Line: 3, Col: 1, EndLine: 3, EndCol: 9, Severity: Warning, Rule: "spawn-near-start",
			Message: "spawn <S1> & start are 1 zone apart, limit: 2"},
		{File: "missions/a.yaml", Line: 3, Col: 1, Severity: Off, Rule: "legacy-tile",
			Message: "switched off, never shown"},
		{File: "/abs/path/b c#1.yaml", Line: 7, Severity: Error, Rule: "schema",
			Message: "missing property \"tiles\""},
	}
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", "golden", name)
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from golden file:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

func write(t *testing.T, f Format, ds []Diagnostic, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, f, ds, o); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGoldenFormats(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    Format
		o    Options
	}{
		{"sample.txt", Text, Options{}},
		{"sample.color.txt", Text, Options{Color: true}},
		{"sample.json", JSON, Options{Color: true}},
		{"sample.sarif", SARIF, Options{Version: "1.2.3", Color: true}},
		{"sample.github", GitHub, Options{Color: true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in := sample()
			before := slices.Clone(in)
			got := write(t, tc.f, in, tc.o)
			golden(t, tc.name, got)
			if !slices.EqualFunc(in, before, func(a, b Diagnostic) bool { return a.Message == b.Message }) {
				t.Error("Write reordered the caller's slice")
			}
			if tc.f != Text && bytes.Contains(got, []byte("\x1b")) {
				t.Error("machine format carries an escape character")
			}
			if bytes.Contains(got, []byte("switched off")) {
				t.Error("a diagnostic switched off was written")
			}
		})
	}
}

func TestTextColorOnlyWhenAsked(t *testing.T) {
	plain := write(t, Text, sample(), Options{})
	if bytes.Contains(plain, []byte("\x1b[")) {
		t.Errorf("colour without Color: %q", plain)
	}
	colored := write(t, Text, sample(), Options{Color: true})
	for _, want := range []string{"\x1b[31;1merror", "\x1b[33;1mwarning", "\x1b[36;1minfo", "\x1b[2m[exit-unreachable]", "\x1b[1mmissions/a.yaml:12:5"} {
		if !bytes.Contains(colored, []byte(want)) {
			t.Errorf("coloured text lacks %q", want)
		}
	}
}

func TestTextLines(t *testing.T) {
	got := string(write(t, Text, sample(), Options{}))
	want := "missions/a.yaml:12:5: error: exit Z3 is unreachable from the start [exit-unreachable]\n" +
		"    hint: open the red door at B2, or move the exit\n" +
		"    missions/a.yaml:9:3: note: the red door is locked\n"
	if !strings.Contains(got, want) {
		t.Errorf("text output lacks\n%s\ngot\n%s", want, got)
	}
	if !strings.Contains(got, "/abs/path/b c#1.yaml:7: error:") {
		t.Errorf("a diagnostic without a column prints path:line:\n%s", got)
	}
	for _, l := range strings.Split(strings.TrimSuffix(got, "\n"), "\n") {
		if !strings.HasPrefix(l, "    ") && !strings.Contains(l, ": ") {
			t.Errorf("line %q is neither a finding nor indented", l)
		}
	}
}

func TestEmptyOutputs(t *testing.T) {
	for _, ds := range [][]Diagnostic{nil, {}, {{File: "a", Severity: Off, Rule: "x"}}} {
		if got := write(t, Text, ds, Options{Color: true}); len(got) != 0 {
			t.Errorf("text: %q", got)
		}
		if got := write(t, GitHub, ds, Options{}); len(got) != 0 {
			t.Errorf("github: %q", got)
		}
		if got := string(write(t, JSON, ds, Options{})); got != "{\n  \"diagnostics\": []\n}\n" {
			t.Errorf("json: %q", got)
		}
		var log map[string]any
		if err := json.Unmarshal(write(t, SARIF, ds, Options{}), &log); err != nil {
			t.Fatal(err)
		}
		res, ok := log["runs"].([]any)[0].(map[string]any)["results"].([]any)
		if !ok || len(res) != 0 {
			t.Errorf("sarif results = %#v, want an empty array", res)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	var got struct{ Diagnostics []Diagnostic }
	if err := json.Unmarshal(write(t, JSON, sample(), Options{}), &got); err != nil {
		t.Fatal(err)
	}
	want := prepare(sample())
	if len(got.Diagnostics) != len(want) {
		t.Fatalf("got %d diagnostics, want %d", len(got.Diagnostics), len(want))
	}
	for i := range want {
		g, w := got.Diagnostics[i], want[i]
		if g.File != w.File || g.Line != w.Line || g.Col != w.Col || g.Severity != w.Severity ||
			g.Rule != w.Rule || g.Message != w.Message || g.Hint != w.Hint || len(g.Related) != len(w.Related) {
			t.Errorf("diagnostic %d: got %+v, want %+v", i, g, w)
		}
	}
	var raw map[string][]map[string]any
	_ = json.Unmarshal(write(t, JSON, sample(), Options{}), &raw)
	if sev := raw["diagnostics"][0]["severity"]; sev != "error" {
		t.Errorf("severity marshals as %#v, want \"error\"", sev)
	}
	if _, has := raw["diagnostics"][1]["hint"]; has {
		t.Error("an empty hint is written")
	}
}

func TestSARIFStructure(t *testing.T) {
	var log struct {
		Schema  string `json:"$schema"`
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name, Version, InformationURI string
					Rules                         []struct {
						ID, Name, HelpURI    string
						ShortDescription     struct{ Text string }
						FullDescription      struct{ Text string }
						DefaultConfiguration struct {
							Level   string
							Enabled *bool
						}
					}
				}
			}
			Results []struct {
				RuleID    string
				RuleIndex *int
				Level     string
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI, URIBaseID string }
						Region           *struct{ StartLine, StartColumn int }
					}
				}
				RelatedLocations []struct {
					Message struct{ Text string }
				}
			}
		}
	}
	if err := json.Unmarshal(write(t, SARIF, sample(), Options{Version: "9.9"}), &log); err != nil {
		t.Fatal(err)
	}
	if log.Schema != "https://json.schemastore.org/sarif-2.1.0.json" || log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("bad header: %q %q %d runs", log.Schema, log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	d := run.Tool.Driver
	if d.Name != "zmission" || d.Version != "9.9" || d.InformationURI != "https://github.com/zmission/zmission" {
		t.Errorf("driver = %+v", d)
	}
	ids := map[string]int{}
	for i, r := range d.Rules {
		ids[r.ID] = i
	}
	for _, c := range Checks() {
		i, ok := ids[c.ID]
		if !ok {
			t.Errorf("registered check %s missing from rules", c.ID)
			continue
		}
		r := d.Rules[i]
		if r.ShortDescription.Text != c.Title || r.HelpURI != "https://github.com/zmission/zmission/blob/main/docs/checks.md#"+c.ID {
			t.Errorf("rule %s = %+v", c.ID, r)
		}
	}
	er := d.Rules[ids["exit-unreachable"]]
	if er.Name != "ExitUnreachable" || er.FullDescription.Text != "Finds exits no survivor can reach. Doors and walls count." || er.DefaultConfiguration.Level != "error" {
		t.Errorf("exit-unreachable rule = %+v", er)
	}
	if lt := d.Rules[ids["legacy-tile"]].DefaultConfiguration; lt.Level != "none" || lt.Enabled == nil || *lt.Enabled {
		t.Errorf("a check off by default: %+v", lt)
	}
	if len(run.Results) != 4 {
		t.Fatalf("%d results, want 4", len(run.Results))
	}
	levels := map[string]bool{}
	for _, r := range run.Results {
		if r.RuleIndex == nil || *r.RuleIndex < 0 || *r.RuleIndex >= len(d.Rules) || d.Rules[*r.RuleIndex].ID != r.RuleID {
			t.Errorf("result for %s has a bad ruleIndex", r.RuleID)
		}
		if len(r.Locations) != 1 {
			t.Errorf("result for %s has %d locations", r.RuleID, len(r.Locations))
		}
		levels[r.Level] = true
	}
	if !levels["error"] || !levels["warning"] || !levels["note"] || len(levels) != 3 {
		t.Errorf("levels = %v", levels)
	}
	abs := run.Results[0].Locations[0].PhysicalLocation
	if abs.ArtifactLocation.URI != "file:///abs/path/b%20c%231.yaml" || abs.ArtifactLocation.URIBaseID != "" ||
		abs.Region == nil || abs.Region.StartLine != 7 || abs.Region.StartColumn != 0 {
		t.Errorf("absolute location = %+v %+v", abs.ArtifactLocation, abs.Region)
	}
	first := run.Results[2]
	loc := first.Locations[0].PhysicalLocation
	if loc.ArtifactLocation.URI != "missions/a.yaml" || loc.ArtifactLocation.URIBaseID != "%SRCROOT%" || loc.Region.StartLine != 12 || loc.Region.StartColumn != 5 {
		t.Errorf("relative location = %+v %+v", loc.ArtifactLocation, loc.Region)
	}
	if first.Message.Text != "exit Z3 is unreachable from the start\nhint: open the red door at B2, or move the exit" {
		t.Errorf("message = %q", first.Message.Text)
	}
	if len(first.RelatedLocations) != 2 || first.RelatedLocations[0].Message.Text != "the red door is locked" {
		t.Errorf("related = %+v", first.RelatedLocations)
	}
}

func TestSARIFDeterministic(t *testing.T) {
	a := write(t, SARIF, sample(), Options{})
	ds := sample()
	slices.Reverse(ds)
	if b := write(t, SARIF, ds, Options{}); !bytes.Equal(a, b) {
		t.Error("SARIF output depends on input order")
	}
}

func TestSARIFURI(t *testing.T) {
	for in, want := range map[string][2]string{
		"missions/a.yaml":  {"missions/a.yaml", "%SRCROOT%"},
		"a b.yaml":         {"a%20b.yaml", "%SRCROOT%"},
		"c:d.yaml":         {"./c:d.yaml", "%SRCROOT%"},
		"/home/u/x.yaml":   {"file:///home/u/x.yaml", ""},
		"../up/x.yaml":     {"../up/x.yaml", "%SRCROOT%"},
		"dir/100%done.yml": {"dir/100%25done.yml", "%SRCROOT%"},
	} {
		uri, base := sarifURI(in)
		if uri != want[0] || base != want[1] {
			t.Errorf("sarifURI(%q) = %q, %q; want %q, %q", in, uri, base, want[0], want[1])
		}
	}
}

func TestGitHubEscapes(t *testing.T) {
	got := string(write(t, GitHub, sample(), Options{}))
	for _, want := range []string{
		"::notice file=missions/odd%2C name%3A1.yaml,line=1,col=1,title=yaml-style::line one%0Aline two%0A100%25 \\x1b[31mred\\x1b[0m\n",
		"::warning file=missions/a.yaml,line=3,col=1,endColumn=8,title=spawn-near-start::spawn <S1> & start are 1 zone apart, limit: 2\n",
		"::error file=/abs/path/b c#1.yaml,line=7,title=schema::missing property \"tiles\"\n",
		"::error file=missions/a.yaml,line=12,endLine=14,col=5,title=exit-unreachable::exit Z3",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("github output lacks %q\ngot:\n%s", want, got)
		}
	}
	if n := strings.Count(got, "\n"); n != 4 {
		t.Errorf("%d lines, want one per finding (4)", n)
	}
}

func TestGitHubEscapeFunctions(t *testing.T) {
	if got := escapeData("50% a:b,c\r\nd"); got != "50%25 a:b,c%0D%0Ad" {
		t.Errorf("escapeData = %q", got)
	}
	if got := escapeProperty("50% a:b,c\r\nd"); got != "50%25 a%3Ab%2Cc%0D%0Ad" {
		t.Errorf("escapeProperty = %q", got)
	}
}

func TestParseFormat(t *testing.T) {
	for _, s := range []string{"text", "json", "sarif", "github"} {
		if f, ok := ParseFormat(s); !ok || string(f) != s {
			t.Errorf("ParseFormat(%q) = %q, %v", s, f, ok)
		}
	}
	for _, s := range []string{"", "TEXT", "xml", "sarif "} {
		if _, ok := ParseFormat(s); ok {
			t.Errorf("ParseFormat(%q) accepted", s)
		}
	}
	if err := Write(&bytes.Buffer{}, Format("xml"), nil, Options{}); err == nil {
		t.Error("Write accepted an unknown format")
	}
}

func TestDiagnosticMarshalJSON(t *testing.T) {
	b, err := json.Marshal(Diagnostic{File: "a.yaml", Line: 1, Col: 2, Severity: Warning, Rule: "r", Message: "a < b"})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"file":"a.yaml","line":1,"col":2,"severity":"warning","rule":"r","message":"a \u003c b"}`; string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
	var d Diagnostic
	if err := json.Unmarshal([]byte(`{"severity":"loud"}`), &d); err == nil {
		t.Error("an unknown severity name was accepted")
	}
	if _, err := json.Marshal(Diagnostic{Severity: 9}); err == nil {
		t.Error("an out-of-range severity was marshalled")
	}
}
