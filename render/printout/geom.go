package printout

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// matrix is an affine transform [a c e; b d f] as in SVG.
type matrix struct{ a, b, c, d, e, f float64 }

var identity = matrix{a: 1, d: 1}

// mul returns m·n: n applied first, then m.
func (m matrix) mul(n matrix) matrix {
	return matrix{
		a: m.a*n.a + m.c*n.b, b: m.b*n.a + m.d*n.b,
		c: m.a*n.c + m.c*n.d, d: m.b*n.c + m.d*n.d,
		e: m.a*n.e + m.c*n.f + m.e, f: m.b*n.e + m.d*n.f + m.f,
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m.a*x + m.c*y + m.e, m.b*x + m.d*y + m.f
}

// scale is the factor lengths grow by (the mean for a non-uniform scale).
func (m matrix) scale() float64 { return math.Sqrt(math.Abs(m.a*m.d - m.b*m.c)) }

func (m matrix) invert() matrix {
	det := m.a*m.d - m.b*m.c
	if det == 0 {
		return identity
	}
	return matrix{
		a: m.d / det, b: -m.b / det, c: -m.c / det, d: m.a / det,
		e: (m.c*m.f - m.d*m.e) / det, f: (m.b*m.e - m.a*m.f) / det,
	}
}

// parseTransform reads the transform list render writes: translate, scale,
// rotate and matrix.
func parseTransform(s string) (matrix, error) {
	m := identity
	s = strings.TrimSpace(s)
	for s != "" {
		open := strings.IndexByte(s, '(')
		end := strings.IndexByte(s, ')')
		if open < 0 || end < open {
			return m, fmt.Errorf("bad transform %q", s)
		}
		name := strings.TrimSpace(strings.TrimLeft(s[:open], ", "))
		args, err := numbers(s[open+1 : end])
		if err != nil {
			return m, err
		}
		var t matrix
		switch {
		case name == "translate" && (len(args) == 1 || len(args) == 2):
			args = append(args, 0)
			t = matrix{a: 1, d: 1, e: args[0], f: args[1]}
		case name == "scale" && (len(args) == 1 || len(args) == 2):
			if len(args) == 1 {
				args = append(args, args[0])
			}
			t = matrix{a: args[0], d: args[1]}
		case name == "rotate" && (len(args) == 1 || len(args) == 3):
			r := args[0] * math.Pi / 180
			t = matrix{a: math.Cos(r), b: math.Sin(r), c: -math.Sin(r), d: math.Cos(r)}
			if len(args) == 3 {
				t = matrix{a: 1, d: 1, e: args[1], f: args[2]}.mul(t).mul(matrix{a: 1, d: 1, e: -args[1], f: -args[2]})
			}
		case name == "matrix" && len(args) == 6:
			t = matrix{args[0], args[1], args[2], args[3], args[4], args[5]}
		default:
			return m, fmt.Errorf("unsupported transform %s(%s)", name, s[open+1:end])
		}
		m = m.mul(t)
		s = strings.TrimSpace(s[end+1:])
	}
	return m, nil
}

// numbers splits a list of numbers separated by spaces or commas.
func numbers(s string) ([]float64, error) {
	var out []float64
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\n' || r == '\t' }) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil, fmt.Errorf("bad number %q", f)
		}
		out = append(out, v)
	}
	return out, nil
}

// segment kinds of a path.
const (
	segMove = iota
	segLine
	segCubic
	segClose
)

// seg is one path segment; pts holds 1 point (move, line) or 3 (cubic).
type seg struct {
	kind int
	pts  [3][2]float64
}

// shape is a path in absolute page coordinates (mm).
type shape []seg

func (p shape) transform(m matrix) shape {
	out := make(shape, len(p))
	for i, s := range p {
		out[i] = s
		for j := range s.pts {
			out[i].pts[j][0], out[i].pts[j][1] = m.apply(s.pts[j][0], s.pts[j][1])
		}
	}
	return out
}

// bounds is the box of the path's points (control points included).
func (p shape) bounds() (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range p {
		n := 1
		if s.kind == segCubic {
			n = 3
		}
		if s.kind == segClose {
			n = 0
		}
		for _, pt := range s.pts[:n] {
			x0, y0 = math.Min(x0, pt[0]), math.Min(y0, pt[1])
			x1, y1 = math.Max(x1, pt[0]), math.Max(y1, pt[1])
		}
	}
	return
}

// rectShape is a rectangle, with rounded corners when rx > 0.
func rectShape(x, y, w, h, rx, ry float64) shape {
	if rx <= 0 && ry <= 0 {
		return shape{
			{kind: segMove, pts: [3][2]float64{{x, y}}},
			{kind: segLine, pts: [3][2]float64{{x + w, y}}},
			{kind: segLine, pts: [3][2]float64{{x + w, y + h}}},
			{kind: segLine, pts: [3][2]float64{{x, y + h}}},
			{kind: segClose},
		}
	}
	if rx <= 0 {
		rx = ry
	}
	if ry <= 0 {
		ry = rx
	}
	rx, ry = math.Min(rx, w/2), math.Min(ry, h/2)
	var b pathBuilder
	b.move(x+rx, y)
	b.line(x+w-rx, y)
	b.arc(rx, ry, 0, false, true, x+w, y+ry)
	b.line(x+w, y+h-ry)
	b.arc(rx, ry, 0, false, true, x+w-rx, y+h)
	b.line(x+rx, y+h)
	b.arc(rx, ry, 0, false, true, x, y+h-ry)
	b.line(x, y+ry)
	b.arc(rx, ry, 0, false, true, x+rx, y)
	b.close()
	return b.p
}

// circleShape is a circle of radius r around (cx, cy).
func circleShape(cx, cy, r float64) shape {
	var b pathBuilder
	b.move(cx+r, cy)
	b.arc(r, r, 0, false, true, cx-r, cy)
	b.arc(r, r, 0, false, true, cx+r, cy)
	b.close()
	return b.p
}

type pathBuilder struct {
	p            shape
	x, y         float64 // current point
	sx, sy       float64 // start of the subpath
	lcx, lcy     float64 // last control point, for S and T
	lastC, lastQ bool
}

func (b *pathBuilder) move(x, y float64) {
	b.p = append(b.p, seg{kind: segMove, pts: [3][2]float64{{x, y}}})
	b.x, b.y, b.sx, b.sy = x, y, x, y
}

func (b *pathBuilder) line(x, y float64) {
	b.p = append(b.p, seg{kind: segLine, pts: [3][2]float64{{x, y}}})
	b.x, b.y = x, y
}

func (b *pathBuilder) cubic(x1, y1, x2, y2, x, y float64) {
	b.p = append(b.p, seg{kind: segCubic, pts: [3][2]float64{{x1, y1}, {x2, y2}, {x, y}}})
	b.x, b.y = x, y
}

func (b *pathBuilder) quad(qx, qy, x, y float64) {
	b.cubic(b.x+2.0/3*(qx-b.x), b.y+2.0/3*(qy-b.y), x+2.0/3*(qx-x), y+2.0/3*(qy-y), x, y)
}

func (b *pathBuilder) close() {
	b.p = append(b.p, seg{kind: segClose})
	b.x, b.y = b.sx, b.sy
}

// arc adds an elliptical arc to (x, y) as cubic Béziers (SVG's endpoint
// parameterisation, section F.6 of SVG 1.1).
func (b *pathBuilder) arc(rx, ry, phi float64, large, sweep bool, x, y float64) {
	x1, y1 := b.x, b.y
	if x1 == x && y1 == y {
		return
	}
	rx, ry = math.Abs(rx), math.Abs(ry)
	if rx == 0 || ry == 0 {
		b.line(x, y)
		return
	}
	sin, cos := math.Sincos(phi * math.Pi / 180)
	dx, dy := (x1-x)/2, (y1-y)/2
	x1p, y1p := cos*dx+sin*dy, -sin*dx+cos*dy
	if l := x1p*x1p/(rx*rx) + y1p*y1p/(ry*ry); l > 1 {
		rx, ry = rx*math.Sqrt(l), ry*math.Sqrt(l)
	}
	num := rx*rx*ry*ry - rx*rx*y1p*y1p - ry*ry*x1p*x1p
	den := rx*rx*y1p*y1p + ry*ry*x1p*x1p
	co := 0.0
	if den > 0 && num > 0 {
		co = math.Sqrt(num / den)
	}
	if large == sweep {
		co = -co
	}
	cxp, cyp := co*rx*y1p/ry, -co*ry*x1p/rx
	cx, cy := cos*cxp-sin*cyp+(x1+x)/2, sin*cxp+cos*cyp+(y1+y)/2
	angle := func(ux, uy, vx, vy float64) float64 {
		return math.Atan2(ux*vy-uy*vx, ux*vx+uy*vy)
	}
	t1 := angle(1, 0, (x1p-cxp)/rx, (y1p-cyp)/ry)
	dt := angle((x1p-cxp)/rx, (y1p-cyp)/ry, (-x1p-cxp)/rx, (-y1p-cyp)/ry)
	if !sweep && dt > 0 {
		dt -= 2 * math.Pi
	} else if sweep && dt < 0 {
		dt += 2 * math.Pi
	}
	n := int(math.Ceil(math.Abs(dt) / (math.Pi / 2)))
	step := dt / float64(n)
	k := 4.0 / 3 * math.Tan(step/4)
	pt := func(t float64) (float64, float64, float64, float64) {
		st, ct := math.Sincos(t)
		px, py := rx*ct, ry*st
		tx, ty := -rx*st, ry*ct
		return cos*px - sin*py + cx, sin*px + cos*py + cy, cos*tx - sin*ty, sin*tx + cos*ty
	}
	for i := 0; i < n; i++ {
		a0, a1 := t1+float64(i)*step, t1+float64(i+1)*step
		p0x, p0y, d0x, d0y := pt(a0)
		p1x, p1y, d1x, d1y := pt(a1)
		if i == n-1 {
			p1x, p1y = x, y
		}
		b.cubic(p0x+k*d0x, p0y+k*d0y, p1x-k*d1x, p1y-k*d1y, p1x, p1y)
	}
}

// parsePath reads SVG path data: every command of SVG 1.1, absolute and
// relative.
func parsePath(d string) (shape, error) {
	var b pathBuilder
	toks, err := pathTokens(d)
	if err != nil {
		return nil, err
	}
	i := 0
	var cmd byte
	nums := func(n int) ([]float64, error) {
		if i+n > len(toks) {
			return nil, fmt.Errorf("path data %q: command %c needs %d numbers", clip(d), cmd, n)
		}
		out := make([]float64, n)
		for j := range out {
			if toks[i+j].cmd != 0 {
				return nil, fmt.Errorf("path data %q: command %c needs %d numbers", clip(d), cmd, n)
			}
			out[j] = toks[i+j].v
		}
		i += n
		return out, nil
	}
	for i < len(toks) {
		if toks[i].cmd != 0 {
			cmd = toks[i].cmd
			i++
		} else if cmd == 0 {
			return nil, fmt.Errorf("path data %q does not start with a command", clip(d))
		}
		rel := cmd >= 'a'
		ox, oy := 0.0, 0.0
		if rel {
			ox, oy = b.x, b.y
		}
		wasC, wasQ := false, false
		switch cmd | 0x20 {
		case 'm':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			b.move(ox+v[0], oy+v[1])
			if rel {
				cmd = 'l'
			} else {
				cmd = 'L'
			}
		case 'l':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			b.line(ox+v[0], oy+v[1])
		case 'h':
			v, err := nums(1)
			if err != nil {
				return nil, err
			}
			b.line(ox+v[0], b.y)
		case 'v':
			v, err := nums(1)
			if err != nil {
				return nil, err
			}
			b.line(b.x, oy+v[0])
		case 'c':
			v, err := nums(6)
			if err != nil {
				return nil, err
			}
			b.cubic(ox+v[0], oy+v[1], ox+v[2], oy+v[3], ox+v[4], oy+v[5])
			b.lcx, b.lcy, wasC = ox+v[2], oy+v[3], true
		case 's':
			v, err := nums(4)
			if err != nil {
				return nil, err
			}
			c1x, c1y := b.x, b.y
			if b.lastC {
				c1x, c1y = 2*b.x-b.lcx, 2*b.y-b.lcy
			}
			b.cubic(c1x, c1y, ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			b.lcx, b.lcy, wasC = ox+v[0], oy+v[1], true
		case 'q':
			v, err := nums(4)
			if err != nil {
				return nil, err
			}
			b.quad(ox+v[0], oy+v[1], ox+v[2], oy+v[3])
			b.lcx, b.lcy, wasQ = ox+v[0], oy+v[1], true
		case 't':
			v, err := nums(2)
			if err != nil {
				return nil, err
			}
			qx, qy := b.x, b.y
			if b.lastQ {
				qx, qy = 2*b.x-b.lcx, 2*b.y-b.lcy
			}
			b.quad(qx, qy, ox+v[0], oy+v[1])
			b.lcx, b.lcy, wasQ = qx, qy, true
		case 'a':
			v, err := nums(7)
			if err != nil {
				return nil, err
			}
			b.arc(v[0], v[1], v[2], v[3] != 0, v[4] != 0, ox+v[5], oy+v[6])
		case 'z':
			b.close()
			if i < len(toks) && toks[i].cmd == 0 {
				return nil, fmt.Errorf("path data %q: a number after Z", clip(d))
			}
		default:
			return nil, fmt.Errorf("path data %q: unknown command %c", clip(d), cmd)
		}
		b.lastC, b.lastQ = wasC, wasQ
	}
	return b.p, nil
}

type pathTok struct {
	cmd byte
	v   float64
}

// pathTokens splits path data into commands and numbers ("M-10-26" is M,
// -10, -26; "1.5.5" is 1.5, .5).
func pathTokens(d string) ([]pathTok, error) {
	var out []pathTok
	for i := 0; i < len(d); {
		c := d[i]
		switch {
		case c == ' ' || c == ',' || c == '\n' || c == '\t' || c == '\r':
			i++
		case strings.IndexByte("MmLlHhVvCcSsQqTtAaZz", c) >= 0:
			out = append(out, pathTok{cmd: c})
			i++
		default:
			j := i
			if d[j] == '-' || d[j] == '+' {
				j++
			}
			dot := false
			for j < len(d) && (d[j] >= '0' && d[j] <= '9' || d[j] == '.' && !dot) {
				if d[j] == '.' {
					dot = true
				}
				j++
			}
			if j < len(d) && (d[j] == 'e' || d[j] == 'E') {
				j++
				if j < len(d) && (d[j] == '-' || d[j] == '+') {
					j++
				}
				for j < len(d) && d[j] >= '0' && d[j] <= '9' {
					j++
				}
			}
			v, err := strconv.ParseFloat(d[i:j], 64)
			if err != nil || j == i {
				return nil, fmt.Errorf("path data %q: bad number at %q", clip(d), clip(d[i:]))
			}
			out = append(out, pathTok{v: v})
			i = j
		}
	}
	return out, nil
}

func clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
