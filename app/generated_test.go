package app_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/zmission/zmission/app"
	"github.com/zmission/zmission/validate"
)

// TestGeneratedFiles runs every command on random LEGAL files of the five
// games (made by the generators in gen_*_test.go): files the schema and the
// readers accept, with odd geometry and odd-but-legal values. Each command
// must end with the exit code of its class (0 or 1 for findings; 2 where
// the command has no meaning for the game), never an internal error, and
// give the same bytes when run again on the same file. A command that runs
// far past any reasonable time fails the case as a hang.
//
// A short run is part of 'go test'. Longer runs, and one case again:
//
//	go test ./app -run TestGeneratedFiles -gen.cases 5000 -gen.seed 7 -timeout 0
//	go test ./app -run 'TestGeneratedFiles/invader' -gen.seed 7 -gen.case 1234 -v
//
// (or ZMISSION_GEN_CASES, ZMISSION_GEN_SEED). A failure names its game,
// seed and case and keeps the case's files in -gen.keep (default: a
// folder under the system's temporary folder, printed).
var (
	genCases = flag.Int("gen.cases", envInt("ZMISSION_GEN_CASES", 0), "generated cases per game (0: the short run's count)")
	genSeed  = flag.Uint64("gen.seed", uint64(envInt("ZMISSION_GEN_SEED", 1)), "seed of the generated cases")
	genCase  = flag.Int("gen.case", -1, "run only this case number (with its game and seed)")
	genKeep  = flag.String("gen.keep", "", "folder to keep failing cases in")
	genHang  = flag.Duration("gen.hang", 120*time.Second, "a command that runs longer than this is a hang")
)

func envInt(name string, def int) int {
	if v, err := strconv.Atoi(os.Getenv(name)); err == nil {
		return v
	}
	return def
}

// shortCases is the count per game in the short run (more in the games
// whose cases are cheap), and heavyEvery says how often a case may be
// huge (a 1,024-tile board, a 32×32 slot grid, a thousand spawns).
var shortCases = map[string]int{"invader": 120, "classic": 120, "facility": 120, "colony": 120, "survival-infection": 120}

const heavyEvery = 100

// genCaseFiles is one generated case: its files (by name, in one folder)
// and the mission file the commands run on.
type genCaseFiles struct {
	game    string
	files   map[string][]byte
	main    string
	tileset string // the case's own tile-set file, or ""
	heavy   bool   // may be huge
	deep    bool   // every command twice, and PDF and PNG too
}

func caseRand(seed uint64, game string, i int) *rand.Rand {
	h := fnv.New64a()
	h.Write([]byte(game))
	return rand.New(rand.NewPCG(seed^h.Sum64(), uint64(i)))
}

// write puts v in the case as YAML or JSON (half each).
func (c *genCaseFiles) write(r *rand.Rand, base string, v obj) string {
	name := base + ".yaml"
	data := toYAML(v)
	if r.IntN(2) == 0 {
		name = base + ".json"
		data = toJSON(v)
	}
	c.files[name] = data
	return name
}

func makeCase(game string, seed uint64, i int) *genCaseFiles {
	r := caseRand(seed, game, i)
	c := &genCaseFiles{game: game, files: map[string][]byte{}, heavy: i%heavyEvery == heavyEvery-1, deep: i%10 == 0}
	switch game {
	case "invader", "classic":
		ruleset, builtin := "zombicide-invader", "station"
		if game == "classic" {
			ruleset, builtin = "zombicide-classic", "city"
		}
		var info tilesetInfo
		tileset := ""
		switch x := r.IntN(10); {
		case x < 6:
			var ts obj
			ts, info = tilesetDoc(r)
			c.tileset = c.write(r, "tiles", ts)
			tileset = "./" + c.tileset
		case x < 9:
			info = builtinInfo(builtin)
			if r.IntN(2) == 0 {
				tileset = builtin
			}
		default:
			other := map[string]string{"station": "city", "city": "station"}[builtin]
			info, tileset = builtinInfo(other), other
		}
		c.main = c.write(r, "case", gridMission(r, ruleset, tileset, info, c.heavy))
	case "facility":
		c.main = c.write(r, "case", facilityDoc(r, c.heavy))
	case "colony":
		doc, coll := colonyDoc(r)
		c.main = c.write(r, "case", doc)
		if coll != nil {
			c.files["shelf.yaml"] = toYAML(coll)
		}
	case "survival-infection":
		c.main = c.write(r, "case", siDoc(r))
	}
	if r.IntN(3) == 0 {
		c.files[".zmission.yaml"] = toYAML(configDoc(r, checkIDs(), optionBounds()))
	}
	return c
}

// checkIDs are the checks a configuration may set the severity of: not
// the limits of the format (Fixed), which refuse any but their own.
func checkIDs() []string {
	var ids []string
	for _, c := range validate.Checks() {
		if !c.Fixed {
			ids = append(ids, c.ID)
		}
	}
	return ids
}

// optionBounds are the checks' whole-number options with the range the
// configuration's schema gives them (a check option the schema leaves
// unbounded fails here: every number that sizes work has a bound).
func optionBounds() map[string]map[string]optionBound {
	rulesSchema := loadSchema("config")["properties"].(map[string]any)["rules"].(map[string]any)
	props, _ := rulesSchema["properties"].(map[string]any)
	out := map[string]map[string]optionBound{}
	for _, c := range validate.Checks() {
		for k, def := range c.Options {
			if _, ok := def.(int); !ok {
				continue
			}
			b, ok := schemaBound(props[c.ID], k)
			if !ok {
				panic(fmt.Sprintf("the configuration schema gives option %q of %s no bounds", k, c.ID))
			}
			if out[c.ID] == nil {
				out[c.ID] = map[string]optionBound{}
			}
			out[c.ID][k] = b
		}
	}
	return out
}

// schemaBound finds option key's minimum and maximum in a rule's schema
// (a oneOf whose mapping branch lists the options).
func schemaBound(rule any, key string) (optionBound, bool) {
	m, _ := rule.(map[string]any)
	alts, _ := m["oneOf"].([]any)
	for _, a := range alts {
		props, _ := a.(map[string]any)["properties"].(map[string]any)
		opt, ok := props[key].(map[string]any)
		if !ok {
			continue
		}
		lo, okLo := opt["minimum"].(float64)
		hi, okHi := opt["maximum"].(float64)
		return optionBound{int(lo), int(hi)}, okLo && okHi
	}
	return optionBound{}, false
}

// illegal are the rules that say a file is not legal: the generator must
// never make one of these.
var illegal = map[string]bool{
	"syntax": true, "schema": true, "key-type": true, "number": true, "root-type": true, "empty": true,
	"encoding": true, "duplicate-key": true, "multi-document": true, "not-mission": true, "read": true,
	"too-large": true, "yaml-tag": true, "internal": true, "tileset": true, "tileset-format": true,
	"tileset-grid": true, "tileset-zone": true, "tileset-edge": true, "tileset-border": true,
	"tileset-pair": true, "colony-collection": true,
}

func TestGeneratedFiles(t *testing.T) {
	for _, game := range []string{"invader", "classic", "facility", "colony", "survival-infection"} {
		t.Run(game, func(t *testing.T) {
			t.Parallel()
			n := shortCases[game]
			if *genCases > 0 {
				n = *genCases
			}
			if testing.Short() {
				n /= 10
			}
			from := 0
			if *genCase >= 0 {
				from, n = *genCase, *genCase+1
			}
			dir := t.TempDir()
			var slow []string
			failed := 0
			for i := from; i < n; i++ {
				c := makeCase(game, *genSeed, i)
				caseDir := filepath.Join(dir, fmt.Sprint(i))
				start := time.Now()
				if !runCase(t, c, caseDir) {
					keepCase(t, c, *genSeed, i, caseDir)
					if failed++; failed == 5 {
						t.Fatalf("five failing cases: stopping")
					}
				}
				if d := time.Since(start); d > 5*time.Second {
					slow = append(slow, fmt.Sprintf("case %d: %v", i, d.Round(time.Millisecond)))
				}
				os.RemoveAll(caseDir)
			}
			if len(slow) > 0 {
				t.Logf("slow cases (seed %d): %s", *genSeed, strings.Join(slow, ", "))
			}
		})
	}
}

// keepCase copies a failing case where the author can run it again.
func keepCase(t *testing.T, c *genCaseFiles, seed uint64, i int, from string) {
	keep := *genKeep
	if keep == "" {
		keep = filepath.Join(os.TempDir(), "zmission-gen")
	}
	to := filepath.Join(keep, fmt.Sprintf("%s-seed%d-case%d", c.game, seed, i))
	os.MkdirAll(to, 0o755)
	for name, data := range c.files {
		os.WriteFile(filepath.Join(to, name), data, 0o644)
	}
	t.Logf("%s case %d (seed %d) kept in %s; run it again with -run 'TestGeneratedFiles/%s' -gen.seed %d -gen.case %d",
		c.game, i, seed, to, c.game, seed, i)
}

// cmdResult is one run of a command.
type cmdResult struct {
	code        int
	stdout      []byte
	stderr      []byte
	interrupted bool
}

// runCmd runs the command in process, in a goroutine of its own, so that a
// hang is reported (as a hang, with the command) instead of stopping the
// whole test binary at its -timeout.
func runCmd(args ...string) cmdResult {
	done := make(chan cmdResult, 1)
	go func() {
		var out, errb bytes.Buffer
		code := app.Run(append([]string{"zmission"}, args...), strings.NewReader(""), &out, &errb)
		done <- cmdResult{code: code, stdout: out.Bytes(), stderr: errb.Bytes()}
	}()
	select {
	case r := <-done:
		return r
	case <-time.After(*genHang):
		return cmdResult{code: -1, interrupted: true}
	}
}

// runCase writes the case and runs every command on it; false when a
// check failed (reported already).
func runCase(t *testing.T, c *genCaseFiles, dir string) bool {
	t.Helper()
	ok := true
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s: %s", c.game, fmt.Sprintf(format, args...))
		ok = false
	}
	// A .git folder makes the case folder a repository: the configuration
	// search stops here, and the case's own tile set lies inside its tree.
	if err := os.MkdirAll(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	for name, data := range c.files {
		if err := os.WriteFile(filepath.Join(dir, name), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	main := filepath.Join(dir, c.main)
	r := caseRand(*genSeed+1, c.game, len(c.files)*7919+len(c.files[c.main]))

	// run runs a command twice and checks its exit code class, that it
	// never says "internal error", and that both runs give the same bytes.
	run := func(want []int, args ...string) cmdResult {
		t.Helper()
		a := runCmd(args...)
		if a.interrupted {
			fail("zmission %s: still running after %v: a hang", strings.Join(args, " "), *genHang)
			return a
		}
		all := string(a.stdout) + string(a.stderr)
		if !slices.Contains(want, a.code) || strings.Contains(all, "internal error") || strings.Contains(all, "runtime error") {
			fail("zmission %s: exit %d (want one of %v)\n%s", strings.Join(args, " "), a.code, want, cut(all))
			return a
		}
		if c.heavy || !c.deep && r.IntN(3) != 0 {
			return a // the second run is for every command of a deep case, a third of the others
		}
		b := runCmd(args...)
		if b.interrupted || b.code != a.code || !bytes.Equal(a.stdout, b.stdout) || !bytes.Equal(a.stderr, b.stderr) {
			fail("zmission %s: a second run differs: exit %d then %d\n%s", strings.Join(args, " "), a.code, b.code, firstDiff(a, b))
		}
		return a
	}
	findings := []int{0, 1}
	usage := []int{2}
	// A deep case runs every command; the others each of the lesser
	// variants (another output format of the same command) now and then;
	// a huge one only the commands whose cost grows with the board.
	some := func() bool { return c.deep || !c.heavy && r.IntN(3) == 0 }

	// The file is legal: the schema and the readers accept it.
	v := run(findings, "validate", "--format", "json", "--color", "never", main)
	var report struct {
		Diagnostics []struct {
			Rule, Severity, Message string
			File                    string
			Line                    int
		}
	}
	if err := json.Unmarshal(v.stdout, &report); err != nil {
		fail("validate --format json is not JSON: %v\n%s", err, cut(string(v.stdout)))
		return false
	}
	for _, d := range report.Diagnostics {
		if d.Rule == "internal" {
			fail("validate failed on the file: %s:%d: %s", filepath.Base(d.File), d.Line, d.Message)
			continue
		}
		if illegal[d.Rule] || d.Rule == "config" && d.Severity == "error" {
			fail("the generator made an illegal file: %s:%d: %s [%s]", filepath.Base(d.File), d.Line, d.Message, d.Rule)
		}
	}
	if !ok {
		return false
	}
	clean := v.code == 0
	// A .zmission.yaml may silence the file's errors (or ignore the file):
	// then the commands that print from it go ahead, and may still meet
	// what the file cannot give (a setup that allows no player count),
	// which is the file's finding, exit 1, or a sheet too long for its
	// page, which asks for --page fit (exit 2).
	hidden := false
	if _, ok := c.files[".zmission.yaml"]; ok && clean {
		bare := filepath.Join(dir, "bare-config.yaml")
		if err := os.WriteFile(bare, []byte("rules: {}\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		hidden = run(findings, "validate", "--config", bare, main).code == 1
	}
	for _, f := range []string{"text", "sarif", "github"} {
		if !some() {
			continue
		}
		out := run(findings, "validate", "--format", f, "--color", "never", main)
		if out.code != v.code {
			fail("validate --format %s exits %d, --format json %d", f, out.code, v.code)
		}
		if f == "sarif" && !json.Valid(out.stdout) {
			fail("validate --format sarif is not JSON")
		}
	}
	if c.tileset != "" && !c.heavy {
		ts := filepath.Join(dir, c.tileset)
		if out := run(findings, "tiles", "check", ts); out.code != 0 {
			fail("the generator made a tile set with errors:\n%s", cut(string(out.stdout)+string(out.stderr)))
		}
		if out := run(findings, "tiles", "render", "-t", ts); out.code == 0 {
			app.WellFormedSVG(t, out.stdout)
		}
	}

	// Every command the game has: exit 0 on a clean file, 0 or 1 (the
	// file's errors) otherwise; 2 for a command the game has no use for.
	board := c.game != "survival-infection"
	sight := c.game == "invader" || c.game == "classic"
	want := func(applies bool) []int {
		switch {
		case !applies:
			return usage
		case clean:
			return []int{0}
		}
		return findings
	}
	// analyze, show and render print figures and pages only from a file
	// that validates: one with errors stops them with the errors, exit 1,
	// nothing on stdout, in every game (README, "Exit codes"). So the
	// answer of those three is exact on a file with errors, whatever the
	// options; on a clean file it is the command's own.
	printing := func(onClean []int) []int {
		switch {
		case !clean:
			return []int{1}
		case hidden && !sight:
			// A sheet of a file whose errors are silenced may also not fit
			// its page (notes past their length): --page fit, exit 2.
			return append(slices.Clone(onClean), 1, 2)
		case hidden:
			return append(slices.Clone(onClean), 1)
		}
		return onClean
	}
	stopped := func(out cmdResult, args ...string) {
		t.Helper()
		if !clean && out.code == 1 && len(out.stdout) > 0 {
			fail("zmission %s on a file with errors printed %d bytes on stdout", strings.Join(args, " "), len(out.stdout))
		}
	}
	if some() {
		stopped(run(printing([]int{0}), "show", main), "show")
		run(want(board), "zones", main)
		run(want(board), "graph", "--format", "text", main)
	}
	zonesOut := run(want(board), "zones", "--format", "json", main)
	kinds := []string{"all", "movement"}
	if sight {
		kinds = append(kinds, "sight")
	} else if board && some() {
		run(usage, "graph", "--kind", "sight", main) // no line of sight in this game
	}
	if out := run(want(board), "graph", "--format", "json", "--kind", kinds[r.IntN(len(kinds))], main); out.code == 0 && !json.Valid(out.stdout) {
		fail("graph --format json is not JSON")
	}
	if some() {
		run(want(board), "graph", "--format", "dot", main)
		if sight {
			run(want(sight), "graph", "--enhanced", main)
		}
	}

	// A zone to look from: one the board has, a cell, or none at all.
	// A zone that is not on the board is the command line's mistake (2).
	zone, zoneWant := "0,0", []int{0, 1, 2}
	var zs struct{ Zones []struct{ ID string } }
	if zonesOut.code == 0 && json.Unmarshal(zonesOut.stdout, &zs) == nil && len(zs.Zones) > 0 {
		zone, zoneWant = zs.Zones[r.IntN(len(zs.Zones))].ID, findings
	}
	switch {
	case sight:
		run(zoneWant, "los", main, zone)
		if some() {
			run(zoneWant, "los", "--format", "json", "--enhanced", main, zone)
		}
	case some():
		run(usage, "los", main, zone)
	}

	if out := run(printing([]int{0}), "analyze", "--format", "json", main); out.code == 0 && !json.Valid(out.stdout) {
		fail("analyze --format json is not JSON")
	} else {
		stopped(out, "analyze")
	}
	if some() {
		stopped(run(printing([]int{0}), "analyze", main), "analyze")
	}

	// render: SVG (with options and overlays), PDF and PNG. A player
	// count the scenario is not for, or a zone not on the board, is a
	// usage error.
	opts := []string{"render"}
	renderWant := []int{0}
	if sight {
		for _, o := range []string{"movement", "threat", "mold", "xenos", "sight=" + zone} {
			if r.IntN(3) == 0 {
				opts = append(opts, "--overlay", o)
				if strings.HasPrefix(o, "sight=") {
					renderWant = append(renderWant, zoneWant...)
				}
				if c.game == "classic" && (o == "mold" || o == "xenos" || o == "threat") {
					renderWant = append(renderWant, usage...) // Invader's overlays
				}
			}
		}
		if r.IntN(2) == 0 {
			opts = append(opts, "--grid")
		}
	} else if c.game == "colony" || c.game == "survival-infection" {
		if r.IntN(2) == 0 {
			opts = append(opts, "--players", fmt.Sprint(1+r.IntN(12)))
			renderWant = append(renderWant, 2)
		}
		if r.IntN(3) == 0 {
			opts = append(opts, "--spoilers", "off")
		}
		if c.game == "colony" && r.IntN(3) == 0 {
			opts = append(opts, []string{"--card", "--side=hardcore"}[r.IntN(2)])
			renderWant = append(renderWant, 2) // a scenario without a Hardcore side
		}
	}
	if r.IntN(3) == 0 {
		opts = append(opts, "--mono")
	}
	if r.IntN(3) == 0 {
		page := []string{"fit", "a3", "letter"}[r.IntN(3)]
		opts = append(opts, "--page", page)
		if page != "fit" && !sight {
			renderWant = append(renderWant, 2) // a sheet too long for the page asks for another
		}
	}
	if r.IntN(4) == 0 {
		opts = append(opts, "--landscape")
	}
	if out := run(printing(renderWant), append(opts, main)...); out.code == 0 {
		app.WellFormedSVG(t, out.stdout)
	} else {
		stopped(out, opts...)
	}
	// PDF and PNG draw what the SVG draws, at most of a case's cost: the
	// deep cases print them.
	if c.deep {
		if out := run(printing([]int{0}), "render", "--format", "pdf", main); out.code == 0 && !bytes.HasPrefix(out.stdout, []byte("%PDF-")) {
			fail("render --format pdf is not a PDF")
		} else {
			stopped(out, "render", "--format", "pdf")
		}
		if out := run(printing([]int{0}), "render", "--format", "png", "--dpi", "20", main); out.code == 0 && !bytes.HasPrefix(out.stdout, []byte("\x89PNG\r\n\x1a\n")) {
			fail("render --format png is not a PNG")
		} else {
			stopped(out, "render", "--format", "png")
		}
	}

	// fmt: the canonical form of a legal file is a legal file with the
	// same findings, and canonical. Both are checked without the case's
	// configuration, whose ignore globs may tell the two names apart.
	if c.heavy {
		return ok
	}
	f := run([]int{0}, "fmt", main)
	if f.code == 0 && some() {
		formatted := filepath.Join(dir, "formatted"+filepath.Ext(c.main))
		noConfig := filepath.Join(dir, "empty.yaml")
		for name, data := range map[string][]byte{formatted: f.stdout, noConfig: nil} {
			if err := os.WriteFile(name, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		run([]int{0}, "fmt", "--check", formatted)
		v0 := run(findings, "validate", "--format", "json", "--config", noConfig, main)
		w := run(findings, "validate", "--format", "json", "--config", noConfig, formatted)
		// A capped report (findings-truncated) keeps the first findings by
		// line, and fmt moves keys: only whole reports compare.
		capped := bytes.Contains(v0.stdout, []byte(`"findings-truncated"`)) || bytes.Contains(w.stdout, []byte(`"findings-truncated"`))
		if w.code != v0.code || !capped && !sameRules(v0.stdout, w.stdout) {
			fail("the formatted file's findings differ:\nbefore: %s\nafter: %s", cut(string(v0.stdout)), cut(string(w.stdout)))
		}
	}
	return ok
}

// sameRules compares two JSON reports by their findings' rules and
// severities (lines move when a file is formatted).
func sameRules(a, b []byte) bool {
	rules := func(data []byte) []string {
		var rep struct {
			Diagnostics []struct{ Rule, Severity, Message string }
		}
		json.Unmarshal(data, &rep)
		var out []string
		for _, d := range rep.Diagnostics {
			out = append(out, d.Rule+" "+d.Severity)
		}
		slices.Sort(out)
		return out
	}
	return slices.Equal(rules(a), rules(b))
}

func cut(s string) string {
	if len(s) > 3000 {
		return s[:3000] + "…"
	}
	return s
}

func firstDiff(a, b cmdResult) string {
	x, y := string(a.stdout)+string(a.stderr), string(b.stdout)+string(b.stderr)
	i := 0
	for i < len(x) && i < len(y) && x[i] == y[i] {
		i++
	}
	lo := max(0, i-200)
	return fmt.Sprintf("first difference at byte %d:\n%s\n---\n%s", i, cut(x[lo:min(len(x), i+200)]), cut(y[lo:min(len(y), i+200)]))
}

// TestGeneratedRegressions runs every command on the small files kept in
// testdata/generated: each is a case the generator once found failing (a
// panic, a hang, output that changed between runs), cut down by hand.
func TestGeneratedRegressions(t *testing.T) {
	paths, err := filepath.Glob("testdata/generated/*")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no regression files: %v", err)
	}
	games := map[string]string{"zombicide-invader": "invader", "zombicide-classic": "classic", "facility": "facility", "colony": "colony", "survival-infection": "survival-infection"}
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		game := ""
		for _, line := range strings.Split(string(data), "\n") {
			if rs, ok := strings.CutPrefix(line, "ruleset: "); ok {
				game = games[strings.TrimSpace(rs)]
			}
		}
		if game == "" {
			t.Fatalf("%s: no ruleset line", p)
		}
		name := "case" + filepath.Ext(p)
		c := &genCaseFiles{game: game, files: map[string][]byte{name: data}, main: name, deep: true}
		t.Run(filepath.Base(p), func(t *testing.T) {
			runCase(t, c, t.TempDir())
		})
	}
}
