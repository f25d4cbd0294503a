package layout

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// TestBuildCacheSameBoard: through a BuildCache, a run of random boards,
// each often the one before again or with one tile changed (turned,
// moved, another face), gives the board Build gives, with its problems;
// the same tiles give the very board built before, and other tiles or
// another tile set (even an equal one) never do.
func TestBuildCacheSameBoard(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 3))
	var c BuildCache
	set, tiles := randomBoard(r)
	var last *Board
	var lastSet *TileSet
	var lastTiles []Placement
	hits := 0
	for i := range 600 {
		switch k := r.IntN(6); {
		case k == 0:
			set, tiles = randomBoard(r)
		case k == 1:
			// An equal set read again: another set.
			copied := *set
			set = &copied
		case k == 2:
			tiles = append([]Placement(nil), tiles...)
			j := r.IntN(len(tiles))
			switch r.IntN(3) {
			case 0:
				tiles[j].Rot = (tiles[j].Rot + 90) % 360
			case 1:
				tiles[j].Col = r.IntN(4)
			default:
				tiles[j].Face = set.Faces[r.IntN(len(set.Faces))].ID
			}
		}
		got, gotProbs := c.Build(set, tiles)
		want, wantProbs := Build(set, tiles)
		same := set == lastSet && reflect.DeepEqual(tiles, lastTiles)
		if same != (got == last) {
			t.Fatalf("step %d: same tiles and set %v, but the cache gave the board before %v", i, same, got == last)
		}
		if same {
			hits++
		}
		if !reflect.DeepEqual(boardView(got), boardView(want)) || !reflect.DeepEqual(gotProbs, wantProbs) {
			t.Fatalf("step %d: the cached board or its problems differ from Build's for %+v", i, tiles)
		}
		last, lastSet, lastTiles = got, set, append([]Placement(nil), tiles...)
	}
	if hits == 0 {
		t.Fatal("the cache never gave a board again")
	}
	var none *BuildCache
	if b, _ := none.Build(set, tiles); b == nil {
		t.Fatal("a nil cache built nothing")
	}
}

// boardView is what a board holds, for comparison.
func boardView(b *Board) any {
	if b == nil {
		return nil
	}
	var edges [][4]EdgeKind
	for y := range b.H {
		for x := range b.W {
			edges = append(edges, [4]EdgeKind{b.Edge(x, y, N), b.Edge(x, y, E), b.Edge(x, y, S), b.Edge(x, y, W)})
		}
	}
	return []any{b.Set, b.N, b.W, b.H, b.Tiles, b.Cells, b.Zones, edges, b.Adjacent()}
}
