package layout

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strconv"
	"testing"
)

// oldMakeZones is makeZones as it was first written: a Zone, its cells and
// its features allocated one by one, appended as found. The counted version
// must make the same zones, in the same order, with the same ids.
func oldMakeZones(p *placer) {
	b := p.b
	zoneOf := make([]int32, len(b.Cells))
	var lastSpec []*ZoneSpec
	for i := range b.Cells {
		c := &b.Cells[i]
		if c.Tile < 0 {
			continue
		}
		r := p.find(i)
		z := int(zoneOf[r]) - 1
		if z < 0 {
			z = len(b.Zones)
			zoneOf[r] = int32(z + 1)
			t := b.Tiles[c.Tile]
			b.Zones = append(b.Zones, &Zone{Index: z, Kind: p.spec[i].Kind, Face: t.Face, Label: c.Label, Tile: c.Tile})
			lastSpec = append(lastSpec, nil)
		}
		c.Zone = z
		zone := b.Zones[z]
		zone.Cells = append(zone.Cells, Point{i % b.W, i / b.W})
		if s := p.spec[i]; s != lastSpec[z] {
			lastSpec[z] = s
			zone.Features = append(zone.Features, s.Features...)
		}
	}
	next := map[string]int{}
	b.byID = make(map[string]*Zone, len(b.Zones))
	for _, z := range b.Zones {
		slices.Sort(z.Features)
		z.Features = slices.Compact(z.Features)
		base := z.Face + "/" + z.Label
		id := base
		if b.byID[id] != nil {
			k := max(next[base], 2)
			for id = base + "~" + strconv.Itoa(k); b.byID[id] != nil; id = base + "~" + strconv.Itoa(k) {
				k++
			}
			next[base] = k + 1
		}
		z.ID = id
		b.byID[id] = z
	}
}

// TestZonesMatchFirstVersion builds random boards (faces placed once or
// many times, with features) both ways and compares every zone and cell.
func TestZonesMatchFirstVersion(t *testing.T) {
	features := []string{"dark", "oxygen", "security", "airlock"}
	for seed := range uint64(600) {
		r := rand.New(rand.NewPCG(seed, 13))
		set, tiles := randomBoard(r)
		for _, f := range set.Faces {
			for _, z := range f.Zones {
				for range r.IntN(3) {
					z.Features = append(z.Features, features[r.IntN(len(features))])
				}
			}
		}
		got, _ := Build(set, tiles)
		p := &placer{set: set, in: tiles}
		p.b = &Board{Set: set, N: set.Size, byID: map[string]*Zone{}, first: map[faceLabel]int{}}
		p.indexFaces()
		p.placeAll()
		p.checkGroups()
		p.fill()
		p.resolveEdges()
		oldMakeZones(p)
		want := p.b
		name := fmt.Sprintf("seed %d: %+v", seed, tiles)
		if len(got.Zones) != len(want.Zones) || !reflect.DeepEqual(got.Cells, want.Cells) {
			t.Fatalf("%s: %d zones, want %d, or cells differ", name, len(got.Zones), len(want.Zones))
		}
		for i := range got.Zones {
			if !reflect.DeepEqual(*got.Zones[i], *want.Zones[i]) {
				t.Fatalf("%s: zone %d\n%+v\nwant\n%+v", name, i, *got.Zones[i], *want.Zones[i])
			}
		}
		if !reflect.DeepEqual(got.byID, want.byID) {
			t.Fatalf("%s: ids differ", name)
		}
	}
}
