package app_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestGenerateCountSkipsRefusedSeeds: `generate --count N -o DIR` writes N
// missions, skipping a seed whose request is refused, listing it, and
// going on with the next — by the formula and with the difficulty reached
// by playtest. The requests are ones some of whose seeds are refused
// (found by trying seeds 0 to 7): 2×1 classic tiles at medium and long by
// the formula (seeds 3 and 5), 2×1 Invader tiles at hard by playtest
// (seeds 0 and 2).
func TestGenerateCountSkipsRefusedSeeds(t *testing.T) {
	for _, c := range []struct {
		name    string
		args    []string
		count   int
		skipped []string
	}{
		{"formula", []string{"--ruleset", "zombicide-classic", "--size", "2x1", "--difficulty", "medium", "--length", "long", "--judge", "formula"}, 5, []string{"3", "5"}},
		{"playtest", []string{"--ruleset", "zombicide-invader", "--size", "2x1", "--difficulty", "hard"}, 3, []string{"0", "2"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"generate", "--seed", "0", "--count", fmt.Sprint(c.count), "-o", dir}, c.args...)
			r := runCmd(args...)
			if r.code != 0 {
				t.Fatalf("exit %d\n%s%s", r.code, r.stdout, r.stderr)
			}
			files, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
			if len(files) != c.count {
				t.Errorf("%d files written, want %d: %v", len(files), c.count, files)
			}
			out, errs := string(r.stdout), string(r.stderr)
			if n := strings.Count(out, "wrote "); n != c.count {
				t.Errorf("%d missions listed as written, want %d:\n%s", n, c.count, out)
			}
			what := "seeds"
			if len(c.skipped) == 1 {
				what = "seed"
			}
			want := fmt.Sprintf("skipped %d refused %s: %s\n", len(c.skipped), what, strings.Join(c.skipped, ", "))
			if !strings.Contains(out, want) {
				t.Errorf("stdout does not list the refused seeds %q:\n%s", want, out)
			}
			for _, s := range c.skipped {
				if !strings.Contains(errs, "zmission: skipped seed "+s+": ") || !strings.Contains(errs, "try another --seed") {
					t.Errorf("stderr does not say why seed %s was skipped and what to change:\n%s", s, errs)
				}
				if strings.Contains(out, "(seed "+s+";") {
					t.Errorf("seed %s was refused and written:\n%s", s, out)
				}
			}
			// Every file written validates with no finding.
			for _, f := range files {
				if v := runCmd("validate", f); v.code != 0 || len(v.stdout)+len(v.stderr) != 0 {
					data, _ := os.ReadFile(f)
					t.Errorf("%s: exit %d\n%s%s\n%s", f, v.code, v.stdout, v.stderr, data)
				}
			}
		})
	}
}

// TestGenerateCountGivesUpOnARequestNoSeedMeets: a request refused for
// every seed (hard on one tile) is refused after the first seeds, not
// after twice the --count asked for: --count 10000 would have tried
// 20,010 seeds, some forty minutes, before saying so.
func TestGenerateCountGivesUpOnARequestNoSeedMeets(t *testing.T) {
	dir := t.TempDir()
	r := runCmd("generate", "--ruleset", "zombicide-invader", "--size", "1x1", "--difficulty", "hard", "--judge", "formula", "--seed", "0", "--count", "100", "-o", dir)
	if r.code == 0 {
		t.Fatalf("exit 0, want a refusal\n%s%s", r.stdout, r.stderr)
	}
	if !strings.Contains(string(r.stderr), "wrote 0 of 100 missions in 10 seeds; try another first --seed") {
		t.Errorf("the refusal does not say it gave up after 10 seeds:\n%s", r.stderr)
	}
	if n := strings.Count(string(r.stderr), "skipped seed "); n != 10 {
		t.Errorf("%d seeds tried, want 10:\n%s", n, r.stderr)
	}
}

// TestGenerateOutputFolderOrFile: -o names a file for one mission and a
// folder for --count N, and a mix-up is refused saying which to give,
// before anything is generated or written: an existing folder for one
// mission (not "generate writes YAML..."), and a mission file's name for
// --count (which made a folder called x.yaml).
func TestGenerateOutputFolderOrFile(t *testing.T) {
	dir := t.TempDir()
	r := runCmd("generate", "--ruleset", "facility", "--seed", "1", "-o", dir)
	if want := "-o " + dir + " is a folder: name a mission file in it, e.g. " + filepath.Join(dir, "mission.yaml") + ", or write several into it with --count N"; r.code != 2 || !strings.Contains(string(r.stderr), want) {
		t.Errorf("-o FOLDER: exit %d, stderr %q; want exit 2 saying %q", r.code, r.stderr, want)
	}
	for _, name := range []string{"x.yaml", "x.YML", "x.json"} {
		out := filepath.Join(dir, name)
		r = runCmd("generate", "--ruleset", "facility", "--seed", "1", "--count", "2", "-o", out)
		if want := "--count 2 writes its missions into a folder, and -o " + out + " names a mission file; give a folder, e.g. -o " + filepath.Join(dir, "x"); r.code != 2 || !strings.Contains(string(r.stderr), want) {
			t.Errorf("--count 2 -o %s: exit %d, stderr %q; want exit 2 saying %q", name, r.code, r.stderr, want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--count 2 -o %s made %s", name, out)
		}
	}
}

// TestGenerateLengthUnderSize: with --size the board's size leads and
// --length is only aimed at, so a mission outside the length asked says
// so, and how to reach it; one in the band, or with no --length given,
// says nothing more.
func TestGenerateLengthUnderSize(t *testing.T) {
	r := runCmd("generate", "--ruleset", "zombicide-invader", "--size", "3x3", "--length", "short", "--seed", "1", "-o", "-")
	if want := "not short: the 3×3 board --size gives leads (leave --size out for a board of the length)"; r.code != 0 || !strings.Contains(string(r.stderr), want) {
		t.Errorf("exit %d, stderr %q; want it to say %q", r.code, r.stderr, want)
	}
	for _, args := range [][]string{{"--size", "3x3"}, {"--length", "short"}} {
		r = runCmd(append([]string{"generate", "--ruleset", "zombicide-invader", "--judge", "formula", "--seed", "1", "-o", "-"}, args...)...)
		if r.code != 0 || strings.Contains(string(r.stderr), "--size gives leads") {
			t.Errorf("%v: exit %d, stderr %q", args, r.code, r.stderr)
		}
	}
}
