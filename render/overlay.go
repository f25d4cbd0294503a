package render

import (
	"fmt"
	"math"
	"strings"

	"github.com/zmission/zmission/layout"
	"github.com/zmission/zmission/rules"
)

// Overlay kinds.
const (
	OverlaySight    = "sight"
	OverlayMovement = "movement"
	OverlayXenos    = "xenos"
	OverlayThreat   = "threat"
	OverlayMold     = "mold"
	// OverlayDanger tints zones by how many Survivors a playtest saw
	// eliminated there (Overlay.Danger). ParseOverlay reads "danger" with
	// no counts: the caller plays the playtest and fills them in.
	OverlayDanger = "danger"
)

// Overlay is one layer of game data drawn over the board.
type Overlay struct {
	Kind   string  // one of the Overlay* kinds
	Zone   int     // sight: the viewer's zone (index in Board.Zones)
	Danger *Danger // danger: what the playtest counted
}

// Danger is what a playtest saw of where Survivors fall.
type Danger struct {
	Counts []int  // per zone (index in Board.Zones): Survivors eliminated there
	Games  int    // the games the counts are over
	Agent  string // who played the Survivors ("" when not said)
	Seed   uint64 // the playtest's seed (with Agent)
	// Survivors are the Survivor counts played, smallest first (none when
	// not said): an author reads a count over 6 Survivors otherwise than
	// over 2.
	Survivors []int
}

const overlayUsage = "use sight=ZONE, movement, xenos, threat, mold or danger"

// ParseOverlay reads an --overlay value: "sight=ZONE" (a zone id or a cell
// x,y), "movement", "xenos", "threat", "mold" or "danger" (whose counts
// the caller fills in from a playtest). It checks the value
// against the board and that the game can provide the data; every error
// says what to write instead.
func ParseOverlay(spec string, b *layout.Board, g rules.BoardGame) (Overlay, error) {
	kind, value, hasValue := strings.Cut(strings.TrimSpace(spec), "=")
	kind = strings.ToLower(strings.TrimSpace(kind))
	var o Overlay
	switch kind {
	case OverlaySight:
		if !hasValue || strings.TrimSpace(value) == "" {
			return o, fmt.Errorf("overlay sight needs a zone: sight=1A/c or sight=3,4")
		}
		if b == nil {
			return o, fmt.Errorf("overlay sight=%s: there is no board", value)
		}
		z, err := b.Ref(value)
		if err != nil {
			return o, fmt.Errorf("overlay sight=%s: %w", value, err)
		}
		o = Overlay{Kind: kind, Zone: z.Index}
	case OverlayMovement, OverlayXenos, OverlayThreat, OverlayMold, OverlayDanger:
		if hasValue {
			return o, fmt.Errorf("overlay %s takes no value (got %q); %s", kind, spec, overlayUsage)
		}
		o = Overlay{Kind: kind}
	case "":
		return o, fmt.Errorf("empty overlay; %s", overlayUsage)
	default:
		return o, fmt.Errorf("unknown overlay %q; %s", kind, overlayUsage)
	}
	if g == nil {
		return o, fmt.Errorf("overlay %s: this ruleset has no zone graphs to draw", kind)
	}
	if o.Kind == OverlayXenos || o.Kind == OverlayThreat || o.Kind == OverlayMold {
		if _, ok := g.(rules.PathGame); !ok {
			return o, fmt.Errorf("overlay %s: the %s ruleset cannot say how its enemies come", kind, g.Ruleset())
		}
	}
	return o, nil
}

// overlayArt is an overlay ready to draw: shading goes right above the
// zone fills, lines above the walls and doors; both below tokens and
// labels. legend holds its panel.
type overlayArt struct {
	shade  func(w *svgw)
	lines  func(w *svgw)
	legend sectionFn
}

// overlayData is what the game says, computed once for all overlays.
type overlayData struct {
	scene *rules.Scene
	game  rules.BoardGame
	paths *rules.Paths
	moves []rules.Move
	sight rules.SightOptions
}

func (d *overlayData) movesOnce() []rules.Move {
	if d.moves == nil && d.game != nil {
		d.moves = d.game.Movement(d.scene)
		if d.moves == nil {
			d.moves = []rules.Move{}
		}
	}
	return d.moves
}

// overlay builds one overlay's drawing.
func (a *art) overlay(o Overlay, d *overlayData) (overlayArt, error) {
	if d.game == nil {
		return overlayArt{}, fmt.Errorf("overlay %s: this ruleset has no zone graphs to draw", o.Kind)
	}
	needPaths := o.Kind == OverlayXenos || o.Kind == OverlayThreat || o.Kind == OverlayMold
	if needPaths && d.paths == nil {
		return overlayArt{}, fmt.Errorf("overlay %s: the %s ruleset cannot say how its enemies come", o.Kind, d.game.Ruleset())
	}
	switch o.Kind {
	case OverlaySight:
		if o.Zone < 0 || o.Zone >= len(a.b.Zones) {
			return overlayArt{}, fmt.Errorf("overlay sight: no zone %d on this board", o.Zone)
		}
		return a.sightOverlay(o.Zone, d.game.LOS(d.scene, o.Zone, d.sight), d.sight), nil
	case OverlayMovement:
		return a.movementOverlay(d.movesOnce()), nil
	case OverlayXenos:
		return a.xenoOverlay(d.scene, d.paths, d.movesOnce()), nil
	case OverlayThreat:
		return a.threatOverlay(d.paths.Threat), nil
	case OverlayMold:
		return a.moldOverlay(d.scene, d.paths.MoldChain), nil
	case OverlayDanger:
		if o.Danger == nil {
			return overlayArt{}, fmt.Errorf("overlay danger: no playtest counts to draw")
		}
		return a.dangerOverlay(o.Danger), nil
	}
	return overlayArt{}, fmt.Errorf("unknown overlay %q; %s", o.Kind, overlayUsage)
}

// labelPoint is a zone's graph node: under its label when a graph is
// drawn, else the label's centre.
func (a *art) labelPoint(z int) (float64, float64) {
	l := a.labels[z]
	return l.nodeX, l.nodeY
}

// edgeMid is the middle of a cell side.
func edgeMid(e layout.CellEdge) (float64, float64) {
	return (float64(e.X) + 0.5 + 0.5*float64(layout.DX[e.Dir])) * cell, (float64(e.Y) + 0.5 + 0.5*float64(layout.DY[e.Dir])) * cell
}

func cellCentre(x, y int) (float64, float64) {
	return (float64(x) + 0.5) * cell, (float64(y) + 0.5) * cell
}

// route is the way a line takes from zone a's label through cell edge e
// (on a cell of zone a) to zone b's label: through the middles of the
// cells on the way inside each zone, so it does not cut through the walls
// of L-shaped zones.
func (a *art) route(za, zb int, e layout.CellEdge) [][2]float64 {
	ax, ay := a.labelPoint(za)
	bx, by := a.labelPoint(zb)
	mx, my := edgeMid(e)
	here := layout.Point{X: e.X, Y: e.Y}
	there := layout.Point{X: e.X + layout.DX[e.Dir], Y: e.Y + layout.DY[e.Dir]}
	pts := [][2]float64{{ax, ay}}
	pts = append(pts, a.walk(za, cellOf(ax, ay), here, true)...)
	pts = append(pts, [2]float64{mx, my})
	pts = append(pts, a.walk(zb, there, cellOf(bx, by), false)...)
	return append(pts, [2]float64{bx, by})
}

func cellOf(x, y float64) layout.Point {
	return layout.Point{X: int(math.Floor(x / cell)), Y: int(math.Floor(y / cell))}
}

// walk is the middles of the cells on a shortest way from cell p to cell
// q inside zone z: without p's when skipFirst, else without q's. Cells of
// one zone have no walls between them, so a line through these points
// stays inside the zone.
func (a *art) walk(z int, p, q layout.Point, skipFirst bool) [][2]float64 {
	b := a.b
	inZone := func(c layout.Point) bool {
		zz := b.ZoneAt(c.X, c.Y)
		return zz != nil && zz.Index == z
	}
	if p == q || !inZone(p) || !inZone(q) {
		if p == q || skipFirst {
			return nil
		}
		x, y := cellCentre(p.X, p.Y)
		return [][2]float64{{x, y}}
	}
	prev := map[layout.Point]layout.Point{p: p}
	queue := []layout.Point{p}
	for len(queue) > 0 && queue[0] != q {
		c := queue[0]
		queue = queue[1:]
		for d := layout.N; d <= layout.W; d++ {
			n := layout.Point{X: c.X + layout.DX[d], Y: c.Y + layout.DY[d]}
			if _, seen := prev[n]; seen || !inZone(n) {
				continue
			}
			prev[n] = c
			queue = append(queue, n)
		}
	}
	if _, ok := prev[q]; !ok {
		return nil
	}
	var cells []layout.Point
	for c := q; ; c = prev[c] {
		cells = append(cells, c)
		if c == p {
			break
		}
	}
	var out [][2]float64
	for i := len(cells) - 1; i >= 0; i-- {
		c := cells[i]
		if (skipFirst && c == p) || (!skipFirst && c == q) {
			continue
		}
		x, y := cellCentre(c.X, c.Y)
		out = append(out, [2]float64{x, y})
	}
	return out
}

func polyline(pts [][2]float64, dx, dy float64) string {
	var p path
	for i, q := range pts {
		if i == 0 {
			p.M(q[0]+dx, q[1]+dy)
		} else {
			p.L(q[0]+dx, q[1]+dy)
		}
	}
	return p.String()
}

// zoneOutline is the boundary of zone z as one path of cell sides.
func (a *art) zoneOutline(z *layout.Zone) string {
	var p path
	for _, c := range z.Cells {
		x, y := float64(c.X)*cell, float64(c.Y)*cell
		for d := layout.N; d <= layout.W; d++ {
			if a.b.ZoneAt(c.X+layout.DX[d], c.Y+layout.DY[d]) == z {
				continue
			}
			switch d {
			case layout.N:
				p.M(x, y)
				p.cmd('H', x+cell)
			case layout.S:
				p.M(x, y+cell)
				p.cmd('H', x+cell)
			case layout.W:
				p.M(x, y)
				p.cmd('V', y+cell)
			default:
				p.M(x+cell, y)
				p.cmd('V', y+cell)
			}
		}
	}
	return p.String()
}

// arrowHead is a filled triangle at (x, y) pointing from (fx, fy).
func arrowHead(fx, fy, x, y, size float64) string {
	dx, dy := x-fx, y-fy
	l := hypot(dx, dy)
	if l == 0 {
		return ""
	}
	dx, dy = dx/l, dy/l
	bx, by := x-dx*size, y-dy*size
	var p path
	p.M(x+dx*size*0.4, y+dy*size*0.4)
	p.L(bx-dy*size*0.6, by+dx*size*0.6)
	p.L(bx+dy*size*0.6, by-dx*size*0.6)
	p.WriteByte('Z')
	return p.String()
}
