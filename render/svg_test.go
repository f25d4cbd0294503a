package render

import (
	"bytes"
	"encoding/xml"
	"flag"
	"github.com/zmission/zmission/render/printout"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
)

const examplesDir = "../examples"

// missionScene lints a mission file and returns its placed board and game.
func missionScene(t testing.TB, path string) (*rules.Scene, rules.BoardGame) {
	t.Helper()
	r := lint.Path(path, lint.Options{Limits: source.DefaultLimits})
	if r.Scene == nil {
		t.Fatalf("%s: no board: %v", path, r.Diags)
	}
	g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
	return r.Scene, g
}

func renderSVG(t testing.TB, s *rules.Scene, g rules.BoardGame, o Options) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := SVG(&b, s, g, o); err != nil {
		t.Fatalf("SVG: %v", err)
	}
	return b.Bytes()
}

// exampleFiles lists every tile mission under examples/, so a new example
// is covered by the golden test as soon as it is added. Scenarios of games
// not played on tiles (and the files they read) have their views' tests.
func exampleFiles(t testing.TB) []string {
	t.Helper()
	var out []string
	err := filepath.WalkDir(examplesDir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".json")) {
			if r := lint.Path(p, lint.Options{Limits: source.DefaultLimits}); r.Model != nil || r.Kind == lint.KindOther || r.Kind == lint.KindCompanion {
				return nil
			}
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(out) == 0 {
		t.Fatal("no example missions found")
	}
	return out
}

var rulesetLine = regexp.MustCompile(`(?m)^ruleset:\s*([a-z0-9-]+)`)

// checkSVG walks the whole document with an XML decoder and checks that
// every <use href> and url(#id) names something the document defines.
func checkSVG(t testing.TB, data []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(data))
	ids := map[string]bool{}
	var refs []string
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
		se, ok := tok.(xml.StartElement)
		if !ok {
			continue
		}
		if root == "" {
			root = se.Name.Local
		}
		for _, a := range se.Attr {
			switch {
			case a.Name.Local == "id":
				if ids[a.Value] {
					t.Errorf("id %q defined twice", a.Value)
				}
				ids[a.Value] = true
			case a.Name.Local == "href":
				if se.Name.Local != "use" || !strings.HasPrefix(a.Value, "#") {
					t.Errorf("unexpected href %q on <%s>: the SVG must be self-contained", a.Value, se.Name.Local)
				}
				refs = append(refs, strings.TrimPrefix(a.Value, "#"))
			case strings.HasPrefix(a.Value, "url(#"):
				refs = append(refs, strings.TrimSuffix(strings.TrimPrefix(a.Value, "url(#"), ")"))
			}
		}
		switch se.Name.Local {
		case "image", "script", "foreignObject", "style":
			t.Errorf("<%s> in the output: the SVG must be self-contained and plain", se.Name.Local)
		}
	}
	if root != "svg" {
		t.Fatalf("root element is %q, want svg", root)
	}
	for _, r := range refs {
		if !ids[r] {
			t.Errorf("reference to #%s, which is not defined", r)
		}
	}
	// Every SVG render writes must print: the printout reads only a known
	// subset and refuses anything else.
	if _, err := printout.Parse(data); err != nil {
		t.Errorf("the SVG cannot be printed: %v", err)
	}
}

func goldenName(path string) string {
	rel, _ := filepath.Rel(examplesDir, path)
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	return strings.ReplaceAll(filepath.ToSlash(rel), "/", "-") + ".svg"
}

// updating reports whether -update was given. The flag may be declared by
// another test file of the package; it is declared here when not.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

func init() {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
}

// compareGolden checks data against testdata/svg/name, or rewrites it
// with -update.
func compareGolden(t *testing.T, name string, data []byte) {
	t.Helper()
	golden := filepath.Join("testdata", "svg", name)
	if updating() {
		if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run 'go test ./render -run %s -update' to create it)", err, t.Name())
	}
	if !bytes.Equal(data, want) {
		t.Errorf("%s differs from the golden file; look at both, then run with -update if the change is right\n%s", golden, firstDiff(want, data))
	}
}

func firstDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			return "line " + itoa(i+1) + ":\nwant: " + clip(w) + "\ngot:  " + clip(g)
		}
	}
	return ""
}

func clip(s string) string {
	if len(s) > 200 {
		return s[:200] + "…"
	}
	return s
}

func TestGoldenExamples(t *testing.T) {
	for _, f := range exampleFiles(t) {
		t.Run(goldenName(f), func(t *testing.T) {
			s, g := missionScene(t, f)
			data := renderSVG(t, s, g, Options{Page: "a4", Margin: DefaultMargin})
			checkSVG(t, data)
			compareGolden(t, goldenName(f), data)
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, f := range exampleFiles(t) {
		s, g := missionScene(t, f)
		o := Options{Page: "fit", Margin: 5, Grid: true, Overlays: allOverlays(t, s, g)}
		a := renderSVG(t, s, g, o)
		b := renderSVG(t, s, g, o)
		if !bytes.Equal(a, b) {
			t.Errorf("%s: two renders differ:\n%s", f, firstDiff(a, b))
		}
	}
}

// allOverlays is every overlay, sight from the start zone.
func allOverlays(t testing.TB, s *rules.Scene, g rules.BoardGame) []Overlay {
	t.Helper()
	var out []Overlay
	specs := []string{"movement", "threat", "mold", "xenos"}
	if st := s.Of("start"); len(st) > 0 {
		specs = append(specs, "sight="+st[0].Zone.ID)
	}
	for _, spec := range specs {
		o, err := ParseOverlay(spec, s.Board, g)
		if err != nil {
			t.Fatalf("overlay %s: %v", spec, err)
		}
		out = append(out, o)
	}
	return out
}

var hexColour = regexp.MustCompile(`#[0-9a-fA-F]{6}\b`)

func TestMonoUsesNoColour(t *testing.T) {
	for _, f := range exampleFiles(t) {
		s, g := missionScene(t, f)
		data := renderSVG(t, s, g, Options{Page: "a4", Margin: 10, Mono: true, Grid: true, Overlays: allOverlays(t, s, g)})
		checkSVG(t, data)
		greyOnly(t, f, data)
		// Every colour the palette uses for colour drawings is absent.
		for role, p := range palette {
			if !isGrey(p[0]) && bytes.Contains(bytes.ToLower(data), []byte(strings.ToLower(p[0]))) {
				t.Errorf("%s: mono output holds %s, the colour of %s", f, p[0], role)
			}
		}
		for _, c := range pathColours {
			if bytes.Contains(data, []byte(c)) {
				t.Errorf("%s: mono output holds path colour %s", f, c)
			}
		}
	}
}

func greyOnly(t *testing.T, what string, data []byte) {
	t.Helper()
	for _, c := range hexColour.FindAll(data, -1) {
		if !isGrey(string(c)) {
			t.Errorf("%s: mono output uses the colour %s", what, c)
			return
		}
	}
	for _, named := range []string{"red", "blue", "green", "violet", "yellow", "orange"} {
		for _, attr := range []string{"fill", "stroke", "color"} {
			if bytes.Contains(data, []byte(attr+`="`+named+`"`)) {
				t.Errorf("%s: mono output uses the colour %s", what, named)
			}
		}
	}
}

func isGrey(c string) bool {
	rgb := hexRGB(strings.ToLower(c))
	return rgb[0] == rgb[1] && rgb[1] == rgb[2]
}

func TestColourOutputUsesColour(t *testing.T) {
	// The mono test would pass on anything grey: make sure the colour
	// drawing really differs.
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	data := renderSVG(t, s, g, Options{Page: "a4", Margin: 10})
	if !bytes.Contains(data, []byte(palette["tok:red"][0])) {
		t.Errorf("colour output lacks the red of spawns and objectives")
	}
}

func TestEscapesText(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	m := *s.Mission
	m.Title = `Fish & <Chips> "today"`
	m.Author = "O'Neil & Sons"
	m.Briefing = "a < b && c > d\x01 \uFFFE ]]> <!-- not a comment -->"
	m.Objectives = append(m.Objectives[:len(m.Objectives):len(m.Objectives)], m.Objectives[0])
	m.Objectives[len(m.Objectives)-1].Text = "<script>alert(1)</script>"
	sc := *s
	sc.Mission = &m
	data := renderSVG(t, &sc, g, Options{Page: "a4", Margin: 10})
	checkSVG(t, data)
	if !bytes.Contains(data, []byte("<title>Fish &amp; &lt;Chips&gt; &quot;today&quot;</title>")) {
		t.Errorf("title not escaped: %s", regexp.MustCompile(`<title>.*</title>`).Find(data))
	}
	if bytes.Contains(data, []byte("<script")) || bytes.Contains(data, []byte("<!--")) {
		t.Errorf("markup from the mission leaked into the SVG")
	}
}

func TestPageSizes(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{}, `width="210mm" height="297mm" viewBox="0 0 210 297"`},
		{Options{Page: "a4", Landscape: true, Margin: 10}, `width="297mm" height="210mm" viewBox="0 0 297 210"`},
		{Options{Page: "letter", Margin: 10}, `width="215.9mm" height="279.4mm"`},
		{Options{Page: "a3", Margin: 10}, `width="297mm" height="420mm"`},
	} {
		data := renderSVG(t, s, g, c.o)
		if !bytes.Contains(data, []byte(c.want)) {
			t.Errorf("%+v: lacks %s", c.o, c.want)
		}
	}
	// A fit page holds the board at the fit cell size and the text.
	fit := renderSVG(t, s, g, Options{Page: "fit", Margin: 10})
	m := regexp.MustCompile(`width="([0-9.]+)mm" height="([0-9.]+)mm"`).FindSubmatch(fit)
	if m == nil {
		t.Fatal("fit page has no size")
	}
	// 6 cells of fitCellMM are narrower than the text needs.
	if w, want := string(m[1]), num(max(6*fitCellMM, fitMinWidth)+20); w != want {
		t.Errorf("fit width %s, want %s", w, want)
	}
}

func TestCheckPage(t *testing.T) {
	for _, c := range []struct {
		page   string
		margin float64
		ok     bool
	}{
		{"a4", 10, true}, {"fit", 0, true}, {"letter", 40, true}, {"a5", 10, false}, {"a4", -1, false}, {"a4", 41, false},
	} {
		if err := CheckPage(c.page, c.margin); (err == nil) != c.ok {
			t.Errorf("CheckPage(%q, %v) = %v", c.page, c.margin, err)
		}
	}
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	if err := SVG(io.Discard, s, g, Options{Page: "b5"}); err == nil {
		t.Error("SVG accepted an unknown page")
	}
	if err := SVG(io.Discard, nil, g, Options{}); err == nil {
		t.Error("SVG accepted no scene")
	}
}

// TestDocsExampleMap keeps docs/example-map.svg, the map the README shows,
// the rendering of the Violet Lockdown example on A4.
func TestDocsExampleMap(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "violet-lockdown.yaml"))
	data := renderSVG(t, s, g, Options{Page: "a4", Margin: DefaultMargin})
	const doc = "../docs/example-map.svg"
	if updating() {
		if err := os.WriteFile(doc, data, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(doc)
	if err != nil {
		t.Fatalf("%v (run 'go test ./render -run DocsExampleMap -update')", err)
	}
	if !bytes.Equal(want, data) {
		t.Errorf("%s is out of date: run 'go test ./render -run DocsExampleMap -update'\n%s", doc, firstDiff(want, data))
	}
}

func TestEmptyBoard(t *testing.T) {
	set, err := layout.Builtin("station")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := layout.Build(set, nil)
	s := &rules.Scene{Board: b, Mission: &missions.Mission{Title: "Nothing yet", Ruleset: "zombicide-invader"}}
	g, _ := rules.Lookup("zombicide-invader").(rules.BoardGame)
	for _, o := range []Options{{}, {Page: "fit", Grid: true, Mono: true}, {Landscape: true}} {
		data := renderSVG(t, s, g, o)
		checkSVG(t, data)
		if !bytes.Contains(data, []byte("no tiles on the board")) {
			t.Errorf("%+v: an empty board is not said to be empty", o)
		}
	}
}
