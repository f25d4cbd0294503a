package layout

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// handFace builds a face by hand: grid rows with one label character per
// cell, and zone descriptions such as "a=corridor b=room:airlock,security".
// Sides get the usual defaults: walls around rooms and between different
// kinds, markings between open zones of one kind; on the tile border rooms
// are walled in and open kinds run on (EdgeNone). handEdge changes a side.
func handFace(id, other string, grid []string, zones string) *Face {
	f := &Face{ID: id, Other: other, Zones: map[string]*ZoneSpec{}}
	for _, z := range strings.Fields(zones) {
		label, desc, _ := strings.Cut(z, "=")
		kind, feats, _ := strings.Cut(desc, ":")
		s := &ZoneSpec{Kind: kind}
		if feats != "" {
			s.Features = strings.Split(feats, ",")
			slices.Sort(s.Features)
		}
		f.Zones[label] = s
	}
	n := len(grid)
	f.Grid = make([][]string, n)
	for y, row := range grid {
		for _, r := range row {
			f.Grid[y] = append(f.Grid[y], string(r))
		}
	}
	f.Sides = make([][][4]EdgeKind, n)
	for y := range n {
		f.Sides[y] = make([][4]EdgeKind, n)
		for x := range n {
			here := f.Zones[f.Grid[y][x]]
			for d := N; d <= W; d++ {
				nx, ny := x+DX[d], y+DY[d]
				switch {
				case nx < 0 || ny < 0 || nx >= n || ny >= n:
					if here.Kind == Room {
						f.Sides[y][x][d] = EdgeWall
					}
				case f.Grid[ny][nx] == f.Grid[y][x]:
				default:
					there := f.Zones[f.Grid[ny][nx]]
					if here.Kind == Room || there.Kind == Room || here.Kind != there.Kind {
						f.Sides[y][x][d] = EdgeWall
					} else {
						f.Sides[y][x][d] = EdgeMarking
					}
				}
			}
		}
	}
	return f
}

// handEdge sets side d of face cell (x, y) to k, and the facing side of the
// neighbouring cell when that is on the same face.
func handEdge(f *Face, x, y int, d Dir, k EdgeKind) *Face {
	f.Sides[y][x][d] = k
	nx, ny := x+DX[d], y+DY[d]
	if ny >= 0 && ny < len(f.Sides) && nx >= 0 && nx < len(f.Sides) {
		f.Sides[ny][nx][d.Opposite()] = k
	}
	return f
}

func handSet(n int, faces ...*Face) *TileSet {
	return &TileSet{Name: "hand", Size: n, Faces: faces, File: "test"}
}

// handBuild builds and fails the test on any problem.
func handBuild(t testing.TB, set *TileSet, tiles ...Placement) *Board {
	t.Helper()
	b, probs := Build(set, tiles)
	if len(probs) > 0 {
		t.Fatalf("unexpected problems: %s", handProbs(probs))
	}
	return b
}

func handProbs(probs []Problem) string {
	var s []string
	for _, p := range probs {
		s = append(s, fmt.Sprintf("%s@%d: %s", p.Code, p.Tile, p.Message))
	}
	return strings.Join(s, "\n")
}

func handCodes(probs []Problem) []string {
	var s []string
	for _, p := range probs {
		s = append(s, p.Code)
	}
	return s
}

// labels draws the board's cell labels, one row per line, "." for empty.
func handLabels(b *Board) string {
	var sb strings.Builder
	for y := 0; y < b.H; y++ {
		for x := 0; x < b.W; x++ {
			c := b.Cell(x, y)
			if c.Tile < 0 {
				sb.WriteString(".")
			} else {
				sb.WriteString(c.Label)
			}
		}
		sb.WriteString("\n")
	}
	return sb.String()
}

func handZoneIDs(b *Board) []string {
	var s []string
	for _, z := range b.Zones {
		s = append(s, z.ID)
	}
	return s
}
