package zmission_test

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/zmission/zmission/lint"
	"github.com/zmission/zmission/render"
	"github.com/zmission/zmission/rules"
	"github.com/zmission/zmission/source"
	"github.com/zmission/zmission/validate"
)

// FuzzPipeline runs the whole path a CI run takes on any bytes: reading,
// the schema, the mission, the board, the game's checks, then every output
// format and, when the board could be built, the printed map. Wherever the
// input breaks, the answer is located findings: never a panic, an internal
// error, a finding at line 0, or output that is not what its format says.
func FuzzPipeline(f *testing.F) {
	for _, dir := range []string{"examples", "testdata/broken"} {
		filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
			if err == nil && !d.IsDir() && !strings.Contains(p, ".out-") && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".json")) {
				if data, err := os.ReadFile(p); err == nil && len(data) < 64<<10 {
					f.Add(data, strings.HasSuffix(p, ".json"))
				}
			}
			return nil
		})
	}
	f.Fuzz(func(t *testing.T, data []byte, asJSON bool) {
		name := "m.yaml"
		if asJSON {
			name = "m.json"
		}
		lim := source.Limits{MaxBytes: 1 << 16, MaxDepth: 40, MaxNodes: 20_000}
		r := lint.Bytes(name, data, lint.Options{Limits: lim})
		for _, d := range r.Diags {
			if d.Line < 1 || d.Col < 1 || d.Rule == "" || d.Message == "" {
				t.Errorf("unlocated or empty finding: %+v", d)
			}
			if d.Rule == "internal" || strings.Contains(d.Message, "json: ") {
				t.Errorf("internal finding: %+v", d)
			}
		}
		for _, format := range validate.Formats {
			var out bytes.Buffer
			if err := validate.Write(&out, format, r.Diags, validate.Options{Version: "fuzz"}); err != nil {
				t.Fatalf("%s: %v", format, err)
			}
			if (format == validate.JSON || format == validate.SARIF) && !json.Valid(out.Bytes()) {
				t.Errorf("%s output is not JSON:\n%s", format, out.String())
			}
		}
		if r.Scene == nil {
			return
		}
		g, _ := rules.Lookup(r.Mission.Ruleset).(rules.BoardGame)
		draw := func() []byte {
			var b bytes.Buffer
			o := render.Options{Page: "fit"}
			for _, spec := range []string{"movement", "xenos", "threat", "mold"} {
				if ov, err := render.ParseOverlay(spec, r.Scene.Board, g); err == nil {
					o.Overlays = append(o.Overlays, ov)
				}
			}
			if err := render.SVG(&b, r.Scene, g, o); err != nil {
				t.Fatalf("drawing a board that was built: %v", err)
			}
			return b.Bytes()
		}
		if a, b := draw(), draw(); !bytes.Equal(a, b) {
			t.Errorf("the same mission drew two different maps")
		}
	})
}
