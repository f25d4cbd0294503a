package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"time"

	"github.com/urfave/cli/v3"
	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/missions"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// clearScreen moves the cursor home and clears the terminal, so only the
// current state of the mission shows.
const clearScreen = "\x1b[H\x1b[2J"

func (e *env) watchCmd() *cli.Command {
	return &cli.Command{
		Name:      "watch",
		Usage:     "check a mission and redraw its map (SVG) every time the file is saved",
		ArgsUsage: "MISSION",
		Description: "On start and whenever the mission (or the tile-set file it uses) changes, prints the\n" +
			"findings as validate does and writes the map to -o (default: the mission's name with .svg)\n" +
			"through a temporary file, so a viewer never sees half a map. A save that cannot be drawn\n" +
			"keeps the last good map. Stop with Ctrl-C.",
		// sight=3,4 is one value: commas do not split --overlay.
		DisableSliceFlagSeparator: true,
		Flags: append([]cli.Flag{
			&cli.StringFlag{Name: "output", Aliases: []string{"o"}, Usage: "write the map to this file (default: MISSION with .svg instead of .yaml or .json)"},
			&cli.DurationFlag{Name: "interval", Value: 500 * time.Millisecond, Usage: "how often to look at the files"},
			&cli.StringFlag{Name: "color", Value: "auto", Usage: "colour the findings: auto, always or never (NO_COLOR is honoured)"},
			&cli.StringFlag{Name: "config", Usage: "configuration file (default: .zmission.yaml found from the mission's folder upward)"},
		}, pageFlags()...),
		Action: func(ctx context.Context, c *cli.Command) error {
			path, err := missionArg(c, "")
			if err != nil {
				return err
			}
			if path == "-" {
				return usageErr("watch follows a file, not standard input: name the mission file")
			}
			page, err := pageOptions(c)
			if err != nil {
				return err
			}
			cfg := watchConfig{
				mission:  path,
				output:   c.String("output"),
				interval: c.Duration("interval"),
				now:      time.Now,
				out:      e.stdout,
				clear:    validate.IsTerminal(e.stdout),
				config:   c.String("config"),
				limits:   source.DefaultLimits,
				page:     page,
				overlays: c.StringSlice("overlay"),
				model:    modelOptions(c),

				allowOutside: e.allowOutside,
			}
			if cfg.interval < 10*time.Millisecond {
				return usageErr("--interval must be at least 10ms (got %s)", cfg.interval)
			}
			switch m := c.String("color"); m {
			case "auto", "always", "never":
				cfg.color = validate.UseColor(m, e.stdout, e.getenv)
			default:
				return choiceErr("--color", m, []string{"auto", "always", "never"})
			}
			for _, spec := range cfg.overlays {
				if err := checkOverlay(spec); err != nil && !viewOverlay(spec) {
					return err
				}
			}
			if cfg.output == "" {
				cfg.output = mapPath(path)
			}
			if cfg.output == "-" {
				return usageErr("watch writes the map to a file, not to standard output: name one with -o")
			}
			if samePath(cfg.output, path) {
				return usageErr("the map would replace the mission %s: name another file with -o", path)
			}
			if err := checkOutput(cfg.output); err != nil {
				return err
			}
			ctx, stop := signal.NotifyContext(ctx, os.Interrupt, syscall.SIGTERM)
			defer stop()
			// A map being written when the signal came leaves no temporary file.
			defer missions.RemoveTemps()
			return e.watchLoop(ctx, cfg)
		},
	}
}

// watchConfig is everything the watch loop needs: the command fills it from
// its flags, tests build it directly.
type watchConfig struct {
	mission  string           // the mission file, as given
	output   string           // the map file
	interval time.Duration    // how often the files are looked at
	now      func() time.Time // the clock of the status lines
	out      io.Writer        // where reports go
	clear    bool             // clear the screen before each report (a terminal)
	color    bool             // colour the findings
	config   string           // --config, or "" to find .zmission.yaml
	limits   source.Limits
	page     render.Options      // page options; overlays are parsed per board
	overlays []string            // --overlay values
	model    render.ModelOptions // the sheet of a game not played on tiles

	allowOutside bool // --allow-outside

	beforeReport func() // tests: runs before each report, to hold one up
}

// stamp is what polling compares: a file's size and modification time.
// A file that cannot be looked at has the zero stamp.
type stamp struct {
	ok   bool
	mod  int64
	size int64
}

func stampOf(path string) stamp {
	if path == "" {
		return stamp{}
	}
	st, err := os.Stat(path)
	if err != nil {
		return stamp{}
	}
	return stamp{ok: true, mod: st.ModTime().UnixNano(), size: st.Size()}
}

// watcher is the state carried from one report to the next.
type watcher struct {
	cfg     watchConfig
	tileset string   // the tile-set file the mission uses; "" for a built-in set
	seen    [2]stamp // the mission's and the tile set's, when last reported
	haveMap bool     // a map is on disk, from this run or an earlier one
}

func (w *watcher) stamps() [2]stamp {
	return [2]stamp{stampOf(w.cfg.mission), stampOf(w.tileset)}
}

// watchLoop reports on the mission at once, then again each time its file
// or its tile-set file changes, until ctx is done. It returns an error only
// when the first look finds nothing to watch.
func (e *env) watchLoop(ctx context.Context, cfg watchConfig) error {
	w := &watcher{cfg: cfg}
	if _, err := os.Stat(cfg.output); err == nil {
		w.haveMap = true
	}
	tick := time.NewTicker(cfg.interval)
	defer tick.Stop()
	first := true
	for {
		// The stamps are taken before reading, so a save made while the
		// report is written is seen at the next tick.
		if now := w.stamps(); first || now != w.seen {
			w.seen = now
			before := w.tileset
			stopped, err := w.reportOrStop(ctx, first)
			if stopped {
				return nil
			}
			if err != nil {
				return err
			}
			if w.tileset != before {
				w.seen[1] = stampOf(w.tileset)
			}
			first = false
		}
		select {
		case <-ctx.Done():
			return nil
		case <-tick.C:
		}
	}
}

// reportOrStop makes a report, unless ctx ends first: Ctrl-C stops watch at
// once, even while a read is in progress (a file on a stalled network
// share). The report left running is abandoned with the program.
func (w *watcher) reportOrStop(ctx context.Context, first bool) (stopped bool, err error) {
	done := make(chan error, 1)
	go func() {
		if w.cfg.beforeReport != nil {
			w.cfg.beforeReport()
		}
		done <- w.report(first)
	}()
	select {
	case err := <-done:
		return false, err
	case <-ctx.Done():
		return true, nil
	}
}

// report lints the mission, prints its findings and one status line, and
// redraws the map when the board could be built.
func (w *watcher) report(first bool) error {
	cfg := w.cfg
	if !w.seen[0].ok {
		_, err := os.Stat(cfg.mission)
		if first && errors.Is(err, fs.ErrNotExist) {
			return &exitError{code: ExitFailed, msg: "cannot watch " + cfg.mission + ": there is no such file",
				hint: "start one with 'zmission new " + cfg.mission + "'"}
		}
		if !first {
			// Editors that save by renaming make the file vanish for a moment.
			fmt.Fprintf(cfg.out, "%sthe file is gone; waiting for it to come back; %s\n", w.begin(), w.kept())
			return nil
		}
	}
	cfgs := newConfigs(cfg.config)
	vc := cfgs.forFile(cfg.mission)
	r := lintOne(cfg.mission, nil, &outputOpts{limits: cfg.limits, allowOutside: cfg.allowOutside}, vc)
	if first {
		for _, d := range r.Diags {
			if d.Rule == "read" {
				return failErr("cannot watch %s: %s", cfg.mission, d.Message)
			}
		}
		if r.Kind == lint.KindTileset {
			return usageErr("%s is a tile set, not a mission; try 'zmission tiles --tileset %s'", cfg.mission, cfg.mission)
		}
	}
	if r.Mission != nil {
		w.tileset = tilesetFile(cfg.mission, r.Mission)
	}

	head := w.begin()
	diags := append(vc.Apply(r.Diags), cfgs.problems()...)
	validate.Sort(diags)
	_ = validate.Write(cfg.out, validate.Text, diags, validate.Options{Color: cfg.color, Version: Version})
	var note string
	switch {
	case r.Kind == lint.KindTileset:
		note = "this is a tile set, not a mission; " + w.kept()
	case r.Kind == lint.KindCompanion:
		note = "this is a " + r.Noun + ", not a mission; " + w.kept()
	case r.Scene == nil && r.Model == nil:
		note = "cannot build the board; " + w.kept()
	default:
		note = w.draw(r)
	}
	fmt.Fprintf(cfg.out, "%s%s; %s\n", head, counts(diags), note)
	return nil
}

// begin starts a report, on a clear screen on a terminal, and returns the
// head of its status line: the time and the mission.
func (w *watcher) begin() string {
	if w.cfg.clear {
		io.WriteString(w.cfg.out, clearScreen)
	}
	return w.cfg.now().Format("15:04:05") + " " + w.cfg.mission + ": "
}

// draw renders the map and replaces the file in one rename, so a viewer
// reloading it never sees half a map. It says what happened.
func (w *watcher) draw(r *lint.Result) (note string) {
	cfg := w.cfg
	defer func() {
		if p := recover(); p != nil {
			note = fmt.Sprintf("internal error drawing the map: %v (this is a bug; please report it with this mission); %s", p, w.kept())
		}
	}()
	if r.Model != nil {
		data, err := drawModel(r, cfg.model)
		if err != nil {
			return err.Error() + "; " + w.kept()
		}
		return w.write(data)
	}
	g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
	o := cfg.page
	o.Overlays = nil
	for _, spec := range cfg.overlays {
		ov, err := render.ParseOverlay(spec, r.Scene.Board, g)
		if err != nil {
			return err.Error() + "; " + w.kept()
		}
		o.Overlays = append(o.Overlays, ov)
	}
	if w.tileset != "" && samePath(cfg.output, w.tileset) {
		return "the map would replace the tile set " + w.tileset + ": name another file with -o; " + w.kept()
	}
	var buf bytes.Buffer
	if err := render.SVG(&buf, r.Scene, g, o); err != nil {
		return "cannot draw the map: " + err.Error() + "; " + w.kept()
	}
	return w.write(buf.Bytes())
}

// write replaces the map file in one rename and says so.
func (w *watcher) write(data []byte) string {
	if err := missions.WriteFile(w.cfg.output, data, true); err != nil {
		return "cannot write the map: " + err.Error() + "; " + w.kept()
	}
	w.haveMap = true
	return "map written to " + w.cfg.output
}

// viewOverlay tells whether an overlay name is one that the sheet of some
// game not played on tiles draws; the mission's own view checks it later.
func viewOverlay(name string) bool {
	for _, rs := range render.ViewRulesets() {
		if slices.Contains(render.View(rs).Overlays(), name) {
			return true
		}
	}
	return false
}

// kept says what became of the map when it could not be redrawn.
func (w *watcher) kept() string {
	if w.haveMap {
		return "map kept from the last good version"
	}
	return "no map written yet"
}

// counts sums findings up as "clean" or "2 errors, 1 warning".
func counts(ds []validate.Diagnostic) string {
	n := map[validate.Severity]int{}
	for _, d := range ds {
		n[d.Severity]++
	}
	var parts []string
	add := func(s validate.Severity, one, many string) {
		switch n[s] {
		case 0:
		case 1:
			parts = append(parts, "1 "+one)
		default:
			parts = append(parts, fmt.Sprintf("%d %s", n[s], many))
		}
	}
	add(validate.Error, "error", "errors")
	add(validate.Warning, "warning", "warnings")
	add(validate.Info, "info", "info")
	if len(parts) == 0 {
		return "clean"
	}
	return strings.Join(parts, ", ")
}

// tilesetFile is the tile-set file a mission reads, resolved as lint does;
// "" for a built-in set.
func tilesetFile(mission string, m *missions.Mission) string {
	name := m.Tileset
	if !strings.ContainsAny(name, `/\.`) {
		return ""
	}
	if filepath.IsAbs(name) {
		return name
	}
	return filepath.Join(filepath.Dir(mission), name)
}

// mapPath is the default map file: the mission's name with .svg.
func mapPath(mission string) string {
	ext := filepath.Ext(mission)
	switch strings.ToLower(ext) {
	case ".yaml", ".yml", ".json":
		return strings.TrimSuffix(mission, ext) + ".svg"
	}
	return mission + ".svg"
}

// samePath tells whether two names lead to the same file.
func samePath(a, b string) bool {
	if aa, err := filepath.Abs(a); err == nil {
		if bb, err := filepath.Abs(b); err == nil && aa == bb {
			return true
		}
	}
	sa, errA := os.Stat(a)
	sb, errB := os.Stat(b)
	return errA == nil && errB == nil && os.SameFile(sa, sb)
}

// checkOverlay rejects an --overlay that no board could accept, before
// watching starts; a zone that is missing is reported with each map.
func checkOverlay(spec string) error {
	kind, value, hasValue := strings.Cut(strings.TrimSpace(spec), "=")
	switch k := strings.ToLower(strings.TrimSpace(kind)); k {
	case render.OverlaySight:
		if !hasValue || strings.TrimSpace(value) == "" {
			return usageErr("overlay sight needs a zone: sight=1A/c or sight=3,4")
		}
	case render.OverlayMovement, render.OverlayXenos, render.OverlayThreat, render.OverlayMold:
		if hasValue {
			return usageErr("overlay %s takes no value (got %q); use sight=ZONE, movement, xenos, threat or mold", k, spec)
		}
	default:
		return usageErr("unknown overlay %q; use sight=ZONE, movement, xenos, threat or mold", k)
	}
	return nil
}
