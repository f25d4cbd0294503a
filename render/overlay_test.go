package render

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/zmission/zmission/rules"
)

func TestParseOverlay(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	b := s.Board
	for _, c := range []struct {
		spec string
		want Overlay
	}{
		{"movement", Overlay{Kind: OverlayMovement}},
		{" Threat ", Overlay{Kind: OverlayThreat}},
		{"xenos", Overlay{Kind: OverlayXenos}},
		{"mold", Overlay{Kind: OverlayMold}},
		{"danger", Overlay{Kind: OverlayDanger}},
		{"sight=1A/w", Overlay{Kind: OverlaySight, Zone: b.Zone("1A/w").Index}},
		{"sight=0,1", Overlay{Kind: OverlaySight, Zone: b.Zone("1A/w").Index}},
		{"sight= 3, 4 ", Overlay{Kind: OverlaySight, Zone: b.ZoneAt(3, 4).Index}},
	} {
		got, err := ParseOverlay(c.spec, b, g)
		if err != nil || got != c.want {
			t.Errorf("ParseOverlay(%q) = %+v, %v; want %+v", c.spec, got, err, c.want)
		}
	}
	for _, c := range []struct {
		spec string
		game rules.BoardGame
		want string
	}{
		{"", g, "empty overlay; use sight=ZONE, movement, xenos, threat, mold or danger"},
		{"danger=4", g, "overlay danger takes no value"},
		{"heat", g, `unknown overlay "heat"`},
		{"sight", g, "overlay sight needs a zone"},
		{"sight=", g, "overlay sight needs a zone"},
		{"sight=1A/zz", g, `overlay sight=1A/zz: face 1A has no zone "zz"`},
		{"sight=99,0", g, "overlay sight=99,0:"},
		{"threat=2", g, "overlay threat takes no value"},
		{"movement", nil, "overlay movement: this ruleset has no zone graphs to draw"},
		{"xenos", boardOnly{g}, "overlay xenos: the zombicide-invader ruleset cannot say how its enemies come"},
	} {
		_, err := ParseOverlay(c.spec, b, c.game)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseOverlay(%q) error = %v, want %q", c.spec, err, c.want)
		}
	}
}

// boardOnly hides a game's enemy paths.
type boardOnly struct{ rules.BoardGame }

func TestOverlaysDrawTheirElements(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	count := func(data []byte, re string) int { return len(regexp.MustCompile(re).FindAll(data, -1)) }
	start := s.Of("start")[0].Zone
	seen := g.LOS(s, start.Index, rules.SightOptions{})
	paths := g.(rules.PathGame).Paths(s)
	moves := g.Movement(s)
	for _, c := range []struct {
		spec  string
		check func(t *testing.T, data []byte)
	}{
		{"sight=" + start.ID, func(t *testing.T, data []byte) {
			if n := count(data, `data-range="`); n != len(seen) {
				t.Errorf("%d zones shaded, want %d", n, len(seen))
			}
			if count(data, `overlay-sight-viewer`) != 1 {
				t.Error("the viewer's zone is not outlined")
			}
			if !bytes.Contains(data, []byte("Line of sight from "+start.ID)) {
				t.Error("no sight legend")
			}
			if n := count(data, `class="zone-note">(viewer|range \d+)<`); n != len(seen) {
				t.Errorf("%d zone labels say their range, want %d", n, len(seen))
			}
		}},
		{"movement", func(t *testing.T, data []byte) {
			if n := count(data, `data-via="`); n != len(moves) {
				t.Errorf("%d steps drawn, want %d", n, len(moves))
			}
			if n := count(data, `class="node"`); n != len(s.Board.Zones) {
				t.Errorf("%d node dots, want one per zone (%d)", n, len(s.Board.Zones))
			}
		}},
		{"xenos", func(t *testing.T, data []byte) {
			g := regexp.MustCompile(`(?s)<g class="overlay overlay-xenos".*?</g>`).Find(data)
			drawn := 0
			for _, p := range paths.EnemyPaths {
				if len(p) > 0 {
					drawn++
				}
			}
			if drawn == 0 {
				t.Fatal("the example has no Xeno paths to draw")
			}
			if n := count(g, `<circle`); n != drawn {
				t.Errorf("%d numbered paths, want %d", n, drawn)
			}
		}},
		{"threat", func(t *testing.T, data []byte) {
			want := 0
			for _, d := range paths.Threat {
				if d >= 0 {
					want++
				}
			}
			if n := count(data, `data-threat="`); n != want {
				t.Errorf("%d zones tinted, want %d", n, want)
			}
			if !bytes.Contains(data, []byte(`data-threat="0"`)) {
				t.Error("no zone at threat 0: the Spawn Zones are missing")
			}
		}},
		{"mold", func(t *testing.T, data []byte) {
			if n := count(data, `fill="url\(#p-mold\)"`); n < len(paths.MoldChain) {
				t.Errorf("%d zones hatched, want %d", n, len(paths.MoldChain))
			}
			if !bytes.Contains(data, []byte("more Active Mold zone")) && !bytes.Contains(data, []byte("No chain of Mold")) {
				t.Error("no Mold note")
			}
		}},
	} {
		t.Run(c.spec, func(t *testing.T) {
			o, err := ParseOverlay(c.spec, s.Board, g)
			if err != nil {
				t.Fatal(err)
			}
			data := renderSVG(t, s, g, Options{Overlays: []Overlay{o}})
			checkSVG(t, data)
			c.check(t, data)
			// Overlays lie between the fills and the tokens and labels.
			ov := bytes.Index(data, []byte(`class="overlay`))
			fills := bytes.Index(data, []byte(`class="fills"`))
			tokens := bytes.Index(data, []byte(`class="tokens"`))
			labels := bytes.Index(data, []byte(`class="labels"`))
			if !(fills < ov && ov < tokens && tokens < labels) {
				t.Errorf("layer order: fills %d, overlay %d, tokens %d, labels %d", fills, ov, tokens, labels)
			}
		})
	}
}

func TestMoldNoteCountsActiveMold(t *testing.T) {
	s, g := missionScene(t, filepath.Join(examplesDir, "invader", "first-contact.yaml"))
	chain := g.(rules.PathGame).Paths(s).MoldChain
	if len(chain) < 2 {
		t.Skip("the example has no Mold chain")
	}
	// Put Active Mold on the first zone of the chain: one fewer is needed.
	sc := *s
	z := s.Board.Zones[chain[0]]
	sc.Tokens = append(append([]*rules.Token{}, s.Tokens...), &rules.Token{Index: 999, Cell: z.Cells[0], Zone: z})
	sc.Tokens[len(sc.Tokens)-1].Type, sc.Tokens[len(sc.Tokens)-1].State = "mold", "active"
	a := newArt(sc.Board, style{}, &sc, nil, false)
	oa := a.moldOverlay(&sc, chain)
	var w svgw
	oa.legend(100, 1).draw(&w, 0, 0)
	want := itoa(len(chain)-1) + " more Active Mold zone"
	if !strings.Contains(w.String(), want) {
		t.Errorf("note lacks %q: %s", want, w.String())
	}
}
